#include "engine/zwht.h"

#include <limits.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "engine/clones.h"

typedef uint16_t zv16 __attribute__((vector_size(32)));	/* 16 counts, one per lane */
typedef uint32_t zv32 __attribute__((vector_size(64)));	/* the same past 65535 cells */
typedef uint32_t zw __attribute__((vector_size(64)));	/* 16 weights */

#define LANES 16
#define MAX_ARRAY_VECS 32768	/* points x k vectors of 16 bits: 1 MiB (timed best: fill vs passes) */
#define WIDE_CELLS 65536	/* 16-bit counts hold n below this */
#define NO_INDEX UINT64_MAX

/* One histogram entry: cells with equal x0 and equal generator values. */
typedef struct zentry {
	uint32_t lo;		/* point of the low axes' values */
	uint32_t count;
	uint8_t x0;
} zentry;

typedef struct zshared {
	const zwht_job *job;
	int k, d, lo_axes, hi_axes, points;
	int stride[64];		/* of each low axis, in points */
	int *ridx[64];		/* per low axis: (t, a, j) -> index into the block */
	int w[40];		/* weight of each residue */
	uint64_t hi_total, groups;
	int m;
	zentry *e;
	uint8_t *e_hi;		/* m x hi_axes generator values */
	pthread_mutex_t lock;
	uint64_t next;
	bool stop, failed;
	int progress_w, w0;
	bool narrow;		/* every weight fits in 16 bits */
	int best_w;
	uint64_t best_index;	/* (group * LANES + lane) * points + point */
	double ties;
} zshared;

bool zwht_applies(int n, int d, int k, const int *order)
{
	double total = 1;
	for (int j = 0; j < d; j++)
		total *= order[j];
	/* A weight (at most n * 18) fits in 32 bits. */
	return k > 2 && k <= 36 && n > 0 && n <= INT_MAX / 18 && d > 0 && d <= 62 && total < 4e18;
}

#define ZW_SUF 16
#define ZW_VEC zv16
#define ZW_ELT uint16_t
#include "engine/zwht_lanes.h"
#undef ZW_SUF
#undef ZW_VEC
#undef ZW_ELT

#define ZW_SUF 32
#define ZW_VEC zv32
#define ZW_ELT uint32_t
#include "engine/zwht_lanes.h"
#undef ZW_SUF
#undef ZW_VEC
#undef ZW_ELT

/* Cells are merged by sorting (hash, index) pairs; equal records have
 * equal hashes, and a collision only merges less. */
typedef struct hashed {
	uint64_t h;
	int i;
} hashed;

static int cmp_hashed(const void *pa, const void *pb)
{
	const hashed *a = pa, *b = pb;
	if (a->h != b->h)
		return a->h < b->h ? -1 : 1;
	return (a->i > b->i) - (a->i < b->i);
}

static uint64_t fnv(uint64_t h, const uint8_t *p, size_t len)
{
	for (size_t i = 0; i < len; i++)
		h = (h ^ p[i]) * 0x100000001b3ULL;
	return h;
}

void zwht_search(const zwht_job *job, zwht_result *res, int *best_t)
{
	int n = job->n, d = job->d, k = job->k;
	zshared sh = { .job = job, .k = k, .d = d };
	memset(res, 0, sizeof *res);
	res->weight = INT_MAX;
	sh.best_w = sh.progress_w = INT_MAX;
	/* Until a chunk is done, progress shows x0's weight: a real solution. */
	int w0 = 0;
	for (int i = 0; i < n; i++)
		w0 += job->forward_only || 2 * job->x0[i] <= k ? job->x0[i] : k - job->x0[i];
	sh.w0 = w0;
	sh.best_index = NO_INDEX;
	pthread_mutex_init(&sh.lock, NULL);
	int wmax = 0;
	for (int a = 0; a < k; a++) {
		sh.w[a] = job->forward_only || a <= k - a ? a : k - a;
		wmax = sh.w[a] > wmax ? sh.w[a] : wmax;
	}
	sh.narrow = (long)n * wmax < UINT16_MAX;
	/* Low axes while the array fits in L2 (the same bytes for 32-bit counts). */
	bool wide = n >= WIDE_CELLS;
	long max_vecs = wide ? MAX_ARRAY_VECS / 2 : MAX_ARRAY_VECS;
	sh.points = 1;
	while (sh.lo_axes < d && (long)sh.points * job->order[sh.lo_axes] * k <= max_vecs) {
		sh.stride[sh.lo_axes] = sh.points;
		sh.points *= job->order[sh.lo_axes++];
	}
	sh.hi_axes = d - sh.lo_axes;
	sh.hi_total = 1;
	for (int j = sh.lo_axes; j < d; j++)
		sh.hi_total *= (uint64_t)job->order[j];
	sh.groups = (sh.hi_total + LANES - 1) / LANES;
	int nh = sh.hi_axes;
	zentry *raw = malloc((size_t)n * sizeof *raw);
	uint8_t *raw_hi = malloc((size_t)n * (nh ? nh : 1));
	hashed *perm = malloc((size_t)n * sizeof *perm);
	sh.e = malloc((size_t)n * sizeof *sh.e);
	sh.e_hi = malloc((size_t)n * (nh ? nh : 1));
	bool ok = raw && raw_hi && perm && sh.e && sh.e_hi;
	for (int g = 0; ok && g < sh.lo_axes; g++) {
		int o = job->order[g], u = k / o;
		sh.ridx[g] = malloc((size_t)o * o * k * sizeof *sh.ridx[g]);
		ok = sh.ridx[g] != NULL;
		for (int t = 0; ok && t < o; t++)
			for (int a = 0; a < k; a++)
				for (int j = 0; j < o; j++)
					sh.ridx[g][((size_t)t * k + a) * o + j] = j * k + ((a - j * u * t) % k + k) % k;
	}
	if (!ok)
		goto out;
	for (int i = 0; i < n; i++) {
		uint32_t lo = 0;
		for (int g = 0; g < sh.lo_axes; g++)
			lo += (uint32_t)(job->gen[g][i] / (k / job->order[g]) * sh.stride[g]);
		raw[i] = (zentry){ lo, 1, job->x0[i] };
		for (int j = 0; j < nh; j++)
			raw_hi[(size_t)i * nh + j] = job->gen[sh.lo_axes + j][i];
		uint8_t head[5] = { (uint8_t)lo, (uint8_t)(lo >> 8), (uint8_t)(lo >> 16), (uint8_t)(lo >> 24), job->x0[i] };
		perm[i] = (hashed){ fnv(fnv(0xcbf29ce484222325ULL, head, 5), raw_hi + (size_t)i * nh, (size_t)nh), i };
	}
	/* Merge equal cells: one entry per (low point, x0, high values). */
	qsort(perm, (size_t)n, sizeof *perm, cmp_hashed);
	for (int i = 0; i < n; i++) {
		int p = perm[i].i;
		bool same = sh.m > 0 && sh.e[sh.m - 1].lo == raw[p].lo && sh.e[sh.m - 1].x0 == raw[p].x0 &&
			    memcmp(sh.e_hi + (size_t)(sh.m - 1) * nh, raw_hi + (size_t)p * nh, (size_t)nh) == 0;
		if (same)
			sh.e[sh.m - 1].count++;
		else {
			sh.e[sh.m] = raw[p];
			memcpy(sh.e_hi + (size_t)sh.m * nh, raw_hi + (size_t)p * nh, (size_t)nh);
			sh.m++;
		}
	}
	int threads = job->threads > 0 ? job->threads : 1;
	if ((uint64_t)threads > sh.groups)
		threads = (int)sh.groups;
	void *(*work)(void *) = wide ? worker32 : worker16;
	pthread_t tid[ZWHT_MAX_THREADS];
	int started = 0;
	for (int t = 1; t < threads && t < ZWHT_MAX_THREADS; t++)
		if (pthread_create(&tid[started], NULL, work, &sh) == 0)
			started++;
	work(&sh);
	for (int t = 0; t < started; t++)
		pthread_join(tid[t], NULL);
	res->weight = sh.best_w;
	res->ties = sh.ties;
	res->complete = sh.next == sh.groups && !sh.failed && sh.best_w != INT_MAX;
	res->done = (double)sh.next / (double)sh.groups;
	/* Group c is the high axes' values 16c .. 16c + 15 (all low points):
	 * the groups done are a prefix in number order. */
	uint64_t hi_done = sh.next * LANES < sh.hi_total ? sh.next * LANES : sh.hi_total;
	res->searched = hi_done * (uint64_t)sh.points;
	if (sh.best_w != INT_MAX) {
		uint64_t idx = sh.best_index, p = idx % (uint64_t)sh.points, h = idx / (uint64_t)sh.points;
		for (int g = 0; g < sh.lo_axes; g++) {
			best_t[g] = (int)(p % (uint64_t)job->order[g]);
			p /= (uint64_t)job->order[g];
		}
		for (int g = sh.lo_axes; g < d; g++) {
			best_t[g] = (int)(h % (uint64_t)job->order[g]);
			h /= (uint64_t)job->order[g];
		}
	}
out:
	for (int g = 0; g < sh.lo_axes; g++)
		free(sh.ridx[g]);
	free(raw);
	free(raw_hi);
	free(perm);
	free(sh.e);
	free(sh.e_hi);
	pthread_mutex_destroy(&sh.lock);
}
