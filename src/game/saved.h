/* The game and its files, without curses: a game turned into a saved_game
 * and back (with its whole undo history), and a finished game turned into
 * a statistics record.  Of the four with "sav" in their name: saved.c
 * converts (what), game/saving.c decides when, persist/savegame.c is the
 * save file (how it is written), persist/slot.c which save file is ours. */
#ifndef LO_SAVED_H
#define LO_SAVED_H

#include <stdbool.h>
#include <stddef.h>

#include "game/game.h"
#include "persist/savegame.h"
#include "persist/stats.h"

/* Fill sg (savegame_init() first) from g at time now.  The boards and the
 * moves are borrowed from g: do not savegame_free() sg, and do not keep it
 * past the next change to g.  Mode, difficulty, rung and daily are left
 * for the caller (difficulty is copied from g's config). */
void saved_from_game(saved_game *sg, const game *g, double now);

/* A new game (game_init() done here) in the position sg holds: start,
 * undo history, redo tail, par, clock (stopped: it runs again on the next
 * press).  LO_OK, else g is freed: LO_NOMEM says the save is fine and
 * memory short, LO_TOO_LARGE that this game can never play it. */
lo_result saved_to_game(game *g, const saved_game *sg, char *err, size_t errlen);

/* The record of g finished now: won or given up.  daily: a date or NULL. */
void saved_result(stats_result *r, const game *g, double now, const char *daily);

#endif
