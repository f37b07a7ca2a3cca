/* Drawing by difference: after a frame, the next one writes only the cells
 * whose look changed (a press's cells in view, a cursor move's), however
 * large the board; a frame with nothing new writes none.  The real drawing
 * code on a curses screen that goes to /dev/null. */
#include <curses.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "game/game.h"
#include "ui/draw.h"
#include "ui/glyphs.h"
#include "game_config.h"
#include "tap.h"

/* Cells written by the next frame. */
static long frame_cost(view *v)
{
	long before = v->ds.written;
	draw_frame(v, 0);
	return v->ds.written - before;
}

static void run(int size, const char *spec)
{
	char err[256] = "";
	game g;
	glyphs gl;
	game_config c = test_config(size, size, 2, spec, false);
	if (!tap_ok(game_init(&g, &c, err, sizeof err) == 0, "%dx%d %s: a game (%s)", size, size, spec, err))
		return;
	glyphs_init(&gl, true);
	view v;
	memset(&v, 0, sizeof v);
	v.g = &g;
	v.gl = &gl;
	v.preview = true;
	v.hint = v.flash = -1;
	v.cr = v.cc = 1;
	draw_layout(&v);
	draw_all(&v, 0);
	long all = v.ds.written, shown = (long)v.nr * v.nc;
	tap_ok(all == shown, "%dx%d %s: the first frame draws the %ld cells in view (%ld)", size, size, spec, shown, all);
	tap_is(frame_cost(&v), 0L, "%dx%d %s: a frame with nothing new writes no cell", size, size, spec);
	game_press(&g, 1, 1, +1, 0);
	long press = frame_cost(&v);
	long want = !strcmp(spec, "cross") ? v.nr + v.nc - 1 : 5;
	tap_ok(press == want, "%dx%d %s: a press writes the %ld cells it changed in view (%ld)", size, size, spec, want,
	       press);
	v.cc = 2;
	long move = frame_cost(&v);
	/* plus: the old and new cursor, and the 3 + 3 cells the preview
	 * leaves and enters; the cross: the two columns it leaves and enters
	 * (the row is kept). */
	want = !strcmp(spec, "cross") ? 2L * v.nr : 8;
	tap_ok(move == want, "%dx%d %s: a cursor move writes %ld cells (%ld)", size, size, spec, want, move);
	v.preview = false;
	v.flash = 2;
	long flash = frame_cost(&v);
	tap_ok(flash > 0 && flash <= (long)v.nr * v.nc, "%dx%d %s: a flash writes its cells (%ld)", size, size, spec,
	       flash);
	/* Animations: a press's flip lights its cells for a moment, and the
	 * next frame after it puts them back; a win's wave crosses the board in
	 * view and ends.  Time is the frame's: nothing waits. */
	v.flash = -1;
	v.animate = true;
	v.anim_cell = -1;
	draw_frame(&v, 0);
	draw_animate(&v, 2, false, 1.0);
	long before = v.ds.written;
	draw_frame(&v, 1.01);
	long on = v.ds.written - before;
	tap_ok(draw_animating(&v, 1.05) && !draw_animating(&v, 1.2), "%dx%d %s: a flip lasts a moment", size, size,
	       spec);
	before = v.ds.written;
	draw_frame(&v, 1.2);
	tap_ok(on > 0 && v.ds.written - before == on, "%dx%d %s: its %ld cells lit, then back (%ld)", size, size, spec,
	       on, v.ds.written - before);
	draw_animate(&v, 2, true, 2.0);
	long waved = 0;
	for (double t = 2.0; t < 3.0; t += 0.03) {
		before = v.ds.written;
		draw_frame(&v, t);
		waved += v.ds.written - before;
	}
	tap_ok(!draw_animating(&v, 3.0) && waved >= 2L * v.nr * v.nc - 2,
	       "%dx%d %s: the win's wave lights every cell in view and ends (%ld cells drawn)", size, size, spec,
	       waved);
	before = v.ds.written;
	draw_frame(&v, 3.1);
	tap_is(v.ds.written - before, 0L, "%dx%d %s: then nothing more to draw", size, size, spec);
	draw_free(&v);
	game_free(&g);
}

int main(void)
{
	FILE *out = fopen("/dev/null", "w"), *in = fopen("/dev/null", "r");
	setenv("TERM", "xterm-256color", 1);
	SCREEN *scr = out && in ? newterm(NULL, out, in) : NULL;
	if (!scr) {
		printf("1..0 # SKIP no terminal description to draw with\n");
		return 0;
	}
	resize_term(24, 80);
	/* The same cost at 5x5 and at 2000x2000. */
	run(5, "plus");
	run(2000, "plus");
	run(2000, "cross");
	endwin();
	delscreen(scr);
	fclose(out);
	fclose(in);
	return tap_done();
}
