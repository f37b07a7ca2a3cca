/* The board text format, shared by the CLI and the game: the text alone,
 * read from and written to any stream.  Its neighbour boardfile.c reads a
 * named file under a command's options (--size, --rule) with this.
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
 * a line at a time, in memory proportional to the cells.
 *
 *   rule NAME [k=K] [torus] [forward-only]
 *                        optional, first: the board's variant, so a file
 *                        of generate's says what it is (hex, k = 3, ...);
 *                        a file without it is read as the options say
 *   patterns             optional, after the board: each cell's own press
 *   MASK MASK ...        set, one line per row, one mask per cell as in
 *                        --rule mask: (rows of 0/1 split by '/', odd
 *                        sides, centred on the cell), e.g. 010/111/010 */
#ifndef LO_BOARDIO_H
#define LO_BOARDIO_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "formats/outbuf.h"
#include "engine/bitboard.h"
#include "engine/board.h"
#include "engine/graph.h"
#include "engine/variant.h"

#define BOARDIO_MAX_CELLS 100000000	/* 10000 x 10000: absurd inputs stop here */

typedef struct boardio_error {
	int line, col;			/* 1-based; 0 when not about a place */
	char msg[200];
} boardio_error;

/* Parse text (len bytes) into a new board with k states.  Returns NULL
 * and fills err on any problem. */
board *boardio_parse(const char *text, size_t len, int k, boardio_error *err);

/* Read all of f (up to a bound) and parse it, and *patterns = the
 * section's press sets as a graph of R*C vertices at their cells' places
 * (rows, cols as the board's), or NULL when the file has none.  Up to
 * GRAPH_MAX_VERTICES cells.  With patterns NULL a section is refused. */
board *boardio_read_patterns(FILE *f, int k, graph **patterns, boardio_error *err);

/* The variant a file names on its "rule" line. */
typedef struct boardio_variant {
	bool present;
	int line;			/* where it was said */
	char rule[VARIANT_RULE_MAX];
	int k;				/* 0: not said */
	bool torus, forward_only;
} boardio_variant;

/* As boardio_read_patterns, with the file's own variant line in *v (cells
 * read below its k when it gives one, else below k). */
board *boardio_read_variant(FILE *f, int k, graph **patterns, boardio_variant *v, boardio_error *err);

/* Giant boards: a board of k = 2 read at a bit a cell (up to max_k, at
 * ceil(log2 k) bits: bitboard_znew), as big as the caller can hold.
 * fits says whether a board of rows x cols cells below k may be read
 * (whole: the size line's, else the rows so far); false, with why (a
 * sentence: how much memory it needs), refuses it there. */
typedef struct boardio_big {
	bool (*fits)(void *ctx, int k, long long rows, long long cols, bool whole, char *why, size_t len);
	void *ctx;
	int max_k;		/* the largest k packed; 0: k = 2 only */
} boardio_big;

/* As boardio_read_variant, but a board whose k is 2 (the file's, else k;
 * or up to big->max_k) comes in *bits packed (*b NULL), bounded by
 * big->fits instead of BOARDIO_MAX_CELLS and with no bound on the
 * input's length; another k, or a board with patterns (small: bytes), in
 * *b as boardio_read_variant gives it.  False, both NULL, with e on a
 * problem. */
bool boardio_read_big(FILE *f, int k, const boardio_big *big, graph **patterns, boardio_variant *v, board **b,
		      bitboard **bits, boardio_error *e);

/* The "rule ..." line for a variant (with a newline), or "" for the
 * classic game (plus, k = 2): what generate writes first. */
void boardio_variant_line(const variant *v, char *buf, size_t len);

/* Room for n cells of a giant board or its solution (malloc'd, free()
 * them), in huge pages where the kernel has them. */
uint8_t *boardio_cells_alloc(size_t n);

/* One symbol for a cell value: 0-9 then a-z. */
char boardio_symbol(int v);

/* The symbols of n cells, no newline. */
void boardio_put_symbols(outbuf *o, const uint8_t *cells, size_t n);
/* Rows of symbols, no size line. */
void boardio_write(FILE *f, const board *b);
void boardio_write_cells(FILE *f, const uint8_t *cells, int rows, int cols);
/* The same at a bit a cell: n cells of a row of bits, and a whole board
 * (any k, packed: false, nothing written, when out of memory for a
 * row's bytes). */
void boardio_put_bits(outbuf *o, const uint64_t *row, int n);
bool boardio_write_bits(FILE *f, const bitboard *b);

#endif
