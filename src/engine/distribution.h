/* How many boards need exactly p presses, by breadth-first search over all
 * k^n positions.  Only for small shapes. */
#ifndef LO_DISTRIBUTION_H
#define LO_DISTRIBUTION_H

#include <stdbool.h>
#include <stdint.h>

#include "engine/rule.h"

#define DISTRIBUTION_MAX_STATES (1u << 26)

/* Whether k^(rows*cols) positions fit the limit. */
bool distribution_fits(int rows, int cols, int k);

/* dist[i] = minimal presses for the position with base-k digits i (cell 0
 * least significant), or 0xff when unreachable.  Caller frees.  NULL when
 * the shape does not fit or memory fails. */
uint8_t *distribution_table(int rows, int cols, int k, const rule *r, bool forward_only, uint32_t *states);

/* counts[p] = boards with optimal p presses; returns max p, or -1. */
int distribution_counts(const uint8_t *table, uint32_t states, uint64_t *counts, int maxp);

/* The board at a position index of the table (cell 0 the lowest digit). */
void distribution_cells(uint32_t index, int n, int k, uint8_t *cells);

#endif
