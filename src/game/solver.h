/* The background solver: a worker thread that finds a minimal solution (or
 * proof that there is none) for the positions it is handed, so the screen
 * never waits for a search.  A new position cancels the search for the old
 * one.  No curses: the main loop polls. */
#ifndef LO_SOLVER_H
#define LO_SOLVER_H

#include <stdbool.h>
#include <stdint.h>

#include "engine/search.h"
#include "engine/system.h"

/* A search stops by itself after this long with the best found and a
 * proven lower bound (as `lightsout solve` does), and runs at this nice
 * value: a kernel of 2^47 must not hold both cores of a shared host. */
#define SOLVER_BUDGET_SECONDS 10.0
#define SOLVER_NICE 10

/* A search's seconds: SOLVER_BUDGET_SECONDS, or a host's budget for a
 * board's making when that is less (game/budget.h). */
double solver_time_limit(void);

typedef struct solver solver;

typedef enum solver_stage {
	SOLVER_QUICK,		/* system_solve's answer: a solution, not yet minimal */
	SOLVER_FINAL		/* the search is over (finished, stopped or impossible) */
} solver_stage;

typedef struct solver_answer {
	unsigned gen;		/* the solver_submit() it answers */
	solver_stage stage;
	bool solvable;
	bool nomem;		/* memory ran out: nothing is known (not solvable either) */
	search_result res;	/* SOLVER_FINAL; weight also for SOLVER_QUICK */
} solver_answer;

/* The thread reads sys (const) until solver_free.  NULL: no memory or
 * no thread. */
solver *solver_new(const lo_system *sys, bool forward_only);
void solver_free(solver *sol);		/* cancels and joins */

/* Solve these cells (copied) instead; returns the new generation. */
unsigned solver_submit(solver *sol, const uint8_t *cells);
/* Stop the running search: its best so far becomes the final answer. */
void solver_stop(solver *sol);

/* A new answer for the latest submit since the last call?  Then copies it,
 * with the presses into x (or the certificate into cert when unsolvable),
 * as long as the board the solver was made for. */
bool solver_poll(solver *sol, solver_answer *a, uint8_t *x, uint8_t *cert);

/* Is a search running for the latest submit?  Then its progress: fraction
 * of the kernel done and the best weight so far (-1 none yet). */
bool solver_busy(solver *sol, double *done, int *best);

#endif
