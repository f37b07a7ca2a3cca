/* What making one board may cost a session where the host bounds it
 * (lightsout serve's --board-memory and --board-cpu; local play sets no
 * bound): the engine's estimate of the board's system (system_cost_of)
 * and what the game keeps beside it, held against the budget before
 * anything is built, so that a board past it is refused in a sentence
 * instead of made; and the backstop a job's thread is given should the
 * estimate be wrong. */
#ifndef LO_BUDGET_H
#define LO_BUDGET_H

#include <stdbool.h>
#include <stddef.h>

#include "engine/result.h"
#include "engine/system.h"
#include "game/game.h"

/* Byte operations a second the estimate takes a build to do: a third of
 * what a 2-core 2026 host measured (docs/hosting.md), so that a slower
 * host keeps the budget too. */
#define BUDGET_WORK_RATE 2e9
/* Bytes a cell the game keeps beside the system: both boards, the plan
 * and its solver's copies, the history's first pages. */
#define BUDGET_CELL_BYTES 32

/* Once, before the first board is made: the bytes and CPU seconds one
 * board may take, each 0 for no bound. */
void budget_set(double bytes, double seconds);
bool budget_bounded(void);
double budget_seconds(void);

/* cfg's board as the budget sees it: its bytes while played, and the CPU
 * seconds of its system's build.  false when no solver takes the shape
 * (then game_init says why). */
bool budget_estimate(const game_config *cfg, double *bytes, double *seconds);

/* LO_OK when cfg's board is within the budget (any board, when none is
 * set); else LO_TOO_LARGE with a sentence in err that names the largest
 * board of that rule and k the host allows (a board no solver takes is
 * past a budget too). */
lo_result budget_check(const game_config *cfg, char *err, size_t len);

/* The largest side s, up to max_side, for which an s x s board of cfg's
 * rule, k and torus is within the budget; 0 when none is. */
int budget_largest_side(const game_config *cfg, int max_side);

/* What a bounded build is asked (ctl zeroed first): one thread, so that
 * its CPU is its thread's own, and the quiet patterns within the bytes
 * the estimate leaves. */
void budget_system_ctl(const game_config *cfg, system_ctl *ctl);
/* A job's threads (generation, the plan's search): 0, the engine's
 * choice, or 1 under a budget. */
int budget_threads(void);

/* The CPU seconds after which a board's job (its making, or a search of
 * its plan) ends the game whatever it is doing: twice the budget and a
 * margin, since the making is the build and then the generation's own
 * time limit (the budget again).  0 when unbounded. */
double budget_backstop(void);

#endif
