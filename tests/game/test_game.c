/* The game without curses: loads (solvable or not), moves, undo and redo,
 * and the plan (overlay + background solver) that must stay a true,
 * minimal solution after every press. */
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "game/game.h"
#include "game/overlay.h"
#include "engine/rng.h"
#include "engine/search.h"
#include "game_config.h"
#include "tap.h"

static game_config config(int rows, int cols, int k)
{
	return test_config(rows, cols, k, "plus", false);
}

/* Wait for the background search to settle (a few seconds at most). */
static void settle(lo_overlay *o)
{
	struct timespec ts = { 0, 2000000 };
	for (int i = 0; i < 2500 && (o->searching || !o->have); i++) {
		overlay_poll(o);
		if (o->searching || !o->have)
			nanosleep(&ts, NULL);
	}
}

/* Does x clear b? */
static bool clears(const game *g, const uint8_t *x)
{
	board *b = board_clone(g->cur);
	rule_apply(&g->rule, b, x);
	bool ok = board_is_clear(b);
	board_free(b);
	return ok;
}

static int minimal_weight(const game *g)
{
	int n = board_size(g->cur);
	uint8_t *x = malloc((size_t)n);
	system_solve(g->sys, g->cur->cells, x, NULL);
	search_result res;
	search_minimal(g->sys, x, NULL, &res);
	free(x);
	return res.weight;
}

static void test_plan(int size, int k)
{
	char err[256];
	game g;
	game_config c = config(size, size, k);
	rng r;
	rng_seed(&r, 42 + (uint64_t)size * 100 + (uint64_t)k);
	if (!tap_ok(game_init(&g, &c, err, sizeof err) == LO_OK, "%dx%d k=%d: game_init", size, size, k))
		return;
	game_generate(&g, &r, -1, err, sizeof err);
	lo_overlay o;
	tap_ok(overlay_init(&o, g.sys, false) == 0, "overlay_init");
	overlay_activate(&o, g.cur);
	settle(&o);
	tap_ok(o.have && o.solvable && o.minimal, "%dx%d k=%d: the plan is minimal", size, size, k);
	tap_is(o.weight, minimal_weight(&g), "%dx%d k=%d: its weight is the minimal one", size, size, k);
	tap_ok(clears(&g, o.x), "%dx%d k=%d: it clears the board", size, size, k);
	int bad_true = 0, bad_min = 0, bad_follow = 0;
	for (int step = 0; step < 30; step++) {
		int n = size * size, i = (int)(rng_next(&r) % (uint64_t)n);
		int times = rng_next(&r) % 2 ? 1 : -1;
		if (step % 3 == 0) {
			/* Follow the plan: it must stay minimal at once. */
			int j = overlay_next(&o, i, +1);
			if (j < 0)
				break;
			i = j;
			times = overlay_mark(&o, i) > 0 ? 1 : -1;
			int before = o.weight;
			game_press(&g, i / size, i % size, times, 0);
			overlay_moved(&o, g.cur, i, times);
			bad_follow += !(o.minimal && o.weight == before - 1);
		} else if (step % 3 == 1) {
			game_press(&g, i / size, i % size, times, 0);
			overlay_moved(&o, g.cur, i, times);
		} else {
			int row, col, t;
			if (game_undo(&g, &row, &col, &t, 0))
				overlay_moved(&o, g.cur, row * size + col, t);
		}
		bad_true += !clears(&g, o.x);	/* true at once, before the solver answers */
		settle(&o);
		bad_true += !clears(&g, o.x);
		bad_min += !(o.minimal && o.weight == minimal_weight(&g));
	}
	tap_is(bad_true, 0, "%dx%d k=%d: the plan always clears the board", size, size, k);
	tap_is(bad_min, 0, "%dx%d k=%d: and is minimal once the solver answers", size, size, k);
	tap_is(bad_follow, 0, "%dx%d k=%d: taking a marked press keeps it minimal at once", size, size, k);
	overlay_free(&o);
	game_free(&g);
}

static void test_unsolvable(void)
{
	char err[256];
	game g;
	game_config c = config(5, 5, 2);
	game_init(&g, &c, err, sizeof err);
	board *b = board_new(5, 5, 2);
	board_set(b, 0, 0, 1);
	tap_ok(game_load(&g, b, 1.0, err, sizeof err) == LO_OK, "an unsolvable board loads");
	tap_ok(!g.solvable && g.par < 0, "it is marked unsolvable, no par");
	lo_overlay o;
	overlay_init(&o, g.sys, false);
	overlay_activate(&o, g.cur);
	settle(&o);
	tap_ok(o.have && !o.solvable, "the plan says no solution");
	/* y . b != 0 and y . (A e_i) = 0 for every press i. */
	int dot = 0, bad = 0;
	for (int i = 0; i < 25; i++)
		dot += o.cert[i] * b->cells[i];
	for (int i = 0; i < 25; i++) {
		board *z = board_new(5, 5, 2);
		rule_press(&g.rule, z, i / 5, i % 5, 1);
		int s = 0;
		for (int j = 0; j < 25; j++)
			s += o.cert[j] * z->cells[j];
		bad += s % 2 != 0;
		board_free(z);
	}
	tap_ok(dot % 2 == 1 && bad == 0, "the certificate proves it");
	game_press(&g, 2, 2, 1, 0);
	overlay_moved(&o, g.cur, 12, 1);
	settle(&o);
	tap_ok(o.have && !o.solvable, "still unsolvable after a press");
	overlay_free(&o);
	board_free(b);
	game_free(&g);
}

int main(void)
{
	test_plan(5, 2);
	test_plan(6, 2);
	test_plan(4, 3);
	test_plan(4, 4);
	test_unsolvable();
	return tap_done();
}
