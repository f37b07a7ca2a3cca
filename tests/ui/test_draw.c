/* Drawing by difference: after a frame, the next one writes only the cells
 * whose look changed (a press's cells in view, a cursor move's), however
 * large the board; a frame with nothing new writes none.  The real drawing
 * code on a curses screen that goes to /dev/null. */
#include <curses.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/graph.h"
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

/* A view of g with the preview on and nothing marked, its cursor at (1, 1). */
static void view_init(view *v, game *g, const glyphs *gl)
{
	memset(v, 0, sizeof *v);
	v->g = g;
	v->gl = gl;
	v->preview = true;
	v->hint = v->flash = -1;
	v->cr = v->cc = 1;
}

static void run(int size, const char *spec)
{
	char err[256] = "";
	game g;
	glyphs gl;
	game_config c = test_config(size, size, 2, spec, false);
	if (!tap_ok(game_init(&g, &c, err, sizeof err) == LO_OK, "%dx%d %s: a game (%s)", size, size, spec, err))
		return;
	glyphs_init(&gl, true);
	view v;
	view_init(&v, &g, &gl);
	draw_layout(&v);
	draw_all(&v, 0);
	long all = v.ds.written, shown = (long)v.lay.nr * v.lay.nc;
	tap_ok(all == shown, "%dx%d %s: the first frame draws the %ld cells in view (%ld)", size, size, spec, shown, all);
	tap_is(frame_cost(&v), 0L, "%dx%d %s: a frame with nothing new writes no cell", size, size, spec);
	game_press(&g, 1, 1, +1, 0);
	long press = frame_cost(&v);
	long want = !strcmp(spec, "cross") ? v.lay.nr + v.lay.nc - 1 : 5;
	tap_ok(press == want, "%dx%d %s: a press writes the %ld cells it changed in view (%ld)", size, size, spec, want,
	       press);
	v.cc = 2;
	long move = frame_cost(&v);
	/* plus: the old and new cursor, and the 3 + 3 cells the preview
	 * leaves and enters; the cross: the two columns it leaves and enters
	 * (the row is kept). */
	want = !strcmp(spec, "cross") ? 2L * v.lay.nr : 8;
	tap_ok(move == want, "%dx%d %s: a cursor move writes %ld cells (%ld)", size, size, spec, want, move);
	v.preview = false;
	v.flash = 2;
	long flash = frame_cost(&v);
	tap_ok(flash > 0 && flash <= (long)v.lay.nr * v.lay.nc, "%dx%d %s: a flash writes its cells (%ld)", size, size, spec,
	       flash);
	/* Animations: a press's flip lights its cells for a moment, and the
	 * next frame after it puts them back; a win's wave crosses the board in
	 * view and ends.  Time is the frame's: nothing waits. */
	v.flash = -1;
	v.anim.on = true;
	v.anim.cell = -1;
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
	tap_ok(!draw_animating(&v, 3.0) && waved >= 2L * v.lay.nr * v.lay.nc - 2,
	       "%dx%d %s: the win's wave lights every cell in view and ends (%ld cells drawn)", size, size, spec,
	       waved);
	before = v.ds.written;
	draw_frame(&v, 3.1);
	tap_is(v.ds.written - before, 0L, "%dx%d %s: then nothing more to draw", size, size, spec);
	draw_free(&v);
	game_free(&g);
}

/* A share code's 16x16 graph whose first cell presses all 256 cells, drawn
 * in tiles large enough for each cell's own pattern: the pattern's buffer
 * was 225 ints on the stack (ASan: stack-buffer-overflow). */
static void hostile_graph(void)
{
	enum { N = 256 };
	int start[N + 1], set[2 * N], crow[N], ccol[N], m = 0;
	for (int j = 0; j < N; j++) {
		start[j] = m;
		if (j == 0)
			for (int t = 0; t < N; t++)
				set[m++] = t;
		else
			set[m++] = j;
		crow[j] = j / 16;
		ccol[j] = j % 16;
	}
	start[N] = m;
	graph *gr = graph_build(N, start, set, crow, ccol);
	char err[256] = "";
	game_config c = test_config(1, 1, 2, "plus", false);
	game g;
	glyphs gl;
	if (!tap_ok(gr != NULL, "a graph of 256 vertices, the first pressing all"))
		return;
	variant_set_graph(&c.v, gr);
	c.v.rows = c.v.cols = 16;	/* as a share code holds a grid's press sets */
	if (!tap_ok(game_init(&g, &c, err, sizeof err) == LO_OK, "a 16x16 game of it (%s)", err)) {
		graph_free(gr);
		return;
	}
	glyphs_init(&gl, true);
	resize_term(75, 160);
	view v;
	memset(&v, 0, sizeof v);
	v.g = &g;
	v.gl = &gl;
	v.preview = true;
	v.hint = v.flash = v.anim.cell = -1;
	draw_layout(&v);
	tap_ok(v.lay.scale >= 3, "160x75: tiles large enough to draw each cell's own pattern (size %d)", v.lay.scale);
	draw_all(&v, 0);
	for (int i = 0; i < 6; i++) {
		v.cr = i % 2, v.cc = i / 2;
		v.flash = i % 3 ? -1 : 0;
		draw_frame(&v, i);
	}
	tap_ok(v.ds.written >= 256, "drawn whole, the cursor on the first cell and around it (%ld cells)",
	       v.ds.written);
	draw_free(&v);
	game_free(&g);
	graph_free(gr);
	resize_term(24, 80);
}

/* The cursor's symbol at (r, c) of a 3x3 board of rule spec, preview on:
 * its attributes, and its left bracket's. */
static void cursor_attrs(const char *spec, attr_t *sym, attr_t *bracket)
{
	char err[256] = "";
	game g;
	glyphs gl;
	game_config c = test_config(3, 3, 2, spec, false);
	*sym = *bracket = 0;
	if (game_init(&g, &c, err, sizeof err) != LO_OK)
		return;
	glyphs_init(&gl, false);	/* ASCII: a symbol is one byte */
	view v;
	view_init(&v, &g, &gl);
	draw_layout(&v);
	draw_all(&v, 0);
	/* The cursor's "[s]": find its bracket on screen. */
	for (int y = 0; y < LINES; y++)
		for (int x = 0; x + 2 < COLS; x++)
			if ((mvinch(y, x) & A_CHARTEXT) == '[' && (mvinch(y, x + 2) & A_CHARTEXT) == ']') {
				*bracket = mvinch(y, x) & A_ATTRIBUTES;
				*sym = mvinch(y, x + 1) & A_ATTRIBUTES;
			}
	draw_free(&v);
	game_free(&g);
}

/* The cursor's frame on a 4x4 plus board drawn in big tiles (160x48, 19x9
 * tiles, ASCII): the '=' of its top and bottom edges, and the rows where
 * its sides stand at both ends of them. */
static void cursor_frame(int *edge, int *sides)
{
	char err[256] = "";
	game g;
	glyphs gl;
	game_config c = test_config(4, 4, 2, "plus", false);
	*edge = *sides = -1;
	if (game_init(&g, &c, err, sizeof err) != LO_OK)
		return;
	glyphs_init(&gl, true);
	resize_term(48, 160);
	view v;
	view_init(&v, &g, &gl);
	v.preview = false;
	draw_layout(&v);
	draw_all(&v, 0);
	int left = -1, right = -1;
	*edge = *sides = 0;
	for (int y = 0; y < LINES; y++)
		for (int x = 0; x < COLS; x++) {
			chtype ch = mvinch(y, x) & A_CHARTEXT;
			*edge += ch == '=';
			if (ch == '=' && left < 0)
				left = x - 1;
			if (ch == '=' && right < x + 1)
				right = x + 1;
		}
	for (int y = 0; y < LINES && left >= 0; y++)
		*sides += (mvinch(y, left) & A_CHARTEXT) == '|' && (mvinch(y, right) & A_CHARTEXT) == '|';
	draw_free(&v);
	game_free(&g);
	resize_term(24, 80);
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
	hostile_graph();
	/* A cursor on a cell its own press leaves alone is hollow: the
	 * brackets reversed, the symbol not; plus reverses the symbol. */
	attr_t sym, bracket;
	cursor_attrs("plus", &sym, &bracket);
	tap_ok(bracket && (sym & A_REVERSE), "plus: the cursor's cell changes, its symbol is reversed");
	cursor_attrs("mask:010/101/010", &sym, &bracket);
	tap_ok((bracket & A_REVERSE) && !(sym & A_REVERSE), "mask:010/101/010: a hollow cursor, the cell stays");
	int edge, sides;
	cursor_frame(&edge, &sides);
	tap_ok(edge == 2 * 17 && sides == 7,
	       "in 19x9 tiles the cursor's whole tile is framed, not 3 characters (%d '=', %d rows of sides)", edge,
	       sides);
	endwin();
	delscreen(scr);
	fclose(out);
	fclose(in);
	return tap_done();
}
