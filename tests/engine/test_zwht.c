/* The k > 2 minimal-weight transform against the mixed-radix Gray code
 * (search_minimal with plain_gray), on every shape of a few rules, k in
 * {3, 4, 5, 6, 8, 9, 12}, whose kernel has 4096 to 600000 combinations, and
 * counts past 16 bits against every combination tried by hand:
 * the same minimal weight, the same number of minimal solutions, both
 * weightings, solutions that clear. */
#include <stdlib.h>
#include <string.h>

#include "brute.h"
#include "engine/rng.h"
#include "engine/search.h"
#include "engine/system.h"
#include "engine/zwht.h"
#include "tap.h"

/* The transform called directly (no threshold) on every brute-forceable
 * shape: its minimum equals brute force's, and its combination is it. */
static void against_brute(rng *g)
{
	static const char *const rules[] = { "plus", "x", "box", "knight", "mask:011/010/000" };
	static const int ks[] = { 3, 4, 5, 6 };
	int shapes = 0, boards = 0, bad = 0;
	for (size_t ri = 0; ri < sizeof rules / sizeof rules[0]; ri++)
		for (int torus = 0; torus <= 1; torus++)
			for (size_t ki = 0; ki < sizeof ks / sizeof ks[0]; ki++)
				for (int R = 1; R <= 4; R++)
					for (int C = 1; C <= 4; C++) {
						int k = ks[ki], n = R * C;
						rule r;
						char err[64];
						brute br;
						rule_parse(&r, rules[ri], torus, err, sizeof err);
						lo_system *s = system_new(R, C, &r, k);
						int d = system_nullity(s);
						if (d == 0 || !brute_run(&br, R, C, k, &r, 1u << 20)) {
							system_free(s);
							continue;
						}
						shapes++;
						int order[64], t[64];
						const uint8_t *gen[64];
						for (int q = 0; q < d; q++) {
							order[q] = system_kernel_order(s, q);
							gen[q] = system_kernel(s, q);
						}
						board *b = board_new(R, C, k);
						uint8_t *x0 = malloc((size_t)n), *x = malloc((size_t)n);
						for (int rep = 0; rep < 12; rep++) {
							for (int i = 0; i < n; i++)
								x[i] = (uint8_t)rng_below(g, (uint32_t)k);
							memset(b->cells, 0, (size_t)n);
							rule_apply(&r, b, x);
							system_solve(s, b->cells, x0, NULL);
							uint32_t idx = brute_index(&br, b->cells);
							for (int fwd = 0; fwd <= 1; fwd++) {
								zwht_job job = { .n = n, .d = d, .k = k, .order = order, .gen = gen, .x0 = x0,
										 .forward_only = fwd, .threads = 2 };
								zwht_result zr;
								zwht_search(&job, &zr, t);
								memcpy(x, x0, (size_t)n);
								for (int q = 0; q < d; q++)
									for (int i = 0; i < n; i++)
										x[i] = (uint8_t)((x[i] + t[q] * gen[q][i]) % k);
								int want = fwd ? br.best_fwd[idx] : br.best[idx];
								bool ok = zr.complete && zr.weight == want && search_weight(x, n, k, fwd) == want &&
									  brute_clears(&r, b, x);
								if (!ok)
									tap_diag("%s%s %dx%d k=%d fwd=%d: transform %d, brute force %d", rules[ri],
										 torus ? " torus" : "", R, C, k, fwd, zr.weight, want);
								bad += !ok;
								boards++;
							}
						}
						free(x0);
						free(x);
						board_free(b);
						brute_free(&br);
						system_free(s);
					}
	tap_ok(bad == 0 && shapes > 50, "transform alone: %d singular shapes up to 4x4, %d searches equal brute force",
	       shapes, boards);
}

/* Counts past 16 bits: n cells of random values (most of them equal, so
 * one histogram entry counts more than 65535 of them) against every
 * combination tried by hand, for n on both sides of 65536. */
static void wide_counts(rng *g, int n, int k, int d, const int *order)
{
	uint8_t *x0 = malloc((size_t)n), *gens = malloc((size_t)d * (size_t)n), *x = malloc((size_t)n);
	const uint8_t *gen[8];
	for (int i = 0; i < n; i++) {
		bool plain = rng_below(g, 10) < 7;	/* x0 = 1, every generator 0 */
		x0[i] = plain ? 1 : (uint8_t)rng_below(g, (uint32_t)k);
		for (int q = 0; q < d; q++)
			gens[(size_t)q * n + i] = plain ? 0 : (uint8_t)(rng_below(g, (uint32_t)order[q]) * (k / order[q]));
	}
	for (int q = 0; q < d; q++)
		gen[q] = gens + (size_t)q * n;
	int best = -1, t[8] = { 0 }, got[8];
	double ties = 0;
	for (;;) {
		for (int i = 0; i < n; i++) {
			int v = x0[i];
			for (int q = 0; q < d; q++)
				v += t[q] * gen[q][i];
			x[i] = (uint8_t)(v % k);
		}
		int w = search_weight(x, n, k, false);
		if (best < 0 || w < best)
			best = w, ties = 0;
		ties += w == best;
		int q = 0;
		while (q < d && ++t[q] == order[q])
			t[q++] = 0;
		if (q == d)
			break;
	}
	zwht_job job = { .n = n, .d = d, .k = k, .order = order, .gen = gen, .x0 = x0, .threads = 2 };
	zwht_result zr;
	zwht_search(&job, &zr, got);
	for (int i = 0; i < n; i++) {
		int v = x0[i];
		for (int q = 0; q < d; q++)
			v += got[q] * gen[q][i];
		x[i] = (uint8_t)(v % k);
	}
	tap_ok(zr.complete && zr.weight == best && zr.ties == ties && search_weight(x, n, k, false) == best,
	       "%d cells, k=%d, %d generators: the transform's minimum %d (%.0f ties) is every combination's (%d, %.0f)",
	       n, k, d, zr.weight, zr.ties, best, ties);
	free(x0);
	free(gens);
	free(x);
}

int main(void)
{
	static const struct {
		const char *rule;
		bool torus;
	} rules[] = { { "plus", false }, { "plus", true }, { "x", false }, { "box", true }, { "knight", false } };
	static const int ks[] = { 3, 4, 5, 6, 8, 9, 12 };
	rng g;
	rng_seed(&g, 99);
	against_brute(&g);
	static const int o3[] = { 3, 3, 3, 3, 3, 3 }, o4[] = { 4, 4, 2, 4, 2 }, o6[] = { 6, 3, 2, 6 };
	wide_counts(&g, 60000, 3, 6, o3);
	wide_counts(&g, 100000, 3, 6, o3);
	wide_counts(&g, 120000, 4, 5, o4);
	wide_counts(&g, 90000, 6, 4, o6);
	int shapes = 0, searches = 0, bad = 0, composite_orders = 0;
	for (size_t ri = 0; ri < sizeof rules / sizeof rules[0]; ri++)
		for (size_t ki = 0; ki < sizeof ks / sizeof ks[0]; ki++) {
			int k = ks[ki], found = 0;
			for (int R = 2; R <= 30 && found < 3; R++)
				for (int C = 2; C <= R && found < 3; C++) {
					rule r;
					char err[64];
					rule_parse(&r, rules[ri].rule, rules[ri].torus, err, sizeof err);
					if (R * C > 900)
						continue;
					lo_system *s = system_new(R, C, &r, k);
					double total = 1;
					bool mixed = false;
					for (int i = 0; i < system_nullity(s); i++) {
						total *= system_kernel_order(s, i);
						mixed |= system_kernel_order(s, i) != k;
					}
					if (total < 4096 || total > 600000) {
						system_free(s);
						continue;
					}
					found++;
					shapes++;
					composite_orders += mixed;
					int n = R * C;
					board *b = board_new(R, C, k);
					uint8_t *x = malloc((size_t)n), *y = malloc((size_t)n), *x0 = malloc((size_t)n);
					for (int i = 0; i < n; i++)
						x[i] = (uint8_t)rng_below(&g, (uint32_t)k);
					rule_apply(&r, b, x);
					system_solve(s, b->cells, x0, NULL);
					for (int fwd = 0; fwd <= 1; fwd++) {
						search_ctl fast = { .forward_only = fwd }, gray = { .forward_only = fwd, .plain_gray = true };
						search_result a, c;
						memcpy(x, x0, (size_t)n);
						memcpy(y, x0, (size_t)n);
						search_minimal(s, x, &fast, &a);
						search_minimal(s, y, &gray, &c);
						board *t = board_clone(b);
						rule_apply(&r, t, x);
						bool ok = a.optimal && c.optimal && a.weight == c.weight && a.ties == c.ties &&
							  board_is_clear(t) && search_weight(x, n, k, fwd) == a.weight;
						if (!ok)
							tap_diag("%s%s %dx%d k=%d fwd=%d: transform %d (%g ties), Gray %d (%g ties)",
								 rules[ri].rule, rules[ri].torus ? " torus" : "", R, C, k, fwd, a.weight,
								 a.ties, c.weight, c.ties);
						bad += !ok;
						searches++;
						board_free(t);
					}
					free(x);
					free(y);
					free(x0);
					board_free(b);
					system_free(s);
				}
		}
	tap_ok(bad == 0 && shapes >= 40, "%d shapes (%d with orders below k), %d searches: transform = Gray code", shapes,
	       composite_orders, searches);
	return tap_done();
}
