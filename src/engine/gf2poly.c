#include "engine/gf2poly.h"

#include <string.h>

int gf2poly_deg(const uint64_t *p, int n)
{
	for (int w = n - 1; w >= 0; w--)
		if (p[w])
			return w * 64 + 63 - __builtin_clzll(p[w]);
	return -1;
}

/* The degree of p, known to be at most d (>= 0). */
static int deg_at_most(const uint64_t *p, int d)
{
	return gf2poly_deg(p, d / 64 + 1);
}

/* p ^= q x^s, q of degree dq >= 0; p must have room for degree dq + s. */
static void gf2poly_xor_shifted(uint64_t *p, const uint64_t *q, int dq, int s)
{
	int ws = s / 64, bs = s % 64, qw = dq / 64 + 1;
	if (bs == 0) {
		for (int w = 0; w < qw; w++)
			p[w + ws] ^= q[w];
		return;
	}
	uint64_t carry = 0;
	for (int w = 0; w < qw; w++) {
		p[w + ws] ^= q[w] << bs | carry;
		carry = q[w] >> (64 - bs);
	}
	if (carry)
		p[qw + ws] ^= carry;
}

int gf2poly_divmod(uint64_t *a, const uint64_t *b, uint64_t *quot, int n)
{
	int db = gf2poly_deg(b, n), da = gf2poly_deg(a, n);
	if (quot)
		memset(quot, 0, (size_t)n * sizeof *quot);
	for (int i = da; i >= db; i--)
		if (a[i / 64] >> (i % 64) & 1) {
			gf2poly_xor_shifted(a, b, db, i - db);
			if (quot)
				quot[(i - db) / 64] |= 1ULL << ((i - db) % 64);
		}
	return da < 0 ? -1 : deg_at_most(a, da);
}

void gf2poly_mulmod(const uint64_t *a, const uint64_t *b, const uint64_t *m, uint64_t *out, int n)
{
	int dm = gf2poly_deg(m, n), hi = dm / 64;
	memset(out, 0, (size_t)n * sizeof *out);
	if (dm <= 0)
		return;	/* everything is 0 mod 1 */
	/* Horner on a: out <- out x mod m, plus b where a has a term. */
	for (int i = gf2poly_deg(a, n); i >= 0; i--) {
		uint64_t carry = 0;
		for (int w = 0; w <= hi; w++) {
			uint64_t v = out[w];
			out[w] = v << 1 | carry;
			carry = v >> 63;
		}
		if (out[hi] >> (dm % 64) & 1)
			for (int w = 0; w <= hi; w++)
				out[w] ^= m[w];
		if (a[i / 64] >> (i % 64) & 1)
			for (int w = 0; w <= hi; w++)
				out[w] ^= b[w];
	}
}

int gf2poly_gcdext(const uint64_t *a, const uint64_t *m, uint64_t *g, uint64_t *s, uint64_t *tmp, int n)
{
	/* r_i = s_i a mod m throughout, from r_0 = m (s_0 = 0), r_1 = a (s_1 = 1). */
	uint64_t *r0 = tmp, *r1 = tmp + n, *s0 = tmp + 2 * n, *s1 = tmp + 3 * n;
	memset(tmp, 0, (size_t)n * 4 * sizeof *tmp);
	memcpy(r0, m, (size_t)n * sizeof *r0);
	memcpy(r1, a, (size_t)n * sizeof *r1);
	s1[0] = 1;
	int d0 = gf2poly_deg(r0, n), d1 = gf2poly_deg(r1, n);
	while (d1 >= 0) {
		int ds = gf2poly_deg(s1, n);
		while (d0 >= d1) {
			gf2poly_xor_shifted(r0, r1, d1, d0 - d1);
			if (ds >= 0)
				gf2poly_xor_shifted(s0, s1, ds, d0 - d1);
			d0 = d0 ? deg_at_most(r0, d0 - 1) : -1;
		}
		uint64_t *t = r0;
		r0 = r1;
		r1 = t;
		t = s0;
		s0 = s1;
		s1 = t;
		int td = d0;
		d0 = d1;
		d1 = td;
	}
	memcpy(g, r0, (size_t)n * sizeof *g);
	memcpy(s, s0, (size_t)n * sizeof *s);
	return d0;
}
