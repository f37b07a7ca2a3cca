/* The board screen: play.  Its key table is the game's main one; the
 * solution's steps are steps.c's rows, and what a move does to the game is
 * the session's (game/session.c). */
#include "ui/app.h"

#include <curses.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "i18n.h"
#include "ui/reader.h"
#include "ui/steps.h"
#include "game/share.h"
#include "ui/term.h"

static reaction board_forward(app *a, int key)
{
	(void)key;
	app_press(a, +1);
	return REACT_NONE;
}

static reaction board_backward(app *a, int key)
{
	(void)key;
	app_press(a, -1);
	return REACT_NONE;
}

static reaction board_mouse(app *a, int key)
{
	MEVENT ev;
	int r, c;
	bool got = key == KEY_SGR_MOUSE ? term_sgr_mouse(&ev) : getmouse(&ev) == OK;
	if (!got || app_session(a).g->won || !draw_cell_at(&a->v, ev.y, ev.x, &r, &c))
		return REACT_NONE;
	app_cursor_to(a, r, c);
	if (ev.bstate & BUTTON1_PRESSED)
		app_press(a, +1);
	else if (ev.bstate & BUTTON3_PRESSED)
		app_press(a, -1);
	return REACT_NONE;
}

static reaction board_history(app *a, int key)
{
	if (a->v.msg[0])
		app_say(a, "");
	app_react(a, session_undo(a->s, key != 'u', term_now()));
	return REACT_NONE;
}

static void restart_now(app *a)
{
	app_react(a, session_restart(a->s, term_now()));
}

static reaction board_restart(app *a, int key)
{
	const game *g = app_session(a).g;
	/* After a race, r on its board asks the same player for a rematch
	 * (a race's board replayed alone is nobody's race). */
	if (key == 'r' && session_race_rematch_for(a->s)[0]) {
		int ev = session_race_rematch(a->s, term_now());
		app_react(a, ev);
		if (!(ev & SESSION_MESSAGE))
			app_open_race(a);
		return REACT_NONE;
	}
	if (key == 'r' && !g->won) {
		app_say(a, _("r restarts a solved board; R restarts this one (it asks first)."));
		return REACT_NONE;
	}
	if (!game_touched(g))
		return REACT_NONE;
	if (game_in_progress(g))
		app_ask(a, _("Restart this board?"), restart_now, NULL);
	else
		restart_now(a);
	return REACT_NONE;
}

static void new_now(app *a)
{
	app_react(a, session_next_board(a->s, term_now()));
}

/* The question before leaving a board: what it costs, in words. */
/* While racing: the rival, who wins by the forfeit, for the question
 * (one sentence each, with the name in it). */
static bool racing_rival(const app *a, char *name, size_t len)
{
	const racer *r = app_session(a).race;
	if (r->phase != RACE_ON)
		return false;
	name_for_terminal(r->them.name, a->gl.utf8, name, len);
	return true;
}

static bool ask_leave(app *a, bool same_kind, void (*yes)(app *a))
{
	char q[NAME_SHOWN_MAX + 160], name[NAME_SHOWN_MAX];
	if (racing_rival(a, name, sizeof name)) {
		/* TRANSLATORS: %s is the other racer's name. */
		snprintf(q, sizeof q, _("Give up the race for a new board? %s wins by forfeit."), name);
		app_ask(a, q, yes, NULL);
		return true;
	}
	switch (session_leaving(a->s, same_kind)) {
	case SESSION_LEAVE_RUNG:
		snprintf(q, sizeof q, _("Give up this board for a new one? Practice goes down to rung %d."),
			 app_session(a).rung - 1);
		break;
	case SESSION_LEAVE_LOSS:
		snprintf(q, sizeof q, "%s", _("Give up this board for a new one? It counts as a loss."));
		break;
	case SESSION_LEAVE_FREE:
	case SESSION_LEAVE_NEVER:
		return false;
	}
	app_ask(a, q, yes, NULL);
	return true;
}

static reaction board_new_key(app *a, int key)
{
	(void)key;
	if (!ask_leave(a, true, new_now))
		new_now(a);
	return REACT_NONE;
}

static reaction board_menu(app *a, int key)
{
	(void)key;
	app_open_menu(a, false);
	return REACT_NONE;
}

static reaction board_help(app *a, int key)
{
	(void)key;
	app_push(a, &help_screen);
	return REACT_NONE;
}

/* The race left for the lobby: the session forfeits it. */
static void race_to_lobby(app *a)
{
	app_react(a, session_race_leave(a->s, term_now()));
	app_push(a, &lobby_screen);
}

static reaction board_quit(app *a, int key)
{
	(void)key;
	session_view sv = app_session(a);
	char q[NAME_SHOWN_MAX + 160], name[NAME_SHOWN_MAX];
	/* As anywhere on a public account, q goes back to the lobby: the
	 * race is left, and only the lobby's q leaves the arcade. */
	if (racing_rival(a, name, sizeof name)) {
		/* TRANSLATORS: %s is the other racer's name. */
		snprintf(q, sizeof q, a->start.lobby ? _("Leave the race for the lobby? %s wins by forfeit.")
					       : _("Quit and leave the race? %s wins by forfeit."), name);
		app_ask(a, q, a->start.lobby ? race_to_lobby : app_end, NULL);
		return REACT_NONE;
	}
	/* On a public account a board is one room of the arcade: q goes back
	 * to the lobby with the game kept, and only the lobby's q leaves. */
	if (a->start.lobby) {
		app_push(a, &lobby_screen);
		return REACT_NONE;
	}
	if (!game_in_progress(sv.g))
		return REACT_QUIT;
	if (sv.guest && sv.guest_keep[0])
		/* TRANSLATORS: %s is how long ("1 hour"). */
		snprintf(q, sizeof q, _("Quit this game? It is kept for %s for a guest from this address."),
			 sv.guest_keep);
	else
		snprintf(q, sizeof q, "%s",
			 sv.guest ? _("Quit this game? A guest's board is not kept: take its share code along.")
			 : sv.saves ? _("Quit this game? It is saved: lightsout resumes it.")
			 : _("Quit this game? It cannot be saved here."));
	app_ask(a, q, app_end, NULL);
	return REACT_NONE;
}

/* Esc stops the overlay's search; with none running, on a public account
 * it goes back to the lobby as q does. */
static reaction board_escape(app *a, int key)
{
	if (session_plan_stop(a->s)) {
		app_say(a, _("Search stopped: the best found is kept."));
		return REACT_NONE;
	}
	if (a->start.lobby)
		return board_quit(a, key);
	app_say(a, _("Esc stops a search for a shorter solution; q quits."));
	return REACT_NONE;
}

static reaction board_redraw(app *a, int key)
{
	(void)a;
	(void)key;
	clearok(curscr, TRUE);
	return REACT_REDRAW;
}

static reaction board_edit(app *a, int key)
{
	(void)key;
	app_push(a, &editor_screen);
	return REACT_NONE;
}

static reaction board_analysis(app *a, int key)
{
	(void)key;
	app_push(a, &analysis_screen);
	return REACT_NONE;
}

/* The statistics read at the host's turn (no file on a key). */
static void stats_open(app *a)
{
	char msg[300];
	if (app_top(a) != &board_screen)
		return;		/* another key came first */
	char *text = session_stats_text(a->s, msg, sizeof msg);
	if (!text) {
		app_say(a, msg);
		return;
	}
	app_open_page(a, _("Statistics of finished games"), text,
		      _("Arrows and Space scroll; any other key returns to the game."));
	app_redraw(a);
}

static reaction board_stats(app *a, int key)
{
	(void)key;
	app_later(a, stats_open);
	return REACT_NONE;
}

static reaction board_scores(app *a, int key)
{
	(void)key;
	app_open_scores(a, _("Arrows and Space scroll; any other key returns to the game."));
	return REACT_NONE;
}

static reaction board_watch(app *a, int key)
{
	(void)key;
	return app_open_watch(a) ? REACT_REDRAW : REACT_NONE;
}

static reaction board_race(app *a, int key)
{
	(void)key;
	/* A challenge told ("v to take it") is taken at once. */
	int ev = session_race_accept(a->s, term_now());
	if (ev)
		app_react(a, ev);
	if (ev & SESSION_MESSAGE)
		return REACT_NONE;
	return app_open_race(a) ? REACT_REDRAW : REACT_NONE;
}

/* After a race, on its board: a few fixed words to the other racer. */
static reaction board_say(app *a, int key)
{
	char name[NAME_SHOWN_MAX], msg[NAME_SHOWN_MAX + 160];
	const racer *r = app_session(a).race;
	if (!app_session(a).arcade)
		return REACT_NONE;	/* a local game has nobody to say them to */
	int ev = session_race_say(a->s, key - '1');
	if (ev & SESSION_MESSAGE) {
		app_react(a, ev);
		return REACT_NONE;
	}
	name_for_terminal(r->them.name, a->gl.utf8, name, sizeof name);
	snprintf(msg, sizeof msg, _("Said to %s: %s."), name, race_say_words(key - '1'));
	app_say(a, msg);
	return REACT_NONE;
}

static reaction board_share(app *a, int key)
{
	(void)key;
	char msg[300];
	if (session_code_held(a->s, msg, sizeof msg)) {
		app_say(a, msg);
		return REACT_NONE;
	}
	char *text = share_text(app_session(a).g, COLS, a->remote, msg, sizeof msg);
	if (!text) {
		app_say(a, msg);
		return REACT_NONE;
	}
	app_open_page(a, _("Share code"), text, _("Arrows and Space scroll; any other key returns to the game."));
	return REACT_NONE;
}

static reaction board_code(app *a, int key)
{
	(void)key;
	app_push(a, &code_screen);
	return REACT_NONE;
}

static reaction board_preview(app *a, int key)
{
	(void)key;
	a->v.preview = !a->v.preview;
	app_keep_prefs(a, NULL);
	draw_message(&a->v, a->v.preview ? _("Preview on: the cells a press changes are in angle brackets.")
					 : _("Preview off."));
	return REACT_NONE;
}

static void settings_now(app *a)
{
	/* The daily board is the day's for everyone: its own kind, and the
	 * player's default is not changed by asking for it. */
	bool daily = a->settings.mode == PLAY_DAILY;
	game_config cfg = daily ? a->start.daily_cfg : a->settings.cfg;
	if (!daily)
		app_keep_prefs(a, &cfg);
	const char *say = !daily ? _("Saved as your default: the next game starts with this kind of board.")
		: !variant_equal(&a->settings.cfg.v, &cfg.v)
			? _("The daily board is the same board for everyone: its own kind, not the settings'.")
			: NULL;
	int ev = session_new_board(a->s, &cfg, a->settings.mode, true, term_now());
	if (say)
		session_say_when_made(a->s, say);
	app_react(a, ev);
}

/* The settings closed with Enter: a new board of that kind, in that mode,
 * once the player says the board in progress may go. */
static void board_back(app *a, const screen *child)
{
	if (child != &menu_screen || !a->settings.applied)
		return;
	a->settings.applied = false;
	if (!ask_leave(a, false, settings_now))
		settings_now(a);
}

static void board_before(app *a)
{
	steps_clear_marks(a);
}

static void board_draw(app *a)
{
	double now = term_now();
	draw_all(&a->v, now);
	if (a->v.sv.g->won)
		draw_win(&a->v, now);
}

/* One screen on a 24-line terminal: at most 22 listed rows. */
static const key_row board_rows[] = {
	{ { KEY_UP, KEY_DOWN, KEY_LEFT, KEY_RIGHT, 'h', 'j', 'k', 'l' }, app_cursor,
	  /* TRANSLATORS: a key bar's words ("arrows move", "u undo") are
	   * short and begin with their key, which stays. */
	  "\u2190 \u2191 \u2192 \u2193, h j k l", "Arrows, h j k l", N_("move the cursor"), N_("arrows move"), 1 },
	{ { KEY_HOME, '0', KEY_END, '$' }, app_cursor, "Home 0, End $", "Home 0, End $", N_("first, last column"),
	  NULL, 0 },
	{ { KEY_PPAGE, 'g', KEY_NPAGE, 'G' }, app_cursor, "PgUp g, PgDn G", "PgUp g, PgDn G", N_("top, bottom row"),
	  NULL, 0 },
	{ { ' ', '\n', '\r', KEY_ENTER }, board_forward, "Space, Enter", "Space, Enter",
	  N_("press the cell: it and its neighbours change"), N_("Space press"), 1 },
	/* Terminals send DEL or ^H for Backspace; accept all three. */
	{ { KEY_BACKSPACE, KEY_DEL, KEY_CTRL('h'), 'x' }, board_backward, "Backspace, x", "Backspace, x",
	  N_("press backward, one state down (k > 2)"), NULL, 0 },
	{ { KEY_MOUSE, KEY_SGR_MOUSE }, board_mouse, N_("mouse click"), N_("mouse click"),
	  N_("press the cell clicked (right button: backward)"), NULL, 0 },
	{ { 'u', 'U', KEY_CTRL('r') }, board_history, "u; U, Ctrl-R", "u; U, Ctrl-R", N_("undo; redo"), N_("u undo"), 1 },
	{ { 's' }, steps_overlay, "s", "s", N_("solution overlay: mark a minimal solution from here"),
	  N_("s solution"), 2 },
	{ { KEY_ESC }, board_escape, "Esc", "Esc",
	  N_("stop a search, keep the best; else the lobby (arcade)"), NULL, 0 },
	{ { '\t', KEY_BTAB }, steps_tab, "Tab, Shift-Tab", "Tab, Shift-Tab",
	  N_("cursor to the next, previous marked cell"),
	  NULL, 0 },
	{ { 't', 'T' }, steps_step, "t; T", "t; T", N_("next step; play the whole solution (any key stops)"),
	  NULL, 0 },
	{ { 'i' }, steps_hint, "i; C", "i; C", N_("hint: one cell to press; the next light-chasing step"),
	  N_("i hint"), 3 },
	{ { 'C' }, steps_chase, NULL, NULL, NULL, NULL, 0 },
	{ { 'e' }, board_edit, "e", "e", N_("editor: set the cells, then play or solve them"), NULL, 0 },
	{ { 'a' }, board_analysis, "a", "a", N_("analysis: rank, nullity, solutions, quiet patterns"), NULL, 0 },
	{ { 'S' }, board_stats, "S; c; P; L; W; v", "S; c; P; L; W; v",
	  N_("stats; share code; enter a code; leaderboard; watch; race"), NULL, 0 },
	{ { 'c' }, board_share, NULL, NULL, NULL, NULL, 0 },
	{ { 'P' }, board_code, NULL, NULL, NULL, NULL, 0 },
	{ { 'L' }, board_scores, NULL, NULL, NULL, NULL, 0 },
	{ { 'W' }, board_watch, NULL, NULL, NULL, NULL, 0 },
	{ { 'v', 'V' }, board_race, NULL, NULL, NULL, NULL, 0 },
	/* After a race: said by the board's key bar, as r (the help has no
	 * line to spare on a 24-line terminal). */
	{ { '1', '2', '3' }, board_say, NULL, NULL, NULL, NULL, 0 },
	{ { 'R', 'r' }, board_restart, "R, r", "R, r", N_("restart (R asks; r after a win; after a race, a rematch)"),
	  NULL, 0 },
	{ { 'n' }, board_new_key, "n", "n", N_("new board (asks when a game is in progress)"), NULL, 0 },
	{ { 'p' }, board_preview, "p; w", "p; w", N_("preview on/off (what a press changes); the row in words"),
	  NULL, 0 },
	{ { 'w' }, reader_read_row, NULL, NULL, NULL, NULL, 0 },
	{ { 'm', 'o' }, board_menu, "m, o", "m, o", N_("settings: size, rule, states, torus, difficulty"),
	  N_("m settings"), 3 },
	{ { '?' }, board_help, "?", "?", N_("this help and how to play"), N_("? help"), 1 },
	{ { 'q' }, board_quit, "q", "q", N_("quit (asks mid-game); on a public account: lobby"),
	  N_("q quit"), 1 },
	/* Ctrl-Z is the terminal's: a signal, handled by the main loop, and
	 * refused where there is no shell to go back to (over SSH). */
	{ { KEY_CTRL('l') }, board_redraw, "Ctrl-L, Ctrl-Z", "Ctrl-L, Ctrl-Z",
	  /* TRANSLATORS: the part after "; " is Ctrl-Z's, left out where
	   * it is refused: keep the "; " between the two. */
	  N_("redraw the screen; suspend (fg resumes)"), NULL, ROW_SUSPEND },
	{ { 0 }, NULL, NULL, NULL, NULL, NULL, 0 },
};

const screen board_screen = {
	.name = "board", .title = N_("Playing"), .rows = board_rows, .draw = board_draw, .before = board_before,
	.back = board_back, .intercept = steps_key, .tick = steps_due,
	.shows_board = true,
};
