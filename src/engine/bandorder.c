#include "engine/bandorder.h"

#include <stdlib.h>

/* Line i of len: 0, len-1, 1, len-2, ... when folded. */
static int place(int i, int len, bool fold)
{
	if (!fold)
		return i;
	return 2 * i < len ? 2 * i : 2 * (len - 1 - i) + 1;
}

static void fill(int rows, int cols, bool fold, bool by_cols, int *pos)
{
	for (int r = 0; r < rows; r++)
		for (int c = 0; c < cols; c++)
			pos[r * cols + c] = by_cols ? place(c, cols, fold) * rows + place(r, rows, fold)
						    : place(r, rows, fold) * cols + place(c, cols, fold);
}

/* The widest step between a press and a cell it changes. */
static int width(int rows, int cols, const rule *r, const int *pos, int *nb)
{
	int b = 0;
	for (int j = 0; j < rows * cols; j++) {
		int m = rule_neighbours(r, rows, cols, j / cols, j % cols, nb);
		for (int t = 0; t < m; t++) {
			int d = abs(pos[nb[t]] - pos[j]);
			b = d > b ? d : b;
		}
	}
	return b;
}

int bandorder_make(int rows, int cols, const rule *r, int *pos)
{
	int *nb = malloc((size_t)rule_max_cells(r, rows, cols) * sizeof *nb);
	if (!nb)
		return -1;
	fill(rows, cols, r->torus, true, pos);
	int by_cols = width(rows, cols, r, pos, nb);
	fill(rows, cols, r->torus, false, pos);
	int by_rows = width(rows, cols, r, pos, nb);
	if (by_cols < by_rows)
		fill(rows, cols, r->torus, true, pos);
	free(nb);
	return by_cols < by_rows ? by_cols : by_rows;
}

long long bandorder_width_bound(int rows, int cols, const rule *r)
{
	long long h = 0, w = 0, f = r->torus ? 2 : 1;
	for (int i = 0; i < r->n; i++) {
		h = abs(r->dr[i]) > h ? abs(r->dr[i]) : h;
		w = abs(r->dc[i]) > w ? abs(r->dc[i]) : w;
	}
	long long by_rows = f * (h * cols + w), by_cols = f * (w * rows + h);
	return by_rows < by_cols ? by_rows : by_cols;
}
