/* A board of k = 2 at a bit a cell: what the giant boards' route keeps
 * from the reader through the chase to the writer (a billion cells is
 * 125 MB, not a gigabyte a copy).  Each row at least a word wide starts
 * on a word, so the chase steps whole rows 64 cells at a time; narrower
 * rows are dense, packed back to back (10^7 x 8 is 10 MB, not a word a
 * row's 80 MB), and read and written a row at a time through
 * bitboard_row and bitboard_put_row, a row then being one word. */
#ifndef LO_BITBOARD_H
#define LO_BITBOARD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "engine/board.h"

typedef struct bitboard {
	int rows, cols;
	size_t stride;		/* words a row: (cols + 63) / 64; 0: dense rows (below) */
	uint64_t *bits;		/* cell (r, c): bit c % 64 of word r * stride + c / 64; bits past cols are 0 */
	/* k > 2 (bitboard_znew): width = ceil(log2 k) bits a cell, per = 64 /
	 * width cells a word (no cell straddles two words), stride = (cols +
	 * per - 1) / per; cell (r, c) is bits width * (c % per) up of word
	 * r * stride + c / per.  k = 2: width 1, per 64, as above.
	 * Dense (cols < per, stride 0): cell (r, c) is cell i = r * cols + c
	 * of the words' cells, bits width * (i % per) up of word i / per;
	 * every bit past the last cell, and past per * width in a word, 0. */
	int k, width, per;
} bitboard;

/* Words of a row on its own words: a row read out of a dense board is one. */
size_t bitboard_stride(int cols);
/* The bytes of a rows x cols board's bits (0 for a bad size). */
size_t bitboard_bytes(int rows, int cols);

bitboard *bitboard_new(int rows, int cols);	/* all zero; NULL on bad size or no memory */
void bitboard_free(bitboard *b);

/* Whether rows of cols cells below k are dense (narrower than a word). */
static inline bool bitboard_dense(int cols, int k)
{
	int w = 1;
	while ((1 << w) < k)
		w++;
	return cols < 64 / w;
}

/* The words of the whole board (rows * stride, or dense the cells' words). */
static inline size_t bitboard_words(const bitboard *b)
{
	return b->stride ? (size_t)b->rows * b->stride
			 : ((size_t)b->rows * (size_t)b->cols + (size_t)b->per - 1) / (size_t)b->per;
}

/* Cell (r, c)'s word, and its first bit in *bit. */
static inline size_t bitboard_at(const bitboard *b, int r, int c, int *bit)
{
	size_t i = b->stride ? (size_t)c : (size_t)r * (size_t)b->cols + (size_t)c;
	*bit = (int)(i % (size_t)b->per) * b->width;
	return (b->stride ? (size_t)r * b->stride : 0) + i / (size_t)b->per;
}

/* Row r's words as a row on its own words has them (cells from bit 0 of
 * the first, bits past cols 0): the board's own, or when dense row r
 * copied into *tmp (one word), which is returned. */
static inline const uint64_t *bitboard_row(const bitboard *b, int r, uint64_t *tmp)
{
	if (b->stride)
		return b->bits + (size_t)r * b->stride;
	size_t i = (size_t)r * (size_t)b->cols, wd = i / (size_t)b->per;
	int s = (int)(i % (size_t)b->per), w = b->width;
	uint64_t v = b->bits[wd] >> (s * w);
	if (s + b->cols > b->per)	/* s > 0: the shift is below 64 */
		v |= b->bits[wd + 1] << ((b->per - s) * w);
	*tmp = v & ((1ULL << (b->cols * w)) - 1);	/* cols * w < 64 when dense */
	return tmp;
}

/* Row r set from a row's words (bits past cols 0), its neighbours kept. */
static inline void bitboard_put_row(bitboard *b, int r, const uint64_t *src)
{
	if (b->stride) {
		memcpy(b->bits + (size_t)r * b->stride, src, b->stride * sizeof *src);
		return;
	}
	size_t i = (size_t)r * (size_t)b->cols, wd = i / (size_t)b->per;
	int s = (int)(i % (size_t)b->per), w = b->width, used = b->per * w;
	uint64_t m = (1ULL << (b->cols * w)) - 1, v = *src & m, word = used == 64 ? ~0ULL : (1ULL << used) - 1;
	uint64_t *p = b->bits + wd;
	p[0] = (p[0] & ~(m << (s * w))) | ((v << (s * w)) & word);
	if (s + b->cols > b->per) {
		int sh = (b->per - s) * w;
		p[1] = (p[1] & ~(m >> sh)) | (v >> sh);
	}
}

static inline int bitboard_get(const bitboard *b, int r, int c)
{
	int bit;
	size_t at = bitboard_at(b, r, c, &bit);	/* bit is set before it is read */
	return (int)(b->bits[at] >> bit & 1);
}

static inline void bitboard_set(bitboard *b, int r, int c, int v)
{
	int bit;
	uint64_t *w = &b->bits[bitboard_at(b, r, c, &bit)], m = 1ULL << bit;
	*w = v & 1 ? *w | m : *w & ~m;
}

/* Bit 0 of n bytes into (n + 63) / 64 words, the rest of the last word
 * zero; and back, a byte (0 or 1) a cell. */
void bitboard_pack_row(const uint8_t *src, int n, uint64_t *dst);
void bitboard_unpack_row(const uint64_t *src, int n, uint8_t *dst);

/* A byte board of k = 2 at a bit a cell, and back (NULL on no memory);
 * bitboard_to_board unpacks any k. */
bitboard *bitboard_from_board(const board *b);
board *bitboard_to_board(const bitboard *b);

/* The board with rows and columns swapped, 64 x 64 cells at a time (a
 * wide board is chased along its long side: its rows are short); any k
 * (k > 2: bitboard_ztranspose). */
bitboard *bitboard_transpose(const bitboard *b);

/* out ^= what presses x do under the classic rule (each press flips its
 * cell and its four neighbours); out and x of one shape.  With out the
 * board, the presses solve it when out is then clear. */
void bitboard_press_plus(const bitboard *x, bitboard *out);

/* The same for one row, for a board made a row at a time: out = what
 * presses of rows above, row and below (NULL: none) do to row's cells. */
void bitboard_press_plus_row(const uint64_t *above, const uint64_t *row, const uint64_t *below, int cols,
			     uint64_t *out);

/* ---- Any k from 2 to 36, at ceil(log2 k) bits a cell (k = 2: the
 * functions above give the same board). */
int bitboard_width(int k);			/* bits a cell */
size_t bitboard_zstride(int cols, int k);	/* words a row on its own words */
size_t bitboard_zbytes(int rows, int cols, int k);	/* 0 for a bad size or k */
bitboard *bitboard_znew(int rows, int cols, int k);
bitboard *bitboard_zadopt(int rows, int cols, int k, uint64_t *bits);

static inline int bitboard_zget(const bitboard *b, int r, int c)
{
	int bit;
	size_t at = bitboard_at(b, r, c, &bit);
	return (int)(b->bits[at] >> bit & ((1u << b->width) - 1));
}

/* n cells (bytes, each below k) into a row's words, the rest of the last
 * word zero; and back. */
void bitboard_zpack_row(const uint8_t *src, int n, int k, uint64_t *dst);
/* Row r of b from its cells (bytes below b's k), and back, any layout. */
void bitboard_zput_cells(bitboard *b, int r, const uint8_t *src);
void bitboard_zget_cells(const bitboard *b, int r, uint8_t *dst);

/* Any k: a byte board packed, and back; the transpose (NULL on no memory). */
bitboard *bitboard_zfrom_board(const board *b);
bitboard *bitboard_ztranspose(const bitboard *b);

/* Whether presses x clear board b (NULL: a clear board, so x is quiet)
 * under the classic rule without torus, mod x's k: each cell's sum of
 * its own press, its four neighbours' and its light, row by row.  1 yes,
 * 0 no, -1 out of memory. */
int bitboard_zpress_plus_clears(const bitboard *b, const bitboard *x);

bool bitboard_is_clear(const bitboard *b);
bool bitboard_equal(const bitboard *a, const bitboard *b);
size_t bitboard_count(const bitboard *b);	/* cells set (k = 2) */

#endif
