#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "engine/distribution.h"
#include "engine/generate.h"
#include "engine/search.h"
#include "tap.h"

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
	tap_ok(system_solve(s, a->cells, x, NULL) == LO_SOLVED, "a generated board is solvable");
	search_result sr;
	search_minimal(s, x, NULL, &sr);
	tap_ok(sr.weight == res.par && res.par_proven, "par %d is the minimal weight", res.par);

	for (int par = 1; par <= 15; par += 7) {
		int rc = generate_board(s, &r, false, par, &g, a, &res, err, sizeof err);
		system_solve(s, a->cells, x, NULL);
		search_minimal(s, x, NULL, &sr);
		tap_ok(rc == 0 && sr.weight == par, "--par %d gives a board whose optimum is %d", par, sr.weight);
	}
	tap_ok(generate_board(s, &r, false, 16, &g, a, &res, err, sizeof err) < 0 && strstr(err, "15") &&
		       res.status.code == LO_REFUSED,
	       "par 16 on 5x5 refused: %s", err);
	tap_ok(generate_board(s, &r, false, 26, &g, a, &res, err, sizeof err) < 0 && res.status.code == LO_REFUSED,
	       "par 26 refused: %s", err);
	system_free(s);
	board_free(a);
	board_free(b);

	/* A board too big for the exhaustive table: random presses + search. */
	s = system_new(9, 9, &r, 2);
	a = board_new(9, 9, 2);
	int rc = generate_board(s, &r, false, 12, &g, a, &res, err, sizeof err);
	uint8_t y[81];
	system_solve(s, a->cells, y, NULL);
	search_minimal(s, y, NULL, &sr);
	tap_ok(rc == 0 && sr.weight == 12 && res.par == 12, "9x9 --par 12: optimum %d", sr.weight);
	system_free(s);
	board_free(a);

	/* k = 4 chairs with a par, backward presses counted as presses. */
	s = system_new(3, 3, &r, 4);
	a = board_new(3, 3, 4);
	rc = generate_board(s, &r, false, 5, &g, a, &res, err, sizeof err);
	system_solve(s, a->cells, y, NULL);
	search_minimal(s, y, NULL, &sr);
	tap_ok(rc == 0 && sr.weight == 5, "3x3 k=4 --par 5: optimum %d", sr.weight);
	int p = generate_difficulty_par(s, &r, false, "hard", &g);
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
	tap_ok(rc < 0 && res.status.code == LO_TIMED_OUT && took < 2.0 && strstr(err, "0.5 s"),
	       "39x39 par 800 in 0.5 s: refused after %.2f s: %s", took, err);
	atomic_int cancel = 1;
	gen_ctl stop = { .cancel = &cancel };
	rc = generate_board_ctl(s, &r, false, 800, &g, a, &stop, &res, err, sizeof err);
	tap_ok(rc < 0 && res.status.code == LO_CANCELLED && strstr(err, "cancelled"), "a cancelled job stops: %s", err);
	system_free(s);
	board_free(a);
	return tap_done();
}
