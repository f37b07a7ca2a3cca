#include "engine/crossred.h"

#include <stdlib.h>
#include <string.h>

#include "engine/gf2.h"
#include "engine/zmod.h"

struct crossred {
	int rows, cols, k, m;	/* m = rows + cols reduced unknowns */
	int nullity;
	uint8_t *kern;		/* nullity x m: kernel of N */
	int *order;
	/* k = 2: [R | E] with E N = R.  k > 2: U N V = diag(d). */
	gf2_mat *re;
	int *pivcol, rank;
	uint8_t *u, *v, *d;
};

/* N's entry (i, j) over the unknowns (r_0.. r_{R-1}, c_0.. c_{C-1}). */
static int n_entry(const crossred *c, int i, int j)
{
	int R = c->rows, C = c->cols, k = c->k;
	if (i < R)
		return j < R ? (i == j ? ((C - 1) % k + k) % k : 0) : 1;
	return j < R ? 1 : (i == j ? ((R - 1) % k + k) % k : 0);
}

crossred *crossred_new(int rows, int cols, int k)
{
	return crossred_new_threads(rows, cols, k, 0);
}

crossred *crossred_new_threads(int rows, int cols, int k, int threads)
{
	crossred *c = calloc(1, sizeof *c);
	if (!c)
		return NULL;
	c->rows = rows;
	c->cols = cols;
	c->k = k;
	int m = c->m = rows + cols;
	c->kern = calloc((size_t)m * m + 1, 1);
	c->order = malloc((size_t)m * sizeof *c->order);
	if (!c->kern || !c->order)
		goto fail;
	if (k == 2) {
		c->re = gf2_new(m, 2 * m);
		c->pivcol = malloc((size_t)m * sizeof *c->pivcol);
		if (!c->re || !c->pivcol)
			goto fail;
		for (int i = 0; i < m; i++) {
			for (int j = 0; j < m; j++)
				if (n_entry(c, i, j))
					gf2_set(c->re, i, j, 1);
			gf2_set(c->re, i, m + i, 1);
		}
		c->rank = gf2_rref_threads(c->re, m, c->pivcol, threads);
		if (c->rank < 0)
			goto fail;
		c->nullity = gf2_kernel(c->re, m, c->rank, c->pivcol, c->kern);
		for (int q = 0; q < c->nullity; q++)
			c->order[q] = 2;
		if (c->nullity < 0)
			goto fail;
		return c;
	}
	uint8_t *a = malloc((size_t)m * m);
	c->u = malloc((size_t)m * m);
	c->v = malloc((size_t)m * m);
	c->d = malloc((size_t)m);
	if (!a || !c->u || !c->v || !c->d) {
		free(a);
		goto fail;
	}
	for (int i = 0; i < m; i++)
		for (int j = 0; j < m; j++)
			a[(size_t)i * m + j] = (uint8_t)n_entry(c, i, j);
	lo_result rc = zmod_diagonalize(a, m, k, c->u, c->v, c->d);
	free(a);
	if (rc != LO_OK)
		goto fail;
	c->nullity = zmod_kernel(c->v, c->d, m, k, c->kern, c->order);
	return c;
fail:
	crossred_free(c);
	return NULL;
}

void crossred_free(crossred *c)
{
	if (!c)
		return;
	free(c->kern);
	free(c->order);
	gf2_free(c->re);
	free(c->pivcol);
	free(c->u);
	free(c->v);
	free(c->d);
	free(c);
}

int crossred_nullity(const crossred *c)
{
	return c->nullity;
}

int crossred_order(const crossred *c, int i)
{
	return c->order[i];
}

/* x_ij = b_ij + r_i + c_j (b NULL: 0). */
static void lift(const crossred *c, const uint8_t *b, const uint8_t *rc, uint8_t *x)
{
	int R = c->rows, C = c->cols, k = c->k;
	for (int i = 0; i < R; i++)
		for (int j = 0; j < C; j++)
			x[(size_t)i * C + j] = (uint8_t)(((b ? b[(size_t)i * C + j] : 0) + rc[i] + rc[R + j]) % k);
}

void crossred_kernel(const crossred *c, int i, uint8_t *x)
{
	lift(c, NULL, c->kern + (size_t)i * c->m, x);
}

lo_result crossred_solve(const crossred *c, const uint8_t *b, uint8_t *x, uint8_t *cert)
{
	int R = c->rows, C = c->cols, k = c->k, m = c->m;
	int *rhs = calloc((size_t)m, sizeof *rhs);
	uint8_t *y = malloc((size_t)m), *w = malloc((size_t)m);
	lo_result st = LO_NOMEM;
	if (!rhs || !y || !w)
		goto out;
	/* rhs = -(row sums; column sums) of b. */
	for (int i = 0; i < R; i++)
		for (int j = 0; j < C; j++) {
			int v = b[(size_t)i * C + j];
			rhs[i] = (rhs[i] + k - v) % k;
			rhs[R + j] = (rhs[R + j] + k - v) % k;
		}
	if (k == 2) {
		for (int j = 0; j < m; j++)
			y[j] = (uint8_t)rhs[j];
		st = gf2_solve(c->re, m, c->rank, c->pivcol, y, y, w);
	} else
		st = zmod_solve(c->u, c->v, c->d, m, k, rhs, y, w);
	if (st == LO_OK)
		lift(c, b, y, x);
	else if (st == LO_UNSOLVABLE && cert)
		/* w^T N = 0 and w . rhs != 0 give y_ij = -(w_i + w'_j). */
		for (int i = 0; i < R; i++)
			for (int j = 0; j < C; j++)
				cert[(size_t)i * C + j] = (uint8_t)((2 * k - w[i] - w[R + j]) % k);
out:
	free(rhs);
	free(y);
	free(w);
	return st;
}
