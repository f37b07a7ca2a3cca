#include "i18n.h"
#include "ui/analysis.h"

#include <curses.h>
#include <stdio.h>
#include <string.h>

#include "ui/info.h"
#include "ui/reader.h"
#include "ui/term.h"

/* The quiet pattern shown: the screen's own. */
static int pattern;

/* In the screen-reader mode, the quiet pattern shown in words: its cells
 * as "row column" pairs (with the times pressed where k > 2), as many as
 * a line holds and how many more, said where the board's cursor is. */
static void pattern_words(app *a, int count)
{
	int y, x;
	if (!reader_on(a) || !draw_cursor_at(&a->v, &y, &x))
		return;
	const board *b = app_session(a).g->cur;
	char cells[110] = "";
	size_t used = 0;
	/* What a line holds beside the words around the list (the panel's
	 * name, the count, ", 8 more"): all of it said, none cut. */
	size_t room = COLS > 60 ? (size_t)COLS - 50 : 10;
	room = room < sizeof cells - 12 ? room : sizeof cells - 12;
	int n = 0, listed = 0;
	for (int r = 0; r < b->rows; r++)
		for (int c = 0; c < b->cols; c++) {
			int v = a->v.pattern[r * b->cols + c];
			if (!v)
				continue;
			n++;
			char one[32];
			int len = b->k == 2 ? snprintf(one, sizeof one, "%s%d %d", listed ? ", " : "", r + 1, c + 1)
					    : snprintf(one, sizeof one, "%s%d %d (%d)", listed ? ", " : "", r + 1, c + 1, v);
			if (listed == n - 1 && used + (size_t)len <= room) {
				memcpy(cells + used, one, (size_t)len + 1);
				used += (size_t)len;
				listed++;
			}
		}
	if (listed < n)
		/* TRANSLATORS: after a list of cells that stops short: the rest. */
		snprintf(cells + used, sizeof cells - used, _(", %d more"), n - listed);
	char words[160];
	/* TRANSLATORS: the pattern's number, how many there are, its cells
	 * pressed, then each as "row column" ("1 2, 3 4"). */
	snprintf(words, sizeof words, P_("Quiet pattern %d of %d: %d cell: %s", "Quiet pattern %d of %d: %d cells: %s", n),
		 pattern + 1, count, n, cells);
	reader_focus(a, y, x, words);
}

/* The pattern shown; its cells in words (the reader) unless it is the
 * first one as the panel opens, when the system's words are said. */
static void analysis_show(app *a, bool said)
{
	const lo_system *sys = app_session(a).g->sys;
	bool patterns = system_nullity(sys) > 0 && system_has_kernel(sys);
	a->v.pattern = patterns ? system_kernel(sys, pattern) : NULL;
	a->v.chase = false;
	info_pattern(sys, pattern, &a->gl, a->v.info, sizeof a->v.info);
	if (a->v.pattern && said)
		pattern_words(a, system_nullity(sys));
}

static reaction analysis_step(app *a, int key)
{
	int d = system_nullity(app_session(a).g->sys);
	if (d == 0)
		return REACT_NONE;
	bool back = key == KEY_LEFT || key == 'h' || key == KEY_BTAB || key == KEY_UP || key == 'k';
	pattern = (pattern + (back ? d - 1 : 1)) % d;
	analysis_show(a, true);
	return REACT_NONE;
}

static reaction analysis_done(app *a, int key)
{
	(void)a;
	(void)key;
	return REACT_LEAVE;
}

static void analysis_enter(app *a)
{
	char line[160];
	session_pause(a->s, true, term_now());
	a->v.what = VIEW_INFO;
	pattern = 0;
	info_system(app_session(a).g->sys, &a->gl, line, sizeof line);
	snprintf(a->v.msg, sizeof a->v.msg, "%s", line);
	analysis_show(a, false);
}

static void analysis_draw(app *a)
{
	draw_all(&a->v, term_now());
}

static void analysis_leave(app *a)
{
	a->v.what = VIEW_PLAY;
	a->v.pattern = NULL;
	a->v.msg[0] = '\0';
	session_pause(a->s, false, term_now());
}

static const key_row analysis_rows[] = {
	{ { KEY_RIGHT, 'l', ' ', '\t', KEY_DOWN, 'j' }, analysis_step, "\u2192, Space, Tab", "Right, Space, Tab",
	  N_("the next quiet pattern"), NULL, 0 },
	{ { KEY_LEFT, 'h', KEY_BTAB, KEY_UP, 'k' }, analysis_step, "\u2190, Shift-Tab", "Left, Shift-Tab",
	  N_("the previous quiet pattern"), NULL, 0 },
	{ { KEY_ESC, 'a', 'q' }, analysis_done, "Esc, a, q", "Esc, a, q", N_("back to the game"), NULL, 0 },
	{ { 0 }, NULL, NULL, NULL, NULL, NULL, 0 },
};

const screen analysis_screen = {
	.name = "analysis", .title = N_("Analysis panel"), .rows = analysis_rows, .enter = analysis_enter,
	.draw = analysis_draw, .leave = analysis_leave,
	.shows_board = true,
};
