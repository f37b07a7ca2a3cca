/* The practice ladder's file, $XDG_STATE_HOME/lightsout/ladder: one line
 * per kind of board, "RUNG KEY" (KEY: the rest of the line, as the game
 * builds it).  Read and written like the other files: under the lock,
 * atomically, only a regular file of ours.
 *
 * Every number is bounded.  A rung that is not a decimal number from 0 to
 * LADDER_RUNG_MAX makes the file damaged: it is set aside and the ladder
 * starts again.  A rung within that cap but above what the board asked for
 * can need (rows * cols * (k - 1) presses) is clamped to that. */
#ifndef LO_LADDER_H
#define LO_LADDER_H

#include <stddef.h>

#include "persist/status.h"

#define PATHS_LADDER "ladder"
#define LADDER_RUNG_MAX 1000000
#define LADDER_MAX_BYTES (4 << 20)	/* a larger file is refused */

/* Parse text: 1 with *rung (unclamped) when a line has key, 0 when none
 * has, -1 with "line N: ..." in err when the text is damaged. */
int ladder_parse(const char *text, size_t len, const char *key, long *rung, char *err, size_t errlen);

/* The rung for key in the file at path, clamped to need (>= 0).  PERSIST_OK
 * with *rung; PERSIST_NONE (no file, or no line for key: *rung untouched);
 * PERSIST_SET_ASIDE (damaged: moved to res->moved); otherwise the file is
 * left as it is (no memory, busy, refused, I/O). */
persist_status ladder_read(const char *path, const char *key, long need, long *rung, persist_result *res);

/* Set key's rung, keeping the other lines.  PERSIST_OK, or
 * PERSIST_SET_ASIDE when a damaged file was moved aside first (the rung is
 * still written, in a fresh file); otherwise nothing is written. */
persist_status ladder_write(const char *path, const char *key, long rung, persist_result *res);

#endif
