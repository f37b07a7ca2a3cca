/* Dense elimination over Z/k, k composite allowed, by its prime-power
 * parts.  Z/k = Z/q_1 x ... x Z/q_m with q_i = p_i^e_i (Chinese remainder
 * theorem), and each Z/p^e is a local ring: every element is p^v times a
 * unit.  So in each part, take as pivot an entry of least valuation v in
 * what is left: every other entry there is a multiple of it, and plain
 * row operations clear its column.  This gives P A Q = L E with L unit
 * lower triangular, E upper triangular, E_tt = p^v_t * unit and row t of
 * E divisible by p^v_t.  Then
 *   - A x = c is solvable iff p^v_t divides (L^-1 P c)_t for every t, and
 *     back substitution finds x;
 *   - the kernel is the direct sum of cyclic groups of order p^v_t, one
 *     per t with v_t > 0 (y_t = p^(e - v_t), later entries 0, earlier ones
 *     by back substitution);
 *   - when row t fails, p^(e - v_t) (L^-1 P)_t kills A but not c.
 * The parts' kernels are joined into cyclic groups of orders dividing k
 * (invariant factors), so each kernel element is sum s_i g_i,
 * 0 <= s_i < order_i, in exactly one way.  Cost: n^3/3 multiply-adds per
 * part, 16 or 32 at a time. */
#ifndef LO_ZLU_H
#define LO_ZLU_H

#include <stdint.h>

#include "engine/result.h"

typedef struct zlu zlu;

/* Factor the n x n row-major matrix a (values in [0, k), not changed).
 * NULL when out of memory. */
zlu *zlu_new(const uint8_t *a, int n, int k);
void zlu_free(zlu *f);

int zlu_nullity(const zlu *f);
int zlu_order(const zlu *f, int i);
/* Kernel generator i (n values): LO_OK, or LO_NOMEM. */
lo_result zlu_kernel(const zlu *f, int i, uint8_t *y);

/* x with A x = c (mod k): LO_OK.  LO_UNSOLVABLE when none: cert (if
 * not NULL) gets y with y^T A = 0 and y . c != 0.  LO_NOMEM. */
lo_result zlu_solve(const zlu *f, const uint8_t *c, uint8_t *x, uint8_t *cert);

#endif
