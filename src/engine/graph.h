/* Press sets: any board as a graph.  Vertex j's press set P(j) is the set
 * of vertices a press at j changes; column j of A is its indicator, so
 *     A[i][j] = 1  <=>  i in P(j),
 * and nothing asks A to be symmetric (a directed graph: i in P(j) without
 * j in P(i)).  A grid rule is the special case P(r, c) = (r, c) + offsets;
 * a graph lists its sets outright.  Vertices may carry character
 * coordinates (row, column on a terminal) for drawing.
 *
 * A graph is immutable once built and shared by pointer: whoever builds it
 * frees it after every rule and variant that points to it. */
#ifndef LO_GRAPH_H
#define LO_GRAPH_H

#include <stdbool.h>
#include <stdint.h>

#define GRAPH_MAX_VERTICES 10000	/* the dense GF(2) solver's bound */
#define GRAPH_MAX_COORD 1000		/* drawing rows and columns */
#define GRAPH_MAX_ENTRIES 10000000	/* press-set members in all */

typedef struct graph {
	int n;			/* vertices */
	int *start;		/* n + 1: P(j) is set[start[j] .. start[j+1]) */
	int *set;		/* each P(j) increasing, no repeats */
	int max_set;		/* the largest |P(j)| */
	int *crow, *ccol;	/* coordinates, or NULL (both or neither) */
	uint64_t digest;	/* of n, the sets and the coordinates */
} graph;

/* From n lists given as start (n + 1 offsets) and set (members in
 * [0, n), any order, repeats allowed: they are merged).  crow and ccol
 * may be NULL (the file parser refuses two vertices in one place).  NULL
 * when out of memory or the input is out of range. */
graph *graph_build(int n, const int *start, const int *set, const int *crow, const int *ccol);
void graph_free(graph *g);

/* Is A symmetric (i in P(j) exactly when j in P(i))? */
bool graph_is_symmetric(const graph *g);

#endif
