/* The "Making a new board" screen: the session makes it in the background
 * (game/maker.c) while the keys answer; Esc or q stops the making, and the
 * board played stays. */
#include <curses.h>
#include <stdio.h>
#include <string.h>

#include "i18n.h"
#include "ui/app.h"
#include "ui/term.h"

static reaction making_stop(app *a, int key)
{
	(void)key;
	session_stop_making(a->s);
	draw_message(&a->v, _("Stopped: the board you had stays."));
	return REACT_LEAVE;
}

static reaction making_wait(app *a, int key)
{
	(void)key;
	draw_message(&a->v, _("Making a new board... Esc or q stops."));
	return REACT_NONE;
}

static void making_draw(app *a)
{
	char msg[96];
	snprintf(msg, sizeof msg, _("Making a new board (%d s)... Esc or q stops."), (int)(term_now() - app_session(a).make_since));
	if (a->gl.reader)	/* a count a screen reader would speak every second */
		snprintf(msg, sizeof msg, "%s", _("Making a new board... Esc or q stops."));
	if (strcmp(msg, a->v.msg) != 0)
		draw_message(&a->v, msg);
}

static const key_row making_rows[] = {
	{ { KEY_ESC, 'q' }, making_stop, "Esc, q", "Esc, q", N_("stop making it: the board you had stays"), NULL, 0 },
	{ { 0 }, NULL, N_("any other key"), N_("any other key"), N_("waits"), NULL, 0 },
	{ { 0 }, NULL, NULL, NULL, NULL, NULL, 0 },
};

const screen making_screen = {
	.name = "making", .title = N_("Making a new board"), .rows = making_rows, .other = making_wait,
	.draw = making_draw, .over_board = true,
	.shows_board = true,
};

