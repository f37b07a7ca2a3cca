/* The lobby: a public account's first screen (lightsout serve, or play
 * --lobby), where a stranger sees at once what there is to do, one key
 * each, the board one key away.  It opens over the board screen, whose
 * free-play board is already made: f only closes the lobby, and the other
 * boards are made by the session as the settings would make them. */
#include <curses.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "formats/lang.h"
#include "game/practice.h"
#include "i18n.h"
#include "persist/name.h"
#include "ui/app.h"
#include "ui/reader.h"
#include "ui/term.h"

static int lobby_live;		/* other games live on this host when the lobby opened */
static int lobby_races;		/* races open to us then (-1: races are not run here) */
static char lobby_record[200];	/* the daily streak and today's result then */
static int lobby_rung;		/* the practice ladder's rung then */

/* The host's live games, ours aside; -1 where there is no host (a local
 * game). */
static int live_count(const app *a)
{
	live_game *list = NULL;
	int n = session_live_games(a->s, &list);
	free(list);
	return n;
}

/* What the lobby says of the host and the player (live games, open races,
 * the daily line, the ladder's rung), read when it opens and when it is
 * back on top, not on every draw. */
static void lobby_read(app *a)
{
	const game_config *cfg = &app_session(a).g->cfg;
	char date[16];
	lobby_live = live_count(a);
	lobby_races = session_races_open(a->s);
	practice_daily_seed(time(NULL), cfg, date, sizeof date);
	session_daily_line(a->s, date, cfg, lobby_record, sizeof lobby_record);
	lobby_rung = session_ladder_rung(a->s, cfg);
}

static void lobby_enter(app *a)
{
	lobby_read(a);
}

/* A line of the lobby at row y, wrapped at a word under its own text
 * (indent: where that starts) when the window is narrow: the rows used. */
static int lobby_line(int y, int indent, const char *text)
{
	return y < LINES - 2 ? draw_wrapped(y, 2, indent, LINES - 3, text) : 1;
}

static void lobby_draw(app *a)
{
	session_view sv = app_session(a);
	const game_config *cfg = &sv.g->cfg;
	char line[NAME_SHOWN_MAX + 240], name[NAME_SHOWN_MAX], date[16];
	int y = 0;
	erase();
	attrset(A_BOLD);
	y += lobby_line(y, 0, "Lights Out");
	attrset(A_NORMAL);
	/* Under 24 rows the blank lines go first: a guest's welcome (three
	 * lines at 60 columns) and every key still fit 20 rows. */
	bool roomy = LINES >= 24;
	y += roomy;
	if (sv.name[0]) {
		name_for_terminal(sv.name, a->gl.utf8, name, sizeof name);
		if (sv.guest && sv.guest_keep[0])
			/* TRANSLATORS: the first %s is the player's name, the second how
			 * long ("1 hour"); at most three lines of 57 columns with them
			 * (a 60-column terminal). */
			snprintf(line, sizeof line, _("Welcome, %s: a guest; a board you leave waits %s for this address. "
						      "To keep your games, make a key (ssh-keygen -t ed25519) and log in "
						      "again."), name, sv.guest_keep);
		else if (sv.guest)
			/* TRANSLATORS: %s is the player's name; at most three lines
			 * of 57 columns with the name (a 60-column terminal). */
			snprintf(line, sizeof line, _("Welcome, %s: a guest, whose games are not kept. To keep yours, "
						      "make a key (ssh-keygen -t ed25519) and log in again."), name);
		else
			snprintf(line, sizeof line, _("Welcome, %s: your games are kept for your key."), name);
		y += lobby_line(y, 0, line);
	}
	practice_daily_seed(time(NULL), cfg, date, sizeof date);
	y += lobby_line(y, 0, lobby_record);
	y += roomy;
	/* The lines after their keys: at most 54 columns each on a
	 * 60-column terminal, or a line wraps and 20 rows lose the last. */
	struct {
		char key;
		char what[160];
	} items[12] = {
		{ 'd', "" }, { 'p', "" }, { 'f', "" }, { 'w', "" }, { 'r', "" }, { 'l', "" },
		{ 'i', "" }, { 'h', "" }, { 'c', "" }, { 'a', "" }, { 's', "" }, { 'q', "" },
	};
	/* TRANSLATORS: the lobby's lines follow their key ("d  today's daily
	 * board ..."): at most 54 columns each, or the line wraps and a
	 * 20-row terminal loses its last one.  %s is the date (2026-11-27). */
	snprintf(items[0].what, sizeof items[0].what, _("today's daily board (%s, the same for everyone)"), date);
	snprintf(items[1].what, sizeof items[1].what, _("practice ladder, at rung %d"), lobby_rung);
	if (game_in_progress(app_session(a).g)) {
		int moves = game_moves(app_session(a).g);
		snprintf(items[2].what, sizeof items[2].what,
			 P_("back to your board (%d move so far)",
			    /* notext: the plural of the message before it */
			    "back to your board (%d moves so far)", moves),
			 moves);
	} else
		snprintf(items[2].what, sizeof items[2].what, _("free play: a random %dx%d board"), cfg->v.rows,
			 cfg->v.cols);
	if (lobby_live < 0)
		snprintf(items[3].what, sizeof items[3].what, "%s", _("live games (on a public account only)"));
	else if (lobby_live == 0)
		snprintf(items[3].what, sizeof items[3].what, "%s", _("live games (nobody else is playing)"));
	else
		snprintf(items[3].what, sizeof items[3].what,
			 P_("live games to watch (%d playing now)", "live games to watch (%d playing now)", lobby_live),
			 lobby_live);
	if (lobby_races < 0)
		snprintf(items[4].what, sizeof items[4].what, "%s", _("race another player (on a public account only)"));
	else if (lobby_races == 0)
		snprintf(items[4].what, sizeof items[4].what, "%s",
			 _("race another player: open a race or challenge one"));
	else
		snprintf(items[4].what, sizeof items[4].what,
			 P_("race another player (%d race open to you)",
			    /* notext: the plural of the message before it */
			    "race another player (%d races open to you)", lobby_races),
			 lobby_races);
	snprintf(items[5].what, sizeof items[5].what, "%s", _("the daily leaderboard"));
	snprintf(items[6].what, sizeof items[6].what, "%s", _("who you are: your key, streak and week"));
	snprintf(items[7].what, sizeof items[7].what, "%s", _("how to play, and the keys"));
	snprintf(items[8].what, sizeof items[8].what, "%s", _("play a share code someone gave you"));
	snprintf(items[9].what, sizeof items[9].what, "%s", a->gl.utf8 ? _("the plain ASCII look") : _("the UTF-8 look"));
	snprintf(items[10].what, sizeof items[10].what, "%s",
		 reader_on(a) ? _("screen-reader mode off") : _("screen-reader mode on"));
	snprintf(items[11].what, sizeof items[11].what, "%s", _("leave the arcade"));
	for (int i = 0; i < 12; i++) {
		snprintf(line, sizeof line, "%c  %s", items[i].key, items[i].what);
		int used = lobby_line(y, 3, line);
		if (y < LINES - 2 && COLS > 3)
			mvchgat(y, 2, 1, A_BOLD, 0, NULL);	/* the key stands out */
		y += used;
	}
	attrset(A_DIM);
	/* TRANSLATORS: the lobby's last line: at most 58 columns. */
	const char *foot = _("Press a key; f: your board (settings, ? help); q leaves.");
	mvaddnstr(LINES - 1, 1, foot, (int)text_fit(foot, COLS - 2));
	attrset(A_NORMAL);
	/* After the foot: a screen reader's long message wraps above it,
	 * not onto it. */
	if (a->v.msg[0])
		draw_message(&a->v, a->v.msg);
}

/* A board of mode for the settings played, made by the session; the
 * lobby goes first, so the board shows under the making. */
static void lobby_make(app *a, play_mode mode)
{
	game_config cfg = mode == PLAY_DAILY ? a->start.daily_cfg : app_session(a).g->cfg;
	app_close(a, &lobby_screen);
	app_react(a, session_new_board(a->s, &cfg, mode, false, term_now()));
}

static reaction lobby_daily(app *a, int key)
{
	(void)key;
	lobby_make(a, PLAY_DAILY);
	return REACT_NONE;
}

static reaction lobby_ladder(app *a, int key)
{
	(void)key;
	lobby_make(a, PLAY_LADDER);
	return REACT_NONE;
}

static reaction lobby_free(app *a, int key)
{
	(void)key;
	app_close(a, &lobby_screen);
	if (app_session(a).making)
		app_push(a, &making_screen);	/* the free board is still being made */
	return REACT_NONE;
}

static reaction lobby_watch(app *a, int key)
{
	(void)key;
	app_open_watch(a);
	return REACT_NONE;
}

static reaction lobby_race(app *a, int key)
{
	/* v takes a challenge told ("v to take it") at once; r lists. */
	int ev = key == 'v' ? session_race_accept(a->s, term_now()) : 0;
	if (ev)
		app_react(a, ev);
	if (ev & SESSION_MESSAGE)
		return REACT_NONE;
	app_open_race(a);
	return REACT_NONE;
}

static reaction lobby_scores(app *a, int key)
{
	(void)key;
	app_open_scores(a, _("Arrows and Space scroll; any other key returns to the lobby."));
	return REACT_NONE;
}

/* i: the player's page, read when asked (files, not every frame). */
static reaction lobby_player(app *a, int key)
{
	(void)key;
	char *text = session_player_text(a->s, &app_session(a).g->cfg, &a->start.daily_cfg);
	if (!text) {
		app_say(a, _("Out of memory: no page."));
		return REACT_NONE;
	}
	app_open_page(a, _("Who you are"), text, _("Arrows and Space scroll; any other key returns to the lobby."));
	return REACT_NONE;
}

static reaction lobby_help(app *a, int key)
{
	(void)key;
	app_push(a, &help_screen);
	return REACT_NONE;
}

static reaction lobby_code(app *a, int key)
{
	(void)key;
	app_push(a, &code_screen);
	return REACT_NONE;
}

/* Only the lobby's q leaves the arcade: a game in progress is asked
 * about, as the board asked before. */
/* a: the plain ASCII look or UTF-8's, kept with the player's settings
 * (a client that sends no locale is drawn in UTF-8). */
static reaction lobby_look(app *a, int key)
{
	(void)key;
	bool ascii = a->gl.utf8;
	glyphs_init(&a->gl, ascii);
	if (!ascii && !a->gl.utf8) {
		app_say(a, _("This terminal's locale is not UTF-8: the plain ASCII look stays."));
		return REACT_NONE;
	}
	a->kept.prefs.ascii = ascii, a->kept.prefs.has_ascii = true;
	a->reader.look_ascii = ascii;
	app_keep_prefs(a, NULL);
	clearok(curscr, TRUE);
	app_say(a, ascii ? _("The plain ASCII look: a again for UTF-8.") : _("The UTF-8 look: a again for plain ASCII."));
	return REACT_REDRAW;
}

static reaction lobby_quit(app *a, int key)
{
	(void)key;
	session_view sv = app_session(a);
	if (!game_in_progress(sv.g))
		return REACT_QUIT;
	/* A guest's board is kept for a while for its address, or not at all:
	 * never "here when you come back" (serve keeps it, or says why not). */
	char q[300];
	if (sv.guest && sv.guest_keep[0])
		/* TRANSLATORS: %s is how long ("1 hour"). */
		snprintf(q, sizeof q, _("Leave? Your board is kept for %s for a guest from this address."), sv.guest_keep);
	else
		snprintf(q, sizeof q, "%s",
			 sv.guest ? _("Leave? A guest's board is not kept here: you take its share code along.")
			 : sv.saves ? _("Leave? Your board is saved: it is here when you come back.")
			 : _("Leave? Your board cannot be saved here."));
	app_ask(a, q, app_end, NULL);
	return REACT_NONE;
}

/* Back from a screen it opened: a code played closes the lobby too, and
 * the live games are counted again. */
static void lobby_back(app *a, const screen *child)
{
	if (child == &code_screen && a->code_played) {
		app_close(a, &lobby_screen);
		return;
	}
	lobby_read(a);
}

static const key_row lobby_rows[] = {
	{ { 'd' }, lobby_daily, "d", "d", N_("today's daily board"), NULL, 0 },
	{ { 'p' }, lobby_ladder, "p", "p", N_("the practice ladder, at your rung"), NULL, 0 },
	/* Esc is "back", and the lobby is the top: it has none. */
	{ { 'f', '\n', '\r', KEY_ENTER }, lobby_free, "f, Enter", "f, Enter", N_("free play, or back to your board"),
	  NULL, 0 },
	{ { 'w', 'W' }, lobby_watch, "w", "w", N_("live games to watch"), NULL, 0 },
	{ { 'r', 'v' }, lobby_race, "r", "r", N_("race another player on the same board"), NULL, 0 },
	{ { 'l', 'L' }, lobby_scores, "l", "l", N_("the daily leaderboard"), NULL, 0 },
	{ { 'i' }, lobby_player, "i", "i", N_("who you are: name, key, daily streak, rung, the week's results"),
	  NULL, 0 },
	{ { 'h', '?' }, lobby_help, "h, ?", "h, ?", N_("how to play, and the keys"), NULL, 0 },
	{ { 'c', 'P' }, lobby_code, "c", "c", N_("play a share code"), NULL, 0 },
	{ { 'a' }, lobby_look, "a", "a", N_("the plain ASCII look, or UTF-8's"), NULL, 0 },
	{ { 's' }, reader_toggle, "s", "s", N_("screen-reader mode on or off"), NULL, 0 },
	{ { 'q' }, lobby_quit, "q", "q", N_("leave the arcade (asks when a game is in progress)"), NULL, 0 },
	{ { 0 }, NULL, NULL, NULL, NULL, NULL, 0 },
};

const screen lobby_screen = {
	.name = "lobby", .title = N_("The lobby (lightsout serve)"), .rows = lobby_rows, .draw = lobby_draw,
	.enter = lobby_enter, .back = lobby_back,
};
