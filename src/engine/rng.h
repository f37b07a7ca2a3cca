/* A small reproducible generator (splitmix64): the same seed gives the same
 * boards on every machine. */
#ifndef LO_RNG_H
#define LO_RNG_H

#include <stdint.h>

typedef struct rng {
	uint64_t state;
} rng;

void rng_seed(rng *g, uint64_t seed);
uint64_t rng_next(rng *g);
uint32_t rng_below(rng *g, uint32_t n);	/* uniform in [0, n), n > 0 */

#endif
