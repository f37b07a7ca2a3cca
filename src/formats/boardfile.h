/* A board file as a command reads it (play --load, solve FILE), through
 * boardio.c's text format (which knows no options): the board,
 * its variant line and patterns taken into the command line's options,
 * and its size checked against --size.  One reading for both front ends,
 * so a file means the same to the game and the solver. */
#ifndef LO_BOARDFILE_H
#define LO_BOARDFILE_H

#include <stddef.h>
#include <stdio.h>

#include "formats/boardio.h"
#include "formats/options.h"
#include "engine/board.h"
#include "engine/rule.h"

typedef enum boardfile_status {
	BOARDFILE_OK = 0,
	BOARDFILE_BAD = -1,		/* err: "NAME:LINE:COL: why", or "NAME: why" */
	BOARDFILE_PATTERNS = -2,	/* the file's patterns beside a rule the options chose: err says why */
	BOARDFILE_SIZE = -3		/* *b is not the size --size said: *b is the caller's to word and free */
} boardfile_status;

/* Read the board in f (named name in messages) after options_finish(o):
 * a variant line the options did not contradict, or patterns, becomes
 * o's variant (and r's rule unless r is NULL).  *b is the board on
 * BOARDFILE_OK and BOARDFILE_SIZE, else NULL. */
boardfile_status boardfile_read(FILE *f, const char *name, common_opts *o, rule *r, board **b, char *err,
				size_t errlen);

/* The same for giant boards (boardio_read_big): a board whose k is 2 in
 * *bits at a bit a cell (*b NULL), bounded by big; another in *b.  On
 * BOARDFILE_SIZE the board (either) is the caller's to word and free. */
boardfile_status boardfile_read_big(FILE *f, const char *name, common_opts *o, rule *r, const boardio_big *big,
				    board **b, bitboard **bits, char *err, size_t errlen);

#endif
