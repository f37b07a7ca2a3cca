/* Entering a share code in the game (P on the board, c in the lobby): a
 * one-line field that takes a code typed or pasted, and plays its board
 * with its own rule, k and torus.  A bad code is refused with the
 * decoder's reason, the field kept open to mend it; a code pasted in
 * pieces (the share page breaks a long one into lines, and each line
 * break arrives as Enter) goes on growing after its first piece is
 * refused as truncated. */
#include <curses.h>
#include <stdio.h>
#include <string.h>

#include "engine/sharecode.h"
#include "formats/lang.h"
#include "i18n.h"
#include "ui/app.h"
#include "ui/reader.h"
#include "ui/term.h"

#define CODE_BOX_ROWS 7
#define CODE_BOX_COLS 76

/* The field's own state: the code typed, why it was refused, a board
 * decoded and waiting for the player to leave the one played. */
typedef struct code_entry {
	char text[CODE_ENTRY_MAX + 1];
	size_t len;
	char why[400];		/* why the last code was refused, or "" */
	board *pending;
	game_config cfg;	/* ... and its variant */
} code_entry;
static code_entry typed;

/* A line of the box at (y, x), cut to room columns. */
static void put_cut(int y, int x, const char *s, int room)
{
	mvaddnstr(y, x, s, (int)text_fit(s, room));
}

static void code_draw(app *a)
{
	code_entry *ce = &typed;
	int w = COLS - 2 < CODE_BOX_COLS ? COLS - 2 : CODE_BOX_COLS;
	int y = (LINES - CODE_BOX_ROWS) / 2, x = (COLS - w) / 2;
	if (w < 20 || y < 0)
		return;		/* the "too small" screen says it */
	attrset(A_NORMAL);
	draw_box(&a->gl, y, x, CODE_BOX_ROWS, w);
	int room = w - 4;
	attrset(A_BOLD);
	/* TRANSLATORS: the share code box's lines: at most 54 columns each. */
	put_cut(y + 1, x + 2, _("Play a share code"), room);
	attrset(A_NORMAL);
	put_cut(y + 2, x + 2, _("Paste or type it, then Enter.  Esc: back"), room);
	/* The field: its end, where the typing is, with a count once long. */
	char count[32] = "";
	if (ce->len > (size_t)room - 4)
		snprintf(count, sizeof count, " (%zu)", ce->len);
	int shown = room - 3 - (int)strlen(count);
	const char *tail = ce->len > (size_t)shown ? ce->text + ce->len - shown : ce->text;
	mvaddstr(y + 3, x + 2, "> ");
	addnstr(tail, shown);
	/* A screen reader's cursor is the terminal's, where the next
	 * character goes: no drawn one. */
	int fy, fx;
	getyx(stdscr, fy, fx);
	reader_focus(a, fy, fx, NULL);
	if (!a->gl.reader)
		addstr(a->gl.utf8 ? "\u2581" : "_");
	addstr(count);
	if (ce->why[0]) {
		attrset(A_BOLD);
		put_cut(y + 5, x + 2, ce->why, room);
		attrset(A_NORMAL);
	} else
		put_cut(y + 5, x + 2, _("Case, spaces, dashes and line breaks do not matter."), room);
}

static void code_enter(app *a)
{
	code_entry *ce = &typed;
	ce->len = 0;
	ce->text[0] = '\0';
	ce->why[0] = '\0';
	a->code_played = false;
}

static void code_drop_pending(void)
{
	board_free(typed.pending);
	typed.pending = NULL;
}

static void code_leave(app *a)
{
	(void)a;
	code_drop_pending();
}

/* The pending board, played: the field closes, and the lobby under it. */
static void code_play(app *a)
{
	code_entry *ce = &typed;
	board *b = ce->pending;
	ce->pending = NULL;
	if (!b)
		return;
	int ev = session_play_board(a->s, b, &ce->cfg, term_now());
	if (!(ev & SESSION_BOARD)) {
		snprintf(ce->why, sizeof ce->why, "%s", app_session(a).msg);
		app_redraw(a);
		return;
	}
	a->code_played = true;
	app_close(a, &code_screen);
	a->v.lay.vr = a->v.lay.vc = 0;
	app_react(a, ev);
	if (!(ev & SESSION_MESSAGE))
		app_say(a, _("The share code's board: free play, with its own rule and k."));
}

static void code_keep(app *a)
{
	code_drop_pending();
	snprintf(typed.why, sizeof typed.why, "%s", _("Kept your board: Esc goes back to it."));
	app_redraw(a);
}

static reaction code_submit(app *a, int key)
{
	(void)key;
	code_entry *ce = &typed;
	sharecode sc;
	if (!ce->len) {
		snprintf(ce->why, sizeof ce->why, "%s", _("Paste a share code first: it starts with LO."));
		return REACT_REDRAW;
	}
	if (sharecode_decode(ce->text, &sc, ce->why, sizeof ce->why) != LO_OK)
		return REACT_REDRAW;	/* the decoder's reason, under the field */
	if (sc.graph) {
		sharecode_free(&sc);
		snprintf(ce->why, sizeof ce->why, "%s", _("A graph's code: the game here plays grids, hex and cubes only."));
		return REACT_REDRAW;
	}
	code_drop_pending();
	memset(&ce->cfg, 0, sizeof ce->cfg);
	ce->cfg.v = sc.v;
	ce->cfg.par = -1;
	ce->pending = sc.board;
	sc.board = NULL;
	sharecode_free(&sc);
	ce->why[0] = '\0';
	switch (session_leaving(a->s, false)) {
	case SESSION_LEAVE_RUNG:
		app_ask(a, _("Give up your board for this one? Practice goes down a rung."), code_play, code_keep);
		break;
	case SESSION_LEAVE_LOSS:
		app_ask(a, _("Give up your board for this one? It counts as a loss."), code_play, code_keep);
		break;
	case SESSION_LEAVE_FREE:
	case SESSION_LEAVE_NEVER:
		code_play(a);
		break;
	}
	return REACT_NONE;
}

static reaction code_erase(app *a, int key)
{
	code_entry *ce = &typed;
	if (key == KEY_CTRL('u'))
		ce->len = 0;
	else if (ce->len)
		ce->len--;
	ce->text[ce->len] = '\0';
	ce->why[0] = '\0';
	code_draw(a);
	return REACT_NONE;
}

static reaction code_back(app *a, int key)
{
	(void)a;
	(void)key;
	return REACT_LEAVE;
}

/* A character of the code: what a terminal pastes arrives key by key. */
static reaction code_char(app *a, int key)
{
	code_entry *ce = &typed;
	if (key < 0x20 || key > 0x7e)
		return REACT_NONE;
	if (ce->len == CODE_ENTRY_MAX) {
		snprintf(ce->why, sizeof ce->why, _("Longer than any code the game takes here (%d characters)."),
			 CODE_ENTRY_MAX);
	} else {
		ce->text[ce->len++] = (char)key;
		ce->text[ce->len] = '\0';
	}
	code_draw(a);
	return REACT_NONE;
}

static const key_row code_rows[] = {
	{ { '\n', '\r', KEY_ENTER }, code_submit, "Enter", "Enter",
	  N_("play the code's board (a bad code: the reason)"), NULL, 0 },
	{ { KEY_BACKSPACE, KEY_DEL, KEY_CTRL('h'), KEY_CTRL('u') }, code_erase, "Backspace; Ctrl-U", "Backspace; Ctrl-U",
	  N_("erase a character; all of it"), NULL, 0 },
	{ { KEY_ESC }, code_back, "Esc", "Esc", N_("back, no board played"), NULL, 0 },
	{ { 0 }, NULL, N_("letters, digits, paste"), N_("letters, digits, paste"),
	  N_("the code (case, spaces, dashes and line breaks do not matter)"), NULL, 0 },
	{ { 0 }, NULL, NULL, NULL, NULL, NULL, 0 },
};

const screen code_screen = {
	.name = "code", .title = N_("Entering a share code (P)"), .rows = code_rows, .other = code_char,
	.draw = code_draw, .enter = code_enter, .leave = code_leave, .over_board = true,
};
