#include "engine/gf2.h"
#include "engine/clones.h"

#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#ifdef HAVE_M4RI
#include <m4ri/m4ri.h>
#endif

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

gf2_mat *gf2_new(int rows, int cols)
{
	gf2_mat *m = malloc(sizeof *m);
	if (!m)
		return NULL;
	m->rows = rows;
	m->cols = cols;
	m->words = (cols + 63) / 64;
	m->bits = calloc((size_t)rows * (size_t)m->words, sizeof *m->bits);
	if (!m->bits) {
		free(m);
		return NULL;
	}
	return m;
}

void gf2_free(gf2_mat *m)
{
	if (m) {
		free(m->bits);
		free(m);
	}
}

int gf2_rref_plain(gf2_mat *m, int pivot_cols, int *pivcol)
{
	int rank = 0, words = m->words;
	uint64_t *tmp = malloc((size_t)words * sizeof *tmp);
	if (!tmp)
		return -1;
	for (int c = 0; c < pivot_cols && rank < m->rows; c++) {
		int w = c >> 6;
		uint64_t bit = 1ULL << (c & 63);
		int p = -1;
		for (int r = rank; r < m->rows; r++)
			if (gf2_row(m, r)[w] & bit) {
				p = r;
				break;
			}
		if (p < 0)
			continue;
		uint64_t *pr = gf2_row(m, p), *rr = gf2_row(m, rank);
		if (p != rank) {
			memcpy(tmp, pr, (size_t)words * sizeof *tmp);
			memcpy(pr, rr, (size_t)words * sizeof *tmp);
			memcpy(rr, tmp, (size_t)words * sizeof *tmp);
		}
		/* Columns left of c are zero in the pivot row: start at word w. */
		for (int r = 0; r < m->rows; r++) {
			uint64_t *row = gf2_row(m, r);
			if (r != rank && (row[w] & bit))
				for (int j = w; j < words; j++)
					row[j] ^= rr[j];
		}
		pivcol[rank++] = c;
	}
	free(tmp);
	return rank;
}

int gf2_kernel(const gf2_mat *re, int n, int rank, const int *pivcol, uint8_t *kern)
{
	bool *is_pivot = calloc((size_t)n, sizeof *is_pivot);
	int q = 0;
	if (!is_pivot)
		return -1;
	for (int i = 0; i < rank; i++)
		is_pivot[pivcol[i]] = true;
	/* Press free column f, then each pivot unknown as its row says. */
	for (int f = 0; f < n; f++) {
		if (is_pivot[f])
			continue;
		uint8_t *v = kern + (size_t)q++ * (size_t)n;
		memset(v, 0, (size_t)n);
		v[f] = 1;
		for (int i = 0; i < rank; i++)
			v[pivcol[i]] = (uint8_t)gf2_get(re, i, f);
	}
	free(is_pivot);
	return q;
}

lo_result gf2_solve(const gf2_mat *re, int n, int rank, const int *pivcol, const uint8_t *c, uint8_t *x,
		    uint8_t *cert)
{
	/* E c, read against the right half of [R | E]. */
	gf2_mat *b = gf2_new(1, 2 * n);
	if (!b)
		return LO_NOMEM;
	for (int i = 0; i < n; i++)
		if (c[i] & 1)
			gf2_set(b, 0, n + i, 1);
	memset(x, 0, (size_t)n);
	bool ok = true;
	for (int i = 0; i < re->rows && ok; i++) {
		int v = gf2_dot(gf2_row(re, i), gf2_row(b, 0), re->words);
		if (i < rank)
			x[pivcol[i]] = (uint8_t)v;
		else if (v) {
			if (cert)
				for (int j = 0; j < n; j++)
					cert[j] = (uint8_t)gf2_get(re, i, n + j);
			ok = false;
		}
	}
	gf2_free(b);
	return ok ? LO_OK : LO_UNSOLVABLE;
}

int gf2_dot(const uint64_t *a, const uint64_t *b, int words)
{
	uint64_t acc = 0;
	for (int j = 0; j < words; j++)
		acc ^= a[j] & b[j];
	return __builtin_parityll(acc);
}

/* Method of the Four Russians: find up to 8 pivots, reduce them among
 * themselves, tabulate all 256 of their sums, then clear the 8 pivot
 * columns from every other row with a single table row XOR: one pass over
 * the matrix per 8 pivots instead of per pivot.  The passes over the rows
 * are split between two threads on big matrices. */
#define M4R_BITS 7
#define M4R_TABLES 6		/* pivots per pass: M4R_TABLES * M4R_BITS */

typedef struct m4r_pass {
	gf2_mat *m;
	const uint64_t *table;	/* M4R_TABLES x 256 rows of `words` words */
	const int *pc;
	int found, first, skip_lo, skip_hi, w0;
} m4r_pass;

typedef struct m4r_slice {
	const m4r_pass *p;
	int from, to;
} m4r_slice;

/* dst ^= src, four words at a time: explicit vectors, since the compiler
 * will not prove the rows apart at -O2. */
typedef uint64_t v4u64 __attribute__((vector_size(32), aligned(8)));

static inline void xor_words(uint64_t *restrict dst, const uint64_t *restrict src, int n)
{
	int w = 0;
	for (; w + 4 <= n; w += 4)
		*(v4u64 *)(dst + w) ^= *(const v4u64 *)(src + w);
	for (; w < n; w++)
		dst[w] ^= src[w];
}

LO_CLONES
static void *m4r_clear(void *arg)
{
	const m4r_slice *sl = arg;
	const m4r_pass *p = sl->p;
	int words = p->m->words;
	size_t tsize = (size_t)words << M4R_BITS;
	for (int i = sl->from; i < sl->to; i++) {
		if (i >= p->skip_lo && i < p->skip_hi)
			continue;
		uint64_t *row = gf2_row(p->m, i);
		for (int t0 = 0; t0 < p->found; t0 += M4R_BITS) {
			unsigned key = 0;
			for (int q = t0; q < p->found && q < t0 + M4R_BITS; q++)
				key |= (unsigned)(row[p->pc[q] >> 6] >> (p->pc[q] & 63) & 1) << (q - t0);
			if (key) {
				const uint64_t *t = p->table + (size_t)(t0 / M4R_BITS) * tsize + (size_t)key * (size_t)words;
				xor_words(row + p->w0, t + p->w0, words - p->w0);
			}
		}
	}
	return NULL;
}

static inline int bit_at(const uint64_t *row, int c)
{
	return (int)(row[c >> 6] >> (c & 63)) & 1;
}

static int rref_m4r(gf2_mat *m, int pivot_cols, int *pivcol, int threads)
{
	int words = m->words, rank = 0, c = 0;
	size_t tsize = (size_t)words << M4R_BITS;
	uint64_t *table = aligned_alloc(64, (tsize * M4R_TABLES * 8 + 63) / 64 * 64);
	uint64_t *tmp = malloc((size_t)words * sizeof *tmp);
	if (!table || !tmp) {
		free(table);
		free(tmp);
		return -1;
	}
	while (c < pivot_cols && rank < m->rows) {
		int pc[M4R_BITS * M4R_TABLES], found = 0, w0 = c >> 6;
		while (found < M4R_BITS * M4R_TABLES && c < pivot_cols && rank + found < m->rows) {
			/* A row whose bit c is set once reduced by this pass's pivots. */
			int p = -1;
			for (int i = rank + found; i < m->rows && p < 0; i++) {
				const uint64_t *row = gf2_row(m, i);
				int b = bit_at(row, c);
				for (int q = 0; q < found; q++)
					if (bit_at(row, pc[q]))
						b ^= bit_at(gf2_row(m, rank + q), c);
				if (b)
					p = i;
			}
			if (p < 0) {
				c++;
				continue;
			}
			uint64_t *pr = gf2_row(m, p), *dst = gf2_row(m, rank + found);
			if (p != rank + found) {
				memcpy(tmp, pr, (size_t)words * sizeof *tmp);
				memcpy(pr, dst, (size_t)words * sizeof *tmp);
				memcpy(dst, tmp, (size_t)words * sizeof *tmp);
			}
			for (int q = 0; q < found; q++)
				if (bit_at(dst, pc[q])) {
					const uint64_t *src = gf2_row(m, rank + q);
					for (int w = w0; w < words; w++)
						dst[w] ^= src[w];
				}
			for (int q = 0; q < found; q++) {
				uint64_t *other = gf2_row(m, rank + q);
				if (bit_at(other, c))
					for (int w = w0; w < words; w++)
						other[w] ^= dst[w];
			}
			pc[found++] = c++;
		}
		if (found == 0)
			break;
		/* Table j, entry s: the sum of pivot rows 8j + (bits of s); the
		 * pivots are reduced among themselves, so the tables commute. */
		for (int t0 = 0; t0 < found; t0 += M4R_BITS) {
			uint64_t *tab = table + (size_t)(t0 / M4R_BITS) * tsize;
			int nb = found - t0 < M4R_BITS ? found - t0 : M4R_BITS;
			memset(tab, 0, (size_t)words * sizeof *tab);
			for (unsigned s = 1; s < 1u << nb; s++) {
				uint64_t *t = tab + (size_t)s * words;
				const uint64_t *prev = tab + (size_t)(s & (s - 1)) * words;
				const uint64_t *row = gf2_row(m, rank + t0 + __builtin_ctz(s));
				for (int w = w0; w < words; w++)
					t[w] = prev[w] ^ row[w];
			}
		}
		m4r_pass pass = { m, table, pc, found, 0, rank, rank + found, w0 };
		m4r_slice sl[2] = { { &pass, 0, m->rows / 2 }, { &pass, m->rows / 2, m->rows } };
		pthread_t th;
		bool two = threads != 1 && (double)m->rows * (words - w0) > 1e5 &&
			   pthread_create(&th, NULL, m4r_clear, &sl[1]) == 0;
		if (!two)
			sl[0].to = m->rows;
		m4r_clear(&sl[0]);
		if (two)
			pthread_join(th, NULL);
		for (int q = 0; q < found; q++)
			pivcol[rank + q] = pc[q];
		rank += found;
	}
	free(table);
	free(tmp);
	return rank;
}

int gf2_rref_m4r(gf2_mat *m, int pivot_cols, int *pivcol)
{
	return rref_m4r(m, pivot_cols, pivcol, 0);
}

#ifdef HAVE_M4RI
/* Below this many words M4RI's conversions cost more than they save. */
#define M4RI_MIN_WORDS 4096

/* M4RI reduces every column, so it may pivot past pivot_cols; rows with a
 * zero left part then just mix among themselves, and E A = R still holds. */
static int rref_m4ri(gf2_mat *m, int pivot_cols, int *pivcol)
{
	mzd_t *a = mzd_init(m->rows, m->cols);
	if (!a)
		return -1;
	for (int i = 0; i < m->rows; i++)
		for (int w = 0; w < m->words; w++)
			mzd_row(a, i)[w] = gf2_row(m, i)[w];
	mzd_echelonize(a, 1);	/* M4RI picks its fastest method (PLUQ or M4RI) */
	int rank = 0;
	for (int i = 0; i < m->rows; i++) {
		uint64_t *row = gf2_row(m, i);
		for (int w = 0; w < m->words; w++)
			row[w] = mzd_row(a, i)[w];
		int first = -1;
		for (int w = 0; w < m->words && first < 0; w++)
			if (row[w])
				first = 64 * w + __builtin_ctzll(row[w]);
		if (first >= 0 && first < pivot_cols)
			pivcol[rank++] = first;
	}
	mzd_free(a);
	return rank;
}
#endif

#ifdef HAVE_M4RI
/* M4RI aborts the whole process when one of its allocations fails.  So hand
 * it a matrix only when the memory it needs (its copy, its tables, a margin)
 * can be had right now; otherwise our own elimination runs, where running
 * out of memory is an error the caller reports. */
static bool m4ri_room(const gf2_mat *m)
{
	size_t bytes = (size_t)m->rows * (size_t)m->words * sizeof(uint64_t);
	void *p = malloc(3 * bytes + ((size_t)16 << 20));
	free(p);
	return p != NULL;
}
#endif

int gf2_rref_threads(gf2_mat *m, int pivot_cols, int *pivcol, int threads)
{
#ifdef HAVE_M4RI
	/* Built without OpenMP, M4RI runs on the calling thread. */
	if ((long long)m->rows * m->words >= M4RI_MIN_WORDS && m4ri_room(m))
		return rref_m4ri(m, pivot_cols, pivcol);
#endif
	return rref_m4r(m, pivot_cols, pivcol, threads);
}

int gf2_rref(gf2_mat *m, int pivot_cols, int *pivcol)
{
	return gf2_rref_threads(m, pivot_cols, pivcol, 0);
}
