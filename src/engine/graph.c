#include "engine/graph.h"

#include <stdlib.h>
#include <string.h>

static int cmp_int(const void *a, const void *b)
{
	int x = *(const int *)a, y = *(const int *)b;
	return (x > y) - (x < y);
}

static uint64_t fnv(uint64_t h, int v)
{
	uint32_t u = (uint32_t)v;
	for (int i = 0; i < 4; i++) {
		h ^= (u >> (8 * i)) & 0xff;
		h *= 0x100000001b3ULL;
	}
	return h;
}

graph *graph_build(int n, const int *start, const int *set, const int *crow, const int *ccol)
{
	if (n < 1 || n > GRAPH_MAX_VERTICES || start[0] != 0 || (!crow) != (!ccol))
		return NULL;
	for (int j = 0; j < n; j++)
		if (start[j + 1] < start[j])
			return NULL;
	for (int t = 0; t < start[n]; t++)
		if (set[t] < 0 || set[t] >= n)
			return NULL;
	graph *g = calloc(1, sizeof *g);
	if (!g)
		return NULL;
	g->n = n;
	g->start = malloc(((size_t)n + 1) * sizeof *g->start);
	g->set = malloc(((size_t)start[n] + 1) * sizeof *g->set);
	if (crow) {
		g->crow = malloc((size_t)n * sizeof *g->crow);
		g->ccol = malloc((size_t)n * sizeof *g->ccol);
	}
	if (!g->start || !g->set || (crow && (!g->crow || !g->ccol))) {
		graph_free(g);
		return NULL;
	}
	int m = 0;
	uint64_t h = fnv(0xcbf29ce484222325ULL, n);
	for (int j = 0; j < n; j++) {
		int len = start[j + 1] - start[j], first = m;
		if (len)
			memcpy(g->set + m, set + start[j], (size_t)len * sizeof *set);
		qsort(g->set + m, (size_t)len, sizeof *set, cmp_int);
		g->start[j] = m;
		for (int t = 0; t < len; t++)
			if (m == first || g->set[m - 1] != g->set[first + t])
				g->set[m++] = g->set[first + t];
		if (m - first > g->max_set)
			g->max_set = m - first;
		h = fnv(h, -1);
		for (int t = first; t < m; t++)
			h = fnv(h, g->set[t]);
	}
	g->start[n] = m;
	if (crow) {
		for (int j = 0; j < n; j++) {
			if (crow[j] < 0 || ccol[j] < 0 || crow[j] >= GRAPH_MAX_COORD || ccol[j] >= GRAPH_MAX_COORD) {
				graph_free(g);
				return NULL;
			}
			g->crow[j] = crow[j];
			g->ccol[j] = ccol[j];
			h = fnv(fnv(h, crow[j]), ccol[j]);
		}
	}
	g->digest = h;
	return g;
}

void graph_free(graph *g)
{
	if (!g)
		return;
	free(g->start);
	free(g->set);
	free(g->crow);
	free(g->ccol);
	free(g);
}

static bool contains(const graph *g, int j, int i)
{
	const int *lo = g->set + g->start[j];
	return bsearch(&i, lo, (size_t)(g->start[j + 1] - g->start[j]), sizeof i, cmp_int) != NULL;
}

bool graph_is_symmetric(const graph *g)
{
	for (int j = 0; j < g->n; j++)
		for (int t = g->start[j]; t < g->start[j + 1]; t++)
			if (!contains(g, g->set[t], j))
				return false;
	return true;
}
