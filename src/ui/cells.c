/* The board's cells: each one's look (symbol, brackets, marks, tile,
 * preview, cursor, flash and animation) as a key, drawn where the key
 * differs from the one on screen; and a graph's edges under its vertices. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "formats/boardio.h"
#include "engine/search.h"
#include "i18n.h"
#include "ui/draw_parts.h"

static attr_t cell_attr(const view *v, int val)
{
	int k = v->g->cur->k;
	if (val == 0 && theme_off_coloured(v))
		return theme_attr(v, PAIR_OFF);
	if (val == 0)
		return k == 2 ? A_DIM : A_NORMAL;
	if (k == 2)
		return A_BOLD | theme_attr(v, PAIR_ON);
	return A_BOLD | theme_attr(v, PAIR_VALUE + (val - 1) % PALETTE);
}

/* The mark on a cell: signed presses (or certificate value), 0 none. */
static int cell_mark(const view *v, int i, bool *cert)
{
	int k = v->g->cur->k;
	*cert = false;
	if (v->what == VIEW_EDIT)
		return 0;
	if (v->pattern)
		return search_signed(v->pattern[i], k, false);
	if (!v->ov || !v->ov->have || (!v->ov->shown && i != v->hint))
		return 0;
	*cert = !v->ov->solvable;
	return overlay_mark(v->ov, i);
}

static int int_cmp(const void *a, const void *b)
{
	int x = *(const int *)a, y = *(const int *)b;
	return (x > y) - (x < y);
}

/* The cells a press at cell i changes, into *list (grown to the rule's
 * largest press set: never a fixed buffer a graph could overflow), sorted.
 * -1 when out of memory. */
static int press_set(const view *v, int i, int **list, int *cap)
{
	const board *b = v->g->cur;
	int most = rule_max_cells(&v->g->rule, b->rows, b->cols);
	if (most > *cap) {
		int *n = realloc(*list, (size_t)most * sizeof *n);
		if (!n)
			return -1;
		*list = n;
		*cap = most;
	}
	int m = rule_neighbours(&v->g->rule, b->rows, b->cols, i / b->cols, i % b->cols, *list);
	qsort(*list, (size_t)m, sizeof **list, int_cmp);
	return m;
}

static bool in_set(const int *list, int n, int i)
{
	return n > 0 && bsearch(&i, list, (size_t)n, sizeof *list, int_cmp) != NULL;
}

/* Would a press at the cursor change (row, col)?  The preview shows it. */
static bool in_preview(const view *v, int row, int col)
{
	/* A cleared board has nothing left to press: no brackets; a screen
	 * reader hears brackets as noise (the words say what a press changes). */
	if (!v->preview || v->what != VIEW_PLAY || v->g->won || v->gl->reader)
		return false;
	if (v->g->rule.lines)
		return row == v->cr || col == v->cc;
	return in_set(v->ds.near, v->ds.nnear, row * v->g->cur->cols + col);
}

/* Cells with patterns of their own on a grid: --rule random, a board
 * file's patterns. */
static bool own_patterns(const view *v)
{
	return v->g->rule.kind == RULE_RANDOM || (v->g->rule.kind == RULE_GRAPH && v->g->cur->rows > 1);
}

/* A cell's own pattern, as Flip draws it: its 3x3 block at
 * (y, x), a square where a press there changes the cell (the cell itself
 * in the middle, beside the symbol), so the board can be read before it is
 * pressed. */
static void draw_own_pattern(view *v, int row, int col, int y, int x, attr_t fill)
{
	const board *b = v->g->cur;
	bool in[3][3] = { { false } };
	/* Sized from the rule: a graph from a share code may press every cell
	 * (a fixed buffer here was a stack overflow any code could cause). */
	int n = press_set(v, row * b->cols + col, &v->ds.own, &v->ds.own_cap);
	const int *nb = v->ds.own;
	for (int i = 0; i < n; i++) {
		int dr = nb[i] / b->cols - row, dc = nb[i] % b->cols - col;
		if (dr < -1 || dr > 1 || dc < -1 || dc > 1)
			return;	/* wider than its block: the cursor's preview shows it */
		in[dr + 1][dc + 1] = true;
	}
	attrset(fill);
	for (int i = 0; i < 3; i++) {
		move(y + i, x);
		for (int j = 0; j < 3; j++)
			addstr(in[i][j] ? (v->gl->utf8 ? "\u25aa" : "o") : " ");
	}
}

/* How long a press's cells flip, and how fast a win's wave runs (the
 * whole board in view is crossed in WAVE_SECONDS). */
#define FLIP_SECONDS 0.09
#define WAVE_SECONDS 0.6

void draw_animate(view *v, int cell, bool win, double now)
{
	if (!v->anim.on)
		return;
	v->anim.cell = cell;
	v->anim.win = win;
	v->anim.from = now;
}

/* The wave's radius in cells at time now. */
static double wave_radius(const view *v, double now)
{
	int most = v->lay.nr > v->lay.nc ? v->lay.nr : v->lay.nc;
	return (now - v->anim.from) / WAVE_SECONDS * (most + 1);
}

bool draw_animating(const view *v, double now)
{
	if (!v->anim.on || v->anim.cell < 0 || v->lay.too_small)
		return false;
	if (!v->anim.win)
		return now - v->anim.from < FLIP_SECONDS;
	int most = v->lay.nr > v->lay.nc ? v->lay.nr : v->lay.nc;
	return wave_radius(v, now) < most + 2;
}

/* Is cell (row, col) lit by the animation at the frame's time? */
static bool anim_lit(const view *v, int row, int col)
{
	if (!draw_animating(v, v->ds.now))
		return false;
	const board *b = v->g->cur;
	if (!v->anim.win)
		return in_set(v->ds.flip, v->ds.nflip, row * b->cols + col);
	int dr = abs(row - v->anim.cell / b->cols), dc = abs(col - v->anim.cell % b->cols);
	int most = v->lay.nr > v->lay.nc ? v->lay.nr : v->lay.nc;
	/* A band wide enough that frames 50 ms apart skip no ring. */
	double d = dr > dc ? dr : dc, r = wave_radius(v, v->ds.now), band = (most + 1) * 0.05 / WAVE_SECONDS;
	return d <= r && d > r - (band > 1.5 ? band : 1.5);
}

/* Everything a cell's look depends on besides the layout, in one word. */
static uint64_t cell_key(const view *v, int row, int col, bool *flash)
{
	const board *b = v->g->cur;
	int i = row * b->cols + col;
	bool cert, here = row == v->cr && col == v->cc;
	int mark = cell_mark(v, i, &cert);
	*flash = in_set(v->ds.lit, v->ds.nlit, i) || anim_lit(v, row, col);
	return (uint64_t)board_get(b, row, col) | (uint64_t)(mark & 0xffff) << 8 | (uint64_t)cert << 24 |
	       (uint64_t)here << 25 | (uint64_t)*flash << 26 | (uint64_t)in_preview(v, row, col) << 27 |
	       (uint64_t)(here && v->preview) << 28 |	/* a hollow cursor or not */
	       (uint64_t)(mark && v->pattern && v->chase) << 29;
}

/* A frame on the edge of a th x tw tile at (y, x): whole and heavy for
 * the cursor, its four corners for a cell in the preview.  In ASCII the
 * cursor's is '=' and '|' (not '#' or '.', the cells' own symbols). */
static void tile_frame(const glyphs *gl, int y, int x, int th, int tw, bool whole, attr_t a)
{
	bool u = gl->utf8;
	const char *tl, *tr, *bl, *br, *h = u ? "\u2501" : "=", *vt = u ? "\u2503" : "|";
	if (whole) {
		tl = u ? "\u250f" : "+";
		tr = u ? "\u2513" : "+";
		bl = u ? "\u2517" : "+";
		br = u ? "\u251b" : "+";
	} else {
		tl = u ? "\u250c" : "+";
		tr = u ? "\u2510" : "+";
		bl = u ? "\u2514" : "+";
		br = u ? "\u2518" : "+";
	}
	attrset(a);
	for (int i = 0; i < th; i++) {
		bool top = i == 0, bottom = i == th - 1;
		if (!whole && !top && !bottom)
			continue;
		mvaddstr(y + i, x, top ? tl : bottom ? bl : vt);
		if (whole && (top || bottom))
			for (int j = 1; j < tw - 1; j++)
				addstr(h);
		mvaddstr(y + i, x + tw - 1, top ? tr : bottom ? br : vt);
	}
}

/* A cell's look: the symbol between two brackets.  The cursor's are [ ];
 * a mark's are ( ) for k = 2 (! ! for a certificate), and for k > 2 the
 * direction and the count, "+S2": press forward twice (a tile writes
 * "2x" under the symbol instead).  The other cells a press at the cursor
 * would change have angle brackets (the preview).
 *
 * Classic cells are these three columns; tiles are 2s x (s - 1) blocks,
 * lit ones filled, with the three columns in the middle; compact cells
 * are the symbol alone, the cursor and marks in colour and reverse. */
static void draw_cell_now(view *v, int row, int col, bool flash)
{
	const board *b = v->g->cur;
	int val = board_get(b, row, col);
	bool here = row == v->cr && col == v->cc, cert;
	int mark = cell_mark(v, row * b->cols + col, &cert);
	char buf[2], left[4] = " ", right[4] = " ";
	const char *sym = glyphs_cell(v->gl, val, b->k, buf);
	int y, x;
	layout_cell_origin(v, row, col, &y, &x);
	attr_t a = cell_attr(v, val), frame = A_NORMAL;
	bool tile_count = v->lay.scale >= 3 && mark && b->k > 2;
	bool chase = mark && v->pattern && v->chase;
	if (chase && (b->k == 2 || tile_count)) {
		/* A chase step's marks point at the cell, the plan's enclose it:
		 * which is which is seen without colour. */
		snprintf(left, sizeof left, "%s", v->gl->utf8 ? "\u25b8" : ">");
		snprintf(right, sizeof right, "%s", v->gl->utf8 ? "\u25c2" : "<");
	} else if (mark && (b->k == 2 || tile_count)) {
		left[0] = cert ? '!' : '(';
		right[0] = cert ? '!' : ')';
	} else if (mark) {
		left[0] = cert ? '*' : mark > 0 ? '+' : '-';
		right[0] = boardio_symbol(mark > 0 ? mark : -mark);
	} else if (here && !v->gl->reader) {
		/* A screen reader's focus is the terminal's cursor: brackets
		 * there would be spoken with every move. */
		left[0] = '[';
		right[0] = ']';
	} else if (in_preview(v, row, col)) {
		/* Brackets, not an attribute: a cursor move costs few bytes. */
		snprintf(left, sizeof left, "%s", v->gl->utf8 ? "\u2039" : "{");
		snprintf(right, sizeof right, "%s", v->gl->utf8 ? "\u203a" : "}");
	}
	if (mark)
		frame = A_BOLD | theme_attr(v, cert ? PAIR_CERT : PAIR_MARK);
	/* With the preview on, a cursor whose own cell a press leaves alone
	 * (mask:010/101/010) is hollow: its brackets reversed, its symbol
	 * not, so "this cell stays" is seen without colour. */
	bool hollow = here && !flash && v->preview && v->what == VIEW_PLAY && !v->gl->reader && !in_preview(v, row, col);
	if (here || flash) {
		a = hollow ? a : (a & ~A_DIM) | A_REVERSE;
		frame = A_REVERSE | A_BOLD;
	}
	/* Unmarked, the brackets take the symbol's look: one run of
	 * attributes, so a cursor move or the preview costs few bytes. */
	if (!mark && !hollow)
		frame = a;
	if (v->lay.cw == 1) {
		if (mark && !here && !flash)
			a = frame | A_REVERSE;
		else if ((in_preview(v, row, col) && !here && !flash) || hollow)
			a |= A_UNDERLINE | (hollow ? A_BOLD : A_NORMAL);
		attrset(a);
		mvaddstr(y, x, sym);
		attrset(A_NORMAL);
		return;
	}
	if (v->lay.scale) {
		/* The tile: lit ones (and the cursor's) filled, so the board
		 * reads at a glance from across the room. */
		int tw = v->lay.cw - DRAW_TILE_GAP, th = v->lay.ch - 1, mid = (th - 1) / 2;
		attr_t fill = A_NORMAL;
		if (val && b->k == 2)
			fill = A_REVERSE | theme_attr(v, PAIR_ON);
		else if (val)
			fill = A_REVERSE | theme_attr(v, PAIR_VALUE + (val - 1) % PALETTE);
		attrset(fill);
		for (int i = 0; i < th; i++) {
			move(y + i, x);
			for (int j = 0; j < tw; j++)
				addch(' ');
		}
		if (tile_count && mid + 1 < th) {
			/* The direction and the count at every tile size: the
			 * longest of these that fits ("back 1x" reads as a
			 * forward press once cut). */
			char count[3][32];
			const char *times = v->gl->utf8 ? "\u00d7" : "x";
			int m = mark > 0 ? mark : -mark;
			/* TRANSLATORS: before a count on a cell ("back 2x"): a tile is a
			 * few columns wide, keep it short, with its space. */
			snprintf(count[0], sizeof count[0], "%s%d%s", mark > 0 ? "" : _("back "), m, times);
			snprintf(count[1], sizeof count[1], "%s%d%s", mark > 0 ? "+" : "-", m, times);
			snprintf(count[2], sizeof count[2], "%s%d", mark > 0 ? "+" : "-", m);
			attrset((frame & ~(attr_t)A_UNDERLINE) | (fill & A_REVERSE));
			for (int c = 0; c < 3; c++) {
				int len = chrome_cols(count[c]);
				if (len <= tw) {
					mvaddstr(y + mid + 1, x + (tw - len) / 2, count[c]);
					break;
				}
			}
		}
		/* From 9x4 tiles up, the cursor's tile framed whole and the
		 * corners of each tile a press there changes, as large as the
		 * tile: a 3-character mark in a 13x6 tile was lost.  Smaller
		 * tiles keep to a bar: at 80x24 a cursor move stays under 200
		 * bytes over SSH (frames there cost 250, 730 with the preview). */
		bool framed = th >= 4;
		if (framed && (here || in_preview(v, row, col)))
			tile_frame(v->gl, y, x, th, tw, here, fill | (here ? A_BOLD : A_NORMAL));
		if (own_patterns(v) && !tile_count && th >= 3 && tw >= 8)
			draw_own_pattern(v, row, col, y + mid - 1, x + tw - (tw >= 10 ? 4 : 3), fill);
		/* A tile too small for a frame: the cursor's middle row
		 * reversed against the fill, the whole width of the tile. */
		if (here && !hollow && !flash && !framed && tw > 3) {
			attrset(A_BOLD | ((fill & A_REVERSE) ? A_NORMAL : A_REVERSE));
			move(y + mid, x);
			for (int j = 0; j < tw; j++)
				addch(' ');
		}
		x += (tw - 3) / 2;
		y += mid;
		/* In a lit tile the symbol stands on the fill; the cursor's
		 * three middle characters are reverse against it. */
		if (hollow) {
			/* Brackets against the tile, the symbol as the tile. */
			a = (a & ~(attr_t)A_DIM) | (fill & A_REVERSE) | (val || theme_off_coloured(v) ? 0 : A_DIM);
			if (fill & A_REVERSE)
				frame &= ~(attr_t)A_REVERSE;
		} else if (!(here || flash)) {
			a = (a & ~(attr_t)A_DIM) | (fill & A_REVERSE) | (val || theme_off_coloured(v) ? 0 : A_DIM);
			frame |= fill & A_REVERSE;
		} else if (fill & A_REVERSE) {
			a &= ~(attr_t)A_REVERSE;
			frame &= ~(attr_t)A_REVERSE;
		}
	}
	attrset(frame);
	mvaddstr(y, x, left);
	attrset(a);
	addstr(sym);
	attrset(frame);
	addstr(right);
	attrset(A_NORMAL);
}

/* The sets this frame reads: the cursor's press set (the preview) and the
 * flashing one's.  Out of memory: no preview, no flash, nothing wrong. */
void cells_sets(view *v)
{
	drawstate *ds = &v->ds;
	const board *b = v->g->cur;
	ds->nnear = ds->nlit = 0;
	if (v->preview && v->what == VIEW_PLAY && !v->g->rule.lines)
		ds->nnear = press_set(v, v->cr * b->cols + v->cc, &ds->near, &ds->near_cap);
	if (v->flash >= 0 && v->flash < board_size(b))
		ds->nlit = press_set(v, v->flash, &ds->lit, &ds->lit_cap);
	ds->nflip = 0;
	if (draw_animating(v, ds->now) && !v->anim.win && v->anim.cell < board_size(b))
		ds->nflip = press_set(v, v->anim.cell, &ds->flip, &ds->flip_cap);
	ds->nflip = ds->nflip < 0 ? 0 : ds->nflip;
	ds->nnear = ds->nnear < 0 ? 0 : ds->nnear;
	ds->nlit = ds->nlit < 0 ? 0 : ds->nlit;
}

/* Every visible cell whose key differs from the one drawn. */
void cells_draw(view *v)
{
	drawstate *ds = &v->ds;
	for (int r = v->lay.vr; r < v->lay.vr + v->lay.nr; r++)
		for (int c = v->lay.vc; c < v->lay.vc + v->lay.nc; c++) {
			bool flash;
			uint64_t key = cell_key(v, r, c, &flash);
			size_t at = (size_t)(r - v->lay.vr) * (size_t)v->lay.nc + (size_t)(c - v->lay.vc);
			if (ds->keys && ds->keys[at] == key)
				continue;
			draw_cell_now(v, r, c, flash);
			ds->written++;
			if (ds->keys)
				ds->keys[at] = key;
		}
}

#define DRAW_EDGES_MAX 2000	/* press-set entries of a graph whose edges are drawn */

/* A graph's edges, drawn once under its vertices (a frame redraws only a
 * vertex's own box, so they stay): a line of box characters from centre to
 * centre for each pair where one presses the other, off the two boxes.
 * Where cells have room around them: not at one character a cell. */
void cells_edges(view *v)
{
	const graph *g = v->g->rule.graph;
	if (v->g->rule.kind != RULE_GRAPH || !g || !g->crow || v->lay.cw < 3 || own_patterns(v) || v->gl->reader)
		return;	/* a board of own patterns draws each in its tile instead */
	/* A graph dense enough to be a blur of lines says nothing by them,
	 * and a hostile one would cost a redraw n^2 lines: none past this. */
	if (g->start[g->n] > DRAW_EDGES_MAX)
		return;
	const char *h = v->gl->utf8 ? "\u2500" : "-", *vt = v->gl->utf8 ? "\u2502" : "|";
	const char *down = v->gl->utf8 ? "\u2572" : "\\", *up = v->gl->utf8 ? "\u2571" : "/";
	/* A vertex's box: its tile, or its three columns. */
	int bh = v->lay.scale ? v->lay.ch - 1 : 1, bw = v->lay.scale ? v->lay.cw - DRAW_TILE_GAP : 3, cols = v->g->cur->cols;
	attrset(A_DIM | theme_attr(v, PAIR_FRAME));
	for (int i = 0; i < g->n; i++)
		for (int k = g->start[i]; k < g->start[i + 1]; k++) {
			int j = g->set[k];
			/* Each pair once: i presses j, and (when j presses i too)
			 * the pair's smaller index draws it. */
			bool back = false;
			for (int t = g->start[j]; t < g->start[j + 1]; t++)
				back |= g->set[t] == i;
			if (j == i || (back && j < i))
				continue;
			int ty0, tx0, ty1, tx1;
			layout_cell_origin(v, i / cols, i % cols, &ty0, &tx0);
			layout_cell_origin(v, j / cols, j % cols, &ty1, &tx1);
			int y0 = ty0 + (bh - 1) / 2, x0 = tx0 + bw / 2, y1 = ty1 + (bh - 1) / 2, x1 = tx1 + bw / 2;
			int dy = abs(y1 - y0), dx = abs(x1 - x0), sy = y0 < y1 ? 1 : -1, sx = x0 < x1 ? 1 : -1;
			/* Bresenham from centre to centre; each character says the
			 * step it takes: along, down, or across ("──╲──╲"). */
			const char *c = !dy ? h : vt;
			for (int y = y0, x = x0, e = dx - dy;;) {
				int py = y, px = x;
				bool last = y == y1 && x == x1;
				if (!last) {
					int e2 = 2 * e;
					if (e2 > -dy)
						e -= dy, x += sx;
					if (e2 < dx)
						e += dx, y += sy;
					c = y == py ? h : x == px ? vt : sx == sy ? down : up;
				}
				bool in0 = py >= ty0 && py < ty0 + bh && px >= tx0 && px < tx0 + bw;
				bool in1 = py >= ty1 && py < ty1 + bh && px >= tx1 && px < tx1 + bw;
				if (!in0 && !in1)
					mvaddstr(py, px, c);
				if (last)
					break;
			}
		}
	attrset(A_NORMAL);
}
