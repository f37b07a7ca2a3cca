#include "engine/rng.h"

void rng_seed(rng *g, uint64_t seed)
{
	g->state = seed;
}

uint64_t rng_next(rng *g)
{
	uint64_t z = (g->state += 0x9e3779b97f4a7c15ULL);
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

uint32_t rng_below(rng *g, uint32_t n)
{
	/* Reject the short last stripe so every value is equally likely. */
	uint64_t limit = UINT64_MAX - UINT64_MAX % n;
	uint64_t v;
	do
		v = rng_next(g);
	while (v >= limit);
	return (uint32_t)(v % n);
}
