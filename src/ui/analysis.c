#include "i18n.h"
#include "ui/analysis.h"

#include <curses.h>
#include <stdio.h>

#include "ui/info.h"
#include "ui/term.h"

/* The quiet pattern shown: the screen's own. */
static int pattern;

static void analysis_show(app *a)
{
	const lo_system *sys = app_session(a).g->sys;
	bool patterns = system_nullity(sys) > 0 && system_has_kernel(sys);
	a->v.pattern = patterns ? system_kernel(sys, pattern) : NULL;
	a->v.chase = false;
	info_pattern(sys, pattern, &a->gl, a->v.info, sizeof a->v.info);
}

static reaction analysis_step(app *a, int key)
{
	int d = system_nullity(app_session(a).g->sys);
	if (d == 0)
		return REACT_NONE;
	bool back = key == KEY_LEFT || key == 'h' || key == KEY_BTAB || key == KEY_UP || key == 'k';
	pattern = (pattern + (back ? d - 1 : 1)) % d;
	analysis_show(a);
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
	analysis_show(a);
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
