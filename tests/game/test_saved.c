/* The game to a save file and back: the same start, position, undo
 * history (redo tail too), par and clock; and the statistics record. */
#include <stdlib.h>
#include <string.h>

#include "game/game.h"
#include "engine/history.h"
#include "engine/rng.h"
#include "game/saved.h"
#include "game_config.h"
#include "tap.h"


static bool same_board(const board *a, const board *b)
{
	return a->rows == b->rows && a->cols == b->cols && a->k == b->k &&
	       memcmp(a->cells, b->cells, (size_t)board_size(a)) == 0;
}

static void test_round_trip(int rows, int cols, int k, const char *spec, bool torus)
{
	char err[256];
	game g, back;
	rng r;
	game_config cfg = test_config(rows, cols, k, spec, torus);
	rng_seed(&r, 42);
	if (!tap_ok(game_init(&g, &cfg, err, sizeof err) == LO_OK && game_generate(&g, &r, -1, err, sizeof err) == LO_OK,
		    "%dx%d %s k=%d: a game", rows, cols, spec, k))
		return;
	/* Seven presses, two undone: a redo tail of two. */
	double now = 100;
	for (int i = 0; i < 7; i++)
		game_press(&g, (i * 3) % rows, (i * 5) % cols, k > 2 && i % 2 ? -1 : +1, now += 1);
	int row, col, times;
	game_undo(&g, &row, &col, &times, now);
	game_undo(&g, &row, &col, &times, now);
	now += 2.5;

	saved_game sg;
	savegame_init(&sg);
	saved_from_game(&sg, &g, now);
	snprintf(sg.mode, sizeof sg.mode, "random");
	size_t len;
	char *text = savegame_format(&sg, &len);
	saved_game in;
	int rc = text ? savegame_parse(text, len, &in, err, sizeof err) : -1;
	free(text);
	if (!tap_ok(rc == 0, "%dx%d %s: the save parses back", rows, cols, spec)) {
		tap_diag("%s", err);
		game_free(&g);
		return;
	}
	rc = saved_to_game(&back, &in, err, sizeof err);
	savegame_free(&in);
	if (!tap_ok(rc == 0, "%dx%d %s: the game comes back", rows, cols, spec)) {
		tap_diag("%s", err);
		game_free(&g);
		return;
	}
	tap_ok(same_board(back.start, g.start), "  same start");
	tap_ok(same_board(back.cur, g.cur), "  same position");
	tap_is(back.hist->len, 7, "  seven moves recorded");
	tap_is(back.hist->pos, 5, "  five applied");
	tap_ok(memcmp(back.hist->moves, g.hist->moves, 7 * sizeof *g.hist->moves) == 0, "  the same moves");
	tap_is(back.par, g.par, "  same par");
	tap_is(back.par_proven, g.par_proven, "  par as proven");
	tap_ok(back.clock_acc > 8.4 && back.clock_acc < 8.6 && !back.clock_running, "  clock kept, stopped");
	tap_ok(game_in_progress(&back) && !back.won, "  still in progress");
	tap_ok(!strcmp(back.cfg.v.rule, spec) && back.cfg.v.torus == torus && back.cfg.v.k == k, "  same rule");

	/* Undo all the way back and redo all: the moves replay as they were. */
	for (int i = 0; i < 5; i++)
		game_undo(&back, &row, &col, &times, now);
	tap_ok(same_board(back.cur, back.start), "  undo leads back to the start");
	for (int i = 0; i < 7; i++)
		game_redo(&back, &row, &col, &times, now);
	for (int i = 0; i < 2; i++)
		game_redo(&g, &row, &col, &times, now);
	tap_ok(same_board(back.cur, g.cur), "  redo replays the tail");

	stats_result res;
	saved_result(&res, &back, now + 10, "2026-01-02");
	tap_ok(res.key.rows == rows && res.key.cols == cols && res.key.k == k && res.key.torus == torus &&
		       !strcmp(res.key.rule, spec) && !res.won && res.moves == 7 && res.par == back.par &&
		       !strcmp(res.daily, "2026-01-02"),
	       "  the statistics record");
	saved_result(&res, &back, now, "");
	tap_ok(res.daily == NULL, "  no date: not a daily board");
	game_free(&back);
	game_free(&g);
}

int main(void)
{
	test_round_trip(5, 5, 2, "plus", false);
	test_round_trip(4, 6, 3, "x", true);
	test_round_trip(6, 6, 4, "mask:010/111/010", false);
	return tap_done();
}
