#include "engine/band.h"

#include <stdlib.h>
#include <string.h>

#include "engine/bandorder.h"

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
	/* The row operations, replayed on each right-hand side: pivot row t
	 * was swapped with row swap[t] (t itself: none), then added to the
	 * rows t + 1 + j for the bits j of its mask, len[t] bits from word
	 * at[t] of the pool (a bit a row, not 8 bytes an operation). */
	int *swap, *len;
	size_t *at;
	uint64_t *pool;
	size_t used, cap;
};

/* Room in the pool for a mask of bits bits, zeroed; its first word or
 * SIZE_MAX when out of memory.  At least a word, so the pool exists once
 * a pivot does. */
static size_t pool_take(band *m, int bits)
{
	size_t words = (size_t)bits / 64 + 1;
	if (m->used + words > m->cap) {
		size_t cap = m->cap ? 2 * m->cap : 4096;
		while (cap < m->used + words)
			cap *= 2;
		uint64_t *p = realloc(m->pool, cap * sizeof *p);
		if (!p)
			return SIZE_MAX;
		m->pool = p;
		m->cap = cap;
	}
	memset(m->pool + m->used, 0, words * sizeof *m->pool);
	m->used += words;
	return m->used - words;
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
	m->swap = malloc((size_t)n * sizeof *m->swap);
	m->len = malloc((size_t)n * sizeof *m->len);
	m->at = malloc((size_t)n * sizeof *m->at);
	if (!m->ring || !m->pivcol || !m->free_cols || !m->swap || !m->len || !m->at)
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
		m->swap[rank] = p;
		if (p != rank) {
			uint64_t *a = row_of(m, p);
			for (int x = wlo; x <= whi; x++) {
				uint64_t t = a[x & mask];
				a[x & mask] = pr[x & mask];
				pr[x & mask] = t;
			}
		}
		m->len[rank] = end - rank - 1;
		m->at[rank] = pool_take(m, m->len[rank]);
		if (m->at[rank] == SIZE_MAX)
			goto fail;
		uint64_t *bits = m->pool + m->at[rank];
		for (int i = rank + 1; i < end; i++) {
			uint64_t *row = row_of(m, i);
			if (row[wlo & mask] & bit) {
				for (int x = wlo; x <= whi; x++)
					row[x & mask] ^= pr[x & mask];
				bits[(i - rank - 1) >> 6] |= 1ULL << ((i - rank - 1) & 63);
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
		free(m->swap);
		free(m->len);
		free(m->at);
		free(m->pool);
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
	for (int t = 0; t < m->rank; t++) {
		uint8_t v = rhs[m->swap[t]];
		rhs[m->swap[t]] = rhs[t];
		rhs[t] = v;
		if (!v)
			continue;
		const uint64_t *bits = m->pool + m->at[t];
		for (int w = 0; w * 64 < m->len[t]; w++)
			for (uint64_t set = bits[w]; set; set &= set - 1)
				rhs[t + 1 + w * 64 + __builtin_ctzll(set)] ^= 1;
	}
	st = LO_OK;
	for (int i = m->rank; i < m->n; i++)
		st = rhs[i] ? LO_UNSOLVABLE : st;
	if (st == LO_OK) {
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
