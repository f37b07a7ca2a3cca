#include "gf2.h"

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

int gf2_rref(gf2_mat *m, int pivot_cols, int *pivcol)
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

int gf2_dot(const uint64_t *a, const uint64_t *b, int words)
{
	uint64_t acc = 0;
	for (int j = 0; j < words; j++)
		acc ^= a[j] & b[j];
	return __builtin_parityll(acc);
}
