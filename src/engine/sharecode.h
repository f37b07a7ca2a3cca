/* Share codes: a board and its settings as one short word that survives
 * copy and paste over SSH, e.g. "LO1A4G2...".
 *
 *   "LO"  version digit  payload in Crockford base32 (0-9 A-Z without I L O U)
 *
 * Letters and digits only, so a double click selects the whole code.
 * Decoding ignores case, spaces, newlines and '-', and reads O as 0 and
 * I, L as 1.  The payload ends in a CRC-32 over the version and the data,
 * so a mistyped code is refused instead of giving another board. */
#ifndef LO_SHARECODE_H
#define LO_SHARECODE_H

#include <stdbool.h>
#include <stddef.h>

#include "engine/board.h"
#include "engine/result.h"
#include "engine/variant.h"

#define SHARECODE_VERSION 2	/* the newest read; version 1 is read too */

typedef struct sharecode {
	variant v;
	board *board;			/* its cells (rows, cols and k as in v) */
	graph *graph;			/* a graph variant's press sets (v.graph), owned */
} sharecode;

/* The code for board b of variant v.  Returns a malloc'd string, or NULL
 * with a message in err. */
char *sharecode_encode(const board *b, const variant *v, char *err, size_t errlen);

/* Read a code into out (out->board is new; free with sharecode_free()).
 * LO_OK, or LO_REFUSED with a one-line message in err: bad characters, bad
 * checksum, truncated, unsupported version or values out of range
 * (LO_NOMEM: out of memory). */
lo_result sharecode_decode(const char *code, sharecode *out, char *err, size_t errlen);

void sharecode_free(sharecode *sc);

#endif
