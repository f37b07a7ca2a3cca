/* Boards of a given par, counted and drawn exactly without listing the k^n
 * positions.  Cells on which every quiet pattern takes the same values (one
 * column of the kernel basis) form a class; the weight of x + c, for every
 * kernel element c, depends only on how many cells of each class hold each
 * value.  So the coset minimum of every press set is known from those
 * counts, and boards of par p are counted and drawn by enumerating counts
 * per class (5x5: 4 classes, 2430 count vectors) instead of the 2^25
 * positions.  For shapes with a small kernel; others say LO_TOO_LARGE. */
#ifndef LO_PARCLASS_H
#define LO_PARCLASS_H

#include <stdbool.h>
#include <stdint.h>

#include "engine/result.h"
#include "engine/rng.h"
#include "engine/system.h"

/* Work allowed to one count or draw: count vectors visited times kernel
 * elements (a few ms). */
#define PARCLASS_BUDGET (1u << 21)

typedef struct parclass parclass;

/* LO_OK with *out set; LO_TOO_LARGE when the kernel is not kept, has too
 * many elements or the classes too many count vectors; LO_NOMEM. */
lo_result parclass_new(const lo_system *s, bool forward_only, parclass **out);
void parclass_free(parclass *pc);

/* counts[p] = boards whose optimum is p presses, p = 0 .. maxp (the rest
 * dropped); *top = the largest par of any board.  LO_OK, or LO_TOO_LARGE
 * past PARCLASS_BUDGET (counts mean nothing then).  Exact while the
 * counts fit a double's 53 bits. */
lo_result parclass_counts(parclass *pc, double *counts, int maxp, int *top);

/* *top = the largest par of any board: LO_OK, LO_TOO_LARGE past the
 * budget (a few of them), LO_NOMEM. */
lo_result parclass_max(parclass *pc, int *top);

/* x = a press set of weight p that is minimal in its coset, its board
 * (the one x clears) uniform among all boards whose optimum is p.  LO_OK;
 * LO_REFUSED when no board has par p; LO_TOO_LARGE past PARCLASS_BUDGET. */
lo_result parclass_draw(parclass *pc, int p, rng *g, uint8_t *x);

#endif
