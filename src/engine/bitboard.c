#include "engine/bitboard.h"

#include <stdlib.h>
#include <string.h>

/* Sides past this are no board any reader takes; it keeps every index
 * within size_t on 64-bit hosts and rows, cols within int. */
#define SIDE_MAX (1 << 30)

size_t bitboard_stride(int cols)
{
	return ((size_t)cols + 63) / 64;
}

size_t bitboard_bytes(int rows, int cols)
{
	if (rows < 1 || cols < 1 || rows > SIDE_MAX || cols > SIDE_MAX)
		return 0;
	return (size_t)rows * bitboard_stride(cols) * sizeof(uint64_t);
}

bitboard *bitboard_adopt(int rows, int cols, uint64_t *bits)
{
	if (!bitboard_bytes(rows, cols))
		return NULL;
	bitboard *b = malloc(sizeof *b);
	if (b)
		*b = (bitboard){ .rows = rows, .cols = cols, .stride = bitboard_stride(cols), .bits = bits };
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
		bitboard_pack_row(b->cells + (size_t)r * b->cols, b->cols, p->bits + (size_t)r * p->stride);
	return p;
}

board *bitboard_to_board(const bitboard *p)
{
	board *b = board_new(p->rows, p->cols, 2);
	for (int r = 0; b && r < p->rows; r++)
		bitboard_unpack_row(p->bits + (size_t)r * p->stride, p->cols, b->cells + (size_t)r * b->cols);
	return b;
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
	bitboard *t = bitboard_new(b->cols, b->rows);
	if (!t)
		return NULL;
	uint64_t blk[64];
	for (int r0 = 0; r0 < b->rows; r0 += 64)
		for (size_t w = 0; w < b->stride; w++) {
			int n = b->rows - r0 < 64 ? b->rows - r0 : 64;
			for (int i = 0; i < 64; i++)
				blk[i] = i < n ? b->bits[(size_t)(r0 + i) * b->stride + w] : 0;
			transpose64(blk);
			/* Row i of the block is column 64 w + i of b: cells r0.. of
			 * t's row 64 w + i, its word r0 / 64. */
			for (int i = 0; i < 64 && (int)(64 * w) + i < b->cols; i++)
				t->bits[(64 * w + (size_t)i) * t->stride + (size_t)r0 / 64] = blk[i];
		}
	return t;
}

void bitboard_press_plus(const bitboard *x, bitboard *out)
{
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
	for (size_t i = 0, n = (size_t)b->rows * b->stride; i < n; i++)
		acc |= b->bits[i];
	return acc == 0;
}

bool bitboard_equal(const bitboard *a, const bitboard *b)
{
	return a->rows == b->rows && a->cols == b->cols &&
	       memcmp(a->bits, b->bits, (size_t)a->rows * a->stride * sizeof *a->bits) == 0;
}

size_t bitboard_count(const bitboard *b)
{
	size_t n = 0;
	for (size_t i = 0, m = (size_t)b->rows * b->stride; i < m; i++)
		n += (size_t)__builtin_popcountll(b->bits[i]);
	return n;
}
