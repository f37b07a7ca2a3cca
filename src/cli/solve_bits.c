#include "cli/solve_bits.h"

#include <stdio.h>
#include <stdlib.h>

#include "cli/memavail.h"
#include "formats/outbuf.h"
#include "formats/output.h"
#include "formats/solutionio.h"
#include "engine/bignum.h"
#include "engine/chase.h"
#include "engine/system.h"
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

long long solve_bits_need(long long rows, long long cols)
{
	if (rows < 1 || cols < 1 || rows > (1 << 30) || cols > (1 << 30))
		return -1;
	long long p = (long long)bitboard_bytes((int)rows, (int)cols), t = (long long)bitboard_bytes((int)cols, (int)rows);
	/* Two boards at once: the board and its solution (a certificate takes
	 * the solution's room); turning a wide board, the board and its
	 * transpose, then the two transposed, then the solution turned back. */
	return 2 * (p > t ? p : t) + OVERHEAD_BYTES + 10 * cols;
}

static bool fits(void *ctx, long long rows, long long cols, bool whole, char *why, size_t len)
{
	const solve_bits_limit *l = ctx;
	/* Within the byte route's reach (at most 40 MB of bits) a board is
	 * tried as before: an allocation that fails says out of memory. */
	if (byte_reach(rows, cols))
		return true;
	long long need = solve_bits_need(rows, cols);
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
	if (whole)
		snprintf(why, len, _("board too large for the memory: %lldx%lld needs %s to solve at a bit a cell, and %s "
				     "is available (%s)"), rows, cols, n, a, _(l->from));
	else
		snprintf(why, len, P_("board too large for the memory: %lld row of %lld cells (so far) needs %s to solve "
				      "at a bit a cell, and %s is available (%s)",
				      "board too large for the memory: %lld rows of %lld cells (so far) need %s to solve "
				      "at a bit a cell, and %s is available (%s)", rows),
			 rows, cols, n, a, _(l->from));
	return false;
}

void solve_bits_limit_init(solve_bits_limit *l)
{
	l->avail = memavail_bytes("", &l->from);
	l->big = (boardio_big){ fits, l };
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

/* The solutions' count, 2^d in decimal (malloc'd). */
static char *count_text(int d)
{
	size_t len = (size_t)d * 3 / 10 + 16;
	char *buf = malloc(len);
	int *two = malloc(((size_t)d + 1) * sizeof *two);
	if (buf && two) {
		for (int i = 0; i < d; i++)
			two[i] = 2;
		bignum_product(two, d, buf, len);
	}
	free(two);
	if (buf && !two) {
		free(buf);
		buf = NULL;
	}
	return buf;
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
	lo_result st = chase_solve_bits(c, b->bits, x->bits, NULL);
	if (st == LO_UNSOLVABLE) {
		/* The certificate in the solution's room. */
		st = chase_solve_bits(c, b->bits, NULL, x->bits);
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
	if (t && x && !(x = turn(x)))
		goto nomem;
	if (t && cert && !(cert = turn(cert)))
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
