/* libFuzzer target: the board text parser, with and without a patterns
 * section read.  The first byte picks k. */
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
	return 0;
}
