/* Nothing lost on upgrade (issue 44.2): a host that 0.1.1 kept in files
 * (written here in its formats: players/PID/name, seen, renamed; names/
 * keyed files; addresses/; offers/) is read into the database at the
 * first start (roster_rekey, as serve starts), every player found with
 * its name, last login and the name it left; the files are kept aside,
 * renamed; a second start imports nothing again. */
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "persist/host.h"
#include "persist/roster.h"
#include "persist/store.h"
#include "tap.h"

#define DAYS(n) ((n) * 86400L)

static char dir[200];

static const char *pid(int n)
{
	static char out[4][HOST_PID_LEN + 1];
	static int next;
	next = (next + 1) % 4;
	snprintf(out[next], sizeof out[next], "%032x", n);
	return out[next];
}

static int sh(const char *fmt, ...)
{
	char cmd[4000];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(cmd, sizeof cmd, fmt, ap);
	va_end(ap);
	return system(cmd);
}

/* A 0.1.1 player: its directory, name file (its time: when chosen), seen
 * file (its time: the last login), and a renamed file when left is not NULL. */
static void old_player(int n, const char *name, long since, long seen, const char *left, long renamed)
{
	tap_is(sh("d=%s/players/%s; mkdir -p $d/home && printf '%%s\\n' '%s' >$d/name && touch -d @%ld $d/name && "
		  "touch $d/seen && touch -d @%ld $d/seen",
		  dir, pid(n), name, since, seen),
	       0, "0.1.1 kept %s", name);
	if (left)
		tap_is(sh("printf '%%s\\n%%s\\n' %ld '%s' >%s/players/%s/renamed", renamed, left, dir, pid(n)), 0,
		       "who left %s by a rename", left);
}

static long long count(const char *sql)
{
	char why[300];
	store *s = store_host(dir, why, sizeof why);
	sqlite3_stmt *st = s ? store_sql(s, sql) : NULL;
	long long v = st && sqlite3_step(st) == SQLITE_ROW ? sqlite3_column_int64(st, 0) : -1;
	if (st)
		sqlite3_reset(st);
	return v;
}

int main(void)
{
	char err[600], why[600], name[64];
	snprintf(dir, sizeof dir, "/tmp/lo-upgrade.XXXXXX");
	if (!mkdtemp(dir))
		return 1;
	strcat(dir, "/host");
	tap_is(host_open(dir, err, sizeof err), HOST_OK, "a host directory");
	time_t now = time(NULL);

	/* 0.1.1's host: four players, one of them gone a year, one who left
	 * a name five days ago, and a key that never chose a name. */
	old_player(0xa1, "alice", now - DAYS(30), now - DAYS(2), "Alicia", now - DAYS(5));
	old_player(0xb2, "Bob", now - DAYS(500), now - DAYS(400), NULL, 0);
	old_player(0xc3, "Гле6", now - DAYS(20), now - DAYS(1), NULL, 0);
	old_player(0xe5, "Zoë", now - DAYS(10), now - DAYS(3), "Fiona", now - DAYS(40));
	tap_is(sh("mkdir -p %s/players/%s", dir, pid(0xd4)), 0, "and a key's directory without a name");
	/* Its names/ (keyed by 0.1.1's rule), an address's new players of
	 * the day, an offer. */
	tap_is(sh("mkdir -p %s/names %s/addresses %s/offers && printf '%%s\\n' %s >%s/names/$(printf alice | sha256sum | "
		  "cut -c1-64) && touch %s/names/.keys-v4 && "
		  "printf '%%s\\n%%s\\n%%s\\n' %ld %ld %ld >%s/addresses/$(printf 198.51.100.7 | sha256sum | cut -c1-32) && "
		  "printf '%%s\\n' %s >%s/offers/0123",
		  dir, dir, dir, pid(0xa1), dir, dir, (long)now - 60, (long)now - 120, (long)now - 180, dir, pid(0xa1), dir),
	       0, "its names/, addresses/ and offers/");

	/* The first start of this version. */
	tap_ok(roster_rekey(dir, why, sizeof why) >= 0, "the first start: %s", why);
	static const struct {
		int n;
		const char *name;
	} all[] = { { 0xa1, "alice" }, { 0xb2, "Bob" }, { 0xc3, "Гле6" }, { 0xe5, "Zoë" } };
	for (size_t i = 0; i < sizeof all / sizeof all[0]; i++) {
		host_player_name(dir, pid(all[i].n), name, sizeof name);
		tap_ok(!strcmp(name, all[i].name), "%s is found, under its key's PID", all[i].name);
		tap_ok(host_name_taken(dir, all[i].name), "and %s is taken", all[i].name);
	}
	tap_ok(host_name_taken(dir, "ALICE") && host_name_taken(dir, "aIice") && host_name_taken(dir, "ГЛЕ6") &&
	       host_name_taken(dir, "ZOË"), "look-alikes of theirs too (keyed by this version's rule)");
	tap_is(count("SELECT count(*) FROM players"), 4, "four players, the nameless key none");
	tap_is(count("SELECT since FROM players WHERE name = 'alice'"), now - DAYS(30), "alice's name is hers since 0.1.1 said");

	/* The name left five days ago is kept for alice; Fiona's hold ended. */
	host_player p = { .live_fd = -1 };
	unsigned char k[32] = { 0x77 };
	host_limits lim = { .games_per_key = 2, .players = 100, .new_per_address = 3, .forget_days = 365 };
	tap_is(host_key_player(dir, k, &lim, &p, err, sizeof err), HOST_OK, "a new key logs in");
	tap_is(roster_register(dir, &p, "Alicia", &lim, "192.0.2.1", now, why, sizeof why), ROSTER_TAKEN,
	       "and cannot take Alicia, kept for alice: %s", why);
	tap_is(roster_register(dir, &p, "Fiona", &lim, "192.0.2.1", now, why, sizeof why), ROSTER_OK,
	       "Fiona, left 40 days ago, is free again");
	host_leave(&p);
	/* alice renamed five days ago: she may again. */
	host_player a = { .live_fd = -1 };
	snprintf(a.pid, sizeof a.pid, "%s", pid(0xa1));
	snprintf(a.dir, sizeof a.dir, "%s/players/%s", dir, a.pid);
	tap_is(count("SELECT renamed FROM players WHERE name = 'alice'"), now - DAYS(5), "alice's last rename is known");
	tap_ok(roster_can_rename(&a, now, why, sizeof why), "and she may rename today");

	/* The address's three new players of the day still count. */
	tap_is(roster_room(dir, &lim, "198.51.100.7", why, sizeof why), ROSTER_FULL,
	       "the address that made 3 new players today may make no more: %s", why);
	tap_is(roster_room(dir, &lim, "198.51.100.8", why, sizeof why), ROSTER_OK, "another address may");

	/* The files read are kept aside, not deleted. */
	tap_is(sh("test ! -e %s/names && test -e %s/names.imported/.keys-v4 && test -d %s/addresses.imported && "
		  "test -d %s/offers.imported",
		  dir, dir, dir, dir),
	       0, "names/, addresses/ and offers/ are renamed FILE.imported");
	tap_is(sh("p=%s/players/%s; test ! -e $p/name && grep -qx alice $p/name.imported && test -e $p/seen.imported && "
		  "grep -qx Alicia $p/renamed.imported",
		  dir, pid(0xa1)),
	       0, "and each player's name, seen and renamed files");

	/* The last logins came through: a prune forgets Bob, gone 400 days. */
	tap_is(roster_prune(dir, &lim, now), 1, "a prune forgets one player");
	host_player_name(dir, pid(0xb2), name, sizeof name);
	tap_ok(!name[0] && !host_name_taken(dir, "Bob"), "Bob, unseen 400 days (0.1.1's seen file)");
	host_player_name(dir, pid(0xa1), name, sizeof name);
	tap_ok(!strcmp(name, "alice"), "alice, seen two days ago, stays");

	/* A second start imports nothing again, whatever files are there. */
	old_player(0xf6, "Mallory", now - DAYS(1), now, NULL, 0);
	tap_ok(roster_rekey(dir, why, sizeof why) == 0, "a second start");
	host_player_name(dir, pid(0xf6), name, sizeof name);
	tap_ok(!name[0], "reads no file again: a name file written since is not imported");
	tap_is(sh("test -e %s/players/%s/name", dir, pid(0xf6)), 0, "nor set aside");
	host_player_name(dir, pid(0xa1), name, sizeof name);
	tap_ok(!strcmp(name, "alice"), "and what the first imported stays");

	store_host_forget();
	dir[strlen(dir) - strlen("/host")] = '\0';
	if (sh("rm -rf '%s'", dir) != 0)
		tap_diag("left %s", dir);
	return tap_done();
}
