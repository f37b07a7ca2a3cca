/* The engine's one status type: what an operation came to, kept apart from
 * what it found.  An allocation failure is not a proof that the board
 * cannot be cleared, and a search cut short by a cancel, a time limit or
 * no memory is not a proof of a minimum.  A status carries its code and,
 * where the code alone does not say it, a detail in words.  Success is 0
 * and every other code negative and distinct, as the int-returning
 * functions beside it (0, or < 0 for a failure). */
#ifndef LO_RESULT_H
#define LO_RESULT_H

#include <stddef.h>

typedef enum lo_result {
	LO_OK = 0,		/* done: the presses were written, the thing built, the search finished */
	LO_UNSOLVABLE = -1,	/* no presses clear the board; a certificate was written */
	LO_NOMEM = -2,		/* out of memory: nothing is known, nothing was written */
	LO_TOO_LARGE = -3,	/* the shape is beyond the solver's limits */
	LO_REFUSED = -4,	/* the request itself is not accepted (a bad seed, a rule a solver does not take) */
	LO_IO = -5,		/* reading or writing failed */
	LO_BUSY = -6,		/* someone else holds what was asked for */
	LO_CANCELLED = -7,	/* the caller asked it to stop */
	LO_TIMED_OUT = -8,	/* the time limit came first */
} lo_result;

#define LO_DETAIL_MAX 256

typedef struct lo_status {
	lo_result code;
	char detail[LO_DETAIL_MAX];	/* why, in words; "" when the code says it all */
} lo_status;


/* st = code with a printf-style detail (fmt NULL: none). */
void lo_status_set(lo_status *st, lo_result code, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

/* The detail when there is one, else the code's own words. */
const char *lo_status_text(const lo_status *st);

#endif
