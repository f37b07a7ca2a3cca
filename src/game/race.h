/* This game's part in a race on a public account (lightsout serve): two
 * players, the same board, the same moment (three seconds after it is
 * taken); the first to clear it wins, and a player who leaves the race's
 * board, the game or the connection forfeits (no result before a move of
 * theirs); help reaching a racer makes the race void.  The rules of a race are
 * here: the board opened (made in the background, as any new board), its
 * course between keys, who won, a forfeit, what is assisted, and the
 * result decided and filed (persist/racestore.h's files).  The session holds
 * one racer and calls it (session_race_* verbs, session_tick); the race
 * screen lists what racer_list() gives and draws the snapshot. */
#ifndef LO_GAME_RACE_H
#define LO_GAME_RACE_H

#include <stdbool.h>
#include <stddef.h>

#include "game/arcade.h"
#include "game/maker.h"
#include "persist/racestore.h"

#define RACE_COUNTDOWN_MS 3000
#define RACE_CHALLENGE_EVERY 2.0	/* seconds between looks for challenges */

typedef enum race_phase {
	RACE_IDLE,		/* no race */
	RACE_MAKING,		/* our race's board is being made */
	RACE_WAITING,		/* our race is open, nobody took it yet */
	RACE_COUNTDOWN,		/* taken: both start at start_ms */
	RACE_ON,		/* the board is being played */
} race_phase;

/* How the last race ended. */
typedef enum race_end_kind {
	RACE_END_NONE,
	RACE_END_DECIDED,	/* result says who won, how, ranked or not */
	RACE_END_LEFT,		/* the other player left before it was decided */
} race_end_kind;

/* One line of the race screen's list: a race to take, or a player to
 * challenge. */
typedef struct race_entry {
	bool take;			/* a race open to us; else a player */
	char name[NAME_MAX_BYTES + 1];	/* its opener, or the player */
	char variant[VARIANT_RULE_MAX + 64];
	bool to_us;			/* a challenge to us by name */
	bool guest;			/* the player is a guest */
	arcade_place place;		/* ... where they are */
	bool one_net;			/* its opener is on our network: not ranked */
	char slot[LIVE_ID_MAX];		/* the opener's, or the player's */
	char token[RACE_TOKEN_MAX];	/* the race's */
} race_entry;

typedef struct racer {
	race_phase phase;
	race_offer offer;	/* the race (ours or the one taken) */
	race_side me, them;
	long long start_ms;
	long long count_told;	/* the countdown's seconds last told */
	int their_moves;
	int my_moves;		/* ours on the race's board, as last told */
	int history;		/* boards a key must have cleared alone to rank (serve's) */
	bool over_due;		/* decided between ticks (void): the next tick says so */
	maker *mk;		/* our race's board being made */
	char to[NAME_MAX_BYTES + 1];	/* ... for this player ("" anyone) */
	race_end_kind ended;	/* how the last race ended */
	race_result result;	/* ... when decided */
	bool mine;		/* ... and we won it */
	double challenges_at;
	char told[RACE_TOKEN_MAX];	/* the last challenge told */
	char challenger[NAME_MAX_BYTES + 1];	/* ... by whom */
	double words_at;	/* when the rival's words were last looked for */
	long long heard_ms;	/* the rival's last words heard (their time) */
	int heard;		/* ... which (race_say_words) */
	char tallied[RACE_TOKEN_MAX];	/* the race won whose loser's count is final */
} racer;

/* Who we are in races on ar's host (client: the SSH_CONNECTION sshd gave
 * us, for our address); a race left in our slot by an earlier game of
 * ours is over. */
void racer_init(racer *r, const arcade *ar, const char *client);
/* Races are run here: a public account's named player. */
bool racer_available(const arcade *ar);

/* The screen's list: races open to us, then players to challenge (not
 * ourselves, our key's other game or a racer); their count, *out
 * malloc'd. */
int racer_list(const racer *r, const arcade *ar, race_entry **out);
/* Races open to us now; -1 where races are not run. */
int racer_count(const racer *r, const arcade *ar);

/* Open a race for `to` ("" anyone) on a random board like cfg's, made in
 * the background (RACE_MAKING, then RACE_WAITING).  0, or -1 with why. */
int racer_open(racer *r, const arcade *ar, const game_config *cfg, const char *to, char *why, size_t len);
/* Take the race of entry e (e->take; a player is challenged with
 * racer_open).  0, or -1 with why. */
int racer_take(racer *r, const arcade *ar, const race_entry *e, char *why, size_t len);
/* Take our race back (making or waiting).  true when there was one. */
bool racer_withdraw(racer *r, const arcade *ar);
/* We leave the race being run: the other wins by forfeit (no result when
 * we made no move: r->my_moves). */
void racer_forfeit(racer *r, const arcade *ar);
/* Help (the solution, a hint, a step, chasing) reached us in the race
 * being run: it is void for both, nothing counted; the next racer_tick()
 * says RACER_OVER.  true when there was a race to void. */
bool racer_void(racer *r, const arcade *ar);

/* What racer_tick() has news of, or-ed. */
enum {
	RACER_NEWS = 1 << 0,	/* phase, count or the rival's moves changed */
	RACER_START = 1 << 1,	/* the board is to be played now: racer_board() */
	RACER_OVER = 1 << 2,	/* decided or ended: r->ended says how */
	RACER_SAY = 1 << 3,	/* why in the message */
	RACER_TAKEN = 1 << 4,	/* our race was taken: r->them, the countdown on */
};
/* The race's course between keys: g is the board played, on_board
 * whether it is still the race's, assisted whether help was given on it
 * (the race is then void, never won). */
int racer_tick(racer *r, const arcade *ar, const game *g, bool on_board, bool assisted, char *why, size_t len);
/* The race's board, for the session to play (taken: freed by it), and
 * then whether it is played. */
board *racer_board(const racer *r, game_config *cfg, char *why, size_t len);
void racer_started(racer *r, bool played);
/* Seconds since the race's start (both racers' one clock). */
double racer_since(const racer *r);
/* Seconds left of the countdown (rounded up), as it is shown. */
long long racer_count_left(const racer *r);
/* A challenge to us not yet told (looked for every few seconds): true
 * with its opener in r->challenger. */
bool racer_heard(racer *r, const arcade *ar, double now);
/* After a race: a few fixed words (race_say_words(what)) to the other
 * racer; 0, or -1 with no race ended to say them after. */
int racer_say(racer *r, const arcade *ar, int what);
/* Their words not yet told (looked for every few seconds): true with
 * r->heard. */
bool racer_words(racer *r, const arcade *ar, double now);
/* After a race we won by clearing its board, between keys: the other
 * racer's moves as their game publishes them, until it has heard the
 * result (its file names us no more): their count at the finish, where
 * their clock stopped.  RACER_NEWS when it changed. */
int racer_tally(racer *r, const arcade *ar);
/* The game ends: a race run is forfeited, an open one taken back. */
void racer_end(racer *r, const arcade *ar);

#endif
