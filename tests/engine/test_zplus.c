/* The classic rule's first-row system through polynomials (zplus.c)
 * against M built column by column from the chase and eliminated densely
 * (zlu.c): the same kernel as a group, every kernel generator killed by M,
 * the same boards solvable, and each answer multiplied back.  Every R x C
 * up to 24 x 24 for k = 3, 4, 6, 8, 9, 12, 25, 30, 36, and larger ones. */
#include <stdlib.h>
#include <string.h>

#include "engine/rng.h"
#include "engine/zlu.h"
#include "engine/zplus.h"
#include "tap.h"
#include "zcheck.h"

/* y = M u: the residual of the chase x_0 = u, x_{p+1} = -(T x_p +
 * x_{p-1}) on R rows of C cells. */
static void apply_m(int R, int C, int k, const uint8_t *u, uint8_t *y)
{
	int *a = calloc((size_t)C, sizeof *a), *b = calloc((size_t)C, sizeof *b), *t = calloc((size_t)C, sizeof *t);
	for (int j = 0; j < C; j++)
		b[j] = u[j];	/* a = x_{p-1}, b = x_p */
	for (int p = 0; p < R; p++) {
		for (int j = 0; j < C; j++) {
			int v = b[j] + (j ? b[j - 1] : 0) + (j + 1 < C ? b[j + 1] : 0) + a[j];
			t[j] = p + 1 < R ? (k - v % k) % k : v % k;
		}
		int *s = a;
		a = b;
		b = t;
		t = s;
	}
	for (int j = 0; j < C; j++)
		y[j] = (uint8_t)b[j];
	free(a);
	free(b);
	free(t);
}

static bool same(const uint8_t *a, const uint8_t *b, int n)
{
	return memcmp(a, b, (size_t)n) == 0;
}

typedef struct tally {
	int shapes, singular, boards, unsolvable, bad;
} tally;

static void check(int R, int C, int k, rng *g, tally *t)
{
	uint8_t *m = malloc((size_t)C * C), *e = calloc((size_t)C, 1), *col = malloc((size_t)C);
	uint8_t *c = malloc((size_t)C), *u = malloc((size_t)C + 1), *y = malloc((size_t)C), *ud = malloc((size_t)C);
	for (int j = 0; j < C; j++) {
		e[j] = 1;
		apply_m(R, C, k, e, col);
		e[j] = 0;
		for (int i = 0; i < C; i++)
			m[(size_t)i * C + j] = col[i];
	}
	zlu *f = zlu_new(m, C, k);
	zplus *z = zplus_new(m, C, k);	/* row 0 of a symmetric M is its first column */
	t->shapes++;
	if (!f || !z) {
		t->bad++;
		goto out;
	}
	int n = zplus_nullity(z), nd = zlu_nullity(f);
	t->singular += n > 0;
	int *o1 = malloc(((size_t)n + 1) * sizeof *o1), *o2 = malloc(((size_t)nd + 1) * sizeof *o2);
	for (int i = 0; i < n; i++)
		o1[i] = zplus_order(z, i);
	for (int i = 0; i < nd; i++)
		o2[i] = zlu_order(f, i);
	if (!zc_same_group(o1, n, o2, nd))
		t->bad++;
	/* Each generator killed by M. */
	for (int i = 0; i < n; i++) {
		if (zplus_kernel(z, i, u) != LO_OK) {
			t->bad++;
			continue;
		}
		apply_m(R, C, k, u, y);
		bool zero = true;
		for (int j = 0; j < C; j++)
			zero &= y[j] == 0;
		if (!zero)
			t->bad++;
	}
	free(o1);
	free(o2);
	for (int b = 0; b < 3; b++) {
		/* Solvable boards (c = M v) and random ones. */
		for (int j = 0; j < C; j++)
			ud[j] = (uint8_t)rng_below(g, (uint32_t)k);
		if (b == 0)
			apply_m(R, C, k, ud, c);
		else
			memcpy(c, ud, (size_t)C);
		lo_result s1 = zplus_solve(z, c, u), s2 = zlu_solve(f, c, ud, NULL);
		t->boards++;
		t->unsolvable += s2 == LO_UNSOLVABLE;
		if (s1 != s2)
			t->bad++;
		else if (s1 == LO_OK) {
			apply_m(R, C, k, u, y);
			if (!same(y, c, C))
				t->bad++;
		}
	}
out:
	zlu_free(f);
	zplus_free(z);
	free(m);
	free(e);
	free(col);
	free(c);
	free(u);
	free(y);
	free(ud);
}

int main(void)
{
	rng g;
	rng_seed(&g, 47);
	static const int ks[] = { 3, 4, 6, 8, 9, 12, 25, 30, 36 };
	for (size_t i = 0; i < sizeof ks / sizeof *ks; i++) {
		tally t = { 0 };
		for (int R = 1; R <= 24; R++)
			for (int C = 1; C <= 24; C++)
				check(R, C, ks[i], &g, &t);
		tap_ok(t.bad == 0, "k=%d: %d shapes up to 24x24 (%d singular), %d boards (%d unsolvable): the polynomials "
		       "agree with M eliminated densely", ks[i], t.shapes, t.singular, t.boards, t.unsolvable);
	}
	/* Larger rows, singular ones among them (nullity from the polynomials'
	 * shared factor, repeated factors of D too). */
	static const int big[][3] = { { 80, 95, 4 }, { 63, 127, 8 }, { 100, 101, 3 }, { 89, 89, 6 }, { 44, 179, 9 },
				      { 160, 80, 27 }, { 127, 63, 32 }, { 98, 98, 36 } };
	for (size_t i = 0; i < sizeof big / sizeof *big; i++) {
		tally t = { 0 };
		check(big[i][0], big[i][1], big[i][2], &g, &t);
		tap_ok(t.bad == 0, "%dx%d k=%d: the polynomials agree with M eliminated densely (%d boards, %d unsolvable)",
		       big[i][0], big[i][1], big[i][2], t.boards, t.unsolvable);
	}
	return tap_done();
}
