#include "engine/board.h"
#include "tap.h"

int main(void)
{
	tap_ok(board_new(0, 3, 2) == NULL, "zero rows refused");
	tap_ok(board_new(3, 3, 1) == NULL, "k = 1 refused");
	tap_ok(board_new(3, 3, 37) == NULL, "k = 37 refused");
	board *b = board_new(2, 3, 4);
	tap_ok(b && board_is_clear(b), "new board is clear");
	board_set(b, 1, 2, 3);
	tap_is(board_get(b, 1, 2), 3, "set then get");
	tap_is(b->cells[5], 3, "row-major layout");
	tap_is(board_count_nonzero(b), 1, "one cell set");
	board *c = board_clone(b);
	tap_ok(board_equal(b, c), "clone is equal");
	board_set(c, 0, 0, 1);
	tap_ok(!board_equal(b, c), "clone is independent");
	board_free(b);
	board_free(c);
	return tap_done();
}
