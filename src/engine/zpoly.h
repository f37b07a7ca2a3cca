/* Polynomials over Z/q, q = p^e a prime power (q <= 32), as arrays of
 * coefficients in [0, q), lowest first: what the classic rule's chase
 * needs over Z/k (zplus.c), one prime-power part of k at a time.  Every
 * loop is a row operation on bytes, r += m s (mod q), so it vectorises. */
#ifndef LO_ZPOLY_H
#define LO_ZPOLY_H

#include <stdint.h>

/* Degree of a (n coefficients), -1 for 0. */
int zpoly_deg(const uint8_t *a, int n);

/* r[j] += m s[j] (mod q), j < n; values and m in [0, q). */
void zpoly_axpy(uint8_t *r, const uint8_t *s, int n, int m, int q);

/* out (na + nb - 1 coefficients) = a b. */
void zpoly_mul(const uint8_t *a, int na, const uint8_t *b, int nb, uint8_t *out, int q);

/* a (na coefficients) reduced mod the monic m of degree dm, in place (its
 * first dm coefficients are the remainder, the rest left 0); the quotient's
 * na - dm coefficients into quot when not NULL. */
void zpoly_rem(uint8_t *a, int na, const uint8_t *m, int dm, uint8_t *quot, int q);

/* Over the field Z/p: g = gcd(a, b) made monic, and s with s a = g (mod
 * b), deg s < deg b; a has na coefficients, b (deg b >= 1) nb.  g and s
 * get nb coefficients.  Returns deg g, or -1 when out of memory. */
int zpoly_gcdext(const uint8_t *a, int na, const uint8_t *b, int nb, int p, uint8_t *g, uint8_t *s);

/* s (dm coefficients), an inverse of a mod (m, p), made an inverse mod
 * (m, q) by Newton's steps s <- s (2 - a s): the precision doubles each
 * time.  a has dm coefficients (already reduced), m monic of degree dm.
 * 0, or -1 when out of memory. */
int zpoly_lift_inverse(const uint8_t *a, const uint8_t *m, int dm, uint8_t *s, int p, int q);

#endif
