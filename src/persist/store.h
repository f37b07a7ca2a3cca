/* What a public host remembers (its players, their names and keys), in
 * one SQLite database beside its directories: host.db, in WAL mode so
 * that readers never wait for a writer, with a busy timeout so that
 * writers wait for each other instead of failing.  Its schema has a
 * version (PRAGMA user_version) and reaches the newest through the
 * migrations in store.c, each applied once, in a transaction.  A damaged
 * database (PRAGMA quick_check at open) is moved aside as persist/aside.h
 * moves a file, and a new one is made.  What the OS does better stays
 * files: a live process's place is its lock, a live game's frames a file. */
#ifndef LO_STORE_H
#define LO_STORE_H

#include <stdbool.h>
#include <stddef.h>
#include <sqlite3.h>

typedef struct store store;

/* The schema's version that this build writes (store.c's migrations). */
int store_schema_version(void);

/* The database at path, made (mode 0600) when missing, migrated to
 * store_schema_version().  A damaged one is moved aside first: note then
 * says so in one line (the problem, and where it went; "" otherwise).
 * NULL with why when it cannot be used (a symlink, another's, a version
 * newer than ours, the system said no). */
store *store_open(const char *path, char *note, size_t nlen, char *why, size_t len);
void store_close(store *s);

/* The host directory dir's database (dir/host.db), opened once a
 * process and kept: NULL with why as store_open.  A note (a damaged
 * database moved aside) goes to standard error once. */
store *store_host(const char *dir, char *why, size_t len);
/* Close what store_host keeps (a test that removes the directory). */
void store_host_forget(void);

/* sql prepared once for s (sql must be a string that lives as long as
 * the program: the cache goes by its address), reset, its bindings
 * cleared; NULL with the error when sql does not prepare. */
sqlite3_stmt *store_sql(store *s, const char *sql);

/* A write transaction: BEGIN IMMEDIATE (the write lock taken first, so
 * that two writers queue under the busy timeout instead of one failing
 * halfway); 0, or -1 with why. */
int store_begin(store *s, char *why, size_t len);
/* 0, or -1 with why (then rolled back). */
int store_commit(store *s, char *why, size_t len);
void store_rollback(store *s);

/* Run one statement of sql without results (schema, tests); 0 or -1. */
int store_exec(store *s, const char *sql, char *why, size_t len);

/* The meta table's integer value of key (fallback when unset), and set. */
long long store_meta(store *s, const char *key, long long fallback);
int store_meta_set(store *s, const char *key, long long value);

/* The last error of s, in a line. */
const char *store_error(store *s);

#endif
