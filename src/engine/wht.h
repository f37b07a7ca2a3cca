/* Minimal weight over GF(2) by the Walsh-Hadamard transform.
 *
 * With key_i the d bits (g_0[i] .. g_{d-1}[i]) of cell i across the kernel
 * basis, the solution x0 + sum t_j g_j has weight
 *     (n - H(t)) / 2,   H(t) = sum_i (-1)^(x0_i + <t, key_i>),
 * and H is the Walsh-Hadamard transform of the signed histogram of keys:
 * every one of the 2^d weights for O(n + d 2^d) work.  The transform runs
 * in chunks (bounded memory), 16 values of t per vector (8 above 32767
 * cells), radix-8 butterflies, on both cores. */
#ifndef LO_WHT_H
#define LO_WHT_H

#include <stdbool.h>
#include <stdint.h>

#define WHT_MAX_THREADS 64	/* the most threads a job starts */

typedef struct wht_job {
	int n, d;
	const uint64_t *keys;	/* n keys of d bits */
	const uint8_t *x0;	/* n bits */
	int threads;
	/* Polled between chunks. */
	bool (*keep_going)(void *ctx, double done, int best);
	void *ctx;
} wht_job;

typedef struct wht_result {
	int weight;		/* best found */
	uint64_t t;		/* its combination of basis vectors */
	double ties;		/* combinations of that weight seen */
	double done;		/* fraction of the 2^d combinations examined */
	uint64_t searched;	/* combinations 0 .. searched - 1 all examined */
	bool complete;
} wht_result;

/* Needs 4 < d <= 62; any number of cells (int32 lanes from 32768 on). */
bool wht_applies(int n, int d);
void wht_search(const wht_job *job, wht_result *res);

#endif
