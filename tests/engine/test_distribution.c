#include <stdlib.h>

#include "brute.h"
#include "engine/distribution.h"
#include "tap.h"

int main(void)
{
	struct { int rows, cols, k; const char *rule; bool torus; } cases[] = {
		{ 3, 3, 2, "plus", false }, { 4, 4, 2, "plus", false }, { 2, 3, 4, "plus", false },
		{ 3, 3, 3, "cross", true }, { 2, 4, 6, "knight", false }, { 3, 3, 4, "mask:011/010/000", false },
	};
	for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
		rule r;
		char err[64];
		rule_parse(&r, cases[c].rule, cases[c].torus, err, sizeof err);
		brute br;
		brute_run(&br, cases[c].rows, cases[c].cols, cases[c].k, &r, 1u << 24);
		for (int fwd = 0; fwd <= (cases[c].k > 2); fwd++) {
			uint32_t states;
			uint8_t *t = distribution_table(cases[c].rows, cases[c].cols, cases[c].k, &r, fwd, &states);
			const uint8_t *want = fwd ? br.best_fwd : br.best;
			bool same = states == br.states;
			for (uint32_t i = 0; i < states && same; i++)
				same = t[i] == want[i];
			tap_ok(same, "%s %dx%d k=%d fwd=%d: distribution of %u positions equals brute force", cases[c].rule,
			       cases[c].rows, cases[c].cols, cases[c].k, fwd, states);
			free(t);
		}
		brute_free(&br);
	}
	rule r;
	char err[64];
	rule_parse(&r, "plus", false, err, sizeof err);
	uint32_t states;
	uint8_t *t = distribution_table(5, 5, 2, &r, false, &states);
	uint64_t counts[64];
	int top = distribution_counts(t, states, counts, 63);
	uint64_t total = 0;
	for (int p = 0; p <= top; p++)
		total += counts[p];
	tap_ok(top == 15 && total == (1u << 23), "5x5 classic: 2^23 solvable boards, the hardest need 15 presses");
	free(t);
	tap_ok(!distribution_fits(6, 6, 2) && distribution_fits(5, 5, 2), "6x6 is beyond the distribution limit");
	return tap_done();
}
