/* The cross rule's reduced system against dense elimination on every shape
 * up to 20x20 and k in {2, 3, 4, 6}, and big boards through lo_system. */
#include <stdlib.h>
#include <string.h>

#include "brute.h"
#include "engine/crossred.h"
#include "engine/rng.h"
#include "engine/system.h"
#include "tap.h"

int main(void)
{
	rule r;
	char err[64];
	rng g;
	rng_seed(&g, 2024);
	rule_parse(&r, "cross", false, err, sizeof err);
	static const int ks[] = { 2, 3, 4, 6 };
	for (int ki = 0; ki < 4; ki++) {
		int k = ks[ki], bad = 0, shapes = 0, certs = 0;
		for (int rows = 1; rows <= 20; rows += 1 + (int)rng_below(&g, 2))
			for (int cols = 1; cols <= 20; cols += 1 + (int)rng_below(&g, 3)) {
				if (k > 2 && rows * cols > 150)
					continue;	/* dense Z/k is cubic: keep the test quick */
				int n = rows * cols;
				crossred *c = crossred_new(rows, cols, k);
				lo_system *s = system_new(rows, cols, &r, k);	/* dense below 400 cells */
				double size = 1;
				for (int i = 0; i < crossred_nullity(c); i++)
					size *= crossred_order(c, i);
				char want[64], got[64];
				system_count(s, want, sizeof want);
				snprintf(got, sizeof got, "%.0f", size);
				bad += strcmp(want, got) != 0;
				board *b = board_new(rows, cols, k);
				uint8_t *x = malloc((size_t)n), *y = malloc((size_t)n);
				for (int t = 0; t < 4; t++) {
					for (int i = 0; i < n; i++)
						b->cells[i] = (uint8_t)rng_below(&g, (uint32_t)k);
					bool dense = system_solve(s, b->cells, y, NULL) == LO_OK;
					bool red = crossred_solve(c, b->cells, x, y) == LO_OK;
					bad += dense != red;
					if (red) {
						board *t2 = board_clone(b);
						rule_apply(&r, t2, x);
						bad += !board_is_clear(t2);
						board_free(t2);
					} else {
						bool ok = brute_certificate_holds(&r, b, y);
						bad += !ok;
						certs += ok;
					}
				}
				for (int q = 0; q < crossred_nullity(c); q++) {
					crossred_kernel(c, q, x);
					memset(b->cells, 0, (size_t)n);
					rule_apply(&r, b, x);
					bad += !board_is_clear(b);
				}
				free(x);
				free(y);
				board_free(b);
				crossred_free(c);
				system_free(s);
				shapes++;
			}
		tap_ok(bad == 0, "cross k=%d: reduced system agrees with dense on %d shapes (%d certificates checked)", k,
		       shapes, certs);
	}
	struct { int rows, cols, k; } big[] = { { 300, 200, 2 }, { 301, 299, 2 }, { 200, 100, 3 }, { 150, 120, 4 } };
	for (int c = 0; c < 4; c++) {
		int rows = big[c].rows, cols = big[c].cols, k = big[c].k, n = rows * cols;
		lo_system *s = system_new(rows, cols, &r, k);
		board *b = board_new(rows, cols, k);
		uint8_t *x = malloc((size_t)n);
		for (int i = 0; i < n; i++)
			x[i] = (uint8_t)rng_below(&g, (uint32_t)k);
		rule_apply(&r, b, x);
		bool ok = system_solve(s, b->cells, x, NULL) == LO_OK;
		rule_apply(&r, b, x);
		tap_ok(ok && board_is_clear(b), "cross %dx%d k=%d: a board made of presses is solved (nullity %d)", rows,
		       cols, k, system_nullity(s));
		free(x);
		board_free(b);
		system_free(s);
	}
	return tap_done();
}
