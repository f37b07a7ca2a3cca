/* game/teach.c: following the chase steps clears every solvable board, and
 * the lookup table is what chasing really does. */
#include <stdlib.h>
#include <string.h>

#include "engine/rng.h"
#include "game/teach.h"
#include "game_config.h"
#include "tap.h"

static game_config config(int rows, int cols, int k, const char *spec)
{
	return test_config(rows, cols, k, spec, false);
}

/* Follow the steps as a player would; true when the board ends clear. */
static bool follow(game *g, int *steps)
{
	uint8_t *marks = malloc((size_t)board_size(g->cur));
	int row, lookups = 0;
	*steps = 0;
	for (;;) {
		teach_stage st = teach_step(g, marks, &row);
		if (st == TEACH_DONE) {
			free(marks);
			return true;
		}
		if ((st != TEACH_CHASE && st != TEACH_LOOKUP) || ++*steps > 4 * g->cur->rows || lookups > 1) {
			free(marks);
			return false;
		}
		lookups += st == TEACH_LOOKUP;
		for (int i = 0; i < board_size(g->cur); i++)
			for (int t = 0; t < marks[i]; t++)
				game_press(g, i / g->cur->cols, i % g->cur->cols, +1, 0);
	}
}

int main(void)
{
	char err[256];
	int ok = 0, tried = 0;
	rng r;
	rng_seed(&r, 11);
	/* Random solvable boards of several shapes and k: chasing clears them,
	 * with one lookup at most. */
	int shapes[][3] = { { 5, 5, 2 }, { 4, 7, 2 }, { 6, 6, 2 }, { 5, 5, 3 }, { 3, 8, 4 }, { 9, 9, 2 } };
	for (size_t s = 0; s < sizeof shapes / sizeof shapes[0]; s++) {
		game_config c = config(shapes[s][0], shapes[s][1], shapes[s][2], "plus");
		for (int i = 0; i < 20; i++) {
			game g;
			if (game_init(&g, &c, err, sizeof err) != LO_OK || game_generate(&g, &r, -1, err, sizeof err) != LO_OK)
				continue;
			int steps;
			tried++;
			ok += follow(&g, &steps);
			game_free(&g);
		}
	}
	tap_ok(tried == 120 && ok == tried, "chasing clears %d of %d random solvable boards", ok, tried);

	/* Other rules: not chaseable, and said so. */
	game_config x = config(5, 5, 2, "x");
	game g;
	uint8_t marks[25];
	int row;
	tap_ok(game_init(&g, &x, err, sizeof err) == LO_OK && teach_step(&g, marks, &row) == TEACH_UNSUPPORTED,
	       "the x rule is not chased");
	game_free(&g);

	/* The 5x5 table: seven last rows, each with the answer every Lights
	 * Out guide prints (x . . . x -> x x . . .). */
	char *t = teach_lookup_text(5, 5);
	int lines = 0;
	for (const char *p = t; p && *p; p++)
		lines += *p == '\n';
	tap_is(lines, 7, "5x5: seven last rows can be left");
	tap_ok(t && strstr(t, "x . . . x   x x . . . "), "x . . . x: press the first two of the top row");
	tap_ok(t && strstr(t, "x x . x x   . . x . . "), "x x . x x: press the middle of the top row");
	free(t);
	tap_ok(teach_lookup_text(5, 11) == NULL, "too wide to tabulate");
	return tap_done();
}
