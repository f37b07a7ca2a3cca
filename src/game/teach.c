#include "game/teach.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/result.h"
#include "engine/system.h"

#define TEACH_LOOKUP_MAX_COLS 10

static bool chaseable(const game *g)
{
	return rule_is_classic(&g->rule);
}

teach_stage teach_step(const game *g, uint8_t *marks, int *row)
{
	const board *b = g->cur;
	int rows = b->rows, cols = b->cols, k = b->k;
	if (!chaseable(g))
		return TEACH_UNSUPPORTED;
	memset(marks, 0, (size_t)board_size(b));
	*row = -1;
	for (int r = 0; r + 1 < rows; r++)
		for (int c = 0; c < cols; c++)
			if (board_get(b, r, c)) {
				/* The first row with lights: press under each, as often
				 * as it takes to bring the light to 0. */
				for (int cc = 0; cc < cols; cc++) {
					int v = board_get(b, r, cc);
					marks[(r + 1) * cols + cc] = (uint8_t)((k - v) % k);
				}
				*row = r;
				return TEACH_CHASE;
			}
	if (board_is_clear(b))
		return TEACH_DONE;
	/* Only the last row is lit: the top row of any solution is its
	 * answer, since chasing from it is forced all the way down. */
	uint8_t *x = malloc((size_t)board_size(b));
	if (!x)
		return TEACH_NOMEM;
	lo_result st = system_solve(g->sys, b->cells, x, NULL);
	if (st == LO_OK)
		memcpy(marks, x, (size_t)cols);
	free(x);
	return st == LO_OK ? TEACH_LOOKUP : st == LO_NOMEM ? TEACH_NOMEM : TEACH_STUCK;
}

/* Chase top-row presses p down an empty rows x cols classic board: the
 * last row's lights it leaves, as a bit mask. */
static unsigned chase_down(int rows, int cols, unsigned p)
{
	unsigned mask = (1u << cols) - 1;
	/* above, here: the lights of rows r - 1 and r so far. */
	unsigned above = (p ^ p << 1 ^ p >> 1) & mask, here = p;
	for (int r = 1; r < rows; r++) {
		unsigned press = above;	/* under every light of row r - 1 */
		here ^= (press ^ press << 1 ^ press >> 1) & mask;
		above = here;
		here = press;		/* the row below, untouched until now */
	}
	return above;
}

char *teach_lookup_text(int rows, int cols)
{
	if (cols > TEACH_LOOKUP_MAX_COLS || rows < 2)
		return NULL;
	unsigned n = 1u << cols;
	unsigned *best = malloc(n * sizeof *best);
	if (!best)
		return NULL;
	for (unsigned i = 0; i < n; i++)
		best[i] = n;	/* none yet */
	for (unsigned p = 1; p < n; p++) {
		unsigned last = chase_down(rows, cols, p);
		if (last && (best[last] == n || __builtin_popcount(p) < __builtin_popcount(best[last])))
			best[last] = p;
	}
	size_t cap = 64 + (size_t)n * (4 * (size_t)cols + 8);
	char *text = malloc(cap);
	if (!text) {
		free(best);
		return NULL;
	}
	size_t len = 0;
	for (unsigned last = 1; last < n; last++) {
		if (best[last] == n)
			continue;
		len += (size_t)snprintf(text + len, cap - len, "    ");
		for (int c = 0; c < cols; c++)
			len += (size_t)snprintf(text + len, cap - len, "%c ", last >> c & 1 ? 'x' : '.');
		len += (size_t)snprintf(text + len, cap - len, "  ");
		for (int c = 0; c < cols; c++)
			len += (size_t)snprintf(text + len, cap - len, "%c ", best[last] >> c & 1 ? 'x' : '.');
		len += (size_t)snprintf(text + len, cap - len, "\n");
	}
	free(best);
	return text;
}
