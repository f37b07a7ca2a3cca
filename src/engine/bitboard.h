/* A board of k = 2 at a bit a cell: what the giant boards' route keeps
 * from the reader through the chase to the writer (a billion cells is
 * 125 MB, not a gigabyte a copy).  Each row starts on a word, so the
 * chase steps whole rows 64 cells at a time. */
#ifndef LO_BITBOARD_H
#define LO_BITBOARD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "engine/board.h"

typedef struct bitboard {
	int rows, cols;
	size_t stride;		/* words a row: (cols + 63) / 64 */
	uint64_t *bits;		/* cell (r, c): bit c % 64 of word r * stride + c / 64; bits past cols are 0 */
} bitboard;

size_t bitboard_stride(int cols);
/* The bytes of a rows x cols board's bits (0 for a bad size). */
size_t bitboard_bytes(int rows, int cols);

bitboard *bitboard_new(int rows, int cols);	/* all zero; NULL on bad size or no memory */
/* A board over bits (malloc'd, bitboard_bytes of them), which it then
 * owns; NULL, bits still the caller's, on a bad size or no memory. */
bitboard *bitboard_adopt(int rows, int cols, uint64_t *bits);
void bitboard_free(bitboard *b);

static inline int bitboard_get(const bitboard *b, int r, int c)
{
	return (int)(b->bits[(size_t)r * b->stride + (size_t)c / 64] >> (c % 64) & 1);
}

static inline void bitboard_set(bitboard *b, int r, int c, int v)
{
	uint64_t *w = &b->bits[(size_t)r * b->stride + (size_t)c / 64], m = 1ULL << (c % 64);
	*w = v & 1 ? *w | m : *w & ~m;
}

/* Bit 0 of n bytes into (n + 63) / 64 words, the rest of the last word
 * zero; and back, a byte (0 or 1) a cell. */
void bitboard_pack_row(const uint8_t *src, int n, uint64_t *dst);
void bitboard_unpack_row(const uint64_t *src, int n, uint8_t *dst);

/* A byte board of k = 2 at a bit a cell, and back (NULL on no memory). */
bitboard *bitboard_from_board(const board *b);
board *bitboard_to_board(const bitboard *b);

/* The board with rows and columns swapped, 64 x 64 cells at a time (a
 * wide board is chased along its long side: its rows are short). */
bitboard *bitboard_transpose(const bitboard *b);

/* out ^= what presses x do under the classic rule (each press flips its
 * cell and its four neighbours); out and x of one shape.  With out the
 * board, the presses solve it when out is then clear. */
void bitboard_press_plus(const bitboard *x, bitboard *out);

/* The same for one row, for a board made a row at a time: out = what
 * presses of rows above, row and below (NULL: none) do to row's cells. */
void bitboard_press_plus_row(const uint64_t *above, const uint64_t *row, const uint64_t *below, int cols,
			     uint64_t *out);

bool bitboard_is_clear(const bitboard *b);
bool bitboard_equal(const bitboard *a, const bitboard *b);
size_t bitboard_count(const bitboard *b);	/* cells set */

#endif
