#include "engine/zmod.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

int zmod_gcd(int a, int b)
{
	while (b) {
		int t = a % b;
		a = b;
		b = t;
	}
	return a < 0 ? -a : a;
}

/* g = gcd(a, b) = s a + t b over the integers. */
static int ext_gcd(int a, int b, int *s, int *t)
{
	int s0 = 1, s1 = 0, t0 = 0, t1 = 1;
	while (b) {
		int q = a / b, r = a % b, x;
		a = b;
		b = r;
		x = s0 - q * s1;
		s0 = s1;
		s1 = x;
		x = t0 - q * t1;
		t0 = t1;
		t1 = x;
	}
	*s = s0;
	*t = t0;
	return a;
}

int zmod_inverse(int a, int m)
{
	int s, t;
	if (m == 1)
		return 0;
	ext_gcd(((a % m) + m) % m, m, &s, &t);
	return ((s % m) + m) % m;
}

static inline int mod(int v, int k)
{
	v %= k;
	return v < 0 ? v + k : v;
}

/* Rows (or columns) p, q of length len with stride: replace
 * (p, q) by (a p + b q, c p + d q). */
static void combine(uint8_t *p, uint8_t *q, size_t stride, int len, int a, int b, int c, int d, int k)
{
	a = mod(a, k);
	b = mod(b, k);
	c = mod(c, k);
	d = mod(d, k);
	for (int j = 0; j < len; j++) {
		int x = p[j * stride], y = q[j * stride];
		p[j * stride] = (uint8_t)((a * x + b * y) % k);
		q[j * stride] = (uint8_t)((c * x + d * y) % k);
	}
}

/* Make entry (i, t) zero using row t, where m[t][t] = piv.  Either a plain
 * subtraction (piv divides it) or a unimodular gcd step that shrinks the
 * pivot to gcd(piv, entry). */
static void clear_entry(uint8_t *x, uint8_t *y, size_t stride, int len, int piv, int e, int k,
			uint8_t *ux, uint8_t *uy, size_t ustride, int ulen)
{
	if (e % piv == 0) {
		int q = e / piv;
		combine(x, y, stride, len, 1, 0, -q, 1, k);
		combine(ux, uy, ustride, ulen, 1, 0, -q, 1, k);
		return;
	}
	int s, t, g = ext_gcd(piv, e, &s, &t);
	/* [s t; -e/g piv/g] has determinant 1: invertible over Z, so mod k. */
	combine(x, y, stride, len, s, t, -e / g, piv / g, k);
	combine(ux, uy, ustride, ulen, s, t, -e / g, piv / g, k);
}

lo_result zmod_diagonalize(uint8_t *a, int n, int k, uint8_t *u, uint8_t *v, uint8_t *d)
{
	size_t N = (size_t)n;
	memset(u, 0, N * N);
	memset(v, 0, N * N);
	for (int i = 0; i < n; i++)
		u[i * N + i] = v[i * N + i] = 1;
	uint8_t *tmp = malloc(N ? N : 1);
	if (!tmp)
		return LO_NOMEM;

	for (int t = 0; t < n; t++) {
		/* Pivot: the entry closest to a unit, fewest gcd steps after. */
		int bi = -1, bj = -1, bg = k;
		for (int i = t; i < n && bg > 1; i++)
			for (int j = t; j < n; j++) {
				int e = a[i * N + j];
				if (e) {
					int g = zmod_gcd(e, k);
					if (g < bg) {
						bg = g;
						bi = i;
						bj = j;
						if (g == 1)
							break;
					}
				}
			}
		if (bi < 0) {
			for (int i = t; i < n; i++)
				d[i] = 0;
			break;
		}
		if (bi != t) {
			memcpy(tmp, a + bi * N, N);
			memcpy(a + bi * N, a + t * N, N);
			memcpy(a + t * N, tmp, N);
			memcpy(tmp, u + bi * N, N);
			memcpy(u + bi * N, u + t * N, N);
			memcpy(u + t * N, tmp, N);
		}
		if (bj != t) {
			for (int i = 0; i < n; i++) {
				uint8_t x = a[i * N + bj];
				a[i * N + bj] = a[i * N + t];
				a[i * N + t] = x;
				x = v[i * N + bj];
				v[i * N + bj] = v[i * N + t];
				v[i * N + t] = x;
			}
		}
		for (bool dirty = true; dirty;) {
			dirty = false;
			/* Column t below the pivot, by row operations (tracked in U). */
			for (int i = t + 1; i < n; i++) {
				int e = a[i * N + t];
				if (e)
					clear_entry(a + t * N + t, a + i * N + t, 1, n - t, a[t * N + t], e, k,
						    u + t * N, u + i * N, 1, n);
			}
			/* Row t right of the pivot, by column operations (tracked in V). */
			for (int j = t + 1; j < n; j++) {
				int e = a[t * N + j];
				if (e)
					clear_entry(a + t * N + t, a + t * N + j, N, n - t, a[t * N + t], e, k,
						    v + t, v + j, N, n);
			}
			for (int i = t + 1; i < n && !dirty; i++)
				dirty = a[i * N + t] != 0;
		}
		d[t] = a[t * N + t];
	}
	free(tmp);
	return LO_OK;
}

int zmod_kernel(const uint8_t *v, const uint8_t *d, int n, int k, uint8_t *kern, int *order)
{
	size_t N = (size_t)n;
	int q = 0;
	/* d y = 0 (mod k) has the solutions y = t k/g, t < g. */
	for (size_t i = 0; i < N; i++) {
		int g = zmod_gcd(d[i], k);
		if (g == 1)
			continue;
		uint8_t *out = kern + (size_t)q * N;
		for (size_t j = 0; j < N; j++)
			out[j] = (uint8_t)(v[j * N + i] * (k / g) % k);
		order[q++] = g;
	}
	return q;
}

lo_result zmod_solve(const uint8_t *u, const uint8_t *v, const uint8_t *d, int n, int k, const int *c, uint8_t *x,
		     uint8_t *cert)
{
	size_t N = (size_t)n;
	int *y = malloc((N ? N : 1) * sizeof *y);
	if (!y)
		return LO_NOMEM;
	bool ok = true;
	for (size_t i = 0; i < N && ok; i++) {
		const uint8_t *ui = u + i * N;
		long long e = 0;
		for (size_t j = 0; j < N; j++)
			e += ui[j] * c[j];
		int ei = (int)(e % k), g = zmod_gcd(d[i], k);
		if (ei % g) {
			if (cert)
				for (size_t j = 0; j < N; j++)
					cert[j] = (uint8_t)(ui[j] * (k / g) % k);
			ok = false;
		} else {
			int m = k / g;
			y[i] = (ei / g) * zmod_inverse(d[i] / g, m) % m;
		}
	}
	if (ok)
		for (size_t j = 0; j < N; j++) {
			long long acc = 0;
			const uint8_t *vj = v + j * N;
			for (size_t i = 0; i < N; i++)
				acc += vj[i] * y[i];
			x[j] = (uint8_t)(acc % k);
		}
	free(y);
	return ok ? LO_OK : LO_UNSOLVABLE;
}
