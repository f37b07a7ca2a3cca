/* Random solvable boards: made from random presses, so always solvable. */
#ifndef LO_GENERATE_H
#define LO_GENERATE_H

#include <stdbool.h>
#include <stddef.h>

#include "engine/board.h"
#include "engine/rng.h"
#include "engine/rule.h"
#include "engine/system.h"

typedef struct gen_result {
	int par;		/* minimal presses to clear the board */
	bool par_proven;	/* the minimal search completed */
} gen_result;

/* Fill b (shape and k of the system) with a random non-empty solvable board.
 * par < 0: any; otherwise exactly par presses in an optimal solution.
 * Returns 0, or -1 with a message in err when no such board exists or none
 * was found within the effort allowed. */
int generate_board(const lo_system *s, const rule *r, bool forward_only, int par,
		   rng *g, board *b, gen_result *res, char *err, size_t errlen);

/* The largest par any board of this shape has, when the shape is small
 * enough to know it (distribution), else -1. */
int generate_max_par(const lo_system *s, const rule *r, bool forward_only);

/* Par range for a named difficulty on this board: easy, normal, hard. */
int generate_difficulty_par(const lo_system *s, const rule *r, bool forward_only,
			    const char *difficulty, rng *g);

#endif
