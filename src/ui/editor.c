/* The board editor: set any position (cell by cell, or a new size, rule
 * or k through the settings menu), then play or solve it.  The board may
 * be one that cannot be cleared: the overlay then shows the proof. */
#include <curses.h>
#include <stdio.h>

#include "i18n.h"
#include "ui/app.h"
#include "ui/term.h"

static reaction editor_digit(app *a, int key)
{
	if (key - '0' < app_session(a).g->cur->k)
		app_moved(a, session_edit_set(a->s, a->v.cr, a->v.cc, key - '0'));
	else
		draw_message(&a->v, _("That value is k or more: Space steps through them all."));
	return REACT_NONE;
}

static reaction editor_step(app *a, int key)
{
	bool up = key == ' ' || key == '\n' || key == '\r' || key == KEY_ENTER;
	app_moved(a, session_edit_step(a->s, a->v.cr, a->v.cc, up ? +1 : -1));
	return REACT_NONE;
}

static reaction editor_clear(app *a, int key)
{
	(void)key;
	app_moved(a, session_edit_clear(a->s));
	return REACT_NONE;
}

static reaction editor_menu(app *a, int key)
{
	(void)key;
	app_open_menu(a, true);
	return REACT_NONE;
}

/* The settings closed with Enter: the edited board takes their shape. */
static void editor_back(app *a, const screen *child)
{
	if (child != &menu_screen || !a->settings.applied)
		return;
	a->settings.applied = false;
	int ev = session_edit_reshape(a->s, &a->settings.cfg);
	if (ev & SESSION_BOARD) {
		view *v = &a->v;
		const board *b = app_session(a).g->cur;
		v->lay.vr = v->lay.vc = 0;
		v->cr = v->cr < b->rows ? v->cr : b->rows - 1;
		v->cc = v->cc < b->cols ? v->cc : b->cols - 1;
		v->msg[0] = '\0';
	}
	if (ev & SESSION_MESSAGE)
		snprintf(a->v.msg, sizeof a->v.msg, "%.150s", app_session(a).msg);
}

static reaction editor_done(app *a, int key)
{
	(void)a;
	(void)key;
	return REACT_LEAVE;
}

static reaction editor_redraw(app *a, int key)
{
	(void)a;
	(void)key;
	clearok(curscr, TRUE);
	return REACT_REDRAW;
}

/* Opened: the session stops saving and the clock while cells change
 * outside the history. */
static void editor_enter(app *a)
{
	int ev = session_edit_begin(a->s, term_now());
	snprintf(a->v.msg, sizeof a->v.msg, "%.150s", ev & SESSION_MESSAGE ? app_session(a).msg : "");
	a->v.what = VIEW_EDIT;
	a->v.hint = -1;
}

static void editor_draw(app *a)
{
	draw_all(&a->v, term_now());
}

/* The edited position becomes the board to play (or the game goes on,
 * when nothing changed). */
static void editor_leave(app *a)
{
	a->v.what = VIEW_PLAY;
	app_react(a, session_edit_commit(a->s, term_now()));
}

static const key_row editor_rows[] = {
	{ { ' ', '\n', '\r', KEY_ENTER }, editor_step, "Space, 0-9", "Space, 0-9", N_("set the cell: one state up, or that value"),
	  N_("Space, 0-9 set"), 1 },
	{ { '0', '1', '2', '3', '4', '5', '6', '7' }, editor_digit, NULL, NULL, NULL, NULL, 0 },
	{ { '8', '9' }, editor_digit, NULL, NULL, NULL, NULL, 0 },
	{ { KEY_BACKSPACE, KEY_DEL, KEY_CTRL('h'), 'x' }, editor_step, "Backspace, x", "Backspace, x",
	  N_("one state down"), N_("x down"), 2 },
	{ { 'c' }, editor_clear, "c", "c", N_("clear the board"), N_("c clear"), 2 },
	{ { 'm', 'o' }, editor_menu, "m, o", "m, o", N_("change size, rule and k"), N_("m size, rule, k"), 2 },
	{ { 'e', KEY_ESC, 'q' }, editor_done, "e, Esc, q", "e, Esc, q", N_("leave to play"), N_("e, Esc play"), 1 },
	{ { KEY_UP, KEY_DOWN, KEY_LEFT, KEY_RIGHT, 'h', 'j', 'k', 'l' }, app_cursor,
	  "\u2190 \u2191 \u2192 \u2193, h j k l", N_("Arrows, h j k l"), N_("move the cursor"), NULL, 0 },
	/* 0 sets a value here: Home alone goes to the first column. */
	{ { KEY_HOME, KEY_END, '$', KEY_PPAGE, 'g', KEY_NPAGE, 'G' }, app_cursor, "Home, End $, PgUp g, PgDn G",
	  "Home, End $, PgUp g, PgDn G", N_("first, last column; top, bottom row"), NULL, 0 },
	{ { KEY_CTRL('l') }, editor_redraw, "Ctrl-L", "Ctrl-L", N_("redraw the screen"), NULL, 0 },
	{ { 0 }, NULL, NULL, NULL, NULL, NULL, 0 },
};

const screen editor_screen = {
	.name = "editor", .title = N_("Editor"), .rows = editor_rows, .enter = editor_enter, .draw = editor_draw,
	.leave = editor_leave, .back = editor_back,
	.shows_board = true,
};
