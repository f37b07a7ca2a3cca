/* GF(2)[x] in words against the schoolbook on one byte per coefficient:
 * random polynomials of degree up to 300, across word edges. */
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "engine/gf2poly.h"
#include "engine/rng.h"
#include "tap.h"

enum { MAXD = 300, N = MAXD / 64 + 3, BYTES = 2 * MAXD + 2 };

/* Byte polynomials: p[i] the coefficient of x^i, all BYTES of them. */
static int bdeg(const uint8_t *p)
{
	for (int i = BYTES - 1; i >= 0; i--)
		if (p[i])
			return i;
	return -1;
}

static void bmul(const uint8_t *a, const uint8_t *b, uint8_t *out)
{
	memset(out, 0, BYTES);
	for (int i = 0; i <= MAXD; i++)
		for (int j = 0; a[i] && j <= MAXD; j++)
			out[i + j] ^= b[j];
}

/* a <- a mod m, quot <- a div m. */
static void bdivmod(uint8_t *a, const uint8_t *m, uint8_t *quot)
{
	int dm = bdeg(m);
	memset(quot, 0, BYTES);
	for (int i = bdeg(a); i >= dm; i--)
		if (a[i]) {
			quot[i - dm] = 1;
			for (int j = 0; j <= dm; j++)
				a[i - dm + j] ^= m[j];
		}
}

static void to_words(const uint8_t *p, uint64_t *w)
{
	memset(w, 0, N * sizeof *w);
	for (int i = 0; i < N * 64 && i < BYTES; i++)
		if (p[i])
			w[i / 64] |= 1ULL << (i % 64);
}

static bool same(const uint8_t *p, const uint64_t *w)
{
	for (int i = 0; i < N * 64; i++)
		if ((int)(w[i / 64] >> (i % 64) & 1) != (i < BYTES ? p[i] : 0))
			return false;
	return true;
}

static void random_poly(rng *g, int deg, uint8_t *p)
{
	memset(p, 0, BYTES);
	for (int i = 0; i < deg; i++)
		p[i] = (uint8_t)rng_below(g, 2);
	if (deg >= 0)
		p[deg] = 1;
}

int main(void)
{
	rng g;
	rng_seed(&g, 5);
	uint8_t a[BYTES], m[BYTES], q[BYTES], r[BYTES], t[BYTES], gg[BYTES], s[BYTES];
	uint64_t wa[N], wm[N], wq[N], wo[N], wg[N], ws[N], tmp[4 * N];
	int bad_deg = 0, bad_div = 0, bad_mul = 0, bad_gcd = 0, coprime = 0, trials = 2000;
	for (int k = 0; k < trials; k++) {
		int dm = 1 + (int)rng_below(&g, MAXD), da = (int)rng_below(&g, MAXD + 1) - 1;
		if (k % 4 == 0)
			dm = 63 + (int)rng_below(&g, 4) + 64 * (int)rng_below(&g, 4);	/* word edges */
		if (dm > MAXD)
			dm = MAXD;
		random_poly(&g, dm, m);
		random_poly(&g, da, a);
		if (k % 3 == 1 && dm > 1) {
			/* a and m sharing a factor f of degree up to 40 */
			int df = 1 + (int)rng_below(&g, (uint32_t)(dm < 41 ? dm - 1 : 40));
			uint8_t f[BYTES], u[BYTES];
			random_poly(&g, df, f);
			random_poly(&g, dm - df, u);
			bmul(f, u, m);
			random_poly(&g, (int)rng_below(&g, (uint32_t)(MAXD - df + 1)), u);
			bmul(f, u, a);
		}
		to_words(a, wa);
		to_words(m, wm);
		bad_deg += gf2poly_deg(wa, N) != bdeg(a) || gf2poly_deg(wm, N) != bdeg(m);
		/* divmod */
		memcpy(r, a, BYTES);
		bdivmod(r, m, q);
		memcpy(wo, wa, sizeof wo);
		int dr = gf2poly_divmod(wo, wm, wq, N);
		bad_div += dr != bdeg(r) || !same(r, wo) || !same(q, wq);
		/* mulmod: (a mod m) times b, mod m */
		random_poly(&g, (int)rng_below(&g, (uint32_t)dm), t);
		to_words(t, ws);
		gf2poly_mulmod(wa, ws, wm, wq, N);
		bmul(a, t, q);
		bdivmod(q, m, s);
		bad_mul += !same(q, wq);
		/* gcdext on (a mod m, m): g divides both, s a = g mod m, and g is
		 * the gcd: a combination of a and m (s a + k m = g). */
		int dg = gf2poly_gcdext(wo, wm, wg, ws, tmp, N);
		memset(gg, 0, BYTES);
		for (int i = 0; i < N * 64 && i < BYTES; i++) {
			gg[i] = (uint8_t)(wg[i / 64] >> (i % 64) & 1);
			s[i] = (uint8_t)(ws[i / 64] >> (i % 64) & 1);
		}
		coprime += dg == 0;
		bool ok = dg == bdeg(gg) && bdeg(s) < dm;
		memcpy(t, m, BYTES);
		bdivmod(t, gg, q);
		ok = ok && bdeg(t) < 0;
		memcpy(t, r, BYTES);
		bdivmod(t, gg, q);
		ok = ok && bdeg(t) < 0;
		bmul(s, r, q);
		bdivmod(q, m, t);
		memcpy(t, gg, BYTES);
		bdivmod(t, m, s);
		for (int i = 0; i < BYTES; i++)
			ok = ok && q[i] == t[i];
		bad_gcd += !ok;
	}
	tap_is(bad_deg, 0, "degrees of %d random polynomials", trials);
	tap_is(bad_div, 0, "divmod: quotient and remainder as the schoolbook's");
	tap_is(bad_mul, 0, "mulmod as the schoolbook product reduced");
	tap_is(bad_gcd, 0, "gcdext: g divides both, s a = g mod m (%d coprime pairs)", coprime);
	return tap_done();
}
