#include "gf2.h"
#include "rng.h"
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
	uint64_t a[2] = { 0xf0, 1 }, b[2] = { 0x30, 1 };
	tap_is(gf2_dot(a, b, 2), 1, "dot product parity");
	return tap_done();
}
