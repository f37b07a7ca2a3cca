/* Light chasing over Z/k against the Smith form of the dense matrix
 * (zmod.c, built here from the rule): hundreds of shapes, rectangular and
 * torus, plus and masks, k in {3, 4, 6, 9, 12}.  The kernel must be the
 * same group, its generators quiet, of exactly their orders and spanning
 * it; boards solvable exactly when the dense system says, solutions clear,
 * certificates hold.  Then big boards through lo_system. */
#include <stdlib.h>
#include <string.h>

#include "engine/bitboard.h"
#include "engine/rng.h"
#include "engine/system.h"
#include "engine/zchase.h"
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
	int shapes, boards, unsolvable, singular;
	int bad_group, bad_kern, bad_solve, bad_cert;
} tally;

static void check_shape(const rule *r, int R, int C, int k, rng *g, tally *t)
{
	int n = R * C;
	zchase *z = zchase_new(R, C, r, k);
	dense m;
	dense_new(&m, r, R, C, k);
	int zn = zchase_nullity(z);
	int *zord = malloc(((size_t)zn + 1) * sizeof *zord);
	uint8_t *kern = malloc((size_t)zn * n + 1), *x = malloc((size_t)n), *y = malloc((size_t)n);
	board *b = board_new(R, C, k), *zero = board_new(R, C, k);
	t->singular += zn > 0;
	int want[ZC_PRIMES] = { 0 }, prod[ZC_PRIMES] = { 0 }, span[ZC_PRIMES];
	for (int i = 0; i < m.nullity; i++)
		zc_add_exponents(m.order[i], want);
	for (int i = 0; i < zn; i++) {
		uint8_t *q = kern + (size_t)i * n;
		zord[i] = zchase_order(z, i);
		zc_add_exponents(zord[i], prod);
		zchase_kernel(z, i, q);
		t->bad_kern += !clears(r, zero, q) || !zc_order_exact(q, n, k, zord[i]);
	}
	t->bad_group += !zc_same_group(m.order, m.nullity, zord, zn);
	zc_span_size(kern, zn, n, k, span);
	t->bad_kern += !zc_same_size(prod, want) || !zc_same_size(span, want);
	for (int rep = 0; rep < 6; rep++) {
		/* Random boards (often unsolvable), and boards made from presses. */
		for (int i = 0; i < n; i++)
			y[i] = (uint8_t)rng_below(g, (uint32_t)k);
		if (rep % 2) {
			memset(b->cells, 0, (size_t)n);
			rule_apply(r, b, y);
		} else
			memcpy(b->cells, y, (size_t)n);
		bool want_ok = dense_solvable(&m, b->cells);
		lo_result st = zchase_solve(z, b->cells, x, y);
		t->boards++;
		if ((st == LO_OK) != want_ok || st == LO_NOMEM)
			t->bad_solve++;
		else if (st == LO_OK)
			t->bad_solve += !clears(r, b, x);
		else {
			/* A is symmetric: y^T A = 0 is A y = 0. */
			long dot = 0;
			for (int i = 0; i < n; i++)
				dot += y[i] * b->cells[i];
			t->unsolvable++;
			t->bad_cert += !clears(r, zero, y) || dot % k == 0;
		}
	}
	t->shapes++;
	free(zord);
	free(kern);
	free(x);
	free(y);
	board_free(b);
	board_free(zero);
	dense_free(&m);
	zchase_free(z);
}

/* A big board through lo_system: made from random presses, solved, cleared. */
static void big(const char *name, bool torus, int R, int C, int k, rng *g)
{
	rule r;
	char err[64];
	rule_parse(&r, name, torus, err, sizeof err);
	int n = R * C;
	lo_system *s = system_new(R, C, &r, k);
	board *b = board_new(R, C, k);
	uint8_t *x = malloc((size_t)n);
	for (int i = 0; i < n; i++)
		x[i] = (uint8_t)rng_below(g, (uint32_t)k);
	rule_apply(&r, b, x);
	bool ok = s && system_solve(s, b->cells, x, NULL) == LO_OK && clears(&r, b, x);
	int kernel_ok = 1;
	for (int i = 0; s && i < system_nullity(s) && i < 3; i++) {
		board *z = board_new(R, C, k);
		kernel_ok &= clears(&r, z, system_kernel(s, i)) &&
			     zc_order_exact(system_kernel(s, i), n, k, system_kernel_order(s, i));
		board_free(z);
	}
	tap_ok(ok && kernel_ok, "%s%s %dx%d k=%d through lo_system (nullity %d): solved, cleared, quiet patterns quiet",
	       name, torus ? " torus" : "", R, C, k, s ? system_nullity(s) : -1);
	free(x);
	board_free(b);
	system_free(s);
}

/* Wide boards are chased along their columns: lo_system on R x C (wide,
 * transposed inside) against lo_system on C x R (chased as it is): the
 * same kernel orders, kernels that are each other's transposes (checked
 * through quietness), solutions that clear, certificates that hold. */
static void transposed(const char *name, bool torus, int R, int C, int k, rng *g)
{
	rule r;
	char err[64];
	rule_parse(&r, name, torus, err, sizeof err);
	int n = R * C;
	lo_system *wide = system_new(R, C, &r, k);
	board *b = board_new(R, C, k), *zero = board_new(R, C, k);
	uint8_t *x = malloc((size_t)n), *y = malloc((size_t)n);
	bool ok = wide != NULL;
	/* The transposed rule's system on the tall board, for the orders. */
	rule t = r;
	for (int i = 0; i < r.n; i++) {
		t.dr[i] = r.dc[i];
		t.dc[i] = r.dr[i];
	}
	lo_system *tall = system_new(C, R, &t, k);
	ok = ok && tall && system_nullity(wide) == system_nullity(tall);
	for (int i = 0; ok && i < system_nullity(wide); i++)
		ok = system_kernel_order(wide, i) == system_kernel_order(tall, i) &&
		     clears(&r, zero, system_kernel(wide, i)) &&
		     zc_order_exact(system_kernel(wide, i), n, k, system_kernel_order(wide, i));
	int unsolvable = 0;
	for (int rep = 0; ok && rep < 4; rep++) {
		for (int i = 0; i < n; i++)
			y[i] = (uint8_t)rng_below(g, (uint32_t)k);
		if (rep % 2) {
			memset(b->cells, 0, (size_t)n);
			rule_apply(&r, b, y);
		} else
			memcpy(b->cells, y, (size_t)n);
		lo_result st = system_solve(wide, b->cells, x, y);
		if (st == LO_OK)
			ok = clears(&r, b, x);
		else if (st == LO_UNSOLVABLE) {
			long dot = 0;
			for (int i = 0; i < n; i++)
				dot += y[i] * b->cells[i];
			ok = rep % 2 == 0 && clears(&r, zero, y) && dot % k != 0;
			unsolvable++;
		} else
			ok = false;
	}
	tap_ok(ok, "%s%s %dx%d k=%d chased along its columns (nullity %d): as %dx%d; %d certificates hold", name,
	       torus ? " torus" : "", R, C, k, wide ? system_nullity(wide) : -1, C, R, unsolvable);
	free(x);
	free(y);
	board_free(b);
	board_free(zero);
	system_free(wide);
	system_free(tall);
}

/* Packed boards (zchase_solve_packed) against the byte chase on the same
 * boards: the same presses or the same certificate, through a board of
 * any height a row at a time.  Solvable boards from random presses, and
 * random boards (mostly unsolvable where the nullity is not 0). */
/* b's cells on rows of their own words, as every row was before narrow
 * rows were made dense: the layout the dense one must answer as. */
static bitboard *aligned_copy(const bitboard *b)
{
	size_t stride = bitboard_zstride(b->cols, b->k);
	bitboard *a = malloc(sizeof *a);
	*a = *b;
	a->stride = stride;
	a->bits = calloc((size_t)b->rows * stride, sizeof *a->bits);
	uint8_t *row = malloc((size_t)b->cols);
	for (int r = 0; r < b->rows; r++) {
		bitboard_zget_cells(b, r, row);
		bitboard_zput_cells(a, r, row);
	}
	free(row);
	return a;
}

/* Whether a and b hold the same cells (any layouts). */
static bool same_cells(const bitboard *a, const bitboard *b)
{
	for (int r = 0; r < a->rows; r++)
		for (int j = 0; j < a->cols; j++)
			if (bitboard_zget(a, r, j) != bitboard_zget(b, r, j))
				return false;
	return a->rows == b->rows && a->cols == b->cols;
}

/* Bad answers of R x C boards (4 of them), *tries and *unsolvable added up. */
static int packed_bad(int R, int C, int k, rng *g, int *tries, int *unsolvable, int *nullity)
{
	rule r;
	char err[64];
	rule_parse(&r, "plus", false, err, sizeof err);
	size_t n = (size_t)R * C;
	zchase *c = zchase_new(R, C, &r, k);
	int bad = !c || !zchase_packs(c);
	*nullity = c ? zchase_nullity(c) : -1;
	for (int t = 0; c && t < 4; t++) {
		board *b = board_new(R, C, k);
		uint8_t *x = malloc(n), *y = malloc(n), *cert = malloc(n);
		for (size_t i = 0; i < n; i++)
			x[i] = (uint8_t)rng_below(g, (uint32_t)k);
		if (t < 2)
			rule_apply(&r, b, x);
		else
			memcpy(b->cells, x, n);
		lo_result sb = zchase_solve(c, b->cells, y, cert);
		bitboard *pb = bitboard_zfrom_board(b), *px = bitboard_znew(R, C, k), *pc = bitboard_znew(R, C, k);
		lo_result sp = zchase_solve_packed(c, pb, px, NULL);
		if (sp == LO_UNSOLVABLE)
			sp = zchase_solve_packed(c, pb, NULL, pc);
		bad += sb != sp;
		board *back = sb == LO_OK ? bitboard_to_board(px) : bitboard_to_board(pc);
		bad += memcmp(back->cells, sb == LO_OK ? y : cert, n) != 0;
		/* Narrow rows are dense: the same answer on rows of their own words. */
		bad += (pb->stride != 0) == bitboard_dense(C, k);
		if (!pb->stride) {
			bitboard *ab = aligned_copy(pb), *ax = aligned_copy(px);
			lo_result sa = zchase_solve_packed(c, ab, ax, NULL);
			if (sa == LO_UNSOLVABLE)
				sa = zchase_solve_packed(c, ab, NULL, ax);
			bad += sa != sp || !same_cells(ax, sp == LO_OK ? px : pc);
			bitboard_free(ab);
			bitboard_free(ax);
		}
		*unsolvable += sb == LO_UNSOLVABLE;
		++*tries;
		board_free(back);
		board_free(b);
		bitboard_free(pb);
		bitboard_free(px);
		bitboard_free(pc);
		free(x);
		free(y);
		free(cert);
	}
	zchase_free(c);
	return bad;
}

static void packed(int R, int C, int k, rng *g)
{
	int tries = 0, unsolvable = 0, d, bad = packed_bad(R, C, k, g, &tries, &unsolvable, &d);
	tap_ok(bad == 0, "packed %dx%d k=%d (nullity %d): %d boards, %d unsolvable, the byte chase's presses and "
		       "certificates", R, C, k, d, tries, unsolvable);
}

/* Every width narrower than a word, dense: the byte chase's answers, and
 * the answers on rows of their own words. */
static void packed_narrow(rng *g)
{
	static const int ks[] = { 3, 4, 5, 8, 9, 17, 36 };
	int bad = 0, tries = 0, unsolvable = 0, widths = 0, d;
	for (int i = 0; i < 7; i++)
		for (int C = 1; C < 64 / bitboard_width(ks[i]); C++, widths++)
			bad += packed_bad(2 + (int)rng_below(g, 60), C, ks[i], g, &tries, &unsolvable, &d);
	tap_is(bad, 0, "dense narrow rows, %d widths of k = 3 to 36 (%d boards, %d unsolvable): the byte chase's and the "
		       "word-a-row layout's answers", widths, tries, unsolvable);
}

/* A tall board past the byte route's 10000 rows: solved packed, checked
 * against a brute-force press-out (rule_apply on the bytes). */
static void packed_tall(int R, int C, int k, rng *g)
{
	rule r;
	char err[64];
	rule_parse(&r, "plus", false, err, sizeof err);
	size_t n = (size_t)R * C;
	zchase *c = zchase_new(R, C, &r, k);
	board *b = board_new(R, C, k);
	uint8_t *x = malloc(n);
	for (size_t i = 0; i < n; i++)
		x[i] = (uint8_t)rng_below(g, (uint32_t)k);
	rule_apply(&r, b, x);
	bitboard *pb = bitboard_zfrom_board(b), *px = bitboard_znew(R, C, k);
	bool ok = c && zchase_solve_packed(c, pb, px, NULL) == LO_OK;
	board *sol = ok ? bitboard_to_board(px) : NULL;
	ok = ok && sol && clears(&r, b, sol->cells);
	tap_ok(ok, "packed %dx%d k=%d (past 10000 rows): solved, pressed out on the bytes clear", R, C, k);
	board_free(sol);
	board_free(b);
	bitboard_free(pb);
	bitboard_free(px);
	free(x);
	zchase_free(c);
}

int main(void)
{
	static const struct {
		const char *rule;
		bool torus;
		int max_cells;
	} cases[] = {
		{ "plus", false, 400 },
		{ "plus", true, 300 },
		{ "mask:010/101/010", true, 200 },
		{ "mask:00100/01110/11111/01110/00100", true, 200 },
		{ "mask:00100/01110/11111/01110/00100", false, 200 },
		{ "mask:00100/00000/10101/00000/00100", false, 200 },
	};
	static const int ks[] = { 3, 4, 6, 9, 12 };
	rng g;
	rng_seed(&g, 1234);
	for (size_t ci = 0; ci < sizeof cases / sizeof cases[0]; ci++)
		for (size_t ki = 0; ki < sizeof ks / sizeof ks[0]; ki++) {
			rule r;
			char err[64];
			int k = ks[ki];
			rule_parse(&r, cases[ci].rule, cases[ci].torus, err, sizeof err);
			tally t = { 0 };
			int budget = k > 6 ? 12 : 40;	/* shapes per rule and k */
			for (int tries = 0; t.shapes < budget && tries < 4000; tries++) {
				int R = 1 + (int)rng_below(&g, 30), C = 1 + (int)rng_below(&g, 30);
				if (R * C > cases[ci].max_cells || zchase_unknowns(&r, R, C) == 0)
					continue;
				check_shape(&r, R, C, k, &g, &t);
			}
			const char *name = cases[ci].rule, *tor = cases[ci].torus ? " torus" : "";
			tap_ok(t.bad_group + t.bad_kern + t.bad_solve + t.bad_cert == 0 && t.shapes == budget,
			       "%s%s k=%d: %d shapes (%d singular), %d boards (%d unsolvable) agree with the Smith form", name,
			       tor, k, t.shapes, t.singular, t.boards, t.unsolvable);
			if (t.bad_group + t.bad_kern + t.bad_solve + t.bad_cert)
				tap_diag("group %d, kernel %d, solve %d, certificate %d", t.bad_group, t.bad_kern, t.bad_solve,
					 t.bad_cert);
		}
	big("plus", false, 300, 200, 3, &g);
	big("plus", false, 197, 197, 4, &g);	/* nullity 42 */
	big("plus", false, 120, 250, 6, &g);
	big("plus", true, 150, 120, 3, &g);
	big("plus", true, 90, 90, 4, &g);
	big("mask:00100/01110/11111/01110/00100", true, 60, 40, 6, &g);
	big("mask:00100/01110/11111/01110/00100", false, 100, 90, 5, &g);
	transposed("plus", false, 16, 2100, 3, &g);
	transposed("plus", false, 23, 2049, 4, &g);
	transposed("plus", true, 30, 1100, 4, &g);
	transposed("plus", true, 24, 1030, 6, &g);
	transposed("mask:010/000/111/000/010", false, 30, 1100, 3, &g);
	transposed("mask:00100/10101/00100", true, 14, 1100, 6, &g);
	packed(30, 50, 3, &g);
	packed(16, 16, 3, &g);		/* nullity 8 mod 3 */
	packed(197, 60, 4, &g);
	packed(40, 33, 5, &g);
	packed(17, 17, 6, &g);
	packed(24, 24, 9, &g);
	packed(65, 21, 17, &g);
	packed(2, 30, 36, &g);
	packed(30, 1, 7, &g);
	/* Both sides past 2048, where M (C x C) was refused: its polynomials. */
	packed(2049, 2049, 3, &g);
	packed(2100, 2050, 4, &g);
	packed(2050, 2050, 6, &g);
	packed_narrow(&g);
	packed_tall(12000, 5, 3, &g);
	packed_tall(10050, 33, 4, &g);
	return tap_done();
}
