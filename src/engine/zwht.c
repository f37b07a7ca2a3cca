#include "engine/zwht.h"

#include <limits.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "engine/clones.h"

typedef uint16_t zv __attribute__((vector_size(32)));	/* 16 counts, one per lane */
typedef uint32_t zw __attribute__((vector_size(64)));	/* 16 weights */

#define LANES 16
#define MAX_ARRAY_VECS 32768	/* points x k vectors: 1 MiB (timed best: fill vs passes) */
#define NO_INDEX UINT64_MAX

/* One histogram entry: cells with equal x0 and equal generator values. */
typedef struct zentry {
	uint32_t lo;		/* point of the low axes' values */
	uint16_t count;
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
	return k > 2 && k <= 36 && n > 0 && n < 65536 && d > 0 && d <= 62 && total < 4e18;
}

/* The radix-o butterflies along one low axis. */
LO_CLONES
static void axis_run(const zshared *sh, int g, zv *T, zv *tmp)
{
	int k = sh->k, o = sh->job->order[g], s = sh->stride[g];
	const int *ridx = sh->ridx[g];
	size_t block = (size_t)s * o;
	if (k == 3 && o == 3) {
		/* out_t[a] = in_0[a] + in_1[a - t] + in_2[a - 2t]. */
		size_t S = (size_t)s * 3;
		for (size_t outer = 0; outer < (size_t)sh->points; outer += block)
			for (int r = 0; r < s; r++) {
				zv *b0 = T + (outer + (size_t)r) * 3, *b1 = b0 + S, *b2 = b1 + S;
				zv x0 = b0[0], x1 = b0[1], x2 = b0[2], y0 = b1[0], y1 = b1[1], y2 = b1[2];
				zv z0 = b2[0], z1 = b2[1], z2 = b2[2];
				b0[0] = x0 + y0 + z0;
				b0[1] = x1 + y1 + z1;
				b0[2] = x2 + y2 + z2;
				b1[0] = x0 + y2 + z1;
				b1[1] = x1 + y0 + z2;
				b1[2] = x2 + y1 + z0;
				b2[0] = x0 + y1 + z2;
				b2[1] = x1 + y2 + z0;
				b2[2] = x2 + y0 + z1;
			}
		return;
	}
	for (size_t outer = 0; outer < (size_t)sh->points; outer += block)
		for (int r = 0; r < s; r++) {
			zv *base = T + (outer + (size_t)r) * k;
			for (int j = 0; j < o; j++)
				memcpy(tmp + (size_t)j * k, base + (size_t)j * s * k, (size_t)k * sizeof *tmp);
			const int *ix = ridx;
			for (int t = 0; t < o; t++) {
				zv *out = base + (size_t)t * s * k;
				for (int a = 0; a < k; a++, ix += o) {
					zv acc = tmp[ix[0]];
					for (int j = 1; j < o; j++)
						acc += tmp[ix[j]];
					out[a] = acc;
				}
			}
		}
}

/* The smallest weight over the array's points and the active lanes:
 * 16-bit sums when n max w fits (the usual case), else 32-bit. */
LO_CLONES
static unsigned evaluate(const zshared *sh, const zv *T, uint32_t inactive_mask)
{
	int k = sh->k;
	unsigned best = UINT32_MAX;
	if (sh->narrow) {
		zv big, mn;
		for (int l = 0; l < LANES; l++) {
			big[l] = inactive_mask >> l & 1 ? UINT16_MAX : 0;
			mn[l] = UINT16_MAX;
		}
		for (int p = 0; p < sh->points; p++) {
			const zv *c = T + (size_t)p * k;
			zv acc = big;
			for (int a = 1; a < k; a++)
				acc += c[a] * (uint16_t)sh->w[a];
			zv lt = acc < mn;
			mn = (acc & lt) | (mn & ~lt);
		}
		for (int l = 0; l < LANES; l++)
			best = mn[l] < best ? mn[l] : best;
		return best;
	}
	zw big, mn;
	for (int l = 0; l < LANES; l++) {
		big[l] = inactive_mask >> l & 1 ? UINT32_MAX : 0;
		mn[l] = UINT32_MAX;
	}
	for (int p = 0; p < sh->points; p++) {
		zw acc = big;
		for (int a = 1; a < k; a++)
			acc += __builtin_convertvector(T[(size_t)p * k + a], zw) * (uint32_t)sh->w[a];
		zw lt = acc < mn;
		mn = (acc & lt) | (mn & ~lt);
	}
	for (int l = 0; l < LANES; l++)
		best = mn[l] < best ? mn[l] : best;
	return best;
}

/* The histogram of one chunk, 16 lanes at a time: the lanes differ only
 * on a few high axes (the changing ones), so an entry's residue in lane
 * l is r + off_c[l], r its residue in lane 0 and c its values on those
 * axes.  With one mask per (c, offset), an entry costs k vector adds.
 * false (nothing done) when the changing axes have too many patterns. */
#define MAX_PATTERNS 81
#define MASKED_MAX_K 16
LO_CLONES
static bool fill_masked(const zshared *sh, zv *T, uint8_t digit[][64], uint32_t inactive)
{
	const zwht_job *job = sh->job;
	int k = sh->k, nh = sh->hi_axes, L = sh->lo_axes, ch[64], nc = 0, patterns = 1;
	if (k > MASKED_MAX_K)
		return false;
	for (int j = 0; j < nh; j++) {
		bool differs = false;
		for (int l = 1; l < LANES && !differs; l++)
			differs = !(inactive >> l & 1) && digit[l][j] != digit[0][j];
		if (differs) {
			ch[nc++] = j;
			patterns *= job->order[L + j];
			if (patterns > MAX_PATTERNS)
				return false;
		}
	}
	zv mask[MAX_PATTERNS][MASKED_MAX_K];
	memset(mask, 0, (size_t)patterns * sizeof mask[0]);
	for (int c = 0; c < patterns; c++)
		for (int l = 0; l < LANES; l++) {
			if (inactive >> l & 1)
				continue;
			int off = 0, rest = c;
			for (int q = 0; q < nc; q++) {
				int o = job->order[L + ch[q]], m = rest % o;
				rest /= o;
				off += m * (k / o) * (digit[l][ch[q]] - digit[0][ch[q]] + k);
			}
			mask[c][off % k][l] = UINT16_MAX;
		}
	for (int i = 0; i < sh->m; i++) {
		const zentry *e = &sh->e[i];
		const uint8_t *hv = sh->e_hi + (size_t)i * nh;
		int r = e->x0, c = 0, scale = 1;
		for (int j = 0; j < nh; j++)
			r += hv[j] * digit[0][j];
		for (int q = 0; q < nc; q++) {
			int o = job->order[L + ch[q]];
			c += hv[ch[q]] / (k / o) * scale;
			scale *= o;
		}
		r %= k;
		zv cnt = (zv){ 0 } + e->count, *cell = T + (size_t)e->lo * k;
		const zv *mc = mask[c];
		/* Residue a gets the lanes whose offset is a - r. */
		for (int a = 0; a < k; a++)
			cell[a] += mc[a >= r ? a - r : a - r + k] & cnt;
	}
	return true;
}

static void chunk_run(zshared *sh, uint64_t group, zv *T, zv *tmp, int *best_w, uint64_t *best_index,
		      double *ties)
{
	const zwht_job *job = sh->job;
	int k = sh->k, nh = sh->hi_axes, L = sh->lo_axes;
	uint8_t digit[LANES][64];
	int ndiff[LANES], dax[LANES][64], dval[LANES][64];
	uint32_t inactive = 0;
	/* Each lane's values of the high axes, and where they differ from lane 0's. */
	for (int l = 0; l < LANES; l++) {
		uint64_t h = group * LANES + (uint64_t)l;
		if (h >= sh->hi_total) {
			inactive |= 1u << l;
			h = 0;
		}
		for (int j = 0; j < nh; j++) {
			int o = job->order[L + j];
			digit[l][j] = (uint8_t)(h % (uint64_t)o);
			h /= (uint64_t)o;
		}
		ndiff[l] = 0;
		for (int j = 0; j < nh; j++)
			if (digit[l][j] != digit[0][j]) {
				dax[l][ndiff[l]] = j;
				dval[l][ndiff[l]++] = digit[l][j] - digit[0][j] + k;
			}
	}
	memset(T, 0, (size_t)sh->points * k * sizeof *T);
	if (!fill_masked(sh, T, digit, inactive))
		for (int i = 0; i < sh->m; i++) {
			const zentry *e = &sh->e[i];
			const uint8_t *hv = sh->e_hi + (size_t)i * nh;
			int s0 = e->x0;
			for (int j = 0; j < nh; j++)
				s0 += hv[j] * digit[0][j];
			s0 %= k;
			zv *cell = T + (size_t)e->lo * k;
			for (int l = 0; l < LANES; l++) {
				int s = s0;
				for (int q = 0; q < ndiff[l]; q++)
					s += hv[dax[l][q]] * dval[l][q];
				cell[s % k][l] += e->count;
			}
		}
	for (int g = 0; g < L; g++)
		axis_run(sh, g, T, tmp);
	unsigned mn = evaluate(sh, T, inactive);
	if (mn > (unsigned)*best_w)
		return;
	/* Rare: locate and count the minima. */
	for (int p = 0; p < sh->points; p++)
		for (int l = 0; l < LANES; l++) {
			if (inactive >> l & 1)
				continue;
			int w = 0;
			for (int a = 1; a < k; a++)
				w += T[(size_t)p * k + a][l] * sh->w[a];
			if (w > *best_w)
				continue;
			uint64_t idx = (group * LANES + (uint64_t)l) * (uint64_t)sh->points + (uint64_t)p;
			if (w < *best_w || idx < *best_index) {
				if (w < *best_w)
					*ties = 0;
				*best_w = w;
				*best_index = idx;
			}
			*ties += 1;
		}
}

static void *worker(void *arg)
{
	zshared *sh = arg;
	int k = sh->k, omax = 1;
	for (int g = 0; g < sh->d; g++)
		omax = sh->job->order[g] > omax ? sh->job->order[g] : omax;
	/* aligned_alloc wants a multiple of the alignment: 2 vectors. */
	zv *T = aligned_alloc(64, ((size_t)sh->points * k + 1) / 2 * 2 * sizeof *T);
	zv *tmp = aligned_alloc(64, ((size_t)omax * k + 1) / 2 * 2 * sizeof *tmp);
	int best_w = INT_MAX;
	uint64_t best_index = NO_INDEX;
	double ties = 0;
	bool ok = T && tmp;
	for (;;) {
		pthread_mutex_lock(&sh->lock);
		if (best_w < sh->progress_w)
			sh->progress_w = best_w;
		uint64_t c = sh->next;
		bool go = ok && !sh->stop && c < sh->groups;
		if (go && sh->job->keep_going)
			go = sh->job->keep_going(sh->job->ctx, (double)c / (double)sh->groups,
						 sh->progress_w == INT_MAX ? sh->w0 : sh->progress_w);
		if (go)
			sh->next++;
		else
			sh->stop = true;
		pthread_mutex_unlock(&sh->lock);
		if (!go)
			break;
		chunk_run(sh, c, T, tmp, &best_w, &best_index, &ties);
	}
	pthread_mutex_lock(&sh->lock);
	if (!ok)
		sh->failed = true;
	if (best_w < sh->best_w || (best_w == sh->best_w && best_index < sh->best_index)) {
		sh->ties = best_w < sh->best_w ? 0 : sh->ties;
		sh->best_w = best_w;
		sh->best_index = best_index;
	}
	if (best_w == sh->best_w && best_w != INT_MAX)
		sh->ties += ties;
	pthread_mutex_unlock(&sh->lock);
	free(T);
	free(tmp);
	return NULL;
}

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
	/* Low axes while the array fits in L2. */
	sh.points = 1;
	while (sh.lo_axes < d && (long)sh.points * job->order[sh.lo_axes] * k <= MAX_ARRAY_VECS) {
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
	pthread_t tid[8];
	int started = 0;
	for (int t = 1; t < threads && t < 8; t++)
		if (pthread_create(&tid[started], NULL, worker, &sh) == 0)
			started++;
	worker(&sh);
	for (int t = 0; t < started; t++)
		pthread_join(tid[t], NULL);
	res->weight = sh.best_w;
	res->ties = sh.ties;
	res->complete = sh.next == sh.groups && !sh.failed && sh.best_w != INT_MAX;
	res->done = (double)sh.next / (double)sh.groups;
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
