/* Statistics of finished games, per board kind (size, rule, states):
 * played, won, moves against par, best time, streaks, and the result of
 * each daily board.  Recording is a read-modify-write under the lock, so
 * two games finishing at once both count. */
#ifndef LO_STATS_H
#define LO_STATS_H

#include <stdbool.h>
#include <stddef.h>

#define STATS_VERSION 1
#include "engine/variant.h"

typedef struct stats_entry {
	variant key;
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
	int moves, par;		/* par -1 unknown */
	double seconds;
} stats_daily;

typedef struct stats {
	stats_entry *entries;
	int n;
	stats_daily *daily;	/* sorted by date, then key */
	int ndaily;
} stats;

/* One finished game: won, or lost (given up, abandoned for a new board). */
typedef struct stats_result {
	variant key;
	bool won;
	int moves;
	int par;		/* -1 unknown */
	double seconds;
	const char *daily;	/* the date of a daily board, or NULL */
} stats_result;

void stats_init(stats *s);
void stats_free(stats *s);

/* Count one result.  A daily board keeps one result per date and kind:
 * the best (a win over a loss, then fewer moves, then less time).
 * Returns 0, or -1 when out of memory. */
int stats_update(stats *s, const stats_result *r);

/* The entry for a kind, or NULL. */
const stats_entry *stats_find(const stats *s, const variant *key);

/* The file's text, malloc'd; NULL when out of memory. */
char *stats_format(const stats *s, size_t *len);

/* Returns 0, or -1 with "line N: ..." in err (s is then empty). */
int stats_parse(const char *text, size_t len, stats *s, char *err, size_t errlen);

/* Read the file at path into s (empty when there is none).  Returns 0;
 * 1 when the file was damaged and moved aside (msg says where, s is
 * empty); -1 with msg when it could not be read or moved. */
int stats_load(const char *path, stats *s, char *msg, size_t msglen);

/* Add one result to the file at path: lock, load, update, write
 * atomically, unlock.  Returns 0; 1 when a damaged file was moved aside
 * first (msg says so; the result is still recorded); -1 with msg. */
int stats_record(const char *path, const stats_result *r, char *msg, size_t msglen);

/* The table of s that `lightsout stats` prints and the game shows: a
 * header, one line per kind of board, then the daily boards.  Malloc'd,
 * NUL-terminated, *len its length; NULL when out of memory. */
char *stats_table(const stats *s, size_t *len);

#endif
