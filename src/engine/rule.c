#include "engine/rule.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const char *const rule_names[] = { "plus", "cross", "x", "box", "knight", NULL };

static const struct builtin {
	const char *name, *mask;
} builtins[] = {
	{ "plus", "010/111/010" },
	{ "x", "101/010/101" },
	{ "box", "111/111/111" },
	{ "knight", "01010/10001/00100/10001/01010" },
};

static int mask_parse(rule *r, const char *m, char *err, size_t errlen)
{
	int rows = 0, width = -1, col = 0;
	char grid[RULE_MASK_MAX][RULE_MASK_MAX];

	for (const char *p = m;; p++) {
		if (*p == '/' || *p == '\0') {
			if (width < 0)
				width = col;
			else if (col != width) {
				snprintf(err, errlen, "mask row %d has %d cells, expected %d", rows + 1, col, width);
				return -1;
			}
			rows++;
			col = 0;
			if (*p == '\0')
				break;
			continue;
		}
		if (*p != '0' && *p != '1') {
			snprintf(err, errlen, "mask character %ld is '%c': use 0, 1 and /", (long)(p - m) + 1, *p);
			return -1;
		}
		if (rows >= RULE_MASK_MAX || col >= RULE_MASK_MAX) {
			snprintf(err, errlen, "mask larger than %dx%d", RULE_MASK_MAX, RULE_MASK_MAX);
			return -1;
		}
		grid[rows][col++] = *p;
	}
	if (width == 0 || rows % 2 == 0 || width % 2 == 0) {
		snprintf(err, errlen, "mask must be an odd number of rows of equal odd width (got %dx%d)", rows, width);
		return -1;
	}
	r->n = 0;
	for (int i = 0; i < rows; i++)
		for (int j = 0; j < width; j++)
			if (grid[i][j] == '1') {
				r->dr[r->n] = (signed char)(i - rows / 2);
				r->dc[r->n] = (signed char)(j - width / 2);
				r->n++;
			}
	if (r->n == 0) {
		snprintf(err, errlen, "mask presses no cell");
		return -1;
	}
	return 0;
}

int rule_parse(rule *r, const char *spec, bool torus, char *err, size_t errlen)
{
	memset(r, 0, sizeof *r);
	r->torus = torus;
	if (strcmp(spec, "cross") == 0) {
		r->lines = true;
		strcpy(r->name, "cross");
		return 0;
	}
	const char *mask = NULL;
	for (size_t i = 0; i < sizeof builtins / sizeof builtins[0]; i++)
		if (strcmp(spec, builtins[i].name) == 0)
			mask = builtins[i].mask;
	if (!mask && strncmp(spec, "mask:", 5) == 0)
		mask = spec + 5;
	if (!mask) {
		snprintf(err, errlen, "unknown rule '%s' (plus, cross, x, box, knight or mask:ROWS/...)", spec);
		return -1;
	}
	if (strlen(spec) >= sizeof r->name) {
		snprintf(err, errlen, "rule name too long");
		return -1;
	}
	if (mask_parse(r, mask, err, errlen) < 0)
		return -1;
	strcpy(r->name, spec);
	return 0;
}

int rule_max_cells(const rule *r, int rows, int cols)
{
	return r->lines ? rows + cols - 1 : r->n;
}

static int cmp_int(const void *a, const void *b)
{
	int x = *(const int *)a, y = *(const int *)b;
	return (x > y) - (x < y);
}

static int wrap(int v, int n)
{
	v %= n;
	return v < 0 ? v + n : v;
}

int rule_neighbours(const rule *r, int rows, int cols, int row, int col, int *out)
{
	int n = 0;
	if (r->lines) {
		/* Row and column in increasing index order, the centre once. */
		for (int i = 0; i < row; i++)
			out[n++] = i * cols + col;
		for (int j = 0; j < cols; j++)
			out[n++] = row * cols + j;
		for (int i = row + 1; i < rows; i++)
			out[n++] = i * cols + col;
		return n;
	}
	for (int i = 0; i < r->n; i++) {
		int y = row + r->dr[i], x = col + r->dc[i];
		if (r->torus) {
			y = wrap(y, rows);
			x = wrap(x, cols);
		} else if (y < 0 || y >= rows || x < 0 || x >= cols)
			continue;
		out[n++] = y * cols + x;
	}
	qsort(out, (size_t)n, sizeof *out, cmp_int);
	int m = 0;
	for (int i = 0; i < n; i++)
		if (m == 0 || out[m - 1] != out[i])
			out[m++] = out[i];
	return m;
}

void rule_press(const rule *r, board *b, int row, int col, int times)
{
	int k = b->k, d = ((times % k) + k) % k;
	int buf[RULE_MAX_OFFSETS];
	if (d == 0)
		return;
	if (r->lines) {
		/* Too many cells for the stack buffer on big boards: walk directly. */
		for (int j = 0; j < b->cols; j++)
			b->cells[row * b->cols + j] = (uint8_t)((b->cells[row * b->cols + j] + d) % k);
		for (int i = 0; i < b->rows; i++)
			if (i != row)
				b->cells[i * b->cols + col] = (uint8_t)((b->cells[i * b->cols + col] + d) % k);
		return;
	}
	int n = rule_neighbours(r, b->rows, b->cols, row, col, buf);
	for (int i = 0; i < n; i++)
		b->cells[buf[i]] = (uint8_t)((b->cells[buf[i]] + d) % k);
}

void rule_apply(const rule *r, board *b, const uint8_t *x)
{
	for (int i = 0; i < b->rows; i++)
		for (int j = 0; j < b->cols; j++)
			if (x[i * b->cols + j])
				rule_press(r, b, i, j, x[i * b->cols + j]);
}

bool rule_is_symmetric(const rule *r)
{
	if (r->lines)
		return true;
	/* Symmetric iff the offset set is closed under negation. */
	for (int i = 0; i < r->n; i++) {
		bool found = false;
		for (int j = 0; j < r->n && !found; j++)
			found = r->dr[j] == -r->dr[i] && r->dc[j] == -r->dc[i];
		if (!found)
			return false;
	}
	return true;
}
