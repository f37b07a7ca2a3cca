/* Minimal-weight solutions: search x0 + kernel for the fewest presses. */
#ifndef LO_SEARCH_H
#define LO_SEARCH_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>

#include "engine/result.h"
#include "engine/system.h"

/* Presses in a press vector: k = 2 cells pressed; k > 2 the sum of
 * min(x, k - x) (backward presses allowed) or of x (forward only). */
int search_weight(const uint8_t *x, int n, int k, bool forward_only);

#define SEARCH_MAX_THREADS 64

typedef struct search_ctl {
	double time_limit;		/* seconds; <= 0 means no limit */
	bool forward_only;
	atomic_int *cancel;		/* polled; non-zero stops the search */
	/* Called now and then from the searching thread: fraction of the
	 * search space done and the best weight so far. */
	void (*progress)(void *ctx, double done, int best);
	void *ctx;
	bool plain_gray;		/* skip the transforms: the Gray code (benchmark baseline) */
	/* One part of the search (lightsout solve --part): only the kernel
	 * combinations numbered first .. last - 1, numbered from x as it is
	 * on entry (search_part_range).  No descent: the weight is the
	 * minimum over exactly those, when the range was finished. */
	bool ranged;
	uint64_t first, last;
	/* Threads for the transforms, up to SEARCH_MAX_THREADS; 0: one per
	 * CPU of the affinity mask.  The caller knows better (quotas, the
	 * user's choice): the engine reads no files. */
	int threads;
} search_ctl;

typedef struct search_result {
	int weight;			/* of the returned x */
	/* LO_OK when the whole kernel was searched; otherwise why not:
	 * LO_CANCELLED, LO_TIMED_OUT, LO_NOMEM, or LO_TOO_LARGE (the quiet
	 * patterns were too big to keep).  x is a solution either way. */
	lo_status status;
	bool optimal;			/* status.code == LO_OK */
	int lower_bound;		/* no solution has fewer presses */
	double seconds;
	double combinations;		/* kernel elements examined */
	double ties;			/* solutions of the returned weight seen
					 * (all of them when optimal) */
	uint64_t covered;		/* ranged: first .. covered - 1 were all searched */
} search_result;

/* x holds a solution on entry and the best one found on exit (ranged:
 * the best of the range, which may be heavier than x was; optimal then
 * means the range was searched whole).  ctl may be NULL (no limit,
 * backward presses allowed). */
void search_minimal(const lo_system *s, uint8_t *x, const search_ctl *ctl, search_result *res);

/* Combination number t of the kernel is sum t_g * kernel(g) with
 * t = sum t_g P_g, P_g the product of the orders below g: generator 0 is
 * the lowest digit, so a range that fixes the high digits is a search
 * over the low generators from a shifted solution (the transforms' high
 * axes).  The number of combinations, or 0 when past 2^62 (or no
 * patterns kept). */
uint64_t search_combinations(const lo_system *s);

/* Part `part` (1 .. parts) of the combinations: [*first, *last), ranges
 * of nearly equal size (within 1/64) that tile them in order, their ends
 * on multiples of the low generators' products so each is a few whole
 * transforms: LO_OK, or LO_REFUSED when there are fewer combinations than
 * parts. */
lo_result search_part_range(const lo_system *s, uint64_t part, uint64_t parts, uint64_t *first, uint64_t *last);

/* log2 of the combinations the exhaustive search gets through in about a
 * minute on this system's kernel (transforms are faster than Gray codes). */
double search_minute_log2(const lo_system *s);

/* Convert forward counts to the signed presses a player makes: values in
 * (-k/2, k/2], or [0, k) when forward_only. */
int search_signed(int v, int k, bool forward_only);

#endif
