#include "crossred.h"

#include <stdlib.h>
#include <string.h>

#include "gf2.h"
#include "zmod.h"

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
		c->rank = gf2_rref(c->re, m, c->pivcol);
		if (c->rank < 0)
			goto fail;
		bool *piv = calloc((size_t)m, sizeof *piv);
		if (!piv)
			goto fail;
		for (int i = 0; i < c->rank; i++)
			piv[c->pivcol[i]] = true;
		for (int f = 0; f < m; f++)
			if (!piv[f]) {
				uint8_t *v = c->kern + (size_t)c->nullity * m;
				v[f] = 1;
				for (int i = 0; i < c->rank; i++)
					v[c->pivcol[i]] = (uint8_t)gf2_get(c->re, i, f);
				c->order[c->nullity++] = 2;
			}
		free(piv);
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
	int rc = zmod_diagonalize(a, m, k, c->u, c->v, c->d);
	free(a);
	if (rc < 0)
		goto fail;
	for (int i = 0; i < m; i++) {
		int g = zmod_gcd(c->d[i], k);
		if (g == 1)
			continue;
		uint8_t *v = c->kern + (size_t)c->nullity * m;
		for (int j = 0; j < m; j++)
			v[j] = (uint8_t)(c->v[(size_t)j * m + i] * (k / g) % k);
		c->order[c->nullity++] = g;
	}
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
static void lift(const crossred *c, const uint8_t *b, const int *rc, uint8_t *x)
{
	int R = c->rows, C = c->cols, k = c->k;
	for (int i = 0; i < R; i++)
		for (int j = 0; j < C; j++)
			x[(size_t)i * C + j] = (uint8_t)(((b ? b[(size_t)i * C + j] : 0) + rc[i] + rc[R + j]) % k);
}

void crossred_kernel(const crossred *c, int i, uint8_t *x)
{
	int *rc = malloc((size_t)c->m * sizeof *rc);
	if (!rc)
		return;
	for (int j = 0; j < c->m; j++)
		rc[j] = c->kern[(size_t)i * c->m + j];
	lift(c, NULL, rc, x);
	free(rc);
}

bool crossred_solve(const crossred *c, const uint8_t *b, uint8_t *x, uint8_t *cert)
{
	int R = c->rows, C = c->cols, k = c->k, m = c->m;
	int *rhs = calloc((size_t)m, sizeof *rhs), *y = calloc((size_t)m, sizeof *y);
	int *w = calloc((size_t)m, sizeof *w);
	bool ok = true, have_w = false;
	if (!rhs || !y || !w) {
		ok = false;
		goto out;
	}
	/* rhs = -(row sums; column sums) of b. */
	for (int i = 0; i < R; i++)
		for (int j = 0; j < C; j++) {
			int v = b[(size_t)i * C + j];
			rhs[i] = (rhs[i] + k - v) % k;
			rhs[R + j] = (rhs[R + j] + k - v) % k;
		}
	if (k == 2) {
		for (int i = 0; i < m && ok; i++) {
			int s = 0;
			for (int j = 0; j < m; j++)
				s ^= gf2_get(c->re, i, m + j) & rhs[j];
			if (i < c->rank)
				y[c->pivcol[i]] = s;
			else if (s) {
				ok = false;
				have_w = true;
				for (int j = 0; j < m; j++)
					w[j] = gf2_get(c->re, i, m + j);
			}
		}
	} else {
		int *z = calloc((size_t)m, sizeof *z);
		if (!z) {
			ok = false;
			goto out;
		}
		for (int i = 0; i < m && ok; i++) {
			int s = 0;
			for (int j = 0; j < m; j++)
				s = (s + c->u[(size_t)i * m + j] * rhs[j]) % k;
			int g = zmod_gcd(c->d[i], k);
			if (s % g) {
				ok = false;
				have_w = true;
				for (int j = 0; j < m; j++)
					w[j] = c->u[(size_t)i * m + j] * (k / g) % k;
			} else
				z[i] = (s / g) * zmod_inverse(c->d[i] / g, k / g) % (k / g);
		}
		for (int j = 0; j < m && ok; j++) {
			int s = 0;
			for (int i = 0; i < m; i++)
				s = (s + c->v[(size_t)j * m + i] * z[i]) % k;
			y[j] = s;
		}
		free(z);
	}
	if (ok)
		lift(c, b, y, x);
	else if (have_w && cert)
		/* w^T N = 0 and w . rhs != 0 give y_ij = -(w_i + w'_j). */
		for (int i = 0; i < R; i++)
			for (int j = 0; j < C; j++)
				cert[(size_t)i * C + j] = (uint8_t)((2 * k - w[i] - w[R + j]) % k);
out:
	free(rhs);
	free(y);
	free(w);
	return ok;
}
