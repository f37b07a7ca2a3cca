/* Between the files of the leaderboard (scores_*.c), no one else's: the
 * record format's helpers, the directory's trust, a file's reading and the
 * guests' quota, each used by another of them. */
#ifndef LO_SCORES_IMPL_H
#define LO_SCORES_IMPL_H

#include <dirent.h>
#include <stdbool.h>
#include <stddef.h>
#include <sys/stat.h>
#include <sys/types.h>

#include "persist/scores.h"

#define SCORES_HEADER "lightsout-scores 1"

/* The record format (scores_format.c). */
/* A decimal number without sign or leading zero, at most max. */
bool scores_number(const char *s, size_t n, long long max, long long *out);
/* A difficulty as a record keeps it: "" (none), easy, normal or hard. */
bool scores_level_valid(const char *s);
/* By board: date, difficulty, then variant. */
int scores_board_compare(const score *a, const score *b);

/* The directory's trust (scores_dir.c). */
/* The directory, opened without following a symlink; -1 with res set. */
int scores_open_dir(const char *dir, persist_result *res);
/* A directory only its owner can write in (its owner in *owner). */
bool scores_private_dir(int dfd, uid_t *owner);
/* A listing of dfd on a descriptor of its own; NULL with errno. */
DIR *scores_list_dir(int dfd);
/* "UID.DATE" or "UID.DATE.XXXXXX": an account's file of date, its uid. */
bool scores_name_uid(const char *name, const char *date, uid_t *uid);
/* "P<PID>.DATE" or "G<PID>.DATE" (kind): an arcade player's file of date. */
bool scores_name_player(const char *name, char kind, const char *date, char pid[SCORES_PID_LEN + 1]);
/* An arcade player's file of any date: its kind, id and date. */
bool scores_name_any(const char *name, char *kind, char pid[SCORES_PID_LEN + 1], char date[11]);
/* Why a regular file named for uid is not read as that player's, in why;
 * false if nothing says against it. */
bool scores_doubt(const struct stat *st, uid_t uid, char *why, size_t len);

/* Reading (scores_read.c). */
typedef enum { FILE_OK, FILE_SKIP, FILE_NOMEM } file_verdict;
/* At most max + 1 bytes of fd into buf: -1 on an error. */
ssize_t scores_read_bounded(int fd, char *buf, size_t max);
/* Room in t for more records; false when out of memory. */
bool scores_grow(scores *t, int more);
/* scores_load on the directory open as dfd (t initialised, res too). */
persist_status scores_load_at(int dfd, const char *date, scores *t, persist_result *res);
/* One player's file of date into t, or a note why not. */
file_verdict scores_read_one(int dfd, const char *name, uid_t uid, const char *pid, bool guest, const char *date,
			     scores *t);

/* The guests' quota (scores_guests.c), under the directory's guests' lock. */
/* Guests' results older than SCORES_GUEST_DAYS removed, once a day. */
void scores_guests_sweep(int dfd);
/* Room for a new guest's file own (its records mine[n]) among the day's;
 * false (res set) when this one would be the first to go. */
bool scores_guests_room(int dfd, const char *own, const char *date, const score *mine, int n, persist_result *res);

#endif
