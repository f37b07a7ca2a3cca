/* The session's races and its place on a public account's host (game/
 * session.h's session_race_* verbs, what is published and listed): the
 * race's rules are game/race.c's, the host's game/arcade.c's; this file
 * turns them into the session's events. */
#include "game/session_impl.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "i18n.h"

int session_publish(session *s, double now)
{
	const racer *r = &s->race;
	bool on = r->phase == RACE_ON;
	return arcade_publish(&s->ar, &s->pl.g, s->pl.cur_row, s->pl.cur_col, on ? r->them.name : "",
			      on ? r->their_moves : 0, now) ? SESSION_STATUS : 0;
}

void session_where(session *s, bool lobby)
{
	s->ar.place = lobby ? PLACE_LOBBY : s->pl.mode == PLAY_DAILY ? PLACE_DAILY : s->pl.mode == PLAY_LADDER ? PLACE_LADDER
		    : PLACE_FREE;
}

void session_watchers(session *s, bool open)
{
	s->ar.open = open;
}

int session_live_games(const session *s, live_game **out)
{
	*out = NULL;
	int n = arcade_on(&s->ar) ? arcade_list(s->ar.host, s->ar.id, out) : -1, kept = 0;
	/* Games being played: not a player in the lobby, nor a board cleared. */
	for (int i = 0; i < n; i++)
		if (live_playing(&(*out)[i]))
			(*out)[kept++] = (*out)[i];
	return n < 0 ? n : kept;
}

int session_race_list(const session *s, race_entry **out)
{
	return racer_list(&s->race, &s->ar, out);
}

int session_races_open(const session *s)
{
	return racer_count(&s->race, &s->ar);
}

char *session_races_text(const session *s, const char *date, bool utf8, int cols)
{
	char day[16];
	if (!arcade_on(&s->ar))
		return NULL;
	if (date)
		snprintf(day, sizeof day, "%s", date);
	else
		race_date(time(NULL), day, sizeof day);
	return race_table_fit(s->ar.host, day, utf8, cols);
}

/* Our key's history as it races: the boards it cleared alone so far. */
static void race_history_now(session *s)
{
	s->race.me.cleared = s->race.me.key[0] ? saving_cleared(&s->files) : -1;
}

int session_race_open(session *s, const char *to, double now)
{
	char why[300];
	(void)now;
	s->msg[0] = '\0';
	race_history_now(s);
	if (racer_open(&s->race, &s->ar, &s->pl.g.cfg, to, why, sizeof why) < 0)
		return session_say(s, why);
	return SESSION_RACE;
}

int session_race_take(session *s, const race_entry *e, double now)
{
	char why[300];
	s->msg[0] = '\0';
	if (!e->take)
		return session_race_open(s, e->name, now);
	race_history_now(s);
	if (racer_take(&s->race, &s->ar, e, why, sizeof why) < 0)
		return session_say(s, why);
	return SESSION_RACE;
}

int session_race_leave(session *s, double now)
{
	s->msg[0] = '\0';
	switch (s->race.phase) {
	case RACE_COUNTDOWN:
		return session_say(s, _("The race is on: it starts in a moment (leaving the board then is a forfeit)."));
	case RACE_MAKING:
	case RACE_WAITING:
		racer_withdraw(&s->race, &s->ar);
		return SESSION_RACE | session_say(s, _("Your race is taken back."));
	case RACE_ON:
		if (session_on_race_board(s))
			s->race.my_moves = game_moves(&s->pl.g);
		racer_forfeit(&s->race, &s->ar);
		if (session_on_race_board(s))
			game_clock_hold(&s->pl.g, now);
		return SESSION_RACE | SESSION_RACE_OVER;
	case RACE_IDLE:
		break;
	}
	return 0;
}

int session_race_heard(session *s, double now)
{
	return (racer_heard(&s->race, &s->ar, now) ? SESSION_RACE_CHALLENGE : 0) |
	       (racer_words(&s->race, &s->ar, now) ? SESSION_RACE_WORDS : 0);
}

int session_race_say(session *s, int what)
{
	if (racer_say(&s->race, &s->ar, what) < 0)
		return session_say(s, _("Words go to the other racer after a race."));
	return SESSION_RACE;
}

const char *session_race_rematch_for(const session *s)
{
	const racer *r = &s->race;
	if (!session_on_race_board(s) || r->phase != RACE_IDLE || r->ended == RACE_END_NONE)
		return "";
	return r->them.name;
}

int session_race_rematch(session *s, double now)
{
	char them[sizeof s->race.them.name];
	snprintf(them, sizeof them, "%s", session_race_rematch_for(s));
	if (!them[0])
		return 0;
	race_entry *list;
	int n = racer_list(&s->race, &s->ar, &list), ev = -1;
	/* They asked first: theirs is taken, not a second race crossing it. */
	for (int i = 0; i < n && ev < 0; i++)
		if (list[i].take && list[i].to_us && !strcmp(list[i].name, them))
			ev = session_race_take(s, &list[i], now);
	free(list);
	return ev >= 0 ? ev : session_race_open(s, them, now);
}

int session_race_accept(session *s, double now)
{
	const racer *r = &s->race;
	if (r->phase != RACE_IDLE || !r->told[0])
		return 0;
	race_entry *list;
	int n = racer_list(r, &s->ar, &list), ev = 0;
	for (int i = 0; i < n && !ev; i++)
		if (list[i].take && list[i].to_us && !strcmp(list[i].token, r->told))
			ev = session_race_take(s, &list[i], now);
	free(list);
	return ev;
}
