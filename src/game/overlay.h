/* The plan: a solution from the current position that is kept true after
 * every press, undo and redo (as in Tatham's Flip: the pressed cell's count
 * drops by the press), while the background solver confirms or improves it.
 * Or, when the position cannot be cleared, the certificate that proves it.
 * No curses: the screen reads this state.  (lo_overlay, not overlay:
 * curses owns that name.) */
#ifndef LO_OVERLAY_H
#define LO_OVERLAY_H

#include <stdbool.h>
#include <stdint.h>

#include "engine/board.h"
#include "game/solver.h"
#include "engine/system.h"

typedef struct lo_overlay {
	solver *solver;
	int n, k;
	bool forward_only;
	bool active;		/* a plan is kept (asked for by s, i, Tab or t) */
	bool shown;		/* its marks are drawn */
	bool have;		/* x or cert is true for the current position */
	bool solvable;
	uint8_t *x;		/* forward press counts mod k: a solution */
	uint8_t *cert;		/* y with y^T A = 0, y . cells != 0 */
	int weight;		/* presses in x */
	bool minimal;		/* x is proven to have the fewest presses */
	bool stopped;		/* the player stopped the search: x is the best found */
	bool out_of_time;	/* the search's budget ran out: x is the best found */
	bool nomem;		/* memory ran out: no plan, and no proof either */
	int bound;		/* no solution is shorter (when not minimal), or 0 */
	double ties;		/* solutions as short as x; 0 unknown */
	bool searching;		/* the solver still works on this position */
	uint8_t *scratch;	/* the solver's answer before it is judged */
} lo_overlay;

/* Returns 0, or -1 when out of memory (or no thread). */
int overlay_init(lo_overlay *o, const lo_system *sys, bool forward_only);
void overlay_free(lo_overlay *o);

/* A position not reached by a press (new board, restart, edit): the plan
 * is forgotten, and asked for again when active. */
void overlay_reset(lo_overlay *o, const board *b);
/* Keep a plan from now on (solving b if there is none yet). */
void overlay_activate(lo_overlay *o, const board *b);
/* b is the position after a press of `times` at cell i: the plan follows
 * at once and the solver checks it again. */
void overlay_moved(lo_overlay *o, const board *b, int i, int times);
/* Take the solver's news; true when what is shown changed. */
bool overlay_poll(lo_overlay *o);
/* Esc: stop the search, keep the best found. */
void overlay_stop(lo_overlay *o);
/* Progress of the running search (fraction done, best weight or -1). */
bool overlay_progress(const lo_overlay *o, double *done, int *best);

/* Signed presses the plan makes at cell i (0: none); for an unsolvable
 * position, the certificate's value there. */
int overlay_mark(const lo_overlay *o, int i);
/* The next cell with a mark after `from` (dir +1) or before it (dir -1),
 * wrapping; `from` itself last.  -1 when there is none. */
int overlay_next(const lo_overlay *o, int from, int dir);

#endif
