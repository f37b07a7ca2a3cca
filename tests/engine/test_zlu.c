/* Elimination over Z/k by prime-power parts against the Smith form of
 * zmod.c: hundreds of random matrices, k from 3 to 36, of every rank. */
#include <stdlib.h>
#include <string.h>

#include "engine/rng.h"
#include "engine/zlu.h"
#include "engine/zmod.h"
#include "tap.h"
#include "zcheck.h"

/* y = A x (mod k), or with transpose y = A^T x. */
static void apply(const uint8_t *a, int n, int k, const uint8_t *x, uint8_t *y, bool transpose)
{
	for (int i = 0; i < n; i++) {
		long s = 0;
		for (int j = 0; j < n; j++)
			s += (long)(transpose ? a[j * n + i] : a[i * n + j]) * x[j];
		y[i] = (uint8_t)(s % k);
	}
}

static bool is_zero(const uint8_t *v, int n)
{
	for (int i = 0; i < n; i++)
		if (v[i])
			return false;
	return true;
}

int main(void)
{
	rng g;
	rng_seed(&g, 7);
	static const int ks[] = { 3, 4, 6, 8, 9, 12, 25, 27, 30, 32, 36 };
	int bad_group = 0, bad_kern = 0, bad_solve = 0, bad_cert = 0, mats = 0, unsolvable = 0, nontrivial = 0;
	for (int t = 0; t < 600; t++) {
		int k = ks[t % 11], n = 1 + (int)rng_below(&g, t < 500 ? 24 : 90), r = (int)rng_below(&g, (uint32_t)n + 1);
		size_t nn = (size_t)n * n;
		uint8_t *a = malloc(nn), *b = malloc((size_t)n * r + 1), *c = malloc((size_t)r * n + 1);
		/* A = B C of inner size r (rank <= r), entries often non-units. */
		for (size_t i = 0; i < (size_t)n * r; i++)
			b[i] = (uint8_t)(rng_below(&g, 2) ? rng_below(&g, (uint32_t)k) : rng_below(&g, 3) * (k / 2));
		for (size_t i = 0; i < (size_t)r * n; i++)
			c[i] = (uint8_t)(rng_below(&g, 2) ? rng_below(&g, (uint32_t)k) : rng_below(&g, 2) * (k / 3));
		for (int i = 0; i < n; i++)
			for (int j = 0; j < n; j++) {
				long s = rng_below(&g, 4) == 0 ? (long)rng_below(&g, 2) * (k / 2) : 0;
				for (int q = 0; q < r; q++)
					s += b[i * r + q] * c[q * n + j];
				a[i * n + j] = (uint8_t)(s % k);
			}
		zlu *f = zlu_new(a, n, k);
		/* The oracle: U A V = D. */
		uint8_t *w = malloc(nn), *u = malloc(nn), *v = malloc(nn), *d = malloc((size_t)n);
		uint8_t *kern = malloc(nn + 1), *x = malloc((size_t)n), *y = malloc((size_t)n), *ax = malloc((size_t)n);
		int *ord = malloc(((size_t)n + 1) * sizeof *ord), *rhs = malloc((size_t)n * sizeof *rhs);
		memcpy(w, a, nn);
		zmod_diagonalize(w, n, k, u, v, d);
		int dn = zmod_kernel(v, d, n, k, kern, ord);
		int zn = zlu_nullity(f);
		int *zord = malloc(((size_t)zn + 1) * sizeof *zord);
		uint8_t *zk = malloc((size_t)zn * n + 1);
		for (int i = 0; i < zn; i++) {
			zord[i] = zlu_order(f, i);
			zlu_kernel(f, i, zk + (size_t)i * n);
		}
		nontrivial += zn > 0;
		/* Same group; each generator quiet, of its order; together they
		 * span all of it, each element once (product of orders = size). */
		bad_group += !zc_same_group(ord, dn, zord, zn);
		int want[ZC_PRIMES] = { 0 }, prod[ZC_PRIMES] = { 0 }, span[ZC_PRIMES];
		for (int i = 0; i < dn; i++)
			zc_add_exponents(ord[i], want);
		for (int i = 0; i < zn; i++) {
			zc_add_exponents(zord[i], prod);
			apply(a, n, k, zk + (size_t)i * n, ax, false);
			bad_kern += !is_zero(ax, n) || !zc_order_exact(zk + (size_t)i * n, n, k, zord[i]);
		}
		zc_span_size(zk, zn, n, k, span);
		bad_kern += !zc_same_size(prod, want) || !zc_same_size(span, want);
		/* Boards: random (often unsolvable) and made from presses. */
		for (int rep = 0; rep < 4; rep++) {
			uint8_t *cc = malloc((size_t)n);
			for (int i = 0; i < n; i++)
				x[i] = (uint8_t)rng_below(&g, (uint32_t)k);
			if (rep % 2)
				apply(a, n, k, x, cc, false);
			else
				memcpy(cc, x, (size_t)n);
			for (int i = 0; i < n; i++)
				rhs[i] = cc[i];
			bool dense_ok = zmod_solve(u, v, d, n, k, rhs, x, NULL) == LO_OK;
			lo_result st = zlu_solve(f, cc, x, y);
			if ((st == LO_OK) != dense_ok) {
				bad_solve++;
			} else if (st == LO_OK) {
				apply(a, n, k, x, ax, false);
				bad_solve += memcmp(ax, cc, (size_t)n) != 0;
			} else {
				unsolvable++;
				long dot = 0;
				for (int i = 0; i < n; i++)
					dot += y[i] * cc[i];
				apply(a, n, k, y, ax, true);
				bad_cert += !is_zero(ax, n) || dot % k == 0;
			}
			free(cc);
		}
		mats++;
		zlu_free(f);
		free(a), free(b), free(c), free(w), free(u), free(v), free(d), free(kern), free(x), free(y), free(ax);
		free(ord), free(rhs), free(zord), free(zk);
	}
	tap_is(bad_group, 0, "%d matrices (%d singular), k in 3..36: the kernel is the Smith form's group", mats,
	       nontrivial);
	tap_is(bad_kern, 0, "generators are quiet, of exactly their orders, span the kernel, no relations");
	tap_is(bad_solve, 0, "solvable exactly when the Smith form says; solutions check");
	tap_is(bad_cert, 0, "%d certificates: y^T A = 0 and y . c != 0", unsolvable);
	return tap_done();
}
