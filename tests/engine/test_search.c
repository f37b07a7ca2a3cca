#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "engine/rng.h"
#include "engine/search.h"
#include "engine/system.h"
#include "tap.h"

/* Every kernel combination, weight recomputed from scratch. */
static int naive_min(const lo_system *s, const uint8_t *x0, bool fwd)
{
	int n = system_unknowns(s), d = system_nullity(s), k = system_k(s), best = 1 << 30;
	int *t = calloc((size_t)d + 1, sizeof *t);
	uint8_t *x = malloc((size_t)n);
	for (;;) {
		memcpy(x, x0, (size_t)n);
		for (int g = 0; g < d; g++)
			for (int i = 0; i < n; i++)
				x[i] = (uint8_t)((x[i] + t[g] * system_kernel(s, g)[i]) % k);
		int w = search_weight(x, n, k, fwd);
		if (w < best)
			best = w;
		int g = 0;
		while (g < d && ++t[g] == system_kernel_order(s, g))
			t[g++] = 0;
		if (g == d)
			break;
	}
	free(t);
	free(x);
	return best;
}

/* k = 2 only: Gray code with packed words, counting the minima too. */
static int gray_min(const lo_system *s, const uint8_t *x0, double *ties)
{
	int n = system_unknowns(s), d = system_nullity(s), w = (n + 63) / 64;
	uint64_t cur[64] = { 0 }, gen[32][64] = { { 0 } };
	for (int i = 0; i < n; i++) {
		cur[i / 64] |= (uint64_t)x0[i] << (i % 64);
		for (int g = 0; g < d; g++)
			gen[g][i / 64] |= (uint64_t)system_kernel(s, g)[i] << (i % 64);
	}
	int best = 0;
	for (int j = 0; j < w; j++)
		best += __builtin_popcountll(cur[j]);
	*ties = 1;
	for (uint64_t step = 1; step < (1ULL << d); step++) {
		int g = __builtin_ctzll(step), c = 0;
		for (int j = 0; j < w; j++)
			c += __builtin_popcountll(cur[j] ^= gen[g][j]);
		if (c < best)
			best = c, *ties = 1;
		else if (c == best)
			*ties += 1;
	}
	return best;
}

/* The lightest solution over combinations first .. last - 1 (numbered as
 * search_part_range numbers them), every one recomputed. */
static int naive_range_min(const lo_system *s, const uint8_t *x0, bool fwd, uint64_t first, uint64_t last)
{
	int n = system_unknowns(s), d = system_nullity(s), k = system_k(s), best = 1 << 30;
	uint8_t *x = malloc((size_t)n);
	for (uint64_t c = first; c < last; c++) {
		memcpy(x, x0, (size_t)n);
		uint64_t rest = c;
		for (int g = 0; g < d; g++) {
			int o = system_kernel_order(s, g), t = (int)(rest % (uint64_t)o);
			rest /= (uint64_t)o;
			for (int i = 0; i < n; i++)
				x[i] = (uint8_t)((x[i] + t * system_kernel(s, g)[i]) % k);
		}
		int w = search_weight(x, n, k, fwd);
		best = w < best ? w : best;
	}
	free(x);
	return best;
}

/* Split into parts: every part's range is searched exactly (its minimum
 * and solution), the ranges tile the combinations, and the parts' best
 * and ties are the single run's. */
static void check_split(const char *rule_name, bool torus, int side, int k, bool fwd, bool naive, rng *g)
{
	rule r;
	char err[64];
	rule_parse(&r, rule_name, torus, err, sizeof err);
	lo_system *s = system_new(side, side, &r, k);
	int n = system_unknowns(s);
	board *b = board_new(side, side, k);
	uint8_t *x = malloc((size_t)n), *m = malloc((size_t)n);
	for (int i = 0; i < n; i++)
		x[i] = (uint8_t)rng_below(g, (uint32_t)k);
	rule_apply(&r, b, x);
	system_solve(s, b->cells, x, NULL);
	memcpy(m, x, (size_t)n);
	search_ctl one = { .forward_only = fwd };
	search_result whole;
	search_minimal(s, m, &one, &whole);
	uint64_t total = search_combinations(s);
	static const uint64_t splits[] = { 1, 3, 16, 7, 64 };
	for (size_t c = 0; c < sizeof splits / sizeof splits[0]; c++) {
		uint64_t parts = splits[c] < total ? splits[c] : total, at = 0;
		int best = 1 << 30, exact = 0, clear = 0;
		double ties = 0, uneven = 0, lo_size = 1e300, hi_size = 0;
		bool tiled = true;
		for (uint64_t p = 1; p <= parts; p++) {
			search_ctl ctl = { .forward_only = fwd, .ranged = true };
			if (search_part_range(s, p, parts, &ctl.first, &ctl.last) != LO_OK) {
				tiled = false;
				break;
			}
			tiled = tiled && ctl.first == at && ctl.last > ctl.first;
			at = ctl.last;
			double size = (double)(ctl.last - ctl.first);
			lo_size = size < lo_size ? size : lo_size;
			hi_size = size > hi_size ? size : hi_size;
			search_result res;
			memcpy(m, x, (size_t)n);
			search_minimal(s, m, &ctl, &res);
			board *t = board_clone(b);
			rule_apply(&r, t, m);
			clear += board_is_clear(t) && search_weight(m, n, k, fwd) == res.weight;
			board_free(t);
			exact += res.optimal && res.covered == ctl.last &&
				 (!naive || res.weight == naive_range_min(s, x, fwd, ctl.first, ctl.last));
			if (res.weight < best)
				best = res.weight, ties = 0;
			if (res.weight == best)
				ties += res.ties;
		}
		uneven = hi_size / lo_size;
		tap_ok(tiled && at == total && best == whole.weight && ties == whole.ties && exact == (int)parts &&
			       clear == (int)parts && uneven <= 1.0 + 1.0 / 32 + (parts * 64 > total ? 1 : 0),
		       "%s%s %dx%d k=%d%s (nullity %d) in %llu parts: best %d, %.0f ties (one run: %d, %.0f)%s, sizes within %.3f",
		       rule_name, torus ? " torus" : "", side, side, k, fwd ? " fwd" : "", system_nullity(s),
		       (unsigned long long)parts, best, ties, whole.weight, whole.ties, naive ? ", each part's minimum naive's" : "",
		       uneven);
	}
	uint64_t f, l;
	tap_ok(search_part_range(s, total + 1, total + 1, &f, &l) != LO_OK && search_part_range(s, 0, 3, &f, &l) != LO_OK &&
		       search_part_range(s, 4, 3, &f, &l) != LO_OK,
	       "%s %dx%d k=%d: more parts than combinations, part 0 or past N refused", rule_name, side, side, k);
	free(x);
	free(m);
	board_free(b);
	system_free(s);
}

/* One thread's share of solving with a system another thread uses too:
 * lit single cells, solved or certified (the game's solver thread and the
 * UI thread do this at once). */
typedef struct solve_job {
	const lo_system *s;
	int first, wrong;
} solve_job;

static void *solve_cells(void *arg)
{
	solve_job *j = arg;
	int n = system_unknowns(j->s);
	uint8_t *b = calloc((size_t)n, 1), *x = malloc((size_t)n), *y = malloc((size_t)n);
	for (int i = j->first; i < n; i += 7) {
		b[i] = 1;
		lo_result st = system_solve(j->s, b, x, y);
		j->wrong += st != LO_OK && st != LO_UNSOLVABLE;
		b[i] = 0;
	}
	free(b);
	free(x);
	free(y);
	return NULL;
}

static int calls;
static void count_progress(void *ctx, double done, int best)
{
	(void)ctx;
	(void)best;
	if (done >= 0 && done <= 1)
		calls++;
}

int main(void)
{
	rule r;
	char err[64];
	rng g;
	rng_seed(&g, 5);
	struct { int rows, cols, k; const char *rule; } cases[] = {
		{ 9, 9, 2, "plus" }, { 11, 11, 2, "plus" }, { 4, 4, 4, "plus" }, { 5, 5, 6, "plus" },
		{ 6, 6, 4, "cross" }, { 5, 5, 3, "plus" }, { 4, 6, 12, "x" }, { 16, 16, 2, "plus" },
	};
	for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
		rule_parse(&r, cases[c].rule, c % 2, err, sizeof err);
		lo_system *s = system_new(cases[c].rows, cases[c].cols, &r, cases[c].k);
		int n = system_unknowns(s), k = cases[c].k;
		board *b = board_new(cases[c].rows, cases[c].cols, k);
		uint8_t *x = malloc((size_t)n);
		for (int i = 0; i < n; i++)
			x[i] = (uint8_t)rng_below(&g, (uint32_t)k);
		rule_apply(&r, b, x);
		system_solve(s, b->cells, x, NULL);
		for (int fwd = 0; fwd <= (k > 2); fwd++) {
			uint8_t *m = malloc((size_t)n);
			memcpy(m, x, (size_t)n);
			int want = naive_min(s, x, fwd);
			search_ctl ctl = { .forward_only = fwd };
			search_result res;
			search_minimal(s, m, &ctl, &res);
			board *t = board_clone(b);
			rule_apply(&r, t, m);
			tap_ok(res.weight == want && res.optimal && board_is_clear(t),
			       "%s %dx%d k=%d fwd=%d: minimal %d presses over %.0f combinations (naive %d)", cases[c].rule,
			       cases[c].rows, cases[c].cols, k, fwd, res.weight, res.combinations, want);
			board_free(t);
			free(m);
		}
		free(x);
		board_free(b);
		system_free(s);
	}

	/* Nullity 12 and up goes through the Walsh-Hadamard transform. */
	int sides[] = { 19, 23, 30, 32 };
	for (int c = 0; c < 4; c++) {
		rule_parse(&r, "plus", false, err, sizeof err);
		int side = sides[c];
		lo_system *s = system_new(side, side, &r, 2);
		int n = side * side;
		board *b = board_new(side, side, 2);
		uint8_t *x = malloc((size_t)n);
		for (int i = 0; i < n; i++)
			x[i] = (uint8_t)rng_below(&g, 2);
		rule_apply(&r, b, x);
		system_solve(s, b->cells, x, NULL);
		double want_ties;
		int want = gray_min(s, x, &want_ties);
		search_result res;
		search_minimal(s, x, NULL, &res);
		rule_apply(&r, b, x);
		tap_ok(res.weight == want && res.optimal && res.ties == want_ties && board_is_clear(b),
		       "%dx%d (nullity %d): transform finds %d presses, %.0f such solutions (Gray code: %d, %.0f)", side,
		       side, system_nullity(s), res.weight, res.ties, want, want_ties);
		free(x);
		board_free(b);
		system_free(s);
	}


	/* Split searches (lightsout solve --part): k = 2 by the transform and
	 * the Gray code, k > 2 by theirs, mixed orders (k = 4 on 9x9 has
	 * generators of order 2 and 4). */
	check_split("plus", false, 30, 2, false, false, &g);
	check_split("plus", false, 9, 2, false, true, &g);
	check_split("plus", true, 10, 3, false, false, &g);
	check_split("plus", true, 10, 3, true, false, &g);
	check_split("plus", false, 9, 4, false, true, &g);
	check_split("plus", true, 9, 4, true, true, &g);
	check_split("plus", false, 5, 6, true, true, &g);
	{
		rule_parse(&r, "plus", false, err, sizeof err);
		lo_system *s = system_new(30, 30, &r, 2);
		int n = system_unknowns(s);
		uint8_t *ones = malloc((size_t)n), *x = malloc((size_t)n);
		memset(ones, 1, (size_t)n);
		system_solve(s, ones, x, NULL);
		atomic_int stop = 1;
		search_ctl ctl = { .ranged = true, .cancel = &stop };
		search_part_range(s, 2, 3, &ctl.first, &ctl.last);
		search_result res;
		search_minimal(s, x, &ctl, &res);
		board *b = board_new(30, 30, 2);
		memset(b->cells, 1, (size_t)n);
		rule_apply(&r, b, x);
		tap_ok(!res.optimal && res.covered >= ctl.first && res.covered < ctl.last && board_is_clear(b) &&
			       res.lower_bound <= res.weight,
		       "a cancelled part says so: searched %llu of %llu, best %d, at least %d",
		       (unsigned long long)(res.covered - ctl.first), (unsigned long long)(ctl.last - ctl.first),
		       res.weight, res.lower_bound);
		board_free(b);
		free(ones);
		free(x);
		system_free(s);
	}

	/* 61x61: 2^40 combinations (minutes on any machine), so a time limit
	 * must cut it short. */
	rule_parse(&r, "plus", false, err, sizeof err);
	lo_system *s = system_new(61, 61, &r, 2);
	int n = system_unknowns(s);
	uint8_t *ones = malloc((size_t)n), *x = malloc((size_t)n);
	memset(ones, 1, (size_t)n);
	system_solve(s, ones, x, NULL);
	search_ctl ctl = { .time_limit = 0.3, .progress = count_progress };
	search_result res;
	search_minimal(s, x, &ctl, &res);
	board *b = board_new(61, 61, 2);
	memset(b->cells, 1, (size_t)n);
	rule_apply(&r, b, x);
	tap_ok(!res.optimal && res.status.code == LO_TIMED_OUT && board_is_clear(b) && res.seconds < 2,
	       "61x61 with a 0.3 s limit: best found %d, not claimed optimal (%.2f s)", res.weight, res.seconds);
	tap_ok(calls > 0, "progress reported (%d calls)", calls);
	atomic_int cancel = 1;
	search_ctl cctl = { .cancel = &cancel };
	search_minimal(s, x, &cctl, &res);
	tap_ok(res.status.code == LO_CANCELLED && !res.optimal, "a cancelled search says so");
	board_free(b);
	free(ones);
	free(x);
	system_free(s);
	/* The chased system is read-only once built: two threads solve with
	 * it at once (ThreadSanitizer runs this test). */
	rule_parse(&r, "plus", false, err, sizeof err);
	s = system_new(33, 33, &r, 2);
	solve_job jobs[2] = { { s, 0, 0 }, { s, 3, 0 } };
	pthread_t t;
	bool two = s && pthread_create(&t, NULL, solve_cells, &jobs[1]) == 0;
	if (s)
		solve_cells(&jobs[0]);
	if (two)
		pthread_join(t, NULL);
	tap_ok(two && jobs[0].wrong + jobs[1].wrong == 0, "33x33 (light chasing): two threads solve with one system at once");
	system_free(s);
	tap_is(search_signed(3, 4, false), -1, "3 forward presses mod 4 are 1 backward");
	tap_is(search_signed(3, 4, true), 3, "forward only: 3");
	return tap_done();
}
