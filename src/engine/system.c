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
#include "i18n.h"

typedef struct backend backend;

struct lo_system {
	int rows, cols, k, n;
	int rank, nullity;
	bool counts_only;	/* system_create_counts: no kernel listed */
	int threads;		/* system_ctl: what the builds may run on */
	double kernel_max;	/* system_ctl: bytes of quiet patterns kept at most */
	uint8_t *kernel;	/* nullity x n */
	int *order;		/* nullity */
	rule r;
	/* The solver that took the board, and its own state: what `impl` (and
	 * `left`, the transposed rule's for certificates) points to is the
	 * backend's business alone. */
	const backend *be;
	void *impl, *left;
	/* k = 2 dense: [R | E] with E A = R in reduced row echelon form. */
	int *pivcol;
};

/* One way to solve: when it takes a board, how it is built, solved and
 * freed, and (for the structured ones) its quiet patterns and their
 * orders, read once at build into s->kernel.  Dense backends fill
 * s->kernel themselves and leave kernel_of NULL. */
struct backend {
	const char *name;
	bool (*applies)(int rows, int cols, const rule *r, int k);
	/* A shape of its kind at any size, and its limit in words. */
	bool (*owns)(int rows, int cols, const rule *r, int k);
	void (*limit)(int rows, int cols, const rule *r, int k, char *buf, size_t len);
	/* What its build takes, before it runs (system_cost). */
	void (*cost)(int rows, int cols, const rule *r, int k, system_cost *c);
	lo_result (*build)(lo_system *s);	/* LO_OK, LO_NOMEM, LO_TOO_LARGE here */
	lo_result (*solve)(const lo_system *s, const uint8_t *cells, uint8_t *x, uint8_t *cert);
	lo_result (*kernel_of)(const lo_system *s, int i, uint8_t *x);
	int (*order_of)(const lo_system *s, int i);
	void (*free)(void *impl);
};

/* Light chasing takes over from dense elimination above this many cells
 * (it is far faster; below, the brute-force-tested dense path stays). */
#define CHASE_MIN_UNKNOWNS 400
/* Quiet patterns kept for searching, in bytes. */
#define KERNEL_MAX_BYTES (1u << 28)

static bool band_applies(int rows, int cols, const rule *r, int k);

/* Other local rules without torus, past the band's reach: the chase
 * (diagonal unless the mask's bottom row is one cell) while the unknowns
 * it leaves and its sweep stay within bounds. */
static bool diag_owns(int rows, int cols, const rule *r, int k)
{
	return k == 2 && rule_is_uniform(r) && !r->torus && !rule_is_classic(r) &&
	       chaseshape_diag_unknowns(r, rows, cols) > 0;
}

static bool diag_applies(int rows, int cols, const rule *r, int k)
{
	if (!diag_owns(rows, cols, r, k) || band_applies(rows, cols, r, k))
		return false;
	double u = (double)chaseshape_diag_unknowns(r, rows, cols);
	if (chase_builds_fast(r, rows, cols))
		return u <= SYSTEM_MAX_UNKNOWNS_DIAG;
	return u <= SYSTEM_MAX_UNKNOWNS_GF2 && (double)rows * cols * u <= SYSTEM_MAX_DIAG_WORK;
}

/* The classic rule without torus is chased to giant sizes; other chaseable
 * rules (torus, masks) sweep a vector per unknown, so less far. */
static bool chase_applies(int rows, int cols, const rule *r, int k)
{
	bool classic = rule_is_classic(r);
	int side = classic ? SYSTEM_MAX_SIDE_CHASE : SYSTEM_MAX_SIDE_SWEEP;
	return (k == 2 && rule_is_uniform(r) && rows <= side && cols <= side && (classic || r->torus) &&
		chaseshape_supports(r, rows, cols)) ||
	       diag_applies(rows, cols, r, k);
}

/* k > 2: the chase leaves a dense system on the first row(s) of presses. */
static bool zchase_applies_as(int rows, int cols, const rule *r, int k)
{
	if (k <= 2 || !rule_is_uniform(r))
		return false;
	bool classic = rule_is_classic(r);
	long long u = zchase_unknowns(r, rows, cols);
	/* The classic rule's system goes through polynomials (zplus.c), not
	 * a dense u x u matrix. */
	return u > 0 && u <= (classic ? SYSTEM_MAX_SIDE_CHASE : SYSTEM_MAX_UNKNOWNS_ZCHASE) &&
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

/* ---- Each back end's limit in words: `owns` says whether a shape is of
 * its kind whatever its size (the first in the table that owns it speaks),
 * `limit` what it takes. */

static bool uniform_k2(const rule *r, int k)
{
	return rule_is_uniform(r) && k <= 2;
}

static bool chase_owns(int rows, int cols, const rule *r, int k)
{
	return uniform_k2(r, k) && k == 2 &&
	       (rule_is_classic(r) || (r->torus && chaseshape_supports(r, rows, cols)) || diag_owns(rows, cols, r, k));
}

static void chase_limit(int rows, int cols, const rule *r, int k, char *buf, size_t len)
{
	(void)k;
	if (rule_is_classic(r))
		snprintf(buf, len, _("%dx%d is too large: the classic rule is solved up to %dx%d"), rows, cols,
			 SYSTEM_MAX_SIDE_CHASE, SYSTEM_MAX_SIDE_CHASE);
	else if (r->torus)
		snprintf(buf, len, _("%dx%d is too large: this rule with --torus is solved up to %dx%d"), rows, cols,
			 SYSTEM_MAX_SIDE_SWEEP, SYSTEM_MAX_SIDE_SWEEP);
	else if (chase_builds_fast(r, rows, cols))
		snprintf(buf, len, _("%dx%d is too large: light chasing leaves %lld unknowns with this rule, more than %d"),
			 rows, cols, chaseshape_diag_unknowns(r, rows, cols), SYSTEM_MAX_UNKNOWNS_DIAG);
	else
		snprintf(buf, len,
			 _("%dx%d is too large: light chasing leaves %lld unknowns with this rule, and is solved while they "
			   "stay within %d and cells x unknowns within %.0f"),
			 rows, cols, chaseshape_diag_unknowns(r, rows, cols), SYSTEM_MAX_UNKNOWNS_GF2, SYSTEM_MAX_DIAG_WORK);
}

static bool zchase_owns(int rows, int cols, const rule *r, int k)
{
	return rule_is_uniform(r) && k > 2 && zchase_unknowns(r, rows, cols) > 0;
}

static void zchase_limit(int rows, int cols, const rule *r, int k, char *buf, size_t len)
{
	(void)k;
	snprintf(buf, len,
		 _("%dx%d is too large: with k > 2 this rule is solved while its chase (along the rows or the "
		   "columns) leaves at most %d unknowns (%d with this shape) and runs at most %d lines"),
		 rows, cols, rule_is_classic(r) ? SYSTEM_MAX_SIDE_CHASE : SYSTEM_MAX_UNKNOWNS_ZCHASE,
		 zchase_unknowns(r, rows, cols),
		 rule_is_classic(r) ? SYSTEM_MAX_SIDE_CHASE : SYSTEM_MAX_SIDE_SWEEP);
}

static bool band_gf2_owns(int rows, int cols, const rule *r, int k)
{
	(void)rows, (void)cols;
	return uniform_k2(r, k) && !r->lines;
}

static bool band_zmod_owns(int rows, int cols, const rule *r, int k)
{
	(void)rows, (void)cols;
	return rule_is_uniform(r) && k > 2 && !r->lines;
}

static void band_limit(int rows, int cols, const rule *r, int k, char *buf, size_t len)
{
	if (band_applies(rows, cols, r, k))
		snprintf(buf, len,
			 _("%dx%d: with k = %d the banded elimination leaves more than %d unknowns without a unit "
			   "pivot, past what is solved densely"),
			 rows, cols, k, ZBAND_MAX_SCHUR);
	else if (k == 2)
		snprintf(buf, len,
			 _("%dx%d is too large: with k = 2 local rules are solved while cells x band width (%lld x %lld "
			   "here; the shorter side times the mask's reach, twice that on a torus) stay within %lld"),
			 rows, cols, (long long)rows * cols, bandorder_width_bound(rows, cols, r), SYSTEM_MAX_BAND_AREA);
	else
		snprintf(buf, len, _("%dx%d has %lld cells; with k > 2 local rules are solved up to %d cells"), rows, cols,
			 (long long)rows * cols, SYSTEM_MAX_UNKNOWNS_BAND);
}

static bool cross_owns(int rows, int cols, const rule *r, int k)
{
	(void)rows, (void)cols, (void)k;
	return rule_is_uniform(r) && r->lines;
}

static void cross_limit(int rows, int cols, const rule *r, int k, char *buf, size_t len)
{
	(void)r, (void)k;
	snprintf(buf, len, _("%dx%d is too large: the cross rule is solved while rows + columns <= %d (k = 2) or %d"),
		 rows, cols, SYSTEM_MAX_LINES_GF2, SYSTEM_MAX_LINES_ZMOD);
}

static bool dense_gf2_owns(int rows, int cols, const rule *r, int k)
{
	(void)rows, (void)cols;
	return !rule_is_uniform(r) && k <= 2;
}

static bool dense_zmod_owns(int rows, int cols, const rule *r, int k)
{
	(void)rows, (void)cols;
	return !rule_is_uniform(r) && k > 2;
}

static void dense_limit(int rows, int cols, const rule *r, int k, char *buf, size_t len)
{
	(void)r, (void)k;
	snprintf(buf, len, _("%dx%d has %lld cells; cells with their own press sets are solved up to %d (k = 2) or %d"),
		 rows, cols, (long long)rows * cols, SYSTEM_MAX_UNKNOWNS_GF2, SYSTEM_MAX_UNKNOWNS_ZMOD);
}


/* out (cols x rows) = the transpose of a (rows x cols). */
static void transpose_cells(const uint8_t *a, int rows, int cols, uint8_t *out)
{
	for (int i = 0; i < rows; i++)
		for (int j = 0; j < cols; j++)
			out[(size_t)j * rows + i] = a[(size_t)i * cols + j];
}

/* Quiet patterns for a structured backend, kept while they fit in memory. */
static lo_result keep_kernel(lo_system *s)
{
	s->rank = s->n - s->nullity;
	s->order = malloc(((size_t)s->nullity + 1) * sizeof *s->order);
	if (!s->order)
		return LO_NOMEM;
	for (int i = 0; i < s->nullity; i++)
		s->order[i] = s->be->order_of ? s->be->order_of(s, i) : 2;
	if (s->counts_only || (double)s->nullity * s->n > s->kernel_max)
		return LO_OK;
	s->kernel = calloc((size_t)s->nullity * (size_t)s->n + 1, 1);
	if (!s->kernel)
		return LO_OK;	/* optional: the search just cannot run */
	for (int i = 0; i < s->nullity; i++)
		if (s->be->kernel_of(s, i, s->kernel + (size_t)i * (size_t)s->n) != LO_OK)
			return LO_NOMEM;
	return LO_OK;
}

/* ---- Light chasing, k = 2: the classic rule, and chaseable masks on a torus. */

static lo_result chase_build(lo_system *s)
{
	chase *c = chase_new_threads(s->rows, s->cols, &s->r, s->threads);
	if (!(s->impl = c) || (s->nullity = chase_nullity(c)) < 0)
		return LO_NOMEM;
	return keep_kernel(s);
}

static lo_result chase_solve_be(const lo_system *s, const uint8_t *cells, uint8_t *x, uint8_t *cert)
{
	return chase_solve(s->impl, cells, x, cert);
}

static lo_result chase_kernel_be(const lo_system *s, int i, uint8_t *x)
{
	return chase_kernel(s->impl, i, x);
}

static void chase_free_be(void *impl)
{
	chase_free(impl);
}

/* ---- Chasing over Z/k, on the board as it is or transposed (a wide
 * board: its rows are short, so fewer unknowns are left). */

static bool zchase_straight(int rows, int cols, const rule *r, int k)
{
	return zchase_applies_as(rows, cols, r, k);
}

static bool zchase_transposed(int rows, int cols, const rule *r, int k)
{
	return !zchase_straight(rows, cols, r, k) && zchase_applies(rows, cols, r, k);
}

static lo_result zchase_build(lo_system *s)
{
	zchase *c = zchase_new_threads(s->rows, s->cols, &s->r, s->k, s->threads);
	if (!(s->impl = c))
		return LO_NOMEM;
	s->nullity = zchase_nullity(c);
	return keep_kernel(s);
}

static lo_result zchase_build_t(lo_system *s)
{
	rule t;
	transpose_rule(&s->r, &t);
	zchase *c = zchase_new_threads(s->cols, s->rows, &t, s->k, s->threads);
	if (!(s->impl = c))
		return LO_NOMEM;
	s->nullity = zchase_nullity(c);
	return keep_kernel(s);
}

static lo_result zchase_solve_be(const lo_system *s, const uint8_t *cells, uint8_t *x, uint8_t *cert)
{
	return zchase_solve(s->impl, cells, x, cert);
}

static lo_result zchase_solve_t(const lo_system *s, const uint8_t *cells, uint8_t *x, uint8_t *cert)
{
	size_t n = (size_t)s->n;
	uint8_t *t = malloc(3 * n + 1);
	if (!t)
		return LO_NOMEM;
	transpose_cells(cells, s->rows, s->cols, t);
	lo_result st = zchase_solve(s->impl, t, t + n, cert ? t + 2 * n : NULL);
	if (st == LO_OK)
		transpose_cells(t + n, s->cols, s->rows, x);
	else if (st == LO_UNSOLVABLE && cert)
		transpose_cells(t + 2 * n, s->cols, s->rows, cert);
	free(t);
	return st;
}

static lo_result zchase_kernel_be(const lo_system *s, int i, uint8_t *x)
{
	return zchase_kernel(s->impl, i, x);
}

static lo_result zchase_kernel_t(const lo_system *s, int i, uint8_t *x)
{
	uint8_t *t = malloc((size_t)s->n + 1);
	lo_result rc = t ? zchase_kernel(s->impl, i, t) : LO_NOMEM;
	if (rc == LO_OK)
		transpose_cells(t, s->cols, s->rows, x);
	free(t);
	return rc;
}

static int zchase_order_be(const lo_system *s, int i)
{
	return zchase_order(s->impl, i);
}

static void zchase_free_be(void *impl)
{
	zchase_free(impl);
}

/* ---- Banded elimination of other local rules; the transposed rule's
 * band gives left-kernel vectors for certificates. */

static bool band_gf2_applies(int rows, int cols, const rule *r, int k)
{
	return k == 2 && band_applies(rows, cols, r, k);
}

static bool band_zmod_applies(int rows, int cols, const rule *r, int k)
{
	return k > 2 && band_applies(rows, cols, r, k);
}

/* The rule pressed backward: its kernel is A's left kernel. */
static void reverse_rule(const rule *r, rule *t)
{
	*t = *r;
	for (int i = 0; i < t->n; i++) {
		t->dr[i] = (signed char)-t->dr[i];
		t->dc[i] = (signed char)-t->dc[i];
	}
}

static lo_result band_build(lo_system *s)
{
	band *b = band_new(s->rows, s->cols, &s->r);
	if (!(s->impl = b))
		return LO_NOMEM;
	s->nullity = band_nullity(b);
	if (s->nullity > 0 && !rule_is_symmetric(&s->r)) {
		rule t;
		reverse_rule(&s->r, &t);
		if (!(s->left = band_new(s->rows, s->cols, &t)))
			return LO_NOMEM;
	}
	return keep_kernel(s);
}

static lo_result band_solve_be(const lo_system *s, const uint8_t *cells, uint8_t *x, uint8_t *cert)
{
	lo_result st = band_solve(s->impl, cells, x);
	if (st != LO_UNSOLVABLE)
		return st;
	/* Some left-kernel vector overlaps b oddly: find it. */
	const band *left = s->left ? s->left : s->impl;
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

static lo_result band_kernel_be(const lo_system *s, int i, uint8_t *x)
{
	return band_kernel(s->impl, i, x) < 0 ? LO_NOMEM : LO_OK;
}

static void band_free_be(void *impl)
{
	band_free(impl);
}

static lo_result zband_build(lo_system *s)
{
	zband *b = NULL;
	lo_result st = zband_create(s->rows, s->cols, &s->r, s->k, &b);
	if (!(s->impl = b))
		return st == LO_TOO_LARGE ? LO_TOO_LARGE : LO_NOMEM;
	s->nullity = zband_nullity(b);
	if (s->nullity > 0 && !rule_is_symmetric(&s->r)) {
		rule t;
		zband *l = NULL;
		reverse_rule(&s->r, &t);
		st = zband_create(s->rows, s->cols, &t, s->k, &l);
		if (!(s->left = l))
			return st == LO_TOO_LARGE ? LO_TOO_LARGE : LO_NOMEM;
	}
	return keep_kernel(s);
}

static lo_result zband_solve_be(const lo_system *s, const uint8_t *cells, uint8_t *x, uint8_t *cert)
{
	lo_result st = zband_solve(s->impl, cells, x);
	if (st != LO_UNSOLVABLE)
		return st;
	/* Some left-kernel generator is not orthogonal to b. */
	const zband *left = s->left ? s->left : s->impl;
	for (int i = 0; cert && i < zband_nullity(left); i++) {
		if (zband_kernel(left, i, cert) != LO_OK)
			return LO_NOMEM;
		long dot = 0;
		for (int j = 0; j < s->n; j++)
			dot += cert[j] * cells[j];
		if (dot % s->k)
			break;
	}
	return LO_UNSOLVABLE;
}

static lo_result zband_kernel_be(const lo_system *s, int i, uint8_t *x)
{
	return zband_kernel(s->impl, i, x);
}

static int zband_order_be(const lo_system *s, int i)
{
	return zband_order(s->impl, i);
}

static void zband_free_be(void *impl)
{
	zband_free(impl);
}

/* ---- The cross rule: R + C unknowns instead of R * C. */

static lo_result cross_build(lo_system *s)
{
	crossred *c = crossred_new_threads(s->rows, s->cols, s->k, s->threads);
	if (!(s->impl = c))
		return LO_NOMEM;
	s->nullity = crossred_nullity(c);
	return keep_kernel(s);
}

static lo_result cross_solve_be(const lo_system *s, const uint8_t *cells, uint8_t *x, uint8_t *cert)
{
	return crossred_solve(s->impl, cells, x, cert);
}

static lo_result cross_kernel_be(const lo_system *s, int i, uint8_t *x)
{
	crossred_kernel(s->impl, i, x);
	return LO_OK;
}

static int cross_order_be(const lo_system *s, int i)
{
	return crossred_order(s->impl, i);
}

static void cross_free_be(void *impl)
{
	crossred_free(impl);
}

/* ---- Dense elimination: any rule, any press sets, small boards. */

/* Dense elimination takes any rule, up to its size. */
static bool dense_gf2_applies(int rows, int cols, const rule *r, int k)
{
	(void)r;
	return k == 2 && (long long)rows * cols <= SYSTEM_MAX_UNKNOWNS_GF2;
}

static bool dense_zmod_applies(int rows, int cols, const rule *r, int k)
{
	(void)r;
	return k > 2 && (long long)rows * cols <= SYSTEM_MAX_UNKNOWNS_ZMOD;
}

static lo_result gf2_build(lo_system *s)
{
	int n = s->n;
	const rule *r = &s->r;
	int *nb = malloc((size_t)rule_max_cells(r, s->rows, s->cols) * sizeof *nb);
	gf2_mat *re = gf2_new(n, 2 * n);
	s->impl = re;
	s->pivcol = malloc((size_t)n * sizeof *s->pivcol);
	if (!nb || !re || !s->pivcol) {
		free(nb);
		return LO_NOMEM;
	}
	/* Row i of A lists the presses that change cell i: for the symmetric
	 * rules that is the neighbourhood of i, but build it from columns so
	 * asymmetric masks are right too. */
	for (int j = 0; j < n; j++) {
		int m = rule_neighbours(r, s->rows, s->cols, j / s->cols, j % s->cols, nb);
		for (int t = 0; t < m; t++)
			gf2_set(re, nb[t], j, 1);
	}
	free(nb);
	for (int i = 0; i < n; i++)
		gf2_set(re, i, n + i, 1);
	s->rank = gf2_rref_threads(re, n, s->pivcol, s->threads);
	if (s->rank < 0)
		return LO_NOMEM;
	s->nullity = n - s->rank;
	s->kernel = calloc((size_t)s->nullity * n + 1, 1);
	s->order = malloc(((size_t)s->nullity + 1) * sizeof *s->order);
	if (!s->kernel || !s->order)
		return LO_NOMEM;
	if (gf2_kernel(re, n, s->rank, s->pivcol, s->kernel) < 0)
		return LO_NOMEM;
	for (int q = 0; q < s->nullity; q++)
		s->order[q] = 2;
	return LO_OK;
}

static lo_result gf2_solve_be(const lo_system *s, const uint8_t *cells, uint8_t *x, uint8_t *cert)
{
	return gf2_solve(s->impl, s->n, s->rank, s->pivcol, cells, x, cert);	/* -b = b */
}

static void gf2_free_be(void *impl)
{
	gf2_free(impl);
}

static lo_result zmod_build(lo_system *s)
{
	size_t n = (size_t)s->n;
	const rule *r = &s->r;
	uint8_t *a = calloc(n * n + 1, 1);
	int *nb = malloc((size_t)rule_max_cells(r, s->rows, s->cols) * sizeof *nb);
	lo_result rc = LO_NOMEM;
	if (!a || !nb)
		goto out;
	for (size_t j = 0; j < n; j++) {
		int m = rule_neighbours(r, s->rows, s->cols, (int)j / s->cols, (int)j % s->cols, nb);
		for (int t = 0; t < m; t++)
			a[(size_t)nb[t] * n + j] = 1;
	}
	zlu *lu = zlu_new(a, s->n, s->k);
	if (!(s->impl = lu))
		goto out;
	s->nullity = zlu_nullity(lu);
	s->rank = s->n - s->nullity;
	s->kernel = calloc((size_t)s->nullity * n + 1, 1);
	s->order = malloc(((size_t)s->nullity + 1) * sizeof *s->order);
	if (!s->kernel || !s->order)
		goto out;
	for (int i = 0; i < s->nullity; i++) {
		s->order[i] = zlu_order(lu, i);
		if (zlu_kernel(lu, i, s->kernel + (size_t)i * n) != LO_OK)
			goto out;
	}
	rc = LO_OK;
out:
	free(a);
	free(nb);
	return rc;
}

static lo_result zmod_solve_be(const lo_system *s, const uint8_t *cells, uint8_t *x, uint8_t *cert)
{
	uint8_t *c = malloc((size_t)s->n + 1);
	if (!c)
		return LO_NOMEM;
	for (int j = 0; j < s->n; j++)
		c[j] = (uint8_t)((s->k - cells[j]) % s->k);	/* A x = -b */
	lo_result st = zlu_solve(s->impl, c, x, cert);
	free(c);
	return st;
}

static void zmod_free_be(void *impl)
{
	zlu_free(impl);
}

/* ---- What each build costs, from the sizes the build itself takes: its
 * largest allocations in bytes, its inner loops in byte operations (a
 * word of 64 cells counts 8).  Upper estimates, checked against measured
 * peaks (tests/engine/test_system.c, docs/hosting.md): a host bounds a
 * board's making by them (game/budget.c). */

/* The prime-power factors of k: the banded and dense eliminations over
 * Z/k work once per factor. */
static int prime_factors(int k)
{
	int f = 0;
	for (int p = 2; k > 1; p++)
		if (k % p == 0) {
			f++;
			while (k % p == 0)
				k /= p;
		}
	return f;
}

static double cells_of(int rows, int cols)
{
	return (double)rows * cols;
}

/* The chase sweeps a vector of its unknowns (bits) for each cell of a
 * ring of rows, then eliminates the unknowns densely; the classic rule's
 * polynomials take a few words a column. */
static void chase_cost(int rows, int cols, const rule *r, int k, system_cost *c)
{
	(void)k;
	double n = cells_of(rows, cols), u = (double)chaseshape_diag_unknowns(r, rows, cols);
	if (u <= 0)
		u = 2.0 * cols;
	c->bytes = 5 * cols * (u / 8 + 8) + u * u / 4 + 2 * n;
	c->work = n * r->n * (u / 8 + 8) + u * u * u / 256;
	if (chase_builds_fast(r, rows, cols)) {
		/* A chase a pattern, at a byte a cell: no vector per cell. */
		c->bytes = u * u / 4 + 3 * n;
		c->work = 8 * n * r->n + u * u * u / 256;
	}
}

/* Over Z/k a byte a value: the ring of rows and the dense system left. */
static void zchase_cost_as(int rows, int cols, const rule *r, int k, system_cost *c)
{
	(void)k;
	double n = cells_of(rows, cols), u = zchase_unknowns(r, rows, cols);
	if (rule_is_classic(r)) {
		/* The chase three times over the board, the polynomials O(u^2)
		 * (a singular block of the nullity's size, most often small). */
		c->bytes = 2 * n + 32 * u;
		c->work = 3 * n * r->n + 16 * u * u;
		return;
	}
	c->bytes = 5 * cols * u + 3 * u * u + 2 * n;
	c->work = n * r->n * u + u * u * u;
}

static void zchase_cost(int rows, int cols, const rule *r, int k, system_cost *c)
{
	zchase_cost_as(rows, cols, r, k, c);
}

static void zchase_cost_t(int rows, int cols, const rule *r, int k, system_cost *c)
{
	rule t;
	transpose_rule(r, &t);
	zchase_cost_as(cols, rows, &t, k, c);
}

/* Band width b: a ring of rows 2b wide (bits for k = 2, bytes a factor
 * for k > 2) and the row operations kept for solving. */
static void band_cost(int rows, int cols, const rule *r, int k, system_cost *c)
{
	double n = cells_of(rows, cols), b = (double)bandorder_width_bound(rows, cols, r);
	if (k == 2) {
		double words = 1;
		while (words < (2 * b + 63) / 64 + 1)
			words *= 2;
		/* The pool of row operations grows by doubling. */
		c->bytes = n * 8 * (words + 2 * (2 * b / 64 + 1)) + n * 40;
		c->work = n * b * (2 * b / 8 + 8);
		return;
	}
	double w = 32;
	while (w < 2 * b + 1)
		w *= 2;
	int f = prime_factors(k);
	c->bytes = f * n * (w + 4 * b) + n * 24;
	c->work = f * n * b * 2 * b;
}

/* R + C unknowns, dense. */
static void cross_cost(int rows, int cols, const rule *r, int k, system_cost *c)
{
	(void)r;
	(void)k;
	double m = (double)rows + cols, n = cells_of(rows, cols);
	c->bytes = 5 * m * m + n * 8;
	c->work = m * m * m * prime_factors(k < 2 ? 2 : k);
}

/* [A | E]: n rows of 2n bits, and m4ri's copy. */
static void dense_gf2_cost(int rows, int cols, const rule *r, int k, system_cost *c)
{
	(void)r;
	(void)k;
	double n = cells_of(rows, cols);
	c->bytes = 0.75 * n * n + n * 16;
	c->work = n * n * n / 256;	/* m4ri's Four Russians */
}

/* A, then an L and a U for each factor: n x n bytes each, n^3
 * operations a factor. */
static void dense_zmod_cost(int rows, int cols, const rule *r, int k, system_cost *c)
{
	(void)r;
	double n = cells_of(rows, cols);
	c->bytes = (1.2 + 2 * prime_factors(k)) * n * n + n * 16;
	c->work = n * n * n * prime_factors(k);
}

/* In order of preference: the first that applies takes a board of more
 * than CHASE_MIN_UNKNOWNS cells; smaller ones, and any board the others
 * refuse, go to the dense backends at the end (the brute-force-tested
 * path). */
static const backend backends[] = {
	{ "chase", chase_applies, chase_owns, chase_limit, chase_cost, chase_build, chase_solve_be, chase_kernel_be, NULL,
	  chase_free_be },
	{ "zchase", zchase_straight, zchase_owns, zchase_limit, zchase_cost, zchase_build, zchase_solve_be, zchase_kernel_be,
	  zchase_order_be, zchase_free_be },
	/* notext: a back end's name, for the program's own reports */
	{ "zchase transposed", zchase_transposed, zchase_owns, zchase_limit, zchase_cost_t, zchase_build_t, zchase_solve_t,
	  zchase_kernel_t, zchase_order_be, zchase_free_be },
	{ "band", band_gf2_applies, band_gf2_owns, band_limit, band_cost, band_build, band_solve_be, band_kernel_be, NULL,
	  band_free_be },
	{ "zband", band_zmod_applies, band_zmod_owns, band_limit, band_cost, zband_build, zband_solve_be, zband_kernel_be,
	  zband_order_be, zband_free_be },
	{ "cross", cross_applies, cross_owns, cross_limit, cross_cost, cross_build, cross_solve_be, cross_kernel_be, cross_order_be,
	  cross_free_be },
	/* notext: a back end's name, for the program's own reports */
	{ "dense gf2", dense_gf2_applies, dense_gf2_owns, dense_limit, dense_gf2_cost, gf2_build, gf2_solve_be, NULL, NULL,
	  gf2_free_be },
	/* notext: a back end's name, for the program's own reports */
	{ "dense zmod", dense_zmod_applies, dense_zmod_owns, dense_limit, dense_zmod_cost, zmod_build, zmod_solve_be, NULL, NULL,
	  zmod_free_be },
};
#define NBACKENDS ((int)(sizeof backends / sizeof backends[0]))
#define DENSE_FIRST (NBACKENDS - 2)
#define DENSE_ZMOD (NBACKENDS - 1)

/* A board fits when some back end takes it: the table says it all. */
bool system_fits(int rows, int cols, const rule *r, int k)
{
	if (rows < 1 || cols < 1 || k < BOARD_MIN_K || k > BOARD_MAX_K)
		return false;
	for (int i = 0; i < NBACKENDS; i++)
		if (backends[i].applies(rows, cols, r, k))
			return true;
	return false;
}

/* Why a shape does not fit: in the words of the first back end that owns
 * it. */
void system_limit_message(int rows, int cols, const rule *r, int k, char *buf, size_t len)
{
	for (int i = 0; i < NBACKENDS; i++)
		if (backends[i].owns(rows, cols, r, k)) {
			backends[i].limit(rows, cols, r, k, buf, len);
			return;
		}
	snprintf(buf, len, _("%dx%d with k = %d is beyond every solver's limits"), rows, cols, k);

}

/* As create() chooses: the first back end that takes the shape (the dense
 * ones alone for small boards); the band's dense remainder, which may
 * send a board back to dense elimination, is not foreseen. */
bool system_cost_of(int rows, int cols, const rule *r, int k, system_cost *c)
{
	c->bytes = c->work = 0;
	c->backend = NULL;
	if (!system_fits(rows, cols, r, k))
		return false;
	for (int i = (long long)rows * cols > CHASE_MIN_UNKNOWNS ? 0 : DENSE_FIRST; i < NBACKENDS; i++)
		if (backends[i].applies(rows, cols, r, k)) {
			backends[i].cost(rows, cols, r, k, c);
			c->bytes += SYSTEM_COST_SMALL;
			c->backend = backends[i].name;
			return true;
		}
	return false;
}

int system_backends(void)
{
	return NBACKENDS;
}

const char *system_backend_name(int i)
{
	return i >= 0 && i < NBACKENDS ? backends[i].name : NULL;
}

bool system_backend_limit(int i, int rows, int cols, const rule *r, int k, char *buf, size_t len)
{
	if (i < 0 || i >= NBACKENDS || !backends[i].owns || !backends[i].limit)
		return false;
	buf[0] = '\0';
	if (!backends[i].owns(rows, cols, r, k))
		return false;
	backends[i].limit(rows, cols, r, k, buf, len);
	return buf[0] != '\0';
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

/* Build s with backend be: LO_OK, LO_NOMEM or LO_TOO_LARGE (here). */
static lo_result system_build(lo_system *s, const backend *be)
{
	s->be = be;
	return be->build(s);
}

/* An empty system of that shape, with what ctl asks of its build. */
static lo_system *system_prepared(int rows, int cols, const rule *r, int k, const system_ctl *ctl)
{
	lo_system *s = system_blank(rows, cols, r, k);
	if (!s)
		return NULL;
	s->counts_only = ctl->counts_only;
	s->threads = ctl->threads;
	s->kernel_max = ctl->kernel_max > 0 && ctl->kernel_max < KERNEL_MAX_BYTES ? ctl->kernel_max : KERNEL_MAX_BYTES;
	return s;
}

static lo_result create(int rows, int cols, const rule *r, int k, const system_ctl *ctl, lo_system **out)
{
	*out = NULL;
	if (!system_fits(rows, cols, r, k))
		return LO_TOO_LARGE;
	lo_system *s = system_prepared(rows, cols, r, k, ctl);
	if (!s)
		return LO_NOMEM;
	const backend *be = NULL;
	for (int i = s->n > CHASE_MIN_UNKNOWNS ? 0 : DENSE_FIRST; !be && i < NBACKENDS; i++)
		if (backends[i].applies(rows, cols, r, k))
			be = &backends[i];
	lo_result rc = system_build(s, be);
	if (rc == LO_TOO_LARGE) {
		/* The band's dense remainder is too big: dense, where it fits. */
		system_free(s);
		if ((long long)rows * cols > SYSTEM_MAX_UNKNOWNS_ZMOD)
			return LO_TOO_LARGE;
		if (!(s = system_prepared(rows, cols, r, k, ctl)))
			return LO_NOMEM;
		rc = system_build(s, &backends[DENSE_ZMOD]);
	}
	if (rc != LO_OK) {
		system_free(s);
		return LO_NOMEM;
	}
	*out = s;
	return LO_OK;
}

lo_result system_create(int rows, int cols, const rule *r, int k, lo_system **out)
{
	const system_ctl ctl = { .counts_only = false };
	return create(rows, cols, r, k, &ctl, out);
}

lo_result system_create_counts(int rows, int cols, const rule *r, int k, lo_system **out)
{
	const system_ctl ctl = { .counts_only = true };
	return create(rows, cols, r, k, &ctl, out);
}

lo_result system_create_ctl(int rows, int cols, const rule *r, int k, const system_ctl *ctl, lo_system **out)
{
	const system_ctl none = { .counts_only = false };
	return create(rows, cols, r, k, ctl ? ctl : &none, out);
}

void system_free(lo_system *s)
{
	if (!s)
		return;
	free(s->kernel);
	free(s->order);
	free(s->pivcol);
	if (s->be && s->impl)
		s->be->free(s->impl);
	if (s->be && s->left)
		s->be->free(s->left);
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

lo_result system_solve(const lo_system *s, const uint8_t *cells, uint8_t *x, uint8_t *cert)
{
	return s->be->solve(s, cells, x, cert);
}
