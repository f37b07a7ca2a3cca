#include "engine/bitboard.h"

#include <stdlib.h>
#include <string.h>

static void bitboard_zunpack_row(const uint64_t *src, int n, int k, uint8_t *dst);

/* Sides past this are no board any reader takes; it keeps every index
 * within size_t on 64-bit hosts and rows, cols within int. */
#define SIDE_MAX (1 << 30)

size_t bitboard_stride(int cols)
{
	return ((size_t)cols + 63) / 64;
}

size_t bitboard_bytes(int rows, int cols)
{
	return bitboard_zbytes(rows, cols, 2);
}

/* A board over bits (malloc'd, bitboard_bytes of them), which it then
 * owns; NULL, bits still the caller's, on a bad size or no memory. */
static bitboard *bitboard_adopt(int rows, int cols, uint64_t *bits)
{
	if (!bitboard_bytes(rows, cols))
		return NULL;
	bitboard *b = malloc(sizeof *b);
	if (b)
		*b = (bitboard){ .rows = rows, .cols = cols, .stride = bitboard_dense(cols, 2) ? 0 : bitboard_stride(cols),
				 .bits = bits, .k = 2, .width = 1, .per = 64 };
	return b;
}

bitboard *bitboard_new(int rows, int cols)
{
	size_t n = bitboard_bytes(rows, cols);
	uint64_t *bits = n ? calloc(1, n) : NULL;	/* zero pages, touched only when written */
	bitboard *b = bits ? bitboard_adopt(rows, cols, bits) : NULL;
	if (!b)
		free(bits);
	return b;
}

void bitboard_free(bitboard *b)
{
	if (b) {
		free(b->bits);
		free(b);
	}
}

/* 8 cells a multiply: byte i of v lands on bit 56 + i of v *
 * 0x0102040810204080, with no carries. */
void bitboard_pack_row(const uint8_t *src, int n, uint64_t *dst)
{
	int i = 0;
	memset(dst, 0, bitboard_stride(n) * sizeof *dst);
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
	for (; i + 8 <= n; i += 8) {
		uint64_t v;
		memcpy(&v, src + i, 8);
		dst[i / 64] |= ((v & 0x0101010101010101ULL) * 0x0102040810204080ULL >> 56) << (i % 64);
	}
#endif
	for (; i < n; i++)
		dst[i / 64] |= (uint64_t)(src[i] & 1) << (i % 64);
}

void bitboard_unpack_row(const uint64_t *src, int n, uint8_t *dst)
{
	int i = 0;
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
	for (; i + 8 <= n; i += 8) {
		/* Byte j keeps bit j of the eight, then any non-zero byte -> 1. */
		uint64_t v = ((src[i / 64] >> (i % 64) & 0xff) * 0x0101010101010101ULL) & 0x8040201008040201ULL;
		v = ((v + 0x7f7f7f7f7f7f7f7fULL) >> 7) & 0x0101010101010101ULL;
		memcpy(dst + i, &v, 8);
	}
#endif
	for (; i < n; i++)
		dst[i] = (uint8_t)(src[i / 64] >> (i % 64) & 1);
}

bitboard *bitboard_from_board(const board *b)
{
	bitboard *p = bitboard_new(b->rows, b->cols);
	for (int r = 0; p && r < b->rows; r++)
		bitboard_zput_cells(p, r, b->cells + (size_t)r * b->cols);
	return p;
}

board *bitboard_to_board(const bitboard *p)
{
	board *b = board_new(p->rows, p->cols, p->k);
	for (int r = 0; b && r < p->rows; r++)
		bitboard_zget_cells(p, r, b->cells + (size_t)r * b->cols);
	return b;
}

void bitboard_zput_cells(bitboard *b, int r, const uint8_t *src)
{
	if (b->stride) {
		bitboard_zpack_row(src, b->cols, b->k, b->bits + (size_t)r * b->stride);
		return;
	}
	uint64_t row;
	bitboard_zpack_row(src, b->cols, b->k, &row);
	bitboard_put_row(b, r, &row);
}

void bitboard_zget_cells(const bitboard *b, int r, uint8_t *dst)
{
	uint64_t tmp;
	bitboard_zunpack_row(bitboard_row(b, r, &tmp), b->cols, b->k, dst);
}

/* A 64 x 64 bit block in place: bit j of word i <-> bit i of word j, by
 * swapping ever smaller off-diagonal blocks. */
static void transpose64(uint64_t a[64])
{
	uint64_t m = 0x00000000ffffffffULL;
	for (int j = 32; j; j >>= 1, m ^= m << j)
		for (int k = 0; k < 64; k = (k + j + 1) & ~j) {
			uint64_t t = ((a[k] >> j) ^ a[k + j]) & m;
			a[k] ^= t << j;
			a[k + j] ^= t;
		}
}

bitboard *bitboard_transpose(const bitboard *b)
{
	if (b->k != 2)
		return bitboard_ztranspose(b);
	bitboard *t = bitboard_new(b->cols, b->rows);
	if (!t)
		return NULL;
	uint64_t blk[64], tmp;
	size_t stride = bitboard_stride(b->cols);
	for (int r0 = 0; r0 < b->rows; r0 += 64)
		for (size_t w = 0; w < stride; w++) {
			int n = b->rows - r0 < 64 ? b->rows - r0 : 64;
			for (int i = 0; i < 64; i++)
				blk[i] = i < n ? bitboard_row(b, r0 + i, &tmp)[w] : 0;
			transpose64(blk);
			/* Row i of the block is column 64 w + i of b: cells r0.. of
			 * t's row 64 w + i, its word r0 / 64 (dense t: its whole
			 * row, b having fewer than 64 rows). */
			for (int i = 0; i < 64 && (int)(64 * w) + i < b->cols; i++)
				if (t->stride)
					t->bits[(64 * w + (size_t)i) * t->stride + (size_t)r0 / 64] = blk[i];
				else
					bitboard_put_row(t, (int)(64 * w) + i, &blk[i]);
		}
	return t;
}

void bitboard_press_plus(const bitboard *x, bitboard *out)
{
	if (!x->stride) {	/* dense: a word a row, out's rows read and written */
		uint64_t top = (1ULL << x->cols) - 1, tmp;
		for (int r = 0; r < x->rows; r++) {
			uint64_t v = *bitboard_row(x, r, &tmp);
			uint64_t t = (v ^ (v << 1) ^ (v >> 1)) & top;
			if (r)
				t ^= *bitboard_row(x, r - 1, &tmp);
			if (r + 1 < x->rows)
				t ^= *bitboard_row(x, r + 1, &tmp);
			t ^= *bitboard_row(out, r, &tmp);
			bitboard_put_row(out, r, &t);
		}
		return;
	}
	size_t s = x->stride, last = s - 1;
	uint64_t top = x->cols % 64 ? (1ULL << (x->cols % 64)) - 1 : ~0ULL;
	for (int r = 0; r < x->rows; r++) {
		const uint64_t *row = x->bits + (size_t)r * s;
		uint64_t *o = out->bits + (size_t)r * s, *up = r ? o - s : NULL, *down = r + 1 < x->rows ? o + s : NULL;
		uint64_t below = 0;	/* bit 63 of the word before */
		for (size_t w = 0; w < s; w++) {
			uint64_t v = row[w], after = w < last ? row[w + 1] : 0;
			uint64_t t = v ^ (v << 1) ^ below ^ (v >> 1) ^ (after << 63);
			below = v >> 63;
			o[w] ^= w == last ? t & top : t;
			if (up)
				up[w] ^= v;
			if (down)
				down[w] ^= v;
		}
	}
}

void bitboard_press_plus_row(const uint64_t *above, const uint64_t *row, const uint64_t *below, int cols,
			     uint64_t *out)
{
	size_t s = bitboard_stride(cols), last = s - 1;
	uint64_t top = cols % 64 ? (1ULL << (cols % 64)) - 1 : ~0ULL, below_bit = 0;
	for (size_t w = 0; w < s; w++) {
		uint64_t v = row[w], after = w < last ? row[w + 1] : 0;
		uint64_t t = v ^ (v << 1) ^ below_bit ^ (v >> 1) ^ (after << 63);
		below_bit = v >> 63;
		if (above)
			t ^= above[w];
		if (below)
			t ^= below[w];
		out[w] = w == last ? t & top : t;
	}
}

bool bitboard_is_clear(const bitboard *b)
{
	uint64_t acc = 0;
	for (size_t i = 0, n = bitboard_words(b); i < n; i++)
		acc |= b->bits[i];
	return acc == 0;
}

bool bitboard_equal(const bitboard *a, const bitboard *b)
{
	return a->rows == b->rows && a->cols == b->cols && a->k == b->k &&
	       memcmp(a->bits, b->bits, bitboard_words(a) * sizeof *a->bits) == 0;
}

size_t bitboard_count(const bitboard *b)
{
	size_t n = 0;
	for (size_t i = 0, m = bitboard_words(b); i < m; i++)
		n += (size_t)__builtin_popcountll(b->bits[i]);
	return n;
}

/* ---- Any k at ceil(log2 k) bits a cell. */

int bitboard_width(int k)
{
	int w = 1;
	while ((1 << w) < k)
		w++;
	return w;
}

size_t bitboard_zstride(int cols, int k)
{
	size_t per = (size_t)(64 / bitboard_width(k));
	return ((size_t)cols + per - 1) / per;
}

size_t bitboard_zbytes(int rows, int cols, int k)
{
	if (k < 2 || k > BOARD_MAX_K || rows < 1 || cols < 1 || rows > SIDE_MAX || cols > SIDE_MAX)
		return 0;
	if (bitboard_dense(cols, k)) {
		size_t per = (size_t)(64 / bitboard_width(k));
		return ((size_t)rows * (size_t)cols + per - 1) / per * sizeof(uint64_t);
	}
	return (size_t)rows * bitboard_zstride(cols, k) * sizeof(uint64_t);
}

bitboard *bitboard_zadopt(int rows, int cols, int k, uint64_t *bits)
{
	if (!bitboard_zbytes(rows, cols, k))
		return NULL;
	bitboard *b = malloc(sizeof *b);
	if (b) {
		int w = bitboard_width(k);
		*b = (bitboard){ .rows = rows, .cols = cols,
				 .stride = bitboard_dense(cols, k) ? 0 : bitboard_zstride(cols, k), .bits = bits, .k = k,
				 .width = w, .per = 64 / w };
	}
	return b;
}

bitboard *bitboard_znew(int rows, int cols, int k)
{
	size_t n = bitboard_zbytes(rows, cols, k);
	uint64_t *bits = n ? calloc(1, n) : NULL;
	bitboard *b = bits ? bitboard_zadopt(rows, cols, k, bits) : NULL;
	if (!b)
		free(bits);
	return b;
}

void bitboard_zpack_row(const uint8_t *src, int n, int k, uint64_t *dst)
{
	int w = bitboard_width(k), per = 64 / w, i = 0;
	if (w == 1) {
		bitboard_pack_row(src, n, dst);
		return;
	}
	memset(dst, 0, bitboard_zstride(n, k) * sizeof *dst);
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
	if (w == 2)	/* 8 cells into 16 bits: pairs, then fours, then eights merged */
		for (; i + 8 <= n; i += 8) {
			uint64_t v;
			memcpy(&v, src + i, 8);
			v &= 0x0303030303030303ULL;
			v = (v | v >> 6) & 0x000f000f000f000fULL;
			v = (v | v >> 12) & 0x000000ff000000ffULL;
			v = (v | v >> 24) & 0xffffULL;
			dst[i / 32] |= v << (2 * (i % 32));
		}
#endif
	for (size_t wd = (size_t)(i / per); i < n; wd++) {
		uint64_t acc = 0;
		for (int j = i % per; j < per && i < n; j++, i++)
			acc |= (uint64_t)src[i] << (j * w);
		dst[wd] |= acc;
	}
}

static void bitboard_zunpack_row(const uint64_t *src, int n, int k, uint8_t *dst)
{
	int w = bitboard_width(k), per = 64 / w, i = 0;
	if (w == 1) {
		bitboard_unpack_row(src, n, dst);
		return;
	}
	uint64_t mask = (1ULL << w) - 1;
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
	if (w == 2)
		for (; i + 8 <= n; i += 8) {
			uint64_t v = src[i / 32] >> (2 * (i % 32)) & 0xffff;
			v = (v | v << 24) & 0x000000ff000000ffULL;
			v = (v | v << 12) & 0x000f000f000f000fULL;
			v = (v | v << 6) & 0x0303030303030303ULL;
			memcpy(dst + i, &v, 8);
		}
#endif
	for (size_t wd = (size_t)(i / per); i < n; wd++) {
		uint64_t v = src[wd] >> (i % per * w);
		for (int j = i % per; j < per && i < n; j++, i++, v >>= w)
			dst[i] = (uint8_t)(v & mask);
	}
}

bitboard *bitboard_zfrom_board(const board *b)
{
	bitboard *p = bitboard_znew(b->rows, b->cols, b->k);
	for (int r = 0; p && r < b->rows; r++)
		bitboard_zput_cells(p, r, b->cells + (size_t)r * b->cols);
	return p;
}

/* STRIP columns by a block of rows at a time (a whole number of words of
 * the turned rows): each row's cells of the strip into bytes, a byte row
 * per column, then each packed into its words of t.  The bytes are
 * STRIP x block whatever the board's size. */
#define STRIP 256
#define BLOCK_WORDS 64

bitboard *bitboard_ztranspose(const bitboard *b)
{
	if (b->k == 2)
		return bitboard_transpose(b);
	bitboard *t = bitboard_znew(b->cols, b->rows, b->k);
	int block = t ? t->per * BLOCK_WORDS : 0;
	uint8_t *buf = t ? malloc((size_t)STRIP * (size_t)block) : NULL;
	if (!buf) {
		bitboard_free(t);
		return NULL;
	}
	int w = b->width, per = b->per;
	uint64_t mask = (1ULL << w) - 1;
	for (int r0 = 0; r0 < b->rows; r0 += block) {
		int m = b->rows - r0 < block ? b->rows - r0 : block;
		for (int c0 = 0; c0 < b->cols; c0 += STRIP) {
			int n = b->cols - c0 < STRIP ? b->cols - c0 : STRIP;
			for (int r = 0; r < m; r++) {
				uint64_t tmp;
				const uint64_t *row = bitboard_row(b, r0 + r, &tmp);
				size_t wd = (size_t)(c0 / per);
				uint64_t v = row[wd] >> (c0 % per * w);
				for (int j = 0, s = c0 % per; j < n; j++) {
					buf[(size_t)j * (size_t)block + (size_t)r] = (uint8_t)(v & mask);
					v >>= w;
					if (++s == per) {
						s = 0;
						v = j + 1 < n ? row[++wd] : 0;
					}
				}
			}
			/* Cells r0.. of t's row c0 + j start on word r0 / per (dense
			 * t: its whole row, b having fewer rows than a block). */
			for (int j = 0; j < n; j++)
				if (t->stride)
					bitboard_zpack_row(buf + (size_t)j * (size_t)block, m, b->k,
							   t->bits + (size_t)(c0 + j) * t->stride + (size_t)(r0 / t->per));
				else
					bitboard_zput_cells(t, c0 + j, buf + (size_t)j * (size_t)block);
		}
	}
	free(buf);
	return t;
}

int bitboard_zpress_plus_clears(const bitboard *b, const bitboard *x)
{
	int R = x->rows, C = x->cols, k = x->k;
	size_t w = (size_t)C + 2;
	uint8_t *buf = calloc(4 * w, 1);
	if (!buf)
		return -1;
	/* Three rows of presses and the board's row, a clear cell either side. */
	uint8_t *up = buf + 1, *row = up + w, *down = row + w, *light = down + w;
	bitboard_zget_cells(x, 0, row);
	uint8_t mod[256];	/* sums of six cells below 36: at most 210 */
	for (int v = 0; v < 256; v++)
		mod[v] = (uint8_t)(v % k);
	int clear = 1;
	for (int p = 0; p < R && clear; p++) {
		if (p + 1 < R)
			bitboard_zget_cells(x, p + 1, down);
		else
			memset(down, 0, (size_t)C);
		if (b)
			bitboard_zget_cells(b, p, light);
		for (int j = 0; j < C; j++)
			if (mod[up[j] + row[j - 1] + row[j] + row[j + 1] + down[j] + light[j]]) {
				clear = 0;
				break;
			}
		uint8_t *t = up;
		up = row;
		row = down;
		down = t;
	}
	free(buf);
	return clear;
}
