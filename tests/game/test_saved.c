/* The game to a save file and back: the same start, position, undo
 * history (redo tail too), par and clock; and the statistics record. */
#include <stdlib.h>
#include <string.h>

#include "game/game.h"
#include "engine/history.h"
#include "engine/rng.h"
#include "game/saved.h"
#include "persist/textbuf.h"
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

/* The i-th move of a long game: spread over the board, so most lines of
 * the save have three-digit coordinates. */
static void long_move(int i, int rows, int cols, int *row, int *col)
{
	*row = (int)((i * 7L) % rows);
	*col = (int)((i * 13L + i / rows) % cols);
}

/* A game on an empty board, for long games: no search for a board. */
static bool long_game(game *g, int rows, int cols)
{
	char err[256];
	game_config cfg = test_config(rows, cols, 2, "plus", false);
	board *empty = board_new(rows, cols, 2);
	bool ok = empty && game_init(g, &cfg, err, sizeof err) == LO_OK;
	if (ok && game_load(g, empty, 0.001, err, sizeof err) != LO_OK)
		ok = false;	/* game_load freed nothing: g is freed by the caller */
	board_free(empty);
	return ok;
}

/* Twice HISTORY_MAX moves (all kept, their save would pass 1 MB): the
 * oldest cannot be undone but still count, the save stays under 1 MB and
 * comes back as it was. */
static void test_long_game(void)
{
	char err[256];
	const int rows = 150, cols = 150, over = HISTORY_MAX, total = HISTORY_MAX + over;
	game g, ref, back;
	int row, col, times;
	if (!tap_ok(long_game(&g, rows, cols) && long_game(&ref, rows, cols), "long game: two empty boards"))
		return;
	double now = 100;
	for (int i = 0; i < total; i++) {
		long_move(i, rows, cols, &row, &col);
		game_press(&g, row, col, +1, now);
		if (i < over)
			game_press(&ref, row, col, +1, now);	/* where undo will stop */
	}
	tap_is(game_moves(&g), total, "long game: every move counted (%d)", total);
	tap_ok(game_in_progress(&g) && game_touched(&g), "long game: in progress");

	saved_game sg;
	savegame_init(&sg);
	saved_from_game(&sg, &g, now);
	snprintf(sg.mode, sizeof sg.mode, "random");
	size_t len = 0;
	char *text = savegame_format(&sg, &len);
	tap_ok(text && len < 1000000, "long game: the save is under 1 MB (%zu bytes)", len);
	saved_game in;
	int rc = text ? savegame_parse(text, len, &in, err, sizeof err) : -1;
	free(text);
	if (!tap_ok(rc == 0, "long game: the save parses back")) {
		tap_diag("%s", err);
		goto out;
	}
	tap_ok(in.hist.len == HISTORY_MAX && in.hist.dropped == over && in.moves == total,
	       "long game: the last %d moves kept, %d dropped, all counted", HISTORY_MAX, over);
	rc = saved_to_game(&back, &in, err, sizeof err);
	savegame_free(&in);
	if (!tap_ok(rc == LO_OK, "long game: the game comes back")) {
		tap_diag("%s", err);
		goto out;
	}
	tap_ok(same_board(back.cur, g.cur) && same_board(back.start, g.start), "long game: same start and position");
	tap_is(game_moves(&back), total, "long game: the same count");
	int undone = 0;
	while (game_undo(&back, &row, &col, &times, now))
		undone++;
	tap_is(undone, HISTORY_MAX, "long game: undo goes back %d moves", HISTORY_MAX);
	tap_ok(game_undo_capped(&back) && !game_undo_capped(&g), "long game: then stops, past the moves kept");
	tap_ok(same_board(back.cur, ref.cur), "long game: where the oldest move kept was made");
	tap_is(game_moves(&back), over, "long game: the moves dropped still count");
	while (game_redo(&back, &row, &col, &times, now))
		;
	tap_ok(same_board(back.cur, g.cur) && game_moves(&back) == total, "long game: redo replays all that was kept");
	game_free(&back);
out:
	game_free(&ref);
	game_free(&g);
}

/* A save made before HISTORY_MAX, with more moves: it loads, its last
 * HISTORY_MAX moves up to the position kept and the rest counted. */
static void test_old_long_save(void)
{
	char err[256];
	const int rows = 40, cols = 40, extra = 777, total = HISTORY_MAX + extra, applied = total - 3;
	game g;
	int row, col;
	if (!tap_ok(long_game(&g, rows, cols), "old save: an empty board"))
		return;
	saved_game sg;
	savegame_init(&sg);
	saved_from_game(&sg, &g, 100);
	snprintf(sg.mode, sizeof sg.mode, "random");
	size_t len = 0;
	char *head = savegame_format(&sg, &len);
	char *at = head ? strstr(head, "history 0 0\n") : NULL;
	/* The moves of an old save spliced in where the empty history was. */
	textbuf t;
	textbuf_init(&t);
	if (at) {
		textbuf_printf(&t, "%.*s", (int)(at - head), head);
		textbuf_printf(&t, "history %d %d\n", total, applied);
		for (int i = 0; i < total; i++) {
			long_move(i, rows, cols, &row, &col);
			textbuf_printf(&t, "%d %d +1\n", row + 1, col + 1);
			if (i < applied)
				game_press(&g, row, col, +1, 100);
		}
		textbuf_printf(&t, "%s", at + strlen("history 0 0\n"));
	}
	free(head);
	char *text = textbuf_finish(&t, &len);
	saved_game in;
	int rc = at && text ? savegame_parse(text, len, &in, err, sizeof err) : -1;
	free(text);
	if (!tap_ok(rc == 0, "old save: %d moves (3 to redo) parse", total)) {
		tap_diag("%s", err);
		game_free(&g);
		return;
	}
	tap_ok(in.hist.len == HISTORY_MAX && in.hist.pos == HISTORY_MAX && in.hist.dropped == applied - HISTORY_MAX,
	       "old save: the last %d moves applied kept, the older counted, the redo tail past the bound cut",
	       HISTORY_MAX);
	tap_ok(same_board(in.current, g.cur), "old save: the position is every move applied");
	int first_row, first_col;
	long_move(applied - HISTORY_MAX, rows, cols, &first_row, &first_col);
	lo_move m = history_at(&in.hist, 0);
	tap_ok(m.row == first_row && m.col == first_col, "old save: the oldest kept is the right one");
	savegame_free(&in);
	game_free(&g);
}

int main(void)
{
	test_round_trip(5, 5, 2, "plus", false);
	test_round_trip(4, 6, 3, "x", true);
	test_round_trip(6, 6, 4, "mask:010/111/010", false);
	test_long_game();
	test_old_long_save();
	return tap_done();
}
