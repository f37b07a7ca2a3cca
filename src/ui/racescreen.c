/* The race screen on a public account (v on the board, r in the lobby):
 * open a race anyone may take, challenge a player online, or take a race
 * open to you; then the wait and the countdown.  The race itself (its
 * board, its course, who won) is the session's (game/race.c); this screen
 * lists, draws the snapshot and calls the session's verbs, and says the
 * race's news in words (race_news). */
#include <curses.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "formats/lang.h"
#include "i18n.h"
#include "persist/name.h"
#include "ui/app.h"
#include "ui/term.h"

#define RACE_LIST_EVERY 1.0	/* seconds between listings on the screen */

/* The screen's own state: the list and its news line. */
static struct {
	race_entry *items;
	int nitems, sel;
	double listed_at;
	char line[240];
} races;

static void list_refresh(app *a)
{
	free(races.items);
	races.items = NULL;
	races.nitems = session_race_list(a->s, &races.items);
	races.listed_at = term_now();
	if (races.sel >= races.nitems)
		races.sel = races.nitems ? races.nitems - 1 : 0;
}

/* Where a player is, in words (a live file's place), and whether a
 * guest: the brackets after their name. */
static const char *place_words(arcade_place place, bool guest)
{
	switch (place) {
	case PLACE_LOBBY:
		/* TRANSLATORS: where a player one may challenge is, in
		 * brackets after their name ("challenge bob (a guest, in the
		 * lobby)"). */
		return guest ? _("a guest, in the lobby") : _("in the lobby");
	case PLACE_DAILY:
		return guest ? _("a guest, on the daily board") : _("on the daily board");
	case PLACE_LADDER:
		return guest ? _("a guest, on the practice ladder") : _("on the practice ladder");
	case PLACE_FREE:
		break;
	}
	return guest ? _("a guest, playing a free board") : _("playing a free board");
}

/* A line of the screen at (y, x), cut to room columns. */
static void put_cut(int y, int x, const char *s, int room)
{
	mvaddnstr(y, x, s, (int)text_fit(s, room));
}

/* One line a person: their race to take, or them to challenge; one pair
 * of brackets (a guest said inside them). */
static void item_text(const app *a, const race_entry *e, char *buf, size_t len)
{
	char name[NAME_SHOWN_MAX];
	name_for_terminal(e->name, a->gl.utf8, name, sizeof name);
	if (e->take && e->to_us && e->one_net)
		/* TRANSLATORS: the first %s is a player's name, the second the
		 * race's board (5x5 plus). */
		snprintf(buf, len, _("take %s's race, a challenge to you (%s), not ranked: one network"), name,
			 e->variant);
	else if (e->take && e->to_us)
		snprintf(buf, len, _("take %s's race, a challenge to you (%s)"), name, e->variant);
	else if (e->take && e->one_net)
		snprintf(buf, len, _("take %s's race (%s), not ranked: one network"), name, e->variant);
	else if (e->take)
		snprintf(buf, len, _("take %s's race (%s)"), name, e->variant);
	else
		/* TRANSLATORS: %s is a player's name, then where they are. */
		snprintf(buf, len, _("challenge %s (%s)"), name, place_words(e->place, e->guest));
}

/* Opened from the lobby, the board played is not in view: "yours" says
 * nothing there, its size does. */
static bool from_lobby(const app *a)
{
	return a->depth >= 2 && a->stack[a->depth - 2] == &lobby_screen;
}

static void race_draw(app *a)
{
	char line[1024], name[NAME_SHOWN_MAX];
	const racer *r = app_session(a).race;
	int y = 0, room = COLS - 4 > 0 ? COLS - 4 : 0;
	erase();
	attrset(A_BOLD);
	put_cut(y++, 1, _("Races"), COLS - 2);
	attrset(A_NORMAL);
	y += draw_wrapped(y, 2, 0, LINES - 3,
			  _("Two players, the same board, the same moment: the first to clear it wins."));
	y++;
	name_for_terminal(r->them.name, a->gl.utf8, name, sizeof name);
	if (r->phase == RACE_MAKING || r->phase == RACE_WAITING) {
		if (r->phase == RACE_MAKING)
			snprintf(line, sizeof line, "%s", _("Making the race's board..."));
		else if (r->offer.to[0]) {
			name_for_terminal(r->offer.to, a->gl.utf8, name, sizeof name);
			/* TRANSLATORS: %s is a player's name, then the race's board (5x5 plus). */
			snprintf(line, sizeof line, _("Waiting for %s to take your challenge (%s)..."), name,
				 r->offer.variant);
		} else
			/* TRANSLATORS: %s is the race's board (5x5 plus). */
			snprintf(line, sizeof line, _("Your race is open (%s): waiting for somebody to take it..."),
				 r->offer.variant);
		y += draw_wrapped(y, 2, 0, LINES - 3, line);
		put_cut(LINES - 1, 1, _("q or Esc: take the race back"), COLS - 2);
	} else if (r->phase == RACE_COUNTDOWN) {
		/* TRANSLATORS: %s is the other racer's name, %lld the seconds left. */
		snprintf(line, sizeof line, _("Racing %s: the board in %lld..."), name, racer_count_left(r));
		attrset(A_BOLD);
		put_cut(y++, 2, line, room);
		attrset(A_NORMAL);
		put_cut(LINES - 1, 1, _("The board comes at the same moment for both of you."), COLS - 2);
	} else {
		char what[200];
		if (from_lobby(a)) {
			const game_config *cfg = &app_session(a).g->cfg;
			snprintf(what, sizeof what, _("open a race anyone can take (a random %dx%d board)"), cfg->v.rows,
				 cfg->v.cols);
		} else
			snprintf(what, sizeof what, "%s", _("open a race anyone can take (a board like yours)"));
		snprintf(line, sizeof line, "o  %s", what);
		y += draw_wrapped(y, 2, 3, LINES - 3, line);
		if (COLS > 3)
			mvchgat(y - 1, 2, 1, A_BOLD, 0, NULL);
		/* After a race: a few fixed words to the other racer. */
		if (r->ended != RACE_END_NONE && r->them.name[0]) {
			/* TRANSLATORS: %s is the other racer's name, then the words
			 * keys 1, 2 and 3 say to them (good game, again?, well played). */
			snprintf(line, sizeof line, _("After the race with %s: 1 %s, 2 %s, 3 %s"), name,
				 race_say_words(0), race_say_words(1), race_say_words(2));
			y += draw_wrapped(y, 2, 3, LINES - 3, line);
		}
		y++;
		if (!races.nitems)
			y += draw_wrapped(y, 2, 0, LINES - 3,
					  _("No race open to you, and nobody else to challenge right now."));
		for (int i = 0; i < races.nitems && y < LINES - 3; i++) {
			item_text(a, &races.items[i], line, sizeof line);
			if (i == races.sel)
				attrset(A_REVERSE);
			put_cut(y++, 2, line, room);
			attrset(A_NORMAL);
		}
		/* TRANSLATORS: the race screen's last line, wide (a terminal of
		 * 72 columns or more) and narrow (at most 58 columns). */
		const char *wide = _("Up/Down choose, Enter take or challenge, o open a race, Esc or q back");
		const char *narrow = _("Enter: take or challenge; o: open; q: back");
		put_cut(LINES - 1, 1, COLS >= 72 && text_cols(wide) <= COLS - 2 ? wide : narrow, COLS - 2);
	}
	if (races.line[0])
		put_cut(LINES - 2, 2, races.line, room);
}

/* A verb's answer: its message on the screen's news line. */
static void heard(app *a, int ev)
{
	races.line[0] = '\0';
	if (ev & SESSION_MESSAGE)
		snprintf(races.line, sizeof races.line, "%s", app_session(a).msg);
}

static reaction race_open_any(app *a, int key)
{
	(void)key;
	if (app_session(a).race->phase == RACE_IDLE)
		heard(a, session_race_open(a->s, "", term_now()));
	return REACT_REDRAW;
}

static reaction race_choose(app *a, int key)
{
	(void)key;
	if (app_session(a).race->phase != RACE_IDLE || !races.nitems)
		return REACT_NONE;
	int ev = session_race_take(a->s, &races.items[races.sel], term_now());
	heard(a, ev);
	if (ev & SESSION_MESSAGE)
		list_refresh(a);
	return REACT_REDRAW;
}

/* v: the challenge told ("v to take it"), taken from the list too. */
static reaction race_accept(app *a, int key)
{
	(void)key;
	if (app_session(a).race->phase != RACE_IDLE)
		return REACT_NONE;
	int ev = session_race_accept(a->s, term_now());
	if (!ev)
		return REACT_NONE;
	heard(a, ev);
	if (ev & SESSION_MESSAGE)
		list_refresh(a);
	return REACT_REDRAW;
}

static reaction race_say_key(app *a, int key)
{
	char name[NAME_SHOWN_MAX];
	const racer *r = app_session(a).race;
	int ev = session_race_say(a->s, key - '1');
	heard(a, ev);
	if (!(ev & SESSION_MESSAGE)) {
		name_for_terminal(r->them.name, a->gl.utf8, name, sizeof name);
		/* TRANSLATORS: %s is the other racer's name, then the words said (good game). */
		snprintf(races.line, sizeof races.line, _("Said to %s: %s."), name, race_say_words(key - '1'));
	}
	return REACT_REDRAW;
}

static reaction race_move(app *a, int key)
{
	if (races.nitems && app_session(a).race->phase == RACE_IDLE)
		races.sel = (races.sel + (key == KEY_UP || key == 'k' ? -1 : 1) + races.nitems) % races.nitems;
	return REACT_REDRAW;
}

static reaction race_back(app *a, int key)
{
	(void)key;
	if (app_session(a).race->phase == RACE_IDLE)
		return REACT_LEAVE | REACT_REDRAW;
	heard(a, session_race_leave(a->s, term_now()));
	if (app_session(a).race->phase == RACE_IDLE)
		list_refresh(a);
	return REACT_REDRAW;
}

static void race_poll(app *a, double now)
{
	if (app_session(a).race->phase == RACE_IDLE && now - races.listed_at >= RACE_LIST_EVERY) {
		list_refresh(a);
		race_draw(a);
	}
}

static void race_enter(app *a)
{
	races.line[0] = '\0';
	races.sel = 0;
	if (app_session(a).race->phase == RACE_IDLE)
		list_refresh(a);
}

static void race_leave(app *a)
{
	(void)a;
	free(races.items);
	races.items = NULL;
	races.nitems = 0;
}

/* ---- The race's news, in words, wherever the player is ---- */

static void result_text(const app *a, const racer *rc, char *buf, size_t len)
{
	const race_result *r = &rc->result;
	char name[NAME_SHOWN_MAX], par[24] = "", said[200];
	bool mine = rc->mine, forfeit = r->kind == RACE_FORFEIT;
	name_for_terminal(mine ? r->loser.name : r->winner.name, a->gl.utf8, name, sizeof name);
	if (r->par >= 0)
		/* TRANSLATORS: after the moves of a race won ("12 moves (par 10) in 0:42.3"). */
		snprintf(par, sizeof par, _(" (par %d)"), r->par);
	/* The time as the banner and the day's table say it, to the tenth. */
	char t[32];
	snprintf(t, sizeof t, "%lld:%02lld.%lld", r->ms / 60000, r->ms / 1000 % 60, r->ms / 100 % 10);
	/* Two keys' race not ranked: the reason, said to both, and the line
	 * kept short enough for it. */
	bool why = r->rank != RACE_RANKED && r->rank != RACE_UNRANKED_GUEST;
	/* TRANSLATORS: after the time of a race won by a player who used
	 * help (the solution, hints). */
	const char *assisted = r->assisted ? _(", assisted") : "";
	char words[200];
	/* No result at all: said as such to both, and nothing else. */
	if (r->kind == RACE_VOID) {
		if (mine)
			/* TRANSLATORS: %s is the other racer's name. */
			snprintf(buf, len, _("%s had help: the race is void, nothing counts."), name);
		else
			snprintf(buf, len, _("You had help: the race against %s is void, nothing counts."), name);
		return;
	}
	if (r->rank == RACE_UNRANKED_EARLY) {
		if (mine)
			/* TRANSLATORS: %s is the other racer's name. */
			snprintf(buf, len, _("%s left the race before a move: no result, nothing counts."), name);
		else
			snprintf(buf, len, "%s", _("You left the race before a move: no result, nothing counts."));
		return;
	}
	if (forfeit && mine)
		/* TRANSLATORS: %s is the other racer's name. */
		snprintf(said, sizeof said, _("%s left the race: you win by forfeit"), name);
	else if (forfeit)
		snprintf(said, sizeof said, _("You left the race: %s wins by forfeit"), name);
	else if (mine && why)
		snprintf(said, sizeof said, _("You won the race against %s"), name);
	else if (why)
		snprintf(said, sizeof said, _("%s won the race"), name);
	else if (mine)
		snprintf(said, sizeof said,
			 /* TRANSLATORS: a name, the moves, " (par N)" or nothing,
			  * the time (1:02.3), then ", assisted" or nothing. */
			 P_("You won the race against %s: %d moves%s in %s%s",
			    "You won the race against %s: %d moves%s in %s%s", r->moves),
			 name, r->moves, par, t, assisted);
	else
		snprintf(said, sizeof said,
			 P_("%s won the race: %d moves%s in %s%s", "%s won the race: %d moves%s in %s%s", r->moves),
			 name, r->moves, par, t, assisted);
	if (why)
		/* TRANSLATORS: the result above, then why the race does not count. */
		snprintf(buf, len, _("%s; not ranked: %s."), said, race_rank_words(r->rank, rc->history, words, sizeof words));
	else
		snprintf(buf, len, "%s.", said);
}

static void race_news(app *a, int ev)
{
	char name[NAME_SHOWN_MAX], msg[NAME_SHOWN_MAX + 200];
	const racer *r = app_session(a).race;
	if (ev & SESSION_RACE_START) {
		app_close(a, &race_screen);
		app_close(a, &lobby_screen);
		a->v.lay.vr = a->v.lay.vc = 0;
		app_redraw(a);
		name_for_terminal(r->them.name, a->gl.utf8, name, sizeof name);
		snprintf(msg, sizeof msg, _("Race against %s: go!  The first to clear the board wins."), name);
		app_say(a, msg);
	}
	if (ev & SESSION_RACE_OVER) {
		if (r->ended == RACE_END_DECIDED)
			result_text(a, r, msg, sizeof msg);
		else
			snprintf(msg, sizeof msg, "%s", _("The race ended: the other player left it."));
		/* Both are told what comes next, as much as fits the line: the
		 * board's keys after a race, else the rematch alone. */
		char next[200];
		snprintf(next, sizeof next, "  %s  %s  %s", _("r rematch"), _("1 2 3 say"), _("q lobby"));
		/* TRANSLATORS: after a race's result, where it fits: keep the two spaces and r. */
		const char *tries[] = { next, _("  r: a rematch") };
		for (size_t i = 0; i < 2 && r->ended == RACE_END_DECIDED && session_race_rematch_for(a->s)[0]; i++)
			if (text_cols(msg) + text_cols(tries[i]) + 2 < COLS && strlen(msg) + strlen(tries[i]) < sizeof msg) {
				strcat(msg, tries[i]);
				break;
			}
		app_say(a, msg);
	}
	if (ev & SESSION_RACE_CHALLENGE) {
		const char *again = session_race_rematch_for(a->s);
		name_for_terminal(r->challenger, a->gl.utf8, name, sizeof name);
		if (again[0] && !strcmp(again, r->challenger))
			snprintf(msg, sizeof msg, _("%s asks for a rematch: r takes it."), name);
		else
			snprintf(msg, sizeof msg, _("%s challenges you to a race: v to take it."), name);
		app_say(a, msg);
	}
	if (ev & SESSION_RACE_TAKEN) {
		name_for_terminal(r->them.name, a->gl.utf8, name, sizeof name);
		snprintf(msg, sizeof msg, _("%s took your race: the board comes in a moment."), name);
		if (app_top(a) != &race_screen)
			app_say(a, msg);
	}
	if (ev & SESSION_RACE_WORDS) {
		name_for_terminal(r->them.name, a->gl.utf8, name, sizeof name);
		/* TRANSLATORS: the other racer's name, then their words (good game). */
		snprintf(msg, sizeof msg, _("%s says: %s"), name, race_say_words(r->heard));
		if (app_top(a) == &race_screen)
			snprintf(races.line, sizeof races.line, "%s", msg);
		app_say(a, msg);
	}
	/* A player on another screen, or looking away, hears it too. */
	if (ev & (SESSION_RACE_CHALLENGE | SESSION_RACE_TAKEN | SESSION_RACE_OVER | SESSION_RACE_WORDS))
		beep();
	if ((ev & SESSION_RACE) && app_top(a) == &race_screen) {
		if (r->phase == RACE_IDLE)
			list_refresh(a);
		race_draw(a);
	}
}

static const key_row race_rows[] = {
	{ { KEY_UP, 'k' }, race_move, "Up, k", "Up, k", N_("the race or player above"), NULL, 0 },
	{ { KEY_DOWN, 'j' }, race_move, "Down, j", "Down, j", N_("the one below"), NULL, 0 },
	{ { '\n', '\r', KEY_ENTER }, race_choose, "Enter", "Enter", N_("take the race, or challenge the player"),
	  NULL, 0 },
	{ { 'o' }, race_open_any, "o", "o", N_("open a race anyone can take"), NULL, 0 },
	{ { 'v' }, race_accept, "v", "v", N_("take the challenge you were told of"), NULL, 0 },
	{ { '1', '2', '3' }, race_say_key, "1 2 3", "1 2 3", N_("after a race: good game, again?, well played"),
	  NULL, 0 },
	{ { 'q', KEY_ESC }, race_back, "q, Esc", "q, Esc", N_("back (an open race is taken back)"), NULL, 0 },
	{ { 0 }, NULL, NULL, NULL, NULL, NULL, 0 },
};

const screen race_screen = {
	.name = "race", .title = N_("Races (a public account)"), .rows = race_rows, .draw = race_draw,
	.enter = race_enter, .leave = race_leave, .poll = race_poll, .news = race_news,
};
