#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "engine/rng.h"
#include "tap.h"
#include "engine/zmod.h"

/* C = X Y mod k, all n x n. */
static void mul(const uint8_t *x, const uint8_t *y, uint8_t *c, int n, int k)
{
	for (int i = 0; i < n; i++)
		for (int j = 0; j < n; j++) {
			int s = 0;
			for (int t = 0; t < n; t++)
				s += x[i * n + t] * y[t * n + j];
			c[i * n + j] = (uint8_t)(s % k);
		}
}

/* Invertible mod k iff gcd(det, k) = 1; det exactly by Bareiss'
 * fraction-free elimination (minors stay within Hadamard's bound). */
static bool invertible(const uint8_t *m, int n, int k)
{
	__int128 a[9][9], prev = 1;
	int sign = 1;
	for (int i = 0; i < n; i++)
		for (int j = 0; j < n; j++)
			a[i][j] = m[i * n + j];
	for (int c = 0; c < n - 1; c++) {
		if (a[c][c] == 0) {
			int p = c + 1;
			while (p < n && a[p][c] == 0)
				p++;
			if (p == n)
				return false;
			for (int j = 0; j < n; j++) {
				__int128 t = a[c][j];
				a[c][j] = a[p][j];
				a[p][j] = t;
			}
			sign = -sign;
		}
		for (int i = c + 1; i < n; i++)
			for (int j = c + 1; j < n; j++)
				a[i][j] = (a[i][j] * a[c][c] - a[i][c] * a[c][j]) / prev;
		prev = a[c][c];
	}
	__int128 det = sign * a[n - 1][n - 1];
	int r = (int)(((det % k) + k) % k);
	return zmod_gcd(r, k) == 1;
}

int main(void)
{
	tap_is(zmod_gcd(12, 18), 6, "gcd");
	tap_is(zmod_inverse(3, 4), 3, "3 * 3 = 1 mod 4");
	tap_is(zmod_inverse(5, 36) * 5 % 36, 1, "inverse mod 36");
	rng g;
	rng_seed(&g, 11);
	static const int ks[] = { 2, 3, 4, 6, 8, 9, 12, 36 };
	for (int t = 0; t < 40; t++) {
		int k = ks[t % 8], n = 1 + (int)rng_below(&g, 9);
		size_t nn = (size_t)n * n;
		uint8_t *a = malloc(nn), *a0 = malloc(nn), *u = malloc(nn), *v = malloc(nn), *d = malloc((size_t)n);
		uint8_t *ua = malloc(nn), *uav = malloc(nn);
		for (size_t i = 0; i < nn; i++)
			a0[i] = (uint8_t)(rng_below(&g, 3) ? rng_below(&g, (uint32_t)k) * (k % 2 ? 1 : 2) % k : 0);
		memcpy(a, a0, nn);
		zmod_diagonalize(a, n, k, u, v, d);
		mul(u, a0, ua, n, k);
		mul(ua, v, uav, n, k);
		bool diag = true;
		for (int i = 0; i < n; i++)
			for (int j = 0; j < n; j++)
				diag &= uav[i * n + j] == (i == j ? d[i] : 0);
		tap_ok(diag && invertible(u, n, k) && invertible(v, n, k),
		       "k=%d n=%d: U A V is the diagonal, U and V invertible", k, n);
		free(a), free(a0), free(u), free(v), free(d), free(ua), free(uav);
	}
	return tap_done();
}
