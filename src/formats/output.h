/* Standard output, checked: a command whose output did not arrive (disk
 * full, stdout closed, reader gone with SIGPIPE ignored) says so once and
 * exits 2 instead of reporting success.  And the exit statuses every
 * command of both front ends returns: 0 done, 1 unsolvable, 2 usage or
 * input error. */
#ifndef LO_OUTPUT_H
#define LO_OUTPUT_H

#include <stdbool.h>
#include <stddef.h>

#include "engine/generate.h"

#define EXIT_UNSOLVABLE 1
#define EXIT_USAGE 2		/* a usage or input error */
/* Out of memory, or output that could not be written: the same status as
 * a usage error (the documented 2 of every command), named for what it is. */
#define EXIT_NOMEM 2
#define EXIT_WRITE 2

/* Flush stdout; -1 (after one message "lightsout WHO: write error: ...")
 * when any write so far failed.  Long commands call it between results so
 * they stop at the first failure instead of computing to the end. */
int output_check(const char *who);

/* The command's status, or EXIT_WRITE when stdout could not be written or
 * closed.  Called once, by main, after the command. */
int output_finish(const char *who, int status);

/* A table made for standard output (stats, scores), written and freed:
 * 0, or EXIT_NOMEM after "lightsout WHO: out of memory" when it could not
 * be made (text NULL). */
int output_table(const char *who, char *text, size_t len);

/* Progress of a long generate on standard error, when it is a terminal
 * and the job has run a second: tries, the closest par, time left. */
typedef struct output_progress {
	double start;
	bool shown;
} output_progress;

void output_progress_start(output_progress *p, gen_ctl *ctl);
/* Clear the progress line, if one was shown. */
void output_progress_end(output_progress *p);

#endif
