#include "ui/draw.h"

#include <curses.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/boardio.h"
#include "ui/info.h"
#include "ui/screen.h"
#include "engine/search.h"


enum { PAIR_ON = 1, PAIR_FRAME, PAIR_TITLE, PAIR_WIN, PAIR_STATUS, PAIR_MARK, PAIR_CERT, PAIR_OFF, PAIR_VALUE };
#define PALETTE 6

/* A theme's colours: lights, frame, title, win, status line (ink on
 * paper), marks and certificates, the unlit cells, and the k > 2 values,
 * on the terminal's own background.  off < 0: unlit cells keep the
 * terminal's colour, dimmed (8 colours have no dark shade to spare). */
struct colours {
	short on, frame, title, win, status_fg, status_bg, mark, cert, off;
	short value[PALETTE];
};

/* Each theme twice: in xterm's 256 colours where the terminal has them
 * (no can_change_color needed: the indexes are fixed), and in the 8 every
 * colour terminal has. */
static const struct theme {
	const char *name;
	struct colours deep, basic;
} themes[] = {
	{ "classic",
	  { 226, 33, 51, 46, 16, 44, 201, 196, 244, { 226, 46, 51, 201, 196, 33 } },
	  { COLOR_YELLOW, COLOR_BLUE, COLOR_CYAN, COLOR_GREEN, COLOR_BLACK, COLOR_CYAN, COLOR_MAGENTA, COLOR_RED, -1,
	    { COLOR_YELLOW, COLOR_GREEN, COLOR_CYAN, COLOR_MAGENTA, COLOR_RED, COLOR_BLUE } } },
	{ "amber",
	  { 214, 172, 220, 142, 16, 214, 231, 196, 130, { 214, 229, 202, 178, 166, 222 } },
	  { COLOR_YELLOW, COLOR_YELLOW, COLOR_YELLOW, COLOR_GREEN, COLOR_BLACK, COLOR_YELLOW, COLOR_RED, COLOR_MAGENTA, -1,
	    { COLOR_YELLOW, COLOR_GREEN, COLOR_CYAN, COLOR_MAGENTA, COLOR_RED, COLOR_BLUE } } },
	{ "ocean",
	  { 45, 25, 81, 48, 231, 24, 226, 203, 31, { 45, 33, 123, 111, 49, 69 } },
	  { COLOR_CYAN, COLOR_BLUE, COLOR_CYAN, COLOR_GREEN, COLOR_WHITE, COLOR_BLUE, COLOR_YELLOW, COLOR_RED, -1,
	    { COLOR_CYAN, COLOR_BLUE, COLOR_GREEN, COLOR_MAGENTA, COLOR_YELLOW, COLOR_RED } } },
	{ "forest",
	  { 118, 28, 186, 51, 16, 71, 213, 203, 65, { 118, 184, 41, 150, 173, 35 } },
	  { COLOR_GREEN, COLOR_GREEN, COLOR_YELLOW, COLOR_CYAN, COLOR_BLACK, COLOR_GREEN, COLOR_MAGENTA, COLOR_RED, -1,
	    { COLOR_GREEN, COLOR_YELLOW, COLOR_CYAN, COLOR_MAGENTA, COLOR_RED, COLOR_BLUE } } },
};

/* Unlit cells have a colour of their own (256 colours): else dimmed. */
static bool off_coloured;

const char *draw_theme_name(int theme)
{
	return themes[theme >= 0 && theme < DRAW_THEMES ? theme : 0].name;
}

int draw_theme_find(const char *name)
{
	for (int i = 0; i < DRAW_THEMES; i++)
		if (!strcmp(themes[i].name, name))
			return i;
	return -1;
}

bool draw_colors_init(bool enable, int theme)
{
	off_coloured = false;
	if (!enable || !has_colors() || start_color() == ERR)
		return false;
	const struct theme *t = &themes[theme >= 0 && theme < DRAW_THEMES ? theme : 0];
	bool deep = COLORS >= 256 && COLOR_PAIRS > PAIR_VALUE + PALETTE;
	const struct colours *c = deep ? &t->deep : &t->basic;
	short bg = COLOR_BLACK;
	if (use_default_colors() == OK)
		bg = -1;	/* keep the user's background */
	init_pair(PAIR_ON, c->on, bg);
	init_pair(PAIR_FRAME, c->frame, bg);
	init_pair(PAIR_TITLE, c->title, bg);
	init_pair(PAIR_WIN, c->win, bg);
	init_pair(PAIR_STATUS, c->status_fg, c->status_bg);
	init_pair(PAIR_MARK, c->mark, bg);
	init_pair(PAIR_CERT, c->cert, bg);
	off_coloured = c->off >= 0;
	init_pair(PAIR_OFF, off_coloured ? c->off : COLOR_WHITE, bg);
	for (int i = 0; i < PALETTE; i++)
		init_pair((short)(PAIR_VALUE + i), c->value[i], bg);
	return true;
}

/* Display columns of a UTF-8 string: count the bytes that start a character. */
static int utf8_cols(const char *s)
{
	int n = 0;
	for (; *s; s++)
		n += ((unsigned char)*s & 0xc0) != 0x80;
	return n;
}

/* Write s at (y, x) cut at the right edge: curses would wrap it instead. */
static void put_clipped(int y, int x, const char *s)
{
	int room = COLS - x, n = 0;
	const char *p = s;
	if (room <= 0 || y < 0 || y >= LINES)
		return;
	for (; *p; p++) {
		if (((unsigned char)*p & 0xc0) != 0x80 && ++n > room)
			break;
	}
	mvaddnstr(y, x, s, (int)(p - s));
}

/* Prose at (y, x) that may not fit: cut after the last whole word that
 * fits with an ellipsis after it ("Clear the board: ev" said nothing). */
static void put_cut(const glyphs *gl, int y, int x, const char *s)
{
	int room = COLS - x, n = 0, ew = gl->utf8 ? 1 : 3;
	if (utf8_cols(s) <= room || room <= ew + 1) {
		put_clipped(y, x, s);
		return;
	}
	const char *p = s, *word_end = NULL;
	for (; *p; p++) {
		if (((unsigned char)*p & 0xc0) == 0x80)
			continue;
		if (n + 1 > room - ew)
			break;
		n++;
		if (*p == ' ' && p > s && p[-1] != ' ')
			word_end = p;
	}
	/* A single word too long for the line is cut inside it. */
	const char *end = word_end ? word_end : p;
	if (y < 0 || y >= LINES || room <= 0)
		return;
	mvaddnstr(y, x, s, (int)(end - s));
	addstr(gl->utf8 ? "\u2026" : "...");
}

static attr_t pair_attr(const view *v, int pair)
{
	return v->color ? (attr_t)COLOR_PAIR(pair) : A_NORMAL;
}

/* The smallest terminal for this board: a few of its rows and columns
 * (all of them for a small board) in the compact layout, the frame, the
 * message and status lines, and room for the status's first words. */
/* The picture in cells: a grid is its rows and columns; hex rows are
 * staggered by half a cell (one more column to fit); the cube is drawn as
 * its net, 3 faces high and 4 wide, a blank cell between faces so that
 * each face reads as one:
 *        U
 *      L F R B
 *        D
 * and a graph's vertices sit at their coordinates, in cells.  The cube and
 * graphs are drawn whole: no scrolling, no rulers.                      */
static const int cube_net[6][2] = { { 0, 1 }, { 1, 0 }, { 1, 1 }, { 1, 2 }, { 1, 3 }, { 2, 1 } };

static bool drawn_whole(const view *v)
{
	return v->g->rule.kind == RULE_CUBE || v->g->rule.kind == RULE_GRAPH;
}

static void picture_cells(const view *v, int *rows, int *cols)
{
	const board *b = v->g->cur;
	const graph *g = v->g->rule.graph;
	*rows = b->rows;
	*cols = b->cols;
	if (v->g->rule.kind == RULE_CUBE) {
		*rows = 3 * 3 + 2;
		*cols = 4 * 3 + 3;
	} else if (v->g->rule.kind == RULE_GRAPH && g->crow) {
		*rows = *cols = 0;
		for (int j = 0; j < g->n; j++) {
			*rows = g->crow[j] >= *rows ? g->crow[j] + 1 : *rows;
			*cols = g->ccol[j] >= *cols ? g->ccol[j] + 1 : *cols;
		}
	} else if (v->g->rule.kind == RULE_HEX && b->rows > 1)
		*cols = b->cols + 1;
}

/* Where cell (row, col) is drawn, relative to (top, left): in cells down,
 * and in half cells across (hex odd rows sit half a cell right). */
static void place(const view *v, int row, int col, int *py, int *px2)
{
	const graph *g = v->g->rule.graph;
	if (v->g->rule.kind == RULE_CUBE) {
		*py = 4 * cube_net[row][0] + col / 3;
		*px2 = 2 * (4 * cube_net[row][1] + col % 3);
		return;
	}
	if (v->g->rule.kind == RULE_GRAPH && g->crow) {
		int i = row * v->g->cur->cols + col;	/* a board's own patterns: R x C */
		*py = g->crow[i];
		*px2 = 2 * g->ccol[i];
		return;
	}
	*py = row - v->vr;
	*px2 = 2 * (col - v->vc) + (v->g->rule.kind == RULE_HEX && row % 2);
}

static void cell_origin(const view *v, int row, int col, int *y, int *x)
{
	int py, px2;
	place(v, row, col, &py, &px2);
	*y = v->top + v->ch * py;
	*x = v->left + v->cw * (px2 / 2) + (px2 % 2) * (v->cw / 2);
}

/* A picture drawn whole moves to the nearest cell in the arrow's
 * direction, within about 60 degrees of it (a ring's next vertex; on the
 * cube's net the cell next door, or none past a face with nothing beside
 * it). */
void draw_step(const view *v, int dr, int dc, int *row, int *col)
{
	const board *b = v->g->cur;
	if (!drawn_whole(v)) {
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

static void min_size(const view *v, int *cols, int *lines)
{
	int pr, pc;
	picture_cells(v, &pr, &pc);
	if (drawn_whole(v)) {	/* the whole picture, one character a cell */
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
		if (rows * t - 1 <= avail_h && cols * (2 * t + 1) - 1 <= avail_w)
			return t;
	return 0;
}

void draw_layout(view *v)
{
	const board *b = v->g->cur;
	int need_cols, need_lines, pr, pc;
	bool whole = drawn_whole(v);
	min_size(v, &need_cols, &need_lines);
	picture_cells(v, &pr, &pc);
	v->too_small = LINES < need_lines || COLS < need_cols;
	if (v->too_small)
		return;
	/* Tiles as large as fit (GNOME Lights Off's big squares on a big
	 * terminal), else one row a cell, else one character a cell.  The
	 * title line goes when lines are short, or when its line makes the
	 * tiles a size larger (its words move onto the frame). */
	int avail_w = COLS - 2;
	int with = tile_scale(pr, pc, LINES - 5, avail_w), without = tile_scale(pr, pc, LINES - 4, avail_w);
	v->title = (LINES >= pr + 6 || LINES >= 12) && !(without > with);
	int head = v->title + 1, avail_h = LINES - head - 3;
	v->scale = v->title ? with : without;
	v->rulers = false;
	if (v->scale) {
		v->ch = v->scale;
		v->cw = 2 * v->scale + 1;
	} else if (pc * 3 <= avail_w && (!whole || pr <= avail_h)) {
		v->ch = 1;
		v->cw = 3;
	} else if (whole) {
		/* The picture whole, a character a cell: no rulers, no scrolling. */
		v->ch = v->cw = 1;
	} else {
		/* Compact: rulers say where the view is. */
		v->ch = v->cw = 1;
		v->rulers = true;
		v->gutter = snprintf(NULL, 0, "%d", b->rows) + 1;
		avail_h -= 1;
		avail_w -= v->gutter;
	}
	int gap = v->scale ? 1 : 0, extra = pc - b->cols;	/* hex: the half cell */
	v->nr = (avail_h + gap) / v->ch;
	v->nc = (avail_w + gap) / v->cw - extra;
	v->nr = b->rows < v->nr ? b->rows : v->nr;
	v->nc = b->cols < v->nc ? b->cols : v->nc;
	if (whole) {
		v->nr = b->rows;
		v->nc = b->cols;
		v->ph = pr * v->ch - gap;
		v->pw = pc * v->cw - gap;
	} else {
		v->ph = v->nr * v->ch - gap;
		v->pw = v->nc * v->cw - gap + (extra && v->nr > 1 ? v->cw / 2 : 0);
	}
	v->top = head + v->rulers + (avail_h - v->ph) / 2;
	v->left = 1 + (v->rulers ? v->gutter : 0) + (avail_w - v->pw) / 2;
	if (v->vr > b->rows - v->nr)
		v->vr = b->rows - v->nr;
	if (v->vc > b->cols - v->nc)
		v->vc = b->cols - v->nc;
	draw_follow(v);
}

bool draw_follow(view *v)
{
	int vr = v->vr, vc = v->vc;
	if (v->cr < v->vr)
		v->vr = v->cr;
	if (v->cr >= v->vr + v->nr)
		v->vr = v->cr - v->nr + 1;
	if (v->cc < v->vc)
		v->vc = v->cc;
	if (v->cc >= v->vc + v->nc)
		v->vc = v->cc - v->nc + 1;
	return vr != v->vr || vc != v->vc;
}

/* Unlit cells in the theme's own dark shade, not dimmed. */
static bool off_in_colour(const view *v)
{
	return v->color && off_coloured;
}

static attr_t cell_attr(const view *v, int val)
{
	int k = v->g->cur->k;
	if (val == 0 && off_in_colour(v))
		return pair_attr(v, PAIR_OFF);
	if (val == 0)
		return k == 2 ? A_DIM : A_NORMAL;
	if (k == 2)
		return A_BOLD | pair_attr(v, PAIR_ON);
	return A_BOLD | pair_attr(v, PAIR_VALUE + (val - 1) % PALETTE);
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
	if (!v->preview || v->what != VIEW_PLAY)
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

/* A cell's look: the symbol between two brackets.  The cursor's are [ ];
 * a mark's are ( ) for k = 2 (! ! for a certificate), and for k > 2 the
 * direction and the count, "+S2": press forward twice (a tile writes
 * "2x" under the symbol instead).  The other cells a press at the cursor
 * would change have angle brackets (the preview).
 *
 * Classic cells are these three columns; tiles are 2s x (s - 1) blocks,
 * lit ones filled, with the three columns in the middle; compact cells
 * are the symbol alone, the cursor and marks in colour and reverse. */
/* Everything a cell's look depends on besides the layout, in one word. */
/* How long a press's cells flip, and how fast a win's wave runs (the
 * whole board in view is crossed in WAVE_SECONDS). */
#define FLIP_SECONDS 0.09
#define WAVE_SECONDS 0.6

void draw_animate(view *v, int cell, bool win, double now)
{
	if (!v->animate)
		return;
	v->anim_cell = cell;
	v->anim_win = win;
	v->anim_from = now;
}

/* The wave's radius in cells at time now. */
static double wave_radius(const view *v, double now)
{
	int most = v->nr > v->nc ? v->nr : v->nc;
	return (now - v->anim_from) / WAVE_SECONDS * (most + 1);
}

bool draw_animating(const view *v, double now)
{
	if (!v->animate || v->anim_cell < 0 || v->too_small)
		return false;
	if (!v->anim_win)
		return now - v->anim_from < FLIP_SECONDS;
	int most = v->nr > v->nc ? v->nr : v->nc;
	return wave_radius(v, now) < most + 2;
}

/* Is cell (row, col) lit by the animation at the frame's time? */
static bool anim_lit(const view *v, int row, int col)
{
	if (!draw_animating(v, v->ds.now))
		return false;
	const board *b = v->g->cur;
	if (!v->anim_win)
		return in_set(v->ds.flip, v->ds.nflip, row * b->cols + col);
	int dr = abs(row - v->anim_cell / b->cols), dc = abs(col - v->anim_cell % b->cols);
	int most = v->nr > v->nc ? v->nr : v->nc;
	/* A band wide enough that frames 50 ms apart skip no ring. */
	double d = dr > dc ? dr : dc, r = wave_radius(v, v->ds.now), band = (most + 1) * 0.05 / WAVE_SECONDS;
	return d <= r && d > r - (band > 1.5 ? band : 1.5);
}

static uint64_t cell_key(const view *v, int row, int col, bool *flash)
{
	const board *b = v->g->cur;
	int i = row * b->cols + col;
	bool cert, here = row == v->cr && col == v->cc;
	int mark = cell_mark(v, i, &cert);
	*flash = in_set(v->ds.lit, v->ds.nlit, i) || anim_lit(v, row, col);
	return (uint64_t)board_get(b, row, col) | (uint64_t)(mark & 0xffff) << 8 | (uint64_t)cert << 24 |
	       (uint64_t)here << 25 | (uint64_t)*flash << 26 | (uint64_t)in_preview(v, row, col) << 27 |
	       (uint64_t)(here && v->preview) << 28;	/* a hollow cursor or not */
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

static void draw_cell_now(view *v, int row, int col, bool flash)
{
	const board *b = v->g->cur;
	int val = board_get(b, row, col);
	bool here = row == v->cr && col == v->cc, cert;
	int mark = cell_mark(v, row * b->cols + col, &cert);
	char buf[2], left[4] = " ", right[4] = " ";
	const char *sym = glyphs_cell(v->gl, val, b->k, buf);
	int y, x;
	cell_origin(v, row, col, &y, &x);
	attr_t a = cell_attr(v, val), frame = A_NORMAL;
	bool tile_count = v->scale >= 3 && mark && b->k > 2;
	if (mark && (b->k == 2 || tile_count)) {
		left[0] = cert ? '!' : '(';
		right[0] = cert ? '!' : ')';
	} else if (mark) {
		left[0] = cert ? '*' : mark > 0 ? '+' : '-';
		right[0] = boardio_symbol(mark > 0 ? mark : -mark);
	} else if (here) {
		left[0] = '[';
		right[0] = ']';
	} else if (in_preview(v, row, col)) {
		/* Brackets, not an attribute: a cursor move costs few bytes. */
		snprintf(left, sizeof left, "%s", v->gl->utf8 ? "\u2039" : "{");
		snprintf(right, sizeof right, "%s", v->gl->utf8 ? "\u203a" : "}");
	}
	if (mark)
		frame = A_BOLD | pair_attr(v, cert ? PAIR_CERT : PAIR_MARK);
	/* With the preview on, a cursor whose own cell a press leaves alone
	 * (mask:010/101/010) is hollow: its brackets reversed, its symbol
	 * not, so "this cell stays" is seen without colour. */
	bool hollow = here && !flash && v->preview && v->what == VIEW_PLAY && !in_preview(v, row, col);
	if (here || flash) {
		a = hollow ? a : (a & ~A_DIM) | A_REVERSE;
		frame = A_REVERSE | A_BOLD;
	}
	/* Unmarked, the brackets take the symbol's look: one run of
	 * attributes, so a cursor move or the preview costs few bytes. */
	if (!mark && !hollow)
		frame = a;
	if (v->cw == 1) {
		if (mark && !here && !flash)
			a = frame | A_REVERSE;
		else if ((in_preview(v, row, col) && !here && !flash) || hollow)
			a |= A_UNDERLINE | (hollow ? A_BOLD : A_NORMAL);
		attrset(a);
		mvaddstr(y, x, sym);
		attrset(A_NORMAL);
		return;
	}
	if (v->scale) {
		/* The tile: lit ones (and the cursor's) filled, so the board
		 * reads at a glance from across the room. */
		int tw = v->cw - 1, th = v->ch - 1, mid = (th - 1) / 2;
		attr_t fill = A_NORMAL;
		if (val && b->k == 2)
			fill = A_REVERSE | pair_attr(v, PAIR_ON);
		else if (val)
			fill = A_REVERSE | pair_attr(v, PAIR_VALUE + (val - 1) % PALETTE);
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
			snprintf(count[0], sizeof count[0], "%s%d%s", mark > 0 ? "" : "back ", m, times);
			snprintf(count[1], sizeof count[1], "%s%d%s", mark > 0 ? "+" : "-", m, times);
			snprintf(count[2], sizeof count[2], "%s%d", mark > 0 ? "+" : "-", m);
			attrset((frame & ~(attr_t)A_UNDERLINE) | (fill & A_REVERSE));
			for (int c = 0; c < 3; c++) {
				int len = utf8_cols(count[c]);
				if (len <= tw) {
					mvaddstr(y + mid + 1, x + (tw - len) / 2, count[c]);
					break;
				}
			}
		}
		/* From 10x4 tiles up, the cursor's tile framed whole and the
		 * corners of each tile a press there changes, as large as the
		 * tile: a 3-character mark in a 14x6 tile was lost.  Smaller
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
			a = (a & ~(attr_t)A_DIM) | (fill & A_REVERSE) | (val || off_in_colour(v) ? 0 : A_DIM);
			if (fill & A_REVERSE)
				frame &= ~(attr_t)A_REVERSE;
		} else if (!(here || flash)) {
			a = (a & ~(attr_t)A_DIM) | (fill & A_REVERSE) | (val || off_in_colour(v) ? 0 : A_DIM);
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
static void frame_sets(view *v)
{
	drawstate *ds = &v->ds;
	const board *b = v->g->cur;
	ds->nnear = ds->nlit = 0;
	if (v->preview && v->what == VIEW_PLAY && !v->g->rule.lines)
		ds->nnear = press_set(v, v->cr * b->cols + v->cc, &ds->near, &ds->near_cap);
	if (v->flash >= 0 && v->flash < board_size(b))
		ds->nlit = press_set(v, v->flash, &ds->lit, &ds->lit_cap);
	ds->nflip = 0;
	if (draw_animating(v, ds->now) && !v->anim_win && v->anim_cell < board_size(b))
		ds->nflip = press_set(v, v->anim_cell, &ds->flip, &ds->flip_cap);
	ds->nflip = ds->nflip < 0 ? 0 : ds->nflip;
	ds->nnear = ds->nnear < 0 ? 0 : ds->nnear;
	ds->nlit = ds->nlit < 0 ? 0 : ds->nlit;
}

/* Every visible cell whose key differs from the one drawn. */
static void frame_cells(view *v)
{
	drawstate *ds = &v->ds;
	for (int r = v->vr; r < v->vr + v->nr; r++)
		for (int c = v->vc; c < v->vc + v->nc; c++) {
			bool flash;
			uint64_t key = cell_key(v, r, c, &flash);
			size_t at = (size_t)(r - v->vr) * (size_t)v->nc + (size_t)(c - v->vc);
			if (ds->keys && ds->keys[at] == key)
				continue;
			draw_cell_now(v, r, c, flash);
			ds->written++;
			if (ds->keys)
				ds->keys[at] = key;
		}
}

/* The drawstate for the layout now, every cell unknown.  Out of memory:
 * no keys, and every frame draws every visible cell (still right). */
static void frame_forget(view *v)
{
	drawstate *ds = &v->ds;
	int n = v->too_small ? 0 : v->nr * v->nc;
	if (n > ds->nkeys) {
		free(ds->keys);
		ds->keys = malloc((size_t)n * sizeof *ds->keys);
		ds->nkeys = ds->keys ? n : 0;
	}
	for (int i = 0; i < ds->nkeys; i++)
		ds->keys[i] = DRAW_UNKNOWN;
	ds->vr = v->vr;
	ds->vc = v->vc;
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

bool draw_cell_at(const view *v, int y, int x, int *row, int *col)
{
	if (v->too_small)
		return false;
	/* Each visible cell's box (not the gaps between tiles). */
	int h = v->scale ? v->ch - 1 : v->ch, w = v->scale ? v->cw - 1 : v->cw;
	for (int r = v->vr; r < v->vr + v->nr; r++)
		for (int c = v->vc; c < v->vc + v->nc; c++) {
			int cy, cx;
			cell_origin(v, r, c, &cy, &cx);
			if (y >= cy && y < cy + h && x >= cx && x < cx + w) {
				*row = r;
				*col = c;
				return true;
			}
		}
	return false;
}

static void hline_str(int y, int x, int n, const char *s)
{
	move(y, x);
	for (int i = 0; i < n; i++)
		addstr(s);
}

static void title_words(const view *v, char *buf, size_t len);

void draw_box(const glyphs *gl, int y, int x, int h, int w)
{
	/* The board's own line drawing: Unicode box, or ASCII in ASCII mode. */
	const char *hz = gl->utf8 ? "\u2500" : "-", *vt = gl->utf8 ? "\u2502" : "|";
	const char *corner[4] = { gl->utf8 ? "\u250c" : "+", gl->utf8 ? "\u2510" : "+", gl->utf8 ? "\u2514" : "+",
				  gl->utf8 ? "\u2518" : "+" };
	for (int i = 0; i < h && y + i < LINES; i++) {
		move(y + i, x);
		for (int j = 0; j < w; j++) {
			bool top = i == 0, bottom = i == h - 1, left = j == 0, right = j == w - 1;
			if ((top || bottom) && (left || right))
				addstr(corner[2 * bottom + right]);
			else if (top || bottom)
				addstr(hz);
			else
				addstr(left || right ? vt : " ");
		}
	}
}

static void draw_border(view *v)
{
	const glyphs *gl = v->gl;
	int y0 = v->top - 1, y1 = v->top + v->ph, x0 = v->left - 1, x1 = v->left + v->pw;
	int w = x1 - x0 - 1;
	const board *b = v->g->cur;
	attrset(pair_attr(v, PAIR_FRAME));
	const char *h = gl->utf8 ? "\u2500" : "-", *vert = gl->utf8 ? "\u2502" : "|";
	mvaddstr(y0, x0, gl->utf8 ? "\u250c" : "+");
	hline_str(y0, x0 + 1, w, h);
	addstr(gl->utf8 ? "\u2510" : "+");
	mvaddstr(y1, x0, gl->utf8 ? "\u2514" : "+");
	hline_str(y1, x0 + 1, w, h);
	addstr(gl->utf8 ? "\u2518" : "+");
	for (int y = y0 + 1; y < y1; y++) {
		mvaddstr(y, x0, vert);
		mvaddstr(y, x1, vert);
	}
	/* Arrows on the frame say there is more board that way. */
	attrset(A_BOLD | pair_attr(v, PAIR_TITLE));
	if (v->vr > 0)
		mvaddstr(y0, x0 + 1 + w / 2, gl->arrows[0]);
	if (v->vr + v->nr < b->rows)
		mvaddstr(y1, x0 + 1 + w / 2, gl->arrows[2]);
	if (v->vc > 0)
		mvaddstr(y0 + 1 + (y1 - y0 - 1) / 2, x0, gl->arrows[3]);
	if (v->vc + v->nc < b->cols)
		mvaddstr(y0 + 1 + (y1 - y0 - 1) / 2, x1, gl->arrows[1]);
	attrset(A_NORMAL);
	if (!v->title) {
		/* No title line: the legend and the mode on the frame's top. */
		char words[200];
		title_words(v, words, sizeof words);
		int len = utf8_cols(words);
		if (words[0] && len + 4 <= w) {
			attrset(A_BOLD | pair_attr(v, PAIR_TITLE));
			mvprintw(y0, x0 + 1 + (w - len - 2) / 2, " %s ", words);
			attrset(A_NORMAL);
		}
	}
	if (!v->rulers)
		return;
	/* Compact boards: column numbers every ten above, row numbers every
	 * five at the left (the cursor's place is on the status line). */
	attrset(A_DIM);
	move(y0 - 1, 0);
	clrtoeol();
	for (int c = v->vc; c < v->vc + v->nc; c++) {
		char num[16];
		int n = snprintf(num, sizeof num, "%d", c + 1), x = v->left + c - v->vc;
		if ((c + 1) % 10 == 0 && x - n + 1 >= v->left)
			mvaddstr(y0 - 1, x - n + 1, num);
		else if ((c + 1) % 5 == 0)
			mvaddstr(y0 - 1, x, gl->utf8 ? "\u00b7" : ".");
	}
	for (int r = v->vr; r < v->vr + v->nr; r++)
		if ((r + 1) % 5 == 0 || r == v->vr)
			mvprintw(v->top + r - v->vr, 0, "%*d", v->gutter - 1, r + 1);
	attrset(A_NORMAL);
}

/* The goal for k > 2, with what each symbol means. */
static void legend(const view *v, char *buf, size_t len)
{
	int k = v->g->cur->k, n = 0;
	buf[0] = '\0';
	if (k == 2)
		return;
	for (int i = 0; i < k && i < 10 && (size_t)n < len; i++) {
		char g[2];
		n += snprintf(buf + n, len - (size_t)n, "%s%s=%d", i ? " " : "", glyphs_cell(v->gl, i, k, g), i);
	}
	if (k > 10 && (size_t)n < len)
		n += snprintf(buf + n, len - (size_t)n, " ... %d", k - 1);
	char g[2];
	if ((size_t)n < len)
		snprintf(buf + n, len - (size_t)n, "  goal: all %s", glyphs_cell(v->gl, 0, k, g));
}

/* The legend and the mode: the title line's right side. */
static void title_words(const view *v, char *buf, size_t len)
{
	legend(v, buf, len);
	if (v->mode[0])
		snprintf(buf + strlen(buf), len - strlen(buf), "%s%s", buf[0] ? "  " : "", v->mode);
}

static void draw_title(view *v)
{
	if (!v->title)
		return;
	char right[200];
	move(0, 0);
	clrtoeol();
	attrset(A_BOLD | pair_attr(v, PAIR_TITLE));
	mvaddstr(0, 1, "Lights Out");
	attrset(A_NORMAL);
	title_words(v, right, sizeof right);
	int x = COLS - 1 - utf8_cols(right);
	if (right[0] && x > 12)
		put_cut(v->gl, 0, x, right);
	else if (v->mode[0] && COLS - 1 - utf8_cols(v->mode) > 12)
		put_cut(v->gl, 0, COLS - 1 - utf8_cols(v->mode), v->mode);
}

static void format_clock(char *buf, size_t len, long s)
{
	if (s >= 3600)
		snprintf(buf, len, "%ld:%02ld:%02ld", s / 3600, s / 60 % 60, s % 60);
	else
		snprintf(buf, len, "%ld:%02ld", s / 60, s % 60);
}

static void format_par(const game *g, char *buf, size_t len)
{
	if (!g->solvable)
		snprintf(buf, len, "none");
	else if (g->par < 0)
		snprintf(buf, len, "?");
	else
		snprintf(buf, len, "%s%d", g->par_proven ? "" : "<=", g->par);
}

/* The status line's words, padded to the clock at the right edge. */
static void status_line(view *v, double now, char *line, size_t size)
{
	const game *g = v->g;
	const char *d = v->gl->dot;
	char par[16], clock[32];
	size_t len = size;
	long secs = (long)game_elapsed(g, now);
	format_par(g, par, sizeof par);
	format_clock(clock, sizeof clock, secs);
	if (v->what == VIEW_INFO)
		snprintf(line, len, " %s", v->info);
	else if (v->what == VIEW_EDIT)
		snprintf(line, len, " Editing %s %.20s%s %dx%d %s k=%d %s %d lit", d, g->rule.name,
			 g->rule.torus ? " torus" : "", g->cur->rows, g->cur->cols, d, g->cur->k, d,
			 board_count_nonzero(g->cur));
	else if (v->ov && v->ov->shown && g->won) {
		/* No plan left to tell: what it took ("needs 0 presses" was true
		 * of nothing the player could do). */
		int moves = game_moves(g);
		snprintf(line, len, " Cleared in %d press%s (par %s)", moves, moves == 1 ? "" : "es", par);
	} else if (v->ov && v->ov->shown) {
		/* The plan replaces the rule and size: they fit no more. */
		char plan[128];
		info_plan(v->ov, v->gl, now, plan, sizeof plan);
		snprintf(line, len, " Moves %d %s Par %s %s %s", game_moves(g), d, par, d, plan);
	} else {
		/* The rule in a player's word ("classic", "diagonals"), a mask or
		 * a random board by its name, a graph by its file's; k in words,
		 * and only when the cells are more than lights. */
		const rule_entry *e = rule_entry_find(g->rule.name);
		const char *name = e && e->word && !(e->flags & RULE_PREFIX) ? e->word : g->rule.name;
		if (g->cfg.v.graph && v->graph_name[0] && g->cfg.v.graph->digest == v->graph_digest)
			name = v->graph_name;
		char states[32] = "";
		if (g->cur->k == 4)	/* drawn as arrows that turn: named so */
			snprintf(states, sizeof states, " %s arrows", d);
		else if (g->cur->k > 2)
			snprintf(states, sizeof states, " %s %d colours", d, g->cur->k);
		snprintf(line, len, " Moves %d %s Par %s %s %.20s%s %dx%d%s", game_moves(g), d, par, d, name,
			 g->rule.torus ? " torus" : "", g->cur->rows, g->cur->cols, states);
	}
	if (v->rung > 0 && v->what == VIEW_PLAY)
		snprintf(line + strlen(line), len - strlen(line), " %s Rung %d", d, v->rung);
	if (v->who[0] && v->what == VIEW_PLAY)
		snprintf(line + strlen(line), len - strlen(line), " %s %s", d, v->who);
	/* One character a cell: the cursor's place in words too. */
	if (v->rulers)
		snprintf(line + strlen(line), len - strlen(line), " %s row %d col %d", d, v->cr + 1, v->cc + 1);
	/* Clock at the right edge; the whole line rewritten, curses sends only
	 * the characters that differ. */
	int pad = COLS - utf8_cols(line) - (int)strlen(clock) - 1;
	if (v->what == VIEW_PLAY && pad > 0 && (size_t)pad < len - strlen(line) - strlen(clock) - 2)
		snprintf(line + strlen(line), len - strlen(line), "%*s%s ", pad, "", clock);
}

/* The status line, when its words differ from those drawn. */
static void frame_status(view *v, double now)
{
	char line[sizeof v->ds.status];
	status_line(v, now, line, sizeof line);
	if (strcmp(line, v->ds.status) == 0)
		return;
	snprintf(v->ds.status, sizeof v->ds.status, "%s", line);
	attrset(pair_attr(v, PAIR_STATUS) | (v->color ? A_NORMAL : A_REVERSE));
	move(LINES - 1, 0);
	clrtoeol();
	put_cut(v->gl, LINES - 1, 0, line);
	attrset(A_NORMAL);
}

void draw_message(view *v, const char *msg)
{
	if (msg != v->msg)
		snprintf(v->msg, sizeof v->msg, "%s", msg ? msg : "");
	if (v->too_small)
		return;
	move(LINES - 2, 0);
	clrtoeol();
	if (v->msg[0]) {
		attrset(A_BOLD);
		put_cut(v->gl, LINES - 2, 1, v->msg);
	} else if (v->keys) {
		/* The bottom bar: the goal, then the screen's own rows that name
		 * themselves.  Short of room the goal goes first, then the higher
		 * ranks; the help and quit keys stay down to 20 columns (as htop's
		 * F1 and F10). */
		char bar[300];
		static const int ranks[7] = { 3, 2, 1, 3, 2, 1, 0 };	/* 0: help and quit alone */
		for (int step = 0; step < 7; step++) {
			int most = ranks[step];
			bool goal = step < 3 && v->what == VIEW_PLAY, last = most == 0;
			size_t n = 0;
			bar[0] = '\0';
			if (goal)
				n = (size_t)snprintf(bar, sizeof bar, "%s", v->g->cur->k == 2 ? "Goal: all lights off"
											: "Goal: every cell 0");
			for (const key_row *r = v->keys; (r->run || r->names_utf8) && n < sizeof bar; r++) {
				bool always = r->keys[0] == '?' || r->keys[0] == 'q';
				if (r->bar && (last ? always && r->bar_rank <= 1 : r->bar_rank <= most))
					n += (size_t)snprintf(bar + n, sizeof bar - n, "%s%s", n ? v->gl->dot : "", r->bar);
			}
			if (utf8_cols(bar) <= COLS - 2 || last)
				break;
		}
		attrset(A_DIM);
		put_cut(v->gl, LINES - 2, 1, bar);
	}
	attrset(A_NORMAL);
}

/* The message shortens to fit, down to a 1x1 terminal: never cut. */
static void draw_too_small(view *v)
{
	int cols, lines;
	char need[32], full[160], a[96], b[64];
	min_size(v, &cols, &lines);
	snprintf(need, sizeof need, "%dx%d", cols, lines);
	/* The sizes in words, now and needed, and the way out. */
	snprintf(full, sizeof full, "The terminal is %dx%d and this board needs %s: enlarge it, or press q.", COLS,
		 LINES, need);
	snprintf(a, sizeof a, "terminal too small %s need %s", v->gl->dash, need);
	snprintf(b, sizeof b, "too small: %s", need);
	const char *tries[] = { full, a, b, need, "small", "!" };
	for (size_t i = 0; i < sizeof tries / sizeof tries[0]; i++) {
		int len = utf8_cols(tries[i]), y = LINES / 2, x = (COLS - len) / 2;
		if (len <= COLS) {
			/* Terminals keep their bottom right cell from curses (a
			 * write there would scroll): one line up where there is
			 * one.  A 1x1 terminal stays blank until it grows. */
			if (y == LINES - 1 && x + len == COLS)
				y = y > 0 ? y - 1 : y;
			mvaddnstr(y, x, tries[i], -1);
			return;
		}
	}
}

#define DRAW_EDGES_MAX 2000	/* press-set entries of a graph whose edges are drawn */

/* A graph's edges, drawn once under its vertices (a frame redraws only a
 * vertex's own box, so they stay): a line of box characters from centre to
 * centre for each pair where one presses the other, off the two boxes.
 * Where cells have room around them: not at one character a cell. */
static void draw_edges(view *v)
{
	const graph *g = v->g->rule.graph;
	if (v->g->rule.kind != RULE_GRAPH || !g || !g->crow || v->cw < 3 || own_patterns(v))
		return;	/* a board of own patterns draws each in its tile instead */
	/* A graph dense enough to be a blur of lines says nothing by them,
	 * and a hostile one would cost a redraw n^2 lines: none past this. */
	if (g->start[g->n] > DRAW_EDGES_MAX)
		return;
	const char *h = v->gl->utf8 ? "\u2500" : "-", *vt = v->gl->utf8 ? "\u2502" : "|";
	const char *down = v->gl->utf8 ? "\u2572" : "\\", *up = v->gl->utf8 ? "\u2571" : "/";
	/* A vertex's box: its tile, or its three columns. */
	int bh = v->scale ? v->ch - 1 : 1, bw = v->scale ? v->cw - 1 : 3, cols = v->g->cur->cols;
	attrset(A_DIM | pair_attr(v, PAIR_FRAME));
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
			cell_origin(v, i / cols, i % cols, &ty0, &tx0);
			cell_origin(v, j / cols, j % cols, &ty1, &tx1);
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

void draw_all(view *v, double now)
{
	erase();
	frame_forget(v);
	if (v->too_small) {
		draw_too_small(v);
		return;
	}
	draw_title(v);
	draw_border(v);
	draw_edges(v);
	v->ds.now = now;
	frame_sets(v);
	frame_cells(v);
	draw_message(v, v->msg);
	frame_status(v, now);
}

void draw_frame(view *v, double now)
{
	if (v->too_small)
		return;
	draw_follow(v);
	if (v->vr != v->ds.vr || v->vc != v->ds.vc || !v->ds.keys) {
		draw_all(v, now);	/* scrolled: every cell moved */
		return;
	}
	v->ds.now = now;
	frame_sets(v);
	frame_cells(v);
	frame_status(v, now);
}

/* The celebration: on the title line and the message line, so the board
 * it celebrates stays in view. */
void draw_win(view *v, double now)
{
	if (v->too_small)
		return;
	const game *g = v->g;
	char line[200], clock[32], par[16];
	format_clock(clock, sizeof clock, (long)game_elapsed(g, now));
	format_par(g, par, sizeof par);
	int moves = game_moves(g);
	bool perfect = g->par >= 0 && moves <= g->par && !v->assisted;
	snprintf(line, sizeof line, "%s Solved! %d move%s%s par %s%s (%s)%s %s", v->gl->star, moves,
		 moves == 1 ? "" : "s", perfect ? ":" : ",", par, perfect ? ", perfect!" : "", clock,
		 v->assisted ? ", assisted: no record" : "", v->gl->star);
	int y = v->title ? 0 : LINES - 2, len = utf8_cols(line);
	move(y, 0);
	clrtoeol();
	attrset(A_BOLD | pair_attr(v, PAIR_WIN));
	put_cut(v->gl, y, len < COLS ? (COLS - len) / 2 : 0, line);
	attrset(A_NORMAL);
	if (v->title && v->ranking[0]) {
		char msg[sizeof v->msg];
		snprintf(msg, sizeof msg, "Solved!  %.90s (L)  n new board  r restart  q quit", v->ranking);
		draw_message(v, msg);
	} else if (v->title)
		draw_message(v, "Solved!  n new board  r restart  q quit");
}

/* The help's lines at this width: each row's keys, then its label wrapped
 * at spaces under itself, never cut.  With draw, lines from `top` are
 * drawn from screen line 1 to the footer; returns the number of lines. */
static int help_walk(const view *v, const key_row *rows, int top, bool draw)
{
	int indent = 19, width = COLS - 3 - indent - 1, n = 0;
	if (width < 12) {	/* narrow: the label under its keys */
		indent = 2;
		width = COLS - 3 - indent - 1 > 8 ? COLS - 3 - indent - 1 : 8;
	}
	for (const key_row *k = rows; k->run || k->names_utf8; k++) {
		if (!k->names_utf8)
			continue;
		const char *keys = v->gl->utf8 ? k->names_utf8 : k->names_ascii, *p = k->label;
		char own_keys[64], own_label[160];
		if (k->bar_rank == ROW_SUSPEND && v->no_suspend) {
			/* Ctrl-Z is refused here: its part of the row goes. */
			const char *comma = strrchr(keys, ','), *semi = strrchr(p, ';');
			snprintf(own_keys, sizeof own_keys, "%.*s", comma ? (int)(comma - keys) : 63, keys);
			snprintf(own_label, sizeof own_label, "%.*s", semi ? (int)(semi - p) : 159, p);
			keys = own_keys;
			p = own_label;
		}
		bool under = indent == 2;
		char line[300];
		snprintf(line, sizeof line, "%s%*s %s ", keys, under ? 0 : 16 - utf8_cols(keys), "",
			 under ? "" : v->gl->dash);
		if (under) {
			if (draw && n >= top && 1 + n - top < LINES - 1)
				put_clipped(1 + n - top, 3, line);
			n++;
		}
		while (*p) {
			/* As many words as fit in width columns (a longer word is cut
			 * only when it alone is wider than the line). */
			int take = 0, cols = 0, last_space = -1;
			for (const char *q = p; *q; q++) {
				if ((*q & 0xc0) != 0x80 && ++cols > width)
					break;
				if (*q == ' ')
					last_space = (int)(q - p);
				take = (int)(q - p) + 1;
			}
			if (p[take] && last_space > 0)
				take = last_space;
			size_t used = strlen(line);
			snprintf(line + used, sizeof line - used, "%.*s", take, p);
			if (draw && n >= top && 1 + n - top < LINES - 1)
				put_clipped(1 + n - top, 3, line);
			n++;
			p += take;
			while (*p == ' ')
				p++;
			snprintf(line, sizeof line, "%*s", indent, "");
		}
	}
	return n;
}

int draw_help_lines(const view *v, const key_row *rows)
{
	return help_walk(v, rows, 0, false);
}

void draw_help(view *v, const key_row *rows, int top)
{
	char title[96];
	erase();
	/* The goal shares the title line: the key table needs every other one. */
	snprintf(title, sizeof title, "Lights Out %s keys", v->gl->dash);
	attrset(A_BOLD | pair_attr(v, PAIR_TITLE));
	put_clipped(0, 1, title);
	attrset(A_NORMAL);
	put_cut(v->gl, 0, 2 + utf8_cols(title), "  Clear the board: every light off (every cell 0).");
	int total = help_walk(v, rows, top, true);
	attrset(A_DIM);
	put_cut(v->gl, LINES - 1, 1, top > 0 || total > LINES - 2 ? "Enter: how to play; Up/Down scroll; other keys: back."
							     : "Enter: how to play.  Any other key returns to the game.");
	attrset(A_NORMAL);
}

void draw_page(view *v, const char *title, char *const *lines, int n, int top, int left, const char *footer)
{
	erase();
	attrset(A_BOLD | pair_attr(v, PAIR_TITLE));
	put_clipped(0, 1, title);
	attrset(A_NORMAL);
	for (int y = 2, i = top; y < LINES - 1 && i < n; y++, i++) {
		const char *p = lines[i];
		/* Skip `left` characters, not bytes. */
		for (int skip = left; *p && skip > 0; skip--)
			do
				p++;
			while (((unsigned char)*p & 0xc0) == 0x80);
		put_clipped(y, 1, p);
	}
	attrset(A_DIM);
	/* A footer too long for the window says the same in fewer words. */
	put_cut(v->gl, LINES - 1, 1, utf8_cols(footer) <= COLS - 2 ? footer : "Arrows scroll; other keys: back");
	attrset(A_NORMAL);
}
