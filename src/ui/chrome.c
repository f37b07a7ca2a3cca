/* Everything on screen but the board's cells: the title line, the frame
 * and its rulers, the status and message lines (the key bar), the win's
 * line, the too-small screen, the help and whole-screen pages, and the
 * prose cut to fit on each. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "formats/lang.h"
#include "i18n.h"
#include "ui/draw_parts.h"
#include "ui/info.h"
#include "ui/screen.h"

/* Display columns of a UTF-8 string (a translation's too: wide letters
 * take two). */
int chrome_cols(const char *s)
{
	return text_cols(s);
}

/* Write s at (y, x) cut at the right edge: curses would wrap it instead. */
static void chrome_put_clipped(int y, int x, const char *s)
{
	int room = COLS - x;
	if (room <= 0 || y < 0 || y >= LINES)
		return;
	mvaddnstr(y, x, s, (int)text_fit(s, room));
}

int draw_wrapped(int y, int x, int indent, int last, const char *s)
{
	int rows = 0;
	const char *p = s;
	while (*p && y + rows <= last) {
		int at = x + (rows ? indent : 0), room = COLS - at - 1;
		const char *q = p + text_fit(p, room > 0 ? room : 0);
		/* Past the line's end: break at its last space (or between
		 * Chinese characters), or inside a word too long for any line;
		 * a wide character never in half. */
		size_t brk = *q ? text_break(p, (size_t)(q - p)) : 0;
		const char *end = brk > 0 ? p + brk : q;
		if (end == p && *p && room > 0)
			for (end = p + 1; ((unsigned char)*end & 0xc0) == 0x80; end++)
				;
		if (room > 0)
			mvaddnstr(y + rows, at, p, (int)(end - p));
		rows++;
		p = end;
		while (*p == ' ')
			p++;
		if (room <= 0)
			break;
	}
	return rows;
}

/* Prose at (y, x) that may not fit: cut after the last whole word that
 * fits with an ellipsis after it ("Clear the board: ev" said nothing). */
static void chrome_put_cut(const glyphs *gl, int y, int x, const char *s)
{
	int room = COLS - x, ew = gl->utf8 ? 1 : 3;
	if (chrome_cols(s) <= room || room <= ew + 1) {
		chrome_put_clipped(y, x, s);
		return;
	}
	const char *p = s + text_fit(s, room - ew), *word_end = s + text_break(s, (size_t)(p - s));
	while (word_end > s && word_end[-1] == ' ')
		word_end--;
	/* A single word too long for the line is cut inside it (Chinese
	 * between two characters). */
	const char *end = word_end > s ? word_end : p;
	if (y < 0 || y >= LINES || room <= 0)
		return;
	mvaddnstr(y, x, s, (int)(end - s));
	addstr(gl->utf8 ? "\u2026" : "...");
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
		/* TRANSLATORS: after the legend of k symbols ("·=0 1=1 2=2"); %s is the symbol of state 0. */
		snprintf(buf + n, len - (size_t)n, _("  goal: all %s"), glyphs_cell(v->gl, 0, k, g));
}

/* The mode as the title says it: the snapshot's daily board or ladder,
 * or a watched game's own words. */
static void mode_words(const view *v, char *buf, size_t len)
{
	buf[0] = '\0';
	if (v->title[0])
		snprintf(buf, len, "%s", v->title);
	else if (v->sv.mode == PLAY_DAILY && v->sv.daily)
		/* TRANSLATORS: the title line's mode; %s is a date, 2026-11-27. */
		snprintf(buf, len, _("daily %s"), v->sv.daily);
	else if (v->sv.mode == PLAY_LADDER)
		snprintf(buf, len, "%s", _("practice ladder"));
}

/* The legend and the mode: the title line's right side. */
static void title_words(const view *v, char *buf, size_t len)
{
	char mode[80];
	legend(v, buf, len);
	mode_words(v, mode, sizeof mode);
	if (mode[0])
		snprintf(buf + strlen(buf), len - strlen(buf), "%s%s", buf[0] ? "  " : "", mode);
}

/* A game kept apart from the saved one says so on the title line until
 * the first move, not over the key bar. */
static bool aside_shown(const view *v)
{
	return v->sv.aside && v->sv.aside[0] && v->g && !game_touched(v->g) && COLS - 14 >= text_cols(v->sv.aside);
}

/* A screen reader's separator is a comma after a word, not " , ": the
 * lines built with the glyphs' dot between spaces lose the first space. */
static void commas(char *line)
{
	char *w = line;
	for (const char *r = line; *r; r++) {
		if (r[0] == ' ' && r[1] == ',' && r[2] == ' ')
			r++;
		*w++ = *r;
	}
	*w = '\0';
}

static void hline_str(int y, int x, int n, const char *s)
{
	move(y, x);
	for (int i = 0; i < n; i++)
		addstr(s);
}

void draw_box(const glyphs *gl, int y, int x, int h, int w)
{
	/* The board's own line drawing: Unicode box, or ASCII in ASCII mode. */
	const char *hz = gl->utf8 ? "\u2500" : "-", *vt = gl->utf8 ? "\u2502" : "|";
	const char *corner[4] = { gl->utf8 ? "\u250c" : "+", gl->utf8 ? "\u2510" : "+", gl->utf8 ? "\u2514" : "+",
				  gl->utf8 ? "\u2518" : "+" };
	if (gl->reader)
		hz = vt = corner[0] = corner[1] = corner[2] = corner[3] = " ";	/* blank: the box's words alone */
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

void chrome_border(view *v)
{
	const glyphs *gl = v->gl;
	if (gl->reader)
		return;	/* lines a screen reader would speak, and the status line says the size */
	int y0 = v->lay.top - 1, y1 = v->lay.top + v->lay.ph, x0 = v->lay.left - 1, x1 = v->lay.left + v->lay.pw;
	int w = x1 - x0 - 1;
	const board *b = v->g->cur;
	attrset(theme_attr(v, PAIR_FRAME));
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
	attrset(A_BOLD | theme_attr(v, PAIR_TITLE));
	if (v->lay.vr > 0)
		mvaddstr(y0, x0 + 1 + w / 2, gl->arrows[0]);
	if (v->lay.vr + v->lay.nr < b->rows)
		mvaddstr(y1, x0 + 1 + w / 2, gl->arrows[2]);
	if (v->lay.vc > 0)
		mvaddstr(y0 + 1 + (y1 - y0 - 1) / 2, x0, gl->arrows[3]);
	if (v->lay.vc + v->lay.nc < b->cols)
		mvaddstr(y0 + 1 + (y1 - y0 - 1) / 2, x1, gl->arrows[1]);
	attrset(A_NORMAL);
	if (!v->lay.title || aside_shown(v)) {
		/* No title line, or the note has its right side: the legend and
		 * the mode on the frame's top. */
		char words[200];
		title_words(v, words, sizeof words);
		int len = chrome_cols(words);
		if (words[0] && len + 4 <= w) {
			attrset(A_BOLD | theme_attr(v, PAIR_TITLE));
			mvprintw(y0, x0 + 1 + (w - len - 2) / 2, " %s ", words);
			attrset(A_NORMAL);
		}
	}
	if (!v->lay.rulers)
		return;
	/* Compact boards: column numbers every ten above, row numbers every
	 * five at the left (the cursor's place is on the status line). */
	attrset(A_DIM);
	move(y0 - 1, 0);
	clrtoeol();
	for (int c = v->lay.vc; c < v->lay.vc + v->lay.nc; c++) {
		char num[16];
		int n = snprintf(num, sizeof num, "%d", c + 1), x = v->lay.left + c - v->lay.vc;
		if ((c + 1) % 10 == 0 && x - n + 1 >= v->lay.left)
			mvaddstr(y0 - 1, x - n + 1, num);
		else if ((c + 1) % 5 == 0)
			mvaddstr(y0 - 1, x, gl->utf8 ? "\u00b7" : ".");
	}
	for (int r = v->lay.vr; r < v->lay.vr + v->lay.nr; r++)
		if ((r + 1) % 5 == 0 || r == v->lay.vr)
			mvprintw(v->lay.top + r - v->lay.vr, 0, "%*d", v->lay.gutter - 1, r + 1);
	attrset(A_NORMAL);
}

void chrome_title(view *v)
{
	if (!v->lay.title)
		return;
	char right[200], mode[80];
	mode_words(v, mode, sizeof mode);
	move(0, 0);
	clrtoeol();
	attrset(A_BOLD | theme_attr(v, PAIR_TITLE));
	/* notext: the game's name */
	mvaddstr(0, 1, "Lights Out");
	attrset(A_NORMAL);
	title_words(v, right, sizeof right);
	/* A game kept apart from the saved one says so here until the
	 * first move, not over the key bar (the legend and mode then go on
	 * the frame's top). */
	if (aside_shown(v))
		snprintf(right, sizeof right, "%s", v->sv.aside);
	int x = COLS - 1 - chrome_cols(right);
	if (right[0] && x > 12)
		chrome_put_cut(v->gl, 0, x, right);
	else if (mode[0] && COLS - 1 - chrome_cols(mode) > 12)
		chrome_put_cut(v->gl, 0, COLS - 1 - chrome_cols(mode), mode);
}

static void format_clock(char *buf, size_t len, long s)
{
	/* notext: a clock */
	if (s >= 3600)
		snprintf(buf, len, "%ld:%02ld:%02ld", s / 3600, s / 60 % 60, s % 60);
	else /* notext: a clock */
		snprintf(buf, len, "%ld:%02ld", s / 60, s % 60);
}

static void format_par(const game *g, char *buf, size_t len)
{
	if (!g->solvable)
		snprintf(buf, len, "%s", C_("par", "none"));
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
	/* In a race the rival's progress is what stays, before the plan's
	 * words, which are cut first. */
	bool racing = v->who[0] && v->sv.race && v->sv.race->phase == RACE_ON && v->ov && v->ov->shown;
	format_par(g, par, sizeof par);
	format_clock(clock, sizeof clock, secs);
	if (v->what == VIEW_INFO)
		snprintf(line, len, " %s", v->info);
	else if (v->what == VIEW_EDIT)
		/* TRANSLATORS: the editor's status line: a dot, the rule's name,
		 * " torus" or nothing, rows x columns, a dot, k, a dot, the cells
		 * not 0. */
		snprintf(line, len, _(" Editing %s %.20s%s %dx%d %s %d states %s %d lit"), d, g->rule.name,
			 g->rule.torus ? _(" torus") : "", g->cur->rows, g->cur->cols, d, g->cur->k, d,
			 board_count_nonzero(g->cur));
	else if (v->ov && v->ov->shown && g->won) {
		/* No plan left to tell: what it took ("needs 0 presses" was true
		 * of nothing the player could do). */
		int moves = game_moves(g);
		snprintf(line, len, P_(" Cleared in %d press (par %s)", " Cleared in %d presses (par %s)", moves), moves,
			 par);
	} else if (v->ov && v->ov->shown) {
		/* The plan replaces the rule and size: they fit no more. */
		char plan[128];
		info_plan(v->ov, v->gl, now, plan, sizeof plan);
		if (racing)
			/* TRANSLATORS: the status line in a race with the solution shown:
			 * moves, a dot, par, a dot, the rival's progress, a dot, the plan. */
			snprintf(line, len, _(" Moves %d %s Par %s %s %s %s %s"), game_moves(g), d, par, d, v->who, d, plan);
		else
			/* TRANSLATORS: the status line with the solution shown: moves, a
			 * dot, par, a dot, the plan's words. */
			snprintf(line, len, _(" Moves %d %s Par %s %s %s"), game_moves(g), d, par, d, plan);
	} else {
		/* The rule in a player's word ("classic", "diagonals"), a mask or
		 * a random board by its name, a graph by its file's; k in words,
		 * and only when the cells are more than lights. */
		const rule_entry *e = rule_entry_find(g->rule.name);
		const char *name = e && e->word && !(e->flags & RULE_PREFIX) ? _(e->word) : g->rule.name;
		if (g->cfg.v.graph && v->graph_name[0] && g->cfg.v.graph->digest == v->graph_digest)
			name = v->graph_name;
		char states[32] = "", k_words[24];
		info_states(g->cur->k, k_words, sizeof k_words);
		if (k_words[0])
			snprintf(states, sizeof states, " %s %s", d, k_words);
		/* The cube is stored as 6 rows of 9: said as what it is. */
		char dims[32];
		if (g->rule.kind == RULE_CUBE)
			snprintf(dims, sizeof dims, "%s", _("six 3x3 faces"));
		else /* notext: rows x columns */
			snprintf(dims, sizeof dims, "%dx%d", g->cur->rows, g->cur->cols);
		/* TRANSLATORS: the status line: moves, a dot, par, a dot, the rule,
		 * " torus" or nothing, the size ("5x5"), then the states. */
		snprintf(line, len, _(" Moves %d %s Par %s %s %.20s%s %s%s"), game_moves(g), d, par, d, name,
			 g->rule.torus ? _(" torus") : "", dims, states);
	}
	/* Which marks the board shows, when they are not the plan's (whose
	 * words above say so). */
	if (v->what == VIEW_PLAY && v->pattern && v->chase)
		snprintf(line + strlen(line), len - strlen(line), _(" %s marked: chase step"), d);
	else if (v->what == VIEW_PLAY && v->hint >= 0 && !(v->ov && v->ov->shown))
		snprintf(line + strlen(line), len - strlen(line), _(" %s marked: hint"), d);
	if (v->sv.rung > 0 && v->what == VIEW_PLAY)
		snprintf(line + strlen(line), len - strlen(line), _(" %s Rung %d"), d, v->sv.rung);
	if (v->who[0] && v->what == VIEW_PLAY && !(racing && !g->won))
		snprintf(line + strlen(line), len - strlen(line), " %s %s", d, v->who);
	/* One character a cell: the cursor's place in words too. */
	if (v->lay.rulers)
		snprintf(line + strlen(line), len - strlen(line), _(" %s row %d col %d"), d, v->cr + 1, v->cc + 1);
	if (v->gl->reader) {
		/* Words with their commas ("Moves 3, Par 5"), and no clock: a
		 * line that changed every second would be spoken every second. */
		commas(line);
		return;
	}
	/* Clock at the right edge; the whole line rewritten, curses sends only
	 * the characters that differ. */
	int pad = COLS - chrome_cols(line) - (int)strlen(clock) - 1;
	if (v->what == VIEW_PLAY && pad > 0 && (size_t)pad < len - strlen(line) - strlen(clock) - 2)
		snprintf(line + strlen(line), len - strlen(line), "%*s%s ", pad, "", clock);
}

/* The status line, when its words differ from those drawn. */
void chrome_status(view *v, double now)
{
	if (v->msg_wrapped)
		return;		/* the reader's message goes on over it */
	char line[sizeof v->ds.status];
	status_line(v, now, line, sizeof line);
	if (strcmp(line, v->ds.status) == 0)
		return;
	snprintf(v->ds.status, sizeof v->ds.status, "%s", line);
	attrset(theme_attr(v, PAIR_STATUS) | (v->color ? A_NORMAL : A_REVERSE));
	move(LINES - 1, 0);
	clrtoeol();
	chrome_put_cut(v->gl, LINES - 1, 0, line);
	attrset(A_NORMAL);
}

static bool line_empty(int y)
{
	char line[512];
	int n = mvinnstr(y, 0, line, COLS < (int)sizeof line - 1 ? COLS : (int)sizeof line - 1);
	for (int i = 0; i < n; i++)
		if (line[i] != ' ')
			return false;
	return true;
}

/* May the reader's long message go on over the bottom line?  Only where
 * that is the board's status line or blank (a list's last line stays). */
static bool reader_wraps(const view *v)
{
	char line[512];
	int n = mvinnstr(LINES - 1, 0, line, COLS < (int)sizeof line - 1 ? COLS : (int)sizeof line - 1);
	while (n > 0 && line[n - 1] == ' ')
		n--;
	if (n <= 0)
		return true;
	size_t m = strlen(v->ds.status);
	while (m > 0 && v->ds.status[m - 1] == ' ')
		m--;
	return m > 0 && (size_t)n <= m && strncmp(line, v->ds.status, (size_t)n) == 0;
}

/* After a race, on its board: what comes next, each word led by its key
 * (the board's own keys), joined by sep. */
static void after_race_words(const view *v, const char *sep, char *buf, size_t len)
{
	/* TRANSLATORS: after a race, what its keys do next: short, each
	 * begins with its key, which stays. */
	snprintf(buf, len, "%s%s%s%s%s", _("r rematch"), sep, _("1 2 3 say"), sep, v->lobby ? _("q lobby") : _("q quit"));
}

static bool after_race(const view *v)
{
	return v->what == VIEW_PLAY && v->rematch && v->rematch[0];
}

void draw_message(view *v, const char *msg)
{
	if (msg != v->msg)
		snprintf(v->msg, sizeof v->msg, "%s", msg ? msg : "");
	if (v->gl->reader)
		commas(v->msg);
	if (v->lay.too_small)
		return;
	if (v->msg_wrapped) {
		/* The status line under the last message comes back. */
		v->msg_wrapped = false;
		v->ds.status[0] = '\0';
		move(LINES - 1, 0);
		clrtoeol();
	}
	if (v->msg_raised) {
		v->msg_raised = false;
		move(LINES - 3, 0);
		clrtoeol();
	}
	move(LINES - 2, 0);
	clrtoeol();
	if (v->gl->reader && v->msg[0] && chrome_cols(v->msg) > COLS - 2 && !reader_wraps(v) && LINES > 3 &&
	    line_empty(LINES - 3)) {
		attrset(A_BOLD);
		v->msg_raised = draw_wrapped(LINES - 3, 1, 0, LINES - 2, v->msg) > 1;
		attrset(A_NORMAL);
		return;
	}
	if (v->gl->reader && v->msg[0] && chrome_cols(v->msg) > COLS - 2 && reader_wraps(v)) {
		/* A sentence a screen reader speaks whole: wrapped at a word
		 * onto the status line, never cut with an ellipsis. */
		move(LINES - 1, 0);
		clrtoeol();
		attrset(A_BOLD);
		v->msg_wrapped = draw_wrapped(LINES - 2, 1, 0, LINES - 1, v->msg) > 1;
		attrset(A_NORMAL);
		return;
	}
	if (v->msg[0]) {
		attrset(A_BOLD);
		chrome_put_cut(v->gl, LINES - 2, 1, v->msg);
	} else if (v->keys) {
		/* The bottom bar: the goal, then the screen's own rows that name
		 * themselves.  Short of room the goal goes first, then the higher
		 * ranks; the help and quit keys stay down to 20 columns (as htop's
		 * F1 and F10). */
		char bar[300];
		static const int ranks[7] = { 3, 2, 1, 3, 2, 1, 0 };	/* 0: help and quit alone */
		/* After a race its board says what comes next instead. */
		int steps = 7;
		if (after_race(v)) {
			after_race_words(v, v->gl->reader ? ", " : v->gl->dot, bar, sizeof bar);
			size_t n = strlen(bar);
			snprintf(bar + n, sizeof bar - n, "%s%s", v->gl->reader ? ", " : v->gl->dot, _("? help"));
			if (chrome_cols(bar) > COLS - 2)
				bar[n] = '\0';
			steps = 0;
		}
		for (int step = 0; step < steps; step++) {
			int most = ranks[step];
			bool goal = step < 3 && v->what == VIEW_PLAY, last = most == 0;
			size_t n = 0;
			bar[0] = '\0';
			if (goal)
				n = (size_t)snprintf(bar, sizeof bar, _("Goal: %s"), info_goal(v->g->cur->k));
			for (const key_row *r = v->keys; (r->run || r->names_utf8) && n < sizeof bar; r++) {
				bool always = r->keys[0] == '?' || r->keys[0] == 'q';
				/* In a race the bar offers no help its keys would refuse. */
				if (v->help_held && (r->keys[0] == 's' || r->keys[0] == 'i'))
					continue;
				/* On a public account the board's q goes to the lobby. */
				const char *words = r->bar && r->keys[0] == 'q' && v->lobby && v->what == VIEW_PLAY
							    ? _("q lobby") : r->bar ? _(r->bar) : NULL;
				if (r->bar && (last ? always && r->bar_rank <= 1 : r->bar_rank <= most))
					n += (size_t)snprintf(bar + n, sizeof bar - n, "%s%s",
							      n ? (v->gl->reader ? ", " : v->gl->dot) : "", words);
			}
			if (chrome_cols(bar) <= COLS - 2 || last)
				break;
		}
		attrset(A_DIM);
		chrome_put_cut(v->gl, LINES - 2, 1, bar);
	}
	attrset(A_NORMAL);
}

/* The message shortens to fit, down to a 1x1 terminal: never cut. */
void chrome_too_small(view *v)
{
	int cols, lines;
	char need[32], full[160], a[96], b[64];
	layout_min_size(v, &cols, &lines);
	snprintf(need, sizeof need, "%dx%d", cols, lines);
	/* The sizes in words, now and needed, and the way out. */
	/* TRANSLATORS: columns x lines now, then the size needed ("40x12"). */
	snprintf(full, sizeof full, _("The terminal is %dx%d and this board needs %s: enlarge it, or press q."), COLS,
		 LINES, need);
	/* TRANSLATORS: a dash, then the size needed ("40x12"). */
	snprintf(a, sizeof a, _("terminal too small %s need %s"), v->gl->dash, need);
	snprintf(b, sizeof b, _("too small: %s"), need);
	/* TRANSLATORS: the terminal is too small, said in a word. */
	const char *tries[] = { full, a, b, need, _("small"), "!" };
	for (size_t i = 0; i < sizeof tries / sizeof tries[0]; i++) {
		int len = chrome_cols(tries[i]), y = LINES / 2, x = (COLS - len) / 2;
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

/* The celebration: on the title line and the message line, so the board
 * it celebrates stays in view. */
void draw_win(view *v, double now)
{
	if (v->lay.too_small)
		return;
	const game *g = v->g;
	char line[200], clock[40], par[16];
	/* To the tenth, truncated, as the leaderboards and a race's result
	 * say it: one time wherever it is shown. */
	long long ms = (long long)(game_elapsed(g, now) * 1000);
	format_clock(clock, sizeof clock, (long)(ms / 1000));
	snprintf(clock + strlen(clock), sizeof clock - strlen(clock), ".%lld", ms / 100 % 10);
	format_par(g, par, sizeof par);
	int moves = game_moves(g);
	bool perfect = v->sv.perfect;
	const char *assisted = v->sv.assisted ? _(", assisted: no record") : "";
	if (perfect)
		/* TRANSLATORS: a star, the moves, par, the time, ", assisted: no
		 * record" or nothing, a star. */
		snprintf(line, sizeof line, P_("%s Solved! %d move: par %s, perfect! (%s)%s %s",
					       "%s Solved! %d moves: par %s, perfect! (%s)%s %s", moves),
			 v->gl->star, moves, par, clock, assisted, v->gl->star);
	else
		/* TRANSLATORS: a star, the moves, par, the time, ", assisted: no
		 * record" or nothing, a star. */
		snprintf(line, sizeof line, P_("%s Solved! %d move, par %s (%s)%s %s",
					       "%s Solved! %d moves, par %s (%s)%s %s", moves),
			 v->gl->star, moves, par, clock, assisted, v->gl->star);
	int y = v->lay.title ? 0 : LINES - 2, len = chrome_cols(line);
	if (v->gl->reader) {
		/* One sentence on the message line, no stars around it. */
		char msg[sizeof v->msg + 240], head[160];
		bool ranked = v->sv.ranking && v->sv.ranking[0];
		if (perfect)
			/* TRANSLATORS: the moves, par, the time, ", assisted: no
			 * record" or nothing. */
			snprintf(head, sizeof head, P_("Solved in %d move: par %s, perfect! (%s)%s.",
						       "Solved in %d moves: par %s, perfect! (%s)%s.", moves),
				 moves, par, clock, assisted);
		else
			/* TRANSLATORS: the moves, par, the time, ", assisted: no
			 * record" or nothing. */
			snprintf(head, sizeof head, P_("Solved in %d move, par %s (%s)%s.",
						       "Solved in %d moves, par %s (%s)%s.", moves),
				 moves, par, clock, assisted);
		/* notext: the parts of a sentence, each translated */
		char next[160];
		if (after_race(v)) {
			next[0] = ' ';
			after_race_words(v, ", ", next + 1, sizeof next - 2);
			strcat(next, ".");
		} else
			snprintf(next, sizeof next, "%s", _(" n new board, r restart, q quit."));
		snprintf(msg, sizeof msg, "%s%s%.60s%s%s", head, ranked ? " " : "", ranked ? v->sv.ranking : "",
			 ranked ? " (L)." : "", next);
		draw_message(v, msg);
		return;
	}
	move(y, 0);
	clrtoeol();
	attrset(A_BOLD | theme_attr(v, PAIR_WIN));
	chrome_put_cut(v->gl, y, len < COLS ? (COLS - len) / 2 : 0, line);
	attrset(A_NORMAL);
	/* The keys after a win say where n leads: the ladder's next rung and
	 * its par (the rung has climbed already), or a new board. */
	char next[48];
	if (v->sv.mode == PLAY_LADDER && v->sv.rung > 0)
		snprintf(next, sizeof next, _("n next rung (par %d)"), v->sv.rung);
	else
		snprintf(next, sizeof next, "%s", _("n new board"));
	const char *q = v->lobby ? _("q lobby") : _("q quit");
	char msg[sizeof v->msg + 160];
	if (after_race(v)) {
		/* After a race: the rematch and the words, not a restart. */
		char words[160];
		after_race_words(v, "  ", words, sizeof words);
		/* TRANSLATORS: after a race won: what its keys do next. */
		snprintf(msg, sizeof msg, _("Solved!  %s"), words);
	} else if (v->lay.title && v->sv.ranking && v->sv.ranking[0])
		/* TRANSLATORS: the place on the leaderboard, what n does, what q does. */
		snprintf(msg, sizeof msg, _("Solved!  %.90s (L)  %s  r restart  %s"), v->sv.ranking, next, q);
	else
		/* TRANSLATORS: what n does, what q does. */
		snprintf(msg, sizeof msg, _("Solved!  %s  r restart  %s"), next, q);
	if (v->lay.title)
		draw_message(v, msg);
}

/* One key's name as the player's keyboard names it ("Space" is German
 * "Leertaste"), or NULL for a name that stays (a letter, a symbol). */
static const char *key_name_local(const char *w, size_t len)
{
	static const char *const names[] = { "Space", "Enter", "Esc", "Home", "End", "PgUp", "PgDn",
					     "Ctrl", "Backspace", "Tab", "Shift", NULL };
	const char *local[] = {
		/* TRANSLATORS: the keys as the player's keyboard names them
		 * (German "Leertaste", French "Espace"). */
		C_("key", "Space"), C_("key", "Enter"), C_("key", "Esc"), C_("key", "Home"), C_("key", "End"),
		C_("key", "PgUp"), C_("key", "PgDn"), C_("key", "Ctrl"), C_("key", "Backspace"), C_("key", "Tab"),
		C_("key", "Shift"),
	};
	for (int i = 0; names[i]; i++)
		if (strlen(names[i]) == len && strncmp(w, names[i], len) == 0)
			return local[i];
	return NULL;
}

const char *screen_key_names(const char *names, char *buf, size_t len)
{
	size_t n = 0;
	buf[0] = '\0';
	const char *whole = _(names);	/* a row's names marked whole: N_("mouse click") */
	if (whole != names)
		return snprintf(buf, len, "%s", whole), buf;
	for (const char *p = names; *p && n + 1 < len;) {
		size_t w = 0;
		while ((p[w] >= 'A' && p[w] <= 'Z') || (p[w] >= 'a' && p[w] <= 'z'))
			w++;
		const char *local = w > 1 ? key_name_local(p, w) : NULL;
		int put = local ? snprintf(buf + n, len - n, "%s", local)
				: snprintf(buf + n, len - n, "%.*s", (int)(w ? w : 1), p);
		n += put > 0 && (size_t)put < len - n ? (size_t)put : len - n - 1;
		p += w ? w : 1;
	}
	return buf;
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
		char local_keys[96];
		const char *keys = screen_key_names(v->gl->utf8 || !k->names_ascii ? k->names_utf8 : k->names_ascii,
						    local_keys, sizeof local_keys);
		const char *p = k->label && k->label[0] ? _(k->label) : "";
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
		/* Keys named longer than their column ("Leertaste, Eingabe")
		 * take a line of their own, the label under it in its column. */
		bool alone = !under && chrome_cols(keys) > 16;
		char line[300];
		snprintf(line, sizeof line, "%s%*s %s ", keys, under || alone ? 0 : 16 - chrome_cols(keys), "",
			 under || alone ? "" : v->gl->dash);
		if (under || alone) {
			if (draw && n >= top && 1 + n - top < LINES - 1)
				chrome_put_clipped(1 + n - top, 3, line);
			n++;
		}
		if (alone)
			snprintf(line, sizeof line, "%16s %s ", "", v->gl->dash);
		while (*p) {
			/* As many words as fit in width columns (a longer word is cut
			 * only when it alone is wider than the line). */
			int take = (int)text_fit(p, width), last_space = -1;
			for (int i = 0; i < take; i++)
				if (p[i] == ' ')
					last_space = i;
			if (p[take] && last_space > 0)
				take = last_space;
			size_t used = strlen(line);
			snprintf(line + used, sizeof line - used, "%.*s", take, p);
			if (draw && n >= top && 1 + n - top < LINES - 1)
				chrome_put_clipped(1 + n - top, 3, line);
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
	/* TRANSLATORS: the help's title; %s is a dash. */
	snprintf(title, sizeof title, _("Lights Out %s keys"), v->gl->dash);
	attrset(A_BOLD | theme_attr(v, PAIR_TITLE));
	chrome_put_clipped(0, 1, title);
	attrset(A_NORMAL);
	char goal[96];
	/* TRANSLATORS: %s is the goal in words: "every light off". */
	snprintf(goal, sizeof goal, _("  Clear the board: %s."), info_goal(v->g->cur->k));
	chrome_put_cut(v->gl, 0, 2 + chrome_cols(title), goal);
	int total = help_walk(v, rows, top, true);
	attrset(A_DIM);
	chrome_put_cut(v->gl, LINES - 1, 1, top > 0 || total > LINES - 2 ? _("Enter: how to play; Up/Down scroll; other keys: back.")
							     : _("Enter: how to play.  Any other key returns to the game."));
	attrset(A_NORMAL);
}

void draw_page(view *v, const char *title, char *const *lines, int n, int top, int left, const char *footer)
{
	erase();
	attrset(A_BOLD | theme_attr(v, PAIR_TITLE));
	chrome_put_clipped(0, 1, title);
	attrset(A_NORMAL);
	for (int y = 2, i = top; y < LINES - 1 && i < n; y++, i++) {
		const char *p = lines[i];
		/* Skip `left` characters, not bytes. */
		for (int skip = left; *p && skip > 0; skip--)
			do
				p++;
			while (((unsigned char)*p & 0xc0) == 0x80);
		chrome_put_clipped(y, 1, p);
	}
	attrset(A_DIM);
	/* A footer too long for the window says the same in fewer words. */
	chrome_put_cut(v->gl, LINES - 1, 1, chrome_cols(footer) <= COLS - 2 ? footer : _("Arrows, Space scroll; other keys: back"));
	attrset(A_NORMAL);
}
