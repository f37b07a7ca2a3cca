#include "engine/wht.h"
#include "engine/clones.h"

#include <limits.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

/* 16 lanes of int16 (or 8 of int32 for boards of 32768 cells and more):
 * lane l is the low 4 (3) bits of t. */
typedef int16_t v16 __attribute__((vector_size(32)));
typedef int32_t v32 __attribute__((vector_size(32)));

#define MAX_ARRAY_BITS 13	/* 2^13 vectors = 256 KiB: stays in L2 */
#define WHT_BLOCK_BITS 10	/* 2^10 vectors = 32 KiB: stays in L1 */
#define NO_H INT_MIN		/* no maximum yet */
#define WIDE_CELLS 32768	/* int16 holds |H| <= n below this */

typedef struct shared {
	const wht_job *job;
	void *keys;		/* key_entry16 or key_entry32 */
	int m, lane_bits, array_bits, hi_bits;
	uint64_t chunks;
	pthread_mutex_t lock;
	uint64_t next;		/* next chunk to hand out */
	bool stop, failed;
	int progress_h;		/* best H reported so far */
	int best_h;		/* max H over the finished threads */
	uint64_t best_t;
	double ties;
} shared;

bool wht_applies(int n, int d)
{
	return d > 4 && d <= 62 && n > 0;
}

#define WHT_SUF 16
#define WHT_VEC v16
#define WHT_ELT int16_t
#define WHT_LANE_BITS 4
#include "engine/wht_lanes.h"
#undef WHT_SUF
#undef WHT_VEC
#undef WHT_ELT
#undef WHT_LANE_BITS

#define WHT_SUF 32
#define WHT_VEC v32
#define WHT_ELT int32_t
#define WHT_LANE_BITS 3
#include "engine/wht_lanes.h"
#undef WHT_SUF
#undef WHT_VEC
#undef WHT_ELT
#undef WHT_LANE_BITS

void wht_search(const wht_job *job, wht_result *res)
{
	int n = job->n, d = job->d;
	shared sh = { .job = job };
	bool wide = n >= WIDE_CELLS;
	size_t entry = wide ? sizeof(key_entry32) : sizeof(key_entry16);
	sh.lane_bits = wide ? 3 : 4;
	sh.array_bits = d - sh.lane_bits < MAX_ARRAY_BITS ? d - sh.lane_bits : MAX_ARRAY_BITS;
	sh.hi_bits = d - sh.lane_bits - sh.array_bits;
	sh.chunks = 1ULL << sh.hi_bits;
	sh.best_h = sh.progress_h = NO_H;
	pthread_mutex_init(&sh.lock, NULL);

	/* Signed histogram: equal keys merge, zero sums vanish. */
	uint64_t *k = malloc((size_t)n * sizeof *k);
	/* Vectors need their 32-byte alignment; malloc promises only 16. */
	sh.keys = aligned_alloc(64, ((size_t)n * entry + 63) / 64 * 64);
	memset(res, 0, sizeof *res);
	res->weight = INT_MAX;	/* nothing found (no memory, or stopped at once) */
	if (!k || !sh.keys)
		goto out;
	for (int i = 0; i < n; i++)
		k[i] = job->keys[i] << 1 | job->x0[i];
	/* Sort (key, bit) pairs; then one pass merges equal keys. */
	for (int gap = n / 2; gap > 0; gap /= 2)	/* Shell sort: no comparator plumbing */
		for (int i = gap; i < n; i++)
			for (int j = i; j >= gap && k[j - gap] > k[j]; j -= gap) {
				uint64_t t = k[j];
				k[j] = k[j - gap];
				k[j - gap] = t;
			}
	sh.m = wide ? fill_keys32(&sh, k, n) : fill_keys16(&sh, k, n);
	if (!(wide ? sort_keys32(&sh) : sort_keys16(&sh)))
		goto out;

	int threads = job->threads > 0 ? job->threads : 1;
	if ((uint64_t)threads > sh.chunks)
		threads = (int)sh.chunks;
	pthread_t tid[WHT_MAX_THREADS];
	int started = 0;
	for (int t = 1; t < threads && t < WHT_MAX_THREADS; t++)
		if (pthread_create(&tid[started], NULL, wide ? worker32 : worker16, &sh) == 0)
			started++;
	(wide ? worker32 : worker16)(&sh);
	for (int t = 0; t < started; t++)
		pthread_join(tid[t], NULL);

	/* Stopped before a chunk was done: no maximum, so nothing to offer. */
	res->weight = sh.best_h > NO_H ? (n - sh.best_h) / 2 : INT_MAX;
	res->t = sh.best_t;
	res->ties = sh.ties;
	res->complete = sh.next == sh.chunks && !sh.failed && sh.best_h > NO_H;
	/* Chunks handed out all finish before the threads exit. */
	res->done = (double)sh.next / (double)sh.chunks;
	/* Chunk c is the combinations with c in the high bits: those done are
	 * a prefix in number order. */
	res->searched = sh.next << (d - sh.hi_bits);
out:
	free(k);
	free(sh.keys);
	pthread_mutex_destroy(&sh.lock);
}
