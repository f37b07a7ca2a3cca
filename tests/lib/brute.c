#include "brute.h"

#include <stdlib.h>
#include <string.h>

uint32_t brute_index(const brute *b, const uint8_t *cells)
{
	uint32_t idx = 0;
	for (int i = b->n; i-- > 0;)
		idx = idx * (uint32_t)b->k + cells[i];
	return idx;
}

bool brute_run(brute *b, int rows, int cols, int k, const rule *r, uint32_t limit)
{
	int n = rows * cols;
	double states = 1;
	for (int i = 0; i < n; i++)
		states *= k;
	if (states > limit)
		return false;
	memset(b, 0, sizeof *b);
	b->rows = rows;
	b->cols = cols;
	b->k = k;
	b->n = n;
	b->states = (uint32_t)states;
	b->count = calloc(b->states, sizeof *b->count);
	b->best = malloc(b->states);
	b->best_fwd = malloc(b->states);
	uint8_t *x = calloc((size_t)n, 1), *pos = calloc((size_t)n, 1);
	if (!b->count || !b->best || !b->best_fwd || !x || !pos) {
		free(x);
		free(pos);
		brute_free(b);
		return false;
	}
	memset(b->best, 0xff, b->states);
	memset(b->best_fwd, 0xff, b->states);
	/* The rule's matrix, straight from its definition: board_press on a
	 * zero board. */
	uint8_t *col = calloc((size_t)n * n, 1);
	board *tmp = board_new(rows, cols, k);
	for (int j = 0; j < n; j++) {
		memset(tmp->cells, 0, (size_t)n);
		rule_press(r, tmp, j / cols, j % cols, 1);
		memcpy(col + (size_t)j * n, tmp->cells, (size_t)n);
	}
	board_free(tmp);
	int supp[32 * 32], supp_n[32] = { 0 };
	for (int j = 0; j < n; j++)
		for (int i = 0; i < n; i++)
			if (col[(size_t)j * n + i])
				supp[j * n + supp_n[j]++] = i;
	uint32_t pw[32], idx = 0;
	for (int i = 0; i < n; i++)
		pw[i] = i ? pw[i - 1] * (uint32_t)k : 1;
	int w = 0, wf = 0;
	for (uint32_t step = 0; step < b->states; step++) {
		/* pos = A x; idx is the position these presses clear, -pos. */
		b->count[idx]++;
		if (w < b->best[idx])
			b->best[idx] = (uint8_t)w;
		if (wf < b->best_fwd[idx])
			b->best_fwd[idx] = (uint8_t)wf;
		/* Odometer: each digit that moves adds its column once more. */
		for (int j = 0; j < n; j++) {
			for (int q = 0; q < supp_n[j]; q++) {
				int i = supp[j * n + q], c = col[(size_t)j * n + i];
				int old = (k - pos[i]) % k;
				pos[i] = (uint8_t)((pos[i] + c) % k);
				idx += ((uint32_t)((k - pos[i]) % k) - (uint32_t)old) * pw[i];
			}
			int v = x[j], nv = (v + 1) % k;
			w += (nv < k - nv ? nv : k - nv) - (v < k - v ? v : k - v);
			wf += nv - v;
			x[j] = (uint8_t)nv;
			if (nv)
				break;
		}
	}
	free(col);
	free(x);
	free(pos);
	return true;
}

void brute_free(brute *b)
{
	free(b->count);
	free(b->best);
	free(b->best_fwd);
	memset(b, 0, sizeof *b);
}

bool brute_certificate_holds(const rule *r, const board *b, const uint8_t *y)
{
	int n = board_size(b), k = b->k;
	long long dot = 0;
	board *col = board_new(b->rows, b->cols, k);
	bool kills = true;
	for (int j = 0; j < n && kills; j++) {
		memset(col->cells, 0, (size_t)(unsigned)n);
		rule_press(r, col, j / b->cols, j % b->cols, 1);
		long long s = 0;
		for (int i = 0; i < n; i++)
			s += y[i] * col->cells[i];
		kills = s % k == 0;
	}
	board_free(col);
	for (int i = 0; i < n; i++)
		dot += y[i] * b->cells[i];
	return kills && dot % k != 0;
}

bool brute_clears(const rule *r, const board *b, const uint8_t *x)
{
	board *t = board_clone(b);
	rule_apply(r, t, x);
	bool ok = board_is_clear(t);
	board_free(t);
	return ok;
}
