#include "engine/wht.h"
#include "engine/clones.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

/* 16 lanes of int16: lane l is the extra 4 bits of t. */
typedef int16_t v16 __attribute__((vector_size(32)));

#define LANE_BITS 4
#define MAX_ARRAY_BITS 13	/* 2^13 vectors = 256 KiB: stays in L2 */

typedef struct key_entry {
	uint64_t hi;		/* key bits above the array and lane bits */
	uint32_t lo;		/* array index */
	v16 v;			/* c * (-1)^<lane, key lane bits> per lane */
} key_entry;

typedef struct shared {
	const wht_job *job;
	key_entry *keys;
	int m, array_bits, hi_bits;
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
	return d > LANE_BITS && d <= 62 && n < 32768;
}

/* Sum the signed histogram for one chunk, transform it, scan it. */
LO_CLONES
static void chunk_run(const shared *sh, uint64_t chunk, v16 *a, int *best_h, uint64_t *best_t, double *ties)
{
	int bits = sh->array_bits;
	size_t size = (size_t)1 << bits;
	memset(a, 0, size * sizeof *a);
	for (int i = 0; i < sh->m; i++) {
		const key_entry *k = &sh->keys[i];
		if (__builtin_parityll(k->hi & chunk))
			a[k->lo] -= k->v;
		else
			a[k->lo] += k->v;
	}
	for (size_t h = 1; h < size; h <<= 1)
		for (size_t i = 0; i < size; i += 2 * h)
			for (size_t j = i; j < i + h; j++) {
				v16 x = a[j], y = a[j + h];
				a[j] = x + y;
				a[j + h] = x - y;
			}
	v16 mx = a[0];
	for (size_t j = 1; j < size; j++) {
		v16 gt = a[j] > mx;	/* lanes of -1 where a[j] is larger */
		mx = (a[j] & gt) | (mx & ~gt);
	}
	int top = mx[0];
	for (int l = 1; l < 16; l++)
		top = mx[l] > top ? mx[l] : top;
	if (top < *best_h)
		return;
	/* Rare: locate and count the maxima. */
	for (size_t j = 0; j < size; j++)
		for (int l = 0; l < 16; l++)
			if (a[j][l] >= *best_h) {
				uint64_t t = (chunk << (bits + LANE_BITS)) | ((uint64_t)j << LANE_BITS) | (uint64_t)l;
				if (a[j][l] > *best_h) {
					*best_h = a[j][l];
					*best_t = t;
					*ties = 0;
				}
				*ties += 1;
			}
}

static void *worker(void *arg)
{
	shared *sh = arg;
	size_t size = (size_t)1 << sh->array_bits;
	v16 *a = aligned_alloc(64, size * sizeof *a);
	int best_h = -32768;
	uint64_t best_t = 0;
	double ties = 0;
	for (;;) {
		pthread_mutex_lock(&sh->lock);
		if (best_h > sh->progress_h)
			sh->progress_h = best_h;
		uint64_t c = sh->next;
		bool go = a && !sh->stop && c < sh->chunks;
		if (go && sh->job->keep_going)
			go = sh->job->keep_going(sh->job->ctx, (double)c / (double)sh->chunks,
						 (sh->job->n - sh->progress_h) / 2);
		if (go)
			sh->next++;
		else
			sh->stop = true;
		pthread_mutex_unlock(&sh->lock);
		if (!go)
			break;
		chunk_run(sh, c, a, &best_h, &best_t, &ties);
	}
	pthread_mutex_lock(&sh->lock);
	if (!a)
		sh->failed = true;
	if (best_h > sh->best_h || (best_h == sh->best_h && best_t < sh->best_t)) {
		sh->ties = best_h > sh->best_h ? 0 : sh->ties;
		sh->best_h = best_h;
		sh->best_t = best_t;
	}
	if (best_h == sh->best_h)
		sh->ties += ties;
	pthread_mutex_unlock(&sh->lock);
	free(a);
	return NULL;
}

void wht_search(const wht_job *job, wht_result *res)
{
	int n = job->n, d = job->d;
	shared sh = { .job = job };
	sh.array_bits = d - LANE_BITS < MAX_ARRAY_BITS ? d - LANE_BITS : MAX_ARRAY_BITS;
	sh.hi_bits = d - LANE_BITS - sh.array_bits;
	sh.chunks = 1ULL << sh.hi_bits;
	sh.best_h = sh.progress_h = -32768;
	pthread_mutex_init(&sh.lock, NULL);

	/* Signed histogram: equal keys merge, zero sums vanish. */
	uint64_t *k = malloc((size_t)n * sizeof *k);
	/* Vectors need their 32-byte alignment; malloc promises only 16. */
	sh.keys = aligned_alloc(64, ((size_t)n * sizeof *sh.keys + 63) / 64 * 64);
	memset(res, 0, sizeof *res);
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
	int m = 0;
	for (int i = 0; i < n;) {
		uint64_t key = k[i] >> 1;
		int c = 0;
		for (; i < n && k[i] >> 1 == key; i++)
			c += k[i] & 1 ? -1 : 1;
		if (c == 0)
			continue;
		key_entry *e = &sh.keys[m++];
		e->lo = (uint32_t)(key >> LANE_BITS) & ((1u << sh.array_bits) - 1);
		e->hi = key >> (LANE_BITS + sh.array_bits);
		for (int l = 0; l < 16; l++)
			e->v[l] = (int16_t)(__builtin_parity((unsigned)(key & 15) & (unsigned)l) ? -c : c);
	}
	sh.m = m;

	int threads = job->threads > 0 ? job->threads : 1;
	if ((uint64_t)threads > sh.chunks)
		threads = (int)sh.chunks;
	pthread_t tid[8];
	int started = 0;
	for (int t = 1; t < threads && t < 8; t++)
		if (pthread_create(&tid[started], NULL, worker, &sh) == 0)
			started++;
	worker(&sh);
	for (int t = 0; t < started; t++)
		pthread_join(tid[t], NULL);

	res->weight = (n - sh.best_h) / 2;
	res->t = sh.best_t;
	res->ties = sh.ties;
	res->complete = sh.next == sh.chunks && !sh.failed && sh.best_h > -32768;
	/* Chunks handed out all finish before the threads exit. */
	res->done = (double)sh.next / (double)sh.chunks;
out:
	free(k);
	free(sh.keys);
	pthread_mutex_destroy(&sh.lock);
}
