/* What a solver found, kept apart from why it could not find anything: an
 * allocation failure is not a proof that the board cannot be cleared. */
#ifndef LO_RESULT_H
#define LO_RESULT_H

typedef enum lo_result {
	LO_UNSOLVABLE = 0,	/* no presses clear the board; a certificate was written */
	LO_SOLVED = 1,		/* the presses were written */
	LO_NOMEM = 2,		/* out of memory: nothing is known, nothing was written */
	LO_TOO_LARGE = 3,	/* the shape is beyond the solver's limits */
} lo_result;

#endif
