/* The screen-reader mode: the words a key's effect is said in, and where
 * the terminal's cursor is left.  Before each wait for a key (the app's
 * reader_wait hook) the game as it is now is compared with the game as
 * it was at the last wait: what differs is said once, on the message
 * line, and the cursor goes to the focus, after everything else is drawn
 * (getch's refresh leaves the terminal's cursor where stdscr's is). */
#include "ui/reader.h"

#include <curses.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "formats/lang.h"
#include "i18n.h"
#include "ui/term.h"

/* What was seen at the last wait. */
typedef struct reader_seen {
	const screen *top;
	const screen *real;	/* the last screen not a question over one */
	const board *start;	/* the board played: a new one is said whole */
	unsigned start_hash;
	int rows, cols;
	int cr, cc;
	int val;		/* the cursor's cell */
	int moves;
	bool won;
	bool shown, have;	/* the overlay */
	int eyes;		/* watchers of our game */
	char msg[sizeof ((view *)0)->msg];	/* the message line, as said */
	/* The app's own last messages: a redraw that puts one back (the
	 * board's win line) is no news. */
#define READER_SAID 4
	char said[READER_SAID][sizeof ((view *)0)->msg];
	int next_said;
	char focus[160];	/* a screen's focus in words, as said */
	char sent[2][512];	/* the message line and the one under it, as sent */
	int key;		/* the key since, or 0 */
} reader_seen;

static reader_seen R;

/* A screen's focus as it drew it (reader_focus). */
static struct {
	const screen *s;
	int y, x;
	char words[160];
} F;

bool reader_on(const app *a)
{
	return a->gl.reader;
}

void reader_focus(app *a, int y, int x, const char *words)
{
	if (!reader_on(a))
		return;
	F.s = app_top(a);
	F.y = y;
	F.x = x;
	snprintf(F.words, sizeof F.words, "%s", words ? words : "");
}

void reader_cell_state(const board *b, int r, int c, char *buf, size_t len)
{
	int val = board_get(b, r, c);
	if (b->k == 2)
		snprintf(buf, len, "%s", val ? C_("cell state", "on") : C_("cell state", "off"));
	else
		snprintf(buf, len, "%d", val);
}

/* The cursor's row in words, into buf: for w. */
static void reader_row_words(const app *a, char *buf, size_t len)
{
	const board *b = app_session(a).g->cur;
	/* TRANSLATORS: before the row's cells said one by one: "row 2: on off on". */
	size_t n = (size_t)snprintf(buf, len, _("row %d:"), a->v.cr + 1);
	for (int c = 0; c < b->cols && n < len; c++) {
		char w[16];
		reader_cell_state(b, a->v.cr, c, w, sizeof w);
		n += (size_t)snprintf(buf + n, len - n, " %s", w);
	}
}

/* "row 2, column 3: on", and what the overlay or the hint says of it. */
static void cell_words(const app *a, char *buf, size_t len)
{
	session_view sv = app_session(a);
	const board *b = sv.g->cur;
	char st[16];
	reader_cell_state(b, a->v.cr, a->v.cc, st, sizeof st);
	/* TRANSLATORS: the cell under the cursor; %s is its state: on, off, or a number. */
	int n = snprintf(buf, len, _("row %d, column %d: %s"), a->v.cr + 1, a->v.cc + 1, st);
	int i = a->v.cr * b->cols + a->v.cc;
	const lo_overlay *ov = sv.plan;
	if (n > 0 && (size_t)n < len && a->v.what == VIEW_PLAY && ov->have && ov->solvable && (ov->shown || i == a->v.hint)) {
		int m = overlay_mark(ov, i);
		if (m && b->k == 2)
			snprintf(buf + n, len - (size_t)n, "%s", _(", to press"));
		else if (m > 0)
			snprintf(buf + n, len - (size_t)n, P_(", to press forward %d time", ", to press forward %d times", m), m);
		else if (m)
			snprintf(buf + n, len - (size_t)n, P_(", to press backward %d time", ", to press backward %d times", -m),
				 -m);
	}
}

void reader_lit_words(const board *b, char *buf, size_t len)
{
	int lit = board_count_nonzero(b);
	if (b->k == 2)
		snprintf(buf, len, P_("%d light on", "%d lights on", lit), lit);
	else
		snprintf(buf, len, P_("%d cell not 0", "%d cells not 0", lit), lit);
}

/* The overlay's count and the cursor's cell in it: "12 presses left;
 * this cell is in the solution". */
static void plan_words(const app *a, char *buf, size_t len)
{
	session_view sv = app_session(a);
	const lo_overlay *ov = sv.plan;
	if (!ov->have) {
		snprintf(buf, len, "%s", _("solving..."));
		return;
	}
	if (!ov->solvable) {
		snprintf(buf, len, "%s", _("no solution from here"));
		return;
	}
	int i = a->v.cr * sv.g->cur->cols + a->v.cc;
	if (overlay_mark(ov, i))
		snprintf(buf, len, P_("%d press left; this cell is in the solution",
				      "%d presses left; this cell is in the solution", ov->weight), ov->weight);
	else
		snprintf(buf, len, P_("%d press left; this cell is not in the solution",
				      "%d presses left; this cell is not in the solution", ov->weight), ov->weight);
}

/* A cheap mark of the board played, beside its address: a new board in
 * the same memory is still new. */
static unsigned board_hash(const board *b)
{
	unsigned h = 2166136261u;
	int n = board_size(b) < 4096 ? board_size(b) : 4096;
	for (int i = 0; i < n; i++)
		h = (h ^ (unsigned)board_get(b, i / b->cols, i % b->cols)) * 16777619u;
	return h;
}

/* What kind of news, for the order it is said in beside a message of the
 * game's own: an effect of the key first ("pressed ..."), a scene after
 * the message (a race's "go!" before "New board ..."), and a move of the
 * cursor not at all beside one (a hint's words say where it went). */
typedef enum news_kind { NEWS_NONE, NEWS_EFFECT, NEWS_SCENE, NEWS_MOVE } news_kind;

/* What the last key did on the board, in words; "" when nothing. */
static news_kind board_news(app *a, char *buf, size_t len)
{
	session_view sv = app_session(a);
	const game *g = sv.g;
	const board *b = g->cur;
	char cell[120], lit[48], plan[96];
	cell_words(a, cell, sizeof cell);
	lit[0] = '\0';
	int moves = game_moves(g);
	bool fresh = R.top != &board_screen && R.top != NULL && app_top(a) == &board_screen;
	buf[0] = '\0';
	if (g->start != R.start || board_hash(g->start) != R.start_hash || b->rows != R.rows || b->cols != R.cols) {
		reader_lit_words(b, lit, sizeof lit);
		/* TRANSLATORS: rows x columns, the lights on ("3 lights on"), the
		 * cursor's cell ("row 1, column 1: on"). */
		snprintf(buf, len, R.top ? _("New board, %dx%d: %s. %s") : _("Lights Out board, %dx%d: %s. %s"), b->rows,
			 b->cols, lit, cell);
		return NEWS_SCENE;
	}
	if (g->won && !R.won)
		return NEWS_NONE;	/* the celebration's own words (draw_win) */
	bool undo = moves == R.moves - 1 && R.key == 'u';
	if (moves == R.moves + 1 || undo) {
		bool redo = !undo && (R.key == 'U' || R.key == KEY_CTRL('r'));
		int most = rule_max_cells(&g->rule, b->rows, b->cols), changed = 0;
		int *set = malloc((size_t)(most > 0 ? most : 1) * sizeof *set);
		if (set)
			changed = rule_neighbours(&g->rule, b->rows, b->cols, sv.row, sv.col, set);
		free(set);
		reader_lit_words(b, lit, sizeof lit);
		/* TRANSLATORS: row, column, the cells the press changed, the
		 * lights on ("3 lights on"). */
		const char *said = undo ? P_("undone row %d, column %d: %d cell changed, %s",
					     "undone row %d, column %d: %d cells changed, %s", changed)
				   : redo ? P_("redone row %d, column %d: %d cell changed, %s",
					       "redone row %d, column %d: %d cells changed, %s", changed)
					  : P_("pressed row %d, column %d: %d cell changed, %s",
					       "pressed row %d, column %d: %d cells changed, %s", changed);
		snprintf(buf, len, said, sv.row + 1, sv.col + 1, changed, lit);
		if (sv.plan->shown && sv.plan->have && sv.plan->solvable)
			snprintf(buf + strlen(buf), len - strlen(buf), P_("; %d press left", "; %d presses left", sv.plan->weight),
				 sv.plan->weight);
		return NEWS_EFFECT;
	}
	if (moves != R.moves) {
		reader_lit_words(b, lit, sizeof lit);
		/* TRANSLATORS: the move, the lights on, the cursor's cell. */
		snprintf(buf, len, moves ? _("Board at move %d: %s. %s") : _("Board restarted, move %d: %s. %s"), moves, lit,
			 cell);
		return NEWS_SCENE;
	}
	if (sv.plan->shown != R.shown) {
		if (sv.plan->shown)
			plan_words(a, plan, sizeof plan);
		if (sv.plan->shown)
			/* TRANSLATORS: the solution shown; %s: "12 presses left; ..." */
			snprintf(buf, len, _("Overlay on: %s"), plan);
		else
			snprintf(buf, len, "%s", _("Overlay off"));
		return NEWS_EFFECT;
	}
	if (sv.plan->shown && sv.plan->have && !R.have) {
		plan_words(a, plan, sizeof plan);
		snprintf(buf, len, _("Overlay: %s"), plan);
		return NEWS_EFFECT;
	}
	if (fresh) {
		snprintf(buf, len, _("Board: %s"), cell);
		return NEWS_SCENE;
	}
	if (a->v.cr != R.cr || a->v.cc != R.cc) {
		snprintf(buf, len, "%s", cell);
		return NEWS_MOVE;
	}
	return NEWS_NONE;
}

/* The editor: the cell under the cursor when it moved or was set, and a
 * board cleared. */
static void editor_news(app *a, char *buf, size_t len)
{
	const board *b = app_session(a).g->cur;
	char cell[120];
	buf[0] = '\0';
	cell_words(a, cell, sizeof cell);
	if (R.top != app_top(a))
		snprintf(buf, len, _("Editor: %s"), cell);
	else if (R.key == 'c')
		snprintf(buf, len, _("Board cleared: %s"), cell);
	else if (a->v.cr != R.cr || a->v.cc != R.cc || board_get(b, a->v.cr, a->v.cc) != R.val)
		snprintf(buf, len, "%s", cell);
}

#define READER_SCAN_ROWS 200

/* Where the focus is on the screen now: the screen's own word for it,
 * else the board's cell, a page's first line, a list's chosen line (drawn
 * in reverse: its text into words), else the end of the bottom line's
 * prompt. */
static void focus_find(app *a, int *y, int *x, char *words, size_t len)
{
	const screen *top = app_top(a);
	*y = LINES - 1;
	*x = 0;
	words[0] = '\0';
	if (F.s == top) {
		*y = F.y;
		*x = F.x;
		snprintf(words, len, "%s", F.words);
		return;
	}
	if (top == &question_screen || (a->v.msg[0] && top == &making_screen)) {
		*y = LINES - 2;
		*x = 1 + text_cols(a->v.msg);	/* a translation's letters too */
		return;
	}
	if (a->s && (top == &board_screen || top->shows_board) && draw_cursor_at(&a->v, y, x))
		return;
	if (top == &watch_screen && draw_cursor_last(y, x))
		return;		/* the watched player's cursor */
	if (top == &pager_screen) {
		*y = 2, *x = 1;
		return;
	}
	if (top == &help_screen) {
		*y = 1, *x = 1;
		return;
	}
	char line[512];
	int most = COLS < (int)sizeof line - 1 ? COLS : (int)sizeof line - 1;
	/* A list's lines are near the top: a huge window (--max-screen) is
	 * not scanned whole at every wait. */
	for (int r = 0; r < LINES && r < READER_SCAN_ROWS; r++)
		for (int c = 0; c < most; c++)
			if (mvinch(r, c) & A_REVERSE) {
				*y = r, *x = c;
				int n = mvinnstr(r, c, line, most - c);
				while (n > 0 && line[n - 1] == ' ')
					n--;
				snprintf(words, len, "%.*s", n > 0 ? n : 0, line);
				return;
			}
	for (int r = LINES - 1; r >= 0; r--) {
		int n = mvinnstr(r, 0, line, most);
		while (n > 0 && line[n - 1] == ' ')
			n--;
		if (n > 0) {
			*y = r;
			*x = n < COLS ? n : COLS - 1;
			return;
		}
	}
}

/* Is row y blank on the screen now? */
static bool line_blank(int y)
{
	char line[512];
	int n = mvinnstr(y, 0, line, COLS < (int)sizeof line - 1 ? COLS : (int)sizeof line - 1);
	for (int i = 0; i < n; i++)
		if (line[i] != ' ')
			return false;
	return true;
}

/* A screen's name as said when a key goes there. */
static const char *screen_said(const screen *s)
{
	if (s == &lobby_screen)
		return _("the lobby");
	if (s == &board_screen)
		return _("the board");
	if (s == &race_screen)
		return _("the race");
	return s->title && s->title[0] ? _(s->title) : "";
}

/* Where a key went, when the screen it opened has no words of its own:
 * "Leaving the board: the lobby", or the screen's name at the start. */
static void screen_news(const screen *top, char *buf, size_t len)
{
	const char *to = screen_said(top);
	if (!to[0])
		return;
	if (R.real && screen_said(R.real)[0])
		/* TRANSLATORS: the screen left, the screen now shown ("Leaving
		 * the board: the lobby"), said in the screen-reader mode. */
		snprintf(buf, len, _("Leaving %s: %s"), screen_said(R.real), to);
	else
		snprintf(buf, len, "%s", to);
	if (buf[0] >= 'a' && buf[0] <= 'z')
		buf[0] = (char)(buf[0] - 'a' + 'A');	/* a sentence's capital */
}

static void line_text(int y, char *buf, size_t len);

/* Does the message line hold the last message still (a screen that
 * draws over all but it)?  Then it is ours to say the next on. */
static bool line_is_msg(const app *a)
{
	char line[512];
	line_text(LINES - 2, line, sizeof line);
	return a->v.msg[0] && line[0] == ' ' && strcmp(line + 1, a->v.msg) == 0;
}

/* The words since the last wait, said on the message line: ours first,
 * then what the key said itself, once. */
static void reader_say(app *a, const char *focus)
{
	const screen *top = app_top(a);
	char news[300] = "";
	bool drawn = a->s && !a->v.lay.too_small;	/* a game, drawn */
	news_kind kind = NEWS_EFFECT;
	if (drawn && top == &board_screen)
		kind = board_news(a, news, sizeof news);
	else if (drawn && top == &editor_screen)
		editor_news(a, news, sizeof news);
	else if (strcmp(focus, R.focus) != 0 && focus[0])
		snprintf(news, sizeof news, "%s%s%s", R.top != top && top->title && top->title[0] ? _(top->title) : "",
			 R.top != top ? ": " : "", focus);
	else if (R.real != top && top != &question_screen)
		screen_news(top, news, sizeof news);
	if (a->s && top == &board_screen && app_session(a).watchers > R.eyes && R.top) {
		int n = app_session(a).watchers;
		snprintf(news + strlen(news), sizeof news - strlen(news), "%s", news[0] ? ". " : "");
		/* TRANSLATORS: the players watching this game. */
		snprintf(news + strlen(news), sizeof news - strlen(news), P_("%d watching", "%d watching", n), n);
	}
	bool theirs = strcmp(a->v.msg, R.msg) != 0 && a->v.msg[0];
	for (int i = 0; i < READER_SAID && theirs; i++)
		theirs = strcmp(a->v.msg, R.said[i]) != 0;
	if (theirs) {
		snprintf(R.said[R.next_said], sizeof R.said[0], "%s", a->v.msg);
		R.next_said = (R.next_said + 1) % READER_SAID;
	}
	if (news[0]) {
		char line[sizeof a->v.msg + 8];
		bool won = a->s && app_session(a).g->won && !R.won;
		if (won || (theirs && kind == NEWS_MOVE))
			snprintf(line, sizeof line, "%s", a->v.msg);
		else if (theirs && kind == NEWS_SCENE)
			snprintf(line, sizeof line, "%s %s.", a->v.msg, news);
		else if (theirs)
			snprintf(line, sizeof line, "%s. %s", news, a->v.msg);
		else
			snprintf(line, sizeof line, "%s.", news);
		/* A full screen of its own (a list) has its words said where
		 * its message line is free; a watched game's over its hint. */
		if ((drawn && top->shows_board) || top->over_board || top == &watch_screen || line_blank(LINES - 2) ||
		    line_is_msg(a))
			draw_message(&a->v, line);
	}
	snprintf(R.msg, sizeof R.msg, "%s", a->v.msg);
	snprintf(R.focus, sizeof R.focus, "%s", focus);
}

/* Everything seen now, for the next wait's comparison. */
static void reader_remember(app *a)
{
	R.top = app_top(a);
	if (R.top != &question_screen)
		R.real = R.top;
	R.key = 0;
	R.eyes = a->s ? app_session(a).watchers : 0;
	if (!a->s)
		return;
	session_view sv = app_session(a);
	R.start = sv.g->start;
	R.start_hash = board_hash(sv.g->start);
	R.rows = sv.g->cur->rows;
	R.cols = sv.g->cur->cols;
	R.cr = a->v.cr;
	R.cc = a->v.cc;
	R.val = a->v.cr < sv.g->cur->rows && a->v.cc < sv.g->cur->cols ? board_get(sv.g->cur, a->v.cr, a->v.cc) : -1;
	R.moves = game_moves(sv.g);
	R.won = sv.g->won;
	R.shown = sv.plan->shown;
	R.have = sv.plan->have;
}

/* Row y of the screen as text, its trailing blanks dropped. */
static void line_text(int y, char *buf, size_t len)
{
	int most = COLS < (int)len - 1 ? COLS : (int)len - 1;
	int n = mvinnstr(y, 0, buf, most);
	while (n > 0 && buf[n - 1] == ' ')
		n--;
	buf[n > 0 ? n : 0] = '\0';
}

/* The message line sent to the terminal first and whole.  Curses sends
 * only the characters that differ from the last frame, and a screen
 * reader speaks what arrives: "row 2, column 1: on" after "row 1,
 * column 1: on" was heard as "2".  So when its words change the line
 * (and its wrapped rest on the line under it) goes out alone, rewritten
 * from its first column, before the board's cells and the status line:
 * the sentence is heard whole and first, the digits that changed after
 * it, where the next key cuts them short. */
static void message_send(app *a)
{
	char now[2][sizeof R.sent[0]];
	int rows = a->v.msg_wrapped || a->v.msg_raised ? 2 : 1, y0 = a->v.msg_raised ? LINES - 3 : LINES - 2;
	line_text(y0, now[0], sizeof now[0]);
	if (rows == 2)
		line_text(y0 + 1, now[1], sizeof now[1]);
	else
		now[1][0] = '\0';
	bool same = strcmp(now[0], R.sent[0]) == 0 && strcmp(now[1], R.sent[1]) == 0;
	memcpy(R.sent, now, sizeof R.sent);
	if (same || !now[0][0] || LINES < 4)
		return;
	if (is_cleared(stdscr) || is_cleared(curscr)) {
		/* A screen drawn anew (the start, another screen): the terminal
		 * cleared with the message alone on it, the rest after, so the
		 * first thing heard is the sentence, not the screen read through. */
		WINDOW *t = newwin(LINES, COLS, 0, 0);
		if (!t)
			return;
		copywin(stdscr, t, y0, 0, y0, 0, y0 + rows - 1, COLS - 1, FALSE);
		clearok(t, TRUE);
		wnoutrefresh(t);
		doupdate();
		delwin(t);
		clearok(stdscr, FALSE);
		touchwin(stdscr);
		return;
	}
	/* From the sentence's first letter: a blank before it is no word. */
	int x0 = now[0][0] == ' ' && (rows == 1 || now[1][0] == ' ' || !now[1][0]) ? 1 : 0;
	WINDOW *w = derwin(stdscr, rows, COLS - x0, y0, x0);
	if (!w)
		return;
	wredrawln(w, 0, rows);	/* the whole line, not its difference */
	wnoutrefresh(w);
	doupdate();
	delwin(w);
}

static void reader_wait(app *a)
{
	if (a->end.quit) {
		/* q left the game: said, not left in silence. */
		draw_message(&a->v, _("Leaving Lights Out."));
		message_send(a);
		/* A reader that ends with its program (yasr) drops what it had
		 * not read yet: a moment to read the last sentence. */
		napms(200);
		return;
	}
	if (F.s != app_top(a))
		F.s = NULL;	/* a focus said by a screen since closed */
	if (!a->gl.reader) {
		/* The look changed under us (the lobby's a): plain again. */
		glyphs_reader(&a->gl);
		clearok(curscr, TRUE);
		app_redraw(a);
	}
	curs_set(1);
	int y, x;
	char words[sizeof F.words];
	focus_find(a, &y, &x, words, sizeof words);
	reader_say(a, words);
	reader_remember(a);
	message_send(a);
	move(y, x);
}

static void reader_key(app *a, int key)
{
	(void)a;
	R.key = key;
}

void reader_start(app *a, bool on)
{
	if (on)
		glyphs_reader(&a->gl);
	else if (a->gl.reader)
		glyphs_init(&a->gl, a->reader.look_ascii);
	a->v.gl = &a->gl;
	a->reader.wait = on ? reader_wait : NULL;
	a->reader.key = on ? reader_key : NULL;
	if (on) {
		a->v.anim.on = false;
		a->v.anim.cell = -1;
	}
	memset(&R, 0, sizeof R);
	curs_set(on ? 1 : 0);
}

void reader_set(app *a, bool on)
{
	reader_start(a, on);
	if (!on)
		a->v.anim.on = a->reader.look_anim;
	if (on)
		reader_remember(a);	/* what is on screen as it is turned on is no news */
	a->kept.prefs.reader = on, a->kept.prefs.has_reader = true;
	app_keep_prefs(a, NULL);
	clearok(curscr, TRUE);
	app_say(a, on ? _("Screen-reader mode on: each key is said here.") : _("Screen-reader mode off."));
}

reaction reader_toggle(app *a, int key)
{
	(void)key;
	reader_set(a, !reader_on(a));
	return REACT_REDRAW;
}

reaction reader_read_row(app *a, int key)
{
	(void)key;
	char words[sizeof a->v.msg];
	reader_row_words(a, words, sizeof words);
	app_say(a, words);
	return REACT_NONE;
}
