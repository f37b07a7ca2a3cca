/* Linear algebra over the ring Z/k, k composite allowed (Z/4 is not a
 * field).  A square matrix is diagonalised by invertible row and column
 * operations: U A V = D.  Then A x = c  <=>  D y = U c, x = V y, and each
 * equation d y = e (mod k) is solved on its own: it has gcd(d, k)
 * solutions when gcd(d, k) divides e, none otherwise. */
#ifndef LO_ZMOD_H
#define LO_ZMOD_H

#include <stdbool.h>
#include <stdint.h>

#include "engine/result.h"

int zmod_gcd(int a, int b);

/* Inverse of a modulo m when gcd(a, m) = 1 (m >= 1). */
int zmod_inverse(int a, int m);

/* a: n x n row-major, values in [0, k), destroyed.  On return u and v
 * (n x n, caller-allocated) hold U and V, and d the diagonal of D.
 * LO_OK, or LO_NOMEM. */
lo_result zmod_diagonalize(uint8_t *a, int n, int k, uint8_t *u, uint8_t *v, uint8_t *d);

/* The kernel of A from U A V = D: for each g = gcd(d_i, k) > 1, column i
 * of V times k/g, of order g.  Writes the vectors (n bytes each) to kern
 * and their orders to order; returns how many.  Every kernel element is a
 * sum of multiples of them in exactly one way. */
int zmod_kernel(const uint8_t *v, const uint8_t *d, int n, int k, uint8_t *kern, int *order);

/* Solve A x = c (mod k) from U A V = D: y = D^-1 U c one equation at a
 * time, x = V y: LO_OK.  LO_UNSOLVABLE when some d_i y = (U c)_i has no
 * solution: then cert (if not NULL) gets (k/g) U_i, which kills A but not
 * c.  LO_NOMEM when out of memory. */
lo_result zmod_solve(const uint8_t *u, const uint8_t *v, const uint8_t *d, int n, int k, const int *c, uint8_t *x,
		     uint8_t *cert);

#endif
