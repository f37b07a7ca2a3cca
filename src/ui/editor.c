#include "ui/editor.h"

#include <curses.h>
#include <stdio.h>

#include "ui/board.h"
#include "ui/term.h"

/* Par of an edited board is searched for this long at most: the overlay's
 * own search, in the background, proves it later when it takes longer. */
#define EDITOR_PAR_SECONDS 0.3

static void editor_set(app *a, int v)
{
	board *b = a->pl.g.cur;
	board_set(b, a->v.cr, a->v.cc, ((v % b->k) + b->k) % b->k);
	draw_cell(&a->v, a->v.cr, a->v.cc);
	draw_status(&a->v, term_now());
}

static reaction editor_digit(app *a, int key)
{
	if (key - '0' < a->pl.g.cur->k)
		editor_set(a, key - '0');
	else
		draw_message(&a->v, "That value is k or more: Space steps through them all.");
	return REACT_NONE;
}

static reaction editor_step(app *a, int key)
{
	int v = board_get(a->pl.g.cur, a->v.cr, a->v.cc);
	bool up = key == ' ' || key == '\n' || key == '\r' || key == KEY_ENTER;
	editor_set(a, up ? v + 1 : v - 1);
	return REACT_NONE;
}

static reaction editor_clear(app *a, int key)
{
	(void)key;
	board *b = a->pl.g.cur;
	for (int i = 0; i < board_size(b); i++)
		b->cells[i] = 0;
	draw_marks(&a->v);
	draw_status(&a->v, term_now());
	return REACT_NONE;
}

static reaction editor_menu(app *a, int key)
{
	(void)key;
	menu_open(&a->menu, &a->pl.g.cfg, true, a->pl.mode, a->v.preview);
	app_push(a, &menu_screen);
	return REACT_NONE;
}

reaction editor_reshape(app *a, const game_config *cfg)
{
	char err[256];
	game next;
	if (game_init(&next, cfg, err, sizeof err) < 0) {
		app_redraw(a);
		draw_message(&a->v, err);
		return REACT_NONE;
	}
	const board *old = a->pl.g.cur;
	for (int r = 0; r < old->rows && r < next.cur->rows; r++)
		for (int c = 0; c < old->cols && c < next.cur->cols; c++)
			board_set(next.cur, r, c, board_get(old, r, c) % next.cur->k);
	next.solvable = true;
	if (play_replace(&a->pl, &next, err, sizeof err) < 0) {
		draw_message(&a->v, err);
		return REACT_NONE;
	}
	view *v = &a->v;
	v->g = &a->pl.g;
	v->ov = &a->pl.ov;
	v->vr = v->vc = 0;
	v->cr = v->cr < a->pl.g.cur->rows ? v->cr : a->pl.g.cur->rows - 1;
	v->cc = v->cc < a->pl.g.cur->cols ? v->cc : a->pl.g.cur->cols - 1;
	v->msg[0] = '\0';
	return REACT_REDRAW;
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

/* Opened: nothing is saved while editing (the cells leave the undo
 * history), so the game is saved as it stands first. */
static void editor_enter(app *a)
{
	char msg[300];
	if (saving_sync(&a->sv, &a->pl, term_now(), msg, sizeof msg) < 0)
		snprintf(a->v.msg, sizeof a->v.msg, "%.150s", msg);
	else
		a->v.msg[0] = '\0';
	a->sv.paused = true;
	game_clock_pause(&a->pl.g, term_now());
	a->v.what = VIEW_EDIT;
	a->v.hint = -1;
}

static void editor_draw(app *a)
{
	draw_all(&a->v, term_now());
}

/* The edited position becomes the board to play. */
static void editor_leave(app *a)
{
	char err[256];
	board *b = board_clone(a->pl.g.cur);
	a->v.what = VIEW_PLAY;
	a->sv.paused = false;
	if (!b || game_load(&a->pl.g, b, EDITOR_PAR_SECONDS, err, sizeof err) < 0) {
		game_restart(&a->pl.g);
		app_fresh(a);
		draw_message(&a->v, b ? err : "out of memory");
		board_free(b);
		return;
	}
	board_free(b);
	/* A board of the player's own: saved as such (app_fresh saves soon). */
	snprintf(a->pl.origin, sizeof a->pl.origin, "edit");
	app_fresh(a);
	a->pl.assisted = true;	/* set up by hand: no record to beat */
}

static const key_row editor_rows[] = {
	{ { ' ', '\n', '\r', KEY_ENTER }, editor_step, "Space, 0-9", "Space, 0-9", "set the cell: one state up, or that value",
	  "Space, 0-9 set", 1 },
	{ { '0', '1', '2', '3', '4', '5', '6', '7' }, editor_digit, NULL, NULL, NULL, NULL, 0 },
	{ { '8', '9' }, editor_digit, NULL, NULL, NULL, NULL, 0 },
	{ { KEY_BACKSPACE, KEY_DEL, KEY_CTRL('h'), 'x' }, editor_step, "Backspace, x", "Backspace, x",
	  "one state down", "x down", 2 },
	{ { 'c' }, editor_clear, "c", "c", "clear the board", "c clear", 2 },
	{ { 'm', 'o' }, editor_menu, "m, o", "m, o", "change size, rule and k", "m size, rule, k", 2 },
	{ { 'e', KEY_ESC, 'q' }, editor_done, "e, Esc, q", "e, Esc, q", "leave to play", "e, Esc play", 1 },
	{ { KEY_UP, KEY_DOWN, KEY_LEFT, KEY_RIGHT, 'h', 'j', 'k', 'l' }, board_cursor,
	  "\u2190 \u2191 \u2192 \u2193, h j k l", "Arrows, h j k l", "move the cursor", NULL, 0 },
	/* 0 sets a value here: Home alone goes to the first column. */
	{ { KEY_HOME, KEY_END, '$', KEY_PPAGE, 'g', KEY_NPAGE, 'G' }, board_cursor, "Home, End $, PgUp g, PgDn G",
	  "Home, End $, PgUp g, PgDn G", "first, last column; top, bottom row", NULL, 0 },
	{ { KEY_CTRL('l') }, editor_redraw, "Ctrl-L", "Ctrl-L", "redraw the screen", NULL, 0 },
	{ { 0 }, NULL, NULL, NULL, NULL, NULL, 0 },
};

const screen editor_screen = {
	.name = "editor", .title = "Editor", .rows = editor_rows, .enter = editor_enter, .draw = editor_draw,
	.leave = editor_leave,
};
