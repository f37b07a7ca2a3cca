#include "engine/chase.h"

#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#ifdef HAVE_M4RI
#include <m4ri/m4ri.h>
#endif

#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "engine/bitboard.h"
#include "engine/chaseshape.h"
#include "engine/gf2.h"
#include "engine/gf2poly.h"

struct chase {
	chaseshape sh;
	int words;		/* of the unknowns' bit vectors */
	bool plus;		/* the classic rule without torus: the polynomial path */
	gf2_mat *m;		/* other rules: residual equations over the unknowns (+ 1 spare column) */
	int nullity;
	gf2_mat *kern;		/* other rules: unknowns of the quiet patterns */
#ifdef HAVE_M4RI
	/* Other rules, M = P L U Q factored once (factor_pluq): a solve is
	 * two triangular solves, not a second elimination. */
	mzd_t *lu;
	mzp_t *lp, *lq;
	int lrank;
#endif
	int threads;		/* chase_new_threads: 1 keeps the building on one */
	/* The classic rule (plus_poly), its polynomials in pn words.  M
	 * invertible: M^-1 = inv(T).  M singular, with g = gcd(P_R, D_C) and
	 * h = D_C / g: sol = s mod h where s P_R = g mod D_C, and d = D_C and
	 * pm1 = P_{R-1} mod D_C for certificates. */
	int pn;
	uint64_t *inv;
	int inv_deg;
	uint64_t *g, *h, *sol, *d, *pm1;
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

/* u <- T u in place, T the tridiagonal matrix of a row (cols bits in
 * words 0..last, top the last word's mask), when T u lies in words 0..hi. */
static inline void times_t(uint64_t *u, int hi, int last, uint64_t top)
{
	uint64_t below = 0;	/* bit 63 of the word below, before the step */
	for (int w = 0; w <= hi; w++) {
		uint64_t x = u[w], after = w < last ? u[w + 1] : 0;
		u[w] = x ^ (x << 1) ^ below ^ (x >> 1) ^ (after << 63);
		below = x >> 63;
	}
	if (hi == last)
		u[last] &= top;
}

static uint64_t top_mask(int cols)
{
	return cols % 64 ? (1ULL << (cols % 64)) - 1 : ~0ULL;
}

/* Row 0 of M = p_R(T) by u_{r+1} = T u_r + u_{r-1} from u_0 = e_0 (the
 * support of u_r stays within r + 1 cells of column 0), then every other
 * row from the fact that M commutes with T: (T M)_m = (M T)_m gives
 * M_{m+1} = shl(M_m) ^ shr(M_m) ^ M_{m-1}.  O((R + C) C / 64) in all.
 * Only for the dense path (chase_solve_dense): M is never built otherwise. */
static int build_plus(const chase *c, gf2_mat *m)
{
	int words = c->words, last = words - 1, C = c->sh.cols;
	uint64_t top = top_mask(C);
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
	memcpy(gf2_row(m, 0), cur, (size_t)words * sizeof *cur);
	free(a);
	free(b);
	for (int i = 0; i + 1 < C; i++) {
		const uint64_t *row = gf2_row(m, i), *up = i ? gf2_row(m, i - 1) : NULL;
		uint64_t *next = gf2_row(m, i + 1);
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
		int u_ = chaseshape_unknown_index(&c->sh, (r), (col));                                         \
		if (u_ >= 0) {                                                                                    \
			int w_ = u_ / 64 - j->w0;                                                                      \
			if (w_ >= 0 && w_ < W)                                                                        \
				acc[w_] ^= 1ULL << (u_ % 64);                                                              \
		} else {                                                                                          \
			const uint64_t *v_ = rows + ((size_t)((r) % ring) * C + (size_t)(col)) * W;                   \
			for (int t_ = 0; t_ < W; t_++)                                                                \
				acc[t_] ^= v_[t_];                                                                        \
		}                                                                                                 \
	} while (0)
	int p0 = c->sh.torus ? h : 0, chased = chaseshape_chased_cols(&c->sh);
	for (int p = p0; p < R - h; p++) {
		for (int col = 0; col < chased; col++) {
			memset(acc, 0, (size_t)W * sizeof *acc);
			int r, cc;
			for (int q = 0; q < c->sh.npress; q++)
				if (q != c->sh.det && chaseshape_press(&c->sh, p, col, q, &r, &cc))
					ADD_PRESS(r, cc);
			chaseshape_press(&c->sh, p, col, c->sh.det, &r, &cc);
			memcpy(rows + ((size_t)(r % ring) * C + (size_t)cc) * W, acc, (size_t)W * sizeof *acc);
		}
	/* Residual cell (p, col) to its row of M; the last sc columns'
	 * while their rows are still in the ring. */
#define ADD_RESIDUAL(q)                                                                                   \
	do {                                                                                                  \
		int p_, col_, r_, cc_;                                                                            \
		chaseshape_residual(&c->sh, (q), &p_, &col_);                                                     \
		memset(acc, 0, (size_t)W * sizeof *acc);                                                          \
		for (int k_ = 0; k_ < c->sh.npress; k_++)                                                         \
			if (chaseshape_press(&c->sh, p_, col_, k_, &r_, &cc_))                                        \
				ADD_PRESS(r_, cc_);                                                                         \
		memcpy(m_row(c, (q)) + j->w0, acc, (size_t)W * sizeof *acc);                                      \
	} while (0)
		for (int q = c->sh.urows * C + p * c->sh.sc; c->sh.sc && q < c->sh.urows * C + (p + 1) * c->sh.sc; q++)
			ADD_RESIDUAL(q);
	}
	for (int q = 0; q < c->sh.urows * C; q++)
		ADD_RESIDUAL(q);
#undef ADD_RESIDUAL
#undef ADD_PRESS
out:
	free(rows);
	free(acc);
	return NULL;
}

/* M by the general sweep, on two cores unless told one. */
static int build_sweep(chase *c)
{
	/* One spare column for the right-hand side when solving. */
	c->m = gf2_new(c->sh.unknowns, c->sh.unknowns + 1);
	if (!c->m)
		return -1;
	pthread_t t;
	int half = c->words / 2;
	sweep_job jobs[2] = { { c, 0, half, false }, { c, half, c->words, false } };
	bool two = c->threads != 1 && half > 0 && pthread_create(&t, NULL, sweep, &jobs[1]) == 0;
	if (!two)
		jobs[0].w1 = c->words;
	sweep(&jobs[0]);
	if (two)
		pthread_join(t, NULL);
	return jobs[0].failed || (two && jobs[1].failed) ? -1 : 0;
}

static int plus_poly(chase *c);
static int factor_dense(chase *c);
static void chase_rows(const chase *c, const uint8_t *b, uint8_t *x, const uint64_t *u, uint64_t *res);

/* Whether M can be read off a few chases (build_shifted): the diagonal
 * chase of a mask whose pivot is its bottom-right corner, so no press
 * reaches right of the pivot's column or below its row. */
static bool shifted_applies(const chaseshape *sh)
{
	if (sh->torus || sh->sc <= 0)
		return false;
	for (int q = 0; q < sh->npress; q++)
		if (sh->pdc[q] > sh->sc)
			return false;
	return true;
}

/* k bits of v from bit pos, those past n bits 0 (v has room for n + 128). */
static inline uint64_t bits_at(const uint64_t *v, long n, long pos, int k)
{
	if (pos >= n)
		return 0;
	long w = pos / 64;
	int b = (int)(pos % 64);
	uint64_t x = v[w] >> b;
	if (b)
		x |= v[w + 1] << (64 - b);
	if (pos + k > n)
		k = (int)(n - pos);
	return k >= 64 ? x : x & ((1ULL << k) - 1);
}

/* dst's bits [dpos, dpos + len) ^= src's bits [spos, spos + len), src's
 * bits past n read as 0. */
static void xor_bits(uint64_t *dst, long dpos, const uint64_t *src, long n, long spos, long len)
{
	while (len > 0) {
		int k = 64 - (int)(dpos % 64);
		if (k > len)
			k = (int)len;
		dst[dpos / 64] ^= bits_at(src, n, spos, k) << (dpos % 64);
		dpos += k;
		spos += k;
		len -= k;
	}
}

/* M from h + s + h s chases, not one vector per cell.  No press reaches
 * right of the pivot or below it, so a press depends only on presses in
 * columns left of it or its own, rows above it or its own: the presses
 * an unknown forces are a shifted copy of one pattern.  Unknown (r0, c0)
 * of the first h rows, c0 >= s, forces P_r0 (the presses of unknown
 * (r0, s)) moved c0 - s columns right; unknown (r0, c0) of the first s
 * columns, r0 >= h, forces Q_c0 (those of (h, c0)) moved r0 - h rows
 * down; the h s unknowns (r0 < h, c0 < s) are chased each.  A residual
 * cell's row of M is then a few stretches of P's rows read backwards
 * and of Q's columns read upwards: O(U (C + R) / 64) beside the chases. */
static int build_shifted(chase *c)
{
	const chaseshape *sh = &c->sh;
	int R = sh->rows, C = sh->cols, h = sh->h, s = sh->sc, U = sh->unknowns, top = h * C, RH = R - h, rc = -1;
	size_t rw = (size_t)C / 64 + 3, cw = (size_t)R / 64 + 3, words = (size_t)c->words;
	c->m = gf2_new(U, U + 1);
	uint8_t *x = malloc((size_t)R * C);
	uint64_t *u = calloc(words * 2, sizeof *u), *res = u + words;
	uint64_t *prow = calloc((size_t)h * R * rw + 1, sizeof *prow), *qcol = calloc((size_t)s * C * cw + 1, sizeof *qcol);
	if (!c->m || !x || !u || !prow || !qcol)
		goto out;
	for (int r0 = 0; r0 < h; r0++)
		for (int c0 = 0; c0 <= s; c0++) {
			int i = r0 * C + c0;
			memset(u, 0, words * sizeof *u);
			u[i / 64] = 1ULL << (i % 64);
			chase_rows(c, NULL, x, u, res);
			if (c0 < s) {
				for (int q = 0; q < U; q++)
					if (res[q / 64] >> (q % 64) & 1)
						m_row(c, q)[i / 64] |= 1ULL << (i % 64);
				continue;
			}
			for (int row = 0; row < R; row++) {
				uint64_t *v = prow + ((size_t)r0 * R + row) * rw;
				for (int t = 0; t < C; t++)
					v[t / 64] |= (uint64_t)(x[(size_t)row * C + C - 1 - t] & 1) << (t % 64);
			}
		}
	for (int c0 = 0; c0 < s; c0++) {
		int i = top + c0 * RH;
		memset(u, 0, words * sizeof *u);
		u[i / 64] = 1ULL << (i % 64);
		chase_rows(c, NULL, x, u, res);
		for (int row = 0; row < R; row++)
			for (int col = 0; col < C; col++) {
				uint64_t *v = qcol + ((size_t)c0 * C + col) * cw;
				int t = R - 1 - row;
				v[t / 64] |= (uint64_t)(x[(size_t)row * C + col] & 1) << (t % 64);
			}
	}
	for (int q = 0; q < U; q++) {
		int pp, cc, pr, pc;
		chaseshape_residual(sh, q, &pp, &cc);
		uint64_t *row = m_row(c, q);
		for (int k = 0; k < sh->npress; k++) {
			if (!chaseshape_press(sh, pp, cc, k, &pr, &pc))
				continue;
			for (int r0 = 0; r0 < h; r0++)
				xor_bits(row, (long)r0 * C + s, prow + ((size_t)r0 * R + pr) * rw, C, C - 1 - pc, C - s);
			for (int c0 = 0; c0 < s; c0++)
				xor_bits(row, (long)top + (long)c0 * RH, qcol + ((size_t)c0 * C + pc) * cw, R, R - 1 - pr, RH);
		}
	}
	rc = 0;
out:
	free(x);
	free(u);
	free(prow);
	free(qcol);
	return rc;
}

bool chase_builds_fast(const rule *r, int rows, int cols)
{
	chaseshape sh;
	return !rule_is_classic(r) && chaseshape_make_diag(&sh, r, rows, cols) && shifted_applies(&sh);
}

chase *chase_new(int rows, int cols, const rule *r)
{
	return chase_new_threads(rows, cols, r, 0);
}

chase *chase_new_threads(int rows, int cols, const rule *r, int threads)
{
	chase *c = calloc(1, sizeof *c);
	if (!c)
		return NULL;
	c->threads = threads;
	if (!chaseshape_make_diag(&c->sh, r, rows, cols)) {
		free(c);
		return NULL;
	}
	c->inv_deg = -1;
	c->words = (c->sh.unknowns + 63) / 64;
	/* The classic rule is solved through its polynomials, M never built;
	 * other rules build M by the sweep and eliminate it.  Everything
	 * solving reads is made here: from now on the chase is only read, so
	 * threads may solve with it at once. */
	c->plus = rule_is_classic(r);
	if (c->plus ? plus_poly(c) < 0
		    : (shifted_applies(&c->sh) ? build_shifted(c) : build_sweep(c)) < 0 || factor_dense(c) < 0) {
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
#ifdef HAVE_M4RI
		if (c->lu) {
			mzd_free(c->lu);
			mzp_free(c->lp);
			mzp_free(c->lq);
		}
#endif
		free(c->inv);
		free(c->g);
		free(c);
	}
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

/* u = q(T) e_0, by Horner: T^k e_0 ends at cell k, so the support grows
 * a cell a step. */
static void vec_of_poly(const chase *c, const uint64_t *q, uint64_t *u)
{
	int words = c->words, last = words - 1, dq = gf2poly_deg(q, c->pn);
	uint64_t top = top_mask(c->sh.cols);
	memset(u, 0, (size_t)words * sizeof *u);
	for (int i = dq; i >= 0; i--) {
		int hi = (dq - i) / 64;
		times_t(u, hi < last ? hi : last, last, top);
		u[0] ^= q[i / 64] >> (i % 64) & 1;
	}
}

/* The inverse: the r of degree < C with r(T) e_0 = v.  T e_k = e_{k-1} +
 * e_k + e_{k+1}, so e_k = D_k(T) e_0 and r = sum v_k D_k, by Clenshaw's
 * recurrence b_k = v_k + (x + 1) b_{k+1} + b_{k+2}: its b_0 is the sum,
 * since D_1 = (x + 1) D_0.  tmp: pn words. */
static void poly_of_vec(const chase *c, const uint64_t *v, uint64_t *r, uint64_t *tmp)
{
	int C = c->sh.cols, n = c->pn;
	uint64_t *a = tmp, *b = r;	/* b_{k+2}, b_{k+1} */
	memset(a, 0, (size_t)n * sizeof *a);
	memset(b, 0, (size_t)n * sizeof *b);
	for (int k = C - 1; k >= 0; k--) {
		poly_step(a, b, (C - 1 - k) / 64 + 1, true);	/* deg b_k <= C - 1 - k */
		a[0] ^= v[k / 64] >> (k % 64) & 1;
		uint64_t *t = a;
		a = b;
		b = t;
	}
	if (b != r)
		memcpy(r, b, (size_t)n * sizeof *r);
}

/* The classic rule through its polynomials: M = P_R(T) with P_0 = 1,
 * P_1 = x, P_{r+1} = x P_r + P_{r-1}, and T (tridiagonal, so cyclic: e_0
 * generates the rows) has the characteristic and minimal polynomial D_C,
 * with D_0 = 1, D_1 = x + 1, D_{n+1} = (x + 1) D_n + D_{n-1}.  So q ->
 * q(T) e_0 maps GF(2)[x] / D_C onto the rows (vec_of_poly, poly_of_vec),
 * M u = c reads P_R q = r mod D_C, and with g = gcd(P_R, D_C), s P_R = g
 * mod D_C (extended Euclid) and h = D_C / g:
 * - the nullity is deg g;
 * - P_R q = r has a solution exactly when g divides r: q = (r / g) s;
 * - the quiet patterns' first rows are (h x^i)(T) e_0 = T^i h(T) e_0 for
 *   i < deg g: P_R h = (P_R / g) D_C = 0 mod D_C, and they are
 *   independent, T^i h(T) e_0 ending at cell C - deg g + i;
 * - when g = 1, M^-1 = s(T).
 * No elimination at all: O((R + C) C / 64).  Returns 0, or -1 when out of
 * memory. */
static int plus_poly(chase *c)
{
	int C = c->sh.cols, R = c->sh.rows, n = C / 64 + 2, rc = -1;
	c->pn = n;
	uint64_t *buf = calloc((size_t)n * 9, sizeof *buf);
	if (!buf)
		return -1;
	uint64_t *d = buf, *a = buf + n, *b = buf + 2 * n, *g = buf + 3 * n, *s = buf + 4 * n, *tmp = buf + 5 * n;
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
	c->nullity = gf2poly_gcdext(b, d, g, s, tmp, n);
	if (c->nullity == 0) {
		c->inv_deg = gf2poly_deg(s, n);
		if (!(c->inv = malloc((size_t)n * sizeof *c->inv)))
			goto out;
		memcpy(c->inv, s, (size_t)n * sizeof *c->inv);
		rc = 0;
		goto out;
	}
	c->g = calloc((size_t)n * 5, sizeof *c->g);
	if (!c->g)
		goto out;
	c->h = c->g + n;
	c->sol = c->h + n;
	c->d = c->sol + n;
	c->pm1 = c->d + n;
	memcpy(c->g, g, (size_t)n * sizeof *g);
	memcpy(c->d, d, (size_t)n * sizeof *d);
	memcpy(c->pm1, a, (size_t)n * sizeof *a);
	memcpy(tmp, d, (size_t)n * sizeof *d);
	gf2poly_divmod(tmp, g, c->h, n);	/* no remainder: g divides D_C */
	memcpy(c->sol, s, (size_t)n * sizeof *s);
	gf2poly_divmod(c->sol, c->h, NULL, n);
	rc = 0;
out:
	free(buf);
	return rc;
}

/* The unknowns of quiet pattern i: T^i h(T) e_0 for the classic rule
 * (made when asked: O(C^2 / 64), nothing beside a chase), a row of kern
 * for the others. */
static void kernel_unknowns(const chase *c, int i, uint64_t *u)
{
	int words = c->words, last = words - 1;
	if (!c->plus) {
		memcpy(u, gf2_row(c->kern, i), (size_t)words * sizeof *u);
		return;
	}
	uint64_t top = top_mask(c->sh.cols);
	vec_of_poly(c, c->h, u);
	while (i-- > 0)
		times_t(u, last, last, top);
}

/* u = S(T) v by Horner, for the classic rule with M invertible. */
static void plus_apply_inverse(const chase *c, const uint64_t *v, uint64_t *u)
{
	int words = c->words, last = words - 1;
	uint64_t top = top_mask(c->sh.cols);
	memset(u, 0, (size_t)words * sizeof *u);
	for (int i = c->inv_deg; i >= 0; i--) {
		times_t(u, last, last, top);
		if (c->inv[i / 64] >> (i % 64) & 1)
			for (int w = 0; w < words; w++)
				u[w] ^= v[w];
	}
}

/* The classic chase, 64 cells per word: row p + 1 of the presses is
 * b_p + T x_p + x_{p-1}; the last row's residual is b_{R-1} + T x_{R-1} +
 * x_{R-2}. */
static bool chase_rows_plus(const chase *c, const uint8_t *b, uint8_t *x, const uint64_t *u, uint64_t *res)
{
	int R = c->sh.rows, C = c->sh.cols, words = c->words, last = words - 1;
	uint64_t top = top_mask(C);
	uint64_t *buf = calloc((size_t)words * 3, sizeof *buf);
	if (!buf)
		return false;
	uint64_t *prev = buf, *cur = buf + words, *bw = buf + 2 * words;
	memcpy(cur, u, (size_t)words * sizeof *cur);
	bitboard_unpack_row(cur, C, x);
	for (int p = 0; p < R; p++) {
		if (b)
			bitboard_pack_row(b + (size_t)p * C, C, bw);
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
			bitboard_unpack_row(cur, C, x + (size_t)(p + 1) * C);
	}
	memcpy(res, cur, (size_t)words * sizeof *res);
	free(buf);
	return true;
}

static inline int bit_of(const uint64_t *v, int i)
{
	return (int)(v[i >> 6] >> (i & 63)) & 1;
}

/* z ^= row moved e cells left (bit j gets bit j + e), |e| < 64, within
 * `words` words; the caller masks the last word. */
static void xor_moved(uint64_t *z, const uint64_t *row, int words, int e)
{
	if (e == 0) {
		for (int w = 0; w < words; w++)
			z[w] ^= row[w];
	} else if (e > 0) {
		for (int w = 0; w < words; w++)
			z[w] ^= row[w] >> e | (w + 1 < words ? row[w + 1] << (64 - e) : 0);
	} else {
		for (int w = 0; w < words; w++)
			z[w] ^= row[w] << -e | (w ? row[w - 1] >> (64 + e) : 0);
	}
}

/* The diagonal chase of build_shifted's rules, 64 cells a word: row p + h
 * of the presses gets b_p and the presses of rows above it a word at a
 * time, then its own row's earlier presses a cell at a time (the pivot's
 * row of the mask, left of it).  false when out of memory. */
static bool chase_rows_diag(const chase *c, const uint8_t *b, uint8_t *x, const uint64_t *u, uint64_t *res)
{
	const chaseshape *sh = &c->sh;
	int R = sh->rows, C = sh->cols, h = sh->h, s = sh->sc, W = (C + 63) / 64, own[RULE_MAX_OFFSETS], nown = 0;
	uint64_t top = top_mask(C);
	uint64_t *X = calloc((size_t)R * W + W, sizeof *X), *z = X + (size_t)R * W;
	if (!X)
		return false;
	for (int i = 0, r, cc; i < sh->unknowns; i++)
		if (u[i / 64] >> (i % 64) & 1) {
			chaseshape_unknown_cell(sh, i, &r, &cc);
			X[(size_t)r * W + cc / 64] |= 1ULL << (cc % 64);
		}
	for (int q = 0; q < sh->npress; q++)
		if (sh->pdr[q] == h && q != sh->det)
			own[nown++] = sh->pdc[q] - s;	/* < 0: left of the pivot */
	for (int p = 0; p < R - h; p++) {
		memset(z, 0, (size_t)W * sizeof *z);
		if (b)
			bitboard_pack_row(b + (size_t)p * C, C, z);
		for (int q = 0; q < sh->npress; q++) {
			int r = p + sh->pdr[q];
			if (sh->pdr[q] < h && r >= 0)
				xor_moved(z, X + (size_t)r * W, W, sh->pdc[q]);
		}
		z[W - 1] &= top;
		uint64_t *y = X + (size_t)(p + h) * W;
		for (int j = s; j < C; j++) {
			int v = bit_of(z, j - s);
			for (int t = 0; t < nown; t++)
				if (j + own[t] >= 0)
					v ^= bit_of(y, j + own[t]);
			y[j >> 6] |= (uint64_t)v << (j & 63);
		}
	}
	memset(res, 0, (size_t)c->words * sizeof *res);
	for (int q = 0; q < sh->unknowns; q++) {
		int p, col, r, cc;
		chaseshape_residual(sh, q, &p, &col);
		int v = b ? b[(size_t)p * C + col] & 1 : 0;
		for (int t = 0; t < sh->npress; t++)
			if (chaseshape_press(sh, p, col, t, &r, &cc))
				v ^= bit_of(X + (size_t)r * W, cc);
		if (v)
			res[q / 64] |= 1ULL << (q % 64);
	}
	for (int r = 0; r < R; r++)
		bitboard_unpack_row(X + (size_t)r * W, C, x + (size_t)r * C);
	free(X);
	return true;
}

/* The chase in numbers: unknown presses u, board b (NULL: clear) -> every
 * press in x, and what the residual cells still show in res (bits). */
static void chase_rows(const chase *c, const uint8_t *b, uint8_t *x, const uint64_t *u, uint64_t *res)
{
	int R = c->sh.rows, C = c->sh.cols, h = c->sh.h;
	if (c->plus && chase_rows_plus(c, b, x, u, res))
		return;
	if (shifted_applies(&c->sh) && chase_rows_diag(c, b, x, u, res))
		return;
	for (int i = 0, r, cc; i < c->sh.unknowns; i++) {
		chaseshape_unknown_cell(&c->sh, i, &r, &cc);
		x[(size_t)r * C + cc] = (uint8_t)(u[i / 64] >> (i % 64) & 1);
	}
	int chased = chaseshape_chased_cols(&c->sh);
	for (int p = c->sh.torus ? h : 0; p < R - h; p++)
		for (int col = 0; col < chased; col++) {
			int v = b ? b[(size_t)p * C + col] & 1 : 0, r, cc;
			for (int q = 0; q < c->sh.npress; q++)
				if (q != c->sh.det && chaseshape_press(&c->sh, p, col, q, &r, &cc))
					v ^= x[(size_t)r * C + cc];
			chaseshape_press(&c->sh, p, col, c->sh.det, &r, &cc);
			x[(size_t)r * C + cc] = (uint8_t)v;
		}
	memset(res, 0, (size_t)c->words * sizeof *res);
	for (int q = 0; q < c->sh.unknowns; q++) {
		int p, col, r, cc;
		chaseshape_residual(&c->sh, q, &p, &col);
		int v = b ? b[(size_t)p * C + col] & 1 : 0;
		for (int t = 0; t < c->sh.npress; t++)
			if (chaseshape_press(&c->sh, p, col, t, &r, &cc))
				v ^= x[(size_t)r * C + cc];
		if (v)
			res[q / 64] |= 1ULL << (q % 64);
	}
}

/* Reduce [M | rhs]; returns rank and pivot columns.  M itself is kept. */
static int eliminate(const chase *c, const gf2_mat *m, const uint64_t *rhs, gf2_mat **out, int *pivcol)
{
	int C = c->sh.unknowns;
	gf2_mat *a = gf2_new(C, C + 1);
	if (!a)
		return -1;
	memcpy(a->bits, m->bits, (size_t)C * (size_t)a->words * sizeof *a->bits);
	for (int i = 0; i < C; i++)
		gf2_set(a, i, C, rhs ? (int)(rhs[i / 64] >> (i % 64) & 1) : 0);
	int rank = gf2_rref_threads(a, C, pivcol, c->threads);
	*out = a;
	return rank;
}

/* The unknowns of the quiet pattern of free column f, from a reduced [M | rhs]. */
static void free_column_kernel(const gf2_mat *a, const int *piv, int rank, int f, uint64_t *u)
{
	memset(u, 0, (size_t)(a->cols - 1 + 63) / 64 * sizeof *u);
	u[f / 64] |= 1ULL << (f % 64);
	for (int i = 0; i < rank; i++)
		if (gf2_get(a, i, f))
			u[piv[i] / 64] |= 1ULL << (piv[i] % 64);
}

#ifdef HAVE_M4RI
/* M = P L U Q (M4RI), once: the nullity is U - rank, and with U = [U1 U2]
 * (U1 the rank's square, upper triangular and invertible) the quiet
 * patterns' unknowns are Q^T [U1^-1 U2 e_j; e_j]: a triangular solve, no
 * second elimination.  Kept for solving (pluq_solve).  0, 1 when M4RI
 * cannot be used here (the elimination then runs), -1 out of memory. */
static int factor_pluq(chase *c)
{
	int U = c->sh.unknowns;
	if (c->sh.sc == 0 || U < 512)
		return 1;	/* the diagonal chase's big systems: the others as they were */
	size_t bytes = (size_t)U * ((size_t)U / 8 + 16);
	void *room = malloc(3 * bytes + ((size_t)16 << 20));	/* M4RI aborts when out of memory */
	free(room);
	if (!room)
		return 1;
	mzd_t *a = mzd_init(U, U);
	mzp_t *P = mzp_init(U), *Q = mzp_init(U);
	int last = (U - 1) / 64;
	uint64_t top = top_mask(U);
	for (int i = 0; i < U; i++) {
		const uint64_t *row = m_row(c, i);
		word *dst = mzd_row(a, i);
		for (int w = 0; w <= last; w++)
			dst[w] = w == last ? row[w] & top : row[w];
	}
	int r = (int)mzd_pluq(a, P, Q, 0), d = U - r;
	c->lu = a;
	c->lp = P;
	c->lq = Q;
	c->lrank = r;
	c->nullity = d;
	if (!(c->kern = gf2_new(d ? d : 1, U)))
		return -1;
	if (!d)
		return 0;
	mzd_t *k = mzd_init(U, d);
	if (r > 0) {
		mzd_t *u1 = mzd_init(r, r), *x = mzd_init(r, d);
		for (int i = 0; i < r; i++) {
			for (int j = i; j < r; j++)
				if (mzd_read_bit(a, i, j))
					mzd_write_bit(u1, i, j, 1);
			for (int j = 0; j < d; j++)
				if (mzd_read_bit(a, i, r + j))
					mzd_write_bit(x, i, j, 1);
		}
		mzd_trsm_upper_left(u1, x, 0);
		for (int i = 0; i < r; i++)
			for (int j = 0; j < d; j++)
				if (mzd_read_bit(x, i, j))
					mzd_write_bit(k, i, j, 1);
		mzd_free(u1);
		mzd_free(x);
	}
	for (int j = 0; j < d; j++)
		mzd_write_bit(k, r + j, j, 1);
	mzd_apply_p_left_trans(k, Q);
	for (int i = 0; i < U; i++)
		for (int j = 0; j < d; j++)
			if (mzd_read_bit(k, i, j))
				gf2_row(c->kern, j)[i / 64] |= 1ULL << (i % 64);
	mzd_free(k);
	return 0;
}

/* M u = rhs through the factors: true with u set, false when the system
 * has no solution or M4RI was not used (the elimination decides then). */
static bool pluq_solve(const chase *c, const uint64_t *rhs, uint64_t *u)
{
	int U = c->sh.unknowns;
	/* M4RI aborts when out of memory: only with room for its scratch. */
	void *room = c->lu ? malloc((size_t)U * 64 + ((size_t)4 << 20)) : NULL;
	free(room);
	if (!room)
		return false;
	mzd_t *b = mzd_init(U, 1);
	for (int i = 0; i < U; i++)
		if (rhs[i / 64] >> (i % 64) & 1)
			mzd_write_bit(b, i, 0, 1);
	bool ok = mzd_pluq_solve_left(c->lu, c->lrank, c->lp, c->lq, b, 0, 1) == 0;
	memset(u, 0, (size_t)c->words * sizeof *u);
	for (int i = 0; ok && i < U; i++)
		if (mzd_read_bit(b, i, 0))
			u[i / 64] |= 1ULL << (i % 64);
	mzd_free(b);
	return ok;
}
#endif

/* Other rules: M's nullity and quiet patterns by elimination, once, from
 * chase_new. */
static int factor_dense(chase *c)
{
#ifdef HAVE_M4RI
	int lu = factor_pluq(c);
	if (lu <= 0)
		return lu;
#endif
	int C = c->sh.unknowns, rc = -1;
	int *piv = malloc((size_t)C * sizeof *piv);
	bool *is_piv = calloc((size_t)C, sizeof *is_piv);
	gf2_mat *a = NULL;
	int rank = piv && is_piv ? eliminate(c, c->m, NULL, &a, piv) : -1;
	if (rank < 0 || !(c->kern = gf2_new(C - rank ? C - rank : 1, C)))
		goto out;
	for (int i = 0; i < rank; i++)
		is_piv[piv[i]] = true;
	for (int f = 0, q = 0; f < C; f++)
		if (!is_piv[f])
			free_column_kernel(a, piv, rank, f, gf2_row(c->kern, q++));
	c->nullity = C - rank;
	rc = 0;
out:
	free(piv);
	free(is_piv);
	gf2_free(a);
	return rc;
}

int chase_nullity(const chase *c)
{
	return c->nullity;
}

lo_result chase_kernel(const chase *c, int i, uint8_t *x)
{
	uint64_t *res = calloc((size_t)c->words * 2, sizeof *res);
	if (!res)
		return LO_NOMEM;
	kernel_unknowns(c, i, res + c->words);
	chase_rows(c, NULL, x, res + c->words, res);
	free(res);
	return LO_OK;
}

/* Whether a . b is odd, for 0/1 bytes: eight cells a word (a byte loop
 * was most of the time of a certificate). */
static bool overlap_odd(const uint8_t *a, const uint8_t *b, size_t n)
{
	uint64_t acc = 0;
	size_t i = 0;
	for (; i + 8 <= n; i += 8) {
		uint64_t u, v;
		memcpy(&u, a + i, 8);
		memcpy(&v, b + i, 8);
		acc ^= u & v;
	}
	for (; i < n; i++)
		acc ^= (uint64_t)(a[i] & b[i]);
	return __builtin_parityll(acc & 0x0101010101010101ULL);
}

static bool all_zero(const uint64_t *v, int words)
{
	uint64_t acc = 0;
	for (int w = 0; w < words; w++)
		acc |= v[w];
	return acc == 0;
}

/* The path the algebra replaced: [M | c] eliminated, O(C^3 / 64).  Other
 * rules' only path, and for the classic rule the tests' oracle and the
 * fallback should an answer of the algebra ever fail its check. */
static lo_result dense_solve(const chase *c, const gf2_mat *m, const uint8_t *b, uint8_t *x, uint8_t *cert)
{
	lo_result st = LO_NOMEM;
	int C = c->sh.unknowns, words = c->words;
	uint64_t *res = calloc((size_t)words, sizeof *res), *u = calloc((size_t)words, sizeof *u);
	int *piv = malloc((size_t)C * sizeof *piv);
	bool *is_piv = calloc((size_t)C, sizeof *is_piv);
	gf2_mat *a = NULL;
	if (!res || !u || !piv || !is_piv)
		goto out;
	/* With u = 0 the chase leaves c on the residual cells; then M u = c. */
	chase_rows(c, b, x, u, res);
#ifdef HAVE_M4RI
	/* Through the factors, checked by the residual the presses leave. */
	if (m == c->m && pluq_solve(c, res, u)) {
		chase_rows(c, b, x, u, res);
		if (all_zero(res, words)) {
			st = LO_OK;
			goto out;
		}
		memset(u, 0, (size_t)words * sizeof *u);
		chase_rows(c, b, x, u, res);
	}
#endif
	int rank = eliminate(c, m, res, &a, piv);
	if (rank < 0)
		goto out;
	bool ok = true;
	for (int i = rank; i < C; i++)
		if (gf2_get(a, i, C))
			ok = false;
	if (ok) {
		for (int i = 0; i < rank; i++)
			if (gf2_get(a, i, C))
				u[piv[i] / 64] |= 1ULL << (piv[i] % 64);
		chase_rows(c, b, x, u, res);
		st = LO_OK;
		goto out;
	}
	st = LO_UNSOLVABLE;
	/* A symmetric rule: the quiet patterns are A's left kernel, and one of
	 * them (a free column's) overlaps b oddly. */
	for (int i = 0; i < rank; i++)
		is_piv[piv[i]] = true;
	size_t n = (size_t)c->sh.rows * c->sh.cols;
	for (int f = 0; cert && f < C; f++) {
		if (is_piv[f])
			continue;
		free_column_kernel(a, piv, rank, f, u);
		chase_rows(c, NULL, cert, u, res);
		if (overlap_odd(cert, b, n))
			break;
	}
out:
	gf2_free(a);
	free(res);
	free(u);
	free(piv);
	free(is_piv);
	return st;
}

/* Quiet pattern i's overlap with b is odd: the chase with u = 0 left b +
 * A x = c on the last row, so for a quiet z, z.b = z.(A x + c) = z_{R-1}.c;
 * pattern i ends with z_{R-1} = P_{R-1}(T) T^i h(T) e_0 = T^i e, e its
 * first one's, so z.b = e.T^i c (T symmetric).  The first such i, or -1.
 * v, e: words, p: pn words of scratch. */
static int odd_pattern(const chase *c, const uint64_t *res, uint64_t *v, uint64_t *e, uint64_t *p)
{
	int words = c->words, last = words - 1;
	uint64_t top = top_mask(c->sh.cols);
	gf2poly_mulmod(c->pm1, c->h, c->d, p, c->pn);	/* deg h < C, as deg g >= 1 */
	vec_of_poly(c, p, e);
	memcpy(v, res, (size_t)words * sizeof *v);
	for (int i = 0; i < c->nullity; i++) {
		uint64_t acc = 0;
		for (int w = 0; w < words; w++)
			acc ^= v[w] & e[w];
		if (__builtin_parityll(acc))
			return i;
		times_t(v, last, last, top);
	}
	return -1;
}

/* b is not solvable (g does not divide r): the certificate, checked. */
static lo_result plus_refute(const chase *c, const uint8_t *b, const uint64_t *res, uint64_t *v, uint64_t *e,
			     uint64_t *p, uint8_t *cert)
{
	int i = odd_pattern(c, res, v, e, p);
	if (i < 0)
		return LO_REFUSED;	/* the two computations disagree */
	if (!cert)
		return LO_UNSOLVABLE;
	kernel_unknowns(c, i, e);
	chase_rows(c, NULL, cert, e, v);
	size_t n = (size_t)c->sh.rows * c->sh.cols;
	return all_zero(v, c->words) && overlap_odd(cert, b, n) ? LO_UNSOLVABLE : LO_REFUSED;
}

/* The classic rule: M u = c through the polynomials (plus_poly), O(C^2 /
 * 64) beside the two chases.  Every answer is checked: presses by the
 * residual they leave (the chase clears every other row by itself), a
 * certificate by its own residual and its overlap with b.  LO_REFUSED
 * when a check fails (never returned out of chase_solve). */
static lo_result plus_solve(const chase *c, const uint8_t *b, uint8_t *x, uint8_t *cert)
{
	lo_result st;
	int words = c->words, n = c->pn;
	uint64_t *buf = calloc((size_t)words * 3 + (size_t)n * 4, sizeof *buf);
	if (!buf)
		return LO_NOMEM;
	uint64_t *res = buf, *u = buf + words, *v = u + words, *r = v + words, *quot = r + n, *q = quot + n, *tmp = q + n;
	chase_rows(c, b, x, u, res);	/* u = 0: M u = c, c = res */
	if (c->inv) {
		plus_apply_inverse(c, res, u);
	} else {
		poly_of_vec(c, res, r, tmp);
		if (gf2poly_divmod(r, c->g, quot, n) >= 0) {
			st = plus_refute(c, b, res, v, u, q, cert);
			goto out;
		}
		gf2poly_mulmod(quot, c->sol, c->h, q, n);
		vec_of_poly(c, q, u);
	}
	chase_rows(c, b, x, u, res);
	st = all_zero(res, words) ? LO_OK : LO_REFUSED;
out:
	free(buf);
	return st;
}

static atomic_long fallbacks;

long chase_fallbacks(void)
{
	return atomic_load(&fallbacks);
}

lo_result chase_solve(const chase *c, const uint8_t *b, uint8_t *x, uint8_t *cert)
{
	if (!c->plus)
		return dense_solve(c, c->m, b, x, cert);
	lo_result st = plus_solve(c, b, x, cert);
	if (st != LO_REFUSED)
		return st;
	/* An answer that fails its check is never given (the tests find none):
	 * the dense elimination decides. */
	atomic_fetch_add(&fallbacks, 1);
	return chase_solve_dense(c, b, x, cert);
}

lo_result chase_solve_dense(const chase *c, const uint8_t *b, uint8_t *x, uint8_t *cert)
{
	if (!c->plus)
		return dense_solve(c, c->m, b, x, cert);
	gf2_mat *m = gf2_new(c->sh.unknowns, c->sh.unknowns + 1);
	lo_result st = m && build_plus(c, m) == 0 ? dense_solve(c, m, b, x, cert) : LO_NOMEM;
	gf2_free(m);
	return st;
}

/* ---- The classic rule at a bit a cell (chase_solve_bits): rows of
 * c->words words, the board and the presses never as bytes. */

/* x's row 0 is u, row p + 1 is b_p + T x_p + x_{p-1}, and the row after
 * the last is the residual, in res.  b NULL: a clear board; zero: a row
 * of zero words, for the row above the first and for a clear board.  A
 * dense board (rows narrower than a word) a word a row, read and written
 * in place. */
static void chase_rows_bits(const chase *c, const bitboard *bb, bitboard *xb, const uint64_t *u, uint64_t *res,
			    const uint64_t *zero)
{
	int R = c->sh.rows, words = c->words, last = words - 1;
	uint64_t top = top_mask(c->sh.cols);
	if (!xb->stride) {
		uint64_t prev = 0, cur = u[0], tmp;
		bitboard_put_row(xb, 0, &cur);
		for (int p = 0; p < R; p++) {
			uint64_t next = (cur ^ (cur << 1) ^ (cur >> 1)) & top;
			next ^= prev ^ (bb ? *bitboard_row(bb, p, &tmp) : 0);
			if (p + 1 < R)
				bitboard_put_row(xb, p + 1, &next);
			else
				res[0] = next;
			prev = cur;
			cur = next;
		}
		return;
	}
	const uint64_t *b = bb ? bb->bits : NULL;
	uint64_t *x = xb->bits;
	memcpy(x, u, (size_t)words * sizeof *x);
	for (int p = 0; p < R; p++) {
		const uint64_t *cur = x + (size_t)p * words, *prev = p ? cur - words : zero;
		const uint64_t *bp = b ? b + (size_t)p * words : zero;
		uint64_t *next = p + 1 < R ? x + (size_t)(p + 1) * words : res;
		uint64_t below = 0;	/* bit 63 of the word before */
		for (int w = 0; w < words; w++) {
			uint64_t v = cur[w], after = w < last ? cur[w + 1] : 0;
			next[w] = v ^ (v << 1) ^ below ^ (v >> 1) ^ (after << 63) ^ prev[w] ^ bp[w];
			below = v >> 63;
		}
		next[last] &= top;
	}
}

static bool overlap_odd_bits(const uint64_t *a, const uint64_t *b, size_t n)
{
	uint64_t acc = 0;
	for (size_t i = 0; i < n; i++)
		acc ^= a[i] & b[i];
	return __builtin_parityll(acc);
}

/* As plus_solve: every answer checked (the presses by the residual they
 * leave, a certificate by its own residual and its overlap with b);
 * LO_REFUSED when a check fails. */
static lo_result plus_solve_bits(const chase *c, const bitboard *b, bitboard *x, bitboard *cert)
{
	lo_result st;
	int words = c->words, n = c->pn;
	uint64_t *buf = calloc((size_t)words * 4 + (size_t)n * 4, sizeof *buf);
	if (!buf)
		return LO_NOMEM;
	uint64_t *res = buf, *u = res + words, *v = u + words, *zero = v + words, *r = zero + words, *quot = r + n,
		 *q = quot + n, *tmp = q + n;
	if (!x)
		x = cert;	/* only a certificate wanted: its room is the chase's */
	chase_rows_bits(c, b, x, u, res, zero);	/* u = 0: M u = c, c = res */
	if (c->inv) {
		plus_apply_inverse(c, res, u);
	} else {
		poly_of_vec(c, res, r, tmp);
		if (gf2poly_divmod(r, c->g, quot, n) >= 0) {
			int i = odd_pattern(c, res, v, u, q);
			st = i < 0 ? LO_REFUSED : LO_UNSOLVABLE;
			if (i >= 0 && cert) {
				kernel_unknowns(c, i, u);
				chase_rows_bits(c, NULL, cert, u, v, zero);
				if (!all_zero(v, words) || !overlap_odd_bits(cert->bits, b->bits, bitboard_words(b)))
					st = LO_REFUSED;
			}
			goto out;
		}
		gf2poly_mulmod(quot, c->sol, c->h, q, n);
		vec_of_poly(c, q, u);
	}
	chase_rows_bits(c, b, x, u, res, zero);
	st = all_zero(res, words) ? LO_OK : LO_REFUSED;
out:
	free(buf);
	return st;
}

/* The dense path for a bit board, through bytes: only where it was the
 * fallback before (a side within SYSTEM_MAX_SIDE_CHASE's 10000). */
#define DENSE_MAX_COLS 10000
#define DENSE_MAX_CELLS 100000000L

static lo_result dense_bits(const chase *c, const bitboard *b, bitboard *x, bitboard *cert)
{
	int R = c->sh.rows, C = c->sh.cols;
	if (C > DENSE_MAX_COLS || (long)R * C > DENSE_MAX_CELLS)
		return LO_REFUSED;
	size_t n = (size_t)R * C;
	uint8_t *bb = malloc(n), *xb = malloc(n), *cb = cert ? malloc(n) : NULL;
	lo_result st = LO_NOMEM;
	if (!bb || !xb || (cert && !cb))
		goto out;
	for (int p = 0; p < R; p++)
		bitboard_zget_cells(b, p, bb + (size_t)p * C);
	st = chase_solve_dense(c, bb, xb, cb);
	for (int p = 0; p < R && st == LO_OK && x; p++)
		bitboard_zput_cells(x, p, xb + (size_t)p * C);
	for (int p = 0; p < R && st == LO_UNSOLVABLE && cert; p++)
		bitboard_zput_cells(cert, p, cb + (size_t)p * C);
out:
	free(bb);
	free(xb);
	free(cb);
	return st;
}

lo_result chase_solve_bits(const chase *c, const bitboard *b, bitboard *x, bitboard *cert)
{
	if (!c->plus || (!x && !cert) || b->k != 2 || b->rows != c->sh.rows || b->cols != c->sh.cols)
		return LO_REFUSED;
	lo_result st = plus_solve_bits(c, b, x, cert);
	if (st != LO_REFUSED)
		return st;
	atomic_fetch_add(&fallbacks, 1);
	return dense_bits(c, b, x, cert);
}
