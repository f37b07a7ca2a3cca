/* The host's database (persist/store.h): made, opened again, migrated
 * from an older schema, a damaged one moved aside, two processes writing
 * at once without a write lost or a busy error. */
#include <dirent.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "persist/store.h"
#include "tap.h"

static char dir[256];

static void path_of(const char *name, char *out, size_t len)
{
	snprintf(out, len, "%s/%s", dir, name);
}

/* How many files of dir begin with prefix. */
static int files_like(const char *prefix)
{
	DIR *d = opendir(dir);
	int n = 0;
	struct dirent *de;
	while (d && (de = readdir(d)))
		n += !strncmp(de->d_name, prefix, strlen(prefix));
	if (d)
		closedir(d);
	return n;
}

static long long pragma(store *s, const char *sql)
{
	sqlite3_stmt *st = store_sql(s, sql);
	long long v = -1;
	if (st && sqlite3_step(st) == SQLITE_ROW)
		v = sqlite3_column_int64(st, 0);
	if (st)
		sqlite3_reset(st);
	return v;
}

static void fresh(void)
{
	char path[512], note[512], why[512];
	struct stat st;
	path_of("fresh.db", path, sizeof path);
	store *s = store_open(path, note, sizeof note, why, sizeof why);
	tap_ok(s != NULL, "a new database is made: %s", s ? "" : why);
	if (!s)
		return;
	tap_ok(!note[0], "a new one is no damaged one: no note");
	tap_is(pragma(s, "PRAGMA user_version"), store_schema_version(), "its schema is the newest");
	sqlite3_stmt *q = store_sql(s, "PRAGMA journal_mode");
	tap_ok(q && sqlite3_step(q) == SQLITE_ROW && !strcmp((const char *)sqlite3_column_text(q, 0), "wal"),
	       "in WAL mode");
	sqlite3_reset(q);
	int got = stat(path, &st) == 0 ? (int)(st.st_mode & 0777) : -1;
	tap_ok(got == 0600, "ours alone (0600): %o", got);
	tap_is(store_meta(s, "answer", -7), -7, "an unset value reads as the fallback");
	why[0] = '\0';
	tap_ok(store_begin(s, why, sizeof why) == 0 && store_meta_set(s, "answer", 42) == 0 &&
	       store_commit(s, why, sizeof why) == 0, "a value set in a transaction %s %s", why, store_error(s));
	store_close(s);
	s = store_open(path, note, sizeof note, why, sizeof why);
	tap_ok(s && store_meta(s, "answer", 0) == 42, "opened again, it is there");
	tap_is(s ? pragma(s, "PRAGMA user_version") : -1, store_schema_version(), "and nothing migrated twice");
	store_close(s);
	unlink(path);
	tap_ok(symlink("elsewhere.db", path) == 0 && !store_open(path, note, sizeof note, why, sizeof why),
	       "a symlink is refused: %s", why);
	unlink(path);
}

/* A database an older lightsout made: schema 1 (meta alone) with a
 * value, or an empty file (schema 0). */
static void older(void)
{
	char path[512], note[512], why[512];
	sqlite3 *db;
	path_of("old.db", path, sizeof path);
	sqlite3_open(path, &db);
	sqlite3_exec(db,
		     "CREATE TABLE meta(key TEXT PRIMARY KEY, value INTEGER NOT NULL) WITHOUT ROWID;"
		     "INSERT INTO meta VALUES('kept', 5); PRAGMA user_version = 1;",
		     NULL, NULL, NULL);
	sqlite3_close(db);
	store *s = store_open(path, note, sizeof note, why, sizeof why);
	tap_ok(s != NULL, "schema 1 opens: %s", s ? "" : why);
	tap_is(s ? pragma(s, "PRAGMA user_version") : -1, store_schema_version(), "migrated to the newest");
	tap_is(s ? store_meta(s, "kept", 0) : 0, 5, "its data kept");
	store_close(s);

	path_of("zero.db", path, sizeof path);
	close(open(path, O_WRONLY | O_CREAT, 0600));
	s = store_open(path, note, sizeof note, why, sizeof why);
	tap_ok(s && pragma(s, "PRAGMA user_version") == store_schema_version() && !note[0],
	       "an empty file (schema 0) is migrated, not set aside");
	store_close(s);

	path_of("newer.db", path, sizeof path);
	sqlite3_open(path, &db);
	sqlite3_exec(db, "PRAGMA user_version = 999;", NULL, NULL, NULL);
	sqlite3_close(db);
	s = store_open(path, note, sizeof note, why, sizeof why);
	tap_ok(!s && strstr(why, "999"), "a newer lightsout's schema is refused, untouched: %s", why);
	store_close(s);
}

static void damaged(void)
{
	char path[512], note[512], why[512];
	path_of("bad.db", path, sizeof path);
	FILE *f = fopen(path, "w");
	for (int i = 0; f && i < 200; i++)
		fputs("this is not a database at all\n", f);
	if (f)
		fclose(f);
	store *s = store_open(path, note, sizeof note, why, sizeof why);
	tap_ok(s != NULL, "a file that is no database: a new one is made");
	tap_ok(strstr(note, path) && strstr(note, "moved to") && !strchr(note, '\n'),
	       "one line names the problem and where it went: %s", note);
	tap_is(files_like("bad.db.corrupt-"), 1, "the damaged file is kept aside, not deleted");
	tap_ok(s && store_begin(s, why, sizeof why) == 0 && store_meta_set(s, "x", 1) == 0 &&
	       store_commit(s, why, sizeof why) == 0, "the new one works");
	store_close(s);

	/* A real database whose pages are damaged: quick_check finds it. */
	path_of("pages.db", path, sizeof path);
	s = store_open(path, note, sizeof note, why, sizeof why);
	store_exec(s, "CREATE TABLE t(a INTEGER PRIMARY KEY, b TEXT); CREATE INDEX tb ON t(b);", why, sizeof why);
	store_begin(s, why, sizeof why);
	for (int i = 0; i < 2000; i++) {
		sqlite3_stmt *st = store_sql(s, "INSERT INTO t(b) VALUES(hex(randomblob(40)))");
		sqlite3_step(st);
	}
	store_commit(s, why, sizeof why);
	store_exec(s, "PRAGMA wal_checkpoint(TRUNCATE)", why, sizeof why);
	store_close(s);
	int fd = open(path, O_WRONLY);
	char junk[4096];
	memset(junk, 0x5a, sizeof junk);
	for (int page = 3; page < 12; page++)
		if (pwrite(fd, junk, sizeof junk, (off_t)page * 4096) != (ssize_t)sizeof junk)
			break;
	close(fd);
	s = store_open(path, note, sizeof note, why, sizeof why);
	tap_ok(s && strstr(note, "moved to") && !strchr(note, '\n'), "damaged pages are found at open and set aside: %s", note);
	tap_is(files_like("pages.db.corrupt-"), 1, "kept aside");
	store_close(s);
}

/* Two processes, each adding 1 to one counter N times in its own
 * transactions on a database neither has made yet: the counter ends at
 * 2N and neither saw an error. */
#define ROUNDS 400
static int writer(const char *path, int go)
{
	char note[512], why[512], c;
	if (read(go, &c, 1) != 1)
		return 2;
	store *s = store_open(path, note, sizeof note, why, sizeof why);
	if (!s) {
		fprintf(stderr, "open: %s\n", why);
		return 1;
	}
	for (int i = 0; i < ROUNDS; i++) {
		if (store_begin(s, why, sizeof why) < 0 ||
		    store_meta_set(s, "counter", store_meta(s, "counter", 0) + 1) < 0 ||
		    store_commit(s, why, sizeof why) < 0) {
			fprintf(stderr, "round %d: %s (%s)\n", i, why, store_error(s));
			return 1;
		}
	}
	store_close(s);
	return 0;
}

static void two_writers(void)
{
	char path[512], note[512], why[512];
	int go[2];
	pid_t kid[2];
	path_of("race.db", path, sizeof path);
	if (pipe(go) < 0)
		return;
	for (int k = 0; k < 2; k++)
		if ((kid[k] = fork()) == 0)
			_exit(writer(path, go[0]));
	/* Both start at once: each waits for its byte. */
	if (write(go[1], "gg", 2) != 2)
		tap_diag("pipe");
	int ok = 0;
	for (int k = 0; k < 2; k++) {
		int status;
		ok += waitpid(kid[k], &status, 0) == kid[k] && WIFEXITED(status) && WEXITSTATUS(status) == 0;
	}
	tap_is(ok, 2, "two processes write at once: no busy error surfaces");
	store *s = store_open(path, note, sizeof note, why, sizeof why);
	tap_is(s ? store_meta(s, "counter", 0) : -1, 2 * ROUNDS, "no write is lost");
	store_close(s);
}

int main(void)
{
	snprintf(dir, sizeof dir, "/tmp/lo-store-XXXXXX");
	if (!mkdtemp(dir))
		return 1;
	fresh();
	older();
	damaged();
	two_writers();
	char cmd[300];
	snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
	if (system(cmd) != 0)
		tap_diag("left %s", dir);
	return tap_done();
}
