/* Races on a public account (v on the board, r in the lobby): open a race
 * anyone may take, challenge a player online, or take a race open to you.
 * Both players get the same board at the same moment (three seconds after
 * it is taken); each sees the other's moves on the status line, watchers
 * see both games marked as racing each other; the first to clear the
 * board wins, and a player who leaves the board, the game or the
 * connection forfeits.  The files are persist/race.h's; this is the
 * screen and the race's course between keys (from the publish hook). */
#include <curses.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "formats/boardio.h"
#include "persist/race.h"
#include "persist/roster.h"
#include "ui/app.h"
#include "ui/term.h"

#define RACE_COUNTDOWN_MS 3000
#define RACE_LIST_EVERY 1.0	/* seconds between listings on the screen */
#define RACE_CHALLENGE_EVERY 2.0	/* ... and of challenges, on the board */

typedef enum race_phase {
	RACE_IDLE,		/* no race: the screen lists what there is */
	RACE_WAITING,		/* our race is open, nobody took it yet */
	RACE_COUNTDOWN,		/* taken: both start at start_ms */
	RACE_ON,		/* the board is being played */
} race_phase;

/* One entry of the screen's list: a race to take, or a player to challenge. */
typedef struct race_item {
	bool take;		/* take offers[i]; else challenge players[i] */
	int i;
} race_item;

/* The race of this game, and the screen's own state: one game a process. */
static struct {
	bool init;
	race_phase phase;
	race_offer offer;	/* the race (ours or the one taken) */
	race_side me, them;
	long long start_ms;
	int their_moves;
	char line[240];		/* the screen's news */
	/* The list. */
	race_offer *offers;
	int noffers;
	live_game *players;
	int nplayers;
	race_item items[RACE_LIST_MAX * 2];
	int nitems, sel;
	double listed_at, challenges_at;
	char told[RACE_TOKEN_MAX];	/* the last challenge told on the board */
} R;

static long long now_ms(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_REALTIME, &ts);
	return (long long)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

static void me_of(const app *a, race_side *me)
{
	memset(me, 0, sizeof *me);
	snprintf(me->name, sizeof me->name, "%s", a->w.name);
	snprintf(me->slot, sizeof me->slot, "%s", a->w.id);
	/* A key's slot is "k" and its player id, then ".N"; a guest's, "gN". */
	if (a->w.id[0] == 'k' && strlen(a->w.id) > RACE_KEY_LEN + 1 && !a->w.guest)
		snprintf(me->key, sizeof me->key, "%.*s", RACE_KEY_LEN, a->w.id + 1);
	/* Our client's address as serve counted it (sshd's SSH_CONNECTION,
	 * which the game inherits): two racers of one network are not ranked. */
	roster_address(getenv("SSH_CONNECTION"), me->addr, sizeof me->addr);
}

static bool same_key(const race_side *x, const char *id)
{
	return x->key[0] && id[0] == 'k' && !strncmp(id + 1, x->key, RACE_KEY_LEN);
}

static void race_init(app *a)
{
	if (R.init || !a->w.host[0])
		return;
	R.init = true;
	/* A race left in our slot by a game of ours before is over. */
	race_withdraw(a->w.host, a->w.id);
	me_of(a, &R.me);
}

static bool race_available(const app *a)
{
	return a->w.dir[0] && a->w.name[0];
}

/* The phase, and what the rest of the game sees of it. */
static void race_set(app *a, race_phase phase)
{
	R.phase = phase;
	a->racing = phase != RACE_IDLE;
	if (phase == RACE_ON) {
		snprintf(a->w.rival, sizeof a->w.rival, "%s", R.them.name);
		a->w.rival_moves = R.their_moves;
	} else if (a->w.rival[0]) {
		a->w.rival[0] = '\0';
		a->v.who[0] = '\0';
		a->w.eyes_at = -1e9;	/* the who line again, without the race */
	}
}

static void list_refresh(app *a)
{
	free(R.offers);
	free(R.players);
	R.offers = NULL;
	R.players = NULL;
	R.noffers = R.nplayers = R.nitems = 0;
	R.listed_at = term_now();
	if (!a->w.host[0])
		return;
	int n = race_list(a->w.host, a->w.id, &R.offers);
	R.noffers = n > 0 ? n : 0;
	for (int i = 0; i < R.noffers; i++) {
		const race_offer *o = &R.offers[i];
		if (!race_offer_for(o, R.me.name))
			continue;	/* a challenge for somebody else */
		R.items[R.nitems++] = (race_item){ true, i };
	}
	n = live_list(a->w.dir, a->w.locks, &R.players);
	R.nplayers = n > 0 ? n : 0;
	for (int i = 0; i < R.nplayers && R.nitems < (int)(sizeof R.items / sizeof *R.items); i++) {
		const live_game *g = &R.players[i];
		if (!strcmp(g->id, a->w.id) || same_key(&R.me, g->id) || g->race[0])
			continue;	/* ourselves, our key's other game, a racer */
		R.items[R.nitems++] = (race_item){ false, i };
	}
	if (R.sel >= R.nitems)
		R.sel = R.nitems ? R.nitems - 1 : 0;
}

static void item_text(const app *a, const race_item *it, char *buf, size_t len)
{
	char name[NAME_SHOWN_MAX];
	if (it->take) {
		const race_offer *o = &R.offers[it->i];
		name_for_terminal(o->by.name, a->gl.utf8, name, sizeof name);
		/* Said before it is taken: a race from our own network will not rank. */
		bool one_net = (R.me.addr[0] && !strcmp(R.me.addr, o->by.addr)) || network_same(R.me.addr, o->by.addr);
		snprintf(buf, len, "take %s's race%s (%s)%s", name, o->to[0] ? ", a challenge to you" : "", o->variant,
			 one_net ? ", not ranked: one network" : "");
	} else {
		const live_game *g = &R.players[it->i];
		name_for_terminal(g->name, a->gl.utf8, name, sizeof name);
		snprintf(buf, len, "challenge %s%s (playing %s)", name, g->guest ? " (guest)" : "", g->variant);
	}
}

static void race_draw(app *a)
{
	char line[1024], name[NAME_SHOWN_MAX];
	int y = 0, room = COLS - 4 > 0 ? COLS - 4 : 0;
	erase();
	attrset(A_BOLD);
	mvaddnstr(y++, 1, "Races", COLS - 2);
	attrset(A_NORMAL);
	mvaddnstr(y++, 2, "Two players, the same board, the same moment: the first to clear it wins.", room);
	y++;
	name_for_terminal(R.them.name, a->gl.utf8, name, sizeof name);
	if (R.phase == RACE_WAITING) {
		if (R.offer.to[0]) {
			name_for_terminal(R.offer.to, a->gl.utf8, name, sizeof name);
			snprintf(line, sizeof line, "Waiting for %s to take your challenge (%s)...", name, R.offer.variant);
		} else
			snprintf(line, sizeof line, "Your race is open (%s): waiting for somebody to take it...",
				 R.offer.variant);
		mvaddnstr(y++, 2, line, room);
		mvaddnstr(LINES - 1, 1, "q or Esc: take the race back", COLS - 2);
	} else if (R.phase == RACE_COUNTDOWN) {
		long long left = R.start_ms - now_ms();
		snprintf(line, sizeof line, "Racing %s: the board in %lld...", name, left > 0 ? (left + 999) / 1000 : 0);
		attrset(A_BOLD);
		mvaddnstr(y++, 2, line, room);
		attrset(A_NORMAL);
		mvaddnstr(LINES - 1, 1, "The board comes at the same moment for both of you.", COLS - 2);
	} else {
		mvaddnstr(y++, 2, "o  open a race anyone can take (a board like yours)", room);
		if (COLS > 3)
			mvchgat(y - 1, 2, 1, A_BOLD, 0, NULL);
		y++;
		if (!R.nitems)
			mvaddnstr(y++, 2, "No race open to you, and nobody else to challenge right now.", room);
		for (int i = 0; i < R.nitems && y < LINES - 3; i++) {
			item_text(a, &R.items[i], line, sizeof line);
			if (i == R.sel)
				attrset(A_REVERSE);
			mvaddnstr(y++, 2, line, room);
			attrset(A_NORMAL);
		}
		mvaddnstr(LINES - 1, 1, "Up/Down choose, Enter take or challenge, o open a race, Esc or q back", COLS - 2);
	}
	if (R.line[0])
		mvaddnstr(LINES - 2, 2, R.line, room);
}

static void say(const char *text)
{
	snprintf(R.line, sizeof R.line, "%s", text);
}

/* A race of ours, open to `to` ("" anyone): a random solvable board like
 * the one played. */
static bool race_make(app *a, const char *to)
{
	char err[200];
	session_view sv = app_session(a);
	game_config cfg = sv.g->cfg;
	cfg.par = -1;
	cfg.difficulty[0] = '\0';
	if (!a->w.host[0])
		return false;
	if (cfg.v.graph || cfg.v.rows * cfg.v.cols > RACE_CELLS_MAX) {
		say("Races are on boards of at most 2500 cells (no graphs): choose another board in the settings.");
		return false;
	}
	game g;
	rng r;
	if (game_init(&g, &cfg, err, sizeof err) != LO_OK) {
		say(err);
		return false;
	}
	rng_seed(&r, (uint64_t)now_ms() * 2654435761u ^ (uint64_t)getpid());
	if (game_generate(&g, &r, 0, err, sizeof err) != LO_OK) {
		game_free(&g);
		say(err);
		return false;
	}
	race_offer *o = &R.offer;
	memset(o, 0, sizeof *o);
	snprintf(o->token, sizeof o->token, "%s-%lld", a->w.id, now_ms());
	o->by = R.me;
	snprintf(o->to, sizeof o->to, "%s", to);
	variant_format(&cfg.v, o->variant, sizeof o->variant);
	o->par = g.par_proven ? g.par : -1;
	o->ncells = board_size(g.cur);
	for (int i = 0; i < o->ncells; i++)
		o->cells[i] = boardio_symbol(g.cur->cells[i]);
	o->cells[o->ncells] = '\0';
	game_free(&g);
	if (race_offer_publish(a->w.host, o) < 0) {
		say("The race could not be opened (the host's races/ directory).");
		return false;
	}
	race_set(a, RACE_WAITING);
	R.line[0] = '\0';
	return true;
}

static reaction race_open_any(app *a, int key)
{
	(void)key;
	if (R.phase == RACE_IDLE)
		race_make(a, "");
	return REACT_REDRAW;
}

static reaction race_choose(app *a, int key)
{
	(void)key;
	if (R.phase != RACE_IDLE || !R.nitems || !a->w.host[0])
		return REACT_NONE;
	const race_item *it = &R.items[R.sel];
	if (!it->take) {
		race_make(a, R.players[it->i].name);
		return REACT_REDRAW;
	}
	race_offer o = R.offers[it->i];
	if (same_key(&o.by, a->w.id)) {
		say("That race is your own key's: no race against oneself.");
		return REACT_REDRAW;
	}
	race_join j;
	memset(&j, 0, sizeof j);
	snprintf(j.token, sizeof j.token, "%s", o.token);
	j.who = R.me;
	j.start_ms = now_ms() + RACE_COUNTDOWN_MS;
	int rc = race_take(a->w.host, o.by.slot, o.token, &j);
	if (rc == 0) {
		R.offer = o;
		R.them = o.by;
		R.start_ms = j.start_ms;
		race_set(a, RACE_COUNTDOWN);
		R.line[0] = '\0';
	} else {
		say(rc > 0 ? "Somebody else took that race first." : "That race is over.");
		list_refresh(a);
	}
	return REACT_REDRAW;
}

static reaction race_move(app *a, int key)
{
	(void)a;
	if (R.nitems && R.phase == RACE_IDLE)
		R.sel = (R.sel + (key == KEY_UP || key == 'k' ? -1 : 1) + R.nitems) % R.nitems;
	return REACT_REDRAW;
}

static reaction race_back(app *a, int key)
{
	(void)key;
	if (R.phase == RACE_COUNTDOWN) {
		say("The race is on: it starts in a moment (leaving the board then is a forfeit).");
		return REACT_REDRAW;
	}
	if (R.phase == RACE_WAITING && a->w.host[0]) {
		race_withdraw(a->w.host, a->w.id);
		race_set(a, RACE_IDLE);
		say("Your race is taken back.");
		list_refresh(a);
		return REACT_REDRAW;
	}
	return REACT_LEAVE | REACT_REDRAW;
}

/* The race's board, played by both at start_ms. */
static void race_begin(app *a)
{
	game_config cfg;
	char why[200], name[NAME_SHOWN_MAX], msg[NAME_SHOWN_MAX + 120];
	memset(&cfg, 0, sizeof cfg);
	cfg.par = -1;
	race_set(a, RACE_IDLE);
	if (variant_parse(&cfg.v, R.offer.variant, why, sizeof why) != LO_OK) {
		say(why);
		return;
	}
	board *b = board_new(cfg.v.rows, cfg.v.cols, cfg.v.k);
	if (!b || board_size(b) != R.offer.ncells) {
		board_free(b);
		say("The race's board does not fit its variant.");
		return;
	}
	for (int i = 0; i < R.offer.ncells; i++) {
		int v = boardio_value(R.offer.cells[i]);
		b->cells[i] = (uint8_t)(v >= 0 && v < b->k ? v : 0);
	}
	int ev = session_play_race(a->s, b, &cfg, term_now());
	if (!(ev & SESSION_BOARD)) {
		say(app_session(a).msg);
		return;
	}
	race_set(a, RACE_ON);
	R.their_moves = 0;
	app_close(a, &race_screen);
	app_close(a, &lobby_screen);
	a->v.lay.vr = a->v.lay.vc = 0;
	app_react(a, ev);
	name_for_terminal(R.them.name, a->gl.utf8, name, sizeof name);
	snprintf(msg, sizeof msg, "Race against %s: go!  The first to clear the board wins.", name);
	app_say(a, msg);
}

static void race_poll(app *a, double now)
{
	if (!a->w.host[0])
		return;
	if (R.phase == RACE_WAITING) {
		race_join j;
		int rc = race_taken(a->w.host, a->w.id, R.offer.token, &j);
		if (rc == 1) {
			R.them = j.who;
			R.start_ms = j.start_ms;
			race_set(a, RACE_COUNTDOWN);
			race_draw(a);
		} else if (rc < 0) {
			race_set(a, RACE_IDLE);
			say("Your race is gone.");
			list_refresh(a);
			race_draw(a);
		}
		return;
	}
	if (R.phase == RACE_COUNTDOWN) {
		if (now_ms() >= R.start_ms)
			race_begin(a);
		else
			race_draw(a);	/* the count */
		return;
	}
	if (R.phase == RACE_IDLE && now - R.listed_at >= RACE_LIST_EVERY) {
		list_refresh(a);
		race_draw(a);
	}
}

static void race_enter(app *a)
{
	race_init(a);
	R.line[0] = '\0';
	R.sel = 0;
	if (R.phase == RACE_IDLE)
		list_refresh(a);
}

/* ---- The race's course, between keys ---- */

static void result_text(const app *a, const race_result *r, char *buf, size_t len)
{
	char name[NAME_SHOWN_MAX], par[24] = "", said[200];
	bool mine = !strcmp(r->winner.slot, R.me.slot), forfeit = r->kind == RACE_FORFEIT;
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

/* The race decided with us (winner true) or them as the winner. */
static void race_finish(app *a, bool winner, bool forfeit)
{
	char date[16], msg[300];
	session_view sv = app_session(a);
	race_result r;
	memset(&r, 0, sizeof r);
	snprintf(r.token, sizeof r.token, "%s", R.offer.token);
	r.winner = winner ? R.me : R.them;
	r.loser = winner ? R.them : R.me;
	r.moves = forfeit ? 0 : game_moves(sv.g);
	r.par = R.offer.par;
	r.ms = now_ms() - R.start_ms;
	if (r.ms < 0)
		r.ms = 0;
	r.assisted = !forfeit && sv.assisted;
	r.kind = forfeit ? RACE_FORFEIT : RACE_CLEARED;
	snprintf(r.variant, sizeof r.variant, "%s", R.offer.variant);
	race_date(time(NULL), date, sizeof date);
	race_set(a, RACE_IDLE);
	if (!a->w.host[0])
		return;
	if (race_decide(a->w.host, R.offer.by.slot, &r, date) < 0) {
		app_say(a, "The race ended: the other player left it.");
		return;
	}
	result_text(a, &r, msg, sizeof msg);
	app_say(a, msg);
}

void race_tick(app *a, double now)
{
	char msg[300];
	if (!race_available(a) || !a->w.host[0])
		return;
	race_init(a);
	if (R.phase != RACE_ON) {
		/* A challenge for us, said once on the board. */
		if (R.phase != RACE_IDLE || now - R.challenges_at < RACE_CHALLENGE_EVERY || app_top(a) != &board_screen)
			return;
		R.challenges_at = now;
		race_offer *list;
		int n = race_list(a->w.host, a->w.id, &list);
		for (int i = n - 1; i >= 0; i--)
			if (!strcmp(list[i].to, R.me.name) && strcmp(list[i].token, R.told) != 0) {
				char name[NAME_SHOWN_MAX];
				snprintf(R.told, sizeof R.told, "%s", list[i].token);
				name_for_terminal(list[i].by.name, a->gl.utf8, name, sizeof name);
				snprintf(msg, sizeof msg, "%s challenges you to a race: v to take it.", name);
				app_say(a, msg);
				break;
			}
		free(list);
		return;
	}
	session_view sv = app_session(a);
	race_result r;
	int rc = race_decided(a->w.host, R.offer.by.slot, R.offer.token, &r);
	if (rc == 1) {
		race_set(a, RACE_IDLE);
		result_text(a, &r, msg, sizeof msg);
		app_say(a, msg);
	} else if (rc < 0) {
		race_set(a, RACE_IDLE);
		app_say(a, "The race ended: the other player left it.");
	} else if (strcmp(sv.origin, "race") != 0)
		race_finish(a, false, true);	/* we left its board */
	else if (sv.g->won)
		race_finish(a, true, false);
	else if (!race_slot_alive(a->w.host, R.them.slot))
		race_finish(a, true, true);	/* they left the game */
	else {
		live_game *lg = malloc(sizeof *lg);
		if (lg && live_read(a->w.dir, a->w.locks, R.them.slot, lg) == 0)
			R.their_moves = a->w.rival_moves = lg->moves;
		free(lg);
		char name[40];	/* the status line's room: whole escapes only */
		name_for_terminal(R.them.name, a->gl.utf8, name, sizeof name);
		snprintf(a->v.who, sizeof a->v.who, "vs %s: %d move%s", name, R.their_moves,
			 R.their_moves == 1 ? "" : "s");
	}
}

void race_end(app *a)
{
	if (R.phase == RACE_ON)
		race_finish(a, false, true);	/* leaving the game is a forfeit */
	else if (R.phase == RACE_WAITING && a->w.host[0])
		race_withdraw(a->w.host, a->w.id);
	race_set(a, RACE_IDLE);
	free(R.offers);
	free(R.players);
	R.offers = NULL;
	R.players = NULL;
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
	.enter = race_enter, .poll = race_poll,
};
