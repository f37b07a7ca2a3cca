#include "persist/store.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "i18n.h"
#include "persist/aside.h"

#define BUSY_MS 10000	/* a writer waits this long for another's transaction */
#define STMTS 64	/* statements prepared at once (more: the oldest is finalized) */

struct store {
	sqlite3 *db;
	struct {
		const char *sql;
		sqlite3_stmt *st;
	} stmt[STMTS];
	int next;	/* the slot the next new statement replaces when all are taken */
};

/* The schema, as a list of steps: migration i takes user_version i to
 * i + 1.  A step once released is never edited: a change is a new one. */
static const char *const migrations[] = {
	/* 1: what the store knows of itself (the import done, the names' rule). */
	"CREATE TABLE meta(key TEXT PRIMARY KEY, value INTEGER NOT NULL) WITHOUT ROWID;",
	/* 2: the players, by the key's PID (persist/host.h), and their
	 * names: one row a look-alike key (name_keys), the UNIQUE index
	 * keeping each to one player, be it their name (left NULL) or one
	 * they left by a rename at left and keep a while (roster.h). */
	"CREATE TABLE players(pid TEXT PRIMARY KEY, name TEXT NOT NULL, since INTEGER NOT NULL,"
	" seen INTEGER NOT NULL, renamed INTEGER NOT NULL DEFAULT 0, left_name TEXT) WITHOUT ROWID;"
	"CREATE TABLE names(key TEXT NOT NULL, pid TEXT NOT NULL, left INTEGER);"
	"CREATE UNIQUE INDEX names_key ON names(key);"
	"CREATE INDEX names_pid ON names(pid);"
	"CREATE TABLE offers(key TEXT PRIMARY KEY, pid TEXT NOT NULL, at INTEGER NOT NULL) WITHOUT ROWID;"
	"CREATE TABLE arrivals(who TEXT NOT NULL, at INTEGER NOT NULL);"
	"CREATE INDEX arrivals_who ON arrivals(who, at);",
};
#define SCHEMA_VERSION ((int)(sizeof migrations / sizeof migrations[0]))

int store_schema_version(void)
{
	return SCHEMA_VERSION;
}

const char *store_error(store *s)
{
	/* notext: beside SQLite's own words, which are English */
	return s && s->db ? sqlite3_errmsg(s->db) : "no database";
}

static void say(char *why, size_t len, store *s, const char *what)
{
	if (why && len)
		snprintf(why, len, "%s: %s", what, store_error(s));
}

int store_exec(store *s, const char *sql, char *why, size_t len)
{
	char *err = NULL;
	if (sqlite3_exec(s->db, sql, NULL, NULL, &err) == SQLITE_OK)
		return 0;
	if (why && len)
		snprintf(why, len, "%s", err ? err : store_error(s));
	sqlite3_free(err);
	return -1;
}

sqlite3_stmt *store_sql(store *s, const char *sql)
{
	int free_slot = -1;
	for (int i = 0; i < STMTS; i++) {
		if (s->stmt[i].sql == sql) {
			sqlite3_reset(s->stmt[i].st);
			sqlite3_clear_bindings(s->stmt[i].st);
			return s->stmt[i].st;
		}
		if (!s->stmt[i].sql && free_slot < 0)
			free_slot = i;
	}
	if (free_slot < 0) {
		free_slot = s->next;
		s->next = (s->next + 1) % STMTS;
		sqlite3_finalize(s->stmt[free_slot].st);
		s->stmt[free_slot].sql = NULL;
	}
	sqlite3_stmt *st;
	if (sqlite3_prepare_v3(s->db, sql, -1, SQLITE_PREPARE_PERSISTENT, &st, NULL) != SQLITE_OK)
		return NULL;
	s->stmt[free_slot].sql = sql;
	s->stmt[free_slot].st = st;
	return st;
}

int store_begin(store *s, char *why, size_t len)
{
	/* A statement left stepping holds an old snapshot, and WAL then
	 * refuses the write lock without waiting (SQLITE_BUSY_SNAPSHOT). */
	for (int i = 0; i < STMTS; i++)
		if (s->stmt[i].st)
			sqlite3_reset(s->stmt[i].st);
	if (sqlite3_exec(s->db, "BEGIN IMMEDIATE", NULL, NULL, NULL) == SQLITE_OK)
		return 0;
	say(why, len, s, "BEGIN");
	return -1;
}

int store_commit(store *s, char *why, size_t len)
{
	if (sqlite3_exec(s->db, "COMMIT", NULL, NULL, NULL) == SQLITE_OK)
		return 0;
	say(why, len, s, "COMMIT");
	store_rollback(s);
	return -1;
}

void store_rollback(store *s)
{
	if (!sqlite3_get_autocommit(s->db))
		sqlite3_exec(s->db, "ROLLBACK", NULL, NULL, NULL);
}

long long store_meta(store *s, const char *key, long long fallback)
{
	sqlite3_stmt *st = store_sql(s, "SELECT value FROM meta WHERE key = ?1");
	long long v = fallback;
	if (!st)
		return fallback;
	sqlite3_bind_text(st, 1, key, -1, SQLITE_STATIC);
	if (sqlite3_step(st) == SQLITE_ROW)
		v = sqlite3_column_int64(st, 0);
	sqlite3_reset(st);
	return v;
}

int store_meta_set(store *s, const char *key, long long value)
{
	sqlite3_stmt *st = store_sql(s, "INSERT INTO meta(key, value) VALUES(?1, ?2) "
					"ON CONFLICT(key) DO UPDATE SET value = excluded.value");
	if (!st)
		return -1;
	sqlite3_bind_text(st, 1, key, -1, SQLITE_STATIC);
	sqlite3_bind_int64(st, 2, value);
	int rc = sqlite3_step(st) == SQLITE_DONE ? 0 : -1;
	sqlite3_reset(st);
	return rc;
}

void store_close(store *s)
{
	if (!s)
		return;
	for (int i = 0; i < STMTS; i++)
		sqlite3_finalize(s->stmt[i].st);
	sqlite3_close(s->db);
	free(s);
}

/* The schema brought to SCHEMA_VERSION, in one transaction: of two processes
 * opening a new database at once, the second finds it done.  0, 1 when
 * the file is not a database (or a damaged one), -1 otherwise. */
static int migrate(store *s, char *why, size_t len)
{
	if (store_begin(s, why, len) < 0)
		return sqlite3_errcode(s->db) == SQLITE_NOTADB || sqlite3_errcode(s->db) == SQLITE_CORRUPT ? 1 : -1;
	sqlite3_stmt *st = store_sql(s, "PRAGMA user_version");
	int rc = st ? sqlite3_step(st) : sqlite3_errcode(s->db);
	if (rc != SQLITE_ROW) {
		say(why, len, s, "user_version");
		store_rollback(s);
		return rc == SQLITE_NOTADB || rc == SQLITE_CORRUPT ? 1 : -1;
	}
	int v = sqlite3_column_int(st, 0);
	sqlite3_reset(st);
	if (v > SCHEMA_VERSION) {
		/* notext: for the host's keeper, with the file's name */
		snprintf(why, len, "schema version %d is newer than this lightsout's %d", v, SCHEMA_VERSION);
		store_rollback(s);
		return -1;
	}
	for (; v < SCHEMA_VERSION; v++) {
		char set[40];
		snprintf(set, sizeof set, "PRAGMA user_version = %d", v + 1);
		if (store_exec(s, migrations[v], why, len) < 0 || store_exec(s, set, why, len) < 0) {
			store_rollback(s);
			return -1;
		}
	}
	return store_commit(s, why, len);
}

/* PRAGMA quick_check's verdict: 0 ok, 1 damaged (what it found in why),
 * -1 it could not run. */
static int check(store *s, char *why, size_t len)
{
	sqlite3_stmt *st;
	if (sqlite3_prepare_v2(s->db, "PRAGMA quick_check(1)", -1, &st, NULL) != SQLITE_OK) {
		int e = sqlite3_errcode(s->db);
		say(why, len, s, "quick_check");
		return e == SQLITE_NOTADB || e == SQLITE_CORRUPT ? 1 : -1;
	}
	int rc = sqlite3_step(st), damaged = -1;
	if (rc == SQLITE_ROW) {
		const char *r = (const char *)sqlite3_column_text(st, 0);
		damaged = !r || strcmp(r, "ok");
		if (damaged) {
			/* Its report, in one line. */
			snprintf(why, len, "%s", r ? r : "?");
			for (char *c = why; *c; c++)
				if (*c == '\n' || *c == '\r')
					*c = ' ';
		}
	} else {
		damaged = rc == SQLITE_NOTADB || rc == SQLITE_CORRUPT ? 1 : -1;
		say(why, len, s, "quick_check");
	}
	sqlite3_finalize(st);
	return damaged;
}

/* A connection to path, WAL and busy timeout set; NULL with why. */
static store *connect(const char *path, int *damaged, char *why, size_t len)
{
	store *s = calloc(1, sizeof *s);
	*damaged = 0;
	if (!s) {
		snprintf(why, len, "%s", strerror(ENOMEM));
		return NULL;
	}
	int rc = sqlite3_open_v2(path, &s->db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOFOLLOW, NULL);
	if (rc != SQLITE_OK) {
		say(why, len, s, path);
		store_close(s);
		return NULL;
	}
	sqlite3_busy_timeout(s->db, BUSY_MS);
	sqlite3_extended_result_codes(s->db, 0);
	/* WAL: readers go on while one writes; NORMAL: a power cut may lose
	 * the last commits, never the file (SQLite's advice for WAL). */
	char mode[16] = "";
	sqlite3_stmt *st;
	if (sqlite3_prepare_v2(s->db, "PRAGMA journal_mode = WAL", -1, &st, NULL) == SQLITE_OK) {
		if ((rc = sqlite3_step(st)) == SQLITE_ROW)
			snprintf(mode, sizeof mode, "%s", (const char *)sqlite3_column_text(st, 0));
		sqlite3_finalize(st);
	} else {
		rc = sqlite3_errcode(s->db);
	}
	if (rc == SQLITE_NOTADB || rc == SQLITE_CORRUPT) {
		*damaged = 1;
		say(why, len, s, "journal_mode");
		return s;
	}
	if (strcmp(mode, "wal")) {
		say(why, len, s, "journal_mode WAL");
		store_close(s);
		return NULL;
	}
	store_exec(s, "PRAGMA synchronous = NORMAL", NULL, 0);
	int c = check(s, why, len);
	if (c < 0) {
		store_close(s);
		return NULL;
	}
	*damaged = c;
	return s;
}

/* path made, ours alone, when missing (SQLite would make it 0644 by the
 * umask, and the host directory lets others reach files by name). */
static int make(const char *path, char *why, size_t len)
{
	int fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600);
	if (fd >= 0 || errno == EEXIST) {
		if (fd >= 0)
			close(fd);
		struct stat st;
		if (lstat(path, &st) < 0 || !S_ISREG(st.st_mode) || st.st_uid != geteuid()) {
			/* notext: for the host's keeper, after the file's name */
			snprintf(why, len, "%s: not a regular file of ours", path);
			return -1;
		}
		return 0;
	}
	snprintf(why, len, "%s: %s", path, strerror(errno));
	return -1;
}

/* A damaged database and its log moved aside (the index -shm is only a
 * cache of the log: removed); the one-line note in note. */
static int set_aside(const char *path, const char *problem, char *note, size_t nlen, char *why, size_t len)
{
	char moved[4300], side[4300], sidemoved[4400];
	if (aside_move(path, moved, sizeof moved) < 0) {
		snprintf(why, len, "%s", moved);
		return errno == ENOENT ? 0 : -1;	/* another process did it meanwhile */
	}
	snprintf(side, sizeof side, "%s-wal", path);
	if (access(side, F_OK) == 0 && aside_move(side, sidemoved, sizeof sidemoved) < 0)
		unlink(side);
	snprintf(side, sizeof side, "%s-shm", path);
	unlink(side);
	/* TRANSLATORS: the host's database; %s: the file, what SQLite
	 * found wrong in it, and the name it was given. */
	snprintf(note, nlen, _("lightsout: %s was damaged (%.200s): moved to %s, a new one is made"), path, problem,
		 moved);
	return 0;
}

store *store_open(const char *path, char *note, size_t nlen, char *why, size_t len)
{
	if (note && nlen)
		note[0] = '\0';
	/* Twice at most: a damaged file moved aside, then a new one. */
	for (int round = 0; round < 2; round++) {
		int damaged;
		if (make(path, why, len) < 0)
			return NULL;
		store *s = connect(path, &damaged, why, len);
		if (!s)
			return NULL;
		if (!damaged && (damaged = migrate(s, why, len)) == 0)
			return s;
		store_close(s);
		if (damaged < 0 || round)
			return NULL;
		char problem[300];
		snprintf(problem, sizeof problem, "%s", why);
		if (set_aside(path, problem, note, nlen, why, len) < 0)
			return NULL;
	}
	return NULL;
}

/* The file of dir's database, in out. */
static int store_host_path(const char *dir, char *out, size_t len)
{
	int n = snprintf(out, len, "%s/host.db", dir);
	return n < 0 || (size_t)n >= len ? -1 : 0;
}

static struct {
	store *s;
	pid_t pid;
	char dir[4096];
} host;

void store_host_forget(void)
{
	if (host.s && host.pid == getpid())
		store_close(host.s);
	host.s = NULL;	/* a child's copy is its parent's: left alone */
	host.dir[0] = '\0';
}

store *store_host(const char *dir, char *why, size_t len)
{
	if (host.s && host.pid == getpid() && !strcmp(host.dir, dir))
		return host.s;
	store_host_forget();
	char path[4200], note[4400];
	if (strlen(dir) >= sizeof host.dir || store_host_path(dir, path, sizeof path) < 0) {
		snprintf(why, len, "%s: %s", dir, strerror(ENAMETOOLONG));
		return NULL;
	}
	host.s = store_open(path, note, sizeof note, why, len);
	if (!host.s)
		return NULL;
	if (note[0])
		fprintf(stderr, "%s\n", note);
	host.pid = getpid();
	snprintf(host.dir, sizeof host.dir, "%s", dir);
	return host.s;
}
