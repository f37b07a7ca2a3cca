/* Races on a public account (lightsout serve): two players, the same
 * board, the same moment; the first to clear it wins.  No daemon: a race
 * is a few small files in the host's races/ directory (mode 0700), named
 * after the live-game slot of the player who opened it (persist/host.h):
 *
 *   SLOT.offer   the race opened: who, for whom ("-" anyone), the board
 *   SLOT.join    who took it and when both start (made once: link(2))
 *   SLOT.won     who won, made once by the first to clear the board, or
 *                by the one left when the other leaves (a forfeit)
 *   results/DATE.TOKEN   a decided race between two keys' players, for
 *                the day's race table (ranked apart from the daily board),
 *                ranked or not and why
 *
 * A race lives while its opener's game holds its slot's lock: an offer
 * whose slot is free is a dead race and is removed (with its join and win)
 * by whoever lists the races.  A slot opens one race at a time, so the
 * races open are bounded by the live games; results are bounded a day
 * (RACE_RESULTS_DAY ranked, RACE_UNRANKED_DAY not) and kept
 * RACE_RESULTS_DAYS days.  Each file is written whole and read strictly,
 * as another program's input; a file of version 1 (before addresses and
 * ranking) still reads, with its old meaning.
 *
 * Honest rankings (issue 35): a race is ranked only between two keys
 * whose games started from different networks (persist/network.h), and
 * each key has RACE_SHARE_DAY ranked results a day (as winner or loser),
 * so that one person's keys cannot farm wins or fill the day's table.  A
 * win by forfeit is its own kind: never an unassisted win, and it ranks
 * below any board cleared.
 *
 * Races won by the player (issue 43): a race that help reached (the
 * solution, a hint, a step, chasing) is void, and a forfeit before the
 * one who left made a move is no result: neither is filed, so neither is
 * a win or a loss anywhere.  A race ranks only between keys with some
 * history (each had cleared the host's boards without help, at least the
 * count serve's --race-history says, when it raced), at most
 * RACE_PAIR_DAY times a day for one pair of keys, and each network has
 * RACE_NETWORK_DAY ranked results a day (as winner's or loser's), and
 * each block of networks (persist/network.h) RACE_BLOCK_DAY, so that one
 * person with many networks of one provider cannot fill the day's table. */
#ifndef LO_RACESTORE_H
#define LO_RACESTORE_H

#include <stdbool.h>
#include <stddef.h>
#include <time.h>

#include "engine/variant.h"
#include "persist/live.h"
#include "persist/name.h"
#include "persist/network.h"

#define RACE_CELLS_MAX 2500		/* a race's board: at most 50x50 */
#define RACE_FILE_MAX (RACE_CELLS_MAX + 1024)
#define RACE_TOKEN_MAX (LIVE_ID_MAX + 24)
#define RACE_LIST_MAX 200		/* offers read at most */
#define RACE_SHARE_DAY 20		/* ranked results of one key a day */
#define RACE_PAIR_DAY 3			/* ... of one pair of keys a day */
#define RACE_NETWORK_DAY (RACE_SHARE_DAY * 2)	/* ... of one network a day (two players' shares) */
#define RACE_BLOCK_DAY (RACE_NETWORK_DAY * 5)	/* ... of one block (/16, /32): a tenth of the day's table */
#define RACE_HISTORY 3			/* --race-history's default: boards cleared unaided */
#define RACE_RESULTS_DAY (RACE_SHARE_DAY * 100)	/* ranked a day in all: a hundred full shares */
#define RACE_UNRANKED_DAY RACE_RESULTS_DAY	/* unranked ones filed a day (never counted against it) */
#define RACE_RESULTS_DAYS 30
#define RACE_KEY_LEN 32

/* One side of a race. */
typedef struct race_side {
	char name[NAME_MAX_BYTES + 1];
	char key[RACE_KEY_LEN + 1];	/* the key's player id, "" for a guest */
	char slot[LIVE_ID_MAX];		/* its live game's slot */
	char addr[NETWORK_LEN];		/* its client's address (roster_address), "" unknown */
	int cleared;			/* the host's boards its key had cleared without help
					 * when it raced (its statistics), -1 unknown */
} race_side;

typedef struct race_offer {
	char token[RACE_TOKEN_MAX];	/* SLOT-MILLISECONDS: this race and no other */
	race_side by;
	char to[NAME_MAX_BYTES + 1];	/* the player challenged, or "" anyone */
	char variant[VARIANT_RULE_MAX + 64];
	int par;			/* -1 unknown */
	int ncells;
	char cells[RACE_CELLS_MAX + 1];	/* as a live file writes them */
} race_offer;

typedef struct race_join {
	char token[RACE_TOKEN_MAX];
	race_side who;
	long long start_ms;		/* both play from then (epoch ms) */
} race_join;

/* How a race was won. */
typedef enum race_kind {
	RACE_CLEARED,			/* the winner cleared the board first */
	RACE_FORFEIT,			/* the loser left */
	RACE_VOID,			/* help reached the loser's side: no winner */
} race_kind;

/* Whether a result ranks, and if not, why (race_decide says). */
typedef enum race_rank {
	RACE_RANKED,
	RACE_UNRANKED_GUEST,		/* a guest raced: nobody's to rank */
	RACE_UNRANKED_SELF,		/* one key against itself */
	RACE_UNRANKED_ADDRESS,		/* both games started from one address */
	RACE_UNRANKED_NETWORK,		/* ... from one network */
	RACE_UNRANKED_SHARE,		/* a racer's ranked results today are used up */
	RACE_UNRANKED_FULL,		/* the day's table is full */
	RACE_UNRANKED_VOID,		/* help reached a racer: nothing counts */
	RACE_UNRANKED_EARLY,		/* the one who left had made no move: no result */
	RACE_UNRANKED_NEW,		/* a key had cleared too few boards alone */
	RACE_UNRANKED_PAIR,		/* the two keys' ranked results today are used up */
	RACE_UNRANKED_NETWORK_SHARE,	/* a racer's network's ranked results today are used up */
	RACE_UNRANKED_BLOCK_SHARE,	/* ... its block's */
} race_rank;

typedef struct race_result {
	char token[RACE_TOKEN_MAX];
	race_side winner, loser;
	race_kind kind;
	int moves;			/* the winner's; 0 for a forfeit or a void race */
	int loser_moves;		/* the loser's (who left, or was helped), -1 unknown */
	int par;
	long long ms;			/* from the start to the win */
	bool assisted;			/* never for a forfeit */
	race_rank rank;
	char variant[VARIANT_RULE_MAX + 64];
} race_result;

/* The day of time t as results are filed: YYYY-MM-DD, in UTC. */
void race_date(time_t t, char *date, size_t len);
/* Is offer o open to the player called name (open to all, or a challenge
 * to them)? */
bool race_offer_for(const race_offer *o, const char *name);

/* The files' texts: length, or -1 when it does not fit. */
int race_offer_format(const race_offer *o, char *buf, size_t cap);
int race_join_format(const race_join *j, char *buf, size_t cap);
int race_result_format(const race_result *r, char *buf, size_t cap);
/* Parse: 0, or -1 with "line N: ..." in err. */
int race_offer_parse(const char *text, size_t len, race_offer *o, char *err, size_t errlen);
int race_join_parse(const char *text, size_t len, race_join *j, char *err, size_t errlen);
int race_result_parse(const char *text, size_t len, race_result *r, char *err, size_t errlen);

/* The host's races/ (and its results/), made when missing: 0 or -1. */
int race_dir_open(const char *host);

/* Open a race from our slot (o->by.slot; its lock held): a race of ours
 * before it, decided or not, is removed first.  0, or -1. */
int race_offer_publish(const char *host, const race_offer *o);
/* Take our race away (we leave it, or it is over and we go on). */
void race_withdraw(const char *host, const char *slot);

/* Open races of live games, ours (slot) aside and those taken: in *out
 * (malloc'd, oldest first), their count; dead races are removed. */
int race_list(const char *host, const char *slot, race_offer **out);
/* One offer, still open or not: 0, or -1 (gone, dead). */
int race_offer_read(const char *host, const char *slot, race_offer *o);

/* Take the race of slot: 0 taken (*j as written), 1 somebody else took it
 * first (*j theirs), -1 gone (its token differs, or the offer went). */
int race_take(const char *host, const char *slot, const char *token, race_join *j);
/* Has somebody taken our race?  1 with *j, 0 not yet, -1 gone. */
int race_taken(const char *host, const char *slot, const char *token, race_join *j);

/* The race is decided once: 0 this result stands, 1 another stood first
 * (*r replaced by it), -1 it cannot be written (gone).  r->rank is set
 * here, from the racers' keys, addresses and histories (history: the
 * boards each key must have cleared alone, 0 none) and the day's results
 * (date YYYY-MM-DD); a result between two keys' players is filed for the
 * day's table, ranked or not, unless it is void or no result. */
int race_decide(const char *host, const char *slot, race_result *r, const char *date, int history);
/* Whether a decided race counts at all (a win and a loss): not void, not
 * a forfeit before a move. */
bool race_counts(const race_result *r);
/* Decided yet?  1 with *r, 0 not yet, -1 gone. */
int race_decided(const char *host, const char *slot, const char *token, race_result *r);

/* Why a result is not ranked, in a player's words, into buf ("" when it
 * is): "both players are on one network"; history as race_decide's.
 * Returns buf. */
const char *race_rank_words(race_rank rank, int history, char *buf, size_t len);

/* A key's races decided on the last `days` days (today too, at most
 * RACE_RESULTS_DAYS), ranked or not: won and lost. */
void race_record(const char *host, const char *key, int days, int *won, int *lost);

/* After a race, a few fixed words to the other racer, never free text
 * (nothing a stranger types reaches another's terminal): SLOT.say, the
 * last one said from our slot in race token. */
enum { RACE_SAY_COUNT = 3 };
/* The words of message what (0 .. RACE_SAY_COUNT-1): "good game"... */
const char *race_say_words(int what);
/* Say what from slot in race token: 0, or -1. */
int race_say(const char *host, const char *slot, const char *token, int what, long long at_ms);
/* The last words said from slot in race token: 0 with *what and *at_ms,
 * or -1 (none, another race's, unreadable). */
int race_said(const char *host, const char *slot, const char *token, int *what, long long *at_ms);

/* Is the game in slot still running (its lock held)? */
bool race_slot_alive(const char *host, const char *slot);

/* The day's race table of ranked results, per player: boards cleared
 * first without help, then cleared at all, then wins by forfeit, then the
 * fastest clear; text (malloc'd), or NULL when there is nothing (none
 * today, or no memory). utf8: names as the terminal can show them. */
char *race_table_text(const char *host, const char *date, bool utf8);
/* The same for a window cols wide (0: any): under 80 columns the
 * columns close up and the heading's sentence is two lines. */
char *race_table_fit(const char *host, const char *date, bool utf8, int cols);

#endif
