/* Banded elimination over Z/k (k > 2), for local rules without torus on
 * boards too big for dense elimination.  Z/k is the product of its
 * factors Z/p^e (Chinese remainder theorem); each is eliminated modulo
 * its prime p, where every non-zero pivot is a unit: the band.c
 * elimination works as over GF(2), with one row pivoting in the band.  In
 * row-major order a press reaches b = h*cols + w cells either way, so when
 * column c is eliminated every row still in play has its non-zeros in
 * [c, c + 2b]: each row is kept in a ring of that width, n * 2b * 2b byte
 * operations in all.
 *
 * For a factor p^e with e > 1 (k = 4, 8, 9, 12, ...) the band is used
 * when A is invertible mod p: then it is invertible mod p^e, with no
 * kernel, and a solution is lifted digit by digit in base p on the same
 * elimination (Hensel).  When A is singular mod p, Z/p^e's kernel is not a
 * lift of GF(p)'s (its orders need gcd steps across whole rows), and
 * zband_new() says so with errno EDOM: the caller goes dense.
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

int zband_square_prime(int k);	/* the least p with p^2 dividing k, else 0 */

/* NULL with errno ENOMEM (out of memory), EDOM (p^2 divides k and A is
 * singular mod p) or EINVAL (k, torus or the cross rule not supported). */
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
