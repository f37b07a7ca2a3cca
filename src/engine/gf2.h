/* Bit-packed matrices over GF(2) and Gauss-Jordan elimination: 64 columns
 * per word, so a row operation is n/64 XORs. */
#ifndef LO_GF2_H
#define LO_GF2_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "engine/result.h"

typedef struct gf2_mat {
	int rows, cols, words;		/* words per row */
	uint64_t *bits;
} gf2_mat;

gf2_mat *gf2_new(int rows, int cols);	/* zero; NULL when out of memory */
void gf2_free(gf2_mat *m);

static inline uint64_t *gf2_row(const gf2_mat *m, int r)
{
	return m->bits + (size_t)r * (size_t)m->words;
}

static inline int gf2_get(const gf2_mat *m, int r, int c)
{
	return (int)(gf2_row(m, r)[c >> 6] >> (c & 63)) & 1;
}

static inline void gf2_set(gf2_mat *m, int r, int c, int v)
{
	uint64_t bit = 1ULL << (c & 63);
	if (v)
		gf2_row(m, r)[c >> 6] |= bit;
	else
		gf2_row(m, r)[c >> 6] &= ~bit;
}

/* Reduced row echelon form in place, pivots searched in columns
 * [0, pivot_cols) only; the row operations extend over every column, so
 * columns beyond carry along whatever was augmented there.  pivcol[i] is
 * the pivot column of row i < rank.  Returns the rank. */
int gf2_rref(gf2_mat *m, int pivot_cols, int *pivcol);
/* The same on at most `threads` threads: 1 keeps it on the calling
 * thread; 0, or more, lets a big matrix's rows be cleared on two. */
int gf2_rref_threads(gf2_mat *m, int pivot_cols, int *pivcol, int threads);

/* The same by one method each, for the benchmark and the tests: one
 * pivot at a time (the baseline), and our Four Russians (the fallback when
 * M4RI is not installed; gf2_rref picks M4RI for big matrices when it is). */
int gf2_rref_plain(gf2_mat *m, int pivot_cols, int *pivcol);
int gf2_rref_m4r(gf2_mat *m, int pivot_cols, int *pivcol);

/* From [R | E], the reduced form of [A | I] (A with n columns): one quiet
 * vector per free column, n bytes each, into kern; returns how many. */
int gf2_kernel(const gf2_mat *re, int n, int rank, const int *pivcol, uint8_t *kern);

/* Solve A x = c (c: n bytes 0/1) from [R | E]; free unknowns 0: LO_OK.
 * LO_UNSOLVABLE when inconsistent: then cert (if not NULL) gets a row of E
 * with E_i A = 0 and E_i c = 1.  LO_NOMEM when out of memory.  c and x may
 * be the same array. */
lo_result gf2_solve(const gf2_mat *re, int n, int rank, const int *pivcol, const uint8_t *c, uint8_t *x, uint8_t *cert);

/* Parity of the AND of two bit rows of `words` words. */
int gf2_dot(const uint64_t *a, const uint64_t *b, int words);

#endif
