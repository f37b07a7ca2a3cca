/* What is being played, without curses: the game in progress, its plan (a
 * solution kept true, or a proof), where the board came from and the
 * practice mode with its ladder rung.  The decisions about a board's life
 * are made here (a new board per mode, a rung up on a win and down on a
 * give-up, what a finished game records); the UI only says when. */
#ifndef LO_PLAY_H
#define LO_PLAY_H

#include <stdbool.h>
#include <stddef.h>

#include "engine/rng.h"
#include "game/game.h"
#include "game/overlay.h"
#include "persist/savegame.h"
#include "persist/scores.h"
#include "persist/stats.h"

typedef enum play_mode { PLAY_FREE, PLAY_DAILY, PLAY_LADDER } play_mode;

/* Where the board came from: a random board, one of a --seed, a file, a
 * share code, a race, the editor. */
typedef enum play_origin { ORIGIN_RANDOM, ORIGIN_SEEDED, ORIGIN_LOAD, ORIGIN_CODE, ORIGIN_RACE, ORIGIN_EDIT } play_origin;

/* The origin as the save file and statistics name it ("random"...), and
 * back: false for a word that names none. */
const char *play_origin_word(play_origin o);
bool play_origin_parse(const char *word, play_origin *o);

typedef struct play {
	game g;
	lo_overlay ov;			/* follows g: made with it, freed with it */
	rng r;
	play_mode mode;
	play_origin origin;
	char daily[11];			/* the date of a daily board, else "" */
	int rung;			/* ladder: par of the current board, else 0 */
	bool recorded;			/* this attempt is in the statistics */
	bool tried;			/* pressed on this board, any attempt, and not
					 * won since: leaving it is giving it up */
	bool replay;			/* a daily board already played today: practice */
	uint64_t game;			/* this attempt's id once saved or recorded, else 0 */
	bool assisted;			/* the solver helped on this board (plan, hint, steps,
					 * chase, editor): kept through restart and saves */
	const gen_ctl *ctl;		/* making a board: limit, cancel, progress (or NULL) */
	int cur_row, cur_col;		/* the player's cursor as the front end last said,
					 * saved with the game; -1 unknown */
} play;

/* g must be a game_init()ed game; the plan is made for it.  Returns LO_OK,
 * or LO_NOMEM with g freed. */
lo_result play_init(play *p, game *g, play_mode mode, play_origin origin, char *err, size_t errlen);
void play_free(play *p);

/* A new board in g (same shape) as the mode wants: the daily seed, the
 * ladder's rung (settling at the top for a shape that has no board that
 * hard), or the config.  Returns LO_OK, or why not with err (g unchanged). */
lo_result play_generate(play *p, game *g, char *err, size_t errlen);

/* Replace the game by next (a new shape: settings, editor), its plan kept
 * on or off as it was.  Returns LO_OK, or LO_NOMEM with err (next freed). */
lo_result play_replace(play *p, game *next, char *err, size_t errlen);

/* A new game for cfg with a board as the mode wants, in next (the ladder's
 * rung is p->rung, or when that is 0 the one saved for cfg's shape), for
 * play_replace().  Returns LO_OK, or why not with err. */
lo_result play_make(play *p, const game_config *cfg, game *next, char *err, size_t errlen);

/* An id for an attempt: random, never 0. */
uint64_t play_new_id(void);

/* A position not reached by a press (new board, restart, edit, resume):
 * a new attempt (its id comes with its first save) with a fresh plan.  Assistance stays: it belongs to the
 * board (play_replace() starts a board without it). */
void play_fresh(play *p);

/* The ladder's rung after a win (+1) or a give-up (-1); saved for the
 * shape.  Outside the ladder nothing happens.  Returns LO_OK, or LO_IO when
 * the rung could not be saved (it still holds for this run). */
lo_result play_climb(play *p, int step);

/* The mode as the save file and statistics name it. */
const char *play_mode_word(const play *p);
/* Mode, origin, rung and daily date from a saved game; to one. */
void play_from_saved(play *p, const saved_game *sg);
void play_to_saved(const play *p, saved_game *sg);

/* The record of this attempt, finished now: its kind (practice, daily,
 * a board of the player's own) and whether the solver helped.  false when
 * it is recorded already (each attempt counts once). */
bool play_result(play *p, stats_result *r, double now);

/* The host's leaderboard record of a finished attempt (r from
 * play_result()): true for a won daily board, with its date, difficulty and
 * variant as the daily board was made from them. */
bool play_score(const play *p, const stats_result *r, score *s);

/* The date whose leaderboard to show: the daily board's, else today (UTC,
 * as the daily board counts days). */
void play_scores_date(const play *p, char *date, size_t len);

#endif
