/* The oracle: every press vector of a small board, tried one by one.
 * Deliberately naive and independent of the solver. */
#ifndef LO_BRUTE_H
#define LO_BRUTE_H

#include <stdbool.h>
#include <stdint.h>

#include "engine/rule.h"

typedef struct brute {
	int rows, cols, k, n;
	uint32_t states;	/* k^n positions */
	uint32_t *count;	/* press vectors that clear each position */
	uint8_t *best;		/* fewest presses (backward allowed) */
	uint8_t *best_fwd;	/* fewest forward presses */
} brute;

/* false when k^n exceeds limit or memory fails. */
bool brute_run(brute *b, int rows, int cols, int k, const rule *r, uint32_t limit);
void brute_free(brute *b);
uint32_t brute_index(const brute *b, const uint8_t *cells);

/* Independent checks of the solver's answers, press by press: y^T A = 0
 * and y . b != 0; the presses x clear b. */
bool brute_certificate_holds(const rule *r, const board *b, const uint8_t *y);
bool brute_clears(const rule *r, const board *b, const uint8_t *x);

#endif
