/* The classic rule's polynomial path (chase.c, plus_poly: no matrix, M
 * singular or not) against dense elimination of the chase's system built
 * here independently (every light of a row an affine form over the first
 * row's presses, stepped down the board): every square from 2x2 to
 * 300x300, rectangles up to 300x300, singular ones above all, and every
 * shape where M = 0 up to 300x24.  Then giant singular boards, checked by
 * pressing their solutions and certificates. */
#include <stdlib.h>
#include <string.h>

#include "engine/chase.h"
#include "engine/gf2.h"
#include "engine/rng.h"
#include "tap.h"

/* [M | c_0 .. c_{k-1}] with M u = c_t the condition for board t: the last
 * row's lights as forms over the first row's C presses (columns 0..C-1)
 * and the boards' constants (column C + t). */
static gf2_mat *oracle_system(int R, int C, uint8_t *const *bs, int k)
{
	gf2_mat *prev = gf2_new(C, C + k), *cur = gf2_new(C, C + k), *next = gf2_new(C, C + k);
	int W = cur->words;
	for (int j = 0; j < C; j++)
		gf2_set(cur, j, j, 1);	/* row 0 pressed symbolically */
	for (int p = 0; p < R; p++) {
		/* Row p's lights after the presses of rows p-1, p: the presses
		 * row p + 1 must make (for p = R - 1: what is left). */
		for (int j = 0; j < C; j++) {
			uint64_t *d = gf2_row(next, j);
			const uint64_t *up = gf2_row(prev, j), *mid = gf2_row(cur, j);
			for (int w = 0; w < W; w++)
				d[w] = up[w] ^ mid[w] ^ (j ? mid[w - W] : 0) ^ (j + 1 < C ? mid[w + W] : 0);
			for (int t = 0; t < k; t++)
				if (bs[t][(size_t)p * C + j] & 1)
					d[(C + t) / 64] ^= 1ULL << ((C + t) % 64);
		}
		gf2_mat *t = prev;
		prev = cur;
		cur = next;
		next = t;
	}
	gf2_free(prev);
	gf2_free(next);
	return cur;
}

/* out = b + A x (b NULL: A x), the classic rule cell by cell. */
static void press_all(int R, int C, const uint8_t *b, const uint8_t *x, uint8_t *out)
{
	for (int i = 0; i < R; i++)
		for (int j = 0; j < C; j++) {
			size_t k = (size_t)i * C + j;
			int v = (b ? b[k] : 0) ^ x[k];
			if (i)
				v ^= x[k - C];
			if (i + 1 < R)
				v ^= x[k + C];
			if (j)
				v ^= x[k - 1];
			if (j + 1 < C)
				v ^= x[k + 1];
			out[k] = (uint8_t)(v & 1);
		}
}

static bool all_zero(const uint8_t *v, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (v[i])
			return false;
	return true;
}

static int overlap(const uint8_t *a, const uint8_t *b, size_t n)
{
	int dot = 0;
	for (size_t i = 0; i < n; i++)
		dot ^= a[i] & b[i];
	return dot & 1;
}

typedef struct tally {
	int shapes, singular, boards, refused;
	int bad_null, bad_quiet, bad_span, bad_solve, bad_cert, bad_dense;
} tally;

/* b's answer from a solver: presses that clear it when the oracle says it
 * can be cleared, else a quiet pattern with odd overlap. */
static bool answer_holds(int R, int C, lo_result st, bool solvable, const uint8_t *b, const uint8_t *x,
			 const uint8_t *cert, uint8_t *scratch, bool *cert_bad)
{
	size_t n = (size_t)R * C;
	*cert_bad = false;
	if (st != (solvable ? LO_OK : LO_UNSOLVABLE))
		return false;
	if (solvable) {
		press_all(R, C, b, x, scratch);
		return all_zero(scratch, n);
	}
	press_all(R, C, NULL, cert, scratch);
	*cert_bad = !all_zero(scratch, n) || !overlap(cert, b, n);
	return true;
}

/* One shape: nullity, quiet patterns (quiet, spanning dense's kernel),
 * and boards (random ones, mostly unsolvable where singular, and pressed
 * ones, always solvable) by chase_solve and, on two, chase_solve_dense. */
static void check_shape(int R, int C, rng *g, tally *t)
{
	enum { BOARDS = 6 };
	char err[64];
	rule plus;
	rule_parse(&plus, "plus", false, err, sizeof err);
	size_t n = (size_t)R * C;
	uint8_t *bs[BOARDS], *x = malloc(n), *cert = malloc(n), *scratch = malloc(n);
	for (int k = 0; k < BOARDS; k++) {
		bs[k] = malloc(n);
		for (size_t i = 0; i < n; i++)
			x[i] = (uint8_t)rng_below(g, 2);
		if (k % 2)
			press_all(R, C, NULL, x, bs[k]);
		else
			memcpy(bs[k], x, n);
	}
	gf2_mat *m = oracle_system(R, C, bs, BOARDS);
	int *piv = malloc((size_t)C * sizeof *piv);
	int rank = gf2_rref(m, C, piv), nullity = C - rank;
	chase *c = chase_new(R, C, &plus);
	t->shapes++;
	t->singular += nullity > 0;
	t->bad_null += chase_nullity(c) != nullity;
	/* Quiet patterns: each quiet on the whole board, and their first rows
	 * together with dense's kernel (one per free column) of rank nullity. */
	int d = chase_nullity(c);
	gf2_mat *span = gf2_new(d + nullity + 1, C);
	for (int i = 0; i < d; i++) {
		chase_kernel(c, i, x);
		press_all(R, C, NULL, x, scratch);
		t->bad_quiet += !all_zero(scratch, n);
		for (int j = 0; j < C; j++)
			gf2_set(span, i, j, x[j]);
	}
	bool *is_piv = calloc((size_t)C, sizeof *is_piv);
	for (int i = 0; i < rank; i++)
		is_piv[piv[i]] = true;
	for (int f = 0, q = d; f < C; f++)
		if (!is_piv[f]) {
			gf2_set(span, q, f, 1);
			for (int i = 0; i < rank; i++)
				if (gf2_get(m, i, f))
					gf2_set(span, q, piv[i], 1);
			q++;
		}
	gf2_mat *own = gf2_new(d + 1, C);
	memcpy(own->bits, span->bits, (size_t)d * (size_t)span->words * sizeof *own->bits);
	t->bad_span += gf2_rref(own, C, piv) != d || gf2_rref(span, C, piv) != nullity;
	for (int k = 0; k < BOARDS; k++) {
		bool solvable = true, cert_bad;
		for (int i = rank; i < C; i++)
			if (gf2_get(m, i, C + k))
				solvable = false;
		t->boards++;
		t->refused += !solvable;
		lo_result st = chase_solve(c, bs[k], x, cert);
		t->bad_solve += !answer_holds(R, C, st, solvable, bs[k], x, cert, scratch, &cert_bad);
		t->bad_cert += cert_bad;
		if (k < 2) {
			st = chase_solve_dense(c, bs[k], x, cert);
			t->bad_dense += !answer_holds(R, C, st, solvable, bs[k], x, cert, scratch, &cert_bad) || cert_bad;
		}
	}
	chase_free(c);
	gf2_free(m);
	gf2_free(span);
	gf2_free(own);
	free(is_piv);
	free(piv);
	for (int k = 0; k < BOARDS; k++)
		free(bs[k]);
	free(x);
	free(cert);
	free(scratch);
}

static void report(const char *what, const tally *t)
{
	tap_is(t->bad_null, 0, "%s: %d shapes (%d singular), nullity equals dense elimination's", what, t->shapes,
	       t->singular);
	tap_is(t->bad_quiet, 0, "%s: every quiet pattern is quiet (A x = 0 on the whole board)", what);
	tap_is(t->bad_span, 0, "%s: the quiet patterns are independent and span dense's kernel", what);
	tap_is(t->bad_solve, 0, "%s: %d boards (%d unsolvable): solvability as dense says, solutions clear", what,
	       t->boards, t->refused);
	tap_is(t->bad_cert, 0, "%s: every unsolvable board gets a quiet pattern with odd overlap", what);
	tap_is(t->bad_dense, 0, "%s: chase_solve_dense (the fallback) agrees", what);
}

/* A giant board: nullity as dense elimination's (the oracle is
 * O(R C^2 / 64), fine to 2000x2000), a pressed board and random ones
 * answered as it says, solutions and certificates checked by pressing,
 * quiet patterns 0 and nullity - 1 pressed too. */
static void check_giant(int R, int C, rng *g)
{
	enum { BOARDS = 5 };
	char err[64];
	rule plus;
	rule_parse(&plus, "plus", false, err, sizeof err);
	size_t n = (size_t)R * C;
	uint8_t *bs[BOARDS], *x = malloc(n), *cert = malloc(n), *scratch = malloc(n);
	for (int k = 0; k < BOARDS; k++) {
		bs[k] = malloc(n);
		for (size_t i = 0; i < n; i++)
			x[i] = (uint8_t)rng_below(g, 2);
		if (k == 0)
			press_all(R, C, NULL, x, bs[k]);
		else
			memcpy(bs[k], x, n);
	}
	gf2_mat *m = oracle_system(R, C, bs, BOARDS);
	int *piv = malloc((size_t)C * sizeof *piv);
	int rank = gf2_rref(m, C, piv);
	chase *c = chase_new(R, C, &plus);
	int d = chase_nullity(c), bad = 0, refused = 0;
	for (int k = 0; k < BOARDS; k++) {
		bool solvable = true, cert_bad;
		for (int i = rank; i < C; i++)
			if (gf2_get(m, i, C + k))
				solvable = false;
		refused += !solvable;
		lo_result st = chase_solve(c, bs[k], x, cert);
		bad += !answer_holds(R, C, st, solvable, bs[k], x, cert, scratch, &cert_bad) || cert_bad;
	}
	bool quiet = true;
	for (int i = 0; i < d; i += d > 1 ? d - 1 : 1) {
		chase_kernel(c, i, x);
		press_all(R, C, NULL, x, scratch);
		quiet = quiet && all_zero(scratch, n) && !all_zero(x, n);
	}
	tap_ok(d == C - rank && bad == 0 && quiet && (d == 0 || refused > 0),
	       "%dx%d: nullity %d (dense %d); %d boards (%d unsolvable) answered as dense says, checked by pressing; "
	       "quiet patterns quiet",
	       R, C, d, C - rank, BOARDS, refused);
	chase_free(c);
	gf2_free(m);
	free(piv);
	for (int k = 0; k < BOARDS; k++)
		free(bs[k]);
	free(x);
	free(cert);
	free(scratch);
}

int main(void)
{
	rng g;
	rng_seed(&g, 21);
	tally sq = { 0 };
	for (int s = 2; s <= 300; s++)
		check_shape(s, s, &g, &sq);
	report("every square 2x2..300x300", &sq);

	/* Rectangles: random ones up to 300x300 until 150 singular (the
	 * invertible ones met on the way checked too), and word edges. */
	tally re = { 0 };
	while (re.singular < 150) {
		int R = 2 + (int)rng_below(&g, 299), C = 1 + (int)rng_below(&g, 300);
		check_shape(R, C, &g, &re);
	}
	static const int edges[] = { 63, 64, 65, 127, 128, 129, 191, 192, 193 };
	for (int i = 0; i < 9; i++)
		for (int R = 2; R <= 300; R += 1 + (int)rng_below(&g, 40))
			check_shape(R, edges[i], &g, &re);
	report("rectangles up to 300x300", &re);
	/* M = 0 (nullity C: D_C divides P_R, g = D_C, h = 1), as dense
	 * elimination finds them among R <= 300, C <= 24. */
	tally zero = { 0 };
	for (int C = 1; C <= 24; C++)
		for (int R = 2; R <= 300; R++) {
			gf2_mat *m = oracle_system(R, C, NULL, 0);
			int *piv = malloc((size_t)C * sizeof *piv);
			if (gf2_rref(m, C, piv) == 0)
				check_shape(R, C, &g, &zero);
			gf2_free(m);
			free(piv);
		}
	report("M = 0, R <= 300, C <= 24", &zero);

	/* Giant ones: squares of nullity 2, 32, 640, 64 and 830 and two
	 * invertible ones, rectangles of nullity 1, 1 and 54. */
	static const int giant[][2] = { { 1001, 1001 }, { 999, 999 }, { 991, 991 }, { 1000, 1000 }, { 1999, 1999 },
					{ 2015, 2015 }, { 2000, 2000 }, { 2001, 1001 }, { 1001, 2001 }, { 1799, 1199 } };
	for (int i = 0; i < 10; i++)
		check_giant(giant[i][0], giant[i][1], &g);
	tap_is(chase_fallbacks(), 0, "no answer of the algebra failed its check (the dense path was never needed)");
	return tap_done();
}
