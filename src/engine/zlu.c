#include "engine/zlu.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "engine/clones.h"
#include "engine/zmod.h"

#define ZLU_MAX_PARTS 3		/* 2 * 3 * 5 = 30 <= 36 < 2 * 3 * 5 * 7 */
#define BLOCK 32		/* row operations run on whole blocks of bytes */

/* The factorisation modulo one prime power q = p^e. */
typedef struct part {
	int p, e, q, stride;
	uint8_t *u;		/* E, row-major with `stride` columns (padding 0) */
	uint8_t *l;		/* multipliers: l[i * n + t] for i > t */
	int *swap;		/* step t swapped rows t and swap[t] */
	int *col;		/* column j of E is column col[j] of A */
	uint8_t *val;		/* valuation of E_tt; e for a zero row */
	uint8_t *winv;		/* inverse of E_tt / p^val mod q */
	int *pw;		/* p^i, i = 0..e */
	int ngen;
	int *gen;		/* steps t with val > 0, by decreasing val */
} part;

struct zlu {
	int n, k, nparts;
	part part[ZLU_MAX_PARTS];
	int idem[ZLU_MAX_PARTS];	/* 1 mod this part's q, 0 mod the others */
	int nullity;
	int *order;
};

/* r += m s (mod q) on whole blocks; x < 32 + 31 * 31 < 1024, where
 * (x * bar) >> 16 with bar = 65536 / q + 1 is exactly x / q. */
LO_CLONES
static void zlu_axpy(uint8_t *restrict r, const uint8_t *restrict s, int blocks, unsigned m, unsigned q, unsigned bar)
{
	for (int b = 0; b < blocks; b++, r += BLOCK, s += BLOCK)
		for (int j = 0; j < BLOCK; j++) {
			uint16_t x = (uint16_t)(r[j] + (uint16_t)m * s[j]);
			uint16_t t = (uint16_t)(((uint32_t)x * bar) >> 16);
			r[j] = (uint8_t)(x - t * q);
		}
}

static int valuation(const part *pt, int v)
{
	if (v == 0)
		return pt->e;
	int i = 0;
	while (v % pt->p == 0) {
		v /= pt->p;
		i++;
	}
	return i;
}

static void part_free(part *pt)
{
	free(pt->u);
	free(pt->l);
	free(pt->swap);
	free(pt->col);
	free(pt->val);
	free(pt->winv);
	free(pt->pw);
	free(pt->gen);
}

static void swap_bytes(uint8_t *a, uint8_t *b, size_t len)
{
	for (size_t i = 0; i < len; i++) {
		uint8_t t = a[i];
		a[i] = b[i];
		b[i] = t;
	}
}

static int part_factor(part *pt, const uint8_t *a, int n)
{
	size_t N = (size_t)n, S;
	int q = pt->q, p = pt->p;
	pt->stride = (n + BLOCK - 1) / BLOCK * BLOCK;
	S = (size_t)pt->stride;
	pt->u = calloc(N * S + 1, 1);
	pt->l = calloc(N * N + 1, 1);
	pt->swap = malloc((N + 1) * sizeof *pt->swap);
	pt->col = malloc((N + 1) * sizeof *pt->col);
	pt->val = malloc(N + 1);
	pt->winv = malloc(N + 1);
	pt->pw = malloc(((size_t)pt->e + 1) * sizeof *pt->pw);
	pt->gen = malloc((N + 1) * sizeof *pt->gen);
	if (!pt->u || !pt->l || !pt->swap || !pt->col || !pt->val || !pt->winv || !pt->pw || !pt->gen)
		return -1;
	pt->pw[0] = 1;
	for (int i = 1; i <= pt->e; i++)
		pt->pw[i] = pt->pw[i - 1] * p;
	for (size_t i = 0; i < N; i++)
		for (size_t j = 0; j < N; j++)
			pt->u[i * S + j] = (uint8_t)(a[i * N + j] % q);
	for (int j = 0; j < n; j++)
		pt->col[j] = j;
	unsigned bar = 65536u / (unsigned)q + 1;
	uint8_t vt[64];	/* valuations of 0..q-1 */
	for (int x = 0; x < q; x++)
		vt[x] = (uint8_t)valuation(pt, x);
	int v = 0;	/* no entry left has a valuation below v */
	for (int t = 0; t < n; t++) {
		uint8_t *ut = pt->u + (size_t)t * S;
		int pi = -1, pj = -1;
		while (v < pt->e && pi < 0) {
			/* An entry of valuation v, column by column. */
			for (int j = t; j < n && pi < 0; j++)
				for (int i = t; i < n; i++) {
					if (vt[pt->u[(size_t)i * S + (size_t)j]] == v) {
						pi = i;
						pj = j;
						break;
					}
				}
			if (pi < 0)
				v++;
		}
		pt->swap[t] = pi < 0 ? t : pi;
		if (pi < 0) {
			/* What is left is zero: free columns. */
			for (int r = t; r < n; r++) {
				pt->swap[r] = r;
				pt->val[r] = (uint8_t)pt->e;
				pt->winv[r] = 0;
			}
			break;
		}
		if (pi != t) {
			swap_bytes(ut, pt->u + (size_t)pi * S, S);
			swap_bytes(pt->l + (size_t)t * N, pt->l + (size_t)pi * N, (size_t)t);
		}
		if (pj != t) {
			for (size_t i = 0; i < N; i++) {
				uint8_t x = pt->u[i * S + (size_t)pj];
				pt->u[i * S + (size_t)pj] = pt->u[i * S + (size_t)t];
				pt->u[i * S + (size_t)t] = x;
			}
			int c = pt->col[pj];
			pt->col[pj] = pt->col[t];
			pt->col[t] = c;
		}
		int piv = ut[t];
		pt->val[t] = (uint8_t)v;
		pt->winv[t] = (uint8_t)zmod_inverse(piv / pt->pw[v], q);
		int b0 = t / BLOCK, blocks = pt->stride / BLOCK - b0;
		for (int i = t + 1; i < n; i++) {
			uint8_t *ui = pt->u + (size_t)i * S;
			int x = ui[t];
			if (!x)
				continue;
			int m = x / pt->pw[v] * pt->winv[t] % q;
			pt->l[(size_t)i * N + (size_t)t] = (uint8_t)m;
			zlu_axpy(ui + (size_t)b0 * BLOCK, ut + (size_t)b0 * BLOCK, blocks, (unsigned)(q - m) % (unsigned)q,
			     (unsigned)q, bar);
		}
	}
	/* Generators: the steps with val > 0, largest orders first. */
	pt->ngen = 0;
	for (int w = pt->e; w > 0; w--)
		for (int t = 0; t < n; t++)
			if (pt->val[t] == w)
				pt->gen[pt->ngen++] = t;
	return 0;
}

/* E y = z by back substitution, y_t given for t >= from (and on rows of
 * E_tt = 0).  z NULL: 0.  Row t needs p^val_t | z_t - sum E_tj y_j, which
 * holds whenever p^val_t | z_t. */
static void part_back(const part *pt, int n, const int *z, int from, int *y)
{
	size_t S = (size_t)pt->stride;
	int q = pt->q;
	for (int t = from - 1; t >= 0; t--) {
		const uint8_t *ut = pt->u + (size_t)t * S;
		unsigned long acc = 0;
		for (int j = t + 1; j < n; j++)
			acc += (unsigned)ut[j] * (unsigned)y[j];
		int s = (int)(((z ? z[t] : 0) + q - (int)(acc % (unsigned)q)) % q);
		int v = pt->val[t];
		y[t] = v >= pt->e ? 0 : s / pt->pw[v] * pt->winv[t] % q;
	}
}

static void part_generator(const part *pt, int n, int g, int *y)
{
	int t = pt->gen[g];
	memset(y, 0, (size_t)n * sizeof *y);
	y[t] = pt->pw[pt->e - pt->val[t]];
	part_back(pt, n, NULL, t, y);
}

zlu *zlu_new(const uint8_t *a, int n, int k)
{
	zlu *f = calloc(1, sizeof *f);
	if (!f)
		return NULL;
	f->n = n;
	f->k = k;
	int rest = k;
	for (int p = 2; rest > 1; p++)
		if (rest % p == 0) {
			part *pt = &f->part[f->nparts++];
			pt->p = p;
			pt->q = 1;
			while (rest % p == 0) {
				rest /= p;
				pt->q *= p;
				pt->e++;
			}
		}
	for (int i = 0; i < f->nparts; i++) {
		int q = f->part[i].q, o = k / q;
		f->idem[i] = o * zmod_inverse(o % q, q) % k;
		if (part_factor(&f->part[i], a, n) < 0)
			goto fail;
	}
	int gens = 0;
	for (int i = 0; i < f->nparts; i++)
		gens = f->part[i].ngen > gens ? f->part[i].ngen : gens;
	f->nullity = gens;
	f->order = malloc(((size_t)gens + 1) * sizeof *f->order);
	if (!f->order)
		goto fail;
	for (int g = 0; g < gens; g++) {
		f->order[g] = 1;
		for (int i = 0; i < f->nparts; i++) {
			const part *pt = &f->part[i];
			if (g < pt->ngen)
				f->order[g] *= pt->pw[pt->val[pt->gen[g]]];
		}
	}
	return f;
fail:
	zlu_free(f);
	return NULL;
}

void zlu_free(zlu *f)
{
	if (!f)
		return;
	for (int i = 0; i < f->nparts; i++)
		part_free(&f->part[i]);
	free(f->order);
	free(f);
}

int zlu_nullity(const zlu *f)
{
	return f->nullity;
}

int zlu_order(const zlu *f, int i)
{
	return f->order[i];
}

lo_result zlu_kernel(const zlu *f, int g, uint8_t *out)
{
	int n = f->n, k = f->k;
	int *y = malloc(((size_t)n + 1) * sizeof *y);
	if (!y)
		return LO_NOMEM;
	memset(out, 0, (size_t)n);
	for (int i = 0; i < f->nparts; i++) {
		const part *pt = &f->part[i];
		if (g >= pt->ngen)
			continue;
		part_generator(pt, n, g, y);
		for (int j = 0; j < n; j++)
			out[pt->col[j]] = (uint8_t)((out[pt->col[j]] + y[j] * f->idem[i]) % k);
	}
	free(y);
	return LO_OK;
}

/* Row t of (L^-1 P) times p^(e - val_t), as y with y^T A = 0 mod q. */
static void part_certificate(const part *pt, int n, int t, int *w)
{
	int q = pt->q;
	size_t N = (size_t)n;
	memset(w, 0, N * sizeof *w);
	w[t] = 1;
	/* w^T L = e_t^T: w_j = -sum_{i > j} L_ij w_i, from t - 1 down. */
	for (int j = t - 1; j >= 0; j--) {
		long acc = 0;
		for (int i = j + 1; i <= t; i++)
			acc += (long)pt->l[(size_t)i * N + (size_t)j] * w[i];
		w[j] = (int)((q - acc % q) % q);
	}
	/* y = P^T w: undo the swaps, last first. */
	for (int s = n - 1; s >= 0; s--) {
		int o = pt->swap[s], x = w[s];
		w[s] = w[o];
		w[o] = x;
	}
	int mul = pt->pw[pt->e - pt->val[t]];
	for (size_t j = 0; j < N; j++)
		w[j] = w[j] * mul % q;
}

/* -1: solved into y (by E's columns); otherwise the failing row. */
static int part_solve(const part *pt, int n, const uint8_t *c, int *z, int *y)
{
	int q = pt->q;
	size_t N = (size_t)n;
	for (size_t i = 0; i < N; i++)
		z[i] = c[i] % q;
	for (int t = 0; t < n; t++) {
		int o = pt->swap[t], x = z[t];
		z[t] = z[o];
		z[o] = x;
	}
	/* Forward substitution with the unit lower triangular L. */
	for (size_t i = 1; i < N; i++) {
		const uint8_t *li = pt->l + i * N;
		long acc = 0;
		for (size_t j = 0; j < i; j++)
			acc += (long)li[j] * z[j];
		z[i] = (int)((z[i] + (q - acc % q)) % q);
	}
	for (int t = 0; t < n; t++)
		if (z[t] % pt->pw[pt->val[t]] != 0)	/* p^e = q: z_t must be 0 */
			return t;
	memset(y, 0, N * sizeof *y);
	part_back(pt, n, z, n, y);
	return -1;
}

lo_result zlu_solve(const zlu *f, const uint8_t *c, uint8_t *x, uint8_t *cert)
{
	int n = f->n, k = f->k;
	int *z = malloc(((size_t)n + 1) * sizeof *z), *y = malloc(((size_t)n + 1) * sizeof *y);
	lo_result st = LO_NOMEM;
	if (!z || !y)
		goto out;
	memset(x, 0, (size_t)n);
	st = LO_OK;
	for (int i = 0; i < f->nparts; i++) {
		const part *pt = &f->part[i];
		int bad = part_solve(pt, n, c, z, y);
		if (bad >= 0) {
			st = LO_UNSOLVABLE;
			if (cert) {
				part_certificate(pt, n, bad, y);
				for (int j = 0; j < n; j++)
					cert[j] = (uint8_t)(y[j] * f->idem[i] % k);
			}
			break;
		}
		for (int j = 0; j < n; j++)
			x[pt->col[j]] = (uint8_t)((x[pt->col[j]] + y[j] * f->idem[i]) % k);
	}
out:
	free(z);
	free(y);
	return st;
}
