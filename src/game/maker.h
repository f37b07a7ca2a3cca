/* A new board made in the background, so the screen keeps answering while
 * a solver is built and a board of the wanted par is searched for (that
 * can take seconds on big shapes): Esc, q or a hang-up stop it at once. */
#ifndef LO_MAKER_H
#define LO_MAKER_H

#include <stdbool.h>
#include <stddef.h>

#include "game/play.h"

typedef struct maker maker;

/* Start making a game for cfg in `mode`, with p's random state (and its
 * rung when the mode is p's).  NULL with err when no thread can start. */
maker *maker_start(const play *p, const game_config *cfg, play_mode mode, char *err, size_t errlen);
bool maker_done(const maker *m);
/* Collect a finished job (m is freed): LO_OK with the game in *next and in
 * *made the mode, rung, random state, origin and date it was made with,
 * or why not with err. */
lo_result maker_finish(maker *m, game *next, play *made, char *err, size_t errlen);
/* Stop a job and forget it, at once: a search stops at its next poll, and
 * a solver still being built is left to finish and free itself. */
void maker_cancel(maker *m);

#endif
