#include "engine/board.h"

#include <stdlib.h>
#include <string.h>

board *board_new(int rows, int cols, int k)
{
	if (rows < 1 || cols < 1 || k < BOARD_MIN_K || k > BOARD_MAX_K)
		return NULL;
	if ((long long)rows * cols > (1LL << 30))
		return NULL;
	board *b = malloc(sizeof *b);
	if (!b)
		return NULL;
	b->rows = rows;
	b->cols = cols;
	b->k = k;
	b->cells = calloc((size_t)rows * cols, 1);
	if (!b->cells) {
		free(b);
		return NULL;
	}
	return b;
}

board *board_adopt(int rows, int cols, int k, uint8_t *cells)
{
	if (rows < 1 || cols < 1 || k < BOARD_MIN_K || k > BOARD_MAX_K || (long long)rows * cols > (1LL << 30))
		return NULL;
	board *b = malloc(sizeof *b);
	if (!b)
		return NULL;
	*b = (board){ .rows = rows, .cols = cols, .k = k, .cells = cells };
	return b;
}

board *board_clone(const board *b)
{
	board *c = board_new(b->rows, b->cols, b->k);
	if (c)
		board_copy(c, b);
	return c;
}

void board_free(board *b)
{
	if (b) {
		free(b->cells);
		free(b);
	}
}

void board_copy(board *dst, const board *src)
{
	memcpy(dst->cells, src->cells, (size_t)board_size(src));
}

int board_size(const board *b)
{
	return b->rows * b->cols;
}

bool board_is_clear(const board *b)
{
	return board_count_nonzero(b) == 0;
}

bool board_equal(const board *a, const board *b)
{
	return a->rows == b->rows && a->cols == b->cols && a->k == b->k &&
	       memcmp(a->cells, b->cells, (size_t)board_size(a)) == 0;
}

int board_count_nonzero(const board *b)
{
	int n = 0, size = board_size(b);
	for (int i = 0; i < size; i++)
		n += b->cells[i] != 0;
	return n;
}
