#include "engine/history.h"
#include "tap.h"

int main(void)
{
	history h;
	lo_move m;
	history_init(&h);
	tap_ok(!history_undo(&h, &m), "nothing to undo at first");
	for (int i = 0; i < 1000; i++)
		history_push(&h, (lo_move){ i, i + 1, 1 });
	tap_ok(history_undo(&h, &m) && m.row == 999, "undo returns the last move");
	tap_ok(history_redo(&h, &m) && m.row == 999, "redo replays it");
	int undone = 0;
	while (history_undo(&h, &m))
		undone++;
	tap_is(undone, 1000, "undo without limit");
	tap_ok(history_redo(&h, &m) && m.row == 0 && m.col == 1, "redo from the start");
	history_push(&h, (lo_move){ 7, 7, -1 });
	tap_ok(!history_redo(&h, &m), "a new move drops the redo tail");
	tap_ok(history_undo(&h, &m) && m.times == -1, "backward press remembered");
	history_free(&h);
	return tap_done();
}
