/* Statistics of finished games, per board kind (size, rule, states):
 * played, won, moves against par, best time, streaks, and the result of
 * each daily board.  Recording is a read-modify-write under the lock, so
 * two games finishing at once both count. */
#ifndef LO_STATS_H
#define LO_STATS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define STATS_VERSION 3	/* 1 and 2 are still read */
#include "engine/variant.h"
#include "persist/status.h"

/* Bytes: a larger file is refused, not read.  16 MB is about 250k kinds
 * of board, far more than a player can make (a daily result a day for 50
 * years is 18k lines), and reads in about 250 MB; 64 MB took 911 MB. */
#define STATS_MAX_BYTES (16 << 20)

/* Boards kept apart from the normal rows, so a par-1 practice board
 * cannot set a record: the ladder, the daily board, boards the player
 * brought (editor, share code, file), and random boards of a --seed (a
 * known seed is memory, not skill). */
typedef enum stats_kind { STATS_NORMAL, STATS_PRACTICE, STATS_DAILY, STATS_CUSTOM, STATS_SEEDED, STATS_KINDS } stats_kind;


typedef struct stats_entry {
	variant key;
	stats_kind kind;	/* with key, what the entry is for */
	long assisted;		/* wins the solver helped (counted in won, nowhere else) */
	long played, won;
	long par_games;		/* wins where par was known */
	long over_par_sum;	/* sum of (moves - par) over those wins */
	long best_over_par;	/* fewest moves over par in a win; -1 none */
	double best_time;	/* seconds, fastest win; < 0 none */
	long streak, best_streak;	/* wins in a row */
} stats_entry;

typedef struct stats_daily {
	char date[11];		/* YYYY-MM-DD */
	variant key;
	bool won;
	bool assisted;
	int moves, par;		/* par -1 unknown */
	double seconds;
} stats_daily;

/* The ids of the last games recorded, oldest first: a game counts once,
 * even when a crash leaves its save behind to be finished again. */
#define STATS_GAMES 256

typedef struct stats {
	stats_entry *entries;
	int n;
	stats_daily *daily;	/* sorted by date, then key */
	int ndaily;
	uint64_t games[STATS_GAMES];
	int ngames;
} stats;

/* One finished game: won, or lost (given up, abandoned for a new board). */
typedef struct stats_result {
	variant key;
	stats_kind kind;
	bool won;
	bool assisted;		/* overlay, hint, steps or editor: no records from it */
	int moves;
	int par;		/* -1 unknown */
	double seconds;
	const char *daily;	/* the date of a daily board, or NULL */
	uint64_t game;		/* the attempt's id (0: none): counted once */
} stats_result;

void stats_init(stats *s);
void stats_free(stats *s);

/* Count one result.  An assisted win counts as played and won (and as
 * assisted), never for moves over par, best time or streaks.  A daily
 * board keeps one result per date and variant: the best (a win over a
 * loss, an unassisted win over an assisted one, then fewer moves, then
 * less time).  A game whose id is among the last recorded is not counted
 * again.  Returns 0, 1 when it was counted already, or -1 when out of
 * memory. */
int stats_update(stats *s, const stats_result *r);

/* The entry for a variant and kind, or NULL. */
const stats_entry *stats_find(const stats *s, const variant *key, stats_kind kind);

/* The daily boards won on consecutive days up to date (YYYY-MM-DD), or up
 * to the day before when date has no win yet: the player's daily streak. */
int stats_daily_streak(const stats *s, const char *date);
/* The daily board of date and variant key as played, or NULL. */
const stats_daily *stats_daily_find(const stats *s, const char *date, const variant *key);

/* The file's text, malloc'd; NULL when out of memory. */
char *stats_format(const stats *s, size_t *len);

/* Linear in lines (n log n with the sort).  Returns 0, or -1 with
 * "line N: ..." in err and errno ENOMEM or EINVAL (s is then empty). */
int stats_parse(const char *text, size_t len, stats *s, char *err, size_t errlen);

/* Read the file at path into s (empty unless PERSIST_OK), under the lock:
 * PERSIST_OK, PERSIST_NONE (no file), PERSIST_SET_ASIDE (damaged: moved
 * to res->moved, s empty), or no memory, busy, refused (symlink, FIFO,
 * another user's, over STATS_MAX_BYTES), I/O: the file left untouched. */
persist_status stats_load(const char *path, stats *s, persist_result *res);

/* For a file named by the user: read only, no lock, nothing created,
 * renamed or removed.  A damaged file is PERSIST_REFUSED (why: the line). */
persist_status stats_read_only(const char *path, stats *s, persist_result *res);

/* Add one result to the file at path: lock, load, update, write
 * atomically, unlock.  PERSIST_OK; PERSIST_SET_ASIDE when a damaged file
 * was moved aside first (the result is still recorded, afresh); else the
 * result is not recorded and the file is untouched. */
persist_status stats_record(const char *path, const stats_result *r, persist_result *res);

/* The same, the file read once: adjust (NULL: none) is called under the
 * lock with the statistics as read (empty when there were none, or they
 * were set aside) and may change the result before it counts; the game
 * decides there, say, that a daily board played already is practice. */
typedef void stats_adjust(const stats *s, stats_result *r, void *ctx);
persist_status stats_record_with(const char *path, const stats_result *r, stats_adjust *adjust, void *ctx,
				 persist_result *res);

/* The table of s that `lightsout stats` prints and the game shows: a
 * header, one line per kind of board, then the daily boards.  Malloc'd,
 * NUL-terminated, *len its length; NULL when out of memory. */
char *stats_table(const stats *s, size_t *len);

#endif
