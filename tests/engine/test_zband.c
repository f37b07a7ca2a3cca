/* Banded elimination over Z/k against the Smith form of the dense matrix:
 * hundreds of shapes of local rules (asymmetric masks too, with and
 * without torus), k in {3, 5, 6, 15} and {4, 8, 9, 12}, where a factor
 * p^e singular mod p leaves a dense remainder: the same kernel group,
 * generators quiet, of their orders and spanning it; boards solvable
 * exactly when the dense system says, solutions clear.  Then big boards
 * through lo_system, with certificates checked press by press. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "brute.h"
#include "engine/rng.h"
#include "engine/system.h"
#include "engine/zband.h"
#include "engine/zlu.h"
#include "engine/zmod.h"
#include "tap.h"
#include "zcheck.h"

typedef struct dense {
	int n, k, nullity;
	uint8_t *u, *v, *d;
	int *order;
} dense;

static void dense_new(dense *m, const rule *r, int R, int C, int k)
{
	int n = m->n = R * C, *nb = malloc((size_t)rule_max_cells(r, R, C) * sizeof *nb);
	size_t N = (size_t)n;
	uint8_t *a = calloc(N * N, 1), *kern = malloc(N * N + 1);
	m->k = k;
	m->u = malloc(N * N);
	m->v = malloc(N * N);
	m->d = malloc(N);
	m->order = malloc((N + 1) * sizeof *m->order);
	for (int j = 0; j < n; j++) {
		int c = rule_neighbours(r, R, C, j / C, j % C, nb);
		for (int t = 0; t < c; t++)
			a[(size_t)nb[t] * N + (size_t)j] = 1;
	}
	zmod_diagonalize(a, n, k, m->u, m->v, m->d);
	m->nullity = zmod_kernel(m->v, m->d, n, k, kern, m->order);
	free(a);
	free(kern);
	free(nb);
}

static void dense_free(dense *m)
{
	free(m->u);
	free(m->v);
	free(m->d);
	free(m->order);
}

static bool dense_solvable(const dense *m, const uint8_t *b)
{
	int *c = malloc((size_t)m->n * sizeof *c);
	uint8_t *x = malloc((size_t)m->n);
	for (int i = 0; i < m->n; i++)
		c[i] = (m->k - b[i]) % m->k;
	bool ok = zmod_solve(m->u, m->v, m->d, m->n, m->k, c, x, NULL) == LO_OK;
	free(c);
	free(x);
	return ok;
}

static bool clears(const rule *r, const board *b, const uint8_t *x)
{
	board *t = board_clone(b);
	rule_apply(r, t, x);
	bool ok = board_is_clear(t);
	board_free(t);
	return ok;
}

typedef struct tally {
	int shapes, boards, unsolvable, singular, singular_p;
	int bad_group, bad_kern, bad_solve, bad_refusal;
} tally;

static void check_shape(const rule *r, int R, int C, int k, rng *g, tally *t)
{
	int n = R * C;
	errno = 0;
	zband *z = zband_new(R, C, r, k);
	dense m;
	dense_new(&m, r, R, C, k);
	/* Singular mod p with p^2 | k: a kernel order is a multiple of p. */
	for (int i = 0, done = 0; i < m.nullity && !done; i++)
		for (int q = 2; q * q <= k && !done; q++)
			t->singular_p += done = k % (q * q) == 0 && m.order[i] % q == 0;
	if (!z) {
		t->bad_refusal++;
		t->shapes++;
		dense_free(&m);
		return;
	}
	int zn = zband_nullity(z);
	int *zord = malloc(((size_t)zn + 1) * sizeof *zord);
	uint8_t *kern = malloc((size_t)zn * n + 1), *x = malloc((size_t)n), *y = malloc((size_t)n);
	board *b = board_new(R, C, k), *zero = board_new(R, C, k);
	t->singular += zn > 0;
	int want[ZC_PRIMES] = { 0 }, prod[ZC_PRIMES] = { 0 }, span[ZC_PRIMES];
	for (int i = 0; i < m.nullity; i++)
		zc_add_exponents(m.order[i], want);
	for (int i = 0; i < zn; i++) {
		uint8_t *q = kern + (size_t)i * n;
		zord[i] = zband_order(z, i);
		zc_add_exponents(zord[i], prod);
		zband_kernel(z, i, q);
		t->bad_kern += !clears(r, zero, q) || !zc_order_exact(q, n, k, zord[i]);
	}
	t->bad_group += !zc_same_group(m.order, m.nullity, zord, zn);
	zc_span_size(kern, zn, n, k, span);
	t->bad_kern += !zc_same_size(prod, want) || !zc_same_size(span, want);
	for (int rep = 0; rep < 6; rep++) {
		for (int i = 0; i < n; i++)
			y[i] = (uint8_t)rng_below(g, (uint32_t)k);
		if (rep % 2) {
			memset(b->cells, 0, (size_t)n);
			rule_apply(r, b, y);
		} else
			memcpy(b->cells, y, (size_t)n);
		bool want_ok = dense_solvable(&m, b->cells);
		lo_result st = zband_solve(z, b->cells, x);
		t->boards++;
		t->unsolvable += st == LO_UNSOLVABLE;
		if ((st == LO_OK) != want_ok || st == LO_NOMEM)
			t->bad_solve++;
		else if (st == LO_OK)
			t->bad_solve += !clears(r, b, x);
	}
	t->shapes++;
	free(zord);
	free(kern);
	free(x);
	free(y);
	board_free(b);
	board_free(zero);
	dense_free(&m);
	zband_free(z);
}

/* A board past the Smith form's reach: the band's kernel group against
 * the dense elimination by prime-power parts (zlu.h, itself checked
 * against the Smith form and brute force). */
static void versus_dense(const char *name, bool torus, int R, int C, int k)
{
	rule r;
	char err[64];
	rule_parse(&r, name, torus, err, sizeof err);
	int n = R * C, *nb = malloc((size_t)rule_max_cells(&r, R, C) * sizeof *nb);
	uint8_t *a = calloc((size_t)n * (size_t)n, 1);
	for (int j = 0; j < n; j++) {
		int c = rule_neighbours(&r, R, C, j / C, j % C, nb);
		for (int t = 0; t < c; t++)
			a[(size_t)nb[t] * (size_t)n + (size_t)j] = 1;
	}
	zlu *f = zlu_new(a, n, k);
	zband *z = zband_new(R, C, &r, k);
	bool ok = f && z;
	int fn = ok ? zlu_nullity(f) : 0, zn = ok ? zband_nullity(z) : 0;
	int *fo = malloc(((size_t)fn + 1) * sizeof *fo), *zo = malloc(((size_t)zn + 1) * sizeof *zo);
	for (int i = 0; i < fn; i++)
		fo[i] = zlu_order(f, i);
	for (int i = 0; i < zn; i++)
		zo[i] = zband_order(z, i);
	tap_ok(ok && zc_same_group(fo, fn, zo, zn), "%s%s %dx%d k=%d: the band's kernel group (%d generators) is the "
	       "dense elimination's", name, torus ? " torus" : "", R, C, k, zn);
	free(fo);
	free(zo);
	free(nb);
	free(a);
	zlu_free(f);
	zband_free(z);
}

/* A big board through lo_system: a random board (often unsolvable: then
 * the certificate is checked) and one made from presses. */
static void big(const char *name, bool torus, int R, int C, int k, rng *g)
{
	rule r;
	char err[64];
	rule_parse(&r, name, torus, err, sizeof err);
	int n = R * C;
	lo_system *s = system_new(R, C, &r, k);
	board *b = board_new(R, C, k);
	uint8_t *x = malloc((size_t)n), *y = malloc((size_t)n);
	bool ok = s != NULL;
	int unsolvable = 0;
	for (int rep = 0; ok && rep < 4; rep++) {
		for (int i = 0; i < n; i++)
			x[i] = (uint8_t)rng_below(g, (uint32_t)k);
		if (rep % 2) {
			memset(b->cells, 0, (size_t)n);
			rule_apply(&r, b, x);
		} else
			memcpy(b->cells, x, (size_t)n);
		lo_result st = system_solve(s, b->cells, x, y);
		if (st == LO_OK)
			ok = clears(&r, b, x);
		else if (st == LO_UNSOLVABLE) {
			ok = rep % 2 == 0 && brute_certificate_holds(&r, b, y);
			unsolvable++;
		} else
			ok = false;
	}
	/* The quiet patterns: quiet, and of their orders exactly. */
	board *zero = board_new(R, C, k);
	for (int i = 0; ok && i < system_nullity(s); i++) {
		const uint8_t *q = system_kernel(s, i);
		ok = system_has_kernel(s) && clears(&r, zero, q) && zc_order_exact(q, n, k, system_kernel_order(s, i));
	}
	board_free(zero);
	char count[64] = "?";
	if (s)
		system_count(s, count, sizeof count);
	tap_ok(ok, "%s%s %dx%d k=%d through lo_system (nullity %d, %s solutions each): quiet patterns quiet, "
	       "solutions clear, %d certificates hold",
	       name, torus ? " torus" : "", R, C, k, s ? system_nullity(s) : -1, count, unsolvable);
	free(x);
	free(y);
	board_free(b);
	system_free(s);
}

int main(void)
{
	static const char *const rules[] = { "x", "box", "knight", "plus", "mask:011/010/000", "mask:101/010/100",
					     "mask:010/111/001", "mask:00100/00000/10101/00000/00100" };
	static const int ks[] = { 3, 5, 6, 15, 4, 8, 9, 12 };
	rng g;
	rng_seed(&g, 4321);
	for (int torus = 0; torus < 2; torus++)
		for (size_t ri = 0; ri < sizeof rules / sizeof rules[0]; ri++)
			for (size_t ki = 0; ki < sizeof ks / sizeof ks[0]; ki++) {
				rule r;
				char err[64];
				int k = ks[ki];
				rule_parse(&r, rules[ri], torus, err, sizeof err);
				tally t = { 0 };
				int budget = (k >= 12 ? 12 : 30) / (torus ? 2 : 1);
				for (int tries = 0; t.shapes < budget && tries < 4000; tries++) {
					int R = 1 + (int)rng_below(&g, 24), C = 1 + (int)rng_below(&g, 24);
					if (R * C > 200)
						continue;
					check_shape(&r, R, C, k, &g, &t);
				}
				int bad = t.bad_group + t.bad_kern + t.bad_solve + t.bad_refusal;
				tap_ok(bad == 0,
				       "%s%s k=%d: %d shapes (%d singular, %d of them mod p with p^2 | k), %d boards "
				       "(%d unsolvable) agree with the Smith form",
				       rules[ri], torus ? " torus" : "", k, t.shapes, t.singular, t.singular_p, t.boards,
				       t.unsolvable);
				if (bad)
					tap_diag("group %d, kernel %d, solve %d, refused %d", t.bad_group, t.bad_kern,
						 t.bad_solve, t.bad_refusal);
			}
	versus_dense("knight", false, 60, 60, 4);
	versus_dense("x", true, 60, 60, 4);
	versus_dense("x", false, 62, 62, 8);
	versus_dense("knight", true, 45, 47, 9);
	versus_dense("box", true, 40, 50, 12);
	/* Past the dense limit, shapes singular mod p with p^2 | k. */
	big("knight", false, 60, 60, 4, &g);
	big("x", false, 50, 50, 4, &g);
	big("x", false, 62, 62, 8, &g);
	big("box", false, 80, 80, 12, &g);
	big("x", false, 100, 100, 4, &g);
	big("box", false, 97, 97, 9, &g);
	big("mask:011/010/000", false, 120, 120, 8, &g);
	big("x", false, 100, 100, 3, &g);
	big("box", false, 120, 90, 5, &g);
	big("knight", false, 60, 80, 6, &g);
	big("mask:011/010/000", false, 70, 70, 3, &g);
	big("mask:011/010/000", false, 50, 90, 6, &g);
	/* Asymmetric and singular: the transposed rule's kernel certifies. */
	big("mask:101/010/100", false, 40, 30, 3, &g);
	big("mask:101/010/100", false, 25, 30, 6, &g);
	big("mask:010/111/001", false, 30, 30, 6, &g);
	big("mask:00100/00000/10101/00000/00100", false, 80, 60, 15, &g);
	/* Torus: the folded order. */
	big("x", true, 60, 60, 4, &g);
	big("box", true, 90, 70, 3, &g);
	big("knight", true, 64, 64, 6, &g);
	big("mask:101/010/100", true, 51, 60, 9, &g);
	return tap_done();
}
