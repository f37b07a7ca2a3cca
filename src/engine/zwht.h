/* Minimal weight over Z/k (k > 2) by a transform, exact in integers.
 *
 * The kernel is the direct sum of cyclic groups <g_j> of orders o_j (each
 * g_j's values are multiples of k/o_j).  Solution x0 + sum t_j g_j has
 * weight W(t) = sum_a c_t(a) w(a), where c_t(a) counts the cells with
 * x0_i + sum_j t_j g_j[i] = a (mod k) and w(a) = min(a, k - a), or a when
 * only forward presses count.  Start from the histogram of the cells
 * over (x0_i, g_0[i], .., g_{d-1}[i]) and resolve one generator at a
 * time: the cells whose value on g_j is m u (u = k/o_j) move from residue
 * a to a + m u t_j, so
 *     T'(.., t_j, .., a) = sum_m T(.., m, .., a - m u t_j),
 * a "generalised Walsh" butterfly of radix o_j over the group ring
 * Z[Z/k] (only additions of counts: exact, and never above n).  After all
 * d axes T(t, .) = c_t: every one of the prod o_j weights for
 * O(k sum_j o_j) additions each.  The low axes are transformed in an
 * array that stays in L2; the high ones are given to 16 lanes (one array
 * per 16 values of them; counts of 16 bits, or 32 from 65536 cells up),
 * and chunks of lanes are handed to the threads. */
#ifndef LO_ZWHT_H
#define LO_ZWHT_H

#include <stdbool.h>
#include <stdint.h>

#define ZWHT_MAX_THREADS 64	/* the most threads a job starts */

typedef struct zwht_job {
	int n, d, k;
	const int *order;		/* d orders, each dividing k */
	const uint8_t *const *gen;	/* d generators of n values */
	const uint8_t *x0;		/* n values */
	bool forward_only;
	int threads;
	/* Polled between chunks. */
	bool (*keep_going)(void *ctx, double done, int best);
	void *ctx;
} zwht_job;

typedef struct zwht_result {
	int weight;		/* best found; INT_MAX when nothing was */
	double ties;		/* combinations of that weight seen */
	double done;		/* fraction of the combinations examined */
	uint64_t searched;	/* combinations 0 .. searched - 1 all examined */
	bool complete;
} zwht_result;

/* The combinations fit in 62 bits and a weight in 32 (counts take 16-bit
 * lanes below 65536 cells, 32-bit ones above). */
bool zwht_applies(int n, int d, int k, const int *order);

/* best_t (d digits, t_j < o_j) gets the best combination. */
void zwht_search(const zwht_job *job, zwht_result *res, int *best_t);

#endif
