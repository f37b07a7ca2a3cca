#include "engine/zband.h"

#include <stdlib.h>
#include <string.h>

#include "engine/bandorder.h"
#include "engine/clones.h"
#include "engine/zlu.h"
#include "engine/zmod.h"

#define ZBAND_MAX_PARTS 3	/* 2 * 3 * 5 = 30 <= 36 < 2 * 3 * 5 * 7 */
#define ZBAND_MAX_D_BYTES ((size_t)1 << 28)
#define BLOCK 32

/* Recorded row operations, replayed on each right-hand side, 4 bytes
 * each (row << 8 | code; rows < 2^24): code OP_PIVOT makes the row the
 * current pivot row, OP_SWAP swaps the row with it, a multiplier m (1 to
 * q - 1 <= 31) does row -= m pivot. */
typedef uint32_t zb_op;
#define OP_SWAP 0
#define OP_PIVOT 255

/* The elimination of one factor q = p^e of k. */
typedef struct zb_part {
	int p, e, q, rank, nfree;
	uint8_t *ring;		/* n rows of wr values: column c at c & (wr - 1) */
	int *pivcol, *free_cols;
	uint8_t *pinv;		/* inverse of each pivot */
	zb_op *ops;
	size_t nops, capops;
	bool live;		/* some free column has non-zeros (e > 1) */
	uint8_t *d;		/* live: n x nfree, the free columns past the ring */
	zlu *schur;		/* live: S, the free columns on the rows left over */
	int nullity;
} zb_part;

struct zband {
	int n, k, b, wr, nparts;
	int *pos, *cell;	/* cell -> place in the band order, and back */
	zb_part part[ZBAND_MAX_PARTS];
	int idem[ZBAND_MAX_PARTS];	/* 1 mod this factor, 0 mod the others */
	int nullity;
	int *order;
};

/* r -= m s (mod q) over len values: r + (q - m) s < 1024 for q <= 32,
 * and (x * bar) >> 16 is x / q there (q < 64). */
LO_CLONES
static void zband_axpy(uint8_t *restrict r, const uint8_t *restrict s, int len, unsigned m, unsigned q, unsigned bar)
{
	unsigned mm = (q - m) % q;
	int j = 0;
	for (; j + BLOCK <= len; j += BLOCK)
		for (int t = 0; t < BLOCK; t++) {
			uint16_t x = (uint16_t)(r[j + t] + (uint16_t)mm * s[j + t]);
			uint16_t v = (uint16_t)(((uint32_t)x * bar) >> 16);
			r[j + t] = (uint8_t)(x - v * q);
		}
	for (; j < len; j++) {
		unsigned x = r[j] + mm * s[j];
		r[j] = (uint8_t)(x % q);
	}
}

static unsigned barrett(int q)
{
	return 65536u / (unsigned)q + 1;
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
	free(pt->d);
	zlu_free(pt->schur);
}

/* Column j of A in band order (the cells press cell[j] changes) into v,
 * stride apart. */
static void put_column(const zband *m, int rows, int cols, const rule *r, int j, uint8_t *v, size_t stride, int *nb)
{
	int cell = m->cell[j], c = rule_neighbours(r, rows, cols, cell / cols, cell % cols, nb);
	for (int t = 0; t < c; t++)
		v[(size_t)m->pos[nb[t]] * stride] = 1;
}

static int part_build(zband *m, zb_part *pt, int rows, int cols, const rule *r)
{
	int n = m->n, b = m->b, wr = m->wr, mask = wr - 1, p = pt->p, q = pt->q;
	size_t W = (size_t)wr;
	pt->ring = calloc((size_t)n * W, 1);
	pt->pivcol = malloc((size_t)n * sizeof *pt->pivcol);
	pt->free_cols = malloc((size_t)n * sizeof *pt->free_cols);
	pt->pinv = malloc((size_t)n);
	int *nb = malloc((size_t)rule_max_cells(r, rows, cols) * sizeof *nb);
	uint8_t *tmp = malloc(W);
	if (!pt->ring || !pt->pivcol || !pt->free_cols || !pt->pinv || !nb || !tmp)
		goto fail;
	for (int j = 0; j < n; j++)
		put_column(m, rows, cols, r, j, pt->ring + (j & mask), W, nb);
	unsigned bar = barrett(q);
	for (int c = 0; c < n; c++) {
		int end = c + b + 1 < n ? c + b + 1 : n, pos = c & mask, piv = -1;
		for (int i = pt->rank; i < end && piv < 0; i++)
			if (pt->ring[(size_t)i * W + (size_t)pos] % p)
				piv = i;
		if (piv < 0) {
			/* Free; its values (multiples of p) leave the ring, whose
			 * slot column c + wr needs: D gets them by replay. */
			for (int i = pt->rank; i < end; i++) {
				pt->live |= pt->ring[(size_t)i * W + (size_t)pos] != 0;
				pt->ring[(size_t)i * W + (size_t)pos] = 0;
			}
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
		int inv = zmod_inverse(pr[pos], q);
		/* The rows' non-zeros lie in [c, c + 2b]: one or two ring segments. */
		int len = 2 * b + 1 < n - c ? 2 * b + 1 : n - c, first = len < wr - pos ? len : wr - pos;
		for (int i = pt->rank + 1; i < end; i++) {
			uint8_t *row = pt->ring + (size_t)i * W;
			if (!row[pos])
				continue;
			int mult = row[pos] * inv % q;
			zband_axpy(row + pos, pr + pos, first, (unsigned)mult, (unsigned)q, bar);
			if (len > first)
				zband_axpy(row, pr, len - first, (unsigned)mult, (unsigned)q, bar);
			if (record(pt, i, mult) < 0)
				goto fail;
		}
		pt->pinv[pt->rank] = (uint8_t)inv;
		pt->pivcol[pt->rank++] = c;
	}
	free(nb);
	free(tmp);
	return 0;
fail:
	free(nb);
	free(tmp);
	return -1;
}

/* z (mod q, width values a row) through the recorded row operations. */
static void replay(const zb_part *pt, uint8_t *z, int width)
{
	int q = pt->q, src = 0;
	unsigned bar = barrett(q);
	size_t w = (size_t)width;
	for (size_t t = 0; t < pt->nops; t++) {
		int row = (int)(pt->ops[t] >> 8), code = (int)(pt->ops[t] & 255);
		uint8_t *zr = z + (size_t)row * w, *zs = z + (size_t)src * w;
		if (code == OP_PIVOT)
			src = row;
		else if (width == 1 && code != OP_SWAP)
			*zr = (uint8_t)((*zr + (q - code) * *zs) % q);
		else if (code == OP_SWAP)
			for (size_t j = 0; j < w; j++) {
				uint8_t v = zr[j];
				zr[j] = zs[j];
				zs[j] = v;
			}
		else
			zband_axpy(zr, zs, width, (unsigned)code, (unsigned)q, bar);
	}
}

/* The free columns of L^-1 P A through the same row operations: a pivot
 * row's values past its pivot are in the ring, those before it here; the
 * rows left over give S.  LO_TOO_LARGE when S or D would be too big. */
static lo_result part_schur(zband *m, zb_part *pt, int rows, int cols, const rule *r)
{
	int n = m->n, d = pt->nfree;
	if (d > ZBAND_MAX_SCHUR || (size_t)n * (size_t)d > ZBAND_MAX_D_BYTES)
		return LO_TOO_LARGE;
	int *nb = malloc((size_t)rule_max_cells(r, rows, cols) * sizeof *nb);
	pt->d = calloc((size_t)n * (size_t)d, 1);
	if (!nb || !pt->d) {
		free(nb);
		return LO_NOMEM;
	}
	for (int j = 0; j < d; j++)
		put_column(m, rows, cols, r, pt->free_cols[j], pt->d + j, (size_t)d, nb);
	free(nb);
	replay(pt, pt->d, d);
	for (int t = 0; t < pt->rank; t++)
		for (int j = d - 1; j >= 0 && pt->free_cols[j] > pt->pivcol[t]; j--)
			pt->d[(size_t)t * d + (size_t)j] = 0;
	pt->schur = zlu_new(pt->d + (size_t)pt->rank * (size_t)d, d, pt->q);
	return pt->schur ? LO_OK : LO_NOMEM;
}

/* sum a_j b_j over len bytes (values < 32): blocks of 16-bit products. */
LO_CLONES
static unsigned dot(const uint8_t *restrict a, const uint8_t *restrict b, int len)
{
	unsigned acc = 0;
	int j = 0;
	while (j + BLOCK <= len) {
		/* 16-bit sums of up to 64 blocks: 64 * 31 * 31 < 65536. */
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

/* x (band order) given on the free columns, y the same values in free
 * column order; the pivots from the bottom up, from row `from` down (the
 * rows above it give 0 when z is NULL and x is 0 past their pivots).
 * z NULL: 0. */
static void back_substitute(const zband *m, const zb_part *pt, const uint8_t *z, const uint8_t *y, uint8_t *x,
			    int from)
{
	int n = m->n, b = m->b, wr = m->wr, mask = wr - 1, q = pt->q, d = pt->nfree;
	for (int t = from - 1; t >= 0; t--) {
		int c = pt->pivcol[t], len = (c + 2 * b < n - 1 ? c + 2 * b : n - 1) - c;
		const uint8_t *row = pt->ring + (size_t)t * (size_t)wr;
		int pos = (c + 1) & mask, first = len < wr - pos ? len : wr - pos;
		unsigned acc = dot(row + pos, x + c + 1, first);
		if (len > first)
			acc += dot(row, x + c + 1 + first, len - first);
		if (pt->d)
			acc += dot(pt->d + (size_t)t * (size_t)d, y, d);
		int s = (int)(((z ? z[t] : 0) + q - (int)(acc % (unsigned)q)) % q);
		x[c] = (uint8_t)(s * pt->pinv[t] % q);
	}
}

lo_result zband_create(int rows, int cols, const rule *r, int k, zband **out)
{
	*out = NULL;
	if (k <= 2 || r->lines)
		return LO_REFUSED;
	zband *m = calloc(1, sizeof *m);
	if (!m)
		return LO_NOMEM;
	lo_result st = LO_NOMEM;
	m->n = rows * cols;
	m->k = k;
	m->pos = malloc((size_t)m->n * sizeof *m->pos);
	m->cell = malloc((size_t)m->n * sizeof *m->cell);
	if (!m->pos || !m->cell || (m->b = bandorder_make(rows, cols, r, m->pos)) < 0)
		goto fail;
	for (int i = 0; i < m->n; i++)
		m->cell[m->pos[i]] = i;
	for (m->wr = BLOCK; m->wr < 2 * m->b + 1; m->wr *= 2)
		;
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
			lo_result schur = pt->live ? part_schur(m, pt, rows, cols, r) : LO_OK;
			if (schur != LO_OK) {
				st = schur;
				goto fail;
			}
			pt->nullity = pt->schur ? zlu_nullity(pt->schur) : pt->nfree;
		}
	for (int i = 0; i < m->nparts; i++)
		m->nullity = m->part[i].nullity > m->nullity ? m->part[i].nullity : m->nullity;
	m->order = malloc(((size_t)m->nullity + 1) * sizeof *m->order);
	if (!m->order)
		goto fail;
	for (int g = 0; g < m->nullity; g++) {
		m->order[g] = 1;
		for (int i = 0; i < m->nparts; i++) {
			const zb_part *pt = &m->part[i];
			if (g < pt->nullity)
				m->order[g] *= pt->schur ? zlu_order(pt->schur, g) : pt->q;
		}
	}
	*out = m;
	return LO_OK;
fail:
	zband_free(m);
	return st;
}

zband *zband_new(int rows, int cols, const rule *r, int k)
{
	zband *m;
	zband_create(rows, cols, r, k, &m);
	return m;
}

void zband_free(zband *m)
{
	if (!m)
		return;
	for (int i = 0; i < m->nparts; i++)
		part_free(&m->part[i]);
	free(m->pos);
	free(m->cell);
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

/* x (band order) from y on the free columns. */
static void set_free(const zb_part *pt, const uint8_t *y, uint8_t *x, int n)
{
	memset(x, 0, (size_t)n);
	for (int j = 0; j < pt->nfree; j++)
		x[pt->free_cols[j]] = y[j];
}

/* out += x (band order) times the factor's idempotent. */
static void add_part(const zband *m, int i, const uint8_t *x, uint8_t *out)
{
	for (int j = 0; j < m->n; j++)
		out[j] = (uint8_t)((out[j] + x[m->pos[j]] * m->idem[i]) % m->k);
}

lo_result zband_kernel(const zband *m, int g, uint8_t *out)
{
	int n = m->n;
	uint8_t *x = malloc((size_t)n + 1), *y = malloc((size_t)n + 1);
	lo_result rc = LO_NOMEM;
	if (!x || !y)
		goto done;
	memset(out, 0, (size_t)n);
	for (int i = 0; i < m->nparts; i++) {
		const zb_part *pt = &m->part[i];
		if (g >= pt->nullity)
			continue;
		int from = pt->rank;
		if (pt->schur) {
			if (zlu_kernel(pt->schur, g, y) != LO_OK)
				goto done;
		} else {
			memset(y, 0, (size_t)n);
			y[g] = 1;
			/* Pivot rows past the free column see only zeros. */
			while (from > 0 && pt->pivcol[from - 1] > pt->free_cols[g])
				from--;
		}
		set_free(pt, y, x, n);
		back_substitute(m, pt, NULL, y, x, from);
		add_part(m, i, x, out);
	}
	rc = LO_OK;
done:
	free(x);
	free(y);
	return rc;
}

lo_result zband_solve(const zband *m, const uint8_t *b, uint8_t *out)
{
	int n = m->n, k = m->k;
	uint8_t *z = malloc((size_t)n + 1), *x = malloc((size_t)n + 1), *y = malloc((size_t)n + 1);
	lo_result st = LO_NOMEM;
	if (!z || !x || !y)
		goto done;
	memset(out, 0, (size_t)n);
	st = LO_OK;
	for (int i = 0; i < m->nparts && st == LO_OK; i++) {
		const zb_part *pt = &m->part[i];
		for (int j = 0; j < n; j++)
			z[m->pos[j]] = (uint8_t)((k - b[j]) % k % pt->q);	/* A x = -b */
		replay(pt, z, 1);
		const uint8_t *left = z + pt->rank;	/* the rows without a pivot */
		if (pt->schur)
			st = zlu_solve(pt->schur, left, y, NULL);
		else {
			for (int t = 0; t < pt->nfree; t++)
				st = left[t] ? LO_UNSOLVABLE : st;
			memset(y, 0, (size_t)n);
		}
		if (st != LO_OK)
			break;
		set_free(pt, y, x, n);
		back_substitute(m, pt, z, y, x, pt->rank);
		add_part(m, i, x, out);
	}
done:
	free(z);
	free(x);
	free(y);
	return st;
}
