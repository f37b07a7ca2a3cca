#include "persist/players.h"

#include <stdio.h>
#include <string.h>

#include "persist/name.h"

/* The host directory of key player p (p->dir is DIR/players/PID, as
 * host_key_player made it), in dir; -1 for a guest or anything else. */
int players_host(const host_player *p, char *dir, size_t len)
{
	size_t n = strlen(p->dir), tail = strlen("/players/") + HOST_PID_LEN;
	if (p->guest || strlen(p->pid) != HOST_PID_LEN || n <= tail || n - tail >= len ||
	    strncmp(p->dir + n - tail, "/players/", strlen("/players/")) ||
	    strcmp(p->dir + n - HOST_PID_LEN, p->pid))
		return -1;
	memcpy(dir, p->dir, n - tail);
	dir[n - tail] = '\0';
	return 0;
}

/* A name read back as name_check accepts it ("" otherwise). */
void players_name_copy(const unsigned char *text, char *out, size_t len)
{
	char why[300];
	out[0] = '\0';
	if (text && strlen((const char *)text) < len && name_check((const char *)text, why, sizeof why))
		snprintf(out, len, "%s", (const char *)text);
}

bool players_read(store *s, const char *pid, players_row *r)
{
	sqlite3_stmt *st = store_sql(s, "SELECT name, renamed, left_name FROM players WHERE pid = ?1");
	memset(r, 0, sizeof *r);
	if (!st)
		return false;
	sqlite3_bind_text(st, 1, pid, -1, SQLITE_TRANSIENT);
	if (sqlite3_step(st) != SQLITE_ROW) {
		sqlite3_reset(st);
		return false;
	}
	players_name_copy(sqlite3_column_text(st, 0), r->name, sizeof r->name);
	r->renamed = (time_t)sqlite3_column_int64(st, 1);
	players_name_copy(sqlite3_column_text(st, 2), r->left, sizeof r->left);
	sqlite3_reset(st);
	return true;
}

void host_read_name(host_player *p)
{
	char dir[4096], why[300];
	players_row r;
	store *s;
	p->name[0] = '\0';
	if (players_host(p, dir, sizeof dir) < 0 || !(s = store_host(dir, why, sizeof why)) || !players_read(s, p->pid, &r))
		return;
	memcpy(p->name, r.name, sizeof p->name);
}

void host_player_name(const char *dir, const char *pid, char *name, size_t len)
{
	char why[300];
	players_row r;
	store *s;
	name[0] = '\0';
	if (strlen(pid) != HOST_PID_LEN || strspn(pid, "0123456789abcdef") != HOST_PID_LEN ||
	    !(s = store_host(dir, why, sizeof why)) || !players_read(s, pid, &r))
		return;
	snprintf(name, len, "%s", r.name);
}

bool host_name_taken(const char *dir, const char *name)
{
	char keys[NAME_KEYS][NAME_KEY_LEN + 1], why[300];
	store *s = store_host(dir, why, sizeof why);
	int n = name_keys(name, keys);
	for (int i = 0; s && i < n; i++) {
		sqlite3_stmt *st = store_sql(s, "SELECT 1 FROM names WHERE key = ?1");
		if (!st)
			return true;
		sqlite3_bind_text(st, 1, keys[i], -1, SQLITE_TRANSIENT);
		bool taken = sqlite3_step(st) == SQLITE_ROW;
		sqlite3_reset(st);
		if (taken)
			return true;
	}
	return !s;	/* no database: nothing to offer */
}

