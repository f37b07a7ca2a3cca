/* Banded elimination over GF(2) for local rules (masks, torus too) on
 * boards too big for dense elimination.  In the cell order of bandorder.h
 * a press and a cell it changes are at most b apart (b = h*cols + w in
 * row-major order for a mask reaching h rows and w columns), so a pivot
 * row never reaches past column c + 2b: elimination costs n * b * 2b/64
 * word operations instead of n^3/64. */
#ifndef LO_BAND_H
#define LO_BAND_H

#include <stdbool.h>
#include <stdint.h>

#include "engine/result.h"
#include "engine/rule.h"

typedef struct band band;

/* NULL when out of memory. */
band *band_new(int rows, int cols, const rule *r);
void band_free(band *m);
int band_nullity(const band *m);

/* Quiet pattern i (0 <= i < nullity) into x (rows * cols bytes); 0, or -1
 * when out of memory (x then means nothing). */
int band_kernel(const band *m, int i, uint8_t *x);

/* Presses x that clear b (0/1 bytes), free unknowns 0: LO_OK;
 * LO_UNSOLVABLE when none; LO_NOMEM when out of memory. */
lo_result band_solve(const band *m, const uint8_t *b, uint8_t *x);

#endif
