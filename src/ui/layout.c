/* Where the board goes: the size of a cell (tiles, classic three columns,
 * or one character with rulers), the part of a big board in view and its
 * scrolling with the cursor, and where each shape puts a cell. */
#include <stdio.h>
#include <stdlib.h>

#include "ui/draw_parts.h"

/* Each shape's picture on its own: its size in cells, and where a cell
 * sits in it, in cells down and half cells across from the view's first
 * cell.  A grid is its rows and columns; hex rows are staggered by half a
 * cell (one more column to fit); the cube is drawn as its net, 3 faces
 * high and 4 wide, a blank cell between faces so that each face reads as
 * one:
 *        U
 *      L F R B
 *        D
 * and a graph's vertices sit at their coordinates, in cells (a graph
 * without any is laid out as a grid).  The cube and graphs are drawn
 * whole: no scrolling, no rulers. */
typedef struct shape {
	bool whole;
	void (*size)(const view *v, int *rows, int *cols);
	void (*place)(const view *v, int row, int col, int *py, int *px2);
} shape;

static void grid_size(const view *v, int *rows, int *cols)
{
	*rows = v->g->cur->rows;
	*cols = v->g->cur->cols;
}

static void grid_place(const view *v, int row, int col, int *py, int *px2)
{
	*py = row - v->lay.vr;
	*px2 = 2 * (col - v->lay.vc);
}

static void hex_size(const view *v, int *rows, int *cols)
{
	grid_size(v, rows, cols);
	*cols += *rows > 1;
}

static void hex_place(const view *v, int row, int col, int *py, int *px2)
{
	grid_place(v, row, col, py, px2);
	*px2 += row % 2;
}

static const int cube_net[6][2] = { { 0, 1 }, { 1, 0 }, { 1, 1 }, { 1, 2 }, { 1, 3 }, { 2, 1 } };

static void cube_size(const view *v, int *rows, int *cols)
{
	(void)v;
	*rows = 3 * 3 + 2;
	*cols = 4 * 3 + 3;
}

static void cube_place(const view *v, int row, int col, int *py, int *px2)
{
	(void)v;
	*py = 4 * cube_net[row][0] + col / 3;
	*px2 = 2 * (4 * cube_net[row][1] + col % 3);
}

static void graph_size(const view *v, int *rows, int *cols)
{
	const graph *g = v->g->rule.graph;
	if (!g->crow) {
		grid_size(v, rows, cols);
		return;
	}
	*rows = *cols = 0;
	for (int j = 0; j < g->n; j++) {
		*rows = g->crow[j] >= *rows ? g->crow[j] + 1 : *rows;
		*cols = g->ccol[j] >= *cols ? g->ccol[j] + 1 : *cols;
	}
}

static void graph_place(const view *v, int row, int col, int *py, int *px2)
{
	const graph *g = v->g->rule.graph;
	if (!g->crow) {
		grid_place(v, row, col, py, px2);
		return;
	}
	int i = row * v->g->cur->cols + col;	/* a board's own patterns: R x C */
	*py = g->crow[i];
	*px2 = 2 * g->ccol[i];
}

static const shape grid_shape = { false, grid_size, grid_place }, hex_shape = { false, hex_size, hex_place },
		   cube_shape = { true, cube_size, cube_place }, graph_shape = { true, graph_size, graph_place };

static const shape *shape_of(const view *v)
{
	switch (v->g->rule.kind) {
	case RULE_HEX:
		return &hex_shape;
	case RULE_CUBE:
		return &cube_shape;
	case RULE_GRAPH:
		return &graph_shape;
	default:
		return &grid_shape;
	}
}

/* The cube and graphs: never scrolled. */
static bool layout_whole(const view *v)
{
	return shape_of(v)->whole;
}

static void picture_cells(const view *v, int *rows, int *cols)
{
	shape_of(v)->size(v, rows, cols);
}

static void place(const view *v, int row, int col, int *py, int *px2)
{
	shape_of(v)->place(v, row, col, py, px2);
}

void layout_cell_origin(const view *v, int row, int col, int *y, int *x)
{
	int py, px2;
	place(v, row, col, &py, &px2);
	*y = v->lay.top + v->lay.ch * py;
	*x = v->lay.left + v->lay.cw * (px2 / 2) + (px2 % 2) * (v->lay.cw / 2);
}

/* A picture drawn whole moves to the nearest cell in the arrow's
 * direction, within about 60 degrees of it (a ring's next vertex; on the
 * cube's net the cell next door, or none past a face with nothing beside
 * it). */
void draw_step(const view *v, int dr, int dc, int *row, int *col)
{
	const board *b = v->g->cur;
	if (!layout_whole(v)) {
		int r = *row + dr, c = *col + dc;
		if (v->g->rule.torus) {
			/* On a torus the cursor goes round, as the presses do. */
			*row = (r + b->rows) % b->rows;
			*col = (c + b->cols) % b->cols;
			return;
		}
		*row = r < 0 ? 0 : r >= b->rows ? b->rows - 1 : r;
		*col = c < 0 ? 0 : c >= b->cols ? b->cols - 1 : c;
		return;
	}
	int py, px2, best = -1;
	long best_d = 0;
	place(v, *row, *col, &py, &px2);
	for (int i = 0; i < b->rows * b->cols; i++) {
		int qy, qx2;
		place(v, i / b->cols, i % b->cols, &qy, &qx2);
		/* In half cells, along the arrow and across it. */
		int along = dr ? 2 * dr * (qy - py) : dc * (qx2 - px2);
		int across = dr ? abs(qx2 - px2) : 2 * abs(qy - py);
		if (along <= 0 || across > 2 * along)
			continue;
		long d = (long)along * along + (long)across * across;
		if (best < 0 || d < best_d) {
			best = i;
			best_d = d;
		}
	}
	if (best >= 0) {
		*row = best / b->cols;
		*col = best % b->cols;
	}
}

/* The smallest terminal for this board: a few of its rows and columns
 * (all of them for a small board) in the compact layout, the frame, the
 * message and status lines, and room for the status's first words. */
void layout_min_size(const view *v, int *cols, int *lines)
{
	int pr, pc;
	picture_cells(v, &pr, &pc);
	if (layout_whole(v)) {	/* the whole picture, one character a cell */
		*lines = pr + 4;
		*cols = pc + 2 > DRAW_MIN_COLS ? pc + 2 : DRAW_MIN_COLS;
		return;
	}
	int r = pr < 5 ? pr : 5, c = pc < 5 ? pc : 5;
	*lines = r + 4;
	*cols = c + 2 > DRAW_MIN_COLS ? c + 2 : DRAW_MIN_COLS;
}

/* The largest tiles that fit, 0 when none do. */
static int tile_scale(int rows, int cols, int avail_h, int avail_w)
{
	for (int t = DRAW_TILE_MAX; t >= 2; t--)
		if (rows * t - 1 <= avail_h && cols * (2 * t + 1) - DRAW_TILE_GAP <= avail_w)
			return t;
	return 0;
}

void draw_layout(view *v)
{
	const board *b = v->g->cur;
	int need_cols, need_lines, pr, pc;
	bool whole = layout_whole(v);
	layout_min_size(v, &need_cols, &need_lines);
	picture_cells(v, &pr, &pc);
	v->lay.too_small = LINES < need_lines || COLS < need_cols;
	if (v->lay.too_small)
		return;
	/* Tiles as large as fit (GNOME Lights Off's big squares on a big
	 * terminal), else one row a cell, else one character a cell.  The
	 * title line goes when lines are short, or, on a terminal taller than
	 * the standard 24 lines, when its line makes the tiles a size larger
	 * (its words move onto the frame): at 80x24 it stays (Merlin's 3x3
	 * lost it for one size more, and with it the game's name). */
	int avail_w = COLS - 2;
	int with = tile_scale(pr, pc, LINES - 5, avail_w), without = tile_scale(pr, pc, LINES - 4, avail_w);
	v->lay.title = (LINES >= pr + 6 || LINES >= 12) && (v->gl->reader || LINES <= 24 || !(without > with));
	int head = v->lay.title + 1, avail_h = LINES - head - 3;
	v->lay.scale = v->lay.title ? with : without;
	if (v->gl->reader)
		v->lay.scale = 0;	/* a row reads as its digits, not a tile's blanks */
	v->lay.rulers = false;
	if (v->lay.scale) {
		v->lay.ch = v->lay.scale;
		v->lay.cw = 2 * v->lay.scale + 1;
	} else if (pc * 3 <= avail_w && (!whole || pr <= avail_h)) {
		v->lay.ch = 1;
		v->lay.cw = 3;
	} else if (whole) {
		/* The picture whole, a character a cell: no rulers, no scrolling. */
		v->lay.ch = v->lay.cw = 1;
	} else {
		/* Compact: rulers say where the view is. */
		v->lay.ch = v->lay.cw = 1;
		v->lay.rulers = true;
		v->lay.gutter = snprintf(NULL, 0, "%d", b->rows) + 1;
		avail_h -= 1;
		avail_w -= v->lay.gutter;
	}
	int gap = v->lay.scale ? 1 : 0, gapw = v->lay.scale ? DRAW_TILE_GAP : 0, extra = pc - b->cols;	/* hex: the half cell */
	v->lay.nr = (avail_h + gap) / v->lay.ch;
	v->lay.nc = (avail_w + gapw) / v->lay.cw - extra;
	v->lay.nr = b->rows < v->lay.nr ? b->rows : v->lay.nr;
	v->lay.nc = b->cols < v->lay.nc ? b->cols : v->lay.nc;
	if (whole) {
		v->lay.nr = b->rows;
		v->lay.nc = b->cols;
		v->lay.ph = pr * v->lay.ch - gap;
		v->lay.pw = pc * v->lay.cw - gapw;
	} else {
		v->lay.ph = v->lay.nr * v->lay.ch - gap;
		v->lay.pw = v->lay.nc * v->lay.cw - gapw + (extra && v->lay.nr > 1 ? v->lay.cw / 2 : 0);
	}
	v->lay.top = head + v->lay.rulers + (avail_h - v->lay.ph) / 2;
	v->lay.left = 1 + (v->lay.rulers ? v->lay.gutter : 0) + (avail_w - v->lay.pw) / 2;
	if (v->lay.vr > b->rows - v->lay.nr)
		v->lay.vr = b->rows - v->lay.nr;
	if (v->lay.vc > b->cols - v->lay.nc)
		v->lay.vc = b->cols - v->lay.nc;
	draw_follow(v);
}

bool draw_follow(view *v)
{
	int vr = v->lay.vr, vc = v->lay.vc;
	if (v->cr < v->lay.vr)
		v->lay.vr = v->cr;
	if (v->cr >= v->lay.vr + v->lay.nr)
		v->lay.vr = v->cr - v->lay.nr + 1;
	if (v->cc < v->lay.vc)
		v->lay.vc = v->cc;
	if (v->cc >= v->lay.vc + v->lay.nc)
		v->lay.vc = v->cc - v->lay.nc + 1;
	return vr != v->lay.vr || vc != v->lay.vc;
}

bool draw_cell_at(const view *v, int y, int x, int *row, int *col)
{
	if (v->lay.too_small)
		return false;
	/* Each visible cell's box (not the gaps between tiles). */
	int h = v->lay.scale ? v->lay.ch - 1 : v->lay.ch, w = v->lay.scale ? v->lay.cw - DRAW_TILE_GAP : v->lay.cw;
	for (int r = v->lay.vr; r < v->lay.vr + v->lay.nr; r++)
		for (int c = v->lay.vc; c < v->lay.vc + v->lay.nc; c++) {
			int cy, cx;
			layout_cell_origin(v, r, c, &cy, &cx);
			if (y >= cy && y < cy + h && x >= cx && x < cx + w) {
				*row = r;
				*col = c;
				return true;
			}
		}
	return false;
}
