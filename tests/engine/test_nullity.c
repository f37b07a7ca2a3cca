/* Nullity of the n x n classic board, n = 1..200, three ways that must
 * agree: the solver (dense up to 20x20, light chasing beyond), OEIS A159257, and deg gcd(f_n(x), f_n(x+1)) over GF(2) where
 * f_0 = 1, f_1 = x, f_{n+1} = x f_n + f_{n-1} (Sutner). */
#include <stdint.h>
#include <string.h>

#include "engine/system.h"
#include "tap.h"

#define MAXN 200
#define WORDS 4			/* degree <= 255 */

/* OEIS A159257, n = 1..40. */
static const int a159257[40] = {
	0, 0, 0, 4, 2, 0, 0, 0, 8, 0, 6, 0, 0, 4, 0, 8, 2, 0, 16, 0,
	0, 0, 14, 4, 0, 0, 0, 0, 10, 20, 0, 20, 16, 4, 6, 0, 0, 0, 32, 0,
};

typedef struct poly {
	uint64_t w[WORDS];
} poly;

static int deg(const poly *p)
{
	for (int i = WORDS; i-- > 0;)
		if (p->w[i])
			return 64 * i + 63 - __builtin_clzll(p->w[i]);
	return -1;
}

static poly shl(poly p, int s)
{
	poly r = { { 0 } };
	for (int i = 0; i < 64 * WORDS - s; i++)
		if (p.w[i / 64] >> (i % 64) & 1)
			r.w[(i + s) / 64] |= 1ULL << ((i + s) % 64);
	return r;
}

static poly add(poly a, poly b)
{
	for (int i = 0; i < WORDS; i++)
		a.w[i] ^= b.w[i];
	return a;
}

static poly mod(poly a, poly b)
{
	int db = deg(&b);
	for (int da; (da = deg(&a)) >= db;)
		a = add(a, shl(b, da - db));
	return a;
}

static int gcd_degree(poly a, poly b)
{
	while (deg(&b) >= 0) {
		poly t = mod(a, b);
		a = b;
		b = t;
	}
	return deg(&a);
}

/* p(x + 1): Horner with (x + 1). */
static poly shift1(poly p)
{
	poly r = { { 0 } };
	for (int i = deg(&p); i >= 0; i--) {
		/* r = r * (x + 1) + coefficient i */
		r = add(shl(r, 1), r);
		if (p.w[i / 64] >> (i % 64) & 1)
			r.w[0] ^= 1;
	}
	return r;
}

int main(void)
{
	poly f[MAXN + 2];
	memset(f, 0, sizeof f);
	f[0].w[0] = 1;
	f[1].w[0] = 2;
	for (int n = 1; n <= MAXN; n++)
		f[n + 1] = add(shl(f[n], 1), f[n - 1]);

	rule r;
	char err[64];
	rule_parse(&r, "plus", false, err, sizeof err);
	for (int n = 1; n <= MAXN; n++) {
		int formula = gcd_degree(f[n], shift1(f[n]));
		lo_system *s = system_new(n, n, &r, 2);
		int got = s ? system_nullity(s) : -1;
		system_free(s);
		if (n <= 40)
			tap_is(got, a159257[n - 1], "%dx%d nullity %d matches OEIS A159257", n, n, got);
		tap_is(got, formula, "%dx%d nullity %d matches deg gcd(f_n(x), f_n(x+1))", n, n, got);
	}
	return tap_done();
}
