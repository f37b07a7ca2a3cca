#include "persist/upgrade.h"

#include <dirent.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "persist/atomic.h"
#include "persist/host.h"
#include "persist/kv.h"
#include "persist/name.h"
#include "persist/parse.h"

#define ASIDE ".imported"	/* notext: a file name's suffix */

static bool is_pid(const char *s)
{
	return strlen(s) == HOST_PID_LEN && strspn(s, "0123456789abcdef") == HOST_PID_LEN;
}

/* A file's text (at most max bytes, NUL-terminated) and its time; NULL
 * when it is missing or not a regular file of ours. */
static char *file_read(const char *path, size_t max, size_t *n, time_t *t)
{
	char err[300];
	struct stat st;
	if (lstat(path, &st) < 0 || !S_ISREG(st.st_mode))
		return NULL;
	*t = st.st_mtime;
	return atomic_read_max(path, max, n, err, sizeof err);
}

/* A 0.1.1 name file: "NAME\n", as name_check accepts it. */
static bool name_read(const char *path, char name[NAME_MAX_BYTES + 1], time_t *since)
{
	size_t n;
	char why[300];
	char *text = file_read(path, NAME_MAX_BYTES + 1, &n, since);
	bool ok = false;
	if (text) {
		if (n && text[n - 1] == '\n')
			text[--n] = '\0';
		ok = n <= NAME_MAX_BYTES && strlen(text) == n && name_check(text, why, sizeof why);
		if (ok)
			memcpy(name, text, n + 1);
	}
	free(text);
	return ok;
}

/* A 0.1.1 renamed file: "T\nOLD NAME\n" (the name may be unreadable). */
static time_t renamed_read(const char *path, char left[NAME_MAX_BYTES + 1])
{
	char err[300], why[300];
	size_t n, ln;
	const char *line;
	long long t = 0;
	time_t mtime;
	kv_reader r;
	left[0] = '\0';
	char *text = file_read(path, 64 + NAME_MAX_BYTES, &n, &mtime);
	if (!text)
		return 0;
	kv_init(&r, path, text, n, KV_NEWLINE, err, sizeof err);
	if (kv_line(&r, &line, &ln) && parse_int(line, ln, 1, LONG_MAX, false, &t) && kv_line(&r, &line, &ln) &&
	    ln <= NAME_MAX_BYTES && !memchr(text, '\0', n)) {
		char name[NAME_MAX_BYTES + 1];
		snprintf(name, sizeof name, "%.*s", (int)ln, line);
		if (name_check(name, why, sizeof why))
			memcpy(left, name, ln + 1);
	}
	free(text);
	return (time_t)t;
}

/* Each player of players/: a row of s.  The players read, or -1. */
static int players_import(const char *dir, store *s, char *why, size_t len)
{
	char path[4200];
	host_path(dir, HOST_DIR_PLAYERS, path, sizeof path);	/* fits: host_open took dir */
	DIR *d = opendir(path);
	if (!d)
		return 0;
	int n = 0;
	struct dirent *de;
	while ((de = readdir(d))) {
		char pdir[4300], file[4400], name[NAME_MAX_BYTES + 1], left[NAME_MAX_BYTES + 1];
		time_t since, seen;
		struct stat st;
		if (!is_pid(de->d_name) || host_path_in(dir, HOST_DIR_PLAYERS, de->d_name, pdir, sizeof pdir) < 0)
			continue;
		host_player_path(pdir, HOST_PLAYER_NAME, file, sizeof file);
		if (!name_read(file, name, &since))
			continue;	/* a key that never chose a name: the prune's */
		host_player_path(pdir, HOST_PLAYER_SEEN, file, sizeof file);
		seen = lstat(file, &st) == 0 ? st.st_mtime : lstat(pdir, &st) == 0 ? st.st_mtime : since;
		host_player_path(pdir, HOST_PLAYER_RENAMED, file, sizeof file);
		time_t renamed = renamed_read(file, left);
		sqlite3_stmt *q = store_sql(s, "INSERT OR REPLACE INTO players(pid, name, since, seen, renamed, left_name) "
					       "VALUES(?1, ?2, ?3, ?4, ?5, ?6)");
		if (!q) {
			snprintf(why, len, "%s", store_error(s));
			break;
		}
		sqlite3_bind_text(q, 1, de->d_name, -1, SQLITE_TRANSIENT);
		sqlite3_bind_text(q, 2, name, -1, SQLITE_TRANSIENT);
		sqlite3_bind_int64(q, 3, since);
		sqlite3_bind_int64(q, 4, seen);
		sqlite3_bind_int64(q, 5, renamed);
		if (left[0])
			sqlite3_bind_text(q, 6, left, -1, SQLITE_TRANSIENT);
		if (sqlite3_step(q) != SQLITE_DONE) {
			snprintf(why, len, "%s", store_error(s));
			n = -1;
			break;
		}
		n++;
	}
	closedir(d);
	return n;
}

/* addresses/A ("T\n" a new player): arrivals of who A (the same hash). */
static void arrivals_import(const char *dir, store *s)
{
	char path[4200];
	host_path(dir, HOST_DIR_ADDRESSES, path, sizeof path);
	DIR *d = opendir(path);
	struct dirent *de;
	while (d && (de = readdir(d))) {
		char file[4300], err[300];
		size_t n, ln;
		time_t t;
		const char *line;
		long long v;
		kv_reader r;
		if (!is_pid(de->d_name) || host_path_in(dir, HOST_DIR_ADDRESSES, de->d_name, file, sizeof file) < 0)
			continue;
		char *text = file_read(file, 65536, &n, &t);
		if (!text)
			continue;
		kv_init(&r, file, text, n, KV_NUL, err, sizeof err);
		while (r.p < r.end && kv_line(&r, &line, &ln) && parse_int(line, ln, 0, LONG_MAX, false, &v)) {
			sqlite3_stmt *q = store_sql(s, "INSERT INTO arrivals(who, at) VALUES(?1, ?2)");
			if (!q)
				break;
			sqlite3_bind_text(q, 1, de->d_name, -1, SQLITE_TRANSIENT);
			sqlite3_bind_int64(q, 2, v);
			sqlite3_step(q);
			sqlite3_reset(q);
		}
		free(text);
	}
	if (d)
		closedir(d);
}

int upgrade_host(const char *dir, store *s, char *why, size_t len)
{
	int n = players_import(dir, s, why, len);
	if (n >= 0)
		arrivals_import(dir, s);
	return n;
}

/* path renamed path.imported, when it is there. */
static void aside(const char *path)
{
	char to[4400];
	struct stat st;
	if (lstat(path, &st) == 0 && snprintf(to, sizeof to, "%s" ASIDE, path) < (int)sizeof to)
		rename(path, to);
}

void upgrade_set_aside(const char *dir)
{
	char path[4300];
	static const host_part parts[] = { HOST_DIR_NAMES, HOST_DIR_ADDRESSES, HOST_DIR_OFFERS };
	for (size_t i = 0; i < sizeof parts / sizeof parts[0]; i++) {
		host_path(dir, parts[i], path, sizeof path);	/* fits: host_open took dir */
		aside(path);
	}
	host_path(dir, HOST_DIR_PLAYERS, path, sizeof path);
	DIR *d = opendir(path);
	struct dirent *de;
	while (d && (de = readdir(d))) {
		char pdir[4300], file[4400];
		static const host_player_part files[] = { HOST_PLAYER_NAME, HOST_PLAYER_SEEN, HOST_PLAYER_RENAMED };
		if (!is_pid(de->d_name) || host_path_in(dir, HOST_DIR_PLAYERS, de->d_name, pdir, sizeof pdir) < 0)
			continue;
		for (size_t i = 0; i < sizeof files / sizeof files[0]; i++)
			if (host_player_path(pdir, files[i], file, sizeof file) == 0)
				aside(file);
	}
	if (d)
		closedir(d);
}
