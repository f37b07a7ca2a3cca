#include "engine/chase.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "engine/chaseshape.h"
#include "engine/gf2.h"

struct chase {
	chaseshape sh;
	int words;		/* of the unknowns' bit vectors */
	bool plus;		/* the classic rule without torus: word-parallel paths */
	gf2_mat *m;		/* residual equations over the unknowns (+ 1 spare column) */
	int nullity;
	gf2_mat *kern;		/* unknowns of the quiet patterns */
	/* Classic rule with M invertible: M^-1 = inv(T), a polynomial in T. */
	uint64_t *inv;
	int inv_deg;		/* -1: not known */
};

static inline uint64_t *m_row(const chase *c, int i)
{
	return gf2_row(c->m, i);
}

/* u <- T u + prev over `words` words of a cols-bit row: each bit gets its
 * left and right neighbours.  Only words lo..hi can be non-zero. */
static inline void step_row(uint64_t *u, uint64_t *prev, int lo, int hi, uint64_t top_mask, int last)
{
	uint64_t carry_in = 0;	/* bit 63 of the word below, shifted up */
	for (int w = lo; w <= hi; w++) {
		uint64_t x = u[w];
		uint64_t next = w + 1 <= last ? u[w + 1] : 0;
		uint64_t t = x ^ (x << 1) ^ carry_in ^ (x >> 1) ^ (next << 63);
		carry_in = x >> 63;
		if (w == last)
			t &= top_mask;
		prev[w] ^= t;
	}
}

/* Row 0 of M = p_R(T) by u_{r+1} = T u_r + u_{r-1} from u_0 = e_0 (the
 * support of u_r stays within r + 1 cells of column 0), then every other
 * row from the fact that M commutes with T: (T M)_m = (M T)_m gives
 * M_{m+1} = shl(M_m) ^ shr(M_m) ^ M_{m-1}.  O((R + C) C / 64) in all. */
static int build_plus(chase *c)
{
	int words = c->words, last = words - 1, C = c->sh.cols;
	uint64_t top = C % 64 ? (1ULL << (C % 64)) - 1 : ~0ULL;
	uint64_t *a = calloc((size_t)words, sizeof *a), *b = calloc((size_t)words, sizeof *b);
	if (!a || !b) {
		free(a);
		free(b);
		return -1;
	}
	/* a = u_0 = e_0 (prev), b = u_1 = T e_0 (current). */
	a[0] = 1;
	b[0] = C > 1 ? 3 : 1;
	uint64_t *prev = a, *cur = b;
	for (int r = 1; r < c->sh.rows; r++) {
		int hi = (r + 1) / 64;
		step_row(cur, prev, 0, hi > last ? last : hi, top, last);
		uint64_t *t = prev;
		prev = cur;
		cur = t;
	}
	memcpy(gf2_row(c->m, 0), cur, (size_t)words * sizeof *cur);
	free(a);
	free(b);
	for (int m = 0; m + 1 < C; m++) {
		const uint64_t *row = gf2_row(c->m, m), *up = m ? gf2_row(c->m, m - 1) : NULL;
		uint64_t *next = gf2_row(c->m, m + 1);
		uint64_t below = 0;	/* bit 63 of the previous word */
		for (int w = 0; w < words; w++) {
			uint64_t x = row[w], after = w < last ? row[w + 1] : 0;
			uint64_t t = (x << 1) ^ below ^ (x >> 1) ^ (after << 63);
			below = x >> 63;
			if (up)
				t ^= up[w];
			next[w] = t;
		}
		next[last] &= top;
	}
	return 0;
}

/* The general sweep, on the words [w0, w1) of every unknowns' vector so
 * two threads can share it: the presses of row p+h as sums of unknowns,
 * from the cells of row p; then each residual cell's sum is a row of M. */
typedef struct sweep_job {
	chase *c;
	int w0, w1;
	bool failed;
} sweep_job;

static void *sweep(void *arg)
{
	sweep_job *j = arg;
	chase *c = j->c;
	int R = c->sh.rows, C = c->sh.cols, h = c->sh.h, ring = 2 * h + 1, W = j->w1 - j->w0;
	uint64_t *rows = calloc((size_t)ring * C * (W ? W : 1), sizeof *rows);
	uint64_t *acc = malloc((size_t)(W ? W : 1) * sizeof *acc);
	if (!rows || !acc) {
		j->failed = true;
		goto out;
	}
	/* acc += the symbolic press (r, col): a unit vector for an unknown. */
#define ADD_PRESS(r, col)                                                                                 \
	do {                                                                                                  \
		if ((r) < c->sh.urows) {                                                                             \
			int u_ = (r) * C + (col), w_ = u_ / 64 - j->w0;                                                \
			if (w_ >= 0 && w_ < W)                                                                        \
				acc[w_] ^= 1ULL << (u_ % 64);                                                              \
		} else {                                                                                          \
			const uint64_t *v_ = rows + ((size_t)((r) % ring) * C + (size_t)(col)) * W;                   \
			for (int t_ = 0; t_ < W; t_++)                                                                \
				acc[t_] ^= v_[t_];                                                                        \
		}                                                                                                 \
	} while (0)
	int p0 = c->sh.torus ? h : 0;
	for (int p = p0; p < R - h; p++)
		for (int col = 0; col < C; col++) {
			memset(acc, 0, (size_t)W * sizeof *acc);
			int r, cc;
			for (int q = 0; q < c->sh.npress; q++)
				if (q != c->sh.det && chaseshape_press(&c->sh, p, col, q, &r, &cc))
					ADD_PRESS(r, cc);
			chaseshape_press(&c->sh, p, col, c->sh.det, &r, &cc);
			memcpy(rows + ((size_t)(r % ring) * C + (size_t)cc) * W, acc, (size_t)W * sizeof *acc);
		}
	for (int q = 0; q < c->sh.unknowns; q++) {
		int p = chaseshape_residual_row(&c->sh, q / C), col = q % C;
		memset(acc, 0, (size_t)W * sizeof *acc);
		int r, cc;
		for (int t = 0; t < c->sh.npress; t++)
			if (chaseshape_press(&c->sh, p, col, t, &r, &cc))
				ADD_PRESS(r, cc);
#undef ADD_PRESS
		memcpy(m_row(c, q) + j->w0, acc, (size_t)W * sizeof *acc);
	}
out:
	free(rows);
	free(acc);
	return NULL;
}

/* M by the general sweep, on both cores. */
static int build_sweep(chase *c)
{
	/* One spare column for the right-hand side when solving. */
	c->m = gf2_new(c->sh.unknowns, c->sh.unknowns + 1);
	if (!c->m)
		return -1;
	pthread_t t;
	int half = c->words / 2;
	sweep_job jobs[2] = { { c, 0, half, false }, { c, half, c->words, false } };
	bool two = half > 0 && pthread_create(&t, NULL, sweep, &jobs[1]) == 0;
	if (!two)
		jobs[0].w1 = c->words;
	sweep(&jobs[0]);
	if (two)
		pthread_join(t, NULL);
	return jobs[0].failed || (two && jobs[1].failed) ? -1 : 0;
}

static int factor(chase *c);

chase *chase_new(int rows, int cols, const rule *r)
{
	chase *c = calloc(1, sizeof *c);
	if (!c)
		return NULL;
	if (!chaseshape_make(&c->sh, r, rows, cols)) {
		free(c);
		return NULL;
	}
	c->inv_deg = -1;
	c->words = (c->sh.unknowns + 63) / 64;
	/* The classic rule: M = p_R(T) is built only when singular (see
	 * factor); otherwise its inverse is a polynomial in T.  Everything
	 * solving reads is made here: from now on the chase is only read, so
	 * threads may solve with it at once. */
	c->plus = rule_is_classic(r);
	if ((!c->plus && build_sweep(c) < 0) || factor(c) < 0) {
		chase_free(c);
		return NULL;
	}
	return c;
}

void chase_free(chase *c)
{
	if (c) {
		gf2_free(c->m);
		gf2_free(c->kern);
		free(c->inv);
		free(c);
	}
}

/* Polynomials over GF(2), bit i = coefficient of x^i, in `n` words. */
static int poly_deg(const uint64_t *p, int n)
{
	for (int w = n - 1; w >= 0; w--)
		if (p[w])
			return w * 64 + 63 - __builtin_clzll(p[w]);
	return -1;
}

/* p ^= q << s (q of degree dq). */
static void poly_xor_shifted(uint64_t *p, const uint64_t *q, int dq, int s)
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

/* a <- x b + a (+ b when plus_b): one step of the recurrences below. */
static void poly_step(uint64_t *a, const uint64_t *b, int n, bool plus_b)
{
	uint64_t carry = 0;
	for (int w = 0; w < n; w++) {
		a[w] ^= b[w] << 1 | carry;
		if (plus_b)
			a[w] ^= b[w];
		carry = b[w] >> 63;
	}
}

/* The classic rule through its polynomials: M = P_R(T) with P_0 = 1,
 * P_1 = x, P_{r+1} = x P_r + P_{r-1}, and T (tridiagonal, so cyclic) has
 * the characteristic and minimal polynomial D_C, with D_0 = 1, D_1 = x + 1,
 * D_{n+1} = (x + 1) D_n + D_{n-1}.  So nullity(M) = deg gcd(P_R, D_C), and
 * when that gcd is 1, M^-1 = S(T) with S P_R = 1 mod D_C (extended Euclid):
 * no elimination at all.  O((R + C) C / 64).  Returns the nullity, or -1
 * when out of memory. */
static int plus_poly(chase *c)
{
	int C = c->sh.cols, R = c->sh.rows, n = C / 64 + 2;
	uint64_t *buf = calloc((size_t)n * 6, sizeof *buf);
	if (!buf)
		return -1;
	uint64_t *d = buf, *a = buf + n, *b = buf + 2 * n, *r1 = buf + 3 * n, *s0 = buf + 4 * n, *s1 = buf + 5 * n;
	/* D_C: a = D_{i-1}, b = D_i. */
	a[0] = 1;
	b[0] = 3;
	for (int i = 1; i < C; i++) {
		poly_step(a, b, n, true);
		uint64_t *t = a;
		a = b;
		b = t;
	}
	memcpy(d, b, (size_t)n * sizeof *d);
	/* P_R mod D_C: a = P_{r-1}, b = P_r, both of degree < C. */
	memset(a, 0, (size_t)n * sizeof *a);
	memset(b, 0, (size_t)n * sizeof *b);
	a[0] = 1;
	b[0] = 2;
	if (C == 1)
		b[0] = 1;	/* x = 1 mod x + 1 */
	for (int r = 1; r < R; r++) {
		poly_step(a, b, n, false);
		if (a[C / 64] >> (C % 64) & 1)
			for (int w = 0; w < n; w++)
				a[w] ^= d[w];
		uint64_t *t = a;
		a = b;
		b = t;
	}
	/* Extended Euclid on (D_C, P_R): r_i = s_i P_R mod D_C throughout. */
	uint64_t *r0 = a;
	memcpy(r0, d, (size_t)n * sizeof *r0);
	memcpy(r1, b, (size_t)n * sizeof *r1);
	s1[0] = 1;
	int d0 = poly_deg(r0, n), d1 = poly_deg(r1, n);
	while (d1 >= 0) {
		while (d0 >= d1) {
			int ds = poly_deg(s1, n);
			poly_xor_shifted(r0, r1, d1, d0 - d1);
			if (ds >= 0)
				poly_xor_shifted(s0, s1, ds, d0 - d1);
			d0 = poly_deg(r0, n);
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
	int nullity = d0;
	if (nullity == 0) {
		c->inv_deg = poly_deg(s0, n);
		c->inv = malloc((size_t)n * sizeof *c->inv);
		if (!c->inv) {
			free(buf);
			return -1;
		}
		memcpy(c->inv, s0, (size_t)n * sizeof *c->inv);
	}
	free(buf);
	return nullity;
}

/* u = S(T) v by Horner, for the classic rule with M invertible. */
static bool plus_apply_inverse(const chase *c, const uint64_t *v, uint64_t *u)
{
	int words = c->words, last = words - 1, C = c->sh.cols;
	uint64_t top = C % 64 ? (1ULL << (C % 64)) - 1 : ~0ULL;
	uint64_t *t = malloc((size_t)words * sizeof *t);
	if (!t)
		return false;
	memset(u, 0, (size_t)words * sizeof *u);
	for (int i = c->inv_deg; i >= 0; i--) {
		uint64_t below = 0;
		for (int w = 0; w < words; w++) {
			uint64_t x = u[w], after = w < last ? u[w + 1] : 0;
			t[w] = x ^ (x << 1) ^ below ^ (x >> 1) ^ (after << 63);
			below = x >> 63;
		}
		t[last] &= top;
		if (c->inv[i / 64] >> (i % 64) & 1)
			for (int w = 0; w < words; w++)
				t[w] ^= v[w];
		memcpy(u, t, (size_t)words * sizeof *u);
	}
	free(t);
	return true;
}

/* Bytes (bit 0 of each) to bits and back, 8 cells per multiply: byte i of
 * v lands on bit 56 + i of v * 0x0102040810204080, with no carries. */
static void pack_row(const uint8_t *src, int n, uint64_t *dst)
{
	int i = 0;
	memset(dst, 0, (size_t)(n + 63) / 64 * sizeof *dst);
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
	for (; i + 8 <= n; i += 8) {
		uint64_t v;
		memcpy(&v, src + i, 8);
		dst[i / 64] |= ((v & 0x0101010101010101ULL) * 0x0102040810204080ULL >> 56) << (i % 64);
	}
#endif
	for (; i < n; i++)
		dst[i / 64] |= (uint64_t)(src[i] & 1) << (i % 64);
}

static void unpack_row(const uint64_t *src, int n, uint8_t *dst)
{
	int i = 0;
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
	for (; i + 8 <= n; i += 8) {
		/* Byte j keeps bit j of the eight, then any non-zero byte -> 1. */
		uint64_t v = ((src[i / 64] >> (i % 64) & 0xff) * 0x0101010101010101ULL) & 0x8040201008040201ULL;
		v = ((v + 0x7f7f7f7f7f7f7f7fULL) >> 7) & 0x0101010101010101ULL;
		memcpy(dst + i, &v, 8);
	}
#endif
	for (; i < n; i++)
		dst[i] = (uint8_t)(src[i / 64] >> (i % 64) & 1);
}

/* The classic chase, 64 cells per word: row p + 1 of the presses is
 * b_p + T x_p + x_{p-1}; the last row's residual is b_{R-1} + T x_{R-1} +
 * x_{R-2}. */
static bool chase_rows_plus(const chase *c, const uint8_t *b, uint8_t *x, const uint64_t *u, uint64_t *res)
{
	int R = c->sh.rows, C = c->sh.cols, words = c->words, last = words - 1;
	uint64_t top = C % 64 ? (1ULL << (C % 64)) - 1 : ~0ULL;
	uint64_t *buf = calloc((size_t)words * 3, sizeof *buf);
	if (!buf)
		return false;
	uint64_t *prev = buf, *cur = buf + words, *bw = buf + 2 * words;
	memcpy(cur, u, (size_t)words * sizeof *cur);
	unpack_row(cur, C, x);
	for (int p = 0; p < R; p++) {
		if (b)
			pack_row(b + (size_t)p * C, C, bw);
		uint64_t below = 0;
		for (int w = 0; w < words; w++) {
			uint64_t v = cur[w], after = w < last ? cur[w + 1] : 0;
			uint64_t t = v ^ (v << 1) ^ below ^ (v >> 1) ^ (after << 63) ^ prev[w];
			below = v >> 63;
			/* prev is free once read: it becomes the next row. */
			prev[w] = b ? t ^ bw[w] : t;
		}
		prev[last] &= top;
		uint64_t *t = prev;
		prev = cur;
		cur = t;
		if (p + 1 < R)
			unpack_row(cur, C, x + (size_t)(p + 1) * C);
	}
	memcpy(res, cur, (size_t)words * sizeof *res);
	free(buf);
	return true;
}

/* The chase in numbers: unknown presses u, board b (NULL: clear) -> every
 * press in x, and what the residual cells still show in res (bits). */
static void chase_rows(const chase *c, const uint8_t *b, uint8_t *x, const uint64_t *u, uint64_t *res)
{
	int R = c->sh.rows, C = c->sh.cols, h = c->sh.h;
	if (c->plus && chase_rows_plus(c, b, x, u, res))
		return;
	for (int i = 0; i < c->sh.unknowns; i++)
		x[i] = (uint8_t)(u[i / 64] >> (i % 64) & 1);
	for (int p = c->sh.torus ? h : 0; p < R - h; p++)
		for (int col = 0; col < C; col++) {
			int v = b ? b[(size_t)p * C + col] & 1 : 0, r, cc;
			for (int q = 0; q < c->sh.npress; q++)
				if (q != c->sh.det && chaseshape_press(&c->sh, p, col, q, &r, &cc))
					v ^= x[(size_t)r * C + cc];
			chaseshape_press(&c->sh, p, col, c->sh.det, &r, &cc);
			x[(size_t)r * C + cc] = (uint8_t)v;
		}
	memset(res, 0, (size_t)c->words * sizeof *res);
	for (int q = 0; q < c->sh.unknowns; q++) {
		int p = chaseshape_residual_row(&c->sh, q / C), col = q % C;
		int v = b ? b[(size_t)p * C + col] & 1 : 0, r, cc;
		for (int t = 0; t < c->sh.npress; t++)
			if (chaseshape_press(&c->sh, p, col, t, &r, &cc))
				v ^= x[(size_t)r * C + cc];
		if (v)
			res[q / 64] |= 1ULL << (q % 64);
	}
}

/* Reduce [M | rhs]; returns rank and pivot columns.  M itself is kept. */
static int eliminate(const chase *c, const uint64_t *rhs, gf2_mat **out, int *pivcol)
{
	int C = c->sh.unknowns;
	if (!c->m)
		return -1;
	gf2_mat *a = gf2_new(C, C + 1);
	if (!a)
		return -1;
	memcpy(a->bits, c->m->bits, (size_t)C * (size_t)a->words * sizeof *a->bits);
	for (int i = 0; i < C; i++)
		gf2_set(a, i, C, rhs ? (int)(rhs[i / 64] >> (i % 64) & 1) : 0);
	int rank = gf2_rref(a, C, pivcol);
	*out = a;
	return rank;
}

/* Quiet patterns' first rows from a reduced [M | rhs]. */
static int take_kernel(chase *c, const gf2_mat *a, const int *piv, int rank)
{
	int C = c->sh.unknowns;
	c->kern = gf2_new(C - rank ? C - rank : 1, C);
	bool *is_piv = calloc((size_t)C, sizeof *is_piv);
	if (!c->kern || !is_piv) {
		free(is_piv);
		return -1;
	}
	for (int i = 0; i < rank; i++)
		is_piv[piv[i]] = true;
	for (int f = 0, q = 0; f < C; f++)
		if (!is_piv[f]) {
			gf2_set(c->kern, q, f, 1);
			for (int i = 0; i < rank; i++)
				if (gf2_get(a, i, f))
					gf2_set(c->kern, q, piv[i], 1);
			q++;
		}
	free(is_piv);
	c->nullity = C - rank;
	return 0;
}

/* M's nullity and quiet patterns, and for the classic rule M^-1 when it
 * exists: once, from chase_new. */
static int factor(chase *c)
{
	if (c->plus) {
		int nullity = plus_poly(c);
		if (nullity < 0)
			return -1;
		if (nullity == 0) {
			c->nullity = 0;
			return 0;
		}
		if (!c->m) {
			c->m = gf2_new(c->sh.unknowns, c->sh.unknowns + 1);
			if (!c->m || build_plus(c) < 0)
				return -1;
		}
	}
	int *piv = malloc((size_t)c->sh.unknowns * sizeof *piv);
	gf2_mat *a = NULL;
	int rank = piv ? eliminate(c, NULL, &a, piv) : -1;
	int rc = rank < 0 ? -1 : take_kernel(c, a, piv, rank);
	free(piv);
	gf2_free(a);
	return rc;
}

int chase_nullity(const chase *c)
{
	return c->nullity;
}

int chase_kernel(const chase *c, int i, uint8_t *x)
{
	uint64_t *res = calloc((size_t)c->words, sizeof *res);
	if (!res)
		return -1;
	chase_rows(c, NULL, x, gf2_row(c->kern, i), res);
	free(res);
	return 0;
}

lo_result chase_solve(const chase *c, const uint8_t *b, uint8_t *x, uint8_t *cert)
{
	lo_result st = LO_NOMEM;
	int C = c->sh.unknowns, words = c->words;
	uint64_t *zero = calloc((size_t)words, sizeof *zero), *res = calloc((size_t)words, sizeof *res);
	uint64_t *x0 = calloc((size_t)words, sizeof *x0);
	int *piv = malloc((size_t)C * sizeof *piv);
	gf2_mat *a = NULL;
	bool ok = false;
	if (!zero || !res || !x0 || !piv)
		goto out;
	if (c->inv) {
		/* M invertible: x0 = M^-1 c with no elimination. */
		chase_rows(c, b, x, zero, res);
		if (plus_apply_inverse(c, res, x0)) {
			chase_rows(c, b, x, x0, res);
			st = LO_SOLVED;
			goto out;
		}
	}
	/* With x0 = 0 the chase leaves c on the last row; then M x0 = c. */
	chase_rows(c, b, x, zero, res);
	int rank = eliminate(c, res, &a, piv);
	if (rank < 0)
		goto out;
	ok = true;
	for (int i = rank; i < C; i++)
		if (gf2_get(a, i, C))
			ok = false;
	if (ok) {
		for (int i = 0; i < rank; i++)
			if (gf2_get(a, i, C))
				x0[piv[i] / 64] |= 1ULL << (piv[i] % 64);
		chase_rows(c, b, x, x0, res);
		st = LO_SOLVED;
	} else {
		st = LO_UNSOLVABLE;
		/* A symmetric rule: some quiet pattern overlaps b oddly. */
		size_t n = (size_t)c->sh.rows * c->sh.cols;
		for (int q = 0; cert && q < c->nullity; q++) {
			if (chase_kernel(c, q, cert) < 0) {
				st = LO_NOMEM;
				break;
			}
			int dot = 0;
			for (size_t i = 0; i < n; i++)
				dot ^= cert[i] & b[i];
			if (dot)
				break;
		}
	}
out:
	gf2_free(a);
	free(zero);
	free(res);
	free(x0);
	free(piv);
	return st;
}
