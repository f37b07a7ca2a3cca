#include "engine/history.h"
#include "tap.h"

/* Move number i as a value that says which it was. */
static lo_move nth(int i)
{
	return (lo_move){ i, i + 1, 1 };
}

int main(void)
{
	history h;
	lo_move m;
	history_init(&h);
	tap_ok(!history_undo(&h, &m), "nothing to undo at first");
	for (int i = 0; i < 1000; i++)
		history_push(&h, nth(i));
	tap_ok(history_undo(&h, &m) && m.row == 999, "undo returns the last move");
	tap_ok(history_redo(&h, &m) && m.row == 999, "redo replays it");
	int undone = 0;
	while (history_undo(&h, &m))
		undone++;
	tap_is(undone, 1000, "every move undone below the cap");
	tap_ok(history_redo(&h, &m) && m.row == 0 && m.col == 1, "redo from the start");
	history_push(&h, (lo_move){ 7, 7, -1 });
	tap_ok(!history_redo(&h, &m), "a new move drops the redo tail");
	tap_ok(history_undo(&h, &m) && m.times == -1, "backward press remembered");

	/* Past the cap: the oldest moves give way, the count stays true. */
	const int over = 2500, total = HISTORY_MAX + over;
	history_clear(&h);
	tap_is(history_count(&h), 0, "a cleared history counts nothing");
	int failed = 0;
	for (int i = 0; i < total; i++)
		failed |= history_push(&h, nth(i)) < 0;
	tap_ok(!failed, "%d moves pushed", total);
	tap_is(h.len, HISTORY_MAX, "at most HISTORY_MAX moves kept");
	tap_ok(h.cap <= HISTORY_MAX, "nor allocated (%d)", h.cap);
	tap_is(h.dropped, over, "the oldest moves dropped, counted");
	tap_is(history_count(&h), total, "the count is every move made");
	bool ordered = true;
	for (int i = 0; i < h.len; i++)
		ordered &= history_at(&h, i).row == over + i;
	tap_ok(ordered, "history_at reads the kept moves oldest first");

	/* Undo runs from the newest back to the oldest kept, then stops. */
	int want = total - 1;
	undone = 0;
	while (history_undo(&h, &m)) {
		ordered &= m.row == want--;
		undone++;
	}
	tap_ok(ordered, "undo after the cap: newest first, in order");
	tap_is(undone, HISTORY_MAX, "undo stops at the oldest move kept");
	tap_is(m.row, over, "... which was the last undone");
	tap_is(history_count(&h), over, "the dropped moves still count");
	tap_ok(history_redo(&h, &m) && m.row == over, "redo from the oldest kept");
	int redone = 1;
	while (history_redo(&h, &m))
		redone++;
	tap_ok(redone == HISTORY_MAX && m.row == total - 1, "redo replays all of them back to the newest");

	/* A move after some undo drops the redo tail first: nothing else. */
	for (int i = 0; i < 10; i++)
		history_undo(&h, &m);
	history_push(&h, nth(-1));
	tap_ok(h.len == HISTORY_MAX - 9 && h.dropped == over, "a move after undo replaces the redo tail, drops nothing");
	tap_ok(history_at(&h, 0).row == over && history_at(&h, h.len - 1).row == -1, "... the oldest kept as it was");
	for (int i = 0; i < 9; i++)
		history_push(&h, nth(-2 - i));
	tap_ok(h.len == HISTORY_MAX && h.dropped == over, "full again without a drop");
	history_push(&h, nth(-100));
	tap_ok(h.dropped == over + 1 && history_at(&h, 0).row == over + 1, "the next drops the oldest");
	history_clear(&h);
	tap_ok(h.len == 0 && h.dropped == 0 && !history_undo(&h, &m), "clear forgets the moves and the dropped ones");
	history_push(&h, nth(5));
	tap_ok(history_at(&h, 0).row == 5 && history_count(&h) == 1, "and a ring reused starts afresh");
	history_free(&h);
	return tap_done();
}
