/* One game in progress: the board, where it started, the moves made, par and
 * the clock.  No curses here, so the rules of play stay testable and the
 * screen code only reads this state. */
#ifndef LO_GAME_H
#define LO_GAME_H

#include <stdbool.h>
#include <stddef.h>

#include "engine/board.h"
#include "engine/generate.h"
#include "engine/rng.h"
#include "engine/rule.h"
#include "engine/system.h"
#include "engine/variant.h"

/* What a new board should look like: edited by the settings menu. */
typedef struct game_config {
	variant v;
	difficulty difficulty;
	int par;			/* exact par wanted, or -1 */
} game_config;

typedef struct game {
	game_config cfg;
	rule rule;
	lo_system *sys;
	board *cur, *start;
	struct history *hist;		/* opaque here: drawing needs none of it */
	int par;			/* -1 unknown or no solution */
	bool par_proven;		/* false: par is only an upper bound */
	bool solvable;			/* the start (so every position) can be cleared */
	bool won;
	bool clock_running;		/* starts when the board is first shown */
	bool clock_paused;
	bool clock_held;		/* stopped for good (a race lost): paused,
					 * and no press or resume starts it */
	double clock_from, clock_acc;	/* seconds, from the caller's clock */
} game;

/* Two configs that make the same boards: compared field by field (no
 * bytes past a string's end, no padding). */
bool game_config_equal(const game_config *a, const game_config *b);

/* The rule and the solver for cfg's shape.  LO_OK; else err says why:
 * LO_TOO_LARGE, this shape cannot be played (beyond the solver's limits);
 * LO_NOMEM, not now: memory ran out. */
lo_result game_init(game *g, const game_config *cfg, char *err, size_t errlen);
void game_free(game *g);

/* A random solvable board as cfg asks (par, difficulty or any), or exactly
 * `par` presses when par > 0 (the practice ladder).  LO_OK, or the
 * generator's status (err says why). */
lo_result game_generate(game *g, rng *r, int par, char *err, size_t errlen);
/* The same under a control: a time limit, a cancel flag, progress. */
lo_result game_generate_ctl(game *g, rng *r, int par, const gen_ctl *ctl, char *err, size_t errlen);

/* Play a given board (same shape as the config); par found by a search
 * bounded by `seconds`.  A board that cannot be cleared is played too
 * (solvable false, par -1): the overlay shows why.  LO_OK or LO_NOMEM. */
lo_result game_load(game *g, const board *b, double seconds, char *err, size_t errlen);
#define GAME_PAR_SECONDS 2.0

/* A press of `times` (+1 or -1) at (row, col); records it for undo. */
int game_press(game *g, int row, int col, int times, double now);
/* Undo or redo one press: (row, col) is where it was, for redrawing, and
 * times what was just applied there (the opposite of the press for undo). */
bool game_undo(game *g, int *row, int *col, int *times, double now);
bool game_redo(game *g, int *row, int *col, int *times, double now);
void game_restart(game *g);

/* Moves made: the position's count, undone ones not, the moves too old
 * to undo (past HISTORY_MAX) still counted. */
int game_moves(const game *g);
/* Undo stopped at the oldest move kept (HISTORY_MAX): older ones are
 * counted but cannot be undone. */
bool game_undo_capped(const game *g);
bool game_in_progress(const game *g);	/* moved and not yet won */
bool game_touched(const game *g);	/* any move made (or undone) since the start */
double game_elapsed(const game *g, double now);
void game_clock_pause(game *g, double now);	/* while suspended */
void game_clock_resume(game *g, double now);
/* The board is in view: its clock runs from now, unless it runs already,
 * is paused or the board is cleared.  true when it started. */
bool game_clock_start(game *g, double now);
/* The clock runs as from `since` (a race's common start). */
void game_clock_since(game *g, double since);
/* The clock stops for good at now (a race lost: the result is its end),
 * until the board starts again (a restart, game_clock_since). */
void game_clock_hold(game *g, double now);

#endif
