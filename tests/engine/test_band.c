/* Banded elimination against dense elimination for local rules, with and
 * without torus, and big boards through lo_system (which picks the band
 * above 400 cells). */
#include <stdlib.h>
#include <string.h>

#include "engine/band.h"
#include "engine/bandorder.h"
#include "brute.h"
#include "engine/rng.h"
#include "engine/system.h"
#include "tap.h"

int main(void)
{
	static const char *const rules[] = { "x", "box", "knight", "plus", "mask:011/010/000",
					     "mask:00100/00000/10101/00000/00100" };
	rng g;
	rng_seed(&g, 99);
	for (size_t rt = 0; rt < 2 * sizeof rules / sizeof rules[0]; rt++) {
		size_t ri = rt / 2;
		bool torus = rt % 2;
		rule r;
		char err[64];
		rule_parse(&r, rules[ri], torus, err, sizeof err);
		int bad = 0, shapes = 0, unsolvable = 0;
		for (int rows = 1; rows <= 18; rows += 1 + (int)rng_below(&g, 3))
			for (int cols = 1; cols <= 18; cols += 1 + (int)rng_below(&g, 3)) {
				int n = rows * cols;
				band *m = band_new(rows, cols, &r);
				lo_system *s = system_new(rows, cols, &r, 2);	/* dense: n <= 400 */
				bad += band_nullity(m) != system_nullity(s);
				board *b = board_new(rows, cols, 2);
				uint8_t *x = malloc((size_t)n);
				for (int t = 0; t < 4; t++) {
					for (int i = 0; i < n; i++)
						b->cells[i] = (uint8_t)rng_below(&g, 2);
					bool dense = system_solve(s, b->cells, x, NULL) == LO_OK;
					bool banded = band_solve(m, b->cells, x) == LO_OK;
					bad += dense != banded;
					unsolvable += !banded;
					if (banded) {
						rule_apply(&r, b, x);
						bad += !board_is_clear(b);
					}
				}
				for (int q = 0; q < band_nullity(m); q++) {
					band_kernel(m, q, x);
					memset(b->cells, 0, (size_t)n);
					rule_apply(&r, b, x);
					bad += !board_is_clear(b);
				}
				free(x);
				board_free(b);
				band_free(m);
				system_free(s);
				shapes++;
			}
		tap_ok(bad == 0, "%s%s: band agrees with dense on %d shapes (%d unsolvable boards seen)", rules[ri],
		       torus ? " torus" : "", shapes, unsolvable);
	}

	/* The order's width never passes the bound the limits use. */
	int over = 0, orders = 0, pos[40 * 40];
	for (size_t rt = 0; rt < 2 * sizeof rules / sizeof rules[0]; rt++) {
		rule r;
		char err[64];
		rule_parse(&r, rules[rt / 2], rt % 2, err, sizeof err);
		for (int rows = 1; rows <= 40; rows += 1 + (int)rng_below(&g, 4))
			for (int cols = 1; cols <= 40; cols += 1 + (int)rng_below(&g, 4), orders++)
				over += bandorder_make(rows, cols, &r, pos) > bandorder_width_bound(rows, cols, &r);
	}
	tap_ok(over == 0 && orders > 500, "%d cell orders, with and without torus, within the width bound", orders);

	/* Big boards through lo_system: solutions clear, certificates hold. */
	struct { const char *rule; bool torus; int rows, cols; } big[] = {
		{ "box", false, 100, 100 }, { "knight", false, 90, 110 }, { "x", false, 100, 100 },
		{ "mask:011/010/000", false, 60, 70 }, { "box", false, 32, 32 }, { "mask:010/001/100", false, 30, 30 },
		{ "mask:101/000/001", false, 24, 25 }, { "x", true, 120, 120 }, { "box", true, 96, 100 },
		{ "knight", true, 110, 101 }, { "mask:101/000/001", true, 30, 36 }, { "x", false, 10, 3000 },
		/* Past 40000 cells (k = 2 only): cells x width. */
		{ "x", false, 300, 300 }, { "box", false, 60, 1000 }, { "mask:010/001/100", true, 210, 210 },
	};
	for (size_t c = 0; c < sizeof big / sizeof big[0]; c++) {
		rule r;
		char err[64];
		rule_parse(&r, big[c].rule, big[c].torus, err, sizeof err);
		int rows = big[c].rows, cols = big[c].cols, n = rows * cols;
		lo_system *s = system_new(rows, cols, &r, 2);
		board *b = board_new(rows, cols, 2);
		uint8_t *x = malloc((size_t)n), *y = malloc((size_t)n);
		int solved = 0, certified = 0, tries = 6;
		for (int t = 0; t < tries; t++) {
			/* Odd tries: a board made by presses, so solvable. */
			for (int i = 0; i < n; i++)
				(t % 2 ? x : b->cells)[i] = (uint8_t)rng_below(&g, 2);
			if (t % 2) {
				memset(b->cells, 0, (size_t)n);
				rule_apply(&r, b, x);
			}
			if (system_solve(s, b->cells, x, y) == LO_OK) {
				board *c2 = board_clone(b);
				rule_apply(&r, c2, x);
				solved += board_is_clear(c2);
				board_free(c2);
			} else
				certified += brute_certificate_holds(&r, b, y);
		}
		tap_ok(s && solved + certified == tries && solved >= tries / 2, "%s%s %dx%d (nullity %d): %d solved and cleared, %d certified",
		       big[c].rule, big[c].torus ? " torus" : "", rows, cols, s ? system_nullity(s) : -1, solved,
		       certified);
		free(x);
		free(y);
		board_free(b);
		system_free(s);
	}
	return tap_done();
}
