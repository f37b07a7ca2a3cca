#include "engine/search.h"
#include "engine/wht.h"
#include "engine/zwht.h"
#include "engine/clones.h"

#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

/* Below this nullity the exhaustive search finishes before a descent pays. */
#define SEARCH_DESCEND_MIN_NULLITY 16
/* Below this nullity the plain Gray code is quicker than a transform. */
#define SEARCH_WHT_MIN_NULLITY 12
/* k > 2: below this many combinations the Gray code is quicker. */
#define SEARCH_ZWHT_MIN_COMBINATIONS 4096

static int search_threads(void)
{
	long c = sysconf(_SC_NPROCESSORS_ONLN);
	return c < 1 ? 1 : c > 8 ? 8 : (int)c;
}

static double now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

static inline int cell_weight(int v, int k, bool forward_only)
{
	return forward_only || v <= k - v ? v : k - v;
}

int search_weight(const uint8_t *x, int n, int k, bool forward_only)
{
	int w = 0;
	for (int i = 0; i < n; i++)
		w += k == 2 ? x[i] : cell_weight(x[i], k, forward_only);
	return w;
}

int search_signed(int v, int k, bool forward_only)
{
	return forward_only || 2 * v <= k ? v : v - k;
}

/* Shared bookkeeping: time limit, cancel flag, progress reports, and why
 * the search stopped (LO_OK while it runs). */
typedef struct watch {
	const search_ctl *ctl;
	double start, deadline, next_report, total;
	lo_result stop;
} watch;

static void watch_start(watch *w, const search_ctl *ctl, double total)
{
	w->ctl = ctl;
	w->start = now();
	w->deadline = ctl && ctl->time_limit > 0 ? w->start + ctl->time_limit : 0;
	w->next_report = w->start + 0.1;
	w->total = total;
	w->stop = LO_OK;
}

/* The first reason to stop is the one reported. */
static void watch_stop(watch *w, lo_result why)
{
	if (w->stop == LO_OK)
		w->stop = why;
}

/* Called every few thousand steps: false when the search must stop. */
static bool watch_poll(watch *w, double done, int best)
{
	const search_ctl *ctl = w->ctl;
	if (w->stop != LO_OK)
		return false;
	if (!ctl)
		return true;
	if (ctl->cancel && atomic_load_explicit(ctl->cancel, memory_order_relaxed)) {
		watch_stop(w, LO_CANCELLED);
		return false;
	}
	double t = now();
	if (w->deadline && t >= w->deadline) {
		watch_stop(w, LO_TIMED_OUT);
		return false;
	}
	if (ctl->progress && t >= w->next_report) {
		ctl->progress(ctl->ctx, done / w->total, best);
		w->next_report = t + 0.1;
	}
	return true;
}

/* Each search returns LO_OK, or LO_NOMEM when it could not finish (x is
 * still a solution, res as far as it got); search_minimal alone turns that
 * into the answer. */
/* k = 2: reflected Gray code over the 2^d kernel combinations, one packed
 * XOR and popcount per step (the popcount instruction where the CPU has
 * it, as the transform gets AVX2). */
LO_CLONES_POPCNT
static lo_result search_gf2(const lo_system *s, uint8_t *x, watch *w, search_result *res)
{
	int n = system_unknowns(s), d = system_nullity(s), words = (n + 63) / 64;
	uint64_t *cur = calloc((size_t)words * (size_t)(d + 1), sizeof *cur);
	if (!cur)
		return LO_NOMEM;
	uint64_t *gen = cur + words;
	for (int i = 0; i < n; i++)
		if (x[i])
			cur[i >> 6] |= 1ULL << (i & 63);
	for (int g = 0; g < d; g++) {
		const uint8_t *v = system_kernel(s, g);
		for (int i = 0; i < n; i++)
			if (v[i])
				gen[(size_t)g * words + (i >> 6)] |= 1ULL << (i & 63);
	}
	int best = res->weight;
	double ties = 1;
	uint64_t best_step = 0, steps = d < 64 ? (1ULL << d) : UINT64_MAX;
	uint64_t step;
	for (step = 1; step < steps; step++) {
		const uint64_t *gv = gen + (size_t)__builtin_ctzll(step) * words;
		int wt = 0;
		for (int j = 0; j < words; j++) {
			cur[j] ^= gv[j];
			wt += __builtin_popcountll(cur[j]);
		}
		if (wt <= best) {
			ties = wt < best ? 1 : ties + 1;
			if (wt < best)
				best_step = step;
			best = wt;
		}
		if ((step & 0xfff) == 0 && !watch_poll(w, (double)step, best))
			break;
	}
	res->combinations = (double)step;
	res->ties = ties;
	if (best < res->weight) {
		/* The Gray code word at best_step says which generators to add. */
		uint64_t code = best_step ^ (best_step >> 1);
		for (int g = 0; g < d; g++)
			if (code >> g & 1) {
				const uint8_t *v = system_kernel(s, g);
				for (int i = 0; i < n; i++)
					x[i] ^= v[i];
			}
		res->weight = best;
	}
	free(cur);
	return LO_OK;
}

/* k > 2: reflected mixed-radix Gray code; each step adds or subtracts one
 * generator, and the weight is updated on that generator's support. */
static lo_result search_zmod(const lo_system *s, uint8_t *x, bool fwd, watch *w, search_result *res)
{
	int n = system_unknowns(s), d = system_nullity(s), k = system_k(s);
	uint8_t *cur = malloc((size_t)n);
	int *digit = calloc((size_t)d, sizeof *digit), *dir = malloc((size_t)d * sizeof *dir);
	int *best_digit = calloc((size_t)d, sizeof *best_digit);
	int **supp = calloc((size_t)d, sizeof *supp), *supp_n = calloc((size_t)d, sizeof *supp_n);
	bool ok = cur && digit && dir && best_digit && supp && supp_n;
	for (int g = 0; ok && g < d; g++) {
		const uint8_t *v = system_kernel(s, g);
		supp[g] = malloc((size_t)n * sizeof **supp);
		ok = supp[g] != NULL;
		for (int i = 0; ok && i < n; i++)
			if (v[i])
				supp[g][supp_n[g]++] = i;
		dir[g] = 1;
	}
	if (ok) {
		memcpy(cur, x, (size_t)n);
		int wt = res->weight, best = wt;
		double step = 0, ties = 1;
		for (;;) {
			int g = 0, nd = 0;
			for (; g < d; g++) {
				nd = digit[g] + dir[g];
				if (nd >= 0 && nd < system_kernel_order(s, g))
					break;
				dir[g] = -dir[g];
			}
			if (g == d)
				break;
			digit[g] = nd;
			const uint8_t *v = system_kernel(s, g);
			for (int t = 0; t < supp_n[g]; t++) {
				int i = supp[g][t], old = cur[i];
				int nv = dir[g] > 0 ? (old + v[i]) % k : (old + k - v[i]) % k;
				wt += cell_weight(nv, k, fwd) - cell_weight(old, k, fwd);
				cur[i] = (uint8_t)nv;
			}
			if (wt <= best) {
				ties = wt < best ? 1 : ties + 1;
				if (wt < best)
					memcpy(best_digit, digit, (size_t)d * sizeof *digit);
				best = wt;
			}
			step++;
			if (((long long)step & 0xfff) == 0 && !watch_poll(w, step, best))
				break;
		}
		res->combinations = step + 1;
		res->ties = ties;
		if (best < res->weight) {
			for (int g = 0; g < d; g++) {
				const uint8_t *v = system_kernel(s, g);
				for (int i = 0; i < n; i++)
					x[i] = (uint8_t)((x[i] + best_digit[g] * v[i]) % k);
			}
			res->weight = best;
		}
	}
	for (int g = 0; supp && g < d; g++)
		free(supp[g]);
	free(supp);
	free(supp_n);
	free(cur);
	free(digit);
	free(dir);
	free(best_digit);
	return ok ? LO_OK : LO_NOMEM;
}

static bool wht_keep_going(void *ctx, double done, int best)
{
	return watch_poll(ctx, done * ((watch *)ctx)->total, best);
}

/* k = 2 with a big kernel: every combination's weight by one transform. */
static lo_result search_gf2_wht(const lo_system *s, uint8_t *x, watch *w, search_result *res)
{
	int n = system_unknowns(s), d = system_nullity(s);
	uint64_t *keys = calloc((size_t)n, sizeof *keys);
	if (!keys)
		return LO_NOMEM;
	for (int g = 0; g < d; g++) {
		const uint8_t *v = system_kernel(s, g);
		for (int i = 0; i < n; i++)
			keys[i] |= (uint64_t)v[i] << g;
	}
	wht_job job = { .n = n, .d = d, .keys = keys, .x0 = x, .threads = search_threads(),
			.keep_going = wht_keep_going, .ctx = w };
	wht_result wr;
	wht_search(&job, &wr);
	if (wr.weight < res->weight) {
		for (int i = 0; i < n; i++)
			x[i] ^= (uint8_t)__builtin_parityll(keys[i] & wr.t);
		res->weight = wr.weight;
	}
	res->ties = wr.ties;
	res->combinations = wr.done * w->total;
	free(keys);
	/* Cut short and not by the watch: the transform ran out of memory. */
	return wr.complete || w->stop != LO_OK ? LO_OK : LO_NOMEM;
}

/* k > 2 with a big kernel: every combination's weight by one transform. */
static lo_result search_zmod_wht(const lo_system *s, uint8_t *x, bool fwd, watch *w, search_result *res)
{
	int n = system_unknowns(s), d = system_nullity(s), k = system_k(s);
	int *order = malloc((size_t)d * sizeof *order), *t = malloc((size_t)d * sizeof *t);
	const uint8_t **gen = malloc((size_t)d * sizeof *gen);
	lo_result st = LO_NOMEM;
	if (!order || !t || !gen)
		goto out;
	for (int g = 0; g < d; g++) {
		order[g] = system_kernel_order(s, g);
		gen[g] = system_kernel(s, g);
	}
	zwht_job job = { .n = n, .d = d, .k = k, .order = order, .gen = gen, .x0 = x, .forward_only = fwd,
			 .threads = search_threads(), .keep_going = wht_keep_going, .ctx = w };
	zwht_result zr;
	zwht_search(&job, &zr, t);
	if (zr.weight < res->weight) {
		for (int g = 0; g < d; g++)
			for (int i = 0; t[g] && i < n; i++)
				x[i] = (uint8_t)((x[i] + t[g] * gen[g][i]) % k);
		res->weight = zr.weight;
	}
	res->ties = zr.ties;
	res->combinations = zr.done * w->total;
	st = zr.complete || w->stop != LO_OK ? LO_OK : LO_NOMEM;
out:
	free(order);
	free(t);
	free(gen);
	return st;
}

static bool zwht_fits(const lo_system *s)
{
	int d = system_nullity(s), *order = malloc(((size_t)d + 1) * sizeof *order);
	if (!order)
		return false;
	for (int g = 0; g < d; g++)
		order[g] = system_kernel_order(s, g);
	bool fits = zwht_applies(system_unknowns(s), d, system_k(s), order);
	free(order);
	return fits;
}

/* Greedy descent: add any multiple of any generator that lowers the weight,
 * until none does.  Cheap, and on kernels too big to enumerate it is what
 * makes the answer good; the exhaustive search after it stays exact (it
 * walks the same coset). */
static void descend(const lo_system *s, uint8_t *x, bool fwd, watch *w, search_result *res)
{
	int n = system_unknowns(s), d = system_nullity(s), k = system_k(s);
	for (bool improved = true; improved && w->stop == LO_OK;) {
		improved = false;
		for (int g = 0; g < d; g++) {
			const uint8_t *v = system_kernel(s, g);
			for (int t = 1; t < system_kernel_order(s, g); t++) {
				int delta = 0;
				for (int i = 0; i < n; i++)
					if (v[i])
						delta += cell_weight((x[i] + t * v[i]) % k, k, fwd) - cell_weight(x[i], k, fwd);
				if (delta < 0) {
					for (int i = 0; i < n; i++)
						x[i] = (uint8_t)((x[i] + t * v[i]) % k);
					res->weight += delta;
					improved = true;
				}
			}
			if ((g & 15) == 15 && !watch_poll(w, 0, res->weight))
				return;
		}
	}
}

double search_minute_log2(const lo_system *s)
{
	if (system_k(s) == 2)
		return 36;
	return zwht_fits(s) ? 34 : 30;
}

void search_minimal(const lo_system *s, uint8_t *x, const search_ctl *ctl, search_result *res)
{
	int n = system_unknowns(s), k = system_k(s), d = system_nullity(s);
	bool fwd = ctl && ctl->forward_only;
	double total = 1;
	for (int g = 0; g < d; g++)
		total *= system_kernel_order(s, g);
	watch w;
	watch_start(&w, ctl, total);
	memset(res, 0, sizeof *res);
	res->weight = search_weight(x, n, k, fwd);
	res->combinations = 1;
	res->ties = 1;
	lo_result ran = LO_OK;
	if (d > 0 && !system_has_kernel(s))
		watch_stop(&w, LO_TOO_LARGE);	/* quiet patterns too big to keep: no search */
	else if (d > 0) {
		if (d >= SEARCH_DESCEND_MIN_NULLITY)
			descend(s, x, fwd, &w, res);
		if (w.stop != LO_OK)
			;
		else if (k == 2 && d >= SEARCH_WHT_MIN_NULLITY && wht_applies(n, d) && !(ctl && ctl->plain_gray))
			ran = search_gf2_wht(s, x, &w, res);
		else if (k == 2)
			ran = search_gf2(s, x, &w, res);
		else if (total >= SEARCH_ZWHT_MIN_COMBINATIONS && !(ctl && ctl->plain_gray) && zwht_fits(s))
			ran = search_zmod_wht(s, x, fwd, &w, res);
		else
			ran = search_zmod(s, x, fwd, &w, res);
	}
	/* No memory: whatever x is now, it is not proven minimal. */
	if (ran != LO_OK)
		watch_stop(&w, ran);
	switch (w.stop) {
	case LO_OK:
		lo_status_set(&res->status, LO_OK, NULL);
		break;
	case LO_TOO_LARGE:
		lo_status_set(&res->status, LO_TOO_LARGE, "%d quiet patterns are too large to search", d);
		break;
	case LO_NOMEM:
		lo_status_set(&res->status, LO_NOMEM, "out of memory searching %d quiet patterns", d);
		break;
	default:
		lo_status_set(&res->status, w.stop, NULL);
		break;
	}
	res->optimal = w.stop == LO_OK;
	res->lower_bound = res->optimal ? res->weight : system_press_bound(s, x, fwd);
	res->seconds = now() - w.start;
	if (ctl && ctl->progress && res->optimal && res->seconds > 0.1)
		ctl->progress(ctl->ctx, 1.0, res->weight);
}
