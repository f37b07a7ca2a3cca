#include "engine/band.h"

#include <stdlib.h>
#include <string.h>

#include "engine/bandorder.h"

/* One recorded row operation, replayed on each right-hand side. */
typedef struct band_op {
	int dst, src;		/* dst ^= src; src < 0: swap rows dst and -src-1 */
} band_op;

struct band {
	int n, b, rank;
	int *pos;		/* cell -> place in the band order (bandorder.h) */
	/* Row echelon form, each row a ring of rw words: the word holding
	 * columns 64w..64w+63 at w & (rw - 1).  A row in play has its
	 * non-zeros in [c, c + 2b] when column c is eliminated, so rw words
	 * hold them and a word leaving the window is 0 when it comes back. */
	uint64_t *ring;
	int rw;
	int *pivcol;		/* pivot column of each of the first rank rows */
	int *free_cols;
	band_op *ops;
	size_t nops, capops;
};

static int record(band *m, int dst, int src)
{
	if (m->nops == m->capops) {
		size_t cap = m->capops ? 2 * m->capops : 4096;
		band_op *p = realloc(m->ops, cap * sizeof *p);
		if (!p)
			return -1;
		m->ops = p;
		m->capops = cap;
	}
	m->ops[m->nops++] = (band_op){ dst, src };
	return 0;
}

static uint64_t *row_of(const band *m, int i)
{
	return m->ring + (size_t)i * (size_t)m->rw;
}

/* The words of row columns [c, c + 2b], clipped to the matrix. */
static int last_word(const band *m, int c)
{
	int hi = c + 2 * m->b < m->n - 1 ? c + 2 * m->b : m->n - 1;
	return hi >> 6;
}

band *band_new(int rows, int cols, const rule *r)
{
	int n = rows * cols;
	band *m = calloc(1, sizeof *m);
	int *nb = malloc((size_t)rule_max_cells(r, rows, cols) * sizeof *nb);
	if (!m || !nb)
		goto fail;
	m->n = n;
	m->pos = malloc((size_t)n * sizeof *m->pos);
	if (!m->pos || (m->b = bandorder_make(rows, cols, r, m->pos)) < 0)
		goto fail;
	for (m->rw = 1; m->rw < (2 * m->b + 63) / 64 + 1; m->rw *= 2)
		;
	int mask = m->rw - 1;
	m->ring = calloc((size_t)n * (size_t)m->rw, sizeof *m->ring);
	m->pivcol = malloc((size_t)n * sizeof *m->pivcol);
	m->free_cols = malloc((size_t)n * sizeof *m->free_cols);
	if (!m->ring || !m->pivcol || !m->free_cols)
		goto fail;
	/* Row i: the presses that change cell i (column j presses cell j). */
	for (int j = 0; j < n; j++) {
		int k = rule_neighbours(r, rows, cols, j / cols, j % cols, nb), c = m->pos[j];
		for (int t = 0; t < k; t++)
			row_of(m, m->pos[nb[t]])[(c >> 6) & mask] |= 1ULL << (c & 63);
	}
	free(nb);
	nb = NULL;

	int rank = 0, nfree = 0;
	for (int c = 0; c < n; c++) {
		/* Rows past c + b are untouched originals with nothing at c. */
		int end = c + m->b + 1 < n ? c + m->b + 1 : n;
		int wlo = c >> 6, whi = last_word(m, c);
		uint64_t bit = 1ULL << (c & 63);
		int p = -1;
		for (int i = rank; i < end && p < 0; i++)
			if (row_of(m, i)[wlo & mask] & bit)
				p = i;
		if (p < 0) {
			m->free_cols[nfree++] = c;
			continue;
		}
		uint64_t *pr = row_of(m, rank);
		if (p != rank) {
			uint64_t *a = row_of(m, p);
			for (int x = wlo; x <= whi; x++) {
				uint64_t t = a[x & mask];
				a[x & mask] = pr[x & mask];
				pr[x & mask] = t;
			}
			if (record(m, rank, -p - 1) < 0)
				goto fail;
		}
		for (int i = rank + 1; i < end; i++) {
			uint64_t *row = row_of(m, i);
			if (row[wlo & mask] & bit) {
				for (int x = wlo; x <= whi; x++)
					row[x & mask] ^= pr[x & mask];
				if (record(m, i, rank) < 0)
					goto fail;
			}
		}
		m->pivcol[rank++] = c;
	}
	m->rank = rank;
	return m;
fail:
	free(nb);
	band_free(m);
	return NULL;
}

void band_free(band *m)
{
	if (m) {
		free(m->ring);
		free(m->pos);
		free(m->pivcol);
		free(m->free_cols);
		free(m->ops);
		free(m);
	}
}

int band_nullity(const band *m)
{
	return m->n - m->rank;
}

/* x given on the free columns; fill the pivots from the bottom up. */
static int back_substitute(const band *m, const uint8_t *rhs, uint8_t *x)
{
	int words = (m->n + 63) / 64, mask = m->rw - 1;
	uint64_t *xb = calloc((size_t)words, sizeof *xb);
	if (!xb)
		return -1;
	for (int f = 0; f < m->n - m->rank; f++)
		if (x[m->free_cols[f]])
			xb[m->free_cols[f] >> 6] |= 1ULL << (m->free_cols[f] & 63);
	for (int i = m->rank; i-- > 0;) {
		int c = m->pivcol[i], wlo = c >> 6, whi = last_word(m, c);
		const uint64_t *row = row_of(m, i);
		uint64_t acc = 0;
		for (int w = wlo; w <= whi; w++)
			acc ^= row[w & mask] & xb[w];
		int v = (rhs ? rhs[i] : 0) ^ __builtin_parityll(acc);
		x[c] = (uint8_t)v;
		if (v)
			xb[wlo] |= 1ULL << (c & 63);
	}
	free(xb);
	return 0;
}

/* x (band order) back to cells. */
static void to_cells(const band *m, const uint8_t *x, uint8_t *out)
{
	for (int i = 0; i < m->n; i++)
		out[i] = x[m->pos[i]];
}

int band_kernel(const band *m, int i, uint8_t *out)
{
	uint8_t *x = calloc((size_t)m->n, 1);
	if (!x)
		return -1;
	x[m->free_cols[i]] = 1;
	int rc = back_substitute(m, NULL, x);
	to_cells(m, x, out);
	free(x);
	return rc;
}

lo_result band_solve(const band *m, const uint8_t *b, uint8_t *out)
{
	uint8_t *rhs = malloc((size_t)m->n), *x = calloc((size_t)m->n, 1);
	lo_result st = LO_NOMEM;
	if (!rhs || !x)
		goto done;
	for (int i = 0; i < m->n; i++)
		rhs[m->pos[i]] = b[i] & 1;
	for (size_t t = 0; t < m->nops; t++) {
		band_op op = m->ops[t];
		if (op.src < 0) {
			uint8_t v = rhs[op.dst];
			rhs[op.dst] = rhs[-op.src - 1];
			rhs[-op.src - 1] = v;
		} else
			rhs[op.dst] ^= rhs[op.src];
	}
	st = LO_SOLVED;
	for (int i = m->rank; i < m->n; i++)
		st = rhs[i] ? LO_UNSOLVABLE : st;
	if (st == LO_SOLVED) {
		if (back_substitute(m, rhs, x) < 0)
			st = LO_NOMEM;
		else
			to_cells(m, x, out);
	}
done:
	free(rhs);
	free(x);
	return st;
}
