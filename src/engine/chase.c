#include "chase.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "gf2.h"

struct chase {
	int rows, cols, words;
	gf2_mat *m;		/* M, one row per first-row unknown */
	int nullity;		/* -1 until computed */
	gf2_mat *kern;		/* first rows of the quiet patterns */
};

/* u <- T u + prev over `words` words of a cols-bit row: each bit gets its
 * left and right neighbours.  Only words lo..hi can be non-zero. */
static inline void step_row(uint64_t *u, uint64_t *prev, int lo, int hi, uint64_t top_mask, int last)
{
	uint64_t carry_in = 0;	/* bit 63 of the word below, shifted up */
	for (int w = lo; w <= hi; w++) {
		uint64_t x = u[w];
		uint64_t next = w + 1 <= last ? u[w + 1] : 0;
		uint64_t t = x ^ (x << 1) ^ carry_in ^ (x >> 1) ^ (next << 63);
		carry_in = x >> 63;
		if (w == last)
			t &= top_mask;
		prev[w] ^= t;
	}
}

typedef struct build_job {
	chase *c;
	int from, step;
} build_job;

/* Row m of M = p_R(T) e_m, by u_{r+1} = T u_r + u_{r-1}. */
static void *build_rows(void *arg)
{
	build_job *j = arg;
	chase *c = j->c;
	int words = c->words, last = words - 1, half = (c->cols + 1) / 2;
	uint64_t top = c->cols % 64 ? (1ULL << (c->cols % 64)) - 1 : ~0ULL;
	uint64_t *a = calloc((size_t)words, sizeof *a), *b = calloc((size_t)words, sizeof *b);
	if (!a || !b)
		goto out;
	for (int m = j->from; m < half; m += j->step) {
		memset(a, 0, (size_t)words * sizeof *a);
		memset(b, 0, (size_t)words * sizeof *b);
		/* a = u_0 = e_m (prev), b = u_1 = T e_m (current). */
		a[m / 64] = 1ULL << (m % 64);
		b[m / 64] = a[m / 64];
		if (m > 0)
			b[(m - 1) / 64] |= 1ULL << ((m - 1) % 64);
		if (m + 1 < c->cols)
			b[(m + 1) / 64] |= 1ULL << ((m + 1) % 64);
		uint64_t *prev = a, *cur = b;
		if (c->rows == 1) {
			cur = b;
		} else {
			for (int r = 1; r < c->rows; r++) {
				/* The support of u_r is within r cells of m. */
				int lo = (m - r - 1) / 64, hi = (m + r + 1) / 64;
				if (m - r - 1 < 0)
					lo = 0;
				if (hi > last)
					hi = last;
				step_row(cur, prev, lo, hi, top, last);
				uint64_t *t = prev;
				prev = cur;
				cur = t;
			}
		}
		uint64_t *row = gf2_row(c->m, m), *mirror = gf2_row(c->m, c->cols - 1 - m);
		memcpy(row, cur, (size_t)words * sizeof *row);
		/* M commutes with reversing a row: row cols-1-m is row m reversed. */
		if (mirror != row)
			for (int i = 0; i < c->cols; i++)
				if (cur[i / 64] >> (i % 64) & 1)
					mirror[(c->cols - 1 - i) / 64] |= 1ULL << ((c->cols - 1 - i) % 64);
	}
out:
	free(a);
	free(b);
	return NULL;
}

chase *chase_new(int rows, int cols)
{
	chase *c = calloc(1, sizeof *c);
	if (!c)
		return NULL;
	c->rows = rows;
	c->cols = cols;
	c->words = (cols + 63) / 64;
	c->nullity = -1;
	/* One spare column for the right-hand side when solving. */
	c->m = gf2_new(cols, cols + 1);
	if (!c->m) {
		free(c);
		return NULL;
	}
	build_job jobs[2] = { { c, 0, 2 }, { c, 1, 2 } };
	pthread_t t;
	bool two = pthread_create(&t, NULL, build_rows, &jobs[1]) == 0;
	if (!two)
		jobs[0].step = 1;
	build_rows(&jobs[0]);
	if (two)
		pthread_join(t, NULL);
	return c;
}

void chase_free(chase *c)
{
	if (c) {
		gf2_free(c->m);
		gf2_free(c->kern);
		free(c);
	}
}

/* Row by row: x_{r+1} = b_r + T x_r + x_{r-1}; returns the residue
 * x_R = b_{R-1} + T x_{R-1} + x_{R-2} in res (words).  x0 given in xr[0]. */
static void chase_rows(const chase *c, const uint8_t *b, uint8_t *x, const uint64_t *x0, uint64_t *res)
{
	int C = c->cols;
	uint8_t *prev = NULL, *cur = x;
	for (int j = 0; j < C; j++)
		cur[j] = (uint8_t)(x0[j / 64] >> (j % 64) & 1);
	for (int r = 0; r < c->rows; r++) {
		const uint8_t *br = b ? b + (size_t)r * C : NULL;
		bool last = r == c->rows - 1;
		uint8_t *next = last ? NULL : x + (size_t)(r + 1) * C;
		for (int j = 0; j < C; j++) {
			int v = cur[j] ^ (j > 0 ? cur[j - 1] : 0) ^ (j + 1 < C ? cur[j + 1] : 0) ^ (prev ? prev[j] : 0) ^
				(br ? br[j] & 1 : 0);
			if (last) {
				if (v)
					res[j / 64] |= 1ULL << (j % 64);
			} else
				next[j] = (uint8_t)v;
		}
		prev = cur;
		cur = next;
	}
}

/* Reduce [M | rhs]; returns rank and pivot columns.  M itself is kept. */
static int eliminate(const chase *c, const uint64_t *rhs, gf2_mat **out, int *pivcol)
{
	int C = c->cols;
	gf2_mat *a = gf2_new(C, C + 1);
	if (!a)
		return -1;
	memcpy(a->bits, c->m->bits, (size_t)C * (size_t)a->words * sizeof *a->bits);
	for (int i = 0; i < C; i++)
		gf2_set(a, i, C, rhs ? (int)(rhs[i / 64] >> (i % 64) & 1) : 0);
	int rank = gf2_rref(a, C, pivcol);
	*out = a;
	return rank;
}

/* Quiet patterns' first rows from a reduced [M | rhs]. */
static int take_kernel(chase *c, const gf2_mat *a, const int *piv, int rank)
{
	int C = c->cols;
	c->kern = gf2_new(C - rank ? C - rank : 1, C);
	bool *is_piv = calloc((size_t)C, sizeof *is_piv);
	if (!c->kern || !is_piv) {
		free(is_piv);
		return -1;
	}
	for (int i = 0; i < rank; i++)
		is_piv[piv[i]] = true;
	for (int f = 0, q = 0; f < C; f++)
		if (!is_piv[f]) {
			gf2_set(c->kern, q, f, 1);
			for (int i = 0; i < rank; i++)
				if (gf2_get(a, i, f))
					gf2_set(c->kern, q, piv[i], 1);
			q++;
		}
	free(is_piv);
	c->nullity = C - rank;
	return 0;
}

static int factor(chase *c)
{
	if (c->nullity >= 0)
		return 0;
	int *piv = malloc((size_t)c->cols * sizeof *piv);
	gf2_mat *a = NULL;
	int rank = piv ? eliminate(c, NULL, &a, piv) : -1;
	int rc = rank < 0 ? -1 : take_kernel(c, a, piv, rank);
	free(piv);
	gf2_free(a);
	return rc;
}

int chase_nullity(chase *c)
{
	return factor(c) < 0 ? -1 : c->nullity;
}

void chase_kernel(chase *c, int i, uint8_t *x)
{
	uint64_t *res = calloc((size_t)c->words, sizeof *res);
	if (res && factor(c) == 0)
		chase_rows(c, NULL, x, gf2_row(c->kern, i), res);
	free(res);
}

bool chase_solve(chase *c, const uint8_t *b, uint8_t *x, uint8_t *cert)
{
	int C = c->cols, words = c->words;
	uint64_t *zero = calloc((size_t)words, sizeof *zero), *res = calloc((size_t)words, sizeof *res);
	uint64_t *x0 = calloc((size_t)words, sizeof *x0);
	int *piv = malloc((size_t)C * sizeof *piv);
	gf2_mat *a = NULL;
	bool ok = false;
	if (!zero || !res || !x0 || !piv)
		goto out;
	/* With x0 = 0 the chase leaves c on the last row; then M x0 = c. */
	chase_rows(c, b, x, zero, res);
	int rank = eliminate(c, res, &a, piv);
	if (rank < 0 || (c->nullity < 0 && take_kernel(c, a, piv, rank) < 0))
		goto out;
	ok = true;
	for (int i = rank; i < C; i++)
		if (gf2_get(a, i, C))
			ok = false;
	if (ok) {
		for (int i = 0; i < rank; i++)
			if (gf2_get(a, i, C))
				x0[piv[i] / 64] |= 1ULL << (piv[i] % 64);
		memset(res, 0, (size_t)words * sizeof *res);
		chase_rows(c, b, x, x0, res);
	} else if (cert && factor(c) == 0) {
		/* A symmetric rule: some quiet pattern overlaps b oddly. */
		size_t n = (size_t)c->rows * C;
		for (int q = 0; q < c->nullity; q++) {
			chase_kernel(c, q, cert);
			int dot = 0;
			for (size_t i = 0; i < n; i++)
				dot ^= cert[i] & b[i];
			if (dot)
				break;
		}
	}
out:
	gf2_free(a);
	free(zero);
	free(res);
	free(x0);
	free(piv);
	return ok;
}
