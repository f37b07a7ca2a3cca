/* The daily leaderboard of a host: one directory every player may write in
 * (mode 1777, sticky like /tmp; no setuid or setgid program), holding one
 * file per player and day, "UID.DATE" (e.g. "1000.2026-11-22"), mode 0644:
 *
 *     lightsout-scores 1
 *     2026-11-22 normal 12 10 45300 no 5x5 plus k=2
 *
 * one line per daily board played that day: date, difficulty ("-" for
 * none), moves, par ("-" unknown), milliseconds, assisted (yes/no), then the
 * variant as variant_format() writes it.  The best result per board is kept.
 *
 * Trust: a player is the owner uid of the file (fstat), never a name inside
 * it.  The one exception is a host's public account (lightsout serve), where
 * many players share one uid: its leaderboard is a directory of its own that
 * nobody else can write in, holding "P<PLAYER>.DATE" files (a key's player)
 * and "G<PLAYER>.DATE" files (a guest's) whose second line names the player
 * ("player PLAYER key NAME" or "... guest NAME"); only there, and only in
 * files of the directory's owner, is a player line believed.  Guests cost
 * nothing to be, so their results are bounded: at most SCORES_GUEST_MAX a
 * day (the worst go first, see scores_record) and SCORES_GUEST_DAYS days
 * (older guest files are removed when a guest's result is written, once a
 * day; a key's results are never removed).  Before guests had a prefix of
 * their own they were "P" files too: those are still read, and removed
 * once they are old.  Everything in the directory is another user's input: a file is read
 * only when its name is UID.DATE for the date asked, it is a regular file
 * (never through a symlink, a FIFO never opened), owned by that UID, with
 * one link, writable by nobody else, at most SCORES_FILE_MAX bytes, and
 * parses strictly (every record of that date).  Anything else is skipped
 * with a note; the reader writes nothing.  The writer touches only its own
 * files: a temporary created O_EXCL|O_NOFOLLOW, renamed over its own file
 * (in a sticky directory nobody else can rename over or remove it). */
#ifndef LO_SCORES_H
#define LO_SCORES_H

#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>

#include "engine/variant.h"
#include "persist/name.h"
#include "persist/status.h"

#define SCORES_VERSION 1
#define SCORES_FILE_MAX 8192		/* bytes: a larger file is skipped unread */
#define SCORES_MAX_RECORDS 16		/* daily boards of one player in one day */
#define SCORES_MAX_FILES 10000		/* files of one day read at most */
#define SCORES_GUEST_MAX 200		/* guest results kept (and read) a day */
#define SCORES_GUEST_DAYS 30		/* days a guest's result is kept */
#define SCORES_MAX_NOTES 8		/* notes kept; the rest are counted */
#define SCORES_MAX_MOVES 1000000000
#define SCORES_MAX_MS 999999999999LL	/* about 31 years */
#define SCORES_NOTE_LEN 200
#define SCORES_PID_LEN 32

typedef struct score {
	char date[11];		/* YYYY-MM-DD */
	char level[8];		/* the daily board's difficulty: "", easy, normal, hard */
	variant v;
	int moves;
	int par;		/* -1 unknown */
	long long ms;		/* time taken */
	bool assisted;
	uid_t uid;		/* the player: the file's owner (reading) */
	char pid[SCORES_PID_LEN + 1];	/* an arcade player's id (32 hex), "" for an account */
	char name[NAME_MAX_BYTES + 1];	/* an arcade player's name */
	bool guest;			/* an arcade guest, kept nowhere */
} score;

typedef struct scores {
	score *s;
	int n, cap;
	int skipped;				/* files skipped, noted or not */
	int nnotes;
	char notes[SCORES_MAX_NOTES][SCORES_NOTE_LEN];	/* "1000.2026-11-22: a symbolic link" */
} scores;

void scores_init(scores *t);
void scores_free(scores *t);

/* A date as the daily board writes it: YYYY-MM-DD, a real day. */
bool scores_date_valid(const char *date);

/* One file's text.  Every line must be a record of date (NULL: any date,
 * all the same), no board twice, at most SCORES_MAX_RECORDS.  Returns the
 * number of records in out, or -1 with "line N: ..." in err. */
int scores_parse(const char *text, size_t len, const char *date, score *out, char *err, size_t errlen);

/* The file's text for n records, in buf; its length, or -1 when it does
 * not fit (or n is out of bounds). */
int scores_format(const score *s, int n, char *buf, size_t cap);

/* Same board: date, difficulty and variant. */
bool score_same_board(const score *a, const score *b);
/* Order on one board, best first: unassisted, fewer moves, less time,
 * then uid.  Negative when a ranks above b. */
int score_compare(const score *a, const score *b);

/* Record s (uid ignored: ours) in dir, keeping our best for its board;
 * an arcade player's result (pid set) only in a directory of ours that
 * nobody else can write in.  A guest's, under the directory's lock
 * (.guests.lock), first removes guest results older than SCORES_GUEST_DAYS
 * (once a day, the day kept in .guests-swept), then makes room when the
 * day holds SCORES_GUEST_MAX guest results already: from the board with
 * the most guests, its last (a flood on one board pushes out only its own
 * worst), and when that is this result it is not written (PERSIST_REFUSED,
 * why says so).
 * PERSIST_OK (*kept false when an earlier result of ours was better);
 * PERSIST_NONE (no such directory); PERSIST_REFUSED (the directory, or our
 * file there is someone else's, a symlink, full...); PERSIST_IO. */
persist_status scores_record(const char *dir, const score *s, bool *kept, persist_result *res);

/* The same, and where our row of the board (the result just written, or
 * the better one kept) stands on the day's leaderboard: the others' rows
 * read in the same step, ours never read back (rank 0: unknown). */
typedef struct scores_place {
	int rank, of;		/* from 1 (0: unknown), of the players on the board */
} scores_place;
persist_status scores_record_ranked(const char *dir, const score *s, bool *kept, scores_place *place,
				    persist_result *res);

/* Every valid record of date in dir into t, best first on each board;
 * skipped files are counted and noted in t.  PERSIST_OK; PERSIST_NONE (no
 * such directory, t empty); PERSIST_REFUSED (a symlink, not a directory,
 * or writable by others without the sticky bit: why says which);
 * PERSIST_NO_MEMORY, PERSIST_IO. */
persist_status scores_load(const char *dir, const char *date, scores *t, persist_result *res);

/* Sort t: by board, then best first (scores_load does it). */
void scores_sort(scores *t);

/* Where the player of s (uid and pid) stands on its board: rank from 1 (0:
 * not there), *of the players on that board. */
int scores_rank(const scores *t, const score *s, uid_t uid, int *of);

/* The table: per board, a heading then rank, player, moves, par, time,
 * assisted; where arcade players are (a public account's), their login
 * (key or guest) after the name.  only: that board alone (NULL: every
 * board).  utf8: the terminal's codeset is UTF-8 (otherwise names are
 * escaped to ASCII: name_for_terminal).  Malloc'd, *len its length; NULL
 * when out of memory. */
char *scores_table(const scores *t, const score *only, bool utf8, size_t *len);
/* The same for a window cols wide (0: any): under 80 columns the
 * columns close up, so that a row fits 60 whole. */
char *scores_table_fit(const scores *t, const score *only, bool utf8, int cols, size_t *len);

#endif
