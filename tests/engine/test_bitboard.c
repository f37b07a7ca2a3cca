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
	tap_is((long long)bitboard_bytes(31623, 31623), 31623LL * 495 * 8, "a billion cells are 125 MB");
	tap_ok(bitboard_bytes(1 << 30, 1 << 30) > 0 && bitboard_bytes((1 << 30) + 1, 1) == 0,
	       "sides up to 2^30, sizes in size_t");

	/* Shapes around the word's edges, each cell compared. */
	static const int sides[] = { 1, 2, 7, 63, 64, 65, 127, 128, 130, 200 };
	int bad_pack = 0, bad_t = 0, bad_press = 0, shapes = 0, bad_tail = 0;
	for (int i = 0; i < 10; i++)
		for (int j = 0; j < 10; j++) {
			int R = sides[i], C = sides[j];
			board *b = random_board(&g, R, C);
			bitboard *p = bitboard_from_board(b);
			for (int r = 0; r < R; r++) {
				for (int c = 0; c < C; c++)
					bad_pack += bitboard_get(p, r, c) != board_get(b, r, c);
				/* Bits past the row's end stay clear: counts and the
				 * chase read whole words. */
				if (C % 64)
					bad_tail += (p->bits[(size_t)r * p->stride + p->stride - 1] >> (C % 64)) != 0;
			}
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
			for (int r = 0; r < R; r++)
				bitboard_press_plus_row(r ? px->bits + (size_t)(r - 1) * px->stride : NULL,
							px->bits + (size_t)r * px->stride,
							r + 1 < R ? px->bits + (size_t)(r + 1) * px->stride : NULL, C,
							rows->bits + (size_t)r * rows->stride);
			bad_press += !bitboard_equal(made, rows);
			bitboard_free(made);
			bitboard_free(rows);
			for (int r = 0; r < R && C % 64; r++)
				bad_tail += (p->bits[(size_t)r * p->stride + p->stride - 1] >> (C % 64)) != 0;
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
	tap_is(bad_pack, 0, "%d shapes packed and unpacked, cell by cell and counted", shapes);
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
	return tap_done();
}
