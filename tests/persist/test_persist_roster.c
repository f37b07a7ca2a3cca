/* Who a public host keeps: one key, one name whatever the timing; a
 * rename keeps the old name for its player a while, once a day; new players a day per client address; the
 * long absent forgotten, players in a game never. */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "persist/host.h"
#include "persist/paths.h"
#include "persist/roster.h"
#include "persist/stats.h"
#include "persist/store.h"
#include "tap.h"

#define T0 1800000000L		/* a fixed "now" (2027) */
#define DAYS(n) ((n) * 86400L)

static const host_limits lim = { .games_per_key = 2, .guests = 1, .players = 100, .new_per_address = 3,
				 .forget_days = 365 };

static void key(int i, unsigned char k[32])
{
	memset(k, 0, 32);
	k[0] = (unsigned char)i;
	k[1] = 0x5a;
}

static bool exists(const char *path)
{
	struct stat st;
	return lstat(path, &st) == 0;
}

/* The PID of a fixture's player n, as the files of an older host name it. */
static const char *hexpid(int n)
{
	static char pid[HOST_PID_LEN + 1];
	snprintf(pid, sizeof pid, "%032x", n);
	return pid;
}

/* Whether host dir's database gives name key key to player pid: as its
 * name (hold false) or as a name it left. */
static bool key_is(const char *dir, const char *key, const char *want, bool hold)
{
	char why[300];
	store *s = store_host(dir, why, sizeof why);
	sqlite3_stmt *st = s ? store_sql(s, "SELECT pid, left IS NOT NULL FROM names WHERE key = ?1") : NULL;
	if (!st)
		return false;
	sqlite3_bind_text(st, 1, key, -1, SQLITE_TRANSIENT);
	bool is = sqlite3_step(st) == SQLITE_ROW && !strcmp((const char *)sqlite3_column_text(st, 0), want) &&
		  sqlite3_column_int(st, 1) == hold;
	sqlite3_reset(st);
	return is;
}

/* One number from host dir's database (count(*) ...); -1 when none. */
static long long query(const char *dir, const char *sql)
{
	char why[300];
	store *s = store_host(dir, why, sizeof why);
	sqlite3_stmt *st;
	long long v = -1;
	if (!s || sqlite3_prepare_v2(sqlite3_db_handle(store_sql(s, "SELECT 1")), sql, -1, &st, NULL) != SQLITE_OK)
		return -1;
	if (sqlite3_step(st) == SQLITE_ROW)
		v = sqlite3_column_int64(st, 0);
	sqlite3_finalize(st);
	return v;
}

/* The first key of name (name_key). */
static const char *key_of(const char *name)
{
	static char key[NAME_KEY_LEN + 1];
	name_key(name, key, sizeof key);
	return key;
}

/* A new key logs in and takes name at time t from addr; its player (left:
 * the slot free again). */
static roster_status join(const char *dir, int i, const char *name, const char *addr, time_t t, host_player *p)
{
	char err[600], why[300];
	unsigned char k[32];
	key(i, k);
	if (host_key_player(dir, k, &lim, p, err, sizeof err) != HOST_OK)
		return ROSTER_ERROR;
	roster_status st = roster_register(dir, p, name, &lim, addr, t, why, sizeof why);
	host_leave(p);
	return st;
}

static void one_key_one_name(const char *dir)
{
	char err[600], why[300];
	unsigned char k[32];
	key(1, k);
	host_player a, b;
	tap_is(host_key_player(dir, k, &lim, &a, err, sizeof err), HOST_OK, "a key's first login");
	tap_is(host_key_player(dir, k, &lim, &b, err, sizeof err), HOST_OK, "and its second, at once");
	/* Both are asked for a name and answer at the same moment. */
	int st[2];
	for (int i = 0; i < 2; i++) {
		if (fork() == 0) {
			host_player *me = i ? &b : &a;
			_exit((int)roster_register(dir, me, i ? "Second" : "First", &lim, "192.0.2.9", T0, why,
						   sizeof why));
		}
	}
	for (int i = 0; i < 2; i++) {
		int status;
		wait(&status);
		st[i] = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
	}
	tap_ok((st[0] == ROSTER_OK && st[1] == ROSTER_HAD_NAME) || (st[1] == ROSTER_OK && st[0] == ROSTER_HAD_NAME),
	       "one login takes its name, the other is told the key has one (%d, %d)", st[0], st[1]);
	host_read_name(&a);
	host_read_name(&b);
	tap_ok(a.name[0] && !strcmp(a.name, b.name), "one key, one name: %s", a.name);
	const char *other = strcmp(a.name, "First") ? "First" : "Second";
	tap_ok(!host_name_taken(dir, other), "the name it did not keep is free: %s", other);

	/* A rename keeps the old name for the player a while; the player
	 * stays who it is. */
	char old[40];
	snprintf(old, sizeof old, "%s", a.name);
	tap_is(roster_rename(dir, &a, "Renamed", T0, why, sizeof why), ROSTER_OK, "a player renames");
	tap_ok(!strcmp(a.name, "Renamed") && host_name_taken(dir, "Renamed"), "to the new name");
	tap_ok(host_name_taken(dir, old), "the old name is kept, not free for others at once");
	tap_is(roster_rename(dir, &a, "renamed", T0 + DAYS(1), why, sizeof why), ROSTER_OK,
	       "the same name in another case, the next day");
	tap_ok(host_name_taken(dir, "Renamed"), "keeps it taken");
	host_player c;
	tap_is(join(dir, 2, other, "192.0.2.8", T0, &c), ROSTER_OK, "another key takes the name the key did not keep");
	tap_is(roster_rename(dir, &a, other, T0 + DAYS(2), why, sizeof why), ROSTER_TAKEN,
	       "a rename to another's name: no");
	tap_is(roster_rename(dir, &a, "no\033pe", T0 + DAYS(2), why, sizeof why), ROSTER_REFUSED, "nor to a hostile one");
	host_read_name(&a);
	tap_ok(!strcmp(a.name, "renamed"), "the player keeps its name then: %s", a.name);
	host_leave(&a);
	host_leave(&b);
}

/* A name left by a rename stays its player's for ROSTER_HOLD_DAYS, so
 * that no name is freed and taken by another in a moment; a player
 * renames once a day. */
static void rename_holds(const char *top)
{
	char dir[200], err[600], why[300];
	snprintf(dir, sizeof dir, "%s/holds-host", top);
	tap_is(host_open(dir, err, sizeof err), HOST_OK, "a host directory for renames");
	host_player a, b;
	tap_is(join(dir, 50, "Marten", "192.0.2.50", T0 - DAYS(3), &a), ROSTER_OK, "a player, Marten");
	tap_ok(roster_can_rename(&a, T0, why, sizeof why), "may rename: it never did");
	tap_is(roster_rename(dir, &a, "Stoat", T0, why, sizeof why), ROSTER_OK, "renames to Stoat (2027-01-15 08:00)");

	/* Marten is nobody's name now, and nobody else's either. */
	static const char *const lookalikes[] = { "Marten", "MARTEN", "rnarten", "rnarteN" };
	for (size_t i = 0; i < sizeof lookalikes / sizeof lookalikes[0]; i++)
		tap_is(join(dir, 51, lookalikes[i], "192.0.2.51", T0 + 1, &b), ROSTER_TAKEN,
		       "a stranger cannot take %s a second later", lookalikes[i]);
	tap_is(roster_register(dir, &b, "Marten", &lim, "192.0.2.51", T0 + 1, why, sizeof why), ROSTER_TAKEN,
	       "the stranger is told why");
	tap_ok(strstr(why, "was someone's until 2027-01-15 08:00 UTC") &&
	       strstr(why, "kept for them until 2027-02-14 08:00 UTC"), "until when it was theirs, and is kept: %s", why);

	/* One rename a day. */
	tap_ok(!roster_can_rename(&a, T0 + 60, why, sizeof why) && strstr(why, "2027-01-16 08:00 UTC"),
	       "a minute later: no rename, and when the next is possible (%s)", why);
	tap_is(roster_rename(dir, &a, "Weasel", T0 + 60, why, sizeof why), ROSTER_FULL, "a second rename that day: no");
	tap_ok(strstr(why, "one rename a day") && strstr(why, "2027-01-16 08:00 UTC"), "why says when next: %s", why);
	host_read_name(&a);
	tap_ok(!strcmp(a.name, "Stoat") && !host_name_taken(dir, "Weasel"), "nothing changed: %s", a.name);
	tap_ok(roster_can_rename(&a, T0 + DAYS(1), why, sizeof why), "a day on, it may");

	/* The player takes its old name back; the one it leaves is kept. */
	tap_is(roster_rename(dir, &a, "marten", T0 + DAYS(2), why, sizeof why), ROSTER_OK,
	       "the player takes back the name it left (in another case)");
	tap_ok(!strcmp(a.name, "marten"), "and plays as %s", a.name);
	tap_is(join(dir, 51, "Stoat", "192.0.2.51", T0 + DAYS(2) + 1, &b), ROSTER_TAKEN, "Stoat is kept for it now");
	tap_is(join(dir, 51, "St0at", "192.0.2.51", T0 + DAYS(2) + 1, &b), ROSTER_TAKEN, "and St0at with it");

	/* After the hold, the name is anyone's. */
	time_t over = T0 + DAYS(2) + DAYS(ROSTER_HOLD_DAYS);
	tap_is(join(dir, 51, "Stoat", "192.0.2.51", over - 1, &b), ROSTER_TAKEN, "a second before the hold ends: no");
	tap_is(join(dir, 51, "Stoat", "192.0.2.51", over, &b), ROSTER_OK, "when it ends: the stranger takes Stoat");
	tap_is(roster_rename(dir, &a, "Stoat", over + DAYS(1), why, sizeof why), ROSTER_TAKEN,
	       "and the player who left it cannot take it back now");

	/* A prune removes the holds that ended, and only those. */
	tap_is(roster_rename(dir, &a, "Ermine", over + DAYS(1), why, sizeof why), ROSTER_OK, "a rename: marten kept");
	roster_prune(dir, &lim, over + DAYS(1) + DAYS(ROSTER_HOLD_DAYS) - 1);
	tap_ok(key_is(dir, key_of("marten"), a.pid, true), "a prune before the hold ends keeps it");
	roster_prune(dir, &lim, over + DAYS(1) + DAYS(ROSTER_HOLD_DAYS) + 3600);
	tap_ok(!key_is(dir, key_of("marten"), a.pid, true), "a prune after removes it");
	tap_ok(host_name_taken(dir, "Ermine") && host_name_taken(dir, "Stoat"), "and leaves the names in use");
	host_leave(&a);
}

static void per_address(const char *dir)
{
	host_player p;
	char why[300];
	for (int i = 0; i < 3; i++) {
		char name[20];
		snprintf(name, sizeof name, "Home %d", i);
		tap_is(join(dir, 10 + i, name, "198.51.100.7", T0, &p), ROSTER_OK, "%s from one address", name);
	}
	tap_is(roster_room(dir, &lim, "198.51.100.7", why, sizeof why), ROSTER_OK,
	       "roster_room uses the clock: those were long ago");
	tap_is(join(dir, 13, "Home 3", "198.51.100.7", T0 + 60, &p), ROSTER_FULL, "a fourth the same day: no");
	tap_ok(!exists(p.dir), "and nothing is kept of it");
	tap_is(join(dir, 13, "Home 3", "198.51.100.8", T0 + 60, &p), ROSTER_OK, "from another address: yes");
	tap_is(join(dir, 14, "Home 4", "198.51.100.7", T0 + DAYS(1) + 1, &p), ROSTER_OK, "the next day: yes");
	/* A known player logging in again is no new player. */
	host_player a;
	unsigned char k[32];
	char err[600];
	key(10, k);
	tap_is(host_key_player(dir, k, &lim, &a, err, sizeof err), HOST_OK, "a player of that address again");
	tap_ok(!strcmp(a.name, "Home 0"), "keeps its name: %s", a.name);
	host_leave(&a);

	char addr[80];
	roster_address("2001:db8:1:2:aaaa::1 50000 2001:db8::1 22", addr, sizeof addr);
	char addr2[80];
	roster_address("2001:db8:1:2:bbbb:cccc:dddd:eeee 50001 2001:db8::1 22", addr2, sizeof addr2);
	tap_ok(addr[0] && !strcmp(addr, addr2), "IPv6 addresses of one /64 count as one: %s", addr);
	roster_address("2001:db8:1:3::1 50000 2001:db8::1 22", addr2, sizeof addr2);
	tap_ok(strcmp(addr, addr2) != 0, "another /64 is another: %s", addr2);
	roster_address("::ffff:192.0.2.5 50000 ::1 22", addr, sizeof addr);
	tap_ok(!strcmp(addr, "192.0.2.5"), "IPv4 seen through IPv6 is IPv4: %s", addr);
	roster_address("192.0.2.5 50000 192.0.2.1 22", addr, sizeof addr);
	tap_ok(!strcmp(addr, "192.0.2.5"), "IPv4 whole: %s", addr);
	roster_address("not-an-address 1 2 3", addr, sizeof addr);
	tap_ok(!addr[0], "something else counts as no address");
	roster_address(NULL, addr, sizeof addr);
	tap_ok(!addr[0], "and so does none");
}

static void pruning(const char *dir)
{
	host_player old, recent, busy;
	char err[600], why[300];
	tap_is(join(dir, 30, "Oldtimer", "203.0.113.1", T0, &old), ROSTER_OK, "a player who never comes back");
	tap_is(join(dir, 31, "Recent", "203.0.113.2", T0 + DAYS(300), &recent), ROSTER_OK, "one seen lately");
	tap_is(join(dir, 32, "Busy", "203.0.113.3", T0, &busy), ROSTER_OK, "one seen long ago");
	unsigned char k[32];
	key(32, k);
	host_player playing;
	tap_is(host_key_player(dir, k, &lim, &playing, err, sizeof err), HOST_OK, "who is in a game right now");
	/* An older version made a directory for a key at login. */
	char nameless[4200];
	snprintf(nameless, sizeof nameless, "%s/players/%032x", dir, 0xdead);
	mkdir(nameless, 0700);
	struct timespec ts[2] = { { T0, 0 }, { T0, 0 } };
	utimensat(AT_FDCWD, nameless, ts, 0);

	int n = roster_prune(dir, &lim, T0 + DAYS(400));
	tap_is(n, 1, "a prune a year on forgets one player (%d)", n);
	tap_ok(!exists(old.dir), "the one not seen for a year: its directory gone");
	tap_ok(!host_name_taken(dir, "Oldtimer"), "its name free");
	tap_ok(exists(recent.dir) && host_name_taken(dir, "Recent"), "one seen 100 days ago stays");
	tap_ok(exists(busy.dir) && host_name_taken(dir, "Busy"), "one in a game stays");
	tap_ok(!exists(nameless), "a key's directory without a name goes");
	tap_is(roster_prune(dir, &lim, T0 + DAYS(400) + 60), 0, "a prune within the hour does nothing");
	host_leave(&playing);
	tap_is(roster_prune(dir, &lim, T0 + DAYS(400) + 3601), 1, "an hour on, the one out of its game goes");
	tap_ok(!exists(busy.dir), "gone");
	char live[4200];
	snprintf(live, sizeof live, "%s/live", dir);
	char cmd[4300];
	snprintf(cmd, sizeof cmd, "test -z \"$(ls -A '%s')\"", live);
	tap_is(system(cmd), 0, "and a prune leaves no lock behind");
	tap_is(join(dir, 33, "Oldtimer", "203.0.113.4", T0 + DAYS(401), &old), ROSTER_OK,
	       "a forgotten name can be taken again");
	host_limits never = lim;
	never.forget_days = 0;
	tap_is(roster_prune(dir, &never, T0 + DAYS(5000)), 0, "--forget-after 0: nobody is forgotten");
	(void)why;
}

/* Player p's statistics: one game, won or not. */
static void played(const host_player *p, bool won)
{
	char path[4400], err[300];
	persist_result res;
	snprintf(path, sizeof path, "%s/data/lightsout", p->home);
	paths_mkdirs(path, err, sizeof err);
	snprintf(path, sizeof path, "%s/data/lightsout/stats", p->home);
	stats_result r = { .kind = STATS_NORMAL, .won = won, .moves = 3, .par = 3, .seconds = 10 };
	variant_default(&r.key);
	stats_record(path, &r, &res);
}

/* Keys that never cleared a board go after --forget-unplayed-after
 * (issue 43): throwaway keys cannot hold --players for a year. */
static void unplayed(const char *dir)
{
	host_player thrown, winner, loser;
	time_t t = T0 + DAYS(6000);
	tap_is(join(dir, 40, "Throwaway", "198.18.0.1", t, &thrown), ROSTER_OK, "a key that only chose a name");
	tap_is(join(dir, 41, "Winner", "198.18.0.2", t, &winner), ROSTER_OK, "one that cleared a board");
	tap_is(join(dir, 42, "Loser", "198.18.0.3", t, &loser), ROSTER_OK, "one that played and never cleared one");
	played(&winner, true);
	played(&loser, false);
	host_limits u = lim;
	u.forget_unplayed_days = 7;
	roster_prune(dir, &u, t + DAYS(6));
	tap_ok(exists(thrown.dir) && exists(loser.dir) && exists(winner.dir), "six days on, all three stay");
	roster_prune(dir, &u, t + DAYS(8));
	tap_ok(!exists(thrown.dir) && !host_name_taken(dir, "Throwaway"), "eight days on, the key that only chose a name goes");
	tap_ok(!exists(loser.dir), "so does the one that never cleared a board");
	tap_ok(exists(winner.dir) && host_name_taken(dir, "Winner"), "the one that cleared a board stays (--forget-after)");
}

/* Whether file holds line. */
static bool has_line(const char *file, const char *line)
{
	char buf[400];
	bool found = false;
	FILE *f = fopen(file, "r");
	while (f && !found && fgets(buf, sizeof buf, f)) {
		buf[strcspn(buf, "\n")] = '\0';
		found = !strcmp(buf, line);
	}
	if (f)
		fclose(f);
	return found;
}

/* A host an older version kept: names/ keyed by the name's bytes. */
static void rekeying(const char *dir)
{
	char why[300], path[4400];
	tap_ok(!host_name_taken(dir, "alice"), "a fresh host has no alice");
	snprintf(path, sizeof path, "mkdir -p %s/names %s/players/%032x %s/players/%032x && "
		 "printf 'alice\\n' >%s/players/%032x/name && printf '\\316\\221lice\\n' >%s/players/%032x/name && "
		 "printf '%032x\\n' >%s/names/616c696365 && rm -f %s/names/.keys-v*",
		 dir, dir, 0xa1, dir, 0xa2, dir, 0xa1, dir, 0xa2, 0xa1, dir, dir);
	tap_is(system(path), 0, "an older version's players: alice, and Greek-Alpha-lice beside her");
	tap_ok(!host_name_taken(dir, "\320\260lice"), "its keys miss a look-alike (Cyrillic a)");
	tap_is(roster_rekey(dir, why, sizeof why), 1, "the host is re-keyed: one pair looks alike (%s)", why);
	tap_ok(host_name_taken(dir, "\320\260lice") && host_name_taken(dir, "ALICE"), "now look-alikes are taken");
	tap_is(query(dir, "SELECT count(*) FROM names WHERE key = '616c696365'"), 0, "the old key is not carried");
	snprintf(path, sizeof path, "test -e %s/names.imported/616c696365 && test ! -e %s/names && "
		 "grep -q . %s/players/%032x/name.imported && grep -q . %s/players/%032x/name.imported", dir, dir, dir,
		 0xa1, dir, 0xa2);
	tap_is(system(path), 0, "the old files are kept aside, renamed, not deleted");
	tap_is(query(dir, "SELECT count(*) FROM names"), 2, "alice's two keys for the two look-alikes");
	tap_is(query(dir, "SELECT count(*) FROM players"), 2, "both players keep their names");
	char keys[NAME_KEYS][NAME_KEY_LEN + 1];
	tap_is(name_keys("alice", keys), 2, "alice has two keys (capitals first, where i reads as l; folded first)");
	for (int i = 0; i < 2; i++)
		tap_ok(key_is(dir, keys[i], hexpid(0xa1), false), "alice's key %d is hers", i);
	tap_is(roster_rekey(dir, why, sizeof why), 0, "a second rekey is nothing");
}

/* A host keyed by rule 2 (the skeleton of the folded name), where
 * capitals that look alike were two names: re-keyed once, the pairs
 * reported, nobody deleted, the one who chose first keeping the name. */
static void rekeying_capitals(const char *top)
{
	char dir[200], err[600], why[300], cmd[4000], file[300];
	snprintf(dir, sizeof dir, "%s/rule-2-host", top);
	tap_is(host_open(dir, err, sizeof err), HOST_OK, "a host directory for rule 2's keys");
	/* pid, name, its old key's skeleton, when it was chosen */
	static const struct {
		int pid;
		const char *name, *old;
		long at;
	} players[] = {
		{ 0xb2, "TOM", "torn", T0 - 2000 },
		{ 0xb1, "\316\244\316\237\316\234", "\341\264\233o\316\274", T0 - 1000 },	/* Greek ΤΟΜ: ᴛoμ */
		{ 0xb3, "5am", "5arn", T0 - 3000 },
		{ 0xb4, "Sam", "sarn", T0 - 500 },
		{ 0xb5, "Otto", "otto", T0 - 400 },
	};
	for (size_t i = 0; i < sizeof players / sizeof players[0]; i++) {
		snprintf(cmd, sizeof cmd, "d=%s; p=%032x; mkdir -p $d/names $d/players/$p && printf '%%s\\n' '%s' >$d/players/$p/name && "
			 "touch -d @%ld $d/players/$p/name && printf '%%s\\n' $p >$d/names/$(printf '%s' | sha256sum | cut -c1-64)",
			 dir, players[i].pid, players[i].name, players[i].at, players[i].old);
		tap_is(system(cmd), 0, "rule 2 kept %s under its own key", players[i].name);
	}
	/* Otto was Oscar an hour ago, 5am Fiona 40 days ago. */
	time_t now = time(NULL);
	snprintf(cmd, sizeof cmd, "printf '%%s\\nOscar\\n' %ld >%s/players/%032x/renamed && "
		 "printf '%%s\\nFiona\\n' %ld >%s/players/%032x/renamed",
		 (long)now - 3600, dir, 0xb5, (long)now - DAYS(40), dir, 0xb3);
	tap_is(system(cmd), 0, "Otto left Oscar an hour ago, 5am left Fiona 40 days ago");
	snprintf(cmd, sizeof cmd, "rm -f %s/names/.keys-v* && touch %s/names/.skeleton-keys && test $(ls %s/names | wc -l) = 5",
		 dir, dir, dir);
	tap_is(system(cmd), 0, "five names, five keys, and rule 2's mark");
	tap_is(roster_rekey(dir, why, sizeof why), 2, "re-keyed: two pairs now look alike (%s)", why);
	tap_ok(strstr(why, ROSTER_COLLIDE) != NULL, "and why says where they are written");
	tap_is(query(dir, "SELECT count(*) FROM names"), 5,
	       "three names' keys, Greek ΤΟΜ's folded one and Oscar's hold now");
	char keys[NAME_KEYS][NAME_KEY_LEN + 1];
	tap_is(name_keys(players[1].name, keys), 2, "Greek ΤΟΜ has two keys: TOM's, and its own folded (τομ)");
	tap_ok(key_is(dir, keys[1], hexpid(0xb1), false), "the key ΤΟΜ shares with nobody is its own: τομ is taken too");
	for (size_t i = 0; i < sizeof players / sizeof players[0]; i++) {
		host_player p = { .live_fd = -1 };
		snprintf(p.pid, sizeof p.pid, "%032x", players[i].pid);
		snprintf(p.dir, sizeof p.dir, "%s/players/%032x", dir, players[i].pid);
		host_read_name(&p);
		tap_ok(!strcmp(p.name, players[i].name), "nobody deleted: %s keeps its name", players[i].name);
	}
	/* The one chosen first keeps the key, whatever the order of PIDs. */
	char line[300];
	snprintf(file, sizeof file, "%s/" ROSTER_COLLIDE, dir);
	snprintf(line, sizeof line, "%032x\tTOM\t%032x\t%s", 0xb2, 0xb1, players[1].name);
	tap_ok(has_line(file, line), "reported: Greek ΤΟΜ looks like TOM, who keeps the name");
	snprintf(line, sizeof line, "%032x\t5am\t%032x\tSam", 0xb3, 0xb4);
	tap_ok(has_line(file, line), "reported: Sam looks like 5am, chosen first");
	snprintf(cmd, sizeof cmd, "test $(grep -vc '^#' %s) = 2", file);
	tap_is(system(cmd), 0, "two pairs, no more (Otto looks like nobody)");
	tap_ok(key_is(dir, key_of("t0m"), hexpid(0xb2), false), "the key of TOM, T0M and ΤΟΜ is TOM's");
	tap_ok(key_is(dir, key_of("SAM"), hexpid(0xb3), false), "the key of 5am and Sam is 5am's");
	host_player q;
	tap_is(join(dir, 40, "T0M", "192.0.2.40", T0, &q), ROSTER_TAKEN, "a new key cannot take T0M");
	tap_is(join(dir, 40, "0tto", "192.0.2.40", T0, &q), ROSTER_TAKEN, "nor 0tto");
	tap_is(join(dir, 40, "0scar", "192.0.2.40", now, &q), ROSTER_TAKEN, "nor 0scar: Otto's hold came through");
	tap_is(join(dir, 41, "Fiona", "192.0.2.40", now, &q), ROSTER_OK, "Fiona's hold was over: a new key takes it");
	tap_is(roster_rekey(dir, why, sizeof why), 0, "a second rekey is nothing");
	tap_is(system(cmd), 0, "and leaves the report as it was");
}

/* The pairs issue 43 found apart: each a new name alone, and the second
 * of a pair refused beside the first, either way round (capitals first
 * they differ; folded first, or without the end's punctuation, they are
 * one). */
static const char *const alike_pairs[][2] = {
	{ "Глеб", "Гле6" }, { "Любовь", "Лю6овь" }, { "Νίκος", "Νίκσς" }, { "ε", "є" }, { "ƞ", "η" },
	{ "Ana", "Апа" }, { "jo", "ȷo" }, { "kim", "ĸim" }, { "Bob", "Bob." },
};
#define ALIKE_PAIRS (int)(sizeof alike_pairs / sizeof alike_pairs[0])

static void lookalikes(const char *top)
{
	char err[600], why[300];
	for (int way = 0; way < 2; way++) {
		char dir[200], addr[40];
		snprintf(dir, sizeof dir, "%s/alike-host-%d", top, way);
		tap_is(host_open(dir, err, sizeof err), HOST_OK, "a host directory for look-alikes (%s)",
		       way ? "second first" : "first first");
		for (int i = 0; i < ALIKE_PAIRS; i++) {
			const char *a = alike_pairs[i][way], *b = alike_pairs[i][!way];
			host_player p, q;
			snprintf(addr, sizeof addr, "192.0.2.%d", 100 + i);
			tap_is(join(dir, 100 + 2 * i, a, addr, T0, &p), ROSTER_OK, "%s takes its name", a);
			tap_ok(host_name_taken(dir, b), "%s is taken with it", b);
			tap_is(join(dir, 101 + 2 * i, b, addr, T0 + 1, &q), ROSTER_TAKEN, "%s is refused beside %s", b, a);
		}
	}
	/* A rename keeps every key of the name left, and gives nothing of the
	 * new one's away. */
	char dir[200];
	snprintf(dir, sizeof dir, "%s/alike-host-0", top);
	host_player g, s;
	unsigned char k[32];
	key(100, k);
	tap_is(host_key_player(dir, k, &lim, &g, err, sizeof err), HOST_OK, "Глеб logs in again");
	tap_is(roster_rename(dir, &g, "Boris", T0 + DAYS(1), why, sizeof why), ROSTER_OK, "and renames to Boris");
	tap_is(join(dir, 150, "Гле6", "192.0.2.150", T0 + DAYS(1) + 1, &s), ROSTER_TAKEN,
	       "Гле6 is kept for him as Глеб was (its folded key held)");
	tap_is(join(dir, 150, "ГЛЕБ", "192.0.2.150", T0 + DAYS(1) + 1, &s), ROSTER_TAKEN, "and ГЛЕБ (its capitals' key)");
	tap_is(roster_rename(dir, &g, "Гле6", T0 + DAYS(2), why, sizeof why), ROSTER_OK, "he may take Гле6 himself");
	char keys[NAME_KEYS][NAME_KEY_LEN + 1];
	int n = name_keys("Гле6", keys);
	for (int i = 0; i < n; i++)
		tap_ok(key_is(dir, keys[i], g.pid, false), "key %d of Гле6 is his name's, no hold (Глеб shared it)", i);
	tap_is(join(dir, 150, "Boris", "192.0.2.150", T0 + DAYS(2) + 1, &s), ROSTER_TAKEN, "Boris is kept for him now");
	host_leave(&g);
}

/* A host keyed by rule 3 (name_key alone): small letters that look alike
 * were two names.  Re-keyed once: nobody deleted, the pairs reported, the
 * one who chose first keeping the shared key, a name left lately kept for
 * its player by each key still free. */
static void rekeying_folded(const char *top)
{
	char dir[200], err[600], why[300], cmd[4000], file[300], line[300];
	snprintf(dir, sizeof dir, "%s/rule-3-host", top);
	tap_is(host_open(dir, err, sizeof err), HOST_OK, "a host directory for rule 3's keys");
	static const struct {
		int pid;
		const char *name;
		long at;
	} players[] = {
		{ 0xc1, "Глеб", T0 - 3000 }, { 0xc2, "Гле6", T0 - 2000 }, { 0xc3, "ĸim", T0 - 2500 },
		{ 0xc4, "kim", T0 - 1500 }, { 0xc5, "Bob.", T0 - 1000 }, { 0xc6, "Bob", T0 - 900 },
		{ 0xc7, "Zed", T0 - 800 },
	};
	for (size_t i = 0; i < sizeof players / sizeof players[0]; i++) {
		snprintf(cmd, sizeof cmd, "d=%s; p=%032x; mkdir -p $d/names $d/players/$p && printf '%%s\\n' '%s' >$d/players/$p/name && "
			 "touch -d @%ld $d/players/$p/name && printf '%%s\\n' $p >$d/names/$(printf '%s' | sha256sum | cut -c1-64)",
			 dir, players[i].pid, players[i].name, players[i].at, players[i].name);
		tap_is(system(cmd), 0, "rule 3 kept %s under its own key", players[i].name);
	}
	/* Zed was Любовь ten days ago. */
	time_t now = time(NULL);
	snprintf(cmd, sizeof cmd, "printf '%%s\\nЛюбовь\\n' %ld >%s/players/%032x/renamed && rm -f %s/names/.keys-v* && "
		 "touch %s/names/.keys-v3", (long)now - DAYS(10), dir, 0xc7, dir, dir);
	tap_is(system(cmd), 0, "Zed left Любовь ten days ago; rule 3's mark");
	tap_is(roster_rekey(dir, why, sizeof why), 3, "re-keyed: three pairs now look alike (%s)", why);
	tap_is(query(dir, "SELECT value FROM meta WHERE key = 'name_keys'"), NAME_KEY_VERSION, "keyed by this rule");
	for (size_t i = 0; i < sizeof players / sizeof players[0]; i++) {
		host_player p = { .live_fd = -1 };
		snprintf(p.pid, sizeof p.pid, "%032x", players[i].pid);
		snprintf(p.dir, sizeof p.dir, "%s/players/%032x", dir, players[i].pid);
		host_read_name(&p);
		tap_ok(!strcmp(p.name, players[i].name), "nobody deleted: %s keeps its name", players[i].name);
	}
	snprintf(file, sizeof file, "%s/" ROSTER_COLLIDE, dir);
	static const int pairs[][2] = { { 0, 1 }, { 2, 3 }, { 4, 5 } };
	for (size_t i = 0; i < sizeof pairs / sizeof pairs[0]; i++) {
		snprintf(line, sizeof line, "%032x\t%s\t%032x\t%s", players[pairs[i][0]].pid, players[pairs[i][0]].name,
			 players[pairs[i][1]].pid, players[pairs[i][1]].name);
		tap_ok(has_line(file, line), "reported: %s looks like %s, chosen first", players[pairs[i][1]].name,
		       players[pairs[i][0]].name);
	}
	snprintf(cmd, sizeof cmd, "test $(grep -vc '^#' %s) = 3", file);
	tap_is(system(cmd), 0, "three pairs, no more (Zed looks like nobody)");
	host_player q;
	static const char *const taken[] = { "ГЛЕ6", "гле6", "KIM", "ĸIM", "bob", "(Bob)", "Лю6овь", "любовь" };
	for (size_t i = 0; i < sizeof taken / sizeof taken[0]; i++)
		tap_is(join(dir, 60, taken[i], "192.0.2.60", now, &q), ROSTER_TAKEN, "a new key cannot take %s", taken[i]);
	tap_is(join(dir, 61, "Любовь", "192.0.2.61", now, &q), ROSTER_TAKEN, "nor Любовь, kept for Zed");
	tap_is(roster_rekey(dir, why, sizeof why), 0, "a second rekey is nothing");
}

/* Two new keys from two processes ask for look-alike names at the same
 * moment, round after round: one takes its name, the other is told it is
 * taken, and the database never holds both (its UNIQUE index on the
 * look-alike key). */
#define RACE_ROUNDS 12
static void lookalike_race(const char *top)
{
	char dir[200], err[600], why[300];
	snprintf(dir, sizeof dir, "%s/race-host", top);
	tap_is(host_open(dir, err, sizeof err), HOST_OK, "a host directory for racing names");
	int won = 0, lost = 0, odd = 0;
	for (int r = 0; r < RACE_ROUNDS; r++) {
		static const char *const pair[][2] = { { "Alice", "ALICE" }, { "Bob", "B0b" }, { "Marten", "rnarten" } };
		const char *const *names = pair[r % 3];
		char name[2][40];
		int go[2], st[2];
		if (pipe(go) < 0)
			break;
		for (int i = 0; i < 2; i++) {
			snprintf(name[i], sizeof name[i], "%s%c", names[i], 'a' + r / 3);
			if (fork() == 0) {
				char c;
				host_player p;
				unsigned char k[32];
				key(200 + 2 * r + i, k);
				if (read(go[0], &c, 1) != 1 || host_key_player(dir, k, &lim, &p, err, sizeof err) != HOST_OK)
					_exit(99);
				_exit((int)roster_register(dir, &p, name[i], &lim, "", T0, why, sizeof why));
			}
		}
		if (write(go[1], "gg", 2) != 2)
			break;
		close(go[0]);
		close(go[1]);
		for (int i = 0; i < 2; i++) {
			int status;
			wait(&status);
			st[i] = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
		}
		if ((st[0] == ROSTER_OK && st[1] == ROSTER_TAKEN) || (st[1] == ROSTER_OK && st[0] == ROSTER_TAKEN))
			won++;
		else
			odd++, tap_diag("round %d: %s %d, %s %d", r, name[0], st[0], name[1], st[1]);
		lost += host_name_taken(dir, name[0]) && host_name_taken(dir, name[1]) ? 0 : 1;
	}
	tap_is(won, RACE_ROUNDS, "each round, one process takes its name and the other is told it is taken (%d odd)", odd);
	tap_is(lost, 0, "and the winner's name is taken, looking like the loser's");
	tap_is(query(dir, "SELECT count(*) FROM players"), RACE_ROUNDS, "one player a round, never two");
	tap_is(query(dir, "SELECT count(*) - count(DISTINCT key) FROM names"), 0, "no key given twice");
	/* The index itself refuses a second owner of a key. */
	char sql[300];
	snprintf(sql, sizeof sql, "INSERT INTO names(key, pid) VALUES('%s', '%s')", key_of("alicea"), hexpid(0xbad));
	store *db = store_host(dir, why, sizeof why);
	tap_ok(db && store_exec(db, sql, why, sizeof why) < 0 && strstr(why, "UNIQUE"),
	       "a look-alike's key written by hand is refused by the database: %s", why);
}

/* Strangers logging in at the same moment are offered different names. */
static void offers(const char *dir)
{
	host_player a = { .pid = "0000000000000000000000000000000a" }, b = { .pid = "0000000000000000000000000000000b" };
	tap_ok(roster_offer(dir, &a, "nimble-marten", T0), "a name offered to one new key");
	tap_ok(roster_offer(dir, &a, "nimble-marten", T0 + 1), "and again to the same key");
	tap_ok(!roster_offer(dir, &b, "Nimble-Marten", T0 + 2), "not to another at the same time (in any case)");
	roster_offer_drop(dir, &b, "nimble-marten");
	tap_ok(!roster_offer(dir, &b, "nimble-marten", T0 + 3), "another's drop frees nothing");
	roster_offer_drop(dir, &a, "nimble-marten");
	tap_ok(roster_offer(dir, &b, "nimble-marten", T0 + 4), "once dropped, another may be offered it");
	tap_ok(!roster_offer(dir, &a, "nimble-marten", T0 + 5), "and the first may not now");
	tap_ok(roster_offer(dir, &a, "nimble-marten", T0 + 5 + ROSTER_OFFER_AGE), "an offer left lasts its time only");
	roster_offer_drop(dir, &a, "nimble-marten");
}

int main(void)
{
	char dir[] = "/tmp/lo-roster.XXXXXX", err[600];
	if (!mkdtemp(dir))
		return 1;
	tap_is(host_open(dir, err, sizeof err), HOST_OK, "a host directory");
	rekeying(dir);
	rekeying_capitals(dir);
	rekeying_folded(dir);
	lookalikes(dir);
	lookalike_race(dir);
	rename_holds(dir);
	offers(dir);
	one_key_one_name(dir);
	per_address(dir);
	char fresh[200];
	snprintf(fresh, sizeof fresh, "%s/pruned-host", dir);
	tap_is(host_open(fresh, err, sizeof err), HOST_OK, "another host directory, for the prunes");
	pruning(fresh);
	unplayed(fresh);
	char cmd[200];
	snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
	if (system(cmd) != 0)
		return 1;
	return tap_done();
}
