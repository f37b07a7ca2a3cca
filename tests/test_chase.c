/* Light chasing against dense elimination (chase_new directly, while
 * system_new keeps small boards dense), on every shape up to 24x24 for the
 * classic rule and on many shapes for torus rules and masks. */
#include <stdlib.h>
#include <string.h>

#include "engine/chase.h"
#include "engine/rng.h"
#include "engine/system.h"
#include "tap.h"

int main(void)
{
	static const struct { const char *rule; bool torus; int step; } cases[] = {
		{ "plus", false, 1 }, { "plus", true, 2 }, { "mask:010/101/010", true, 3 },
		{ "mask:00100/01110/11111/01110/00100", true, 3 }, { "mask:00100/01110/11111/01110/00100", false, 3 },
	};
	char err[64];
	rng g;
	rng_seed(&g, 77);
	for (size_t ci = 0; ci < sizeof cases / sizeof cases[0]; ci++) {
	rule dense;
	rule_parse(&dense, cases[ci].rule, cases[ci].torus, err, sizeof err);
	int shapes = 0, bad_null = 0, bad_solve = 0, bad_cert = 0, bad_kern = 0;
	for (int R = 1; R <= 24; R += (int)rng_below(&g, (uint32_t)cases[ci].step) + 1)
		for (int C = 1; C <= 24; C += (int)rng_below(&g, (uint32_t)cases[ci].step) + 1) {
			if (!chase_supports(&dense, R, C))
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
				bool s1 = system_solve(s, b->cells, y, NULL) == LO_SOLVED, s2 = chase_solve(c, b->cells, x, y) == LO_SOLVED;
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
	bool ok = system_solve(s, b->cells, x, NULL) == LO_SOLVED;
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
	ok = system_solve(s, b->cells, x, NULL) == LO_SOLVED;
	rule_apply(&plus, b, x);
	tap_ok(ok && board_is_clear(b), "plus torus 150x120 (nullity %d): solved and cleared", system_nullity(s));
	free(x);
	board_free(b);
	system_free(s);
	return tap_done();
}
