/* libFuzzer target: the board text parser.  The first byte picks k. */
#include <stdint.h>
#include <stdlib.h>

#include "cli/boardio.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (size < 1)
		return 0;
	int k = BOARD_MIN_K + data[0] % (BOARD_MAX_K - BOARD_MIN_K + 1);
	boardio_error err;
	board *b = boardio_parse((const char *)data + 1, size - 1, k, &err);
	if (b) {
		for (int i = 0; i < b->rows * b->cols; i++)
			if (b->cells[i] >= k)
				abort();	/* a value the parser let through */
		board_free(b);
	} else if (!err.msg[0])
		abort();		/* refused without saying why */
	return 0;
}
