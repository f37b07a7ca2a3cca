#include "engine/zchase.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "engine/chaseshape.h"
#include "engine/clones.h"
#include "engine/zlu.h"

#define BLOCK 32		/* coefficient vectors are padded to whole blocks */

struct zchase {
	chaseshape sh;
	int k, padded;
	bool plus;
	zlu *m;
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

/* M for the classic rule: column 0 is the residual of the chase from
 * u = e_0; M is symmetric, so that is row 0 too, and M T = T M gives
 * M_{m+1} = M_m T - M_m - M_{m-1}: (M_{m+1})_j = M_{m,j-1} + M_{m,j+1} - M_{m-1,j}. */
static int build_plus(const zchase *c, uint8_t *m)
{
	int C = c->sh.cols, k = c->k;
	size_t U = (size_t)C;
	uint8_t *x = malloc((size_t)c->sh.rows * U), *u = calloc(U, 1);
	if (!x || !u) {
		free(x);
		free(u);
		return -1;
	}
	u[0] = 1;
	chase_rows(c, NULL, x, u, m);
	free(x);
	free(u);
	for (int r = 0; r + 1 < C; r++) {
		const uint8_t *row = m + (size_t)r * U, *up = r ? row - U : NULL;
		uint8_t *next = m + (size_t)(r + 1) * U;
		for (int j = 0; j < C; j++) {
			int v = (j ? row[j - 1] : 0) + (j + 1 < C ? row[j + 1] : 0) + k - (up ? up[j] : 0);
			next[j] = (uint8_t)(v % k);
		}
	}
	return 0;
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
	c->plus = rule_is_classic(r);
	size_t U = (size_t)c->sh.unknowns;
	uint8_t *m = calloc(U * U + 1, 1);
	int rc = !m ? -1 : c->plus ? build_plus(c, m) : build_sweep(c, m);
	if (rc == 0)
		c->m = zlu_new(m, c->sh.unknowns, k);
	free(m);
	if (!c->m) {
		free(c);
		return NULL;
	}
	return c;
}

void zchase_free(zchase *c)
{
	if (c) {
		zlu_free(c->m);
		free(c);
	}
}

int zchase_nullity(const zchase *c)
{
	return zlu_nullity(c->m);
}

int zchase_order(const zchase *c, int i)
{
	return zlu_order(c->m, i);
}

lo_result zchase_kernel(const zchase *c, int i, uint8_t *x)
{
	uint8_t *u = malloc((size_t)c->sh.unknowns * 2 + 1);
	if (!u || zlu_kernel(c->m, i, u) != LO_OK) {
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
	lo_result st = zlu_solve(c->m, res, u, NULL);
	if (st == LO_OK)
		chase_rows(c, b, x, u, res);
	else if (st == LO_UNSOLVABLE && cert) {
		/* Some quiet pattern is not orthogonal to b. */
		size_t n = (size_t)c->sh.rows * c->sh.cols;
		for (int q = 0; q < zchase_nullity(c); q++) {
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
