/* Banded elimination over Z/k for squarefree k (k = 3, 5, 6, 7, 10, ...),
 * for local rules without torus on boards too big for dense elimination.
 * Z/k is then a product of prime fields GF(p) (Chinese remainder theorem),
 * and over a field every non-zero pivot is a unit: the band.c elimination
 * works as over GF(2), with one row pivoting in the band.  In row-major
 * order a press reaches b = h*cols + w cells either way, so when column c
 * is eliminated every row still in play has its non-zeros in [c, c + 2b]:
 * each row is kept in a ring of that width, n * 2b * 2b byte operations in
 * all.  (For k with a square factor, Z/p^e is not a field: a pivot column
 * may hold only non-units, whose rows the band cannot clear without gcd
 * steps across the whole row; those k stay with dense elimination.)
 *
 * Per prime, free columns give kernel generators of order p; generator i
 * joins the i-th generators of the primes (order: their product). */
#ifndef LO_ZBAND_H
#define LO_ZBAND_H

#include <stdbool.h>
#include <stdint.h>

#include "engine/result.h"
#include "engine/rule.h"

typedef struct zband zband;

bool zband_supports(int k);	/* k squarefree, > 2 */

/* NULL when out of memory or k not supported. */
zband *zband_new(int rows, int cols, const rule *r, int k);
void zband_free(zband *m);
int zband_nullity(const zband *m);
int zband_order(const zband *m, int i);

/* Quiet pattern i into x (rows * cols values); 0, or -1 when out of memory. */
int zband_kernel(const zband *m, int i, uint8_t *x);

/* Presses x with b + A x = 0 (mod k): LO_SOLVED; LO_UNSOLVABLE when none;
 * LO_NOMEM. */
lo_result zband_solve(const zband *m, const uint8_t *b, uint8_t *x);

#endif
