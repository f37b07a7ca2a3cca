#include "cli/solve_bits.h"

#include <stdio.h>
#include <stdlib.h>

#include "i18n.h"
#include "cli/memavail.h"
#include "formats/outbuf.h"
#include "formats/output.h"
#include "formats/solutionio.h"
#include "engine/bignum.h"
#include "engine/chase.h"
#include "engine/search.h"
#include "engine/system.h"
#include "engine/variant.h"
#include "engine/zchase.h"
#include "i18n.h"

/* The byte route's reach: boards it solves give its answers here too. */
#define BYTE_SIDE SYSTEM_MAX_SIDE_CHASE
#define BYTE_MIN_CELLS 400		/* system.c: the chase above this many cells */
#define KERNEL_KEPT_BYTES (1LL << 28)	/* system.c: quiet patterns kept for the search */
/* Beside the board's bits: the reader's and the writer's buffers, the
 * polynomials, the program itself (the column table: 10 bytes a column). */
#define OVERHEAD_BYTES (8LL << 20)

static bool byte_reach(long long rows, long long cols)
{
	return rows <= BYTE_SIDE && cols <= BYTE_SIDE;
}

/* A wide board past the byte route's reach is chased along its long side,
 * transposed: its rows are short, so the chase's polynomials are small
 * (O(C^2 / 64) in the row length C). */
static bool transposes(long long rows, long long cols)
{
	return !byte_reach(rows, cols) && cols > rows;
}

/* The bytes a rows x cols board takes on this route, at the most. */
static long long solve_bits_need(long long rows, long long cols)
{
	if (rows < 1 || cols < 1 || rows > (1 << 30) || cols > (1 << 30))
		return -1;
	long long p = (long long)bitboard_bytes((int)rows, (int)cols), t = (long long)bitboard_bytes((int)cols, (int)rows);
	/* Two boards at once: the board and its solution (a certificate takes
	 * the solution's room); turning a wide board, the board and its
	 * transpose, then the two transposed, then the solution turned back.
	 * Each at its packed size: rows narrower than a word dense
	 * (bitboard_bytes), so 10^7 x 8 is 10 MB a board, not 80. */
	return 2 * (p > t ? p : t) + OVERHEAD_BYTES + 10 * cols;
}

/* Whether a board that needs NEED bytes (solve_bits_need,
 * solve_zbits_need; -1 past any size) fits what is available, else why in
 * words: the size, the memory it needs at k's bits a cell, what there is
 * and where that bound came from. */
static bool need_fits(const solve_bits_limit *l, long long need, int k, long long rows, long long cols, bool whole,
		      char *why, size_t len)
{
	if (need >= 0 && need <= l->avail)
		return true;
	if (need < 0) {
		snprintf(why, len, _("board larger than %d rows or columns"), 1 << 30);
		return false;
	}
	char n[32], a[32];
	memavail_words(need, n, sizeof n);
	memavail_words(l->avail, a, sizeof a);
	/* TRANSLATORS: the last %s is where the bound came from
	 * ("MemAvailable", "ulimit -v", "the cgroup's memory.max"). */
	const char *from = _(l->from);
	if (k <= 2 && whole)
		snprintf(why, len, _("board too large for the memory: %lldx%lld needs %s to solve at a bit a cell, and %s "
				     "is available (%s)"), rows, cols, n, a, from);
	else if (k <= 2)
		snprintf(why, len, P_("board too large for the memory: %lld row of %lld cells (so far) needs %s to solve "
				      "at a bit a cell, and %s is available (%s)",
				      "board too large for the memory: %lld rows of %lld cells (so far) need %s to solve "
				      "at a bit a cell, and %s is available (%s)", rows),
			 rows, cols, n, a, from);
	else if (whole)
		/* TRANSLATORS: "needs 250 MB to solve at 2 bits a cell, and 100 MB is available (ulimit -v)"; the
		 * last %s names the bound: MemAvailable, ulimit -v or the cgroup's memory.max. */
		snprintf(why, len, _("board too large for the memory: %lldx%lld needs %s to solve at %d bits a cell, and "
				     "%s is available (%s)"),
			 rows, cols, n, bitboard_width(k), a, from);
	else
		snprintf(why, len, _("board too large for the memory: %lld rows of %lld cells (so far) need %s to solve "
				     "at %d bits a cell, and %s is available (%s)"),
			 rows, cols, n, bitboard_width(k), a, from);
	return false;
}

static bool zfits(const solve_bits_limit *l, int k, long long rows, long long cols, bool whole, char *why,
		  size_t len);

static bool fits(void *ctx, int k, long long rows, long long cols, bool whole, char *why, size_t len)
{
	const solve_bits_limit *l = ctx;
	if (k > 2)
		return zfits(l, k, rows, cols, whole, why, len);
	/* Within the byte route's reach (at most 40 MB of bits) a board is
	 * tried as before: an allocation that fails says out of memory. */
	if (byte_reach(rows, cols))
		return true;
	return need_fits(l, solve_bits_need(rows, cols), 2, rows, cols, whole, why, len);
}

void solve_bits_limit_init(solve_bits_limit *l)
{
	l->avail = memavail_bytes("", &l->from);
	l->big = (boardio_big){ fits, l, VARIANT_MAX_K };
}

bool solve_bits_takes(const common_opts *o, const rule *r, const bitboard *b, bool any)
{
	if (o->v.k != 2 || !rule_is_classic(r) || o->v.forward_only)
		return false;
	long long rows = b->rows, cols = b->cols, n = rows * cols;
	if (!byte_reach(rows, cols))
		return true;
	if (n <= BYTE_MIN_CELLS || rows < 2)
		return false;
	if (any)
		return true;
	chase *c = chase_new(b->rows, b->cols, r);
	int d = c ? chase_nullity(c) : -1;
	chase_free(c);
	return d == 0 || (d > 0 && (double)d * (double)n > (double)KERNEL_KEPT_BYTES);
}

/* The product of d factors in decimal, len bytes at most (malloc'd, or
 * NULL); factors is freed. */
static char *product_text(int *factors, int d, size_t len)
{
	char *buf = factors ? malloc(len) : NULL;
	if (buf)
		bignum_product(factors, d, buf, len);
	free(factors);
	return buf;
}

/* The solutions' count, 2^d in decimal (malloc'd). */
static char *count_text(int d)
{
	int *two = malloc(((size_t)d + 1) * sizeof *two);
	for (int i = 0; two && i < d; i++)
		two[i] = 2;
	return product_text(two, d, (size_t)d * 3 / 10 + 16);
}

static void print_json(const rule *r, const bitboard *x, const bitboard *cert, long long weight, long long bound,
		       int d)
{
	long long n = (long long)x->rows * x->cols;
	bool optimal = d == 0;
	char *count = cert ? NULL : count_text(d);
	printf("{\"size\":\"%dx%d\",\"rows\":%d,\"cols\":%d,\"rule\":\"%s\",\"torus\":false,\"k\":2,\"solvable\":%s,",
	       x->rows, x->cols, x->rows, x->cols, r->name, cert ? "false" : "true");
	outbuf o;
	outbuf_open(&o, stdout);
	if (!cert) {
		outbuf_puts(&o, "\"presses\":");
		solutionio_put_json_presses_bits(&o, x);
		outbuf_close(&o);
		printf(",\"weight\":%lld,\"optimal\":%s,\"lower_bound\":%lld,", weight, optimal ? "true" : "false",
		       optimal ? weight : bound);
	} else {
		outbuf_puts(&o, "\"certificate\":");
		solutionio_put_json_rows_bits(&o, cert);
		outbuf_close(&o);
		printf(",");
	}
	printf("\"rank\":%lld,\"nullity\":%d,\"solutions\":\"%s\"}\n", n - d, d, cert ? "0" : count ? count : "?");
	free(count);
}

/* b transposed into a new board, b freed; NULL (b freed) when out of memory. */
static bitboard *turn(bitboard *b)
{
	bitboard *t = bitboard_transpose(b);
	bitboard_free(b);
	return t;
}

/* A board chased turned: its answer and certificate turned back (each
 * that there is); false when out of memory. */
static bool turn_back(bitboard **x, bitboard **cert)
{
	return (!*x || (*x = turn(*x))) && (!*cert || (*cert = turn(*cert)));
}

int solve_bits_run(const rule *r, bitboard *b, enum format fmt, bool any, int threads)
{
	int rows = b->rows, cols = b->cols, status = EXIT_USAGE;
	bool t = transposes(rows, cols);
	bitboard *x = NULL, *cert = NULL;
	chase *c = NULL;
	if (t && !(b = turn(b)))
		goto nomem;
	c = chase_new_threads(b->rows, b->cols, r, threads);
	x = bitboard_new(b->rows, b->cols);
	if (!c || !x)
		goto nomem;
	int d = chase_nullity(c);
	/* Without --any, a solution not proven minimal comes with the bound
	 * the search gives: each press changes at most m cells
	 * (system_press_bound). */
	long long m = rule_max_cells(r, rows, cols), bound = any ? 0 : ((long long)bitboard_count(b) + m - 1) / m;
	lo_result st = chase_solve_bits(c, b, x, NULL);
	if (st == LO_UNSOLVABLE) {
		/* The certificate in the solution's room. */
		st = chase_solve_bits(c, b, NULL, x);
		cert = x;
		x = NULL;
	}
	bitboard_free(b);
	b = NULL;
	chase_free(c);
	c = NULL;
	if (st == LO_NOMEM)
		goto nomem;
	if (st == LO_REFUSED) {
		fprintf(stderr, _("lightsout solve: the %dx%d board's answer failed its check, and the dense elimination "
				  "that would decide is too large here: no answer given\n"), rows, cols);
		goto out;
	}
	if (t && !turn_back(&x, &cert))
		goto nomem;
	if (cert) {
		status = EXIT_UNSOLVABLE;
		fprintf(stderr, "%s", _("lightsout: no solution: this board cannot be cleared.\n"
					"Proof: every press changes an even number of the cells marked below (a quiet\n"
					"pattern), but the board has an odd number of them lit:\n"));
		boardio_write_bits(stderr, cert);
		if (fmt == FORMAT_JSON)
			print_json(r, cert, cert, 0, 0, d);
		goto out;
	}
	if (!any && d > 0 && byte_reach(rows, cols))
		/* TRANSLATORS: the English says "patterns" for any count. */
		fprintf(stderr, P_("lightsout solve: %d quiet patterns are too large to search: the solution may not be "
				   "minimal\n",
				   "lightsout solve: %d quiet patterns are too large to search: the solution may not be "
				   "minimal\n", d), d);
	else if (!any && d > 0)
		fprintf(stderr, P_("lightsout solve: past %d a side the minimal search is not made: %d quiet pattern, the "
				   "solution may not be minimal (--any says it is not wanted)\n",
				   "lightsout solve: past %d a side the minimal search is not made: %d quiet patterns, the "
				   "solution may not be minimal (--any says it is not wanted)\n", d),
			BYTE_SIDE, d);
	long long weight = (long long)bitboard_count(x);
	if (fmt == FORMAT_JSON)
		print_json(r, x, NULL, weight, bound, d);
	else if (fmt == FORMAT_GRID)
		boardio_write_bits(stdout, x);
	else
		solutionio_write_moves_bits(stdout, x, weight);
	status = 0;
	goto out;
nomem:
	fprintf(stderr, _("lightsout solve: out of memory for a %dx%d board\n"), rows, cols);

out:
	chase_free(c);
	bitboard_free(b);
	bitboard_free(x);
	bitboard_free(cert);
	return status;
}

/* ---- k > 2 at ceil(log2 k) bits a cell (bitboard_znew): the classic
 * rule without torus, chased a row at a time (zchase_solve_packed) along
 * the side whose rows are at most ZSIDE cells, as the byte route chases
 * (straight when the columns are at most ZSIDE, else transposed).  The
 * first row's system goes through polynomials (engine/zplus.h): O(C^2)
 * for rows of C cells, a few seconds at 65536. */
#define ZSIDE 65536

/* The byte route's reach for k > 2 (sides of 10000, so 10^8 cells). */
static bool zbyte_reach(long long rows, long long cols)
{
	return rows <= VARIANT_MAX_SIDE && cols <= VARIANT_MAX_SIDE;
}

static bool zturns(long long cols)
{
	return cols > ZSIDE;
}

/* The bytes a rows x cols board of k takes on this route, at the most. */
static long long solve_zbits_need(long long rows, long long cols, int k)
{
	if (rows < 1 || cols < 1 || rows > (1 << 30) || cols > (1 << 30) || k < 3 || k > VARIANT_MAX_K)
		return -1;
	long long p = (long long)bitboard_zbytes((int)rows, (int)cols, k);
	long long t = (long long)bitboard_zbytes((int)cols, (int)rows, k);
	long long u = zturns(cols) ? rows : cols;
	/* The board and its solution (or certificate), or turned as at k = 2;
	 * the polynomials of the first row's system, a few dozen bytes a
	 * column (zplus.c, its singular block besides); four rows of bytes a
	 * row of the chase, and the writer's row and column table. */
	return 2 * (zturns(cols) ? (p > t ? p : t) : p) + OVERHEAD_BYTES + 64 * u + 4 * u + 12 * cols;
}

static bool zfits(const solve_bits_limit *l, int k, long long rows, long long cols, bool whole, char *why,
		  size_t len)
{
	/* Within the byte route's reach a board is tried as before. */
	if (zbyte_reach(rows, cols))
		return true;
	if (rows > ZSIDE && cols > ZSIDE) {
		if (whole)
			/* TRANSLATORS: k > 2 boards; %d are the side limits, 10000 and 65536. */
			snprintf(why, len, _("board too large: %lldx%lld at k = %d: past %d a side a board of k > 2 is solved "
					     "when its other side is at most %d"),
				 rows, cols, k, VARIANT_MAX_SIDE, ZSIDE);
		else
			snprintf(why, len, _("board too large: %lld rows of %lld cells (so far) at k = %d: past %d a side a "
					     "board of k > 2 is solved when its other side is at most %d"),
				 rows, cols, k, VARIANT_MAX_SIDE, ZSIDE);
		return false;
	}
	return need_fits(l, solve_zbits_need(rows, cols, k), k, rows, cols, whole, why, len);
}

bool solve_zbits_takes(const common_opts *o, const rule *r, const bitboard *b)
{
	long long rows = b->rows, cols = b->cols;
	if (b->k <= 2 || b->k != o->v.k || !rule_is_classic(r))
		return false;
	if (zturns(cols) && rows > ZSIDE)
		return false;	/* the byte route says what is solved */
	/* Within the byte route's reach, a chase of more than 400 cells
	 * (below, the dense elimination) and, said in the run, nullity 0. */
	return !zbyte_reach(rows, cols) || (rows * cols > BYTE_MIN_CELLS && rows >= 2 && cols >= 2);
}

/* The solutions' count: the product of the quiet patterns' orders. */
static char *zcount_text(const zchase *c)
{
	int d = zchase_nullity(c);
	int *orders = malloc(((size_t)d + 1) * sizeof *orders);
	for (int i = 0; orders && i < d; i++)
		orders[i] = zchase_order(c, i);
	return product_text(orders, d, (size_t)d * 2 + 16);
}

/* The presses' weight (as search_weight counts), and what the board
 * needs at least: each cell's change at its cost, over the most cells a
 * press changes (system_press_bound).  -1 when out of memory. */
static int zweights(const bitboard *x, const bitboard *b, bool fwd, long long m, long long *weight,
		    long long *bound)
{
	int k = x->k, cols = x->cols;
	uint8_t *row = malloc((size_t)cols + 8);
	if (!row)
		return -1;
	long long w = 0, need = 0;
	for (int r = 0; r < x->rows; r++) {
		bitboard_zget_cells(x, r, row);
		w += search_weight(row, cols, k, fwd);
		if (b) {
			bitboard_zget_cells(b, r, row);
			for (int j = 0; j < cols; j++) {
				int v = (k - row[j]) % k;
				need += fwd || 2 * v <= k ? v : k - v;
			}
		}
	}
	free(row);
	*weight = w;
	*bound = (need + m - 1) / m;
	return 0;
}

/* The certificate's weighted sum of the board's cells (mod k); -1 when
 * out of memory. */
static int zdot(const bitboard *y, const bitboard *b)
{
	uint8_t *ry = malloc(2 * (size_t)b->cols + 1), *rb = ry + b->cols;
	if (!ry)
		return -1;
	long long dot = 0;
	for (int p = 0; p < b->rows; p++) {
		bitboard_zget_cells(y, p, ry);
		bitboard_zget_cells(b, p, rb);
		for (int j = 0; j < b->cols; j++)
			dot += ry[j] * rb[j];
		dot %= b->k;
	}
	free(ry);
	return (int)dot;
}

static bool print_zjson(const rule *r, const bitboard *x, const bitboard *cert, bool fwd, long long weight,
			bool optimal, long long bound, int d, const char *count)
{
	long long n = (long long)x->rows * x->cols;
	/* notext: JSON, read by programs */
	printf("{\"size\":\"%dx%d\",\"rows\":%d,\"cols\":%d,\"rule\":\"%s\",\"torus\":false,\"k\":%d,\"solvable\":%s,",
	       x->rows, x->cols, x->rows, x->cols, r->name, x->k, cert ? "false" : "true");
	outbuf o;
	outbuf_open(&o, stdout);
	bool ok;
	if (!cert) {
		outbuf_puts(&o, "\"presses\":");
		ok = solutionio_put_json_presses_zbits(&o, x, fwd);
		outbuf_close(&o);
		/* notext: JSON */
		printf(",\"weight\":%lld,\"optimal\":%s,\"lower_bound\":%lld,", weight, optimal ? "true" : "false",
		       optimal ? weight : bound);
	} else {
		outbuf_puts(&o, "\"certificate\":");
		ok = solutionio_put_json_rows_bits(&o, cert);
		outbuf_close(&o);
		printf(",");
	}
	/* notext: JSON */
	printf("\"rank\":%lld,\"nullity\":%d,\"solutions\":\"%s\"}\n", n - d, d, cert ? "0" : count ? count : "?");
	return ok;
}

int solve_zbits_run(const common_opts *o, const rule *r, bitboard **bp, enum format fmt, bool any, int threads)
{
	bitboard *b = *bp;
	int rows = b->rows, cols = b->cols, k = b->k, status = EXIT_USAGE;
	bool t = zturns(cols), fwd = o->v.forward_only, optimal = false;
	bitboard *x = NULL, *cert = NULL;
	zchase *c = NULL;
	char *count = NULL;
	long long weight = 0, bound = 0;
	int dot = 0;
	if (t) {
		/* The chase's rows are the board's columns. */
		rule tr = *r;
		c = zchase_new_threads(cols, rows, &tr, k, threads);
	} else
		c = zchase_new_threads(rows, cols, r, k, threads);
	if (!c)
		goto nomem_kept;
	int d = zchase_nullity(c);
	/* Within the byte route's reach it keeps the minimal search (quiet
	 * patterns without --any); its --any is this chase's answer (the same
	 * presses, the same certificate). */
	if (d > 0 && !any && zbyte_reach(rows, cols)) {
		zchase_free(c);
		return SOLVE_BITS_DECLINED;
	}
	*bp = NULL;
	if (t && !(b = turn(b)))
		goto nomem;
	x = bitboard_znew(b->rows, b->cols, k);
	if (!x)
		goto nomem;
	lo_result st = zchase_solve_packed(c, b, x, NULL);
	if (st == LO_UNSOLVABLE) {
		/* The certificate in the solution's room. */
		st = zchase_solve_packed(c, b, NULL, x);
		cert = x;
		x = NULL;
	}
	if (st == LO_OK && !any && d > 0 &&
	    zweights(x, b, fwd, rule_max_cells(r, rows, cols), &weight, &bound) < 0)
		st = LO_NOMEM;
	if (st == LO_OK && (any || d == 0) && zweights(x, NULL, fwd, 1, &weight, &bound) < 0)
		st = LO_NOMEM;
	if (st == LO_UNSOLVABLE && (dot = zdot(cert, b)) < 0)
		st = LO_NOMEM;
	optimal = d == 0;
	count = cert ? NULL : zcount_text(c);
	/* A cert's dot product is taken with its board (the certificate is
	 * printed with the board's own orientation below). */
	bitboard_free(b);
	b = NULL;
	zchase_free(c);
	c = NULL;
	if (st == LO_NOMEM)
		goto nomem;
	if (st == LO_REFUSED) {
		fprintf(stderr, _("lightsout solve: the %dx%d board's answer failed its check: no answer given\n"), rows,
			cols);
		goto out;
	}
	if (t && !turn_back(&x, &cert))
		goto nomem;
	if (cert) {
		status = EXIT_UNSOLVABLE;
		fprintf(stderr, _("lightsout: no solution: this board cannot be cleared.\n"));
		fprintf(stderr, _("Proof: weighting each cell by the grid below, every press changes the weighted\n"
				  "sum by 0 (mod %d), but the board's weighted sum is %d (mod %d), not 0:\n"), k, dot, k);
		if (!boardio_write_bits(stderr, cert) || (fmt == FORMAT_JSON && !print_zjson(r, cert, cert, fwd, 0, false, 0, d, NULL)))
			goto nomem;
		goto out;
	}
	if (!any && d == 1)
		fprintf(stderr, _("lightsout solve: past %d a side the minimal search is not made: 1 quiet pattern, the "
				  "solution may not be minimal (--any says it is not wanted)\n"),
			VARIANT_MAX_SIDE);
	else if (!any && d > 1)
		fprintf(stderr, _("lightsout solve: past %d a side the minimal search is not made: %d quiet patterns, the "
				  "solution may not be minimal (--any says it is not wanted)\n"),
			VARIANT_MAX_SIDE, d);
	bool ok = fmt == FORMAT_JSON ? print_zjson(r, x, NULL, fwd, weight, optimal, any ? 0 : bound, d, count)
		  : fmt == FORMAT_GRID ? boardio_write_bits(stdout, x)
				       : solutionio_write_moves_zbits(stdout, x, fwd, weight);
	if (!ok)
		goto nomem;
	status = 0;
	goto out;
nomem_kept:
	*bp = NULL;
nomem:
	fprintf(stderr, _("lightsout solve: out of memory for a %dx%d board\n"), rows, cols);
out:
	free(count);
	zchase_free(c);
	bitboard_free(b);
	bitboard_free(x);
	bitboard_free(cert);
	return status;
}
