/* The Walsh-Hadamard minimal weight against a Gray-code walk over all 2^d
 * combinations (weights and number of minima), with random keys: narrow
 * lanes (n < 32768) and wide ones, one chunk and many, one thread and two. */
#include <stdlib.h>
#include <string.h>

#include "engine/rng.h"
#include "engine/wht.h"
#include "tap.h"

static int gray_min(int n, int d, const uint64_t *keys, const uint8_t *x0, double *ties)
{
	int w = (n + 63) / 64;
	uint64_t *cur = calloc((size_t)w * (size_t)(d + 1), sizeof *cur), *gen = cur + w;
	for (int i = 0; i < n; i++) {
		cur[i / 64] |= (uint64_t)x0[i] << (i % 64);
		for (int g = 0; g < d; g++)
			gen[(size_t)g * w + i / 64] |= (keys[i] >> g & 1) << (i % 64);
	}
	int best = 0;
	for (int j = 0; j < w; j++)
		best += __builtin_popcountll(cur[j]);
	*ties = 1;
	for (uint64_t step = 1; step < (1ULL << d); step++) {
		const uint64_t *v = gen + (size_t)__builtin_ctzll(step) * w;
		int c = 0;
		for (int j = 0; j < w; j++)
			c += __builtin_popcountll(cur[j] ^= v[j]);
		if (c < best)
			best = c, *ties = 1;
		else if (c == best)
			*ties += 1;
	}
	free(cur);
	return best;
}

int main(void)
{
	rng g;
	rng_seed(&g, 12);
	int bad = 0, bad_t = 0, cases = 0, wide = 0;
	for (int trial = 0; trial < 60; trial++) {
		bool big = trial % 3 == 2;
		int n = big ? 32768 + (int)rng_below(&g, 20000) : 5 + (int)rng_below(&g, 3000);
		int d = 5 + (int)rng_below(&g, big ? 11 : 14);
		if (trial == 59)
			d = 20;	/* many chunks on wide lanes */
		uint64_t *keys = malloc((size_t)n * sizeof *keys);
		uint8_t *x0 = malloc((size_t)n);
		/* Few distinct keys on some trials: merged histogram entries. */
		uint64_t pool[7];
		for (int i = 0; i < 7; i++)
			pool[i] = rng_next(&g) & ((1ULL << d) - 1);
		for (int i = 0; i < n; i++) {
			keys[i] = trial % 4 == 1 ? pool[rng_below(&g, 7)] : rng_next(&g) & ((1ULL << d) - 1);
			x0[i] = (uint8_t)(rng_next(&g) % 3 == 0);
		}
		double want_ties;
		int want = gray_min(n, d, keys, x0, &want_ties);
		wht_job job = { .n = n, .d = d, .keys = keys, .x0 = x0, .threads = 1 + trial % 2 };
		wht_result r;
		wht_search(&job, &r);
		int wt = 0;
		for (int i = 0; i < n; i++)
			wt += x0[i] ^ __builtin_parityll(keys[i] & r.t);
		bad += r.weight != want || r.ties != want_ties || !r.complete;
		bad_t += wt != r.weight;
		if (r.weight != want || r.ties != want_ties)
			tap_diag("n=%d d=%d: transform %d (%.0f ties), Gray code %d (%.0f)", n, d, r.weight, r.ties, want,
				 want_ties);
		cases++;
		wide += big;
		free(keys);
		free(x0);
	}
	tap_is(bad, 0, "%d random cases (%d above 32767 cells): minimal weight and its count equal the Gray code's",
	       cases, wide);
	tap_is(bad_t, 0, "the combination returned has that weight");
	return tap_done();
}
