/* Practice modes without curses: the daily board's seed, and the ladder
 * whose rung (the par of the next board) is kept between runs. */
#ifndef LO_PRACTICE_H
#define LO_PRACTICE_H

#include <stddef.h>
#include <stdint.h>
#include <time.h>

#include "game/game.h"
#include "persist/status.h"

/* The same seed for everyone on the same UTC day and board settings;
 * date gets "YYYY-MM-DD". */
uint64_t practice_daily_seed(time_t now, const game_config *cfg, char *date, size_t datelen);

#define LADDER_FIRST_RUNG 1


/* The same, for callers that only want the rung / 0 or -1. */
int ladder_load(const game_config *cfg);
int ladder_save(const game_config *cfg, int rung);

#endif
