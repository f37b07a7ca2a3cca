/* Boards at a bit a cell: packing against the byte board cell by cell,
 * the transpose against get/set, and the classic rule's presses against
 * rule_apply on the byte board. */
#include <stdlib.h>
#include <string.h>

#include "engine/bitboard.h"
#include "engine/rng.h"
#include "engine/rule.h"
#include "tap.h"

static board *random_board(rng *g, int rows, int cols)
{
	board *b = board_new(rows, cols, 2);
	for (int i = 0; i < rows * cols; i++)
		b->cells[i] = (uint8_t)rng_below(g, 2);
	return b;
}

/* Bits past each row's last cell clear (rows on their words), or past
 * the last cell and each word's cells (dense): counts and the chase read
 * whole words.  1 when clear. */
static int tail_clear(const bitboard *p)
{
	int used_bits = p->per * p->width;
	if (p->stride) {
		int used = (p->cols - 1) % p->per + 1;	/* cells in a row's last word */
		for (int r = 0; r < p->rows && used * p->width < 64; r++)
			if (p->bits[(size_t)r * p->stride + p->stride - 1] >> (used * p->width))
				return 0;
		return 1;
	}
	size_t n = bitboard_words(p), last = ((size_t)p->rows * (size_t)p->cols - 1) % (size_t)p->per + 1;
	for (size_t i = 0; i < n && used_bits < 64; i++)
		if (p->bits[i] >> used_bits)
			return 0;
	return last * (size_t)p->width >= 64 || !(p->bits[n - 1] >> (last * (size_t)p->width));
}

int main(void)
{
	rng g;
	rng_seed(&g, 39);
	char err[64];
	rule plus;
	rule_parse(&plus, "plus", false, err, sizeof err);

	tap_ok(bitboard_new(0, 5) == NULL && bitboard_new(5, 0) == NULL, "no rows or no columns refused");
	tap_is((long long)bitboard_stride(64), 1LL, "64 cells are a word");
	tap_is((long long)bitboard_stride(65), 2LL, "65 cells are two");
	tap_is((long long)bitboard_bytes(10000000, 8), 10000000LL, "10^7 rows of 8 cells are dense: 10 MB, not 80");
	tap_is((long long)bitboard_bytes(10000000, 1), 1250000LL, "10^7 x 1: a bit a cell too");
	tap_is((long long)bitboard_bytes(3, 63), 24LL, "3 rows of 63 cells in 3 words");
	tap_is((long long)bitboard_bytes(3, 64), 24LL, "64 columns are a word a row");
	tap_is((long long)bitboard_zbytes(10000000, 8, 3), 20000000LL, "10^7 x 8 of k = 3: 20 MB");
	tap_is((long long)bitboard_zbytes(7, 3, 5), 8LL, "21 cells of 3 bits in a word");
	tap_is((long long)bitboard_bytes(31623, 31623), 31623LL * 495 * 8, "a billion cells are 125 MB");
	tap_ok(bitboard_bytes(1 << 30, 1 << 30) > 0 && bitboard_bytes((1 << 30) + 1, 1) == 0,
	       "sides up to 2^30, sizes in size_t");

	/* Shapes around the word's edges, each cell compared. */
	/* Then every width narrower than a word (dense rows), of any height. */
	static const int sides[] = { 1, 2, 7, 63, 64, 65, 127, 128, 130, 200 };
	int bad_pack = 0, bad_t = 0, bad_press = 0, shapes = 0, bad_tail = 0, dense = 0;
	for (int s = 0; s < 100 + 63; s++) {
			int R = s < 100 ? sides[s / 10] : 1 + (int)rng_below(&g, 150), C = s < 100 ? sides[s % 10] : s - 99;
			board *b = random_board(&g, R, C);
			bitboard *p = bitboard_from_board(b);
			dense += p->stride == 0;
			bad_pack += (p->stride == 0) != (C < 64);
			for (int r = 0; r < R; r++) {
				uint64_t tmp = 0, back;
				for (int c = 0; c < C; c++)
					bad_pack += bitboard_get(p, r, c) != board_get(b, r, c);
				/* A row read out has its cells from bit 0. */
				const uint64_t *row = bitboard_row(p, r, &tmp);
				for (int c = 0; c < C; c++)
					bad_pack += (int)(row[c / 64] >> (c % 64) & 1) != board_get(b, r, c);
				/* and written back, its neighbours untouched. */
				if (C < 64) {
					uint64_t was = row[0];
					back = ~was & ((1ULL << C) - 1);
					bitboard_put_row(p, r, &back);
					bad_pack += *bitboard_row(p, r, &back) != (~was & ((1ULL << C) - 1));
					bitboard_put_row(p, r, &was);
				}
			}
			bad_tail += !tail_clear(p);
			bad_pack += !bitboard_equal(p, p) || bitboard_count(p) != (size_t)board_count_nonzero(b);
			board *back = bitboard_to_board(p);
			bad_pack += !board_equal(b, back);
			bad_pack += bitboard_count(p) != (size_t)board_count_nonzero(b);
			bitboard *t = bitboard_transpose(p);
			for (int r = 0; r < R; r++)
				for (int c = 0; c < C; c++)
					bad_t += bitboard_get(t, c, r) != board_get(b, r, c);
			bitboard *tt = bitboard_transpose(t);
			bad_t += !bitboard_equal(p, tt);
			/* The presses x on board b, both ways. */
			board *x = random_board(&g, R, C);
			bitboard *px = bitboard_from_board(x);
			rule_apply(&plus, b, x->cells);
			bitboard_press_plus(px, p);
			board *pressed = bitboard_to_board(p);
			bad_press += !board_equal(b, pressed);
			/* A row at a time: what the presses alone make. */
			bitboard *made = bitboard_new(R, C), *rows = bitboard_new(R, C);
			bitboard_press_plus(px, made);
			uint64_t *out = calloc(bitboard_stride(C), sizeof *out), a, m, z;
			for (int r = 0; r < R; r++) {
				bitboard_press_plus_row(r ? bitboard_row(px, r - 1, &a) : NULL, bitboard_row(px, r, &m),
							r + 1 < R ? bitboard_row(px, r + 1, &z) : NULL, C, out);
				bitboard_put_row(rows, r, out);
			}
			free(out);
			bad_press += !bitboard_equal(made, rows);
			bitboard_free(made);
			bitboard_free(rows);
			bad_tail += !tail_clear(p) || !tail_clear(t);
			shapes++;
			board_free(b);
			board_free(back);
			board_free(x);
			board_free(pressed);
			bitboard_free(p);
			bitboard_free(t);
			bitboard_free(tt);
			bitboard_free(px);
		}
	tap_is(dense, 4 * 10 + 63, "rows of 1 to 63 cells dense, of 64 and more on their words");
	tap_is(bad_pack, 0, "%d shapes packed and unpacked, cell by cell, a row at a time and counted", shapes);
	tap_is(bad_tail, 0, "bits past each row's end clear, also after presses");
	tap_is(bad_t, 0, "the transpose moves every cell (r, c) to (c, r), and twice is the board");
	tap_is(bad_press, 0, "the classic rule's presses at a bit a cell are rule_apply's, a board and a row at a time");

	bitboard *z = bitboard_new(3, 70);
	tap_ok(z && bitboard_is_clear(z), "a new board is clear");
	bitboard_set(z, 2, 69, 1);
	tap_ok(!bitboard_is_clear(z) && bitboard_get(z, 2, 69) == 1 && bitboard_count(z) == 1, "set then get");
	bitboard_set(z, 2, 69, 0);
	tap_ok(bitboard_is_clear(z), "set to 0 clears");
	bitboard_free(z);
	/* ---- k > 2 at ceil(log2 k) bits a cell: packing, the transpose and
	 * the classic rule's check against the byte board. */
	tap_ok(bitboard_width(3) == 2 && bitboard_width(4) == 2 && bitboard_width(5) == 3 && bitboard_width(8) == 3 &&
	       bitboard_width(9) == 4 && bitboard_width(17) == 5 && bitboard_width(36) == 6,
	       "ceil(log2 k) bits a cell: 2 for k = 3, 4; 3 up to 8; 6 for 36");
	tap_is((long long)bitboard_zstride(32, 3), 1LL, "32 cells of k = 3 are a word");
	tap_is((long long)bitboard_zstride(22, 5), 2LL, "21 cells of 3 bits a word: 22 are two");
	tap_is((long long)bitboard_zbytes(2048, 488282, 4), 2048LL * 15259 * 8,
	       "a billion cells of k = 4 are 250 MB");
	static const int zk[] = { 3, 4, 5, 7, 8, 9, 16, 17, 36 };
	static const int zsides[] = { 1, 2, 7, 9, 10, 11, 20, 21, 22, 31, 32, 33, 64, 65, 257, 300 };
	int zbad_pack = 0, zbad_t = 0, zbad_tail = 0, zbad_check = 0, zshapes = 0;
	for (int ki = 0; ki < 9; ki++)
		for (int i = 0; i < 16; i += 1 + (ki & 1))
			for (int j = 0; j < 16; j += 1 + (ki & 1)) {
				int R = zsides[i], C = zsides[j], k = zk[ki];
				board *b = board_new(R, C, k);
				for (int c = 0; c < R * C; c++)
					b->cells[c] = (uint8_t)rng_below(&g, (uint32_t)k);
				bitboard *p = bitboard_zfrom_board(b);
				zbad_pack += (p->stride == 0) != (C < p->per);
				for (int r = 0; r < R; r++)
					for (int c = 0; c < C; c++)
						zbad_pack += bitboard_zget(p, r, c) != board_get(b, r, c);
				zbad_tail += !tail_clear(p);
				board *back = bitboard_to_board(p);
				zbad_pack += !board_equal(b, back) || back->k != k;
				bitboard *t = bitboard_transpose(p);
				for (int r = 0; t && r < R; r++)
					for (int c = 0; c < C; c++)
						zbad_t += bitboard_zget(t, c, r) != board_get(b, r, c);
				zbad_tail += t && !tail_clear(t);
				bitboard *tt = t ? bitboard_ztranspose(t) : NULL;
				zbad_t += !tt || !bitboard_equal(p, tt);
				/* The check: presses x on b with b - A x, clear; and the
				 * same with one cell off by one, not. */
				board *x = board_new(R, C, k), *made = board_new(R, C, k);
				for (int c = 0; c < R * C; c++)
					x->cells[c] = (uint8_t)rng_below(&g, (uint32_t)k);
				rule_apply(&plus, made, x->cells);	/* made = A x */
				for (int c = 0; c < R * C; c++)
					made->cells[c] = (uint8_t)((k - made->cells[c]) % k);	/* -A x: cleared by x */
				bitboard *pm = bitboard_zfrom_board(made), *px = bitboard_zfrom_board(x);
				zbad_check += bitboard_zpress_plus_clears(pm, px) != 1;
				int at = (int)rng_below(&g, (uint32_t)(R * C));
				made->cells[at] = (uint8_t)((made->cells[at] + 1) % k);
				bitboard *pm2 = bitboard_zfrom_board(made);
				zbad_check += bitboard_zpress_plus_clears(pm2, px) != 0;
				zshapes++;
				board_free(b);
				board_free(back);
				board_free(x);
				board_free(made);
				bitboard_free(p);
				bitboard_free(t);
				bitboard_free(tt);
				bitboard_free(pm);
				bitboard_free(pm2);
				bitboard_free(px);
			}
	tap_is(zbad_pack, 0, "%d shapes of k = 3 to 36 packed and unpacked, cell by cell", zshapes);
	tap_is(zbad_tail, 0, "bits past each row's last cell clear");
	tap_is(zbad_t, 0, "the transpose of k > 2 moves every cell (r, c) to (c, r), and twice is the board");
	tap_is(zbad_check, 0, "the classic rule's check mod k: b - A x cleared by x; one cell changed, not");
	/* Tall boards turned in blocks of 64 words of the turned rows. */
	static const int tall[][3] = { { 2100, 5, 3 }, { 4097, 3, 4 }, { 1400, 2, 5 }, { 700, 3, 36 }, { 3, 700, 36 } };
	int tbad = 0;
	for (int i = 0; i < 5; i++) {
		int R = tall[i][0], C = tall[i][1], k = tall[i][2];
		board *b = board_new(R, C, k);
		for (int c = 0; c < R * C; c++)
			b->cells[c] = (uint8_t)rng_below(&g, (uint32_t)k);
		bitboard *p = bitboard_zfrom_board(b), *t = bitboard_ztranspose(p), *tt = t ? bitboard_ztranspose(t) : NULL;
		for (int r = 0; t && r < R; r++)
			for (int c = 0; c < C; c++)
				tbad += bitboard_zget(t, c, r) != board_get(b, r, c);
		tbad += !t || !tt || !bitboard_equal(p, tt);
		board_free(b);
		bitboard_free(p);
		bitboard_free(t);
		bitboard_free(tt);
	}
	tap_is(tbad, 0, "tall boards of k > 2 turned block by block (2100x5 k=3, 4097x3 k=4, 1400x2 k=5, 700x3 k=36)");
	tap_ok(bitboard_znew(3, 3, 37) == NULL && bitboard_znew(3, 3, 1) == NULL, "k past 36 or below 2 refused");

	return tap_done();
}
