#include "engine/zchase.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "engine/bitboard.h"
#include "engine/chaseshape.h"
#include "engine/clones.h"
#include "engine/zlu.h"
#include "engine/zplus.h"

#define BLOCK 32		/* coefficient vectors are padded to whole blocks */

struct zchase {
	chaseshape sh;
	int k, padded;
	bool plus;
	zlu *m;			/* other rules: M, factored */
	zplus *pl;		/* the classic rule: M through its polynomials */
	int threads;		/* zchase_new_threads: 1 keeps the sweep on one */
};

int zchase_unknowns(const rule *r, int rows, int cols)
{
	chaseshape sh;
	return chaseshape_make(&sh, r, rows, cols) ? sh.unknowns : 0;
}

/* The chase in numbers: unknown presses u (NULL: 0) and board b (NULL:
 * clear) -> every press in x, and what the residual cells still show. */
static void chase_rows(const zchase *c, const uint8_t *b, uint8_t *x, const uint8_t *u, uint8_t *res)
{
	int R = c->sh.rows, C = c->sh.cols, h = c->sh.h, k = c->k;
	if (u)
		memcpy(x, u, (size_t)c->sh.unknowns);
	else
		memset(x, 0, (size_t)c->sh.unknowns);
	if (c->plus) {
		/* x_{p+1} = -(b_p + T x_p + x_{p-1}), row by row. */
		for (int p = 0; p + 1 < R; p++) {
			const uint8_t *xp = x + (size_t)p * C, *up = p ? xp - C : NULL, *bp = b ? b + (size_t)p * C : NULL;
			uint8_t *nx = x + (size_t)(p + 1) * C;
			for (int j = 0; j < C; j++) {
				int v = xp[j] + (j ? xp[j - 1] : 0) + (j + 1 < C ? xp[j + 1] : 0) + (up ? up[j] : 0) +
					(bp ? bp[j] : 0);
				v %= k;
				nx[j] = (uint8_t)(v ? k - v : 0);
			}
		}
		const uint8_t *xp = x + (size_t)(R - 1) * C, *up = R > 1 ? xp - C : NULL;
		const uint8_t *bp = b ? b + (size_t)(R - 1) * C : NULL;
		for (int j = 0; j < C; j++)
			res[j] = (uint8_t)((xp[j] + (j ? xp[j - 1] : 0) + (j + 1 < C ? xp[j + 1] : 0) + (up ? up[j] : 0) +
					    (bp ? bp[j] : 0)) % k);
		return;
	}
	for (int p = c->sh.torus ? h : 0; p < R - h; p++)
		for (int col = 0; col < C; col++) {
			int v = b ? b[(size_t)p * C + col] : 0, r, cc;
			for (int q = 0; q < c->sh.npress; q++)
				if (q != c->sh.det && chaseshape_press(&c->sh, p, col, q, &r, &cc))
					v += x[(size_t)r * C + cc];
			chaseshape_press(&c->sh, p, col, c->sh.det, &r, &cc);
			v %= k;
			x[(size_t)r * C + cc] = (uint8_t)(v ? k - v : 0);
		}
	for (int q = 0; q < c->sh.unknowns; q++) {
		int p = chaseshape_residual_row(&c->sh, q / C), col = q % C;
		int v = b ? b[(size_t)p * C + col] : 0, r, cc;
		for (int t = 0; t < c->sh.npress; t++)
			if (chaseshape_press(&c->sh, p, col, t, &r, &cc))
				v += x[(size_t)r * C + cc];
		res[q] = (uint8_t)(v % k);
	}
}

/* The classic chase (no torus) a row at a time, on packed rows: the
 * presses of row 0 are u (NULL: none), the board b (NULL: clear, else
 * bitboard_znew's rows); each row of presses packed into x when not NULL;
 * res gets what the last row's cells then show.  O(C) bytes besides the
 * boards, so the rows are as many as the memory holds boards of.  The
 * same numbers as chase_rows.  -1 when out of memory. */
static int plus_roll(const zchase *c, const bitboard *b, const uint8_t *u, bitboard *x, uint8_t *res, uint8_t *last)
{
	int R = c->sh.rows, C = c->sh.cols, k = c->k;
	uint8_t mod[256], neg[256];
	for (int v = 0; v < 256; v++) {
		mod[v] = (uint8_t)(v % k);
		neg[v] = (uint8_t)((k - v % k) % k);
	}
	/* Four rows of bytes, each with a clear cell either side. */
	size_t w = (size_t)C + 2;
	uint8_t *buf = calloc(4 * w, 1);
	if (!buf)
		return -1;
	uint8_t *prev = buf + 1, *cur = prev + w, *next = cur + w, *bp = next + w;
	if (u)
		memcpy(cur, u, (size_t)C);
	for (int p = 0; p < R; p++) {
		if (x)
			bitboard_zput_cells(x, p, cur);
		if (b)
			bitboard_zget_cells(b, p, bp);
		bool end = p + 1 == R;
		uint8_t *out = end ? res : next;
		const uint8_t *t = end ? mod : neg;
		if (end && last)
			memcpy(last, cur, (size_t)C);
		/* x_{p+1} = -(b_p + T x_p + x_{p-1}); the last row's residual. */
		for (int j = 0; j < C; j++)
			out[j] = t[cur[j - 1] + cur[j] + cur[j + 1] + prev[j] + bp[j]];
		uint8_t *old = prev;
		prev = cur;
		cur = next;
		next = old;
	}
	free(buf);
	return 0;
}

/* The classic rule: M's first column, the residual of the chase from
 * u = e_0, a row at a time (a board of any height costs O(C) bytes);
 * zplus.c takes M from there. */
static zplus *build_plus(const zchase *c)
{
	int C = c->sh.cols;
	uint8_t *u = calloc(2 * (size_t)C + 1, 1);
	zplus *z = NULL;
	if (!u)
		return NULL;
	u[0] = 1;
	if (plus_roll(c, NULL, u, NULL, u + C, NULL) == 0)
		z = zplus_new(u + C, C, c->k);
	free(u);
	return z;
}

/* acc += v (mod k) on whole blocks, values < k. */
LO_CLONES
static void add_mod(uint8_t *restrict acc, const uint8_t *restrict v, int blocks, int k)
{
	uint8_t kk = (uint8_t)k;
	for (int b = 0; b < blocks; b++, acc += BLOCK, v += BLOCK)
		for (int j = 0; j < BLOCK; j++) {
			uint8_t s = (uint8_t)(acc[j] + v[j]);
			acc[j] = s >= kk ? (uint8_t)(s - kk) : s;
		}
}

/* acc <- -acc (mod k). */
LO_CLONES
static void neg_mod(uint8_t *restrict acc, int blocks, int k)
{
	uint8_t kk = (uint8_t)k;
	for (int b = 0; b < blocks; b++, acc += BLOCK)
		for (int j = 0; j < BLOCK; j++)
			acc[j] = acc[j] ? (uint8_t)(kk - acc[j]) : 0;
}

/* The general sweep on the blocks [b0, b1) of every coefficient vector,
 * so two threads can share it: the presses of row p + h as combinations
 * of the unknowns, from the cells of row p; then each residual cell's
 * combination is a row of M. */
typedef struct sweep_job {
	const zchase *c;
	uint8_t *m;
	int b0, b1;
	bool failed;
} sweep_job;

static void *sweep(void *arg)
{
	sweep_job *j = arg;
	const zchase *c = j->c;
	int R = c->sh.rows, C = c->sh.cols, h = c->sh.h, ring = 2 * h + 1, k = c->k;
	int nb = j->b1 - j->b0;
	size_t W = (size_t)nb * BLOCK, U = (size_t)c->sh.unknowns;
	uint8_t *rows = calloc((size_t)ring * C * W + 1, 1), *acc = malloc(W + 1);
	if (!rows || !acc) {
		j->failed = true;
		goto out;
	}
	size_t lo = (size_t)j->b0 * BLOCK;
#define ADD_PRESS(r, col)                                                                         \
	do {                                                                                          \
		if ((r) < c->sh.urows) {                                                                     \
			size_t u_ = (size_t)(r) * C + (size_t)(col);                                          \
			if (u_ >= lo && u_ < lo + W) {                                                        \
				acc[u_ - lo]++;                                                                   \
				if (acc[u_ - lo] == k)                                                            \
					acc[u_ - lo] = 0;                                                             \
			}                                                                                     \
		} else                                                                                    \
			add_mod(acc, rows + ((size_t)((r) % ring) * C + (size_t)(col)) * W, nb, k);           \
	} while (0)
	for (int p = c->sh.torus ? h : 0; p < R - h; p++)
		for (int col = 0; col < C; col++) {
			memset(acc, 0, W);
			int r, cc;
			for (int q = 0; q < c->sh.npress; q++)
				if (q != c->sh.det && chaseshape_press(&c->sh, p, col, q, &r, &cc))
					ADD_PRESS(r, cc);
			neg_mod(acc, nb, k);
			chaseshape_press(&c->sh, p, col, c->sh.det, &r, &cc);
			memcpy(rows + ((size_t)(r % ring) * C + (size_t)cc) * W, acc, W);
		}
	for (int q = 0; q < c->sh.unknowns; q++) {
		int p = chaseshape_residual_row(&c->sh, q / C), col = q % C;
		memset(acc, 0, W);
		int r, cc;
		for (int t = 0; t < c->sh.npress; t++)
			if (chaseshape_press(&c->sh, p, col, t, &r, &cc))
				ADD_PRESS(r, cc);
#undef ADD_PRESS
		size_t hi = lo + W < U ? lo + W : U;
		if (hi > lo)
			memcpy(j->m + (size_t)q * U + lo, acc, hi - lo);
	}
out:
	free(rows);
	free(acc);
	return NULL;
}

static int build_sweep(const zchase *c, uint8_t *m)
{
	int blocks = c->padded / BLOCK, half = blocks / 2;
	sweep_job jobs[2] = { { c, m, 0, half, false }, { c, m, half, blocks, false } };
	pthread_t t;
	bool two = c->threads != 1 && half > 0 && pthread_create(&t, NULL, sweep, &jobs[1]) == 0;
	if (!two)
		jobs[0].b1 = blocks;
	sweep(&jobs[0]);
	if (two)
		pthread_join(t, NULL);
	return jobs[0].failed || (two && jobs[1].failed) ? -1 : 0;
}

zchase *zchase_new(int rows, int cols, const rule *r, int k)
{
	return zchase_new_threads(rows, cols, r, k, 0);
}

zchase *zchase_new_threads(int rows, int cols, const rule *r, int k, int threads)
{
	zchase *c = k < 2 ? NULL : calloc(1, sizeof *c);
	if (!c)
		return NULL;
	c->threads = threads;
	if (!chaseshape_make(&c->sh, r, rows, cols)) {
		free(c);
		return NULL;
	}
	c->k = k;
	c->padded = (c->sh.unknowns + BLOCK - 1) / BLOCK * BLOCK;
	c->plus = rule_is_classic(r) && !c->sh.torus;
	if (c->plus)
		c->pl = build_plus(c);
	else {
		size_t U = (size_t)c->sh.unknowns;
		uint8_t *m = calloc(U * U + 1, 1);
		if (m && build_sweep(c, m) == 0)
			c->m = zlu_new(m, c->sh.unknowns, k);
		free(m);
	}
	if (!c->m && !c->pl) {
		free(c);
		return NULL;
	}
	return c;
}

void zchase_free(zchase *c)
{
	if (c) {
		zlu_free(c->m);
		zplus_free(c->pl);
		free(c);
	}
}

int zchase_nullity(const zchase *c)
{
	return c->pl ? zplus_nullity(c->pl) : zlu_nullity(c->m);
}

int zchase_order(const zchase *c, int i)
{
	return c->pl ? zplus_order(c->pl, i) : zlu_order(c->m, i);
}

/* The unknowns of quiet pattern i. */
static lo_result kernel_unknowns(const zchase *c, int i, uint8_t *u)
{
	return c->pl ? zplus_kernel(c->pl, i, u) : zlu_kernel(c->m, i, u);
}

/* u with M u = c. */
static lo_result solve_unknowns(const zchase *c, const uint8_t *rhs, uint8_t *u)
{
	return c->pl ? zplus_solve(c->pl, rhs, u) : zlu_solve(c->m, rhs, u, NULL);
}

lo_result zchase_kernel(const zchase *c, int i, uint8_t *x)
{
	uint8_t *u = malloc((size_t)c->sh.unknowns * 2 + 1);
	if (!u || kernel_unknowns(c, i, u) != LO_OK) {
		free(u);
		return LO_NOMEM;
	}
	chase_rows(c, NULL, x, u, u + c->sh.unknowns);
	free(u);
	return LO_OK;
}

lo_result zchase_solve(const zchase *c, const uint8_t *b, uint8_t *x, uint8_t *cert)
{
	int U = c->sh.unknowns, k = c->k;
	uint8_t *res = malloc((size_t)U * 2 + 1), *u = res + U;
	if (!res)
		return LO_NOMEM;
	/* With u = 0 the chase leaves res on the residual cells; then
	 * M u = -res. */
	chase_rows(c, b, x, NULL, res);
	for (int i = 0; i < U; i++)
		res[i] = (uint8_t)((k - res[i]) % k);
	lo_result st = solve_unknowns(c, res, u);
	if (st == LO_OK)
		chase_rows(c, b, x, u, res);
	else if (st == LO_UNSOLVABLE && cert) {
		/* Some quiet pattern is not orthogonal to b.  The classic rule
		 * finds which from one more chase (zchase_solve_packed says
		 * how): x is free room now, its last row L(T) res0. */
		size_t n = (size_t)c->sh.rows * c->sh.cols;
		int first = 0;
		if (c->pl) {
			for (int i = 0; i < U; i++)
				u[i] = (uint8_t)((k - res[i]) % k);	/* res0 again */
			chase_rows(c, NULL, x, u, res);
			first = zplus_odd_generator(c->pl, x + n - (size_t)c->sh.cols);
			if (first == -2) {
				free(res);
				return LO_NOMEM;
			}
			first = first < 0 ? 0 : first;	/* none: look at them all */
		}
		for (int q = first; q < zchase_nullity(c); q++) {
			if (zchase_kernel(c, q, cert) != LO_OK) {
				st = LO_NOMEM;
				break;
			}
			long dot = 0;
			for (size_t i = 0; i < n; i++)
				dot += cert[i] * b[i];
			if (dot % k)
				break;
		}
	}
	free(res);
	return st;
}

bool zchase_packs(const zchase *c)
{
	return c->plus;
}

/* sum of y . b (mod k), a row at a time; -1 when out of memory. */
static int packed_dot(const bitboard *y, const bitboard *b)
{
	uint8_t *ry = malloc(2 * (size_t)b->cols + 1), *rb = ry + b->cols;
	if (!ry)
		return -1;
	unsigned long long dot = 0;
	for (int p = 0; p < b->rows; p++) {
		bitboard_zget_cells(y, p, ry);
		bitboard_zget_cells(b, p, rb);
		unsigned row = 0;	/* at most 35 * 35 a cell: a row of 2^20 cells fits */
		for (int j = 0; j < b->cols; j++)
			row += (unsigned)ry[j] * rb[j];
		dot = (dot + row) % (unsigned)b->k;
	}
	free(ry);
	return (int)dot;
}

lo_result zchase_solve_packed(const zchase *c, const bitboard *b, bitboard *x, bitboard *cert)
{
	int U = c->sh.unknowns, k = c->k;
	if (!zchase_packs(c) || b->rows != c->sh.rows || b->cols != c->sh.cols || b->k != k ||
	    (x && (x->rows != b->rows || x->cols != b->cols || x->k != k)) ||
	    (cert && (cert->rows != b->rows || cert->cols != b->cols || cert->k != k)))
		return LO_REFUSED;
	uint8_t *res = malloc((size_t)U * 4 + 1), *u = res + U, *res0 = u + U, *w = res0 + U;
	if (!res)
		return LO_NOMEM;
	lo_result st = LO_NOMEM;
	/* As zchase_solve: with u = 0 the chase leaves res; then M u = -res. */
	if (plus_roll(c, b, NULL, NULL, res, NULL) < 0)
		goto out;
	memcpy(res0, res, (size_t)U);
	for (int i = 0; i < U; i++)
		res[i] = (uint8_t)((k - res[i]) % k);
	st = solve_unknowns(c, res, u);
	if (st == LO_OK && x) {
		if (plus_roll(c, b, u, x, res, NULL) < 0) {
			st = LO_NOMEM;
			goto out;
		}
		/* Checked as a separate sum: every cell, its presses and its lights. */
		int clear = bitboard_zpress_plus_clears(b, x);
		st = clear < 0 ? LO_NOMEM : clear ? LO_OK : LO_REFUSED;
	} else if (st == LO_UNSOLVABLE && cert) {
		/* A quiet pattern z not orthogonal to b (one is: A is symmetric),
		 * checked quiet.  The chase from u = 0 left b + A x = res0 on the
		 * last row, so z . b = z_{R-1} . res0 = u_z . L(T) res0, L(T) u
		 * the last row of the chase from u (T symmetric): w = L(T) res0 by
		 * one chase, then each generator's dot without its chase. */
		st = LO_REFUSED;
		if (plus_roll(c, NULL, res0, NULL, res, w) < 0) {
			st = LO_NOMEM;
			goto out;
		}
		int q = zplus_odd_generator(c->pl, w);
		if (q == -2 || (q >= 0 && (kernel_unknowns(c, q, u) != LO_OK || plus_roll(c, NULL, u, cert, res, NULL) < 0))) {
			st = LO_NOMEM;
			goto out;
		}
		if (q >= 0) {
			int dot = packed_dot(cert, b);
			int quiet = dot > 0 ? bitboard_zpress_plus_clears(NULL, cert) : 0;
			st = dot < 0 || quiet < 0 ? LO_NOMEM : dot > 0 && quiet ? LO_UNSOLVABLE : LO_REFUSED;
		}
	}
out:
	free(res);
	return st;
}
