#include "game/race.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "base/seed.h"
#include "persist/roster.h"
#include "i18n.h"

/* The race files' clock: both racers' games share it. */
static long long now_ms(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_REALTIME, &ts);
	return (long long)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

bool racer_available(const arcade *ar)
{
	return arcade_on(ar) && ar->name[0];
}

void racer_init(racer *r, const arcade *ar, const char *client)
{
	memset(r, 0, sizeof *r);
	r->challenges_at = r->words_at = -1e9;
	r->me.cleared = -1;	/* told when a race is opened or taken */
	if (!racer_available(ar))
		return;
	/* A race left in our slot by a game of ours before is over. */
	race_withdraw(ar->host, ar->id);
	race_side *me = &r->me;
	snprintf(me->name, sizeof me->name, "%s", ar->name);
	snprintf(me->slot, sizeof me->slot, "%s", ar->id);
	/* A key's slot is "k" and its player id, then ".N"; a guest's, "gN". */
	if (ar->id[0] == 'k' && strlen(ar->id) > RACE_KEY_LEN + 1 && !ar->guest)
		snprintf(me->key, sizeof me->key, "%.*s", RACE_KEY_LEN, ar->id + 1);
	/* Our client's address as serve counted it: two racers of one
	 * network are not ranked. */
	roster_address(client, me->addr, sizeof me->addr);
}

static bool same_key(const race_side *x, const char *id)
{
	return x->key[0] && id[0] == 'k' && !strncmp(id + 1, x->key, RACE_KEY_LEN);
}

/* Is the player of slot listed already by a race to take?  One line a
 * person: their race is how to race them. */
static bool has_take(const race_entry *e, int n, const char *slot)
{
	for (int i = 0; i < n; i++)
		if (e[i].take && !strcmp(e[i].slot, slot))
			return true;
	return false;
}

int racer_list(const racer *r, const arcade *ar, race_entry **out)
{
	race_offer *offers = NULL;
	live_game *players = NULL;
	*out = NULL;
	if (!racer_available(ar))
		return 0;
	int no = race_list(ar->host, ar->id, &offers);
	int np = arcade_list(ar->host, ar->id, &players);
	no = no > 0 ? no : 0;
	np = np > 0 ? np : 0;
	race_entry *e = calloc((size_t)(no + np) + 1, sizeof *e);
	int n = 0;
	for (int i = 0; e && i < no; i++) {
		const race_offer *o = &offers[i];
		if (!race_offer_for(o, r->me.name))
			continue;	/* a challenge for somebody else */
		race_entry *x = &e[n++];
		x->take = true;
		snprintf(x->name, sizeof x->name, "%s", o->by.name);
		snprintf(x->variant, sizeof x->variant, "%s", o->variant);
		x->to_us = o->to[0] != '\0';
		/* Said before it is taken: a race from our own network will not rank. */
		x->one_net = (r->me.addr[0] && !strcmp(r->me.addr, o->by.addr)) || network_same(r->me.addr, o->by.addr);
		snprintf(x->slot, sizeof x->slot, "%s", o->by.slot);
		snprintf(x->token, sizeof x->token, "%s", o->token);
	}
	for (int i = 0; e && i < np; i++) {
		const live_game *g = &players[i];
		if (same_key(&r->me, g->id) || g->race[0] || has_take(e, n, g->id))
			continue;	/* our key's other game, a racer, one whose race is listed */
		race_entry *x = &e[n++];
		snprintf(x->name, sizeof x->name, "%s", g->name);
		snprintf(x->variant, sizeof x->variant, "%s", g->variant);
		x->guest = g->guest;
		x->place = arcade_place_parse(g->place);
		snprintf(x->slot, sizeof x->slot, "%s", g->id);
	}
	free(offers);
	free(players);
	*out = e;
	return e ? n : 0;
}

int racer_count(const racer *r, const arcade *ar)
{
	race_offer *list;
	if (!racer_available(ar))
		return -1;
	int count = race_list(ar->host, ar->id, &list), mine = 0;
	for (int i = 0; i < count; i++)
		mine += race_offer_for(&list[i], r->me.name);
	free(list);
	return mine;
}

int racer_open(racer *r, const arcade *ar, const game_config *like, const char *to, char *why, size_t len)
{
	char err[256];
	game_config cfg = *like;
	cfg.par = -1;
	cfg.difficulty = DIFFICULTY_ANY;
	if (!racer_available(ar)) {
		snprintf(why, len, "%s",
			 _("Races are for a public account's players (ssh play@host): nobody to race here."));
		return -1;
	}
	if (r->phase != RACE_IDLE) {
		snprintf(why, len, _("A race is on already."));
		return -1;
	}
	if (cfg.v.graph || cfg.v.rows * cfg.v.cols > RACE_CELLS_MAX) {
		snprintf(why, len, _("Races are on boards of at most %d cells (no graphs): choose another board in the "
				     "settings."), RACE_CELLS_MAX);
		return -1;
	}
	/* A random board of its own: the random numbers of no other game. */
	play from;
	memset(&from, 0, sizeof from);
	rng_seed(&from.r, seed_fresh());
	from.mode = PLAY_FREE;
	r->mk = maker_start(&from, &cfg, PLAY_FREE, err, sizeof err);
	if (!r->mk) {
		snprintf(why, len, "%s", err);
		return -1;
	}
	snprintf(r->to, sizeof r->to, "%s", to);
	r->phase = RACE_MAKING;
	r->ended = RACE_END_NONE;
	return 0;
}

/* Our race's board is made: the race is opened with it. */
static int made(racer *r, const arcade *ar, char *why, size_t len)
{
	char err[256];
	game g;
	play from;
	maker *m = r->mk;
	r->mk = NULL;
	r->phase = RACE_IDLE;
	if (maker_finish(m, &g, &from, err, sizeof err) != LO_OK) {
		snprintf(why, len, "%s", err);
		return RACER_NEWS | RACER_SAY;
	}
	race_offer *o = &r->offer;
	memset(o, 0, sizeof *o);
	snprintf(o->token, sizeof o->token, "%s-%lld", ar->id, now_ms());
	o->by = r->me;
	snprintf(o->to, sizeof o->to, "%s", r->to);
	variant_format(&g.cfg.v, o->variant, sizeof o->variant);
	o->par = g.par_proven ? g.par : -1;
	o->ncells = board_size(g.cur);
	live_cells_write(g.cur->cells, o->ncells, o->cells);
	game_free(&g);
	if (race_offer_publish(ar->host, o) < 0) {
		snprintf(why, len, _("The race could not be opened (the host's races/ directory)."));
		return RACER_NEWS | RACER_SAY;
	}
	r->phase = RACE_WAITING;
	return RACER_NEWS;
}

int racer_take(racer *r, const arcade *ar, const race_entry *e, char *why, size_t len)
{
	if (!racer_available(ar) || r->phase != RACE_IDLE) {
		snprintf(why, len, "%s", racer_available(ar) ? _("A race is on already.")
				: _("Races are for a public account's players (ssh play@host): nobody to race here."));
		return -1;
	}
	if (!e->take) {
		snprintf(why, len, _("That player has no race open."));
		return -1;
	}
	if (same_key(&r->me, e->slot)) {
		snprintf(why, len, _("That race is your own key's: no race against oneself."));
		return -1;
	}
	race_offer o;
	if (race_offer_read(ar->host, e->slot, &o) < 0 || strcmp(o.token, e->token) != 0) {
		snprintf(why, len, _("That race is over."));
		return -1;
	}
	race_join j;
	memset(&j, 0, sizeof j);
	snprintf(j.token, sizeof j.token, "%s", o.token);
	j.who = r->me;
	j.start_ms = now_ms() + RACE_COUNTDOWN_MS;
	int rc = race_take(ar->host, o.by.slot, o.token, &j);
	if (rc != 0) {
		snprintf(why, len, "%s", rc > 0 ? _("Somebody else took that race first.") : _("That race is over."));
		return -1;
	}
	r->offer = o;
	r->them = o.by;
	r->start_ms = j.start_ms;
	r->phase = RACE_COUNTDOWN;
	r->ended = RACE_END_NONE;
	return 0;
}

bool racer_withdraw(racer *r, const arcade *ar)
{
	if (r->phase != RACE_MAKING && r->phase != RACE_WAITING)
		return false;
	maker_cancel(r->mk);
	r->mk = NULL;
	if (r->phase == RACE_WAITING)
		race_withdraw(ar->host, ar->id);
	r->phase = RACE_IDLE;
	return true;
}

/* The race decided with us (winner) or them as the winner; filed once,
 * whoever comes first.  A forfeit's or a void race's loser (who left, or
 * was helped) had made loser_moves. */
static void finish(racer *r, const arcade *ar, const game *g, bool winner, race_kind kind, int loser_moves)
{
	char date[16];
	bool cleared = kind == RACE_CLEARED;
	race_result *res = &r->result;
	memset(res, 0, sizeof *res);
	snprintf(res->token, sizeof res->token, "%s", r->offer.token);
	res->winner = winner ? r->me : r->them;
	res->loser = winner ? r->them : r->me;
	res->kind = kind;
	res->moves = cleared ? game_moves(g) : 0;
	res->loser_moves = cleared ? r->their_moves : loser_moves;
	res->par = r->offer.par;
	/* A board cleared: its clock, stopped at the winning press and run
	 * from the common start (session.c), so the banner, this result and
	 * the table say one time; a forfeit: the wall's.  A win is unaided:
	 * help on the board makes the race void instead. */
	res->ms = cleared ? (long long)(game_elapsed(g, 0) * 1000) : now_ms() - r->start_ms;
	if (res->ms < 0)
		res->ms = 0;
	snprintf(res->variant, sizeof res->variant, "%s", r->offer.variant);
	race_date(time(NULL), date, sizeof date);
	r->phase = RACE_IDLE;
	if (race_decide(ar->host, r->offer.by.slot, res, date, r->history) < 0) {
		r->ended = RACE_END_LEFT;
		return;
	}
	r->ended = RACE_END_DECIDED;
	r->mine = !strcmp(res->winner.slot, r->me.slot);
}

void racer_forfeit(racer *r, const arcade *ar)
{
	if (r->phase == RACE_ON)
		finish(r, ar, NULL, false, RACE_FORFEIT, r->my_moves);
}

bool racer_void(racer *r, const arcade *ar)
{
	if (r->phase != RACE_ON || !racer_available(ar))
		return false;
	finish(r, ar, NULL, false, RACE_VOID, r->my_moves);
	r->over_due = true;
	return true;
}

board *racer_board(const racer *r, game_config *cfg, char *why, size_t len)
{
	memset(cfg, 0, sizeof *cfg);
	cfg->par = -1;
	if (variant_parse(&cfg->v, r->offer.variant, why, len) != LO_OK)
		return NULL;
	board *b = board_new(cfg->v.rows, cfg->v.cols, cfg->v.k);
	if (!b || board_size(b) != r->offer.ncells) {
		board_free(b);
		snprintf(why, len, _("The race's board does not fit its variant."));
		return NULL;
	}
	live_cells_read(r->offer.cells, r->offer.ncells, b->k, b->cells);
	return b;
}

void racer_started(racer *r, bool played)
{
	r->phase = played ? RACE_ON : RACE_IDLE;
	r->their_moves = r->my_moves = 0;
}

double racer_since(const racer *r)
{
	return (double)(now_ms() - r->start_ms) / 1000;
}

long long racer_count_left(const racer *r)
{
	long long left = r->start_ms - now_ms();
	return left > 0 ? (left + 999) / 1000 : 0;
}

int racer_tick(racer *r, const arcade *ar, const game *g, bool on_board, bool assisted, char *why, size_t len)
{
	if (!racer_available(ar))
		return 0;
	switch (r->phase) {
	case RACE_IDLE:
		if (!r->over_due)
			return 0;
		r->over_due = false;	/* decided between ticks: said now */
		return RACER_NEWS | RACER_OVER;
	case RACE_MAKING:
		return r->mk && maker_done(r->mk) ? made(r, ar, why, len) : 0;
	case RACE_WAITING: {
		race_join j;
		int rc = race_taken(ar->host, ar->id, r->offer.token, &j);
		if (rc == 1) {
			r->them = j.who;
			r->start_ms = j.start_ms;
			r->phase = RACE_COUNTDOWN;
			return RACER_NEWS | RACER_TAKEN;
		}
		if (rc < 0) {
			r->phase = RACE_IDLE;
			snprintf(why, len, _("Your race is gone."));
			return RACER_NEWS | RACER_SAY;
		}
		return 0;
	}
	case RACE_COUNTDOWN: {
		if (now_ms() >= r->start_ms)
			return RACER_START;
		long long left = racer_count_left(r);
		if (left == r->count_told)
			return 0;
		r->count_told = left;
		return RACER_NEWS;
	}
	case RACE_ON:
		break;
	}
	race_result res;
	int rc = race_decided(ar->host, r->offer.by.slot, r->offer.token, &res);
	if (rc == 1) {
		r->phase = RACE_IDLE;
		r->result = res;
		r->ended = RACE_END_DECIDED;
		r->mine = !strcmp(res.winner.slot, r->me.slot);
		/* Their last presses may not be published yet: the result's
		 * count is theirs at the finish. */
		if (!r->mine && res.kind == RACE_CLEARED)
			r->their_moves = res.moves;
		return RACER_NEWS | RACER_OVER;
	}
	if (rc < 0) {
		r->phase = RACE_IDLE;
		r->ended = RACE_END_LEFT;
		return RACER_NEWS | RACER_OVER;
	}
	if (on_board)
		r->my_moves = game_moves(g);
	if (!on_board)
		finish(r, ar, g, false, RACE_FORFEIT, r->my_moves);	/* we left its board */
	else if (assisted)
		finish(r, ar, g, false, RACE_VOID, r->my_moves);	/* help reached us */
	else if (g->won)
		finish(r, ar, g, true, RACE_CLEARED, 0);
	else if (!race_slot_alive(ar->host, r->them.slot))
		finish(r, ar, g, true, RACE_FORFEIT, r->their_moves);	/* they left the game */
	else {
		live_game *lg = malloc(sizeof *lg);
		int moves = r->their_moves;
		if (lg && live_read(ar->dir, ar->locks, r->them.slot, lg) == 0)
			moves = lg->moves;
		free(lg);
		if (moves == r->their_moves)
			return 0;
		r->their_moves = moves;
		return RACER_NEWS;
	}
	return RACER_NEWS | RACER_OVER;
}

bool racer_heard(racer *r, const arcade *ar, double now)
{
	if (!racer_available(ar) || r->phase != RACE_IDLE || now - r->challenges_at < RACE_CHALLENGE_EVERY)
		return false;
	r->challenges_at = now;
	race_offer *list;
	bool heard = false;
	int n = race_list(ar->host, ar->id, &list);
	for (int i = n - 1; i >= 0 && !heard; i--)
		if (!strcmp(list[i].to, r->me.name) && strcmp(list[i].token, r->told) != 0) {
			snprintf(r->told, sizeof r->told, "%s", list[i].token);
			snprintf(r->challenger, sizeof r->challenger, "%s", list[i].by.name);
			heard = true;
		}
	free(list);
	return heard;
}

int racer_say(racer *r, const arcade *ar, int what)
{
	if (!racer_available(ar) || r->ended == RACE_END_NONE || !r->them.slot[0])
		return -1;
	return race_say(ar->host, r->me.slot, r->offer.token, what, now_ms());
}

bool racer_words(racer *r, const arcade *ar, double now)
{
	int what;
	long long at;
	if (!racer_available(ar) || r->ended == RACE_END_NONE || now - r->words_at < RACE_CHALLENGE_EVERY)
		return false;
	r->words_at = now;
	if (race_said(ar->host, r->them.slot, r->offer.token, &what, &at) < 0 || at <= r->heard_ms)
		return false;
	r->heard_ms = at;
	r->heard = what;
	return true;
}

int racer_tally(racer *r, const arcade *ar)
{
	if (r->phase != RACE_IDLE || r->ended != RACE_END_DECIDED || !r->mine || r->result.kind != RACE_CLEARED ||
	    !strcmp(r->tallied, r->result.token) || !racer_available(ar))
		return 0;
	live_game *lg = malloc(sizeof *lg);
	bool heard = true;
	int news = 0;
	if (lg && live_read(ar->dir, ar->locks, r->them.slot, lg) == 0) {
		/* Their file names us while their game has not heard it. */
		heard = strcmp(lg->race, r->me.name) != 0;
		news = lg->moves != r->their_moves ? RACER_NEWS : 0;
		r->their_moves = lg->moves;
	}
	free(lg);
	if (heard)
		snprintf(r->tallied, sizeof r->tallied, "%s", r->result.token);
	return news;
}

void racer_end(racer *r, const arcade *ar)
{
	if (r->phase == RACE_ON)
		racer_forfeit(r, ar);
	else
		racer_withdraw(r, ar);
	r->phase = RACE_IDLE;
}
