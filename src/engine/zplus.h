/* The classic rule's first-row system over Z/k (k composite allowed),
 * through polynomials instead of a C x C matrix.  The chase leaves M u = c
 * with M commuting with T, the tridiagonal matrix of a row, and e_0
 * generates (Z/k)^C under T (T^j e_0 ends at cell j with a 1), so
 * q -> q(T) e_0 maps A = (Z/k)[x] / (D) onto the rows, D = det(x - T), and
 * M = Q(T) for the Q with Q(T) e_0 = M e_0: M u = c reads Q q = r in A.
 *
 * Z/k splits into its prime-power parts Z/q, q = p^e, and in each A
 * splits too: D = D1 D2 (lifted from Z/p by Hensel's lemma), with D1 the
 * part of D whose factors mod p divide Q, so Q is a unit mod D2 (its
 * inverse lifted by Newton's steps) and all that is singular lies in
 * (Z/q)[x] / (D1), d1 = deg D1 unknowns, eliminated densely (zlu.c).
 * d1 is at least the nullity mod p, and most often equal to it: O(R C)
 * for M's first column, O(C^2) for the polynomials, O(d1^3) for the
 * block, where M itself was O(C^3). */
#ifndef LO_ZPLUS_H
#define LO_ZPLUS_H

#include <stdint.h>

#include "engine/result.h"

typedef struct zplus zplus;

/* From M's first column m0 (C values in [0, k)).  NULL when out of memory. */
zplus *zplus_new(const uint8_t *m0, int C, int k);
void zplus_free(zplus *z);

int zplus_nullity(const zplus *z);
int zplus_order(const zplus *z, int i);

/* u (C values) of kernel generator i: LO_OK, or LO_NOMEM. */
lo_result zplus_kernel(const zplus *z, int i, uint8_t *u);
/* u with M u = c: LO_OK; LO_UNSOLVABLE when none; LO_NOMEM. */
lo_result zplus_solve(const zplus *z, const uint8_t *c, uint8_t *u);

/* The first kernel generator g with u_g . w != 0 (mod k): -1 when none,
 * -2 when out of memory.  A board's certificate: w = L(T) r, r what the
 * chase from u = 0 left and L(T) u the chase's last row from u (zchase.c). */
int zplus_odd_generator(const zplus *z, const uint8_t *w);

#endif
