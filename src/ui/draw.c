#include "ui/draw.h"

#include <curses.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/boardio.h"
#include "ui/info.h"
#include "ui/screen.h"
#include "engine/search.h"

#define CELL_W 3		/* " X " or "[X]": room for the cursor's brackets */

enum { PAIR_ON = 1, PAIR_FRAME, PAIR_TITLE, PAIR_WIN, PAIR_STATUS, PAIR_MARK, PAIR_CERT, PAIR_VALUE };
#define PALETTE 6
static const short palette[PALETTE] = { COLOR_YELLOW, COLOR_GREEN, COLOR_CYAN, COLOR_MAGENTA, COLOR_RED, COLOR_BLUE };

bool draw_colors_init(bool enable)
{
	if (!enable || !has_colors() || start_color() == ERR)
		return false;
	short bg = COLOR_BLACK;
	if (use_default_colors() == OK)
		bg = -1;	/* keep the user's background */
	init_pair(PAIR_ON, COLOR_YELLOW, bg);
	init_pair(PAIR_FRAME, COLOR_BLUE, bg);
	init_pair(PAIR_TITLE, COLOR_CYAN, bg);
	init_pair(PAIR_WIN, COLOR_GREEN, bg);
	init_pair(PAIR_STATUS, COLOR_BLACK, COLOR_CYAN);
	init_pair(PAIR_MARK, COLOR_MAGENTA, bg);
	init_pair(PAIR_CERT, COLOR_RED, bg);
	for (int i = 0; i < PALETTE; i++)
		init_pair((short)(PAIR_VALUE + i), palette[i], bg);
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

static attr_t pair_attr(const view *v, int pair)
{
	return v->color ? (attr_t)COLOR_PAIR(pair) : A_NORMAL;
}

void draw_layout(view *v)
{
	const board *b = v->g->cur;
	v->too_small = LINES < DRAW_MIN_LINES || COLS < DRAW_MIN_COLS;
	if (v->too_small)
		return;
	/* Title above, message and status below, a frame around. */
	int avail_h = LINES - 5, avail_w = (COLS - 2) / CELL_W;
	v->nr = b->rows < avail_h ? b->rows : avail_h;
	v->nc = b->cols < avail_w ? b->cols : avail_w;
	v->top = 2 + (avail_h - v->nr) / 2;
	v->left = 1 + (COLS - 2 - CELL_W * v->nc) / 2;
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

static attr_t cell_attr(const view *v, int val)
{
	int k = v->g->cur->k;
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

/* A cell is three columns: the symbol between two brackets.  The cursor's
 * are [ ]; a mark's are ( ) for k = 2 (! ! for a certificate), and for
 * k > 2 the direction and the count, "+S2": press forward twice.  On a
 * marked cell the cursor is reverse video only. */
static void draw_cell_flash(view *v, int row, int col, bool flash)
{
	if (v->too_small || row < v->vr || row >= v->vr + v->nr || col < v->vc || col >= v->vc + v->nc)
		return;
	const board *b = v->g->cur;
	int val = board_get(b, row, col);
	bool here = row == v->cr && col == v->cc, cert;
	int mark = cell_mark(v, row * b->cols + col, &cert);
	char buf[2], left[2] = " ", right[2] = " ";
	const char *sym = glyphs_cell(v->gl, val, b->k, buf);
	int y = v->top + row - v->vr, x = v->left + CELL_W * (col - v->vc);
	attr_t a = cell_attr(v, val), frame = A_NORMAL;
	if (mark && b->k == 2) {
		left[0] = cert ? '!' : '(';
		right[0] = cert ? '!' : ')';
	} else if (mark) {
		left[0] = cert ? '*' : mark > 0 ? '+' : '-';
		right[0] = boardio_symbol(mark > 0 ? mark : -mark);
	} else if (here) {
		left[0] = '[';
		right[0] = ']';
	}
	if (mark)
		frame = A_BOLD | pair_attr(v, cert ? PAIR_CERT : PAIR_MARK);
	if (here || flash) {
		a = (a & ~A_DIM) | A_REVERSE;
		frame = A_REVERSE | A_BOLD;
	}
	attrset(frame);
	mvaddstr(y, x, left);
	attrset(a);
	addstr(sym);
	attrset(frame);
	addstr(right);
	attrset(A_NORMAL);
}

void draw_cell(view *v, int row, int col)
{
	draw_cell_flash(v, row, col, false);
}

void draw_flash(view *v, int row, int col, bool on)
{
	const board *b = v->g->cur;
	int *cells = malloc(sizeof *cells * (size_t)rule_max_cells(&v->g->rule, b->rows, b->cols));
	if (!cells)
		return;
	int n = rule_neighbours(&v->g->rule, b->rows, b->cols, row, col, cells);
	for (int i = 0; i < n; i++)
		draw_cell_flash(v, cells[i] / b->cols, cells[i] % b->cols, on);
	free(cells);
}

void draw_marks(view *v)
{
	if (v->too_small)
		return;
	for (int r = v->vr; r < v->vr + v->nr; r++)
		for (int c = v->vc; c < v->vc + v->nc; c++)
			draw_cell(v, r, c);
}

void draw_press(view *v, int row, int col)
{
	draw_flash(v, row, col, false);	/* the changed cells, unlit */
}

bool draw_cell_at(const view *v, int y, int x, int *row, int *col)
{
	int r = v->vr + y - v->top, dx = x - v->left;
	if (v->too_small || r < v->vr || r >= v->vr + v->nr || dx < 0 || dx >= CELL_W * v->nc)
		return false;
	*row = r;
	*col = v->vc + dx / CELL_W;
	return true;
}

static void hline_str(int y, int x, int n, const char *s)
{
	move(y, x);
	for (int i = 0; i < n; i++)
		addstr(s);
}

static void draw_frame(view *v)
{
	const glyphs *gl = v->gl;
	int y0 = v->top - 1, y1 = v->top + v->nr, x0 = v->left - 1, x1 = v->left + CELL_W * v->nc;
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
		mvaddstr(y0 + 1 + v->nr / 2, x0, gl->arrows[3]);
	if (v->vc + v->nc < b->cols)
		mvaddstr(y0 + 1 + v->nr / 2, x1, gl->arrows[1]);
	attrset(A_NORMAL);
}

static void draw_title(view *v)
{
	move(0, 0);
	clrtoeol();
	attrset(A_BOLD | pair_attr(v, PAIR_TITLE));
	mvaddstr(0, 1, "Lights Out");
	attrset(A_NORMAL);
	int x = COLS - 1 - utf8_cols(v->mode);
	if (v->mode[0] && x > 12)
		put_clipped(0, x, v->mode);
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

void draw_status(view *v, double now)
{
	if (v->too_small)
		return;
	const game *g = v->g;
	const char *d = v->gl->dot;
	char par[16], clock[32], line[512];
	long secs = (long)game_elapsed(g, now);
	format_par(g, par, sizeof par);
	format_clock(clock, sizeof clock, secs);
	v->shown_secs = secs;
	if (v->what == VIEW_INFO)
		snprintf(line, sizeof line, " %s", v->info);
	else if (v->what == VIEW_EDIT)
		snprintf(line, sizeof line, " Editing %s %.20s%s %dx%d %s k=%d %s %d lit", d, g->rule.name,
			 g->rule.torus ? " torus" : "", g->cur->rows, g->cur->cols, d, g->cur->k, d,
			 board_count_nonzero(g->cur));
	else if (v->ov && v->ov->shown) {
		/* The plan replaces the rule and size: they fit no more. */
		char plan[128];
		info_plan(v->ov, v->gl, now, plan, sizeof plan);
		snprintf(line, sizeof line, " Moves %d %s Par %s %s %s %s nullity %d", game_moves(g), d, par, d, plan, d,
			 system_nullity(g->sys));
	} else
		snprintf(line, sizeof line, " Moves %d %s Par %s %s %.20s%s %dx%d %s k=%d", game_moves(g), d, par, d,
			 g->rule.name, g->rule.torus ? " torus" : "", g->cur->rows, g->cur->cols, d, g->cur->k);
	if (v->rung > 0 && v->what == VIEW_PLAY)
		snprintf(line + strlen(line), sizeof line - strlen(line), " %s Rung %d", d, v->rung);
	/* Clock at the right edge; the whole line rewritten, curses sends only
	 * the characters that differ. */
	int pad = COLS - utf8_cols(line) - (int)strlen(clock) - 1;
	if (v->what == VIEW_PLAY && pad > 0 && (size_t)pad < sizeof line - strlen(line) - strlen(clock) - 2)
		snprintf(line + strlen(line), sizeof line - strlen(line), "%*s%s ", pad, "", clock);
	attrset(pair_attr(v, PAIR_STATUS) | (v->color ? A_NORMAL : A_REVERSE));
	move(LINES - 1, 0);
	clrtoeol();
	put_clipped(LINES - 1, 0, line);
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
		put_clipped(LINES - 2, 1, v->msg);
	} else if (v->keys) {
		/* The bottom bar: the screen's own rows that name themselves. */
		char bar[256] = "";
		size_t n = 0;
		for (const key_row *r = v->keys; (r->run || r->names_utf8) && n < sizeof bar; r++)
			if (r->bar)
				n += (size_t)snprintf(bar + n, sizeof bar - n, "%s%s", n ? v->gl->dot : "", r->bar);
		attrset(A_DIM);
		put_clipped(LINES - 2, 1, bar);
	}
	attrset(A_NORMAL);
}

static void draw_too_small(view *v)
{
	char line[96];
	snprintf(line, sizeof line, "terminal too small %s need %dx%d", v->gl->dash, DRAW_MIN_COLS, DRAW_MIN_LINES);
	int x = (COLS - utf8_cols(line)) / 2;
	put_clipped(LINES / 2, x < 0 ? 0 : x, line);
}

void draw_all(view *v, double now)
{
	erase();
	if (v->too_small) {
		draw_too_small(v);
		return;
	}
	draw_title(v);
	draw_frame(v);
	for (int r = v->vr; r < v->vr + v->nr; r++)
		for (int c = v->vc; c < v->vc + v->nc; c++)
			draw_cell(v, r, c);
	draw_message(v, v->msg);
	draw_status(v, now);
}

void draw_win(view *v, double now)
{
	if (v->too_small)
		return;
	const game *g = v->g;
	char l1[64], l2[96], l3[96], clock[32], par[16];
	format_clock(clock, sizeof clock, (long)game_elapsed(g, now));
	format_par(g, par, sizeof par);
	int moves = game_moves(g);
	snprintf(l1, sizeof l1, "%s  Solved!  %s", v->gl->star, v->gl->star);
	if (g->par >= 0 && moves <= g->par)
		snprintf(l2, sizeof l2, "%d move%s: par %s, perfect! (%s)", moves, moves == 1 ? "" : "s", par, clock);
	else
		snprintf(l2, sizeof l2, "%d move%s, par %s (%s)", moves, moves == 1 ? "" : "s", par, clock);
	snprintf(l3, sizeof l3, "n new board  r restart  q quit");
	int w = 36, h = 5;
	if (w > COLS - 2)
		w = COLS - 2;
	int y = (LINES - h) / 2, x = (COLS - w) / 2;
	attrset(A_BOLD | pair_attr(v, PAIR_WIN));
	for (int i = 0; i < h; i++) {
		move(y + i, x);
		for (int j = 0; j < w; j++)
			addch(i == 0 || i == h - 1 ? '=' : ' ');
	}
	const char *lines[3] = { l1, l2, l3 };
	for (int i = 0; i < 3; i++) {
		int len = utf8_cols(lines[i]);
		put_clipped(y + 1 + i, len > w ? x : x + (w - len) / 2, lines[i]);
	}
	attrset(A_NORMAL);
	draw_message(v, "Solved! n new board, r restart, q quit");
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
	put_clipped(0, 2 + utf8_cols(title), "  Clear the board: every light off (every cell 0).");
	int y = 1, i = 0, total = 0;
	for (const key_row *k = rows; k->run || k->names_utf8; k++)
		total += k->names_utf8 != NULL;
	for (const key_row *k = rows; (k->run || k->names_utf8) && y < LINES - 1; k++) {
		if (!k->names_utf8 || i++ < top)
			continue;
		const char *keys = v->gl->utf8 ? k->names_utf8 : k->names_ascii;
		char line[200];
		/* Pad by columns, not bytes: the arrows are 3 bytes each. */
		snprintf(line, sizeof line, "%s%*s %s %s", keys, 16 - utf8_cols(keys), "", v->gl->dash, k->label);
		move(y, 3);
		clrtoeol();
		put_clipped(y, 3, line);
		y++;
	}
	attrset(A_DIM);
	put_clipped(LINES - 1, 1, top > 0 || total > LINES - 2 ? "Up/Down scroll; any other key returns to the game."
							     : "Press any key to return to the game.");
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
	put_clipped(LINES - 1, 1, footer);
	attrset(A_NORMAL);
}
