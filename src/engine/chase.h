/* Light chasing over GF(2), for boards far beyond dense elimination, for
 * every symmetric rule whose mask has a single cell in its top row (plus,
 * and many masks), with or without torus, and without torus for every
 * symmetric local rule (x, box, knight: the diagonal chase, chaseshape.h).  Press the first rows
 * symbolically, chase the lights down (the presses h rows below must clear
 * row p: the top-row cell is the only press there that reaches it), and
 * what is left is a small system M u = c in the unknown presses u.
 *
 * For the classic rule without torus, M = P_R(T) for the tridiagonal T of
 * a row, and T is cyclic: M u = c is solved, singular or not, as P_R q = r
 * modulo T's minimal polynomial, with no matrix at all (chase.c,
 * plus_poly).  Other rules sweep the unknowns' bit vectors down the board
 * and eliminate M. */
#ifndef LO_CHASE_H
#define LO_CHASE_H

#include <stdbool.h>
#include <stdint.h>

#include "engine/bitboard.h"
#include "engine/result.h"
#include "engine/rule.h"

typedef struct chase chase;

/* Makes everything solving needs (M built and factored, or for the
 * classic rule its polynomials: O((R + C) C / 64), singular or not); the
 * chase is read-only afterwards, safe to share between threads.  NULL when
 * out of memory or not supported. */
chase *chase_new(int rows, int cols, const rule *r);
/* The same on at most `threads` threads (the sweep and the elimination
 * split in two): 1 keeps the building on the calling thread, as --threads 1
 * asks; 0 is chase_new, the engine's choice. */
chase *chase_new_threads(int rows, int cols, const rule *r, int threads);
void chase_free(chase *c);

/* Whether chase_new builds M from a few chases (a diagonal chase whose
 * pivot is the mask's bottom-right corner: x, box, a full square mask)
 * rather than by sweeping a vector per cell: then it costs about what
 * eliminating M does. */
bool chase_builds_fast(const rule *r, int rows, int cols);

/* Rank and nullity of the whole board's matrix (nullity(A) = nullity(M)). */
int chase_nullity(const chase *c);

/* Quiet pattern i (0 <= i < nullity) written to x (rows * cols bytes);
 * LO_OK, or LO_NOMEM (x then means nothing). */
lo_result chase_kernel(const chase *c, int i, uint8_t *x);

/* Presses x (rows * cols bytes, 0/1) that clear b: LO_OK.
 * LO_UNSOLVABLE when none: then, if cert is not NULL, it gets a quiet
 * pattern with odd overlap with b.  LO_NOMEM when out of memory. */
lo_result chase_solve(const chase *c, const uint8_t *b, uint8_t *x, uint8_t *cert);

/* The same by eliminating M densely, O(C^3 / 64): the path the classic
 * rule's algebra replaced, kept as the tests' oracle (and as its fallback,
 * should an answer of the algebra ever fail its check). */
lo_result chase_solve_dense(const chase *c, const uint8_t *b, uint8_t *x, uint8_t *cert);

/* The classic rule at a bit a cell: b, x and cert (NULL: none wanted)
 * bitboards of k = 2 and the chase's shape (rows on their words, or
 * dense when narrower than a word); as chase_solve otherwise, the board
 * never made bytes.
 * An answer of the algebra that fails its check goes to the dense path
 * where that fits (10000 columns); past it, LO_REFUSED, said by the
 * caller, never a fallback taken silently.  LO_REFUSED too for other
 * rules.  x NULL: only a certificate wanted (cert is then the chase's
 * room, and means nothing when the board is solvable: LO_OK). */
lo_result chase_solve_bits(const chase *c, const bitboard *b, bitboard *x, bitboard *cert);

/* How many answers of the algebra failed their check (and went to the
 * dense path) since the program started: the tests want 0. */
long chase_fallbacks(void);

#endif
