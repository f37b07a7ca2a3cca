#include "engine/zpoly.h"

#include <stdlib.h>
#include <string.h>

#include "engine/clones.h"
#include "engine/zmod.h"

int zpoly_deg(const uint8_t *a, int n)
{
	while (n > 0 && !a[n - 1])
		n--;
	return n - 1;
}

/* x < 32 + 31 * 31 < 1024, where (x * bar) >> 16 with bar = 65536 / q + 1
 * is exactly x / q (as zlu.c). */
LO_CLONES
static void axpy(uint8_t *restrict r, const uint8_t *restrict s, int n, unsigned m, unsigned q)
{
	unsigned bar = 65536u / q + 1;
	for (int j = 0; j < n; j++) {
		uint16_t x = (uint16_t)(r[j] + (uint16_t)m * s[j]);
		uint16_t t = (uint16_t)(((uint32_t)x * bar) >> 16);
		r[j] = (uint8_t)(x - t * q);
	}
}

/* q a power of 2 divides 256: bytes wrap, then a mask. */
LO_CLONES
static void axpy2(uint8_t *restrict r, const uint8_t *restrict s, int n, uint8_t m, uint8_t mask)
{
	for (int j = 0; j < n; j++)
		r[j] = (uint8_t)((uint8_t)(r[j] + m * s[j]) & mask);
}

void zpoly_axpy(uint8_t *r, const uint8_t *s, int n, int m, int q)
{
	if (!m || n < 1)
		return;
	if (!(q & (q - 1)))
		axpy2(r, s, n, (uint8_t)m, (uint8_t)(q - 1));
	else
		axpy(r, s, n, (unsigned)m, (unsigned)q);
}

void zpoly_mul(const uint8_t *a, int na, const uint8_t *b, int nb, uint8_t *out, int q)
{
	if (na < 1 || nb < 1)
		return;
	memset(out, 0, (size_t)(na + nb - 1));
	for (int i = 0; i < na; i++)
		zpoly_axpy(out + i, b, nb, a[i], q);
}

void zpoly_rem(uint8_t *a, int na, const uint8_t *m, int dm, uint8_t *quot, int q)
{
	if (quot && na > dm)
		memset(quot, 0, (size_t)(na - dm));
	for (int i = na - 1; i >= dm; i--) {
		int c = a[i];
		if (!c)
			continue;
		if (quot)
			quot[i - dm] = (uint8_t)c;
		zpoly_axpy(a + i - dm, m, dm, q - c, q);
		a[i] = 0;
	}
}

/* a *= c (mod p), n coefficients. */
static void scale(uint8_t *a, int n, int c, int p)
{
	for (int i = 0; i < n; i++)
		a[i] = (uint8_t)(a[i] * c % p);
}

int zpoly_gcdext(const uint8_t *a, int na, const uint8_t *b, int nb, int p, uint8_t *g, uint8_t *s)
{
	/* r0 = b, r1 = a mod b; s_i a = r_i (mod b): s0 = 0, s1 = 1.  Each
	 * step makes r1 monic, then r0 <- r0 mod r1, s0 <- s0 - quot s1. */
	int n = nb > na ? nb : na, db = zpoly_deg(b, nb);
	uint8_t *buf = calloc((size_t)n * 5 + 1, 1);
	if (!buf)
		return -1;
	uint8_t *r0 = buf, *r1 = buf + n, *s0 = r1 + n, *s1 = s0 + n, *quot = s1 + n;
	memcpy(r0, b, (size_t)nb);
	for (int i = 0; i < na; i++)
		r1[i] = (uint8_t)(a[i] % p);
	{
		/* a mod b, b made monic by a unit. */
		uint8_t *bm = quot;
		memcpy(bm, r0, (size_t)nb);
		scale(bm, db + 1, zmod_inverse(bm[db], p), p);
		zpoly_rem(r1, n, bm, db, NULL, p);
		memset(quot, 0, (size_t)n);
	}
	s1[0] = 1;
	for (;;) {
		int d1 = zpoly_deg(r1, n);
		if (d1 < 0)
			break;
		int inv = zmod_inverse(r1[d1], p);
		scale(r1, d1 + 1, inv, p);
		scale(s1, n, inv, p);
		int d0 = zpoly_deg(r0, n);
		zpoly_rem(r0, d0 + 1, r1, d1, quot, p);
		/* s0 -= quot s1 (mod b: deg s stays below deg b). */
		int ds = zpoly_deg(s1, n);
		for (int i = 0; i <= d0 - d1 && ds >= 0; i++)
			if (quot[i])
				zpoly_axpy(s0 + i, s1, ds + 1 + i < n ? ds + 1 : n - i, p - quot[i], p);
		uint8_t *t = r0;
		r0 = r1;
		r1 = t;
		t = s0;
		s0 = s1;
		s1 = t;
	}
	int dg = zpoly_deg(r0, n), inv = zmod_inverse(r0[dg], p);
	scale(r0, dg + 1, inv, p);	/* a monic b when a mod b was 0 */
	scale(s0, n, inv, p);
	memset(g, 0, (size_t)nb);
	memset(s, 0, (size_t)nb);
	memcpy(g, r0, (size_t)dg + 1);
	memcpy(s, s0, (size_t)(db > 0 ? db : 1));
	free(buf);
	return dg;
}

int zpoly_lift_inverse(const uint8_t *a, const uint8_t *m, int dm, uint8_t *s, int p, int q)
{
	if (p == q || dm < 1)
		return 0;
	uint8_t *t = calloc((size_t)dm * 4 + 1, 1);
	if (!t)
		return -1;
	uint8_t *u = t + 2 * dm;
	for (int prec = p; prec < q; prec *= prec) {
		/* t = a s mod m; u = 2 - t; s = s u mod m. */
		zpoly_mul(a, dm, s, dm, t, q);
		zpoly_rem(t, 2 * dm - 1, m, dm, NULL, q);
		for (int i = 0; i < dm; i++)
			u[i] = (uint8_t)((q - t[i]) % q);
		u[0] = (uint8_t)((u[0] + 2) % q);
		zpoly_mul(s, dm, u, dm, t, q);
		zpoly_rem(t, 2 * dm - 1, m, dm, NULL, q);
		memcpy(s, t, (size_t)dm);
	}
	free(t);
	return 0;
}
