/* Banded elimination over Z/k (k > 2), for local rules on boards too big
 * for dense elimination.  Z/k is the product of its factors Z/q, q = p^e
 * (Chinese remainder theorem), each a local ring whose units are the
 * values not divisible by p.  Each factor is eliminated in the band with
 * unit pivots only, so its row operations are exact mod q.  In the cell
 * order of bandorder.h a press reaches b cells either way, so when column
 * c is eliminated every row still in play has its non-zeros in
 * [c, c + 2b]: each row is kept in a ring of that width, n * 2b * 2b byte
 * operations in all.
 *
 * A column with no unit in reach is left free.  For a prime (e = 1) its
 * entries there are all 0, and it gives a kernel generator of order p.
 * For e > 1 they may be multiples of p: then the free columns are carried
 * through every row operation as dense columns (D, n x d), and what is
 * left of them on the d rows without a pivot is a small d x d system S
 * (the Schur complement of the unit pivots) eliminated densely (zlu.h):
 * A x = c exactly when S y = c' with y on the free columns, the pivots
 * following by back substitution; S's kernel generators, of orders p^v,
 * are A's.  zband_create() gives up (LO_TOO_LARGE) when S or D would be
 * too big to hold.
 *
 * Generator i joins the i-th generators of the factors (order: the
 * product of theirs). */
#ifndef LO_ZBAND_H
#define LO_ZBAND_H

#include <stdbool.h>
#include <stdint.h>

#include "engine/result.h"
#include "engine/rule.h"

typedef struct zband zband;

/* The dense remainder S of a factor p^e, e > 1, is kept up to this size. */
#define ZBAND_MAX_SCHUR 2500

/* LO_OK with *out set; else *out is NULL and the status says why:
 * LO_NOMEM, LO_TOO_LARGE (the remainder S past ZBAND_MAX_SCHUR, or D past
 * 256 MiB) or LO_REFUSED (k <= 2, or the cross rule). */
lo_result zband_create(int rows, int cols, const rule *r, int k, zband **out);
/* The same, NULL whatever the reason. */
zband *zband_new(int rows, int cols, const rule *r, int k);
void zband_free(zband *m);
int zband_nullity(const zband *m);
int zband_order(const zband *m, int i);

/* Quiet pattern i into x (rows * cols values): LO_OK, or LO_NOMEM. */
lo_result zband_kernel(const zband *m, int i, uint8_t *x);

/* Presses x with b + A x = 0 (mod k): LO_OK; LO_UNSOLVABLE when none;
 * LO_NOMEM. */
lo_result zband_solve(const zband *m, const uint8_t *b, uint8_t *x);

#endif
