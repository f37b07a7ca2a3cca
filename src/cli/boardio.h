/* The board text format, shared by the CLI and the game.
 *
 *   [R C]                optional size line (seed 001)
 *   one line per row:    one symbol per cell: 0-9, a-z (10-35), '.' = 0,
 *                        '#' = 1, '+' = 1, '-' = 0 (seed 002)
 *                     or whitespace-separated integers (seed 003)
 *                        (one form for the whole board)
 * Blank lines before and after the board and spaces at line ends are
 * ignored; CR-LF line ends are accepted.  Two numbers on the first line are
 * the size line when R rows of C cells follow, the first row when the input
 * is a board with them, and refused when both readings are boards.  Read
 * a line at a time, in memory proportional to the cells. */
#ifndef LO_BOARDIO_H
#define LO_BOARDIO_H

#include <stddef.h>
#include <stdio.h>

#include "engine/board.h"

#define BOARDIO_MAX_CELLS 100000000	/* 10000 x 10000: absurd inputs stop here */

typedef struct boardio_error {
	int line, col;			/* 1-based; 0 when not about a place */
	char msg[200];
} boardio_error;

/* Parse text (len bytes) into a new board with k states.  Returns NULL
 * and fills err on any problem. */
board *boardio_parse(const char *text, size_t len, int k, boardio_error *err);

/* Read all of f (up to a bound) and parse it. */
board *boardio_read(FILE *f, int k, boardio_error *err);

/* One symbol for a cell value: 0-9 then a-z. */
char boardio_symbol(int v);

/* Rows of symbols, no size line. */
void boardio_write(FILE *f, const board *b);
void boardio_write_cells(FILE *f, const uint8_t *cells, int rows, int cols);

#endif
