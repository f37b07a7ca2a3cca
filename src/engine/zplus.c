#include "engine/zplus.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "engine/clones.h"
#include "engine/zlu.h"
#include "engine/zmod.h"
#include "engine/zpoly.h"

#define ZPLUS_MAX_PARTS 3
/* v mod k for v < 2k, branchless: v - k wraps past v when v < k. */
#define MINB(a, b) ((a) < (b) ? (a) : (b))	/* 2 * 3 * 5 = 30 <= 36 < 2 * 3 * 5 * 7 */

/* One prime-power part q = p^e: A = (Z/q)[x] / (D1) x (Z/q)[x] / (D2). */
typedef struct zpart {
	int p, e, q, d1, d2;
	uint8_t *D1, *D2;	/* monic, d1 + 1 and d2 + 1 coefficients */
	uint8_t *a;		/* D1^-1 mod D2 (d2 coefficients) */
	uint8_t *b;		/* D2^-1 mod D1 (d1 coefficients): D2 b is 1 mod D1, 0 mod D2 */
	uint8_t *s2;		/* Q^-1 mod D2 */
	zlu *blk;		/* Q on (Z/q)[x] / (D1), basis x^j; NULL when d1 = 0 */
	int ngen;
} zpart;

struct zplus {
	int C, k, nparts, nullity;
	zpart part[ZPLUS_MAX_PARTS];
	int idem[ZPLUS_MAX_PARTS];	/* 1 mod this part's q, 0 mod the others */
	int *order;
};

/* a[i] = (b[i - 1] - b[i] - a[i]) mod k for i < n (b[-1] = 0): one step
 * of E_{j+1} = (x - 1) E_j - E_{j-1}, the recurrence of e_j = E_j(T) e_0. */
LO_CLONES
static void step_e(uint8_t *restrict a, const uint8_t *restrict b, int n, unsigned k)
{
	uint8_t kk = (uint8_t)k;
	if (n > 0)
		a[0] = (uint8_t)((2 * k - b[0] - a[0]) % k);
	for (int i = 1; i < n; i++) {
		uint8_t v = (uint8_t)(b[i - 1] + 2 * kk - b[i] - a[i]);	/* < 3k <= 108 */
		v = MINB(v, (uint8_t)(v - kk));
		a[i] = MINB(v, (uint8_t)(v - kk));
	}
}

/* D = E_C (C + 1 coefficients): T e_{C-1} = e_{C-2} + e_{C-1}. */
static int row_poly(int C, int k, uint8_t *d)
{
	uint8_t *buf = calloc(2 * ((size_t)C + 2), 1);
	if (!buf)
		return -1;
	uint8_t *a = buf, *b = buf + C + 2;	/* E_{j-1}, E_j */
	b[0] = 1;
	for (int j = 0; j < C; j++) {
		step_e(a, b, j + 2, (unsigned)k);
		uint8_t *t = a;
		a = b;
		b = t;
	}
	memcpy(d, b, (size_t)C + 1);
	free(buf);
	return 0;
}

/* r = sum v_j E_j (deg < C) by Clenshaw: b_j = v_j + (x - 1) b_{j+1} -
 * b_{j+2}, r = b_0 (E_1 = (x - 1) E_0). */
static int poly_of_vec(const uint8_t *v, int C, int k, uint8_t *r)
{
	uint8_t *buf = calloc(2 * ((size_t)C + 1), 1);
	if (!buf)
		return -1;
	uint8_t *a = buf, *b = buf + C + 1;	/* b_{j+2}, b_{j+1} */
	for (int j = C - 1; j >= 0; j--) {
		step_e(a, b, C - j, (unsigned)k);	/* deg b_j <= C - 1 - j */
		a[0] = (uint8_t)((a[0] + v[j]) % k);
		uint8_t *t = a;
		a = b;
		b = t;
	}
	memcpy(r, b, (size_t)C);
	free(buf);
	return 0;
}

/* u = T u: u'[j] = u[j-1] + u[j] + u[j+1] (mod k) for j < n. */
LO_CLONES
static void times_t(uint8_t *restrict out, const uint8_t *restrict u, int n, int C, unsigned k)
{
	uint8_t kk = (uint8_t)k;
	if (n < 1)
		return;
	out[0] = (uint8_t)((u[0] + (C > 1 ? u[1] : 0)) % k);
	int last = n < C ? n : C - 1;	/* j + 1 < C within the loop */
	for (int j = 1; j < last; j++) {
		uint8_t v = (uint8_t)(u[j - 1] + u[j] + u[j + 1]);	/* < 3k <= 108 */
		v = MINB(v, (uint8_t)(v - kk));
		out[j] = MINB(v, (uint8_t)(v - kk));
	}
	for (int j = last > 1 ? last : 1; j < n; j++)
		out[j] = (uint8_t)((u[j - 1] + u[j] + (j + 1 < C ? u[j + 1] : 0)) % k);
}

/* u = q(T) e_0 by Horner; T^i e_0 ends at cell i, so the support grows a
 * cell a step. */
static int vec_of_poly(const uint8_t *q, int C, int k, uint8_t *u)
{
	uint8_t *t = calloc((size_t)C + 2, 1);
	if (!t)
		return -1;
	memset(u, 0, (size_t)C);
	int dq = zpoly_deg(q, C);
	for (int i = dq; i >= 0; i--) {
		int n = dq - i + 1 < C ? dq - i + 1 : C;
		times_t(t, u, n, C, (unsigned)k);
		memcpy(u, t, (size_t)n);
		u[0] = (uint8_t)((u[0] + q[i]) % k);
	}
	free(t);
	return 0;
}

static void part_free(zpart *pt)
{
	free(pt->D1);
	free(pt->D2);
	free(pt->a);
	free(pt->b);
	free(pt->s2);
	zlu_free(pt->blk);
}

/* out (n coefficients) = a mod m, m a prime power: values reduced. */
static void reduce(const uint8_t *a, int n, int m, uint8_t *out)
{
	for (int i = 0; i < n; i++)
		out[i] = (uint8_t)(a[i] % m);
}

/* The split D = D1 D2 mod p: D1 the largest factor of D whose factors
 * divide g = gcd(Q, D).  d, g: mod p, n = C + 1 coefficients. */
static int split_mod_p(const uint8_t *d, const uint8_t *g, int n, int p, uint8_t *D1, uint8_t *D2)
{
	uint8_t *buf = calloc((size_t)n * 5 + 1, 1);
	if (!buf)
		return -1;
	uint8_t *rest = buf, *t = rest + n, *quot = t + n, *prod = quot + n, *s = prod + n;
	memcpy(rest, d, (size_t)n);
	memcpy(t, g, (size_t)n);
	memset(D1, 0, (size_t)n);
	D1[0] = 1;
	int dt = zpoly_deg(t, n), dr = zpoly_deg(rest, n), dd1 = 0;
	while (dt > 0) {
		/* rest /= t, D1 *= t; then t = gcd(rest, t). */
		zpoly_rem(rest, dr + 1, t, dt, quot, p);
		memset(rest, 0, (size_t)n);
		memcpy(rest, quot, (size_t)(dr - dt + 1));
		dr -= dt;
		zpoly_mul(D1, dd1 + 1, t, dt + 1, prod, p);
		dd1 += dt;
		memcpy(D1, prod, (size_t)dd1 + 1);
		if (dr == 0)
			break;
		uint8_t *tg = quot;
		memcpy(tg, t, (size_t)n);
		dt = zpoly_gcdext(rest, dr + 1, tg, dt + 1, p, t, s);
		if (dt < 0) {
			free(buf);
			return -1;
		}
		memset(t + dt + 1, 0, (size_t)(n - dt - 1));
	}
	memset(D2, 0, (size_t)n);
	memcpy(D2, rest, (size_t)dr + 1);
	free(buf);
	return dd1;
}

/* y = a b mod m (m monic of degree dm; a, b: dm coefficients). */
static int mulmod(const uint8_t *a, const uint8_t *b, const uint8_t *m, int dm, int q, uint8_t *y)
{
	if (dm < 1)
		return 0;
	uint8_t *t = malloc(2 * (size_t)dm);
	if (!t)
		return -1;
	zpoly_mul(a, dm, b, dm, t, q);
	zpoly_rem(t, 2 * dm - 1, m, dm, NULL, q);
	memcpy(y, t, (size_t)dm);
	free(t);
	return 0;
}

/* out (dm coefficients) = a (n coefficients) mod m. */
static int modp(const uint8_t *a, int n, const uint8_t *m, int dm, int q, uint8_t *out)
{
	int len = n > dm ? n : dm;
	uint8_t *t = calloc((size_t)len + 1, 1);
	if (!t)
		return -1;
	memcpy(t, a, (size_t)n);
	zpoly_rem(t, len, m, dm, NULL, q);
	memcpy(out, t, (size_t)dm);
	free(t);
	return 0;
}

/* Hensel: D = D1 D2 mod p^i -> mod p^(i+1), i = 1..e-1, with a D1 + b D2
 * = 1 mod p (a = D1^-1 mod D2, b = D2^-1 mod D1): E = (D - D1 D2) / p^i,
 * D1 += p^i (b E mod D1), D2 += p^i (a E mod D2), all mod p. */
static int hensel(zpart *pt, const uint8_t *D, int C, const uint8_t *a, const uint8_t *b, const uint8_t *D1p,
		  const uint8_t *D2p)
{
	int p = pt->p, q = pt->q, d1 = pt->d1, d2 = pt->d2, n = C + 1;
	uint8_t *buf = calloc((size_t)n * 3 + 2, 1);
	if (!buf)
		return -1;
	uint8_t *prod = buf, *E = prod + n, *del = E + n;
	int rc = 0;
	for (int pw = p; pw < q && rc == 0; pw *= p) {
		zpoly_mul(pt->D1, d1 + 1, pt->D2, d2 + 1, prod, q);
		for (int i = 0; i < n; i++)
			E[i] = (uint8_t)((D[i] + q - prod[i]) % q / pw % p);
		if (d1 > 0) {
			rc |= modp(E, n, D1p, d1, p, del);
			rc |= mulmod(del, b, D1p, d1, p, del);
			for (int i = 0; i < d1; i++)
				pt->D1[i] = (uint8_t)((pt->D1[i] + pw * del[i]) % q);
		}
		if (d2 > 0) {
			rc |= modp(E, n, D2p, d2, p, del);
			rc |= mulmod(del, a, D2p, d2, p, del);
			for (int i = 0; i < d2; i++)
				pt->D2[i] = (uint8_t)((pt->D2[i] + pw * del[i]) % q);
		}
	}
	free(buf);
	return rc;
}

/* s = x^-1 mod m over Z/q, x given with n coefficients: the inverse mod
 * p by Euclid, lifted.  m monic of degree dm >= 1, x coprime to it mod p. */
static int inverse_mod(const uint8_t *x, int n, const uint8_t *m, int dm, int p, int q, uint8_t *s)
{
	uint8_t *buf = calloc(3 * ((size_t)dm + 1), 1);
	if (!buf)
		return -1;
	uint8_t *xm = buf, *mp = xm + dm + 1, *g = mp + dm + 1;
	int rc = modp(x, n, m, dm, q, xm);
	reduce(m, dm + 1, p, mp);
	uint8_t *sp = calloc((size_t)dm + 1, 1);
	uint8_t *xp = calloc((size_t)dm + 1, 1);
	if (rc < 0 || !sp || !xp)
		rc = -1;
	else {
		reduce(xm, dm, p, xp);
		rc = zpoly_gcdext(xp, dm, mp, dm + 1, p, g, sp) == 0 ? 0 : -1;
	}
	if (rc == 0) {
		memcpy(s, sp, (size_t)dm);
		rc = zpoly_lift_inverse(xm, m, dm, s, p, q);
	}
	free(sp);
	free(xp);
	free(buf);
	return rc;
}

static int part_new(zpart *pt, const uint8_t *Dk, const uint8_t *Qk, int C)
{
	int p = pt->p, q = pt->q, n = C + 1, rc = -1;
	uint8_t *buf = calloc((size_t)n * 8 + 1, 1);
	if (!buf)
		return -1;
	uint8_t *D = buf, *Q = D + n, *Dp = Q + n, *Qp = Dp + n, *g = Qp + n, *s = g + n, *D1p = s + n, *D2p = D1p + n;
	reduce(Dk, n, q, D);
	reduce(Qk, C, q, Q);
	reduce(D, n, p, Dp);
	reduce(Q, C, p, Qp);
	int dg = zpoly_gcdext(Qp, C, Dp, n, p, g, s);
	if (dg < 0)
		goto out;
	int d1 = dg == 0 ? 0 : split_mod_p(Dp, g, n, p, D1p, D2p);
	if (d1 < 0)
		goto out;
	if (d1 == 0) {
		memset(D1p, 0, (size_t)n);
		D1p[0] = 1;
		memcpy(D2p, Dp, (size_t)n);
	}
	pt->d1 = d1;
	pt->d2 = C - d1;
	pt->D1 = calloc((size_t)d1 + 2, 1);
	pt->D2 = calloc((size_t)pt->d2 + 2, 1);
	pt->a = calloc((size_t)pt->d2 + 2, 1);
	pt->s2 = calloc((size_t)pt->d2 + 2, 1);
	uint8_t *b = calloc((size_t)d1 + 2, 1);
	if (!pt->D1 || !pt->D2 || !pt->a || !pt->s2 || !b) {
		free(b);
		goto out;
	}
	/* Mod p for now, lifted below; a factor that is all of D is D mod q. */
	memcpy(pt->D1, pt->d2 ? D1p : D, (size_t)d1 + 1);
	memcpy(pt->D2, d1 ? D2p : D, (size_t)pt->d2 + 1);
	/* a = D1^-1 mod D2 and b = D2^-1 mod D1, mod p for Hensel's steps. */
	bool ok = true;
	if (d1 > 0 && pt->d2 > 0)
		ok = zpoly_gcdext(D1p, d1 + 1, D2p, pt->d2 + 1, p, g, pt->a) == 0 &&
		     zpoly_gcdext(D2p, pt->d2 + 1, D1p, d1 + 1, p, g, b) == 0;
	if (ok && d1 > 0 && pt->d2 > 0 && hensel(pt, D, C, pt->a, b, D1p, D2p) < 0)
		ok = false;
	free(b);
	if (!ok)
		goto out;
	if (pt->d2 > 0) {
		/* Lifted: a for the parts' join, s2 = Q^-1 mod D2. */
		if (d1 > 0 ? inverse_mod(pt->D1, d1 + 1, pt->D2, pt->d2, p, q, pt->a) < 0 : (pt->a[0] = 1, 0))
			goto out;
		if (inverse_mod(Q, C, pt->D2, pt->d2, p, q, pt->s2) < 0)
			goto out;
	}
	if (!(pt->b = calloc((size_t)d1 + 2, 1)))
		goto out;
	if (pt->d2 == 0)
		pt->b[0] = 1;
	else if (d1 > 0 && inverse_mod(pt->D2, pt->d2 + 1, pt->D1, d1, p, q, pt->b) < 0)
		goto out;
	if (d1 > 0) {
		/* The block: column j is x^j Q mod D1. */
		uint8_t *m = calloc((size_t)d1 * d1 + 1, 1), *col = calloc((size_t)d1 + 2, 1);
		if (!m || !col || modp(Q, C, pt->D1, d1, q, col) < 0) {
			free(m);
			free(col);
			goto out;
		}
		for (int j = 0; j < d1; j++) {
			for (int i = 0; i < d1; i++)
				m[(size_t)i * d1 + j] = col[i];
			/* col *= x mod D1. */
			memmove(col + 1, col, (size_t)d1);
			col[0] = 0;
			zpoly_rem(col, d1 + 1, pt->D1, d1, NULL, q);
		}
		pt->blk = zlu_new(m, d1, q);
		free(m);
		free(col);
		if (!pt->blk)
			goto out;
		pt->ngen = zlu_nullity(pt->blk);
	}
	rc = 0;
out:
	free(buf);
	return rc;
}

/* out (C coefficients) = the element that is y mod D1 and y2 mod D2:
 * y + D1 ((y2 - y) a mod D2).  y: d1 coefficients, y2: d2 (NULL: 0). */
static int join(const zpart *pt, const uint8_t *y, const uint8_t *y2, int C, uint8_t *out)
{
	int q = pt->q, d1 = pt->d1, d2 = pt->d2;
	memset(out, 0, (size_t)C);
	if (d2 == 0) {
		memcpy(out, y, (size_t)d1);
		return 0;
	}
	uint8_t *t = calloc((size_t)C + (size_t)d2 * 2 + 2, 1);
	if (!t)
		return -1;
	uint8_t *w = t + C + 1;
	for (int i = 0; i < C; i++)
		t[i] = (uint8_t)(((i < d2 && y2 ? y2[i] : 0) + q - (i < d1 ? y[i] : 0)) % q);
	zpoly_rem(t, C, pt->D2, d2, NULL, q);
	int rc = mulmod(t, pt->a, pt->D2, d2, q, w);
	if (rc == 0) {
		zpoly_mul(pt->D1, d1 + 1, w, d2, t, q);	/* C coefficients */
		for (int i = 0; i < C; i++)
			out[i] = (uint8_t)((t[i] + (i < d1 ? y[i] : 0)) % q);
	}
	free(t);
	return rc;
}

zplus *zplus_new(const uint8_t *m0, int C, int k)
{
	zplus *z = C < 1 || k < 2 ? NULL : calloc(1, sizeof *z);
	uint8_t *D = z ? calloc((size_t)C + 2, 1) : NULL, *Q = D ? calloc((size_t)C + 2, 1) : NULL;
	if (!Q)
		goto fail;
	z->C = C;
	z->k = k;
	if (row_poly(C, k, D) < 0 || poly_of_vec(m0, C, k, Q) < 0)
		goto fail;
	int rest = k;
	for (int p = 2; rest > 1; p++)
		if (rest % p == 0) {
			zpart *pt = &z->part[z->nparts++];
			pt->p = p;
			pt->q = 1;
			while (rest % p == 0) {
				rest /= p;
				pt->q *= p;
				pt->e++;
			}
		}
	for (int i = 0; i < z->nparts; i++) {
		int q = z->part[i].q, o = k / q;
		z->idem[i] = o * zmod_inverse(o % q, q) % k;
		if (part_new(&z->part[i], D, Q, C) < 0)
			goto fail;
		if (z->part[i].ngen > z->nullity)
			z->nullity = z->part[i].ngen;
	}
	/* Generator g joins the parts' g-th (orders p^v, largest first):
	 * orders coprime, so their sum has the product for order. */
	z->order = malloc(((size_t)z->nullity + 1) * sizeof *z->order);
	if (!z->order)
		goto fail;
	for (int g = 0; g < z->nullity; g++) {
		z->order[g] = 1;
		for (int i = 0; i < z->nparts; i++)
			if (g < z->part[i].ngen)
				z->order[g] *= zlu_order(z->part[i].blk, g);
	}
	free(D);
	free(Q);
	return z;
fail:
	free(D);
	free(Q);
	zplus_free(z);
	return NULL;
}

void zplus_free(zplus *z)
{
	if (!z)
		return;
	for (int i = 0; i < z->nparts; i++)
		part_free(&z->part[i]);
	free(z->order);
	free(z);
}

int zplus_nullity(const zplus *z)
{
	return z->nullity;
}

int zplus_order(const zplus *z, int i)
{
	return z->order[i];
}

/* acc += idem * (the part's polynomial) mod k, then u = acc(T) e_0. */
static void accumulate(const zplus *z, int i, const uint8_t *poly, uint8_t *acc)
{
	for (int j = 0; j < z->C; j++)
		acc[j] = (uint8_t)((acc[j] + poly[j] * z->idem[i]) % z->k);
}

lo_result zplus_kernel(const zplus *z, int g, uint8_t *u)
{
	int C = z->C;
	uint8_t *buf = calloc(3 * ((size_t)C + 1), 1);
	lo_result st = LO_NOMEM;
	if (!buf)
		return LO_NOMEM;
	uint8_t *acc = buf, *y = acc + C + 1, *poly = y + C + 1;
	for (int i = 0; i < z->nparts; i++) {
		const zpart *pt = &z->part[i];
		if (g >= pt->ngen)
			continue;
		if (zlu_kernel(pt->blk, g, y) != LO_OK || join(pt, y, NULL, C, poly) < 0)
			goto out;
		accumulate(z, i, poly, acc);
	}
	if (vec_of_poly(acc, C, z->k, u) == 0)
		st = LO_OK;
out:
	free(buf);
	return st;
}

lo_result zplus_solve(const zplus *z, const uint8_t *c, uint8_t *u)
{
	int C = z->C;
	uint8_t *buf = calloc(6 * ((size_t)C + 1), 1);
	lo_result st = LO_NOMEM;
	if (!buf)
		return LO_NOMEM;
	uint8_t *r = buf, *acc = r + C + 1, *rq = acc + C + 1, *y = rq + C + 1, *y2 = y + C + 1, *poly = y2 + C + 1;
	if (poly_of_vec(c, C, z->k, r) < 0)
		goto out;
	for (int i = 0; i < z->nparts; i++) {
		const zpart *pt = &z->part[i];
		int q = pt->q;
		reduce(r, C, q, rq);
		memset(y, 0, (size_t)C);
		if (pt->d1 > 0) {
			uint8_t *r1 = poly;
			if (modp(rq, C, pt->D1, pt->d1, q, r1) < 0)
				goto out;
			lo_result s = zlu_solve(pt->blk, r1, y, NULL);
			if (s != LO_OK) {
				st = s;
				goto out;
			}
		}
		if (pt->d2 > 0 && (modp(rq, C, pt->D2, pt->d2, q, y2) < 0 || mulmod(y2, pt->s2, pt->D2, pt->d2, q, y2) < 0))
			goto out;
		if (join(pt, y, y2, C, poly) < 0)
			goto out;
		accumulate(z, i, poly, acc);
	}
	if (vec_of_poly(acc, C, z->k, u) == 0)
		st = LO_OK;
out:
	free(buf);
	return st;
}

/* Whether the part's generators' dots with w: dots[g] |= (u_g . w != 0
 * mod q).  u_g = (y e1 mod D)(T) e_0 with e1 = D2 b (1 mod D1, 0 mod D2)
 * and y the block's kernel vector, so u_g . w = sum_j y_j (T^j w')_0 with
 * w' = e1(T) w (T symmetric): O(C^2) once, O(d1) a generator. */
static int part_dots(const zpart *pt, const uint8_t *w, int C, bool *dots)
{
	int q = pt->q, d1 = pt->d1;
	uint8_t *buf = calloc(4 * ((size_t)C + 2) + (size_t)d1, 1);
	if (!buf)
		return -1;
	uint8_t *e1 = buf, *v = e1 + C + 2, *t = v + C + 2, *wq = t + C + 2, *h = wq + C + 2;
	zpoly_mul(pt->D2, pt->d2 + 1, pt->b, d1, e1, q);	/* C coefficients */
	reduce(w, C, q, wq);
	/* v = e1(T) w by Horner, on whole rows. */
	for (int i = C - 1; i >= 0; i--) {
		times_t(t, v, C, C, (unsigned)q);
		memcpy(v, t, (size_t)C);
		zpoly_axpy(v, wq, C, e1[i], q);
	}
	for (int j = 0; j < d1; j++) {
		h[j] = v[0];
		times_t(t, v, C, C, (unsigned)q);
		memcpy(v, t, (size_t)C);
	}
	int rc = 0;
	uint8_t *y = t;
	for (int g = 0; g < pt->ngen && rc == 0; g++) {
		if (zlu_kernel(pt->blk, g, y) != LO_OK) {
			rc = -1;
			break;
		}
		long dot = 0;
		for (int j = 0; j < d1; j++)
			dot += y[j] * h[j];
		dots[g] |= dot % q != 0;
	}
	free(buf);
	return rc;
}

int zplus_odd_generator(const zplus *z, const uint8_t *w)
{
	bool *dots = calloc((size_t)z->nullity + 1, sizeof *dots);
	if (!dots)
		return -2;
	int g = -1;
	for (int i = 0; i < z->nparts; i++)
		if (z->part[i].ngen > 0 && part_dots(&z->part[i], w, z->C, dots) < 0)
			g = -2;
	for (int i = 0; g == -1 && i < z->nullity; i++)
		if (dots[i])
			g = i;
	free(dots);
	return g;
}
