#include <stdlib.h>

#include "engine/gf2.h"
#include "engine/rng.h"
#include "tap.h"

int main(void)
{
	/* Rank of random matrices against a naive byte-matrix elimination. */
	rng g;
	rng_seed(&g, 7);
	for (int t = 0; t < 20; t++) {
		int rows = 1 + (int)rng_below(&g, 150), cols = 1 + (int)rng_below(&g, 150);
		gf2_mat *m = gf2_new(rows, cols);
		static unsigned char a[150][150];
		for (int i = 0; i < rows; i++)
			for (int j = 0; j < cols; j++) {
				a[i][j] = (unsigned char)(rng_below(&g, 4) == 0);
				gf2_set(m, i, j, a[i][j]);
			}
		int naive = 0;
		for (int c = 0; c < cols && naive < rows; c++) {
			int p = -1;
			for (int i = naive; i < rows && p < 0; i++)
				if (a[i][c])
					p = i;
			if (p < 0)
				continue;
			for (int j = 0; j < cols; j++) {
				unsigned char x = a[p][j];
				a[p][j] = a[naive][j];
				a[naive][j] = x;
			}
			for (int i = 0; i < rows; i++)
				if (i != naive && a[i][c])
					for (int j = 0; j < cols; j++)
						a[i][j] ^= a[naive][j];
			naive++;
		}
		int piv[150];
		int rank = gf2_rref(m, cols, piv);
		int same = rank == naive;
		for (int i = 0; i < rows && same; i++)
			for (int j = 0; j < cols; j++)
				same &= gf2_get(m, i, j) == a[i][j];
		tap_ok(same, "%dx%d: rank %d and reduced form equal the naive elimination", rows, cols, rank);
		gf2_free(m);
	}
	/* Big matrices: every method gives the same (unique) reduced form,
	 * including M4RI when it is built in, with a pivot range short of the
	 * full width as in [A | I]. */
	for (int t = 0; t < 4; t++) {
		int rows = 300 + 150 * t, cols = 2 * rows, pcols = rows;
		gf2_mat *x = gf2_new(rows, cols), *y = gf2_new(rows, cols), *z = gf2_new(rows, cols);
		gf2_mat *orig = gf2_new(rows, cols);
		for (int i = 0; i < rows; i++)
			for (int j = 0; j < cols; j++) {
				int v = j < pcols ? (i % 7 == 3 ? (int)rng_below(&g, 2) & (j % 5 == 0) : (int)rng_below(&g, 2))
						  : j - pcols == i;
				gf2_set(x, i, j, v);
				gf2_set(y, i, j, v);
				gf2_set(z, i, j, v);
				gf2_set(orig, i, j, v);
			}
		int *p1 = malloc((size_t)rows * sizeof *p1), *p2 = malloc((size_t)rows * sizeof *p2),
		    *p3 = malloc((size_t)rows * sizeof *p3);
		int r1 = gf2_rref_plain(x, pcols, p1), r2 = gf2_rref_m4r(y, pcols, p2), r3 = gf2_rref(z, pcols, p3);
		int same = r1 == r2 && r2 == r3;
		for (int i = 0; i < r1 && same; i++)
			same = p1[i] == p2[i] && p2[i] == p3[i];
		/* plain and Four Russians pivot alike: identical [R | E].  M4RI may
		 * pivot inside E once A runs out, so for gf2_rref check R and that
		 * E A = R row by row. */
		for (int i = 0; i < rows && same; i++)
			for (int j = 0; j < cols && same; j++)
				same = gf2_get(x, i, j) == gf2_get(y, i, j) && (j >= pcols || gf2_get(y, i, j) == gf2_get(z, i, j));
		for (int i = 0; i < rows && same; i++)
			for (int j = 0; j < pcols && same; j++) {
				int acc = 0;
				for (int q = 0; q < rows; q++)
					acc ^= gf2_get(z, i, pcols + q) & gf2_get(orig, q, j);
				same = acc == gf2_get(z, i, j);
			}
		tap_ok(same, "%dx%d [A | I], rank %d: plain, Four Russians and gf2_rref agree", rows, cols, r1);
		free(p1), free(p2), free(p3);
		gf2_free(x), gf2_free(y), gf2_free(z), gf2_free(orig);
	}
	uint64_t a[2] = { 0xf0, 1 }, b[2] = { 0x30, 1 };
	tap_is(gf2_dot(a, b, 2), 1, "dot product parity");
	return tap_done();
}
