#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "engine/distribution.h"
#include "engine/generate.h"
#include "engine/search.h"
#include "tap.h"

/* The fewest presses among all solutions of b, every kernel combination
 * tried (no search): the oracle for small kernels. */
static int coset_min(const lo_system *s, const board *b, bool fwd)
{
	int n = board_size(b), k = b->k, d = system_nullity(s), best = -1;
	uint8_t *x = malloc((size_t)n), *y = malloc((size_t)n);
	int t[64] = { 0 };
	if (system_solve(s, b->cells, x, NULL) != LO_OK) {
		free(x);
		free(y);
		return -1;
	}
	for (;;) {
		memcpy(y, x, (size_t)n);
		for (int j = 0; j < d; j++)
			for (int i = 0; i < n; i++)
				y[i] = (uint8_t)((y[i] + t[j] * system_kernel(s, j)[i]) % k);
		int w = search_weight(y, n, k, fwd);
		if (best < 0 || w < best)
			best = w;
		int j = 0;
		while (j < d && ++t[j] == system_kernel_order(s, j))
			t[j++] = 0;
		if (j == d)
			break;
	}
	free(x);
	free(y);
	return best;
}

/* Every par 1 .. top on a shape, `seeds` boards each: exactly that par,
 * proven, by the coset oracle; and how long the slowest took. */
static void every_par(const char *name, int rows, int cols, int k, const char *spec, bool torus, bool fwd,
		      int top, bool refused_above, int seeds)
{
	rule r;
	char err[256];
	rule_parse(&r, spec, torus, err, sizeof err);
	lo_system *s = system_new(rows, cols, &r, k);
	board *b = board_new(rows, cols, k);
	bool exact = true;
	double slowest = 0;
	int made = 0;
	for (int par = 1; par <= top && exact; par++)
		for (int seed = 0; seed < seeds && exact; seed++) {
			rng g;
			gen_result res;
			struct timespec t0, t1;
			rng_seed(&g, (uint64_t)(seed * 100 + par));
			clock_gettime(CLOCK_MONOTONIC, &t0);
			lo_result rc = generate_board(s, &r, fwd, par, &g, b, &res, err, sizeof err);
			clock_gettime(CLOCK_MONOTONIC, &t1);
			double took = (double)(t1.tv_sec - t0.tv_sec) + (t1.tv_nsec - t0.tv_nsec) / 1e9;
			slowest = took > slowest ? took : slowest;
			exact = rc == LO_OK && res.par == par && res.par_proven && coset_min(s, b, fwd) == par;
			if (!exact)
				tap_diag("par %d seed %d: rc %d par %d, oracle %d: %s", par, seed, rc, res.par,
					 coset_min(s, b, fwd), rc != LO_OK ? err : "");
			made++;
		}
	tap_ok(exact, "%s: %d boards of every par 1..%d, each exactly its par (slowest %.1f ms)", name, made, top,
	       slowest * 1000);
	if (refused_above) {
		rng g;
		gen_result res;
		struct timespec t0, t1;
		rng_seed(&g, 1);
		clock_gettime(CLOCK_MONOTONIC, &t0);
		lo_result rc = generate_board(s, &r, fwd, top + 1, &g, b, &res, err, sizeof err);
		clock_gettime(CLOCK_MONOTONIC, &t1);
		double took = (double)(t1.tv_sec - t0.tv_sec) + (t1.tv_nsec - t0.tv_nsec) / 1e9;
		tap_ok(rc != LO_OK && res.status.code == LO_REFUSED, "%s: par %d refused in %.1f ms: %s", name, top + 1,
		       took * 1000, err);
	}
	board_free(b);
	system_free(s);
}

int main(void)
{
	rule r;
	char err[256];
	rng g;
	gen_result res;
	rule_parse(&r, "plus", false, err, sizeof err);
	lo_system *s = system_new(5, 5, &r, 2);
	board *a = board_new(5, 5, 2), *b = board_new(5, 5, 2);

	rng_seed(&g, 42);
	generate_board(s, &r, false, -1, &g, a, &res, err, sizeof err);
	rng_seed(&g, 42);
	generate_board(s, &r, false, -1, &g, b, &res, err, sizeof err);
	tap_ok(board_equal(a, b) && !board_is_clear(a), "same seed, same board");
	uint8_t x[25];
	tap_ok(system_solve(s, a->cells, x, NULL) == LO_OK, "a generated board is solvable");
	search_result sr;
	search_minimal(s, x, NULL, &sr);
	tap_ok(sr.weight == res.par && res.par_proven, "par %d is the minimal weight", res.par);

	for (int par = 1; par <= 15; par += 7) {
		lo_result rc = generate_board(s, &r, false, par, &g, a, &res, err, sizeof err);
		system_solve(s, a->cells, x, NULL);
		search_minimal(s, x, NULL, &sr);
		tap_ok(rc == LO_OK && sr.weight == par, "--par %d gives a board whose optimum is %d", par, sr.weight);
	}
	tap_ok(generate_board(s, &r, false, 16, &g, a, &res, err, sizeof err) != LO_OK && strstr(err, "15") &&
		       res.status.code == LO_REFUSED,
	       "par 16 on 5x5 refused: %s", err);
	tap_ok(generate_board(s, &r, false, 26, &g, a, &res, err, sizeof err) != LO_OK && res.status.code == LO_REFUSED,
	       "par 26 refused: %s", err);
	system_free(s);
	board_free(a);
	board_free(b);

	/* The shapes the game offers by default and their variants, drawn
	 * through the kernel's classes: exact, and no k^n table. */
	every_par("5x5", 5, 5, 2, "plus", false, false, 15, true, 20);
	every_par("5x5 hex", 5, 5, 2, "hex", false, false, 19, true, 4);
	every_par("7x7", 7, 7, 2, "plus", false, false, 49, true, 2);
	every_par("4x4 k=3", 4, 4, 3, "plus", false, false, 10, true, 4);
	every_par("4x4 k=3 forward only", 4, 4, 3, "plus", false, true, 16, true, 4);
	every_par("3x4 k=4 forward only", 3, 4, 4, "plus", false, true, 36, true, 2);
	/* Larger kernels: the pars below the top few (found in a few random
	 * tries); the rarest (cross 8, torus 8 and up) fall back on the k^n
	 * table, or beyond it on a search per try, as before. */
	every_par("5x5 k=3", 5, 5, 3, "plus", false, false, 15, false, 4);
	every_par("5x5 cross", 5, 5, 2, "cross", false, false, 7, false, 4);
	every_par("5x5 torus", 5, 5, 2, "plus", true, false, 7, false, 4);

	/* A board too big for the exhaustive table: random presses + search. */
	s = system_new(9, 9, &r, 2);
	a = board_new(9, 9, 2);
	lo_result rc = generate_board(s, &r, false, 12, &g, a, &res, err, sizeof err);
	uint8_t y[81];
	system_solve(s, a->cells, y, NULL);
	search_minimal(s, y, NULL, &sr);
	tap_ok(rc == LO_OK && sr.weight == 12 && res.par == 12, "9x9 --par 12: optimum %d", sr.weight);
	system_free(s);
	board_free(a);

	/* k = 4 chairs with a par, backward presses counted as presses. */
	s = system_new(3, 3, &r, 4);
	a = board_new(3, 3, 4);
	rc = generate_board(s, &r, false, 5, &g, a, &res, err, sizeof err);
	system_solve(s, a->cells, y, NULL);
	search_minimal(s, y, NULL, &sr);
	tap_ok(rc == LO_OK && sr.weight == 5, "3x3 k=4 --par 5: optimum %d", sr.weight);
	int p = generate_difficulty_par(s, &r, false, DIFFICULTY_HARD, &g);
	int top = generate_max_par(s, &r, false);
	tap_ok(p >= top * 2 / 3 && p <= top, "hard par %d is in the top third of %d", p, top);
	system_free(s);
	board_free(a);

	/* The whole job is bounded: by its time limit, and by a cancel flag
	 * (the game runs it in a thread and cancels it on Esc). */
	s = system_new(39, 39, &r, 2);
	a = board_new(39, 39, 2);
	struct timespec t0, t1;
	gen_ctl ctl = { .time_limit = 0.5 };
	clock_gettime(CLOCK_MONOTONIC, &t0);
	rc = generate_board_ctl(s, &r, false, 800, &g, a, &ctl, &res, err, sizeof err);
	clock_gettime(CLOCK_MONOTONIC, &t1);
	double took = (double)(t1.tv_sec - t0.tv_sec) + (t1.tv_nsec - t0.tv_nsec) / 1e9;
	tap_ok(rc != LO_OK && res.status.code == LO_TIMED_OUT && took < 2.0 && strstr(err, "0.5 s"),
	       "39x39 par 800 in 0.5 s: refused after %.2f s: %s", took, err);
	atomic_int cancel = 1;
	gen_ctl stop = { .cancel = &cancel };
	rc = generate_board_ctl(s, &r, false, 800, &g, a, &stop, &res, err, sizeof err);
	tap_ok(rc != LO_OK && res.status.code == LO_CANCELLED && strstr(err, "cancelled"), "a cancelled job stops: %s", err);
	system_free(s);
	board_free(a);
	/* The difficulty: an enum inside, its word only in files and options. */
	bool round = true;
	for (int d = 0; d < DIFFICULTY_COUNT; d++) {
		difficulty back = DIFFICULTY_COUNT;
		round = round && generate_difficulty_parse(generate_difficulty_word((difficulty)d), &back) && (int)back == d;
	}
	difficulty none = DIFFICULTY_EASY;
	tap_ok(round && !generate_difficulty_parse("extreme", &none) && none == DIFFICULTY_EASY &&
		       !strcmp(generate_difficulty_word(DIFFICULTY_ANY), ""),
	       "each difficulty's word reads back as it (any is \"\"); another word is none");
	return tap_done();
}
