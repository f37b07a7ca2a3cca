/* The order in which the banded eliminations (band.c, zband.c) number the
 * cells, so that a local rule's matrix is banded with a small width b (a
 * press and a cell it changes at most b apart).  Row-major (b = h * cols +
 * w for a mask reaching h rows and w columns) or column-major, whichever
 * is narrower; on a torus each wrapping line is folded, 0, R-1, 1, R-2,
 * ..., so a wrap becomes a step of one and a neighbour is at most two
 * lines away: about twice the width instead of the whole board. */
#ifndef LO_BANDORDER_H
#define LO_BANDORDER_H

#include "engine/rule.h"

/* pos[cell] = its place in the order (rows * cols ints).  Returns b, or
 * -1 when out of memory. */
int bandorder_make(int rows, int cols, const rule *r, int *pos);

/* At least the b bandorder_make() gives, without building the order:
 * h * cols + w or w * rows + h, twice that on a torus (lines next to each
 * other on the ring are at most two apart once folded). */
long long bandorder_width_bound(int rows, int cols, const rule *r);

#endif
