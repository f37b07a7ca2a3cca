/* Checks of Z/k kernels as groups, shared by the Z/k tests: a solver's
 * quiet patterns must be quiet, of exactly their stated orders, and span
 * the whole kernel with no relation between them.  Sizes are kept as
 * exponents of the primes below 37, so no count overflows. */
#ifndef LO_ZCHECK_H
#define LO_ZCHECK_H

#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "engine/zmod.h"

#define ZC_PRIMES 37

/* exp[p] += the exponent of p in v, for every prime p. */
static inline void zc_add_exponents(int v, int *exp)
{
	for (int p = 2; v > 1 && p < ZC_PRIMES; p++)
		while (v % p == 0) {
			v /= p;
			exp[p]++;
		}
}

static inline bool zc_same_size(const int *a, const int *b)
{
	return memcmp(a, b, ZC_PRIMES * sizeof *a) == 0;
}

/* The group's elementary divisors (prime powers), sorted: equal lists
 * mean isomorphic groups. */
static inline int zc_elementary(const int *orders, int m, int *out)
{
	int c = 0;
	for (int i = 0; i < m; i++) {
		int v = orders[i];
		for (int p = 2; v > 1; p++) {
			int q = 1;
			while (v % p == 0) {
				v /= p;
				q *= p;
			}
			if (q > 1)
				out[c++] = q;
		}
	}
	for (int i = 1; i < c; i++)
		for (int j = i; j > 0 && out[j - 1] > out[j]; j--) {
			int t = out[j];
			out[j] = out[j - 1];
			out[j - 1] = t;
		}
	return c;
}

static inline bool zc_same_group(const int *o1, int m1, const int *o2, int m2)
{
	int *a = malloc(((size_t)m1 * 4 + 1) * sizeof *a), *b = malloc(((size_t)m2 * 4 + 1) * sizeof *b);
	int ca = zc_elementary(o1, m1, a), cb = zc_elementary(o2, m2, b);
	bool same = ca == cb && memcmp(a, b, (size_t)ca * sizeof *a) == 0;
	free(a);
	free(b);
	return same;
}

/* v has exactly order `order` in (Z/k)^n. */
static inline bool zc_order_exact(const uint8_t *v, int n, int k, int order)
{
	for (int i = 0; i < n; i++)
		if (v[i] * order % k)
			return false;
	for (int p = 2; p <= order; p++) {
		if (order % p)
			continue;
		bool prime = true;
		for (int d = 2; d * d <= p; d++)
			prime &= p % d != 0;
		if (!prime)
			continue;
		bool zero = true;
		for (int i = 0; i < n && zero; i++)
			zero = v[i] * (order / p) % k == 0;
		if (zero)
			return false;
	}
	return true;
}

/* Size (as exponents) of the subgroup spanned by the d rows of g (n
 * values each), from the Smith form of g padded square. */
static inline void zc_span_size(const uint8_t *g, int d, int n, int k, int *exp)
{
	int m = d > n ? d : n;
	size_t M = (size_t)m;
	uint8_t *a = calloc(M * M + 1, 1), *u = malloc(M * M + 1), *v = malloc(M * M + 1), *dg = malloc(M + 1);
	for (int i = 0; i < d; i++)
		memcpy(a + (size_t)i * M, g + (size_t)i * n, (size_t)n);
	zmod_diagonalize(a, m, k, u, v, dg);
	memset(exp, 0, ZC_PRIMES * sizeof *exp);
	for (int i = 0; i < m; i++)
		zc_add_exponents(k / zmod_gcd(dg[i], k), exp);
	free(a);
	free(u);
	free(v);
	free(dg);
}

#endif
