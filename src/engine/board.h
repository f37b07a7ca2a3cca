/* A board: rows x cols cells, each a value in Z/k.  The goal is all zero. */
#ifndef LO_BOARD_H
#define LO_BOARD_H

#include <stdbool.h>
#include <stdint.h>

#define BOARD_MIN_K 2
#define BOARD_MAX_K 36

typedef struct board {
	int rows, cols, k;
	uint8_t *cells;		/* row-major, rows * cols values in [0, k) */
} board;

board *board_new(int rows, int cols, int k);	/* all zero; NULL on bad size or no memory */
/* A board over cells (malloc'd, rows * cols values in [0, k)), which it
 * then owns: a reader fills them in place instead of copying them.  NULL,
 * cells still the caller's, on a bad size or no memory. */
board *board_adopt(int rows, int cols, int k, uint8_t *cells);
board *board_clone(const board *b);
void board_free(board *b);
void board_copy(board *dst, const board *src);	/* same shape */
int board_size(const board *b);			/* rows * cols */
bool board_is_clear(const board *b);
bool board_equal(const board *a, const board *b);
int board_count_nonzero(const board *b);

static inline uint8_t board_get(const board *b, int r, int c)
{
	return b->cells[r * b->cols + c];
}

static inline void board_set(board *b, int r, int c, int v)
{
	b->cells[r * b->cols + c] = (uint8_t)v;
}

#endif
