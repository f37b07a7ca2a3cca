#include "engine/zband.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "engine/clones.h"
#include "engine/zmod.h"

#define ZBAND_MAX_PARTS 3	/* 2 * 3 * 5 = 30 <= 36 < 2 * 3 * 5 * 7 */
#define BLOCK 32

/* Recorded row operations, replayed on each right-hand side, 4 bytes
 * each (row << 8 | code; rows < 2^24): code OP_PIVOT makes the row the
 * current pivot row, OP_SWAP swaps the row with it, a multiplier m (1 to
 * p - 1 <= 30) does row -= m pivot. */
typedef uint32_t zb_op;
#define OP_SWAP 0
#define OP_PIVOT 255

/* The elimination modulo one prime p, for the factor q = p^e of k. */
typedef struct zb_part {
	int p, e, q, rank, nfree;
	uint8_t *ring;		/* n rows of wr values: column c at c & (wr - 1) */
	int *pivcol, *free_cols;
	uint8_t *pinv;		/* inverse of each pivot */
	zb_op *ops;
	size_t nops, capops;
} zb_part;

struct zband {
	int n, k, b, wr, nparts;
	int rows, cols;
	rule r;			/* A's presses, for the residuals of a lift */
	zb_part part[ZBAND_MAX_PARTS];
	int idem[ZBAND_MAX_PARTS];	/* 1 mod this factor, 0 mod the others */
	int nullity;
	int *order;
};

int zband_square_prime(int k)
{
	for (int p = 2; p * p <= k; p++)
		if (k % (p * p) == 0)
			return p;
	return 0;
}

/* r -= m s (mod p) over len values: r + (p - m) s < 1024 for p <= 31,
 * and (x * bar) >> 16 is x / p there. */
LO_CLONES
static void zband_axpy(uint8_t *restrict r, const uint8_t *restrict s, int len, unsigned m, unsigned p, unsigned bar)
{
	unsigned mm = (p - m) % p;
	int j = 0;
	for (; j + BLOCK <= len; j += BLOCK)
		for (int t = 0; t < BLOCK; t++) {
			uint16_t x = (uint16_t)(r[j + t] + (uint16_t)mm * s[j + t]);
			uint16_t q = (uint16_t)(((uint32_t)x * bar) >> 16);
			r[j + t] = (uint8_t)(x - q * p);
		}
	for (; j < len; j++) {
		unsigned x = r[j] + mm * s[j];
		r[j] = (uint8_t)(x % p);
	}
}

static int record(zb_part *pt, int row, int code)
{
	if (pt->nops == pt->capops) {
		size_t cap = pt->capops ? 2 * pt->capops : 4096;
		zb_op *o = realloc(pt->ops, cap * sizeof *o);
		if (!o)
			return -1;
		pt->ops = o;
		pt->capops = cap;
	}
	pt->ops[pt->nops++] = (zb_op)row << 8 | (zb_op)code;
	return 0;
}

static void part_free(zb_part *pt)
{
	free(pt->ring);
	free(pt->pivcol);
	free(pt->free_cols);
	free(pt->pinv);
	free(pt->ops);
}

static int part_build(zband *m, zb_part *pt, int rows, int cols, const rule *r)
{
	int n = m->n, b = m->b, wr = m->wr, mask = wr - 1, p = pt->p;
	size_t W = (size_t)wr;
	pt->ring = calloc((size_t)n * W, 1);
	pt->pivcol = malloc((size_t)n * sizeof *pt->pivcol);
	pt->free_cols = malloc((size_t)n * sizeof *pt->free_cols);
	pt->pinv = malloc((size_t)n);
	int *nb = malloc((size_t)rule_max_cells(r, rows, cols) * sizeof *nb);
	if (!pt->ring || !pt->pivcol || !pt->free_cols || !pt->pinv || !nb) {
		free(nb);
		return -1;
	}
	/* Row i: the presses that change cell i (column j presses cell j). */
	for (int j = 0; j < n; j++) {
		int c = rule_neighbours(r, rows, cols, j / cols, j % cols, nb);
		for (int t = 0; t < c; t++)
			pt->ring[(size_t)nb[t] * W + (size_t)(j & mask)] = 1;
	}
	free(nb);
	unsigned bar = 65536u / (unsigned)p + 1;
	uint8_t *tmp = malloc(W);
	if (!tmp)
		return -1;
	for (int c = 0; c < n; c++) {
		int end = c + b + 1 < n ? c + b + 1 : n, pos = c & mask, piv = -1;
		for (int i = pt->rank; i < end && piv < 0; i++)
			if (pt->ring[(size_t)i * W + (size_t)pos])
				piv = i;
		if (piv < 0) {
			pt->free_cols[pt->nfree++] = c;
			continue;
		}
		uint8_t *pr = pt->ring + (size_t)pt->rank * W;
		if (record(pt, pt->rank, OP_PIVOT) < 0)
			goto fail;
		if (piv != pt->rank) {
			memcpy(tmp, pr, W);
			memcpy(pr, pt->ring + (size_t)piv * W, W);
			memcpy(pt->ring + (size_t)piv * W, tmp, W);
			if (record(pt, piv, OP_SWAP) < 0)
				goto fail;
		}
		int inv = zmod_inverse(pr[pos], p);
		/* The rows' non-zeros lie in [c, c + 2b]: one or two ring segments. */
		int len = 2 * b + 1 < n - c ? 2 * b + 1 : n - c, first = len < wr - pos ? len : wr - pos;
		for (int i = pt->rank + 1; i < end; i++) {
			uint8_t *row = pt->ring + (size_t)i * W;
			if (!row[pos])
				continue;
			int mult = row[pos] * inv % p;
			zband_axpy(row + pos, pr + pos, first, (unsigned)mult, (unsigned)p, bar);
			if (len > first)
				zband_axpy(row, pr, len - first, (unsigned)mult, (unsigned)p, bar);
			if (record(pt, i, mult) < 0)
				goto fail;
		}
		pt->pinv[pt->rank] = (uint8_t)inv;
		pt->pivcol[pt->rank++] = c;
	}
	free(tmp);
	return 0;
fail:
	free(tmp);
	return -1;
}

/* sum a_j b_j over len bytes (values < 31): blocks of 16-bit products. */
LO_CLONES
static unsigned dot(const uint8_t *restrict a, const uint8_t *restrict b, int len)
{
	unsigned acc = 0;
	int j = 0;
	while (j + BLOCK <= len) {
		/* 16-bit sums of up to 64 blocks: 64 * 30 * 30 < 65536. */
		uint16_t s[BLOCK] = { 0 };
		for (int blocks = 0; blocks < 64 && j + BLOCK <= len; blocks++, j += BLOCK)
			for (int t = 0; t < BLOCK; t++)
				s[t] = (uint16_t)(s[t] + a[j + t] * b[j + t]);
		for (int t = 0; t < BLOCK; t++)
			acc += s[t];
	}
	for (; j < len; j++)
		acc += (unsigned)a[j] * b[j];
	return acc;
}

/* x given on the free columns; the pivots from the bottom up, from row
 * `from` down (the rows above it give 0 when z is NULL and x is 0 past
 * their pivots).  z NULL: 0. */
static void back_substitute(const zband *m, const zb_part *pt, const int *z, uint8_t *x, int from)
{
	int n = m->n, b = m->b, wr = m->wr, mask = wr - 1, p = pt->p;
	for (int t = from - 1; t >= 0; t--) {
		int c = pt->pivcol[t], len = (c + 2 * b < n - 1 ? c + 2 * b : n - 1) - c;
		const uint8_t *row = pt->ring + (size_t)t * (size_t)wr;
		int pos = (c + 1) & mask, first = len < wr - pos ? len : wr - pos;
		unsigned acc = dot(row + pos, x + c + 1, first);
		if (len > first)
			acc += dot(row, x + c + 1 + first, len - first);
		int s = (int)(((z ? z[t] : 0) + p - (int)(acc % (unsigned)p)) % p);
		x[c] = (uint8_t)(s * pt->pinv[t] % p);
	}
}

zband *zband_new(int rows, int cols, const rule *r, int k)
{
	if (k <= 2 || r->lines || r->torus) {
		errno = EINVAL;
		return NULL;
	}
	zband *m = calloc(1, sizeof *m);
	if (!m) {
		errno = ENOMEM;
		return NULL;
	}
	int h = 0, w = 0;
	for (int i = 0; i < r->n; i++) {
		h = abs(r->dr[i]) > h ? abs(r->dr[i]) : h;
		w = abs(r->dc[i]) > w ? abs(r->dc[i]) : w;
	}
	m->n = rows * cols;
	m->k = k;
	m->b = h * cols + w;
	for (m->wr = BLOCK; m->wr < 2 * m->b + 1; m->wr *= 2)
		;
	m->rows = rows;
	m->cols = cols;
	m->r = *r;
	int rest = k;
	for (int p = 2; rest > 1; p++)
		if (rest % p == 0) {
			zb_part *pt = &m->part[m->nparts++];
			pt->p = p;
			pt->q = 1;
			for (; rest % p == 0; rest /= p)
				pt->e++, pt->q *= p;
			m->idem[m->nparts - 1] = (k / pt->q) * zmod_inverse((k / pt->q) % pt->q, pt->q) % k;
			if (part_build(m, pt, rows, cols, r) < 0)
				goto fail;
			if (pt->e > 1 && pt->nfree > 0) {
				/* Singular mod p: Z/p^e's kernel is not a lift of GF(p)'s. */
				zband_free(m);
				errno = EDOM;
				return NULL;
			}
		}
	for (int i = 0; i < m->nparts; i++)
		m->nullity = m->part[i].nfree > m->nullity ? m->part[i].nfree : m->nullity;
	m->order = malloc(((size_t)m->nullity + 1) * sizeof *m->order);
	if (!m->order)
		goto fail;
	for (int g = 0; g < m->nullity; g++) {
		m->order[g] = 1;
		for (int i = 0; i < m->nparts; i++)
			if (g < m->part[i].nfree)
				m->order[g] *= m->part[i].p;
	}
	return m;
fail:
	zband_free(m);
	errno = ENOMEM;
	return NULL;
}

void zband_free(zband *m)
{
	if (!m)
		return;
	for (int i = 0; i < m->nparts; i++)
		part_free(&m->part[i]);
	free(m->order);
	free(m);
}

int zband_nullity(const zband *m)
{
	return m->nullity;
}

int zband_order(const zband *m, int i)
{
	return m->order[i];
}

int zband_kernel(const zband *m, int g, uint8_t *out)
{
	int n = m->n, k = m->k;
	uint8_t *x = malloc((size_t)n + 1);
	if (!x)
		return -1;
	memset(out, 0, (size_t)n);
	for (int i = 0; i < m->nparts; i++) {
		const zb_part *pt = &m->part[i];
		if (g >= pt->nfree)
			continue;
		int f = pt->free_cols[g], from = pt->rank;
		memset(x, 0, (size_t)n);
		x[f] = 1;
		/* Pivot rows past f see only zeros: start below them. */
		while (from > 0 && pt->pivcol[from - 1] > f)
			from--;
		back_substitute(m, pt, NULL, x, from);
		for (int j = 0; j < n; j++)
			out[j] = (uint8_t)((out[j] + x[j] * m->idem[i]) % k);
	}
	free(x);
	return 0;
}

/* z (mod p, one value a row) through the recorded row operations. */
static void replay(const zb_part *pt, int *z)
{
	int p = pt->p, src = 0;
	for (size_t t = 0; t < pt->nops; t++) {
		int row = (int)(pt->ops[t] >> 8), code = (int)(pt->ops[t] & 255);
		if (code == OP_PIVOT)
			src = row;
		else if (code == OP_SWAP) {
			int v = z[row];
			z[row] = z[src];
			z[src] = v;
		} else
			z[row] = (z[row] + (p - code) * z[src]) % p;
	}
}

lo_result zband_solve(const zband *m, const uint8_t *b, uint8_t *out)
{
	int n = m->n, k = m->k;
	int *z = malloc(((size_t)n + 1) * sizeof *z);
	uint8_t *x = malloc((size_t)n + 1), *xq = malloc((size_t)n + 1);
	board *ax = NULL;	/* A xq (mod q) for a lift */
	lo_result st = LO_NOMEM;
	if (!z || !x || !xq)
		goto done;
	memset(out, 0, (size_t)n);
	st = LO_SOLVED;
	for (int i = 0; i < m->nparts && st == LO_SOLVED; i++) {
		const zb_part *pt = &m->part[i];
		int p = pt->p, q = pt->q;
		/* A x = -b (mod q), digit by digit in base p: with A invertible
		 * mod p (e > 1 is built only then), each digit solves A y = the
		 * residual / p^d (mod p) on the same elimination (Hensel). */
		memset(xq, 0, (size_t)n);
		board_free(ax);
		ax = pt->e > 1 ? board_new(m->rows, m->cols, q) : NULL;
		if (pt->e > 1 && !ax) {
			st = LO_NOMEM;
			break;
		}
		for (int d = 0, pd = 1; d < pt->e && st == LO_SOLVED; d++, pd *= p) {
			if (d > 0) {
				memset(ax->cells, 0, (size_t)n);
				rule_apply(&m->r, ax, xq);
			}
			for (int j = 0; j < n; j++) {
				int target = (k - b[j]) % k % q, res = d > 0 ? (target - ax->cells[j] + q) % q : target;
				z[j] = res / pd % p;	/* res is a multiple of pd */
			}
			replay(pt, z);
			for (int t = pt->rank; t < n; t++)
				if (z[t]) {
					st = LO_UNSOLVABLE;
					break;
				}
			if (st != LO_SOLVED)
				break;
			memset(x, 0, (size_t)n);
			back_substitute(m, pt, z, x, pt->rank);
			for (int j = 0; j < n; j++)
				xq[j] = (uint8_t)((xq[j] + pd * x[j]) % q);
		}
		for (int j = 0; j < n && st == LO_SOLVED; j++)
			out[j] = (uint8_t)((out[j] + xq[j] * m->idem[i]) % k);
	}
done:
	board_free(ax);
	free(z);
	free(x);
	free(xq);
	return st;
}
