/* The solver against brute force: every rule, k in {2, 3, 4, 6}, torus on
 * and off, every shape up to 3x3 and random boards up to 4x4.  The rules
 * whose cells have their own press sets (random, merlin, hex) on every
 * shape they fit, and random graphs, directed and undirected, up to 16
 * vertices (fewer for bigger k: brute force visits k^n positions). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "brute.h"
#include "engine/rng.h"
#include "engine/search.h"
#include "engine/system.h"
#include "tap.h"

#define BRUTE_LIMIT (1u << 24)		/* covers every shape up to 3x3, k <= 6 */
#define BRUTE_LIMIT_BIG (1u << 20)	/* shapes beyond 3x3: what stays quick */
#define ALL_BOARDS_LIMIT 20000u		/* solve every position up to this many */
#define SEARCH_SAMPLE 400		/* minimal searches per shape */

static const char *const rules[] = { "plus", "cross", "x", "box", "knight", "mask:011/010/000",
				     "random:1", "random:20261122", "merlin", "hex" };
/* k = 6 takes longest (6^9 press vectors per 3x3 shape): it is built as
 * its own test program so the harness runs the two side by side. */
#ifdef ORACLE_K6
static const int ks[] = { 6 };
#else
static const int ks[] = { 2, 3, 4 };
#endif

/* Check one shape; returns the number of failures (details as diagnostics). */
static int check_shape(const rule *r, int rows, int cols, int k, rng *g, int *boards_checked)
{
	brute br;
	if (!brute_run(&br, rows, cols, k, r, rows <= 3 && cols <= 3 ? BRUTE_LIMIT : BRUTE_LIMIT_BIG))
		return -1;
	lo_system *s = system_new(rows, cols, r, k);
	int n = rows * cols, fails = 0;
	board *b = board_new(rows, cols, k);
	uint8_t *x = malloc((size_t)n), *y = malloc((size_t)n);
	char count[64], want[64];
	system_count(s, count, sizeof count);
	snprintf(want, sizeof want, "%u", br.count[0]);
	if (strcmp(count, want) != 0) {
		tap_diag("%s%s %dx%d k=%d: count %s, brute force %s", r->name, r->torus ? " torus" : "", rows, cols,
			 k, count, want);
		fails++;
	}
	bool all = br.states <= ALL_BOARDS_LIMIT;
	uint32_t total = all ? br.states : ALL_BOARDS_LIMIT;
	for (uint32_t t = 0; t < total && fails < 5; t++) {
		uint32_t idx = all ? t : rng_below(g, br.states);
		uint32_t v = idx;
		for (int i = 0; i < n; i++, v /= (uint32_t)k)
			b->cells[i] = (uint8_t)(v % (uint32_t)k);
		bool solvable = system_solve(s, b->cells, x, y) == LO_OK;
		(*boards_checked)++;
		if (solvable != (br.count[idx] > 0)) {
			tap_diag("%s %dx%d k=%d board %u: solvable %d, brute %u", r->name, rows, cols, k, idx, solvable,
				 br.count[idx]);
			fails++;
			continue;
		}
		if (!solvable) {
			if (!brute_certificate_holds(r, b, y)) {
				tap_diag("%s %dx%d k=%d board %u: bad certificate", r->name, rows, cols, k, idx);
				fails++;
			}
			continue;
		}
		if (!brute_clears(r, b, x)) {
			tap_diag("%s %dx%d k=%d board %u: solution does not clear", r->name, rows, cols, k, idx);
			fails++;
			continue;
		}
		/* The minimal search is costlier: a sample, both weightings. */
		if (t % (total / SEARCH_SAMPLE + 1) != 0)
			continue;
		for (int fwd = 0; fwd <= (k > 2); fwd++) {
			uint8_t *m = malloc((size_t)n);
			memcpy(m, x, (size_t)n);
			search_ctl ctl = { .forward_only = fwd };
			search_result res;
			search_minimal(s, m, &ctl, &res);
			int want_w = fwd ? br.best_fwd[idx] : br.best[idx];
			if (res.weight != want_w || !res.optimal || !brute_clears(r, b, m) ||
			    search_weight(m, n, k, fwd) != res.weight) {
				tap_diag("%s %dx%d k=%d board %u fwd=%d: weight %d, brute %d", r->name, rows, cols, k, idx,
					 fwd, res.weight, want_w);
				fails++;
			}
			free(m);
		}
	}
	free(x);
	free(y);
	board_free(b);
	system_free(s);
	brute_free(&br);
	return fails;
}

/* A random graph on n vertices: each ordered pair (i, j) an arc with
 * probability 1/3 (undirected: both ways), self-presses with 3/4. */
static graph *random_graph(rng *g, int n, bool undirected)
{
	int start[17], set[16 * 16], m = 0;
	bool arc[16][16] = { { false } };
	for (int i = 0; i < n; i++)
		for (int j = 0; j < n; j++) {
			if (undirected && j < i)
				continue;
			bool on = i == j ? rng_below(g, 4) != 0 : rng_below(g, 3) == 0;
			arc[i][j] = on;
			if (undirected)
				arc[j][i] = on;
		}
	for (int j = 0; j < n; j++) {
		start[j] = m;
		for (int i = 0; i < n; i++)
			if (arc[i][j])
				set[m++] = i;
	}
	start[n] = m;
	return graph_build(n, start, set, NULL, NULL);
}

static void check_graphs(rng *g)
{
	for (size_t ki = 0; ki < sizeof ks / sizeof ks[0]; ki++) {
		int k = ks[ki];
		int maxn = k == 2 ? 16 : k == 3 ? 12 : k == 4 ? 10 : 7;
		for (int undirected = 0; undirected <= 1; undirected++) {
			int fails = 0, graphs = 0, boards = 0, symmetric = 0;
			for (int n = 1; n <= maxn; n++)
				for (int t = 0; t < (n <= 8 ? 6 : 2); t++) {
					graph *gr = random_graph(g, n, undirected);
					rule r;
					rule_graph(&r, gr);
					symmetric += rule_is_symmetric_on(&r, 1, n);
					if (undirected && !rule_is_symmetric_on(&r, 1, n))
						fails++, tap_diag("undirected graph on %d vertices not symmetric", n);
					int f = check_shape(&r, 1, n, k, g, &boards);
					fails += f < 0 ? 1 : f;
					graphs++;
					graph_free(gr);
				}
			tap_ok(fails == 0, "%s graphs k=%d: %d graphs up to %d vertices (%d symmetric), %d boards agree "
			       "with brute force", undirected ? "undirected" : "directed", k, graphs, maxn, symmetric, boards);
		}
	}
}

int main(void)
{
	rng g;
	rng_seed(&g, 20261122);
	for (size_t ri = 0; ri < sizeof rules / sizeof rules[0]; ri++)
		for (int torus = 0; torus <= 1; torus++)
			for (size_t ki = 0; ki < sizeof ks / sizeof ks[0]; ki++) {
				rule r;
				char err[128];
				int k = ks[ki];
				if (rule_parse(&r, rules[ri], torus, err, sizeof err) != LO_OK) {
					tap_ok(0, "parse %s: %s", rules[ri], err);
					continue;
				}
				int fails = 0, shapes = 0, boards = 0, skipped = 0;
				for (int rows = 1; rows <= 4; rows++)
					for (int cols = 1; cols <= 4; cols++) {
						if (rule_check_shape(&r, rows, cols, err, sizeof err) != LO_OK)
							continue;	/* merlin: 3x3 only; hex torus: even rows */
						int f = check_shape(&r, rows, cols, k, &g, &boards);
						if (f < 0) {
							/* k^n beyond brute force: only 4x4-ish shapes of big k. */
							skipped++;
							if (rows <= 3 && cols <= 3)
								fails++, tap_diag("%dx%d k=%d not brute-forced", rows, cols, k);
							continue;
						}
						fails += f;
						shapes++;
					}
				tap_ok(fails == 0, "%s%s k=%d: %d shapes, %d boards agree with brute force (%d shapes too big)",
				       rules[ri], torus ? " torus" : "", k, shapes, boards, skipped);
			}
	check_graphs(&g);
	return tap_done();
}
