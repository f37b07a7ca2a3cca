/* Light chasing for the classic (plus) rule over GF(2), for boards far
 * beyond dense elimination.  Press the first row symbolically, chase the
 * lights down (row r+1 must clear row r), and what is left on the last row
 * is a cols x cols system M x0 = c.  M = p_R(T) for the tridiagonal T of a
 * row, so it is symmetric, and each of its rows is one bit-vector
 * recurrence that stays in L1 cache. */
#ifndef LO_CHASE_H
#define LO_CHASE_H

#include <stdbool.h>
#include <stdint.h>

typedef struct chase chase;

/* Builds M (cols x cols bits); NULL when out of memory. */
chase *chase_new(int rows, int cols);
void chase_free(chase *c);

/* Rank and nullity of the whole board's matrix (nullity(A) = nullity(M)). */
int chase_nullity(chase *c);

/* Quiet pattern i (0 <= i < nullity) written to x (rows * cols bytes). */
void chase_kernel(chase *c, int i, uint8_t *x);

/* Presses x (rows * cols bytes, 0/1) that clear b.  false when none: then,
 * if cert is not NULL, it gets a quiet pattern with odd overlap with b. */
bool chase_solve(chase *c, const uint8_t *b, uint8_t *x, uint8_t *cert);

#endif
