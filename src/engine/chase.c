#include "engine/chase.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "engine/gf2.h"

#define CHASE_MAX_PRESSES 225	/* cells a mask can reach: RULE_MAX_OFFSETS */

struct chase {
	int rows, cols, words;	/* words: of the unknowns' bit vectors */
	bool torus;
	int h, e;		/* the mask's top row is the one cell (-h, e) */
	int urows, unknowns;	/* unknown press rows 0..urows-1 */
	/* Presses that change a cell, relative to it; det is the one in row +h. */
	int npress, det;
	int pdr[CHASE_MAX_PRESSES], pdc[CHASE_MAX_PRESSES];
	gf2_mat *m;		/* residual equations over the unknowns (+ 1 spare column) */
	int nullity;		/* -1 until computed */
	gf2_mat *kern;		/* unknowns of the quiet patterns */
};

bool chase_supports(const rule *r, int rows, int cols)
{
	int h = 0, top = 0, e = 0;
	if (r->lines || !rule_is_symmetric(r) || rows < 1 || cols < 1)
		return false;
	for (int i = 0; i < r->n; i++)
		h = -r->dr[i] > h ? -r->dr[i] : h;
	for (int i = 0; i < r->n; i++)
		if (r->dr[i] == -h) {
			top++;
			e = r->dc[i];
		}
	if (top != 1 || h == 0)
		return false;
	/* Rows must not wrap onto each other; without torus, the determined
	 * press must stay on the board. */
	return r->torus ? rows > 2 * h : e == 0 && rows > h;
}

static inline uint64_t *m_row(const chase *c, int i)
{
	return gf2_row(c->m, i);
}

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

/* The general sweep, on the words [w0, w1) of every unknowns' vector so
 * two threads can share it: the presses of row p+h as sums of unknowns,
 * from the cells of row p; then each residual cell's sum is a row of M. */
typedef struct sweep_job {
	chase *c;
	int w0, w1;
	bool failed;
} sweep_job;

static int wrap(int v, int n)
{
	v %= n;
	return v < 0 ? v + n : v;
}

/* Press q of those changing cell (p, col): false when it is off the board. */
static inline bool press_of(const chase *c, int p, int col, int q, int *r, int *cc)
{
	*r = p + c->pdr[q];
	*cc = col + c->pdc[q];
	if (c->torus) {
		*r = wrap(*r, c->rows);
		*cc = wrap(*cc, c->cols);
		return true;
	}
	return *r >= 0 && *r < c->rows && *cc >= 0 && *cc < c->cols;
}

/* Residual cell index -> its board row (torus: rows 0..h-1 then the last h). */
static int residual_row(const chase *c, int q)
{
	int h = c->h;
	if (!c->torus)
		return c->rows - h + q;
	return q < h ? q : c->rows - 2 * h + q;
}

static void *sweep(void *arg)
{
	sweep_job *j = arg;
	chase *c = j->c;
	int R = c->rows, C = c->cols, h = c->h, ring = 2 * h + 1, W = j->w1 - j->w0;
	uint64_t *rows = calloc((size_t)ring * C * (W ? W : 1), sizeof *rows);
	uint64_t *acc = malloc((size_t)(W ? W : 1) * sizeof *acc);
	if (!rows || !acc) {
		j->failed = true;
		goto out;
	}
	/* acc += the symbolic press (r, col): a unit vector for an unknown. */
#define ADD_PRESS(r, col)                                                                                 \
	do {                                                                                                  \
		if ((r) < c->urows) {                                                                             \
			int u_ = (r) * C + (col), w_ = u_ / 64 - j->w0;                                                \
			if (w_ >= 0 && w_ < W)                                                                        \
				acc[w_] ^= 1ULL << (u_ % 64);                                                              \
		} else {                                                                                          \
			const uint64_t *v_ = rows + ((size_t)((r) % ring) * C + (size_t)(col)) * W;                   \
			for (int t_ = 0; t_ < W; t_++)                                                                \
				acc[t_] ^= v_[t_];                                                                        \
		}                                                                                                 \
	} while (0)
	int p0 = c->torus ? h : 0;
	for (int p = p0; p < R - h; p++)
		for (int col = 0; col < C; col++) {
			memset(acc, 0, (size_t)W * sizeof *acc);
			int r, cc;
			for (int q = 0; q < c->npress; q++)
				if (q != c->det && press_of(c, p, col, q, &r, &cc))
					ADD_PRESS(r, cc);
			press_of(c, p, col, c->det, &r, &cc);
			memcpy(rows + ((size_t)(r % ring) * C + (size_t)cc) * W, acc, (size_t)W * sizeof *acc);
		}
	for (int q = 0; q < c->unknowns; q++) {
		int p = residual_row(c, q / C), col = q % C;
		memset(acc, 0, (size_t)W * sizeof *acc);
		int r, cc;
		for (int t = 0; t < c->npress; t++)
			if (press_of(c, p, col, t, &r, &cc))
				ADD_PRESS(r, cc);
#undef ADD_PRESS
		memcpy(m_row(c, q) + j->w0, acc, (size_t)W * sizeof *acc);
	}
out:
	free(rows);
	free(acc);
	return NULL;
}

chase *chase_new(int rows, int cols, const rule *r)
{
	if (!chase_supports(r, rows, cols))
		return NULL;
	chase *c = calloc(1, sizeof *c);
	if (!c)
		return NULL;
	c->rows = rows;
	c->cols = cols;
	c->torus = r->torus;
	c->nullity = -1;
	for (int i = 0; i < r->n; i++)
		c->h = -r->dr[i] > c->h ? -r->dr[i] : c->h;
	/* Presses changing cell (p, j) sit at (p - dr, j - dc), each once. */
	for (int i = 0; i < r->n; i++) {
		int dr = -r->dr[i], dc = -r->dc[i];
		bool dup = false;
		for (int q = 0; q < c->npress && !dup; q++)
			dup = c->pdr[q] == dr && (r->torus ? wrap(c->pdc[q] - dc, cols) == 0 : c->pdc[q] == dc);
		if (dup)
			continue;
		if (r->dr[i] == -c->h) {
			c->det = c->npress;
			c->e = r->dc[i];
		}
		c->pdr[c->npress] = dr;
		c->pdc[c->npress++] = dc;
	}
	c->urows = r->torus ? 2 * c->h : c->h;
	c->unknowns = c->urows * cols;
	c->words = (c->unknowns + 63) / 64;
	/* One spare column for the right-hand side when solving. */
	c->m = gf2_new(c->unknowns, c->unknowns + 1);
	if (!c->m) {
		free(c);
		return NULL;
	}
	pthread_t t;
	bool two;
	if (!r->torus && strcmp(r->name, "plus") == 0) {
		/* The classic rule: M = p_R(T), one short recurrence per row. */
		build_job jobs[2] = { { c, 0, 2 }, { c, 1, 2 } };
		two = pthread_create(&t, NULL, build_rows, &jobs[1]) == 0;
		if (!two)
			jobs[0].step = 1;
		build_rows(&jobs[0]);
		if (two)
			pthread_join(t, NULL);
		return c;
	}
	int half = c->words / 2;
	sweep_job jobs[2] = { { c, 0, half, false }, { c, half, c->words, false } };
	two = half > 0 && pthread_create(&t, NULL, sweep, &jobs[1]) == 0;
	if (!two)
		jobs[0].w1 = c->words;
	sweep(&jobs[0]);
	if (two)
		pthread_join(t, NULL);
	if (jobs[0].failed || (two && jobs[1].failed)) {
		chase_free(c);
		return NULL;
	}
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

/* The chase in numbers: unknown presses u, board b (NULL: clear) -> every
 * press in x, and what the residual cells still show in res (bits). */
static void chase_rows(const chase *c, const uint8_t *b, uint8_t *x, const uint64_t *u, uint64_t *res)
{
	int R = c->rows, C = c->cols, h = c->h;
	for (int i = 0; i < c->unknowns; i++)
		x[i] = (uint8_t)(u[i / 64] >> (i % 64) & 1);
	for (int p = c->torus ? h : 0; p < R - h; p++)
		for (int col = 0; col < C; col++) {
			int v = b ? b[(size_t)p * C + col] & 1 : 0, r, cc;
			for (int q = 0; q < c->npress; q++)
				if (q != c->det && press_of(c, p, col, q, &r, &cc))
					v ^= x[(size_t)r * C + cc];
			press_of(c, p, col, c->det, &r, &cc);
			x[(size_t)r * C + cc] = (uint8_t)v;
		}
	memset(res, 0, (size_t)c->words * sizeof *res);
	for (int q = 0; q < c->unknowns; q++) {
		int p = residual_row(c, q / C), col = q % C;
		int v = b ? b[(size_t)p * C + col] & 1 : 0, r, cc;
		for (int t = 0; t < c->npress; t++)
			if (press_of(c, p, col, t, &r, &cc))
				v ^= x[(size_t)r * C + cc];
		if (v)
			res[q / 64] |= 1ULL << (q % 64);
	}
}

/* Reduce [M | rhs]; returns rank and pivot columns.  M itself is kept. */
static int eliminate(const chase *c, const uint64_t *rhs, gf2_mat **out, int *pivcol)
{
	int C = c->unknowns;
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
	int C = c->unknowns;
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
	int *piv = malloc((size_t)c->unknowns * sizeof *piv);
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

int chase_kernel(chase *c, int i, uint8_t *x)
{
	uint64_t *res = calloc((size_t)c->words, sizeof *res);
	int rc = res && factor(c) == 0 ? 0 : -1;
	if (rc == 0)
		chase_rows(c, NULL, x, gf2_row(c->kern, i), res);
	free(res);
	return rc;
}

lo_result chase_solve(chase *c, const uint8_t *b, uint8_t *x, uint8_t *cert)
{
	lo_result st = LO_NOMEM;
	int C = c->unknowns, words = c->words;
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
		chase_rows(c, b, x, x0, res);
		st = LO_SOLVED;
	} else if (cert && factor(c) < 0) {
		goto out;	/* no memory for the certificate: LO_NOMEM */
	} else {
		st = LO_UNSOLVABLE;
		/* A symmetric rule: some quiet pattern overlaps b oddly. */
		size_t n = (size_t)c->rows * c->cols;
		for (int q = 0; cert && q < c->nullity; q++) {
			if (chase_kernel(c, q, cert) < 0) {
				st = LO_NOMEM;
				break;
			}
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
	return st;
}
