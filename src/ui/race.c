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

static void item_text(const app *a, const race_entry *e, char *buf, size_t len)
{
	char name[NAME_SHOWN_MAX];
	name_for_terminal(e->name, a->gl.utf8, name, sizeof name);
	if (e->take)
		snprintf(buf, len, "take %s's race%s (%s)%s", name, e->to_us ? ", a challenge to you" : "", e->variant,
			 e->one_net ? ", not ranked: one network" : "");
	else
		snprintf(buf, len, "challenge %s%s (playing %s)", name, e->guest ? " (guest)" : "", e->variant);
}

static void race_draw(app *a)
{
	char line[1024], name[NAME_SHOWN_MAX];
	const racer *r = app_session(a).race;
	int y = 0, room = COLS - 4 > 0 ? COLS - 4 : 0;
	erase();
	attrset(A_BOLD);
	mvaddnstr(y++, 1, "Races", COLS - 2);
	attrset(A_NORMAL);
	mvaddnstr(y++, 2, "Two players, the same board, the same moment: the first to clear it wins.", room);
	y++;
	name_for_terminal(r->them.name, a->gl.utf8, name, sizeof name);
	if (r->phase == RACE_MAKING || r->phase == RACE_WAITING) {
		if (r->phase == RACE_MAKING)
			snprintf(line, sizeof line, "Making the race's board...");
		else if (r->offer.to[0]) {
			name_for_terminal(r->offer.to, a->gl.utf8, name, sizeof name);
			snprintf(line, sizeof line, "Waiting for %s to take your challenge (%s)...", name, r->offer.variant);
		} else
			snprintf(line, sizeof line, "Your race is open (%s): waiting for somebody to take it...",
				 r->offer.variant);
		mvaddnstr(y++, 2, line, room);
		mvaddnstr(LINES - 1, 1, "q or Esc: take the race back", COLS - 2);
	} else if (r->phase == RACE_COUNTDOWN) {
		snprintf(line, sizeof line, "Racing %s: the board in %lld...", name, racer_count_left(r));
		attrset(A_BOLD);
		mvaddnstr(y++, 2, line, room);
		attrset(A_NORMAL);
		mvaddnstr(LINES - 1, 1, "The board comes at the same moment for both of you.", COLS - 2);
	} else {
		mvaddnstr(y++, 2, "o  open a race anyone can take (a board like yours)", room);
		if (COLS > 3)
			mvchgat(y - 1, 2, 1, A_BOLD, 0, NULL);
		y++;
		if (!races.nitems)
			mvaddnstr(y++, 2, "No race open to you, and nobody else to challenge right now.", room);
		for (int i = 0; i < races.nitems && y < LINES - 3; i++) {
			item_text(a, &races.items[i], line, sizeof line);
			if (i == races.sel)
				attrset(A_REVERSE);
			mvaddnstr(y++, 2, line, room);
			attrset(A_NORMAL);
		}
		mvaddnstr(LINES - 1, 1, "Up/Down choose, Enter take or challenge, o open a race, Esc or q back", COLS - 2);
	}
	if (races.line[0])
		mvaddnstr(LINES - 2, 2, races.line, room);
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
		snprintf(par, sizeof par, " (par %d)", r->par);
	long long s = r->ms / 1000;
	/* Two keys' race not ranked: the reason, said to both, and the line
	 * kept short enough for it. */
	bool why = r->rank != RACE_RANKED && r->rank != RACE_UNRANKED_GUEST;
	if (forfeit && mine)
		snprintf(said, sizeof said, "%s left the race: you win by forfeit", name);
	else if (forfeit)
		snprintf(said, sizeof said, "You left the race: %s wins by forfeit", name);
	else if (mine && why)
		snprintf(said, sizeof said, "You won the race against %s", name);
	else if (why)
		snprintf(said, sizeof said, "%s won the race", name);
	else if (mine)
		snprintf(said, sizeof said, "You won the race against %s: %d moves%s in %lld:%02lld%s", name, r->moves,
			 par, s / 60, s % 60, r->assisted ? ", assisted" : "");
	else
		snprintf(said, sizeof said, "%s won the race: %d moves%s in %lld:%02lld%s", name, r->moves, par, s / 60,
			 s % 60, r->assisted ? ", assisted" : "");
	if (why)
		snprintf(buf, len, "%s; not ranked: %s.", said, race_rank_words(r->rank));
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
		snprintf(msg, sizeof msg, "Race against %s: go!  The first to clear the board wins.", name);
		app_say(a, msg);
	}
	if (ev & SESSION_RACE_OVER) {
		if (r->ended == RACE_END_DECIDED)
			result_text(a, r, msg, sizeof msg);
		else
			snprintf(msg, sizeof msg, "The race ended: the other player left it.");
		app_say(a, msg);
	}
	if (ev & SESSION_RACE_CHALLENGE) {
		name_for_terminal(r->challenger, a->gl.utf8, name, sizeof name);
		snprintf(msg, sizeof msg, "%s challenges you to a race: v to take it.", name);
		app_say(a, msg);
	}
	if ((ev & SESSION_RACE) && app_top(a) == &race_screen) {
		if (r->phase == RACE_IDLE)
			list_refresh(a);
		race_draw(a);
	}
}

static const key_row race_rows[] = {
	{ { KEY_UP, 'k' }, race_move, "Up, k", "Up, k", "the race or player above", NULL, 0 },
	{ { KEY_DOWN, 'j' }, race_move, "Down, j", "Down, j", "the one below", NULL, 0 },
	{ { '\n', '\r', KEY_ENTER }, race_choose, "Enter", "Enter", "take the race, or challenge the player", NULL, 0 },
	{ { 'o' }, race_open_any, "o", "o", "open a race anyone can take", NULL, 0 },
	{ { 'q', KEY_ESC }, race_back, "q, Esc", "q, Esc", "back (an open race is taken back)", NULL, 0 },
	{ { 0 }, NULL, NULL, NULL, NULL, NULL, 0 },
};

const screen race_screen = {
	.name = "race", .title = "Races (a public account)", .rows = race_rows, .draw = race_draw,
	.enter = race_enter, .leave = race_leave, .poll = race_poll, .news = race_news,
};
