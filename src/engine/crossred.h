/* The cross rule (a press changes its whole row and column) on big boards.
 * With r_i and c_j the row and column sums of the presses x, a press
 * pattern clears b exactly when x_ij = b_ij + r_i + c_j and the sums are
 * consistent:
 *     (C-1) r_i + sum c = -B_i,     sum r + (R-1) c_j = -B'_j
 * (B, B' the row and column sums of b).  So R*C unknowns reduce to R+C,
 * and solutions, quiet patterns and certificates map one to one. */
#ifndef LO_CROSSRED_H
#define LO_CROSSRED_H

#include <stdbool.h>
#include <stdint.h>

#include "engine/result.h"

typedef struct crossred crossred;

crossred *crossred_new(int rows, int cols, int k);	/* NULL: no memory */
/* The same, its k = 2 elimination on at most `threads` threads (1: the
 * calling thread alone; 0: the engine's choice). */
crossred *crossred_new_threads(int rows, int cols, int k, int threads);
void crossred_free(crossred *c);

/* The kernel: generators of the given orders (dividing k), as for lo_system. */
int crossred_nullity(const crossred *c);
int crossred_order(const crossred *c, int i);
void crossred_kernel(const crossred *c, int i, uint8_t *x);	/* rows*cols */

/* Forward presses x clearing b: LO_OK; LO_UNSOLVABLE with a
 * certificate y (y^T A = 0, y . b != 0) when there are none; LO_NOMEM. */
lo_result crossred_solve(const crossred *c, const uint8_t *b, uint8_t *x, uint8_t *cert);

#endif
