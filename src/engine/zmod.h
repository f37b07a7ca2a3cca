/* Linear algebra over the ring Z/k, k composite allowed (Z/4 is not a
 * field).  A square matrix is diagonalised by invertible row and column
 * operations: U A V = D.  Then A x = c  <=>  D y = U c, x = V y, and each
 * equation d y = e (mod k) is solved on its own: it has gcd(d, k)
 * solutions when gcd(d, k) divides e, none otherwise. */
#ifndef LO_ZMOD_H
#define LO_ZMOD_H

#include <stdint.h>

int zmod_gcd(int a, int b);

/* Inverse of a modulo m when gcd(a, m) = 1 (m >= 1). */
int zmod_inverse(int a, int m);

/* a: n x n row-major, values in [0, k), destroyed.  On return u and v
 * (n x n, caller-allocated) hold U and V, and d the diagonal of D.
 * Returns 0, or -1 when out of memory. */
int zmod_diagonalize(uint8_t *a, int n, int k, uint8_t *u, uint8_t *v, uint8_t *d);

#endif
