/* Polynomials over GF(2) packed in words: bit i of the array is the
 * coefficient of x^i.  Every array has the same n words, enough for the
 * largest degree the caller can reach plus one; nothing here allocates.
 * For the classic rule's chase (chase.c), where the degrees are the width
 * of a row, so each operation is O(deg^2 / 64) at most. */
#ifndef LO_GF2POLY_H
#define LO_GF2POLY_H

#include <stdint.h>

/* Degree, -1 for the zero polynomial. */
int gf2poly_deg(const uint64_t *p, int n);

/* a <- a mod b and quot <- a div b (quot may be NULL); b non-zero.
 * Returns the degree of the remainder. */
int gf2poly_divmod(uint64_t *a, const uint64_t *b, uint64_t *quot, int n);

/* out <- a b mod m, for deg b < deg m; out is neither a nor b. */
void gf2poly_mulmod(const uint64_t *a, const uint64_t *b, const uint64_t *m, uint64_t *out, int n);

/* g = gcd(a, m) and s with s a = g mod m, for deg a < deg m (a may be 0):
 * extended Euclid, deg s < deg m.  tmp is 4 n words of scratch.  Returns
 * deg g. */
int gf2poly_gcdext(const uint64_t *a, const uint64_t *m, uint64_t *g, uint64_t *s, uint64_t *tmp, int n);

#endif
