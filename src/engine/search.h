/* Minimal-weight solutions: search x0 + kernel for the fewest presses. */
#ifndef LO_SEARCH_H
#define LO_SEARCH_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>

#include "engine/system.h"

/* Presses in a press vector: k = 2 cells pressed; k > 2 the sum of
 * min(x, k - x) (backward presses allowed) or of x (forward only). */
int search_weight(const uint8_t *x, int n, int k, bool forward_only);

typedef struct search_ctl {
	double time_limit;		/* seconds; <= 0 means no limit */
	bool forward_only;
	atomic_int *cancel;		/* polled; non-zero stops the search */
	/* Called now and then from the searching thread: fraction of the
	 * search space done and the best weight so far. */
	void (*progress)(void *ctx, double done, int best);
	void *ctx;
	bool plain_gray;		/* skip the transforms: the Gray code (benchmark baseline) */
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
} search_result;

/* x holds a solution on entry and the best one found on exit.
 * ctl may be NULL (no limit, backward presses allowed). */
void search_minimal(const lo_system *s, uint8_t *x, const search_ctl *ctl, search_result *res);

/* log2 of the combinations the exhaustive search gets through in about a
 * minute on this system's kernel (transforms are faster than Gray codes). */
double search_minute_log2(const lo_system *s);

/* Convert forward counts to the signed presses a player makes: values in
 * (-k/2, k/2], or [0, k) when forward_only. */
int search_signed(int v, int k, bool forward_only);

#endif
