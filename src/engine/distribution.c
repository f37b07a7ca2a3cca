#include "engine/distribution.h"

#include <stdlib.h>
#include <string.h>

bool distribution_fits(int rows, int cols, int k)
{
	double states = 1;
	for (int i = 0; i < rows * cols; i++)
		if ((states *= k) > DISTRIBUTION_MAX_STATES)
			return false;
	return rows >= 1 && cols >= 1;
}

void distribution_cells(uint32_t index, int n, int k, uint8_t *cells)
{
	for (int i = 0; i < n; i++) {
		cells[i] = (uint8_t)(index % (uint32_t)k);
		index /= (uint32_t)k;
	}
}

static inline int press_weight(int v, int k, bool fwd)
{
	return fwd || v <= k - v ? v : k - v;
}

/* Every press vector x, in reflected Gray order so each step changes one
 * count by one; the position it clears is -A x, tracked digit by digit. */
uint8_t *distribution_table(int rows, int cols, int k, const rule *r, bool fwd, uint32_t *states)
{
	if (!distribution_fits(rows, cols, k))
		return NULL;
	int n = rows * cols;
	uint32_t total = 1, pw[32];
	for (int i = 0; i < n; i++) {
		pw[i] = total;
		total *= (uint32_t)k;
	}
	uint8_t *t = malloc(total);
	int *nb = malloc((size_t)n * (size_t)rule_max_cells(r, rows, cols) * sizeof *nb);
	int nbn[32];
	uint8_t x[32] = { 0 }, neg[32] = { 0 };
	int dir[32];
	if (!t || !nb) {
		free(t);
		free(nb);
		return NULL;
	}
	memset(t, 0xff, total);
	int stride = rule_max_cells(r, rows, cols);
	for (int j = 0; j < n; j++) {
		nbn[j] = rule_neighbours(r, rows, cols, j / cols, j % cols, nb + j * stride);
		dir[j] = 1;
	}
	uint32_t idx = 0;
	int w = 0;
	t[0] = 0;
	for (;;) {
		int j = 0, nx = 0;
		for (; j < n; j++) {
			nx = x[j] + dir[j];
			if (nx >= 0 && nx < k)
				break;
			dir[j] = -dir[j];
		}
		if (j == n)
			break;
		w += press_weight(nx, k, fwd) - press_weight(x[j], k, fwd);
		x[j] = (uint8_t)nx;
		/* One more forward press at j lowers -A x by 1 on its cells. */
		for (int q = 0; q < nbn[j]; q++) {
			int i = nb[j * stride + q];
			int old = neg[i], nv = dir[j] > 0 ? (old + k - 1) % k : (old + 1) % k;
			neg[i] = (uint8_t)nv;
			idx = idx - (uint32_t)old * pw[i] + (uint32_t)nv * pw[i];
		}
		if (w < t[idx])
			t[idx] = (uint8_t)w;
	}
	free(nb);
	*states = total;
	return t;
}

int distribution_counts(const uint8_t *table, uint32_t states, uint64_t *counts, int maxp)
{
	int top = -1;
	memset(counts, 0, (size_t)(maxp + 1) * sizeof *counts);
	for (uint32_t i = 0; i < states; i++)
		if (table[i] != 0xff && table[i] <= maxp) {
			counts[table[i]]++;
			if (table[i] > top)
				top = table[i];
		}
	return top;
}
