/* Exact products of small numbers, printed in decimal: solution counts such
 * as 2^32 do not fit comfortably, and k^d can exceed 64 bits. */
#ifndef LO_BIGNUM_H
#define LO_BIGNUM_H

#include <stddef.h>

/* Writes the product of factors[0..n) in decimal to buf. */
void bignum_product(const int *factors, int n, char *buf, size_t len);

#endif
