#include "engine/system.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/bignum.h"
#include "engine/band.h"
#include "engine/bandorder.h"
#include "engine/chase.h"
#include "engine/chaseshape.h"
#include "engine/crossred.h"
#include "engine/gf2.h"
#include "engine/zband.h"
#include "engine/zchase.h"
#include "engine/zlu.h"

struct lo_system {
	int rows, cols, k, n;
	int rank, nullity;
	uint8_t *kernel;	/* nullity x n */
	int *order;		/* nullity */

	/* k = 2: [R | E] with E A = R in reduced row echelon form. */
	gf2_mat *re;
	int *pivcol;

	/* k > 2: P A Q = L E by prime-power parts. */
	zlu *lu;

	/* The classic rule on big boards: light chasing; over Z/k, every
	 * chaseable rule. */
	chase *ch;
	zchase *zc;
	bool transposed;	/* zc chases the transposed board (fewer unknowns) */

	/* Other local rules on big boards: banded elimination; the transposed
	 * rule's band gives left-kernel vectors for certificates. */
	band *bd, *bd_t;
	zband *zb, *zb_t;	/* the same over Z/k */
	rule r;

	/* The cross rule on big boards: R + C unknowns instead of R * C. */
	crossred *cr;
};

/* Light chasing takes over from dense elimination above this many cells
 * (it is far faster; below, the brute-force-tested dense path stays). */
#define CHASE_MIN_UNKNOWNS 400
/* Quiet patterns kept for searching, in bytes. */
#define KERNEL_MAX_BYTES (1u << 28)

/* The classic rule without torus is chased to giant sizes; other chaseable
 * rules (torus, masks) sweep a vector per unknown, so less far. */
static bool chase_applies(int rows, int cols, const rule *r, int k)
{
	bool classic = rule_is_classic(r);
	int side = classic ? SYSTEM_MAX_SIDE_CHASE : SYSTEM_MAX_SIDE_SWEEP;
	return k == 2 && rule_is_uniform(r) && rows <= side && cols <= side && (classic || r->torus) &&
	       chaseshape_supports(r, rows, cols);
}

/* k > 2: the chase leaves a dense system on the first row(s) of presses. */
static bool zchase_applies_as(int rows, int cols, const rule *r, int k)
{
	if (k <= 2 || !rule_is_uniform(r))
		return false;
	bool classic = rule_is_classic(r);
	long long u = zchase_unknowns(r, rows, cols);
	return u > 0 && u <= SYSTEM_MAX_UNKNOWNS_ZCHASE &&
	       rows <= (classic ? SYSTEM_MAX_SIDE_CHASE : SYSTEM_MAX_SIDE_SWEEP);
}

/* The rule on the transposed board: a press's offsets with rows and
 * columns swapped (plus stays plus). */
static void transpose_rule(const rule *r, rule *t)
{
	*t = *r;
	for (int i = 0; i < r->n; i++) {
		t->dr[i] = r->dc[i];
		t->dc[i] = r->dr[i];
	}
}

/* Chased as it is, or transposed when that leaves the unknowns within
 * bounds (a wide board: its rows are short). */
static bool zchase_applies(int rows, int cols, const rule *r, int k)
{
	rule t;
	transpose_rule(r, &t);
	return zchase_applies_as(rows, cols, r, k) || (!r->lines && zchase_applies_as(cols, rows, &t, k));
}

static bool cross_applies(int rows, int cols, const rule *r, int k)
{
	return r->lines && rows + cols <= (k == 2 ? SYSTEM_MAX_LINES_GF2 : SYSTEM_MAX_LINES_ZMOD);
}

/* Any k up to SYSTEM_MAX_UNKNOWNS_BAND cells; past that, k = 2 (a bit a
 * cell in the rows and a bit a row operation) while cells x width fit. */
static bool band_applies(int rows, int cols, const rule *r, int k)
{
	long long n = (long long)rows * cols;
	return rule_is_uniform(r) && !r->lines &&
	       (n <= SYSTEM_MAX_UNKNOWNS_BAND || (k == 2 && rows <= SYSTEM_MAX_SIDE_CHASE && cols <= SYSTEM_MAX_SIDE_CHASE &&
						  n * bandorder_width_bound(rows, cols, r) <= SYSTEM_MAX_BAND_AREA));
}

bool system_fits(int rows, int cols, const rule *r, int k)
{
	long long n = (long long)rows * cols;
	if (rows < 1 || cols < 1 || k < BOARD_MIN_K || k > BOARD_MAX_K)
		return false;
	return chase_applies(rows, cols, r, k) || zchase_applies(rows, cols, r, k) || band_applies(rows, cols, r, k) || cross_applies(rows, cols, r, k) ||
	       n <= (k == 2 ? SYSTEM_MAX_UNKNOWNS_GF2 : SYSTEM_MAX_UNKNOWNS_ZMOD);
}

void system_limit_message(int rows, int cols, const rule *r, int k, char *buf, size_t len)
{
	if (!rule_is_uniform(r))
		snprintf(buf, len, "%dx%d has %lld cells; cells with their own press sets are solved up to %d (k = 2) or %d",
			 rows, cols, (long long)rows * cols, SYSTEM_MAX_UNKNOWNS_GF2, SYSTEM_MAX_UNKNOWNS_ZMOD);
	else if (k == 2 && rule_is_classic(r))
		snprintf(buf, len, "%dx%d is too large: the classic rule is solved up to %dx%d", rows, cols,
			 SYSTEM_MAX_SIDE_CHASE, SYSTEM_MAX_SIDE_CHASE);
	else if (k == 2 && r->torus && chaseshape_supports(r, rows, cols))
		snprintf(buf, len, "%dx%d is too large: this rule with --torus is solved up to %dx%d", rows, cols,
			 SYSTEM_MAX_SIDE_SWEEP, SYSTEM_MAX_SIDE_SWEEP);
	else if (k > 2 && zchase_unknowns(r, rows, cols) > 0)
		snprintf(buf, len,
			 "%dx%d is too large: with k > 2 this rule is solved while its chase (along the rows or the "
			 "columns) leaves at most %d unknowns (%d with this shape) and runs at most %d lines",
			 rows, cols, SYSTEM_MAX_UNKNOWNS_ZCHASE, zchase_unknowns(r, rows, cols),
			 rule_is_classic(r) ? SYSTEM_MAX_SIDE_CHASE : SYSTEM_MAX_SIDE_SWEEP);
	else if (r->lines)
		snprintf(buf, len, "%dx%d is too large: the cross rule is solved while rows + columns <= %d (k = 2) or %d",
			 rows, cols, SYSTEM_MAX_LINES_GF2, SYSTEM_MAX_LINES_ZMOD);
	else if (band_applies(rows, cols, r, k))
		snprintf(buf, len,
			 "%dx%d: with k = %d the banded elimination leaves more than %d unknowns without a unit "
			 "pivot, past what is solved densely",
			 rows, cols, k, ZBAND_MAX_SCHUR);
	else if (k == 2)
		snprintf(buf, len,
			 "%dx%d is too large: with k = 2 local rules are solved while cells x band width (%lld x %lld "
			 "here; the shorter side times the mask's reach, twice that on a torus) stay within %lld",
			 rows, cols, (long long)rows * cols, bandorder_width_bound(rows, cols, r), SYSTEM_MAX_BAND_AREA);
	else
		snprintf(buf, len, "%dx%d has %lld cells; with k > 2 local rules are solved up to %d cells", rows, cols,
			 (long long)rows * cols, SYSTEM_MAX_UNKNOWNS_BAND);
}

/* out (cols x rows) = the transpose of a (rows x cols). */
static void transpose_cells(const uint8_t *a, int rows, int cols, uint8_t *out)
{
	for (int i = 0; i < rows; i++)
		for (int j = 0; j < cols; j++)
			out[(size_t)j * rows + i] = a[(size_t)i * cols + j];
}

static int kernel_of(const lo_system *s, int i, uint8_t *x)
{
	if (s->ch)
		return chase_kernel(s->ch, i, x);
	if (s->zc && s->transposed) {
		uint8_t *t = malloc((size_t)s->n + 1);
		int rc = t ? zchase_kernel(s->zc, i, t) : -1;
		if (rc == 0)
			transpose_cells(t, s->cols, s->rows, x);
		free(t);
		return rc;
	}
	if (s->zc)
		return zchase_kernel(s->zc, i, x);
	if (s->zb)
		return zband_kernel(s->zb, i, x);
	if (s->cr) {
		crossred_kernel(s->cr, i, x);
		return 0;
	}
	return band_kernel(s->bd, i, x);
}

/* Quiet patterns for a structured backend (chase or band), kept while they
 * fit in memory. */
static int keep_kernel(lo_system *s)
{
	s->rank = s->n - s->nullity;
	s->order = malloc(((size_t)s->nullity + 1) * sizeof *s->order);
	if (!s->order)
		return -1;
	for (int i = 0; i < s->nullity; i++)
		s->order[i] = s->cr ? crossred_order(s->cr, i) : s->zc ? zchase_order(s->zc, i)
			      : s->zb ? zband_order(s->zb, i) : 2;
	if ((double)s->nullity * s->n > KERNEL_MAX_BYTES)
		return 0;
	s->kernel = calloc((size_t)s->nullity * (size_t)s->n + 1, 1);
	if (!s->kernel)
		return 0;	/* optional: the search just cannot run */
	for (int i = 0; i < s->nullity; i++)
		if (kernel_of(s, i, s->kernel + (size_t)i * (size_t)s->n) < 0)
			return -1;
	return 0;
}

/* -2: the band's dense remainder is too big (zband's LO_TOO_LARGE). */
static int build_band(lo_system *s, const rule *r)
{
	lo_result st = LO_NOMEM;
	if (s->k == 2)
		s->bd = band_new(s->rows, s->cols, r);
	else
		st = zband_create(s->rows, s->cols, r, s->k, &s->zb);
	if (!s->bd && !s->zb)
		return st == LO_TOO_LARGE ? -2 : -1;
	s->nullity = s->bd ? band_nullity(s->bd) : zband_nullity(s->zb);
	if (s->nullity > 0 && !rule_is_symmetric(r)) {
		/* The transposed rule's kernel is A's left kernel: certificates. */
		rule t = *r;
		for (int i = 0; i < t.n; i++) {
			t.dr[i] = (signed char)-t.dr[i];
			t.dc[i] = (signed char)-t.dc[i];
		}
		if (s->k == 2)
			s->bd_t = band_new(s->rows, s->cols, &t);
		else
			st = zband_create(s->rows, s->cols, &t, s->k, &s->zb_t);
		if (!s->bd_t && !s->zb_t)
			return st == LO_TOO_LARGE ? -2 : -1;
	}
	return keep_kernel(s);
}

static int build_cross(lo_system *s)
{
	s->cr = crossred_new(s->rows, s->cols, s->k);
	if (!s->cr)
		return -1;
	s->nullity = crossred_nullity(s->cr);
	return keep_kernel(s);
}

static int build_chase(lo_system *s)
{
	s->ch = chase_new(s->rows, s->cols, &s->r);
	if (!s->ch)
		return -1;
	s->nullity = chase_nullity(s->ch);
	if (s->nullity < 0)
		return -1;
	return keep_kernel(s);
}

static int build_zchase(lo_system *s)
{
	if (zchase_applies_as(s->rows, s->cols, &s->r, s->k))
		s->zc = zchase_new(s->rows, s->cols, &s->r, s->k);
	else {
		rule t;
		transpose_rule(&s->r, &t);
		s->transposed = true;
		s->zc = zchase_new(s->cols, s->rows, &t, s->k);
	}
	if (!s->zc)
		return -1;
	s->nullity = zchase_nullity(s->zc);
	return keep_kernel(s);
}

static int build_gf2(lo_system *s, const rule *r)
{
	int n = s->n;
	int *nb = malloc((size_t)rule_max_cells(r, s->rows, s->cols) * sizeof *nb);
	s->re = gf2_new(n, 2 * n);
	s->pivcol = malloc((size_t)n * sizeof *s->pivcol);
	if (!nb || !s->re || !s->pivcol) {
		free(nb);
		return -1;
	}
	/* Row i of A lists the presses that change cell i: for the symmetric
	 * rules that is the neighbourhood of i, but build it from columns so
	 * asymmetric masks are right too. */
	for (int j = 0; j < n; j++) {
		int m = rule_neighbours(r, s->rows, s->cols, j / s->cols, j % s->cols, nb);
		for (int t = 0; t < m; t++)
			gf2_set(s->re, nb[t], j, 1);
	}
	free(nb);
	for (int i = 0; i < n; i++)
		gf2_set(s->re, i, n + i, 1);
	s->rank = gf2_rref(s->re, n, s->pivcol);
	if (s->rank < 0)
		return -1;
	s->nullity = n - s->rank;
	s->kernel = calloc((size_t)s->nullity * n + 1, 1);
	s->order = malloc(((size_t)s->nullity + 1) * sizeof *s->order);
	if (!s->kernel || !s->order)
		return -1;
	if (gf2_kernel(s->re, n, s->rank, s->pivcol, s->kernel) < 0)
		return -1;
	for (int q = 0; q < s->nullity; q++)
		s->order[q] = 2;
	return 0;
}

static int build_zmod(lo_system *s, const rule *r)
{
	size_t n = (size_t)s->n;
	uint8_t *a = calloc(n * n + 1, 1);
	int *nb = malloc((size_t)rule_max_cells(r, s->rows, s->cols) * sizeof *nb);
	int rc = -1;
	if (!a || !nb)
		goto out;
	for (size_t j = 0; j < n; j++) {
		int m = rule_neighbours(r, s->rows, s->cols, (int)j / s->cols, (int)j % s->cols, nb);
		for (int t = 0; t < m; t++)
			a[(size_t)nb[t] * n + j] = 1;
	}
	s->lu = zlu_new(a, s->n, s->k);
	if (!s->lu)
		goto out;
	s->nullity = zlu_nullity(s->lu);
	s->rank = s->n - s->nullity;
	s->kernel = calloc((size_t)s->nullity * n + 1, 1);
	s->order = malloc(((size_t)s->nullity + 1) * sizeof *s->order);
	if (!s->kernel || !s->order)
		goto out;
	for (int i = 0; i < s->nullity; i++) {
		s->order[i] = zlu_order(s->lu, i);
		if (zlu_kernel(s->lu, i, s->kernel + (size_t)i * n) < 0)
			goto out;
	}
	rc = 0;
out:
	free(a);
	free(nb);
	return rc;
}

lo_system *system_new(int rows, int cols, const rule *r, int k)
{
	lo_system *s = NULL;
	system_create(rows, cols, r, k, &s);
	return s;
}

/* An empty system of that shape, NULL when out of memory. */
static lo_system *system_blank(int rows, int cols, const rule *r, int k)
{
	lo_system *s = calloc(1, sizeof *s);
	if (!s)
		return NULL;
	s->rows = rows;
	s->cols = cols;
	s->k = k;
	s->n = rows * cols;
	s->r = *r;
	return s;
}

lo_result system_create(int rows, int cols, const rule *r, int k, lo_system **out)
{
	*out = NULL;
	if (!system_fits(rows, cols, r, k))
		return LO_TOO_LARGE;
	lo_system *s = system_blank(rows, cols, r, k);
	if (!s)
		return LO_NOMEM;
	int rc;
	if (chase_applies(rows, cols, r, k) && s->n > CHASE_MIN_UNKNOWNS)
		rc = build_chase(s);
	else if (zchase_applies(rows, cols, r, k) && s->n > CHASE_MIN_UNKNOWNS)
		rc = build_zchase(s);
	else if (band_applies(rows, cols, r, k) && s->n > CHASE_MIN_UNKNOWNS)
		rc = build_band(s, r);
	else if (cross_applies(rows, cols, r, k) && s->n > CHASE_MIN_UNKNOWNS)
		rc = build_cross(s);
	else
		rc = k == 2 ? build_gf2(s, r) : build_zmod(s, r);
	if (rc == -2) {
		/* The band's dense remainder is too big: dense, where it fits. */
		system_free(s);
		if ((long long)rows * cols > SYSTEM_MAX_UNKNOWNS_ZMOD)
			return LO_TOO_LARGE;
		if (!(s = system_blank(rows, cols, r, k)))
			return LO_NOMEM;
		rc = build_zmod(s, r);
	}
	if (rc < 0) {
		system_free(s);
		return LO_NOMEM;
	}
	*out = s;
	return LO_SOLVED;
}

void system_free(lo_system *s)
{
	if (!s)
		return;
	free(s->kernel);
	free(s->order);
	gf2_free(s->re);
	free(s->pivcol);
	zlu_free(s->lu);
	chase_free(s->ch);
	zchase_free(s->zc);
	band_free(s->bd);
	band_free(s->bd_t);
	zband_free(s->zb);
	zband_free(s->zb_t);
	crossred_free(s->cr);
	free(s);
}

int system_rows(const lo_system *s) { return s->rows; }
int system_cols(const lo_system *s) { return s->cols; }
int system_k(const lo_system *s) { return s->k; }
int system_unknowns(const lo_system *s) { return s->n; }
int system_rank(const lo_system *s) { return s->rank; }
int system_nullity(const lo_system *s) { return s->nullity; }

const uint8_t *system_kernel(const lo_system *s, int i)
{
	return s->kernel + (size_t)i * (size_t)s->n;
}

bool system_has_kernel(const lo_system *s)
{
	return s->kernel != NULL;
}

int system_kernel_order(const lo_system *s, int i)
{
	return s->order[i];
}

int system_press_bound(const lo_system *s, const uint8_t *x, bool fwd)
{
	board *b = board_new(s->rows, s->cols, s->k);
	if (!b)
		return 0;
	rule_apply(&s->r, b, x);
	long long need = 0;
	for (int i = 0; i < s->n; i++) {
		int v = b->cells[i];	/* A x: what the presses change here */
		need += fwd || 2 * v <= s->k ? v : s->k - v;
	}
	board_free(b);
	long long m = rule_max_cells(&s->r, s->rows, s->cols);
	return (int)((need + m - 1) / m);
}

void system_count(const lo_system *s, char *buf, size_t len)
{
	bignum_product(s->order, s->nullity, buf, len);
}

static lo_result solve_zmod(const lo_system *s, const uint8_t *cells, uint8_t *x, uint8_t *cert)
{
	uint8_t *c = malloc((size_t)s->n + 1);
	if (!c)
		return LO_NOMEM;
	for (int j = 0; j < s->n; j++)
		c[j] = (uint8_t)((s->k - cells[j]) % s->k);	/* A x = -b */
	lo_result st = zlu_solve(s->lu, c, x, cert);
	free(c);
	return st;
}

lo_result system_solve(const lo_system *s, const uint8_t *cells, uint8_t *x, uint8_t *cert)
{
	if (s->ch)
		return chase_solve(s->ch, cells, x, cert);
	if (s->zc && s->transposed) {
		size_t n = (size_t)s->n;
		uint8_t *t = malloc(3 * n + 1);
		if (!t)
			return LO_NOMEM;
		transpose_cells(cells, s->rows, s->cols, t);
		lo_result st = zchase_solve(s->zc, t, t + n, cert ? t + 2 * n : NULL);
		if (st == LO_SOLVED)
			transpose_cells(t + n, s->cols, s->rows, x);
		else if (st == LO_UNSOLVABLE && cert)
			transpose_cells(t + 2 * n, s->cols, s->rows, cert);
		free(t);
		return st;
	}
	if (s->zc)
		return zchase_solve(s->zc, cells, x, cert);
	if (s->cr)
		return crossred_solve(s->cr, cells, x, cert);
	if (s->zb) {
		lo_result st = zband_solve(s->zb, cells, x);
		if (st != LO_UNSOLVABLE)
			return st;
		/* Some left-kernel generator is not orthogonal to b. */
		const zband *left = s->zb_t ? s->zb_t : s->zb;
		for (int i = 0; cert && i < zband_nullity(left); i++) {
			if (zband_kernel(left, i, cert) < 0)
				return LO_NOMEM;
			long dot = 0;
			for (int j = 0; j < s->n; j++)
				dot += cert[j] * cells[j];
			if (dot % s->k)
				break;
		}
		return LO_UNSOLVABLE;
	}
	if (s->bd) {
		lo_result st = band_solve(s->bd, cells, x);
		if (st != LO_UNSOLVABLE)
			return st;
		/* Some left-kernel vector overlaps b oddly: find it. */
		const band *left = s->bd_t ? s->bd_t : s->bd;
		for (int i = 0; cert && i < band_nullity(left); i++) {
			if (band_kernel(left, i, cert) < 0)
				return LO_NOMEM;
			int dot = 0;
			for (int j = 0; j < s->n; j++)
				dot ^= cert[j] & cells[j];
			if (dot)
				break;
		}
		return LO_UNSOLVABLE;
	}
	if (s->k == 2)	/* -b = b */
		return gf2_solve(s->re, s->n, s->rank, s->pivcol, cells, x, cert);
	return solve_zmod(s, cells, x, cert);
}
