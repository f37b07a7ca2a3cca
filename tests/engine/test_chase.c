/* Light chasing against dense elimination (chase_new directly, while
 * system_new keeps small boards dense), on every shape up to 24x24 for the
 * classic rule and on many shapes for torus rules and masks. */
#include <stdlib.h>
#include <string.h>

#include "engine/band.h"
#include "engine/bitboard.h"
#include "engine/chase.h"
#include "engine/chaseshape.h"
#include "engine/gf2.h"
#include "engine/rng.h"
#include "engine/system.h"
#include "tap.h"

/* The dense oracle, built here from the rule: rank of [A | b] over the
 * first n columns, and whether b is in the column space. */
static int dense_rank(const rule *r, int R, int C, const uint8_t *b, bool *consistent)
{
	int n = R * C, *nb = malloc((size_t)rule_max_cells(r, R, C) * sizeof *nb), *piv = malloc((size_t)n * sizeof *piv);
	gf2_mat *m = gf2_new(n, n + 1);
	for (int j = 0; j < n; j++) {
		int k = rule_neighbours(r, R, C, j / C, j % C, nb);
		for (int t = 0; t < k; t++)
			gf2_set(m, nb[t], j, 1);
	}
	for (int i = 0; i < n; i++)
		gf2_set(m, i, n, b[i] & 1);
	int rank = gf2_rref(m, n, piv);
	*consistent = true;
	for (int i = rank; i < n; i++)
		if (gf2_get(m, i, n))
			*consistent = false;
	gf2_free(m);
	free(nb);
	free(piv);
	return rank;
}

/* The classic rule's polynomial path (nullity by gcd, inverse as a
 * polynomial in T, M from its first row, the 64-cells-a-word chase) on
 * hundreds of rectangular shapes up to 4000 cells, against dense
 * elimination built independently of lo_system. */
static void classic_vs_dense(rng *g)
{
	char err[64];
	rule plus;
	rule_parse(&plus, "plus", false, err, sizeof err);
	int shapes = 0, bad_null = 0, bad_solve = 0, bad_kern = 0, singular = 0;
	for (int t = 0; t < 320; t++) {
		int R, C;
		if (t < 70) {
			R = C = t + 2;	/* every square from 2x2 to 71x71 */
		} else {
			R = 2 + (int)rng_below(g, 129);	/* one row cannot be chased */
			C = 1 + (int)rng_below(g, 130);
			if (R * C > 4000)
				C = 4000 / R;
		}
		int n = R * C;
		chase *c = chase_new(R, C, &plus);
		board *b = board_new(R, C, 2);
		uint8_t *x = malloc((size_t)n), *y = malloc((size_t)n);
		for (int i = 0; i < n; i++)
			b->cells[i] = (uint8_t)rng_below(g, 2);
		bool consistent;
		int nullity = n - dense_rank(&plus, R, C, b->cells, &consistent);
		bad_null += chase_nullity(c) != nullity;
		singular += nullity > 0;
		bool ok = chase_solve(c, b->cells, x, y) == LO_OK;
		board *t2 = board_clone(b);
		if (ok != consistent) {
			bad_solve++;
		} else if (ok) {
			rule_apply(&plus, t2, x);
			bad_solve += !board_is_clear(t2);
		} else {
			int dot = 0;
			for (int i = 0; i < n; i++)
				dot ^= y[i] & b->cells[i];
			memset(t2->cells, 0, (size_t)n);
			rule_apply(&plus, t2, y);
			bad_solve += !dot || !board_is_clear(t2);
		}
		/* A board made from presses is always solvable. */
		for (int i = 0; i < n; i++)
			y[i] = (uint8_t)rng_below(g, 2);
		memset(t2->cells, 0, (size_t)n);
		rule_apply(&plus, t2, y);
		if (chase_solve(c, t2->cells, x, NULL) != LO_OK) {
			bad_solve++;
		} else {
			rule_apply(&plus, t2, x);
			bad_solve += !board_is_clear(t2);
		}
		for (int q = 0; q < chase_nullity(c) && q < 4; q++) {
			chase_kernel(c, q, x);
			memset(t2->cells, 0, (size_t)n);
			rule_apply(&plus, t2, x);
			int nz = 0;
			for (int i = 0; i < n; i++)
				nz += x[i];
			bad_kern += !board_is_clear(t2) || nz == 0;
		}
		board_free(t2);
		board_free(b);
		free(x);
		free(y);
		chase_free(c);
		shapes++;
	}
	tap_is(bad_null, 0, "plus, %d shapes up to 4000 cells (%d singular): nullity equals dense elimination's", shapes,
	       singular);
	tap_is(bad_solve, 0, "plus: solvability agrees with dense elimination; solutions clear, certificates hold");
	tap_is(bad_kern, 0, "plus: quiet patterns of singular shapes are quiet and non-zero");
}

/* The classic rule at a bit a cell against the byte path on the same
 * chase: the same answer on random boards (most unsolvable on singular
 * shapes) and on boards made from presses, each solution pressed out on
 * the board at a bit a cell, each certificate quiet and odd on the board;
 * and no fallback taken. */
static void classic_bits(rng *g)
{
	char err[64];
	rule plus;
	rule_parse(&plus, "plus", false, err, sizeof err);
	long before = chase_fallbacks();
	int shapes = 0, bad_same = 0, bad_check = 0, unsolvable = 0;
	for (int t = 0; t < 200; t++) {
		int R = 2 + (int)rng_below(g, 150), C = 1 + (int)rng_below(g, 200);
		if (t < 40)
			R = C = 2 + t * 5;	/* squares to 197x197: singular ones among them */
		int n = R * C;
		chase *c = chase_new(R, C, &plus);
		board *b = board_new(R, C, 2);
		uint8_t *x = malloc((size_t)n), *y = malloc((size_t)n);
		for (int i = 0; i < n; i++)
			b->cells[i] = (uint8_t)rng_below(g, 2);
		for (int made = 0; made < 2; made++) {
			if (made) {	/* a board made from presses: solvable */
				bitboard *p = bitboard_new(R, C), *cl = bitboard_new(R, C);
				for (int i = 0; i < n; i++)
					bitboard_set(p, i / C, i % C, (int)rng_below(g, 2));
				bitboard_press_plus(p, cl);
				board *nb = bitboard_to_board(cl);
				memcpy(b->cells, nb->cells, (size_t)n);
				board_free(nb);
				bitboard_free(p);
				bitboard_free(cl);
			}
			bitboard *pb = bitboard_from_board(b), *px = bitboard_new(R, C), *pc = bitboard_new(R, C);
			lo_result sb = chase_solve(c, b->cells, x, y), sp = chase_solve_bits(c, pb, px, pc);
			board *bx = bitboard_to_board(px), *bc = bitboard_to_board(pc);
			bad_same += sb != sp || (sb == LO_OK && memcmp(bx->cells, x, (size_t)n)) ||
				    (sb == LO_UNSOLVABLE && memcmp(bc->cells, y, (size_t)n));
			if (sp == LO_OK) {
				bitboard_press_plus(px, pb);
				bad_check += !bitboard_is_clear(pb);
			} else {
				unsolvable++;
				bitboard *q = bitboard_new(R, C);
				bitboard_press_plus(pc, q);
				bitboard *orig = bitboard_from_board(b);
				size_t dot = 0;
				for (size_t w = 0; w < bitboard_words(pc); w++)
					dot += (size_t)__builtin_popcountll(pc->bits[w] & orig->bits[w]);
				bad_check += sp != LO_UNSOLVABLE || made || !bitboard_is_clear(q) || dot % 2 == 0;
				bitboard_free(q);
				bitboard_free(orig);
			}
			board_free(bx);
			board_free(bc);
			bitboard_free(pb);
			bitboard_free(px);
			bitboard_free(pc);
		}
		board_free(b);
		free(x);
		free(y);
		chase_free(c);
		shapes++;
	}
	tap_is(bad_same, 0, "plus at a bit a cell, %d shapes (%d boards unsolvable): the byte path's answers", shapes,
	       unsolvable);
	tap_is(bad_check, 0, "... every solution pressed out clears its board, every certificate is quiet and odd");
	tap_is(chase_fallbacks() - before, 0L, "... and no answer of the algebra failed its check");
	rule x;
	rule_parse(&x, "x", true, err, sizeof err);
	chase *c = chase_new(10, 10, &x);
	bitboard *w = bitboard_new(10, 10);
	tap_ok(!c || chase_solve_bits(c, w, w, NULL) == LO_REFUSED, "other rules are refused at a bit a cell");
	bitboard_free(w);
	chase_free(c);
}

/* b's cells on rows of a word each, as narrow rows were before they were
 * made dense: the layout the dense one must answer as. */
static bitboard *aligned_copy(const bitboard *b)
{
	bitboard *a = malloc(sizeof *a);
	*a = *b;
	a->stride = 1;
	a->bits = calloc((size_t)b->rows, sizeof *a->bits);
	for (int r = 0; r < b->rows; r++)
		for (int j = 0; j < b->cols; j++)
			bitboard_set(a, r, j, bitboard_get(b, r, j));
	return a;
}

/* Every width narrower than a word, its rows dense: the byte path's
 * answers and the word-a-row layout's, each pressed out. */
static void classic_narrow(rng *g)
{
	char err[64];
	rule plus;
	rule_parse(&plus, "plus", false, err, sizeof err);
	long before = chase_fallbacks();
	int bad = 0, boards = 0, unsolvable = 0, dense = 0;
	for (int C = 1; C < 64; C++)
		for (int t = 0; t < 3; t++) {
			int R = t == 2 ? 64 / C + 1 + (int)rng_below(g, 200) : 2 + (int)rng_below(g, 70), n = R * C;
			chase *c = chase_new(R, C, &plus);
			board *b = board_new(R, C, 2);
			uint8_t *x = malloc((size_t)n), *y = malloc((size_t)n);
			for (int i = 0; i < n; i++)
				b->cells[i] = (uint8_t)rng_below(g, 2);
			bitboard *pb = bitboard_from_board(b), *px = bitboard_new(R, C), *pc = bitboard_new(R, C);
			bitboard *ab = aligned_copy(pb), *ax = aligned_copy(px), *ac = aligned_copy(pc);
			dense += pb->stride == 0 && px->stride == 0;
			lo_result sb = chase_solve(c, b->cells, x, y), sp = chase_solve_bits(c, pb, px, pc);
			lo_result sa = chase_solve_bits(c, ab, ax, ac);
			board *bx = bitboard_to_board(px), *bc = bitboard_to_board(pc);
			bad += sb != sp || sa != sp || (sb == LO_OK && memcmp(bx->cells, x, (size_t)n)) ||
			       (sb == LO_UNSOLVABLE && memcmp(bc->cells, y, (size_t)n));
			for (int r = 0; r < R; r++)
				for (int j = 0; j < C; j++)
					bad += sp == LO_OK ? bitboard_get(px, r, j) != bitboard_get(ax, r, j)
							   : bitboard_get(pc, r, j) != bitboard_get(ac, r, j);
			if (sp == LO_OK) {
				bitboard_press_plus(px, pb);
				bad += !bitboard_is_clear(pb);
			}
			unsolvable += sp == LO_UNSOLVABLE;
			boards++;
			board_free(b);
			board_free(bx);
			board_free(bc);
			free(x);
			free(y);
			bitboard_free(pb);
			bitboard_free(px);
			bitboard_free(pc);
			bitboard_free(ab);
			bitboard_free(ax);
			bitboard_free(ac);
			chase_free(c);
		}
	tap_is(dense, boards, "boards of 1 to 63 columns are dense");
	tap_is(bad, 0, "%d of them (%d unsolvable): the byte path's answers and the word-a-row layout's, pressed out",
	       boards, unsolvable);
	tap_is(chase_fallbacks() - before, 0L, "... and no answer of the algebra failed its check");
}

int main(void)
{
	static const struct { const char *rule; bool torus; int step; } cases[] = {
		{ "plus", false, 1 }, { "plus", true, 2 }, { "mask:010/101/010", true, 3 },
		{ "mask:00100/01110/11111/01110/00100", true, 3 }, { "mask:00100/01110/11111/01110/00100", false, 3 },
		/* The diagonal chase: the mask's lowest row has more than one
		 * cell (x, box, knight, a full 5x5 row, a mask of one row). */
		{ "x", false, 2 }, { "box", false, 2 }, { "knight", false, 2 },
		{ "mask:01110/11011/10101/11011/01110", false, 3 }, { "mask:10101", false, 2 },
		{ "mask:11111/11111/11111/11111/11111", false, 3 },
	};
	char err[64];
	rng g;
	rng_seed(&g, 77);
	classic_vs_dense(&g);
	classic_bits(&g);
	classic_narrow(&g);
	for (size_t ci = 0; ci < sizeof cases / sizeof cases[0]; ci++) {
	rule dense;
	rule_parse(&dense, cases[ci].rule, cases[ci].torus, err, sizeof err);
	int shapes = 0, bad_null = 0, bad_solve = 0, bad_cert = 0, bad_kern = 0;
	for (int R = 1; R <= 24; R += (int)rng_below(&g, (uint32_t)cases[ci].step) + 1)
		for (int C = 1; C <= 24; C += (int)rng_below(&g, (uint32_t)cases[ci].step) + 1) {
			if (!chaseshape_supports_diag(&dense, R, C))
				continue;
			chase *c = chase_new(R, C, &dense);
			lo_system *s = system_new(R, C, &dense, 2);
			int n = R * C;
			bad_null += chase_nullity(c) != system_nullity(s);
			board *b = board_new(R, C, 2);
			uint8_t *x = malloc((size_t)n), *y = malloc((size_t)n);
			for (int t = 0; t < 6; t++) {
				for (int i = 0; i < n; i++)
					b->cells[i] = (uint8_t)rng_below(&g, 2);
				bool s1 = system_solve(s, b->cells, y, NULL) == LO_OK, s2 = chase_solve(c, b->cells, x, y) == LO_OK;
				if (s1 != s2) {
					bad_solve++;
					continue;
				}
				board *t2 = board_clone(b);
				if (s2) {
					rule_apply(&dense, t2, x);
					bad_solve += !board_is_clear(t2);
				} else {
					int dot = 0;
					for (int i = 0; i < n; i++)
						dot ^= y[i] & b->cells[i];
					memset(t2->cells, 0, (size_t)(unsigned)n);
					rule_apply(&dense, t2, y);
					bad_cert += !dot || !board_is_clear(t2);
				}
				board_free(t2);
			}
			for (int q = 0; q < chase_nullity(c); q++) {
				chase_kernel(c, q, x);
				memset(b->cells, 0, (size_t)(unsigned)n);
				rule_apply(&dense, b, x);
				int nz = 0;
				for (int i = 0; i < n; i++)
					nz += x[i];
				bad_kern += !board_is_clear(b) || nz == 0;
			}
			free(x);
			free(y);
			board_free(b);
			chase_free(c);
			system_free(s);
			shapes++;
		}
	const char *name = cases[ci].rule;
	const char *t = cases[ci].torus ? " torus" : "";
	tap_is(bad_null, 0, "%s%s, %d shapes: chased nullity equals dense nullity", name, t, shapes);
	tap_is(bad_solve, 0, "%s%s: chased solutions agree on solvability and clear the board", name, t);
	tap_is(bad_cert, 0, "%s%s: unsolvable boards get a quiet pattern with odd overlap", name, t);
	tap_is(bad_kern, 0, "%s%s: chased quiet patterns are quiet and non-zero", name, t);
	}

	/* A big board through lo_system: the chase path, all lit. */
	rule plus;
	rule_parse(&plus, "plus", false, err, sizeof err);
	lo_system *s = system_new(300, 200, &plus, 2);
	board *b = board_new(300, 200, 2);
	uint8_t *x = malloc(60000);
	memset(b->cells, 1, 60000);
	bool ok = system_solve(s, b->cells, x, NULL) == LO_OK;
	rule_apply(&plus, b, x);
	tap_ok(ok && board_is_clear(b), "300x200 all lit: solved and cleared (nullity %d)", system_nullity(s));
	free(x);
	board_free(b);
	system_free(s);

	/* Torus through lo_system: the sweep. */
	rule_parse(&plus, "plus", true, err, sizeof err);
	s = system_new(150, 120, &plus, 2);
	b = board_new(150, 120, 2);
	x = malloc(18000);
	for (int i = 0; i < 18000; i++)
		x[i] = (uint8_t)rng_below(&g, 2);
	rule_apply(&plus, b, x);
	ok = system_solve(s, b->cells, x, NULL) == LO_OK;
	rule_apply(&plus, b, x);
	tap_ok(ok && board_is_clear(b), "plus torus 150x120 (nullity %d): solved and cleared", system_nullity(s));
	free(x);
	board_free(b);
	system_free(s);

	/* Past the band's reach (cells x width over 1.2e8) the x and knight
	 * rules are chased diagonally through lo_system: the nullity against
	 * the band's elimination, a second one, and boards pressed out. */
	static const struct { const char *rule; int R, C; } big[] = { { "x", 500, 500 }, { "knight", 400, 397 }, { "box", 500, 503 } };
	for (size_t i = 0; i < sizeof big / sizeof big[0]; i++) {
		rule r;
		rule_parse(&r, big[i].rule, false, err, sizeof err);
		int R = big[i].R, C = big[i].C, n = R * C;
		system_cost cost;
		bool chased = system_cost_of(R, C, &r, 2, &cost) && strcmp(cost.backend, "chase") == 0;
		s = system_new(R, C, &r, 2);
		band *m = band_new(R, C, &r);
		b = board_new(R, C, 2);
		x = malloc((size_t)n);
		for (int t = 0; t < n; t++)
			x[t] = (uint8_t)rng_below(&g, 2);
		rule_apply(&r, b, x);
		ok = s && system_solve(s, b->cells, x, NULL) == LO_OK;
		if (ok)
			rule_apply(&r, b, x);
		tap_ok(chased && ok && board_is_clear(b), "%s %dx%d chased diagonally: a pressed board solved and cleared",
		       big[i].rule, R, C);
		tap_ok(s && m && system_nullity(s) == band_nullity(m), "%s %dx%d: chased nullity %d, the band's %d",
		       big[i].rule, R, C, s ? system_nullity(s) : -1, m ? band_nullity(m) : -1);
		/* The quiet patterns (from M's factors where M4RI is built in)
		 * change nothing. */
		int loud = 0;
		for (int q = 0; s && system_has_kernel(s) && q < system_nullity(s); q++) {
			memset(b->cells, 0, (size_t)n);
			rule_apply(&r, b, system_kernel(s, q));
			loud += !board_is_clear(b);
		}
		tap_ok(s && system_has_kernel(s) && loud == 0, "%s %dx%d: its %d quiet patterns change nothing", big[i].rule,
		       R, C, s ? system_nullity(s) : -1);
		memset(b->cells, 1, (size_t)n);
		lo_result st = s ? system_solve(s, b->cells, x, NULL) : LO_NOMEM;
		bool band_ok = m && band_solve(m, b->cells, x) == LO_OK;
		tap_ok(st != LO_NOMEM && (st == LO_OK) == band_ok, "%s %dx%d all lit: the chase and the band agree (%s)",
		       big[i].rule, R, C, band_ok ? "solvable" : "unsolvable");
		free(x);
		board_free(b);
		band_free(m);
		system_free(s);
	}
	return tap_done();
}
