/* Light chasing over Z/k (k > 2, composite allowed), for the rules the
 * GF(2) chase takes: symmetric, one cell in the mask's top row, with or
 * without torus.  A cell's equation b + sum of the presses that reach it
 * = 0 has coefficient 1 on the press h rows below (the mask's top cell),
 * and 1 is a unit mod k: that press is forced, -(b + the others).  So the
 * presses of the first h rows (2h on a torus) determine every other, and
 * what is left is a small system M u = c on those U unknowns, factored by
 * zlu.c: solvable iff M u = c is, and the kernel of A is the kernel of M
 * lifted through the chase (the same cyclic orders).
 *
 * For the classic rule without torus, x_{p+1} = -(T x_p + x_{p-1} + b_p)
 * with T the tridiagonal of a row, so M = -P_R(T) for P_0 = 1,
 * P_1 = -T, P_{r+1} = -T P_r - P_{r-1}: symmetric, commuting with T, and
 * built from its first column in O(R C + C^2).  Other rules sweep the
 * unknowns' coefficient vectors down the board, O(R C U) byte additions. */
#ifndef LO_ZCHASE_H
#define LO_ZCHASE_H

#include <stdbool.h>
#include <stdint.h>

#include "engine/bitboard.h"
#include "engine/result.h"
#include "engine/rule.h"

typedef struct zchase zchase;

/* The unknowns the chase leaves (h or 2h rows times cols), or 0 when the
 * rule cannot be chased on this shape. */
int zchase_unknowns(const rule *r, int rows, int cols);

/* Builds and factors M.  NULL when out of memory or not supported. */
zchase *zchase_new(int rows, int cols, const rule *r, int k);
/* The same on at most `threads` threads (the sweep splits in two): 1
 * keeps it on the calling thread; 0 is zchase_new, the engine's choice. */
zchase *zchase_new_threads(int rows, int cols, const rule *r, int k, int threads);
void zchase_free(zchase *c);

int zchase_nullity(const zchase *c);
int zchase_order(const zchase *c, int i);
/* Quiet pattern i into x (rows * cols values): LO_OK, or LO_NOMEM. */
lo_result zchase_kernel(const zchase *c, int i, uint8_t *x);

/* Forward presses x with b + A x = 0: LO_OK.  LO_UNSOLVABLE: cert (if
 * not NULL) gets a quiet pattern y with y . b != 0 (A is symmetric, and
 * over Z/k a board is solvable iff every quiet pattern is orthogonal to
 * it).  LO_NOMEM. */
lo_result zchase_solve(const zchase *c, const uint8_t *b, uint8_t *x, uint8_t *cert);

/* ---- Packed boards (engine/bitboard.h, bitboard_znew: ceil(log2 k)
 * bits a cell), for the classic rule without torus (zchase_packs): the
 * chase a row at a time, so a board of any height costs its packed size
 * and O(cols) bytes (M is cols x cols bytes).  zchase_new builds M so
 * for any height. */
bool zchase_packs(const zchase *c);

/* As zchase_solve, on b, x and cert of the chased shape (packed, k's):
 * LO_OK only when x, pressed out on b with a separate sum
 * (bitboard_zpress_plus_clears), leaves it clear; LO_UNSOLVABLE only with
 * cert checked quiet and not orthogonal to b; LO_REFUSED when a check
 * fails (nothing to trust) or the shapes do not fit; LO_NOMEM. */
lo_result zchase_solve_packed(const zchase *c, const bitboard *b, bitboard *x, bitboard *cert);

#endif
