/* A progress line for long work, on standard error when it is a terminal
 * (nothing at all otherwise): the share done, the rate, the time left and
 * the caller's own words, e.g.
 *
 *     searching: 42.3%  1.21M combinations/s  2m 10s left  best so far 57 presses
 *
 * Shown only once the work has taken a second, redrawn at most ten times
 * a second; progress_clear takes it away before other output. */
#ifndef LO_PROGRESS_H
#define LO_PROGRESS_H

#include <stdbool.h>

typedef struct progress {
	const char *what;	/* "searching", "analyzing" */
	const char *unit;	/* what the rate counts: "combinations", "sizes" */
	double total;		/* units in all (0: no rate) */
	double start, last;
	bool tty, shown;
} progress;

void progress_start(progress *p, const char *what, const char *unit, double total);

/* done: the share done, 0 to 1; extra: more words, or NULL. */
void progress_show(progress *p, double done, const char *extra);

/* The line taken away (before other output, and at the end). */
void progress_clear(progress *p);


#endif
