#include <stdlib.h>
#include <string.h>

#include "brute.h"
#include "engine/board.h"
#include "engine/parclass.h"
#include "tap.h"

/* The board that x clears: A (-x), pressed cell by cell. */
static void board_of(const rule *r, board *b, const uint8_t *x)
{
	int n = board_size(b), k = b->k;
	uint8_t *neg = malloc((size_t)n);
	for (int i = 0; i < n; i++)
		neg[i] = (uint8_t)((k - x[i]) % k);
	memset(b->cells, 0, (size_t)n);
	rule_apply(r, b, neg);
	free(neg);
}

int main(void)
{
	/* Against the oracle (every press set tried): the count of boards of
	 * each par, and a par of exactly p for every board drawn. */
	struct { int rows, cols, k; const char *rule; bool torus; } cases[] = {
		{ 3, 3, 2, "plus", false }, { 4, 4, 2, "plus", false }, { 4, 5, 2, "plus", false },
		{ 3, 3, 2, "plus", true }, { 4, 4, 2, "hex", false }, { 3, 5, 2, "x", false },
		{ 4, 4, 2, "cross", false }, { 3, 3, 3, "plus", false }, { 3, 3, 3, "cross", true },
		{ 2, 3, 4, "plus", false }, { 3, 3, 4, "mask:011/010/000", false }, { 2, 3, 6, "plus", false },
	};
	for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
		int rows = cases[c].rows, cols = cases[c].cols, k = cases[c].k, n = rows * cols;
		rule r;
		char err[64];
		rule_parse(&r, cases[c].rule, cases[c].torus, err, sizeof err);
		brute br;
		brute_run(&br, rows, cols, k, &r, 1u << 24);
		lo_system *s = system_new(rows, cols, &r, k);
		board *b = board_new(rows, cols, k);
		uint8_t *x = malloc((size_t)n);
		for (int fwd = 0; fwd <= (k > 2); fwd++) {
			const uint8_t *best = fwd ? br.best_fwd : br.best;
			double want[256] = { 0 }, got[256];
			int want_top = 0, top = -1;
			for (uint32_t i = 0; i < br.states; i++)
				if (best[i] != 0xff) {
					want[best[i]]++;
					if (best[i] > want_top)
						want_top = best[i];
				}
			parclass *pc = NULL;
			lo_result made = parclass_new(s, fwd, &pc);
			bool same = made == LO_OK && parclass_counts(pc, got, 255, &top) == LO_OK && top == want_top;
			for (int p = 0; p < 256 && same; p++)
				same = got[p] == want[p];
			tap_ok(same, "%s%s %dx%d k=%d fwd=%d: boards by par as brute force finds them (top %d, %d)",
			       cases[c].rule, cases[c].torus ? " torus" : "", rows, cols, k, fwd, top, want_top);
			if (made != LO_OK)
				continue;
			bool exact = true;
			int drawn = 0;
			rng g;
			for (int p = 1; p <= want_top && exact; p++)
				for (uint64_t seed = 0; seed < 8 && exact; seed++) {
					rng_seed(&g, seed * 1000 + (uint64_t)p);
					exact = parclass_draw(pc, p, &g, x) == LO_OK;
					board_of(&r, b, x);
					exact = exact && best[brute_index(&br, b->cells)] == p;
					drawn++;
				}
			tap_ok(exact, "  %d boards drawn for every par 1..%d: each needs exactly that many", drawn, want_top);
			rng_seed(&g, 1);
			tap_ok(parclass_draw(pc, want_top + 1, &g, x) == LO_REFUSED, "  par %d: no board, refused",
			       want_top + 1);
			parclass_free(pc);
		}
		free(x);
		board_free(b);
		system_free(s);
		brute_free(&br);
	}

	/* Uniform over the boards, not over their minimal solutions: the 540
	 * boards of par 6 on 4x4 have 4 to 9 minimal solutions each, so a
	 * draw by solutions would favour the boards with 8 or 9 about twice
	 * as much as those with 4. */
	{
		rule r;
		char err[64];
		rule_parse(&r, "plus", false, err, sizeof err);
		brute br;
		brute_run(&br, 4, 4, 2, &r, 1u << 24);
		lo_system *s = system_new(4, 4, &r, 2);
		board *b = board_new(4, 4, 2);
		parclass *pc;
		parclass_new(s, false, &pc);
		uint32_t *seen = calloc(br.states, sizeof *seen), *ties = calloc(br.states, sizeof *ties);
		uint8_t x[16];
		/* Every board of par 6 is cleared by exactly its ties presses of 6. */
		for (uint32_t bits = 0; bits < 1u << 16; bits++)
			if (__builtin_popcount(bits) == 6) {
				for (int i = 0; i < 16; i++)
					x[i] = (uint8_t)(bits >> i & 1);
				board_of(&r, b, x);
				ties[brute_index(&br, b->cells)]++;
			}
		rng g;
		rng_seed(&g, 7);
		enum { DRAWS = 540 * 20 };
		for (int i = 0; i < DRAWS; i++) {
			parclass_draw(pc, 6, &g, x);
			board_of(&r, b, x);
			seen[brute_index(&br, b->cells)]++;
		}
		int boards = 0, many = 0, few = 0;
		uint32_t wrong = 0;
		double on_many = 0, on_few = 0;
		for (uint32_t i = 0; i < br.states; i++) {
			if (br.best[i] != 6) {
				wrong += seen[i];
				continue;
			}
			boards++;
			if (ties[i] >= 8)
				many++, on_many += seen[i];
			else if (ties[i] <= 4)
				few++, on_few += seen[i];
		}
		double ratio = (on_many / many) / (on_few / few);
		tap_ok(boards == 540 && wrong == 0 && many > 0 && few > 0 && ratio > 0.85 && ratio < 1.15,
		       "4x4 par 6: boards with 8-9 minimal solutions drawn %.2f times as often as those with 4",
		       ratio);
		free(seen);
		free(ties);
		parclass_free(pc);
		board_free(b);
		system_free(s);
		brute_free(&br);
	}

	/* A kernel past the classes' budget says so (generate then goes
	 * another way): 2x4 knight k = 6. */
	{
		rule r;
		char err[64];
		rule_parse(&r, "knight", false, err, sizeof err);
		lo_system *s = system_new(2, 4, &r, 6);
		parclass *pc = NULL;
		double counts[64];
		int top;
		uint8_t x[8];
		rng g;
		rng_seed(&g, 1);
		lo_result made = parclass_new(s, false, &pc);
		tap_ok(made == LO_TOO_LARGE || (parclass_counts(pc, counts, 63, &top) == LO_TOO_LARGE &&
						 parclass_draw(pc, 12, &g, x) == LO_TOO_LARGE),
		       "knight 2x4 k=6 (%d quiet patterns): too large for the classes, said so", system_nullity(s));
		parclass_free(pc);
		system_free(s);
	}
	return tap_done();
}
