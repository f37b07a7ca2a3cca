#define _GNU_SOURCE	/* sched_getaffinity, CPU_COUNT */
#include "base/clock.h"
#include "engine/search.h"
#include "engine/wht.h"
#include "engine/zwht.h"
#include "engine/clones.h"
#include "i18n.h"

#include <limits.h>
#include <sched.h>
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

/* As the caller says, else the CPUs this process may run on (not those
 * online: taskset and containers give fewer). */
static int search_threads(const search_ctl *ctl)
{
	int c = ctl ? ctl->threads : 0;
	if (c <= 0) {
		cpu_set_t set;
		c = sched_getaffinity(0, sizeof set, &set) == 0 ? CPU_COUNT(&set) : 1;
	}
	return c < 1 ? 1 : c > SEARCH_MAX_THREADS ? SEARCH_MAX_THREADS : c;
}

static inline int cell_weight(int v, int k, bool forward_only)
{
	return forward_only || v <= k - v ? v : k - v;
}

int search_weight(const uint8_t *x, int n, int k, bool forward_only)
{
	int w = 0, i = 0;
	/* k = 2, eight cells at a time: the bytes' sum (at most 8) lands in
	 * the top byte of the product. */
	for (; k == 2 && i + 8 <= n; i += 8) {
		uint64_t v;
		memcpy(&v, x + i, 8);
		w += (int)((v * 0x0101010101010101u) >> 56);
	}
	for (; i < n; i++)
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
	double base, block;	/* ranged: combinations before this block, and its size */
	lo_result stop;
} watch;

static void watch_start(watch *w, const search_ctl *ctl, double total)
{
	w->ctl = ctl;
	w->start = clock_seconds();
	w->deadline = ctl && ctl->time_limit > 0 ? w->start + ctl->time_limit : 0;
	w->next_report = w->start + 0.1;
	w->total = total;
	w->base = 0;
	w->block = total;
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
	double t = clock_seconds();
	if (w->deadline && t >= w->deadline) {
		watch_stop(w, LO_TIMED_OUT);
		return false;
	}
	if (ctl->progress && t >= w->next_report) {
		ctl->progress(ctl->ctx, (w->base + done) / w->total, best);
		w->next_report = t + 0.1;
	}
	return true;
}

/* Each search takes the first d generators (all of them, or the low ones
 * of a ranged search's block) and returns LO_OK, or LO_NOMEM when it could
 * not finish (x is still a solution, res as far as it got); search_minimal
 * alone turns that into the answer.  *searched gets how many combinations
 * from the first in number order were all examined: the whole space, or
 * for the transforms a prefix of whole chunks. */
/* k = 2: reflected Gray code over the 2^d kernel combinations, one packed
 * XOR and popcount per step (the popcount instruction where the CPU has
 * it, as the transform gets AVX2). */
LO_CLONES_POPCNT
static lo_result search_gf2(const lo_system *s, uint8_t *x, int d, watch *w, search_result *res,
			    uint64_t *searched)
{
	int n = system_unknowns(s), words = (n + 63) / 64;
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
	*searched = step == steps && d < 64 ? steps : 0;
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
static lo_result search_zmod(const lo_system *s, uint8_t *x, int d, bool fwd, watch *w, search_result *res,
			     uint64_t *searched)
{
	int n = system_unknowns(s), k = system_k(s);
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
			if (g == d) {
				*searched = (uint64_t)step + 1;
				break;
			}
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
	return watch_poll(ctx, done * ((watch *)ctx)->block, best);
}

/* k = 2 with a big kernel: every combination's weight by one transform. */
static lo_result search_gf2_wht(const lo_system *s, uint8_t *x, int d, watch *w, search_result *res,
				uint64_t *searched)
{
	int n = system_unknowns(s);
	uint64_t *keys = calloc((size_t)n, sizeof *keys);
	if (!keys)
		return LO_NOMEM;
	for (int g = 0; g < d; g++) {
		const uint8_t *v = system_kernel(s, g);
		for (int i = 0; i < n; i++)
			keys[i] |= (uint64_t)v[i] << g;
	}
	wht_job job = { .n = n, .d = d, .keys = keys, .x0 = x, .threads = search_threads(w->ctl),
			.keep_going = wht_keep_going, .ctx = w };
	wht_result wr;
	wht_search(&job, &wr);
	if (wr.weight < res->weight) {
		for (int i = 0; i < n; i++)
			x[i] ^= (uint8_t)__builtin_parityll(keys[i] & wr.t);
		res->weight = wr.weight;
	}
	res->ties = wr.ties;
	res->combinations = wr.done * w->block;
	*searched = wr.searched;
	free(keys);
	/* Cut short and not by the watch: the transform ran out of memory. */
	return wr.complete || w->stop != LO_OK ? LO_OK : LO_NOMEM;
}

/* k > 2 with a big kernel: every combination's weight by one transform. */
static lo_result search_zmod_wht(const lo_system *s, uint8_t *x, int d, bool fwd, watch *w, search_result *res,
				 uint64_t *searched)
{
	int n = system_unknowns(s), k = system_k(s);
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
			 .threads = search_threads(w->ctl), .keep_going = wht_keep_going, .ctx = w };
	zwht_result zr;
	zwht_search(&job, &zr, t);
	if (zr.weight < res->weight) {
		for (int g = 0; g < d; g++)
			for (int i = 0; t[g] && i < n; i++)
				x[i] = (uint8_t)((x[i] + t[g] * gen[g][i]) % k);
		res->weight = zr.weight;
	}
	res->ties = zr.ties;
	res->combinations = zr.done * w->block;
	*searched = zr.searched;
	st = zr.complete || w->stop != LO_OK ? LO_OK : LO_NOMEM;
out:
	free(order);
	free(t);
	free(gen);
	return st;
}

static bool zwht_fits(const lo_system *s, int d)
{
	int *order = malloc(((size_t)d + 1) * sizeof *order);
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
	return zwht_fits(s, system_nullity(s)) ? 34 : 30;
}

/* The search over the first d generators, by the quickest method for
 * total = their combinations. */
static lo_result search_low(const lo_system *s, uint8_t *x, int d, double total, bool fwd, bool gray, watch *w,
			    search_result *res, uint64_t *searched)
{
	int n = system_unknowns(s), k = system_k(s);
	*searched = 0;
	if (k == 2 && d >= SEARCH_WHT_MIN_NULLITY && wht_applies(n, d) && !gray)
		return search_gf2_wht(s, x, d, w, res, searched);
	if (k == 2)
		return search_gf2(s, x, d, w, res, searched);
	if (total >= SEARCH_ZWHT_MIN_COMBINATIONS && !gray && zwht_fits(s, d))
		return search_zmod_wht(s, x, d, fwd, w, res, searched);
	return search_zmod(s, x, d, fwd, w, res, searched);
}

uint64_t search_combinations(const lo_system *s)
{
	int d = system_nullity(s);
	if (d > 0 && !system_has_kernel(s))
		return 0;
	uint64_t total = 1;
	for (int g = 0; g < d; g++) {
		total *= (uint64_t)system_kernel_order(s, g);
		if (total > (1ULL << 62))
			return 0;
	}
	return total;
}

lo_result search_part_range(const lo_system *s, uint64_t part, uint64_t parts, uint64_t *first, uint64_t *last)
{
	uint64_t total = search_combinations(s);
	if (total == 0 || parts == 0 || part < 1 || part > parts || parts > total)
		return LO_REFUSED;
	/* Whole blocks of the low generators while every part still gets 64
	 * of them: sizes equal within 1/64, and few transforms per part. */
	uint64_t unit = 1, units = total;
	for (int g = 0; g < system_nullity(s); g++) {
		uint64_t o = (uint64_t)system_kernel_order(s, g);
		if (units / o < 64 || units / o / 64 < parts)
			break;
		unit *= o;
		units /= o;
	}
	*first = unit * (uint64_t)((unsigned __int128)units * (part - 1) / parts);
	*last = unit * (uint64_t)((unsigned __int128)units * part / parts);
	return LO_OK;
}

/* A ranged search: the range cut into blocks that each fix the digits
 * from some j up (x0 shifted by them) and leave the low j free, the
 * largest that fit; each block searched exactly.  x gets the lightest
 * solution of the range (of the part searched, when stopped). */
static lo_result search_ranged(const lo_system *s, uint8_t *x, bool fwd, bool gray, watch *w, search_result *res)
{
	int n = system_unknowns(s), k = system_k(s), d = system_nullity(s);
	uint64_t first = w->ctl->first, last = w->ctl->last;
	uint8_t *x0 = malloc((size_t)n), *xb = malloc((size_t)n);
	lo_result st = LO_OK;
	res->covered = first;
	if (!x0 || !xb) {
		st = LO_NOMEM;
		goto out;
	}
	memcpy(x0, x, (size_t)n);
	res->weight = INT_MAX;
	res->combinations = 0;
	res->ties = 0;
	bool prefix = true;	/* every block so far searched whole */
	for (uint64_t at = first; at < last && w->stop == LO_OK;) {
		int j = 0;
		uint64_t size = 1;
		while (j < d && at % (size * (uint64_t)system_kernel_order(s, j)) == 0 &&
		       last - at >= size * (uint64_t)system_kernel_order(s, j))
			size *= (uint64_t)system_kernel_order(s, j++);
		memcpy(xb, x0, (size_t)n);
		uint64_t rest = at / size;
		for (int g = j; g < d; g++) {
			int o = system_kernel_order(s, g), t = (int)(rest % (uint64_t)o);
			rest /= (uint64_t)o;
			const uint8_t *v = system_kernel(s, g);
			for (int i = 0; t && i < n; i++)
				xb[i] = (uint8_t)((xb[i] + t * v[i]) % k);
		}
		search_result br = { .weight = search_weight(xb, n, k, fwd), .combinations = 1, .ties = 1 };
		uint64_t searched = 0;
		w->base = (double)(at - first);
		w->block = (double)size;
		st = search_low(s, xb, j, (double)size, fwd, gray, w, &br, &searched);
		if (br.weight < res->weight) {
			res->weight = br.weight;
			res->ties = 0;
			memcpy(x, xb, (size_t)n);
		}
		if (br.weight == res->weight)
			res->ties += br.ties;
		res->combinations += br.combinations;
		if (prefix)
			res->covered += searched;
		prefix = prefix && searched == size;
		if (st != LO_OK)
			break;
		at += size;
	}
out:
	free(x0);
	free(xb);
	return st;
}

void search_minimal(const lo_system *s, uint8_t *x, const search_ctl *ctl, search_result *res)
{
	int n = system_unknowns(s), k = system_k(s), d = system_nullity(s);
	bool fwd = ctl && ctl->forward_only, gray = ctl && ctl->plain_gray;
	bool ranged = ctl && ctl->ranged && ctl->first < ctl->last;
	double total = 1;
	for (int g = 0; g < d; g++)
		total *= system_kernel_order(s, g);
	watch w;
	watch_start(&w, ctl, ranged ? (double)(ctl->last - ctl->first) : total);
	memset(res, 0, sizeof *res);
	res->weight = search_weight(x, n, k, fwd);
	res->combinations = 1;
	res->ties = 1;
	lo_result ran = LO_OK;
	uint64_t searched;
	if (d > 0 && !system_has_kernel(s))
		watch_stop(&w, LO_TOO_LARGE);	/* quiet patterns too big to keep: no search */
	else if (ranged)
		ran = search_ranged(s, x, fwd, gray, &w, res);
	else if (d > 0) {
		if (d >= SEARCH_DESCEND_MIN_NULLITY)
			descend(s, x, fwd, &w, res);
		if (w.stop == LO_OK)
			ran = search_low(s, x, d, total, fwd, gray, &w, res, &searched);
	}
	/* No memory: whatever x is now, it is not proven minimal. */
	if (ran != LO_OK)
		watch_stop(&w, ran);
	switch (w.stop) {
	case LO_OK:
		lo_status_set(&res->status, LO_OK, NULL);
		break;
	case LO_TOO_LARGE:
		lo_status_set(&res->status, LO_TOO_LARGE, P_("%d quiet pattern is too large to search",
							     "%d quiet patterns are too large to search", d), d);
		break;
	case LO_NOMEM:
		lo_status_set(&res->status, LO_NOMEM, P_("out of memory searching %d quiet pattern",
							 "out of memory searching %d quiet patterns", d), d);

		break;
	default:
		lo_status_set(&res->status, w.stop, NULL);
		break;
	}
	res->optimal = w.stop == LO_OK;
	res->lower_bound = res->optimal ? res->weight : system_press_bound(s, x, fwd);
	res->seconds = clock_seconds() - w.start;
	if (ctl && ctl->progress && res->optimal && res->seconds > 0.1)
		ctl->progress(ctl->ctx, 1.0, res->weight);
}
