/* libFuzzer target: the board text parser, with and without a patterns
 * section read, and at a bit a cell (boardio_read_big), which must read
 * every input as the byte reader does.  The first byte picks k. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "formats/boardio.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void check(board *b, graph *g, int k, const boardio_error *err)
{
	if (b) {
		for (int i = 0; i < b->rows * b->cols; i++)
			if (b->cells[i] >= k)
				abort();	/* a value the parser let through */
		if (g && g->n != b->rows * b->cols)
			abort();	/* patterns that are not one per cell */
		for (int j = 0; g && j < g->n; j++)
			for (int i = g->start[j]; i < g->start[j + 1]; i++)
				if (g->set[i] < 0 || g->set[i] >= g->n)
					abort();	/* a press outside the board */
		board_free(b);
	} else if (!err->msg[0])
		abort();		/* refused without saying why */
	graph_free(g);
}

static bool any_size(void *ctx, long long rows, long long cols, bool whole, char *why, size_t len)
{
	(void)ctx, (void)rows, (void)cols, (void)whole, (void)why, (void)len;
	return true;
}

/* The packed reading of the input against the byte reading: the same
 * board (bits for k = 2), or the same refusal at the same place. */
static void packed(const uint8_t *data, size_t size, int k)
{
	FILE *f = fmemopen((void *)data, size, "r"), *g = fmemopen((void *)data, size, "r");
	if (!f || !g) {
		if (f)
			fclose(f);
		if (g)
			fclose(g);
		return;
	}
	boardio_error e1, e2;
	boardio_variant v1, v2;
	graph *p1 = NULL, *p2 = NULL;
	board *b1 = boardio_read_variant(f, k, &p1, &v1, &e1), *b2 = NULL;
	bitboard *bits = NULL;
	boardio_big big = { any_size, NULL };
	bool ok = boardio_read_big(g, k, &big, &p2, &v2, &b2, &bits, &e2);
	fclose(f);
	fclose(g);
	if (ok != (b1 != NULL) || (b2 && bits))
		abort();	/* one reading took what the other refused */
	if (!ok && (e1.line != e2.line || e1.col != e2.col || !e2.msg[0]))
		abort();	/* refused at another place, or without saying why (the
				 * words may differ: a size line's range is its own) */
	if (bits) {
		board *u = bitboard_to_board(bits);
		if (u && !board_equal(u, b1))
			abort();	/* packed cells that are not the file's */
		board_free(u);
	} else if (ok && !board_equal(b1, b2))
		abort();
	board_free(b1);
	board_free(b2);
	bitboard_free(bits);
	graph_free(p1);
	graph_free(p2);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (size < 1)
		return 0;
	int k = BOARD_MIN_K + data[0] % (BOARD_MAX_K - BOARD_MIN_K + 1);
	boardio_error err;
	check(boardio_parse((const char *)data + 1, size - 1, k, &err), NULL, k, &err);
	FILE *f = fmemopen((void *)(data + 1), size - 1, "r");
	if (f) {
		graph *g = NULL;
		board *b = boardio_read_patterns(f, k, &g, &err);
		fclose(f);
		check(b, g, k, &err);
	}
	packed(data + 1, size - 1, k);
	return 0;
}
