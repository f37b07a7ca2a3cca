/* The frame: what to draw after each key and tick, from the parts
 * (layout.c, cells.c, chrome.c, theme.c), and the drawstate they share. */
#include <stdlib.h>
#include <string.h>

#include "ui/draw_parts.h"

/* The drawstate for the layout now, every cell unknown.  Out of memory:
 * no keys, and every frame draws every visible cell (still right). */
static void frame_forget(view *v)
{
	drawstate *ds = &v->ds;
	int n = v->lay.too_small ? 0 : v->lay.nr * v->lay.nc;
	if (n > ds->nkeys) {
		free(ds->keys);
		ds->keys = malloc((size_t)n * sizeof *ds->keys);
		ds->nkeys = ds->keys ? n : 0;
	}
	for (int i = 0; i < ds->nkeys; i++)
		ds->keys[i] = DRAW_UNKNOWN;
	ds->vr = v->lay.vr;
	ds->vc = v->lay.vc;
	ds->status[0] = '\0';
}

void draw_free(view *v)
{
	free(v->ds.keys);
	free(v->ds.near);
	free(v->ds.lit);
	free(v->ds.flip);
	free(v->ds.own);
	memset(&v->ds, 0, sizeof v->ds);
}

/* Where the last frame drew its view's cursor: a watched game's, whose
 * view is its screen's own, is focused there too (draw_cursor_last). */
static int last_y = -1, last_x = -1;

static void frame_cursor(const view *v)
{
	if (!draw_cursor_at(v, &last_y, &last_x))
		last_y = last_x = -1;
}

bool draw_cursor_last(int *y, int *x)
{
	*y = last_y;
	*x = last_x;
	return last_y >= 0;
}

void draw_all(view *v, double now)
{
	erase();
	frame_forget(v);
	if (v->lay.too_small) {
		chrome_too_small(v);
		return;
	}
	chrome_title(v);
	chrome_border(v);
	cells_edges(v);
	v->ds.now = now;
	cells_sets(v);
	cells_draw(v);
	draw_message(v, v->msg);
	chrome_status(v, now);
	frame_cursor(v);
}

void draw_frame(view *v, double now)
{
	if (v->lay.too_small)
		return;
	draw_follow(v);
	if (v->lay.vr != v->ds.vr || v->lay.vc != v->ds.vc || !v->ds.keys) {
		draw_all(v, now);	/* scrolled: every cell moved */
		return;
	}
	v->ds.now = now;
	cells_sets(v);
	cells_draw(v);
	chrome_status(v, now);
	frame_cursor(v);
}

bool draw_cursor_at(const view *v, int *y, int *x)
{
	if (v->lay.too_small || v->cr < v->lay.vr || v->cr >= v->lay.vr + v->lay.nr || v->cc < v->lay.vc ||
	    v->cc >= v->lay.vc + v->lay.nc)
		return false;
	layout_cell_origin(v, v->cr, v->cc, y, x);
	/* The symbol: between the brackets of a three-column cell, in the
	 * middle of a tile (as cells.c draws them). */
	if (v->lay.scale) {
		*y += (v->lay.ch - 2) / 2;
		*x += (v->lay.cw - DRAW_TILE_GAP - 3) / 2 + 1;
	} else if (v->lay.cw > 1)
		*x += 1;
	return true;
}
