#include "engine/parclass.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* Bounds that keep the tables a few MB. */
#define PARCLASS_MAX_KERNEL 4096	/* kernel elements */
#define PARCLASS_MAX_ACC (1u << 20)	/* (classes + 1) x kernel elements */
#define PARCLASS_MAX_HISTS (1u << 20)	/* count vectors of all classes together, times k */
#define PARCLASS_MAX_LOG2_BOARDS 1000	/* the multiplicities stay finite doubles */
#define PARCLASS_MAX_GAIN (1u << 19)	/* entries of the gain table, else no such bound */
#define NONE (-(1 << 28))		/* a weight no choice reaches */

struct parclass {
	int n, k, m, kn;	/* cells, states, classes, kernel elements */
	bool fwd;
	int *cells;		/* cell numbers, class by class */
	int *start;		/* m + 1: class c is cells[start[c] .. start[c + 1]) */
	uint8_t *shift;		/* m x kn: the value kernel element t adds on class c */
	int *rest;		/* m + 1: the most weight classes c .. m - 1 can hold */
	/* The count vectors of class c are hists hfirst[c] .. hfirst[c + 1] - 1:
	 * counts[h * k + v] cells hold v, mult[h] ways to place them, and
	 * weight[h * k + s] the class's weight once every cell is raised by s. */
	int *hfirst;
	uint16_t *counts;
	int *weight;
	double *mult;
	/* gain[(t * (m + 1) + c) * (top + 1) + u]: the most that classes
	 * c .. m - 1 can add to weight(x + c_t) - weight(x) while adding
	 * exactly u to weight(x) (NONE: u cannot be placed there).  NULL when
	 * too big to keep. */
	int *gain;
	int top;		/* the most weight x can have */
	int *cls;		/* n: each cell's class */
	/* ways[r * (top + 1) + q]: press sets of r cells weighing q (NULL:
	 * too big to keep, no random tries) */
	double *ways;
	int *acc;		/* (m + 1) x kn: the walk's weights of x + c_t so far */
	int *path, *pick;	/* m: the count vector chosen per class */
};

static int cell_weight(int v, int k, bool fwd)
{
	return fwd || v <= k - v ? v : k - v;
}

typedef struct keyed {
	uint64_t key;		/* the cell's column of the kernel basis */
	int cell;
} keyed;

static int keyed_cmp(const void *a, const void *b)
{
	const keyed *x = a, *y = b;
	return x->key < y->key ? -1 : x->key > y->key ? 1 : x->cell - y->cell;
}

void parclass_free(parclass *pc)
{
	if (!pc)
		return;
	free(pc->cells);
	free(pc->start);
	free(pc->shift);
	free(pc->rest);
	free(pc->gain);
	free(pc->cls);
	free(pc->ways);
	free(pc->hfirst);
	free(pc->counts);
	free(pc->weight);
	free(pc->mult);
	free(pc->acc);
	free(pc->path);
	free(pc->pick);
	free(pc);
}

/* The cells grouped by their column of the kernel basis (key in base k:
 * at most 12 generators of order >= 2 below 4096 elements, 36^12 < 2^63). */
static int parclass_group(parclass *pc, const lo_system *s, int d)
{
	int n = pc->n, k = pc->k;
	keyed *ks = malloc((size_t)n * sizeof *ks);
	pc->cells = malloc((size_t)n * sizeof *pc->cells);
	pc->start = malloc(((size_t)n + 1) * sizeof *pc->start);
	if (!ks || !pc->cells || !pc->start) {
		free(ks);
		return -1;
	}
	for (int i = 0; i < n; i++) {
		uint64_t key = 0;
		for (int j = d - 1; j >= 0; j--)
			key = key * (uint64_t)k + system_kernel(s, j)[i];
		ks[i] = (keyed){ key, i };
	}
	qsort(ks, (size_t)n, sizeof *ks, keyed_cmp);
	pc->m = 0;
	for (int i = 0; i < n; i++) {
		if (i == 0 || ks[i].key != ks[i - 1].key)
			pc->start[pc->m++] = i;
		pc->cells[i] = ks[i].cell;
	}
	pc->start[pc->m] = n;
	free(ks);
	return 0;
}

/* shift[c][t], t numbered with generator 0 the lowest digit. */
static int parclass_shifts(parclass *pc, const lo_system *s, int d)
{
	int m = pc->m, kn = pc->kn, k = pc->k;
	pc->shift = malloc((size_t)m * (size_t)kn);
	if (!pc->shift)
		return -1;
	for (int c = 0; c < m; c++) {
		int cell = pc->cells[pc->start[c]];
		for (int t = 0; t < kn; t++) {
			int rem = t, v = 0;
			for (int j = 0; j < d; j++) {
				int o = system_kernel_order(s, j);
				v += (rem % o) * system_kernel(s, j)[cell];
				rem /= o;
			}
			pc->shift[(size_t)c * (size_t)kn + (size_t)t] = (uint8_t)(v % k);
		}
	}
	return 0;
}

static double binomial(int n, int r)
{
	double b = 1;
	/* Each step is C(n - r + i, i): whole numbers, exact below 2^53. */
	for (int i = 1; i <= r; i++)
		b = b * (n - r + i) / i;
	return b;
}

/* Every way to split `size` cells among the k values, appended. */
static void parclass_fill(parclass *pc, uint16_t *h, int v, int left, int *nh)
{
	int k = pc->k;
	if (v == k - 1) {
		h[v] = (uint16_t)left;
		int at = (*nh)++;
		double mult = 1;
		int placed = 0;
		for (int u = 0; u < k; u++) {
			placed += h[u];
			mult *= binomial(placed, h[u]);
		}
		pc->mult[at] = mult;
		memcpy(pc->counts + (size_t)at * (size_t)k, h, (size_t)k * sizeof *h);
		for (int sft = 0; sft < k; sft++) {
			int w = 0;
			for (int u = 0; u < k; u++)
				w += h[u] * cell_weight((u + sft) % k, k, pc->fwd);
			pc->weight[(size_t)at * (size_t)k + (size_t)sft] = w;
		}
		return;
	}
	for (int c = 0; c <= left; c++) {
		h[v] = (uint16_t)c;
		parclass_fill(pc, h, v + 1, left - c, nh);
	}
}

static lo_result parclass_hists(parclass *pc)
{
	int m = pc->m, k = pc->k;
	double total = 0;
	for (int c = 0; c < m; c++) {
		int size = pc->start[c + 1] - pc->start[c];
		if (size > UINT16_MAX)
			return LO_TOO_LARGE;
		total += binomial(size + k - 1, k - 1);
	}
	if (total * k > PARCLASS_MAX_HISTS)
		return LO_TOO_LARGE;
	size_t nh = (size_t)total;
	pc->hfirst = malloc(((size_t)m + 1) * sizeof *pc->hfirst);
	pc->counts = malloc(nh * (size_t)k * sizeof *pc->counts);
	pc->weight = malloc(nh * (size_t)k * sizeof *pc->weight);
	pc->mult = malloc(nh * sizeof *pc->mult);
	pc->rest = malloc(((size_t)m + 1) * sizeof *pc->rest);
	uint16_t h[36];
	if (!pc->hfirst || !pc->counts || !pc->weight || !pc->mult || !pc->rest)
		return LO_NOMEM;
	int at = 0, top = cell_weight(pc->fwd ? k - 1 : k / 2, k, pc->fwd);
	for (int c = 0; c < m; c++) {
		pc->hfirst[c] = at;
		parclass_fill(pc, h, 0, pc->start[c + 1] - pc->start[c], &at);
	}
	pc->hfirst[m] = at;
	pc->rest[m] = 0;
	for (int c = m - 1; c >= 0; c--)
		pc->rest[c] = pc->rest[c + 1] + (pc->start[c + 1] - pc->start[c]) * top;
	return LO_OK;
}

/* The gain table, class by class from the last: a knapsack per kernel
 * element over the weight x puts in each class. */
static lo_result parclass_gains(parclass *pc)
{
	int m = pc->m, kn = pc->kn, k = pc->k, top = pc->top;
	size_t row = (size_t)top + 1, entries = (size_t)kn * ((size_t)m + 1) * row;
	if (entries > PARCLASS_MAX_GAIN)
		return LO_OK;	/* the walk does without */
	pc->gain = malloc(entries * sizeof *pc->gain);
	/* best[s * row + u]: the most weight(shifted by s) - weight a count
	 * vector of the class with weight u has. */
	int *best = malloc((size_t)k * row * sizeof *best);
	if (!pc->gain || !best) {
		free(best);
		return LO_NOMEM;
	}
	for (int t = 0; t < kn; t++) {
		int *g = pc->gain + (size_t)t * ((size_t)m + 1) * row;
		for (size_t u = 0; u < row; u++)
			g[(size_t)m * row + u] = u == 0 ? 0 : NONE;
	}
	for (int c = m - 1; c >= 0; c--) {
		for (size_t i = 0; i < (size_t)k * row; i++)
			best[i] = NONE;
		for (int h = pc->hfirst[c]; h < pc->hfirst[c + 1]; h++) {
			const int *wt = pc->weight + (size_t)h * (size_t)k;
			for (int sft = 0; sft < k; sft++)
				if (wt[sft] - wt[0] > best[(size_t)sft * row + (size_t)wt[0]])
					best[(size_t)sft * row + (size_t)wt[0]] = wt[sft] - wt[0];
		}
		int most = (pc->start[c + 1] - pc->start[c]) * (pc->fwd ? k - 1 : k / 2);
		for (int t = 0; t < kn; t++) {
			int *g = pc->gain + (size_t)t * ((size_t)m + 1) * row;
			const int *b = best + (size_t)pc->shift[(size_t)c * (size_t)kn + (size_t)t] * row;
			for (int u = 0; u <= top; u++) {
				int v = NONE;
				for (int here = 0; here <= most && here <= u; here++) {
					int after = g[(size_t)(c + 1) * row + (size_t)(u - here)];
					if (b[here] != NONE && after != NONE && b[here] + after > v)
						v = b[here] + after;
				}
				g[(size_t)c * row + (size_t)u] = v;
			}
		}
	}
	free(best);
	return LO_OK;
}

/* The tables of the random tries: each cell's class, and how many press
 * sets of r cells weigh q. */
static lo_result parclass_ways(parclass *pc)
{
	int n = pc->n, k = pc->k, top = pc->top;
	size_t row = (size_t)top + 1;
	pc->cls = malloc((size_t)n * sizeof *pc->cls);
	if (!pc->cls)
		return LO_NOMEM;
	for (int c = 0; c < pc->m; c++)
		for (int i = pc->start[c]; i < pc->start[c + 1]; i++)
			pc->cls[pc->cells[i]] = c;
	if (((size_t)n + 1) * row > PARCLASS_MAX_GAIN)
		return LO_OK;
	pc->ways = calloc(((size_t)n + 1) * row, sizeof *pc->ways);
	if (!pc->ways)
		return LO_NOMEM;
	pc->ways[0] = 1;
	for (int r = 1; r <= n; r++)
		for (int q = 0; q <= top; q++)
			for (int v = 0; v < k; v++) {
				int w = cell_weight(v, k, pc->fwd);
				if (w <= q)
					pc->ways[(size_t)r * row + (size_t)q] += pc->ways[(size_t)(r - 1) * row + (size_t)(q - w)];
			}
	return LO_OK;
}

lo_result parclass_new(const lo_system *s, bool fwd, parclass **out)
{
	*out = NULL;
	int n = system_unknowns(s), k = system_k(s), d = system_nullity(s);
	if (!system_has_kernel(s) || n * log2(k) > PARCLASS_MAX_LOG2_BOARDS)
		return LO_TOO_LARGE;
	long kn = 1;
	for (int j = 0; j < d; j++)
		if ((kn *= system_kernel_order(s, j)) > PARCLASS_MAX_KERNEL)
			return LO_TOO_LARGE;
	parclass *pc = calloc(1, sizeof *pc);
	if (!pc)
		return LO_NOMEM;
	pc->n = n;
	pc->k = k;
	pc->kn = (int)kn;
	pc->fwd = fwd && k > 2;
	lo_result rc = LO_NOMEM;
	if (parclass_group(pc, s, d) < 0)
		goto fail;
	rc = LO_TOO_LARGE;
	if (((size_t)pc->m + 1) * (size_t)kn > PARCLASS_MAX_ACC)
		goto fail;
	rc = LO_NOMEM;
	if (parclass_shifts(pc, s, d) < 0)
		goto fail;
	if ((rc = parclass_hists(pc)) != LO_OK)
		goto fail;
	pc->top = pc->rest[0];
	if ((rc = parclass_gains(pc)) != LO_OK || (rc = parclass_ways(pc)) != LO_OK)
		goto fail;
	rc = LO_NOMEM;
	pc->acc = calloc(((size_t)pc->m + 1) * (size_t)kn, sizeof *pc->acc);
	pc->path = calloc((size_t)pc->m + 1, sizeof *pc->path);
	pc->pick = calloc((size_t)pc->m + 1, sizeof *pc->pick);
	if (!pc->acc || !pc->path || !pc->pick)
		goto fail;
	*out = pc;
	return LO_OK;
fail:
	parclass_free(pc);
	return rc;
}

/* One enumeration of count vectors: all of them (p < 0: counts by par),
 * or those of x's weight exactly p that are minimal in their coset (a
 * board drawn among them, each weighed by 1 / its minimal solutions so
 * every board of par p is equally likely). */
typedef struct walk {
	int p;
	double *counts;
	int maxp, top;
	rng *g;
	double total;		/* draw: the boards seen so far */
	uint64_t work;
	bool over;
	bool first;		/* stop at the first board of par p (found: total > 0) */
} walk;

static double unit(rng *g)
{
	return (double)(rng_next(g) >> 11) * 0x1p-53;
}

static void parclass_leaf(parclass *pc, walk *w, double mult)
{
	const int *acc = pc->acc + (size_t)pc->m * (size_t)pc->kn;
	int lo = acc[0], ties = 0;
	for (int t = 0; t < pc->kn; t++)
		if (acc[t] < lo)
			lo = acc[t], ties = 1;
		else
			ties += acc[t] == lo;
	if (acc[0] != lo)
		return;		/* x is not a minimal solution of its board */
	if (w->p < 0) {
		if (lo > w->top)
			w->top = lo;
		if (lo <= w->maxp)
			w->counts[lo] += mult / ties;
		return;
	}
	if (lo != w->p)
		return;
	double boards = mult / ties;
	w->total += boards;
	if (w->first) {
		w->over = true;
		return;
	}
	if (unit(w->g) * w->total < boards)	/* a reservoir of one, weighed */
		memcpy(pc->pick, pc->path, (size_t)pc->m * sizeof *pc->pick);
}

static void parclass_visit(parclass *pc, walk *w, int c, double mult)
{
	if (c == pc->m) {
		parclass_leaf(pc, w, mult);
		return;
	}
	int kn = pc->kn, k = pc->k;
	const int *acc = pc->acc + (size_t)c * (size_t)kn;
	int *next = pc->acc + (size_t)(c + 1) * (size_t)kn;
	const uint8_t *sh = pc->shift + (size_t)c * (size_t)kn;
	if (w->p >= 0) {
		/* x must reach exactly p and every x + c_t at least p: with
		 * the weight left to place, can each still get there? */
		int left = w->p - acc[0];
		if (left > pc->rest[c])
			return;
		if (pc->gain) {
			size_t row = (size_t)pc->top + 1, step = ((size_t)pc->m + 1) * row;
			const int *g = pc->gain + (size_t)c * row + (size_t)left;
			for (int t = 0; t < kn; t++, g += step)
				if (*g == NONE || acc[t] - acc[0] + *g < 0)
					return;
		} else {
			int lo = acc[0];
			for (int t = 1; t < kn; t++)
				if (acc[t] < lo)
					lo = acc[t];
			if (lo + pc->rest[c] < w->p)
				return;
		}
	}
	for (int h = pc->hfirst[c]; h < pc->hfirst[c + 1]; h++) {
		const int *wt = pc->weight + (size_t)h * (size_t)k;
		if (w->p >= 0 && acc[0] + wt[0] > w->p)
			continue;
		if ((w->work += (uint64_t)kn) > PARCLASS_BUDGET) {
			w->over = true;
			return;
		}
		for (int t = 0; t < kn; t++)
			next[t] = acc[t] + wt[sh[t]];
		pc->path[c] = h;
		parclass_visit(pc, w, c + 1, mult * pc->mult[h]);
		if (w->over)
			return;
	}
}

/* Whether visiting every count vector fits the budget (5x5: 2430 x 4). */
static bool parclass_few(const parclass *pc)
{
	double leaves = pc->kn;
	for (int c = 0; c < pc->m && leaves <= PARCLASS_BUDGET; c++)
		leaves *= pc->hfirst[c + 1] - pc->hfirst[c];
	return leaves <= PARCLASS_BUDGET;
}

lo_result parclass_counts(parclass *pc, double *counts, int maxp, int *top)
{
	walk w = { .p = -1, .counts = counts, .maxp = maxp };
	if (!parclass_few(pc))
		return LO_TOO_LARGE;
	memset(counts, 0, ((size_t)maxp + 1) * sizeof *counts);
	memset(pc->acc, 0, (size_t)pc->kn * sizeof *pc->acc);
	parclass_visit(pc, &w, 0, 1);
	if (w.over)
		return LO_TOO_LARGE;
	/* Each board was counted as its minimal solutions, each 1 / ties. */
	for (int p = 0; p <= maxp; p++)
		counts[p] = round(counts[p]);
	*top = w.top;
	return LO_OK;
}

static bool parclass_few(const parclass *pc);

/* One random press set of weight p, uniform among them: cell by cell, each
 * value as likely as the press sets of the cells left that complete it. */
static void parclass_random(const parclass *pc, int p, rng *g, uint8_t *x)
{
	int n = pc->n, k = pc->k, q = p;
	size_t row = (size_t)pc->top + 1;
	for (int i = 0; i < n; i++) {
		const double *after = pc->ways + (size_t)(n - 1 - i) * row;
		double r = unit(g) * pc->ways[(size_t)(n - i) * row + (size_t)q];
		int v = 0, w = 0;
		for (; v < k; v++) {
			w = cell_weight(v, k, pc->fwd);
			if (w <= q && (r -= after[q - w]) < 0)
				break;
		}
		if (v == k)	/* rounding: the last value that fits */
			for (v = k - 1; (w = cell_weight(v, k, pc->fwd)) > q || after[q - w] == 0; v--)
				;
		x[i] = (uint8_t)v;
		q -= w;
	}
}

/* Random press sets of weight p, each kept when it is minimal in its coset
 * and then with chance 1 / its ties (so each board of par p is as likely
 * as another): quick while most press sets of weight p are minimal, as
 * they are for all but the highest pars.  true with x set; false when
 * `work` ran out first. */
static bool parclass_tries(parclass *pc, int p, rng *g, uint8_t *x, uint64_t work)
{
	int n = pc->n, k = pc->k, kn = pc->kn;
	int cw[36];
	if (!pc->ways || pc->ways[(size_t)n * ((size_t)pc->top + 1) + (size_t)p] == 0)
		return false;
	for (int v = 0; v < k; v++)
		cw[v] = cell_weight(v, k, pc->fwd);
	for (uint64_t spent = 0; spent < work; spent += (uint64_t)kn * (uint64_t)n) {
		parclass_random(pc, p, g, x);
		int ties = 1;
		bool minimal = true;
		for (int t = 1; t < kn && minimal; t++) {
			int w = 0;
			for (int i = 0; i < n; i++)
				w += cw[(x[i] + pc->shift[(size_t)pc->cls[i] * (size_t)kn + (size_t)t]) % k];
			minimal = w >= p;
			ties += w == p;
		}
		if (minimal && rng_below(g, (uint32_t)ties) == 0)
			return true;
	}
	return false;
}

/* Whether a board of par p exists: LO_OK yes, LO_REFUSED no. */
static lo_result parclass_exists(parclass *pc, int p, rng *g, uint8_t *x)
{
	if (p < 0 || p > pc->top)
		return LO_REFUSED;
	if (!parclass_few(pc) && parclass_tries(pc, p, g, x, PARCLASS_BUDGET))
		return LO_OK;
	walk w = { .p = p, .first = true };
	memset(pc->acc, 0, (size_t)pc->kn * sizeof *pc->acc);
	parclass_visit(pc, &w, 0, 1);
	return w.total > 0 ? LO_OK : w.over ? LO_TOO_LARGE : LO_REFUSED;
}

lo_result parclass_max(parclass *pc, int *top)
{
	/* The pars are 0 .. the largest, every one: one unit off a minimal
	 * press set leaves one (each x + c_t loses at most that unit). */
	uint8_t *x = malloc((size_t)pc->n);
	if (!x)
		return LO_NOMEM;
	rng g;
	rng_seed(&g, 1);
	int lo = 0, hi = pc->top;
	while (lo < hi) {
		int mid = lo + (hi - lo + 1) / 2;
		lo_result rc = parclass_exists(pc, mid, &g, x);
		if (rc == LO_OK)
			lo = mid;
		else if (rc == LO_REFUSED)
			hi = mid - 1;
		else {
			free(x);
			return rc;
		}
	}
	free(x);
	*top = lo;
	return LO_OK;
}

lo_result parclass_draw(parclass *pc, int p, rng *g, uint8_t *x)
{
	if (p < 0 || p > pc->top)
		return LO_REFUSED;
	/* Random tries first, unless the walk is as quick and exact anyway. */
	if (!parclass_few(pc) && parclass_tries(pc, p, g, x, PARCLASS_BUDGET))
		return LO_OK;
	walk w = { .p = p, .g = g };
	memset(pc->acc, 0, (size_t)pc->kn * sizeof *pc->acc);
	parclass_visit(pc, &w, 0, 1);
	if (w.over)
		return LO_TOO_LARGE;
	if (w.total == 0)
		return LO_REFUSED;
	/* The counts chosen, placed on the class's cells in a random order. */
	for (int c = 0; c < pc->m; c++) {
		int *cells = pc->cells + pc->start[c], size = pc->start[c + 1] - pc->start[c];
		for (int i = size - 1; i > 0; i--) {
			int j = (int)rng_below(g, (uint32_t)i + 1), tmp = cells[i];
			cells[i] = cells[j];
			cells[j] = tmp;
		}
		const uint16_t *h = pc->counts + (size_t)pc->pick[c] * (size_t)pc->k;
		for (int v = 0, i = 0; v < pc->k; v++)
			for (int j = 0; j < h[v]; j++)
				x[cells[i++]] = (uint8_t)v;
	}
	return LO_OK;
}
