#include "persist/roster.h"

#include <arpa/inet.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "i18n.h"
#include "persist/atomic.h"
#include "persist/lock.h"
#include "persist/name.h"
#include "persist/network.h"
#include "persist/paths.h"
#include "persist/players.h"
#include "persist/sha256.h"
#include "persist/stats.h"
#include "persist/store.h"
#include "persist/upgrade.h"

#define DAY (24 * 3600L)
#define PRUNE_EVERY 3600	/* seconds between two prunes of a host */
#define NAMELESS_AGE 3600	/* an older version's nameless key directory, left this long */
#define HOLD (ROSTER_HOLD_DAYS * DAY)

/* The host's database, in a write transaction (BEGIN IMMEDIATE: the
 * writers of names queue under its busy timeout, as they queued on
 * register.lock); NULL with why. */
static store *begin(const char *dir, char *why, size_t len)
{
	store *s = store_host(dir, why, len);
	if (s && store_begin(s, why, len) < 0)
		return NULL;
	return s;
}

/* A statement's one step: SQLITE_ROW, SQLITE_DONE or an error. */
static int step(sqlite3_stmt *st)
{
	return st ? sqlite3_step(st) : SQLITE_ERROR;
}

/* v, st reset: no statement is left holding a read snapshot, which
 * would show later reads an old database and keep a writer's BEGIN
 * from its write lock. */
static long long done(sqlite3_stmt *st, long long v)
{
	if (st)
		sqlite3_reset(st);
	return v;
}

static void bind_text(sqlite3_stmt *st, int i, const char *s)
{
	if (st)
		sqlite3_bind_text(st, i, s, -1, SQLITE_TRANSIENT);
}

static void bind_int(sqlite3_stmt *st, int i, long long v)
{
	if (st)
		sqlite3_bind_int64(st, i, v);
}

/* A client address or network as the arrivals count it: a hash, so that
 * no address is kept as it is. */
static void who_of(const char *addr, char who[33])
{
	unsigned char d[SHA256_LEN];
	static const char digits[] = "0123456789abcdef";
	sha256(addr, strlen(addr), d);
	for (int i = 0; i < 16; i++) {
		who[2 * i] = digits[d[i] >> 4];
		who[2 * i + 1] = digits[d[i] & 15];
	}
	who[32] = '\0';
}

/* Whether who (an address, or a network: whose says which) made its
 * bound of new players in the last day, said in why. */
static bool made_enough(store *s, const char *addr, const char *whose, int bound, time_t now, char *why,
			size_t len)	/* whose: the sentence, its %d the bound */
{
	char who[33];
	who_of(addr, who);
	sqlite3_stmt *st = store_sql(s, "SELECT count(*) FROM arrivals WHERE who = ?1 AND at > ?2 AND at <= ?3");
	bind_text(st, 1, who);
	bind_int(st, 2, now - DAY);
	bind_int(st, 3, now);
	int cap = bound < 1000 ? bound : 1000;
	bool full = done(st, step(st) == SQLITE_ROW && sqlite3_column_int(st, 0) >= cap);
	if (full)
		snprintf(why, len, whose, cap);
	return full;
}

static long long count_players(store *s)
{
	sqlite3_stmt *st = store_sql(s, "SELECT count(*) FROM players");
	return done(st, step(st) == SQLITE_ROW ? sqlite3_column_int64(st, 0) : 0);
}

static roster_status room(store *s, const host_limits *lim, const char *addr, time_t now, char *why, size_t len)
{
	if (count_players(s) >= lim->players) {
		/* The English keeps its plural for every number (as it always
		 * said); a translation has its forms. */
		snprintf(why, len, P_("This host has room for %d players and has them all: "
				      "log in without a key to play as a guest.",
				      "This host has room for %d players and has them all: "
				      "log in without a key to play as a guest.", lim->players),
			 lim->players);
		return ROSTER_FULL;
	}
	int bound = lim->new_per_address < 1000 ? lim->new_per_address : 1000;
	if (lim->new_per_address > 0 && addr && addr[0] &&
	    made_enough(s, addr,
			P_("%d new players have come from your address today: "
			   "try again tomorrow, or log in without a key to play as a guest.",
			   "%d new players have come from your address today: "
			   "try again tomorrow, or log in without a key to play as a guest.", bound),
			lim->new_per_address, now, why, len))
		return ROSTER_FULL;
	/* One network's addresses are one stranger's as easily (issue 35). */
	char net[NETWORK_LEN];
	bound = lim->new_per_network < 1000 ? lim->new_per_network : 1000;
	if (lim->new_per_network > 0 && network_of(addr, net, sizeof net) &&
	    made_enough(s, net,
			P_("%d new players have come from your network today: "
			   "try again tomorrow, or log in without a key to play as a guest.",
			   "%d new players have come from your network today: "
			   "try again tomorrow, or log in without a key to play as a guest.", bound),
			lim->new_per_network, now, why, len))
		return ROSTER_FULL;
	return ROSTER_OK;
}

roster_status roster_room(const char *dir, const host_limits *lim, const char *addr, char *why, size_t len)
{
	store *s = store_host(dir, why, len);
	return s ? room(s, lim, addr, time(NULL), why, len) : ROSTER_ERROR;
}

/* One more new player from addr, now: its address's and its network's. */
static void address_count(store *s, const char *addr, time_t now)
{
	char net[NETWORK_LEN], who[33];
	const char *each[2] = { addr, network_of(addr, net, sizeof net) ? net : NULL };
	for (int i = 0; addr && addr[0] && i < 2 && each[i]; i++) {
		sqlite3_stmt *st = store_sql(s, "INSERT INTO arrivals(who, at) VALUES(?1, ?2)");
		who_of(each[i], who);
		bind_text(st, 1, who);
		bind_int(st, 2, now);
		step(st);
	}
}

/* A time as players read it (and the host's keeper). */
static void date_of(time_t t, char *out, size_t len)
{
	struct tm tm;
	if (!gmtime_r(&t, &tm) || !strftime(out, len, "%Y-%m-%d %H:%M UTC", &tm))
		snprintf(out, len, "%ld", (long)t);
}

/* What one key says at time now: NAME_FREE (nobody's, or a hold that
 * ended), NAME_OURS (pid's name, or a hold of pid's), NAME_TAKEN
 * (another's name) or NAME_HELD (another's old name, kept for them:
 * *since is when they left it). */
enum { NAME_HELD = -2, NAME_TAKEN = -1, NAME_FREE = 0, NAME_OURS = 1 };
static int key_owner_at(store *s, const char *key, const char *pid, time_t now, time_t *since)
{
	sqlite3_stmt *st = store_sql(s, "SELECT pid, left FROM names WHERE key = ?1");
	bind_text(st, 1, key);
	int rc = step(st);
	if (rc != SQLITE_ROW)	/* not read: another's, to be safe */
		return (int)done(st, rc == SQLITE_DONE ? NAME_FREE : NAME_TAKEN);
	const char *who = (const char *)sqlite3_column_text(st, 0);
	bool ours = who && !strcmp(who, pid), hold = sqlite3_column_type(st, 1) != SQLITE_NULL;
	time_t t = (time_t)sqlite3_column_int64(st, 1);
	done(st, 0);
	if (ours)
		return NAME_OURS;
	if (!hold)
		return NAME_TAKEN;
	if (since)
		*since = t;
	return now >= t + HOLD ? NAME_FREE : NAME_HELD;
}

/* What names says of name at time now, by all its keys: another's
 * name (NAME_TAKEN) before another's hold (NAME_HELD, *since when it
 * was left) before pid's (NAME_OURS); NAME_FREE when every key is. */
static int name_owner_at(store *s, const char *name, const char *pid, time_t now, time_t *since)
{
	char keys[NAME_KEYS][NAME_KEY_LEN + 1];
	int n = name_keys(name, keys), worst = NAME_FREE;
	for (int i = 0; i < n; i++) {
		time_t t = 0;
		int o = key_owner_at(s, keys[i], pid, now, &t);
		if (o == NAME_TAKEN || (o == NAME_HELD && worst != NAME_TAKEN) || (o == NAME_OURS && worst == NAME_FREE))
			worst = o;
		if (o == NAME_HELD && since)
			*since = t;
	}
	return worst;
}

/* Why a name others have cannot be taken, in a player's words. */
static void name_refusal(int owner, time_t since, char *why, size_t len)
{
	char was[40], until[40];
	date_of(since, was, sizeof was);
	date_of(since + HOLD, until, sizeof until);
	if (owner == NAME_HELD)
		/* TRANSLATORS: both %s are a date and time, "2026-11-27 12:00 UTC". */
		snprintf(why, len, _("that name was someone's until %s and is kept for them until %s: choose another"),
			 was, until);
	else
		snprintf(why, len, "%s", _("that name is taken: choose another"));
}

/* Key key given to pid: as its name (left < 0) or as a name it left at
 * left.  The UNIQUE index on names.key keeps one owner a key; the write
 * takes a key only when it is free, pid's, or a hold that ended at now,
 * so that a look-alike of another's name is never given, whoever asks.
 * True when the key is pid's after it. */
static bool key_give(store *s, const char *key, const char *pid, time_t left, time_t now)
{
	sqlite3_stmt *st = store_sql(s, "INSERT INTO names(key, pid, left) VALUES(?1, ?2, ?3) "
					"ON CONFLICT(key) DO UPDATE SET pid = excluded.pid, left = excluded.left "
					"WHERE names.pid = excluded.pid OR (names.left IS NOT NULL AND names.left <= ?4)");
	bind_text(st, 1, key);
	bind_text(st, 2, pid);
	if (left >= 0)
		bind_int(st, 3, left);
	else if (st)
		sqlite3_bind_null(st, 3);
	bind_int(st, 4, now - HOLD);
	return done(st, step(st) == SQLITE_DONE && sqlite3_changes(sqlite3_db_handle(st)) == 1);
}

/* name given to pid (it is free or pid's already): each key. */
static int name_give(store *s, const char *name, const char *pid, time_t now, char *why, size_t len)
{
	char keys[NAME_KEYS][NAME_KEY_LEN + 1];
	int n = name_keys(name, keys);
	for (int i = 0; i < n; i++)
		if (!key_give(s, keys[i], pid, -1, now)) {
			snprintf(why, len, "%s", _("that name is taken: choose another"));
			return -1;
		}
	return 0;
}

/* name, which pid left by a rename at t, kept for pid: each of its keys
 * that is free or pid's at now, but those of pid's name now (keep: they
 * stay its name's). */
static void name_hold(store *s, const char *name, const char *keep, const char *pid, time_t t, time_t now)
{
	char keys[NAME_KEYS][NAME_KEY_LEN + 1], kept[NAME_KEYS][NAME_KEY_LEN + 1];
	int n = name_keys(name, keys), k = name_keys(keep, kept);
	for (int i = 0; i < n; i++) {
		bool shared = false;
		for (int j = 0; j < k; j++)
			shared |= !strcmp(keys[i], kept[j]);
		if (!shared)
			key_give(s, keys[i], pid, t, now);
	}
}

bool roster_offer(const char *dir, const host_player *p, const char *name, time_t now)
{
	char key[NAME_KEY_LEN + 1], why[300];
	store *s = begin(dir, why, sizeof why);
	if (!s)
		return false;
	name_key(name, key, sizeof key);
	/* Another's offer lasts its time; then the name is free to offer. */
	sqlite3_stmt *st = store_sql(s, "INSERT INTO offers(key, pid, at) VALUES(?1, ?2, ?3) "
					"ON CONFLICT(key) DO UPDATE SET pid = excluded.pid, at = excluded.at "
					"WHERE offers.pid = excluded.pid OR offers.at <= ?4 OR offers.at > ?3");
	bind_text(st, 1, key);
	bind_text(st, 2, p->pid);
	bind_int(st, 3, now);
	bind_int(st, 4, now - ROSTER_OFFER_AGE);
	bool ours = done(st, step(st) == SQLITE_DONE && sqlite3_changes(sqlite3_db_handle(st)) == 1);
	return store_commit(s, why, sizeof why) == 0 && ours;
}

void roster_offer_drop(const char *dir, const host_player *p, const char *name)
{
	char key[NAME_KEY_LEN + 1], why[300];
	store *s = store_host(dir, why, sizeof why);
	if (!s)
		return;
	name_key(name, key, sizeof key);
	sqlite3_stmt *st = store_sql(s, "DELETE FROM offers WHERE key = ?1 AND pid = ?2");
	bind_text(st, 1, key);
	bind_text(st, 2, p->pid);
	step(st);
}

void roster_seen(const host_player *p, time_t now)
{
	char dir[4096], why[300];
	store *s;
	if (players_host(p, dir, sizeof dir) < 0 || !(s = store_host(dir, why, sizeof why)))
		return;
	sqlite3_stmt *st = store_sql(s, "UPDATE players SET seen = ?2 WHERE pid = ?1");
	bind_text(st, 1, p->pid);
	bind_int(st, 2, now);
	step(st);
}

roster_status roster_register(const char *dir, host_player *p, const char *name, const host_limits *lim,
			      const char *addr, time_t now, char *why, size_t len)
{
	if (!name_check_new(name, why, len))
		return ROSTER_REFUSED;
	store *s = begin(dir, why, len);
	if (!s)
		return ROSTER_ERROR;
	roster_status st = ROSTER_OK;
	players_row r;
	struct stat sb;
	if (players_read(s, p->pid, &r) && r.name[0]) {
		/* Another login of this key was first: one key, one name. */
		snprintf(p->name, sizeof p->name, "%s", r.name);
		store_rollback(s);
		return ROSTER_HAD_NAME;
	}
	bool known = lstat(p->dir, &sb) == 0;
	if (!known && (st = room(s, lim, addr, now, why, len)) != ROSTER_OK)
		goto fail;
	time_t since = 0;
	int owner = name_owner_at(s, name, p->pid, now, &since);
	if (owner < 0) {
		name_refusal(owner, since, why, len);
		st = ROSTER_TAKEN;
		goto fail;
	}
	if (host_own_dir(p->dir, 0700, why, len) != HOST_OK || host_own_dir(p->home, 0700, why, len) != HOST_OK) {
		st = ROSTER_ERROR;
		goto fail;
	}
	/* A name we no longer accept (an older version's rules) frees its
	 * keys as it goes. */
	sqlite3_stmt *q = store_sql(s, "DELETE FROM names WHERE pid = ?1 AND left IS NULL");
	bind_text(q, 1, p->pid);
	step(q);
	if (name_give(s, name, p->pid, now, why, len) < 0) {
		st = ROSTER_TAKEN;
		goto fail;
	}
	q = store_sql(s, "INSERT INTO players(pid, name, since, seen) VALUES(?1, ?2, ?3, ?3) "
			 "ON CONFLICT(pid) DO UPDATE SET name = excluded.name, since = excluded.since, seen = excluded.seen");
	bind_text(q, 1, p->pid);
	bind_text(q, 2, name);
	bind_int(q, 3, now);
	if (step(q) != SQLITE_DONE) {
		snprintf(why, len, "%s", store_error(s));
		st = ROSTER_ERROR;
		goto fail;
	}
	if (!known)
		address_count(s, addr, now);
	if (store_commit(s, why, len) < 0)
		return ROSTER_ERROR;
	snprintf(p->name, sizeof p->name, "%s", name);
	return ROSTER_OK;
fail:
	store_rollback(s);
	return st;
}

/* Whether a player whose last rename was at last may rename at now. */
static bool may_rename(time_t last, time_t now, char *why, size_t len)
{
	if (!last || last > now || now - last >= DAY)
		return true;
	char next[40];
	date_of(last + DAY, next, sizeof next);
	/* TRANSLATORS: %s is a date and time, "2026-11-27 12:00 UTC". */
	snprintf(why, len, _("one rename a day: the next is possible from %s"), next);
	return false;
}

bool roster_can_rename(const host_player *p, time_t now, char *why, size_t len)
{
	char dir[4096];
	players_row r;
	store *s;
	if (players_host(p, dir, sizeof dir) < 0 || !(s = store_host(dir, why, len)) || !players_read(s, p->pid, &r))
		return true;
	return may_rename(r.renamed, now, why, len);
}

roster_status roster_rename(const char *dir, host_player *p, const char *name, time_t now, char *why, size_t len)
{
	if (!name_check_new(name, why, len))
		return ROSTER_REFUSED;
	store *s = begin(dir, why, len);
	if (!s)
		return ROSTER_ERROR;
	roster_status st = ROSTER_OK;
	players_row r;
	time_t since = 0;
	int owner;
	if (!players_read(s, p->pid, &r) || !r.name[0]) {
		snprintf(why, len, "%s", _("only a player with a name can change it"));
		st = ROSTER_ERROR;
	} else if (!may_rename(r.renamed, now, why, len)) {
		st = ROSTER_FULL;
	} else if ((owner = name_owner_at(s, name, p->pid, now, &since)) < 0) {
		name_refusal(owner, since, why, len);
		st = ROSTER_TAKEN;
	} else if (name_give(s, name, p->pid, now, why, len) < 0) {
		st = ROSTER_TAKEN;
	} else {
		/* The day's rename, and the name left: kept for the player
		 * (the keys it shares with the new one, as the same name in
		 * another case, stay the new one's). */
		sqlite3_stmt *q = store_sql(s, "UPDATE players SET name = ?2, renamed = ?3, left_name = ?4 WHERE pid = ?1");
		bind_text(q, 1, p->pid);
		bind_text(q, 2, name);
		bind_int(q, 3, now);
		bind_text(q, 4, r.name);
		if (step(q) != SQLITE_DONE) {
			snprintf(why, len, "%s", store_error(s));
			st = ROSTER_ERROR;
		} else {
			name_hold(s, r.name, name, p->pid, now, now);
		}
	}
	if (st != ROSTER_OK) {
		store_rollback(s);
		return st;
	}
	if (store_commit(s, why, len) < 0)
		return ROSTER_ERROR;
	snprintf(p->name, sizeof p->name, "%s", name);
	return ROSTER_OK;
}

/* Forget one player unless it is in a game: every one of its live slots
 * is taken first (and their files removed after); its row and names go
 * in one transaction, then its directory. */
static bool forget(const char *dir, const char *pid, int slots)
{
	char lock[4200], err[300], pdir[4200], name[64];
	int fds[64];
	int n = slots < 64 ? slots : 64, held = 0;
	for (; held < n; held++) {
		snprintf(name, sizeof name, "k%.32s.%d", pid, held);	/* its games' slots (host_key_player) */
		if (host_path_in(dir, HOST_DIR_LIVE, name, lock, sizeof lock) < 0 ||
		    (fds[held] = lock_take_removable(lock, err, sizeof err)) < 0)
			break;
	}
	bool gone = false;
	store *s = held == n ? begin(dir, err, sizeof err) : NULL;
	if (s) {
		static const char *const drop[] = { "DELETE FROM players WHERE pid = ?1",
						    "DELETE FROM names WHERE pid = ?1",
						    "DELETE FROM offers WHERE pid = ?1" };
		for (size_t i = 0; i < sizeof drop / sizeof drop[0]; i++) {
			sqlite3_stmt *st = store_sql(s, drop[i]);
			bind_text(st, 1, pid);
			step(st);
		}
		if (store_commit(s, err, sizeof err) == 0) {
			host_path_in(dir, HOST_DIR_PLAYERS, pid, pdir, sizeof pdir);	/* fits: host_open took dir */
			host_remove_tree(pdir);
			gone = true;
		}
	}
	for (int i = 0; i < held; i++) {
		snprintf(name, sizeof name, "k%.32s.%d", pid, i);
		host_path_in(dir, HOST_DIR_LIVE, name, lock, sizeof lock);	/* as taken above */
		lock_remove(lock, fds[i]);
	}
	return gone;
}

/* A player's name as the re-key reads it, and since when it is theirs. */
typedef struct player_name {
	char pid[HOST_PID_LEN + 1];
	char name[NAME_MAX_BYTES + 1];
	time_t renamed;
	char left[NAME_MAX_BYTES + 1];
} player_name;

/* The named players, the first to choose first (the one who had the
 * name before the other; by PID on a tie, so that every re-key decides
 * alike): malloc'd, *n of them; NULL when none. */
static player_name *named_read(store *s, int *n)
{
	player_name *all = NULL;
	int cap = 0;
	*n = 0;
	sqlite3_stmt *st = store_sql(s, "SELECT pid, name, renamed, left_name FROM players ORDER BY since, pid");
	while (step(st) == SQLITE_ROW) {
		if (*n == cap) {
			player_name *more = realloc(all, (size_t)(cap = cap ? 2 * cap : 64) * sizeof *all);
			if (!more)
				break;	/* those read keep their keys; the others keep their names */
			all = more;
		}
		player_name *m = &all[*n];
		snprintf(m->pid, sizeof m->pid, "%s", (const char *)sqlite3_column_text(st, 0));
		players_name_copy(sqlite3_column_text(st, 1), m->name, sizeof m->name);
		m->renamed = (time_t)sqlite3_column_int64(st, 2);
		players_name_copy(sqlite3_column_text(st, 3), m->left, sizeof m->left);
		*n += m->name[0] != '\0';
	}
	if (st)
		sqlite3_reset(st);
	return all;
}

/* The report of names that look alike now (ROSTER_COLLIDE in dir): one
 * line a pair, the one who keeps the name first, tab-separated (no name
 * holds a tab). */
static void collide_report(const char *dir, const player_name *all, int n, const int *with, time_t now)
{
	char path[4300], err[300], date[40];
	size_t cap = 512 + (size_t)n * (2 * (HOST_PID_LEN + NAME_MAX_BYTES) + 4), used = 0;
	char *text = malloc(cap);
	if (!text)
		return;
	date_of(now, date, sizeof date);
	used += (size_t)snprintf(text + used, cap - used,
				 "# Players whose names look alike by the names' rule %d (lightsout, re-keyed %s).\n"
				 "# Each line: the player who keeps the name (chosen first), then one who plays on\n"
				 "# under a look-alike of it: ask them to choose another (ssh -t ACCOUNT@HOST rename).\n"
				 "# PID\tNAME\tPID\tNAME\n", NAME_KEY_VERSION, date);
	for (int i = 0; i < n; i++)
		if (with[i] >= 0)
			used += (size_t)snprintf(text + used, cap - used, "%s\t%s\t%s\t%s\n", all[with[i]].pid,
						 all[with[i]].name, all[i].pid, all[i].name);
	host_path(dir, HOST_FILE_COLLIDE, path, sizeof path);	/* fits: host_open took dir */
	atomic_write(path, text, used, err, sizeof err);
	free(text);
}

/* The key of s's names by the rule of this version, in the transaction
 * begun: the pairs found alike, or -1. */
static int rekey(const char *dir, store *s, time_t now, char *why, size_t len)
{
	if (store_exec(s, "DELETE FROM names", why, len) < 0)
		return -1;
	/* Oldest name first: of two that look alike now, the one chosen
	 * first keeps its key; the other keeps its name (nobody is deleted)
	 * and is reported. */
	int n, rc = 0;
	player_name *all = named_read(s, &n);
	int *with = n ? malloc((size_t)n * sizeof *with) : NULL;
	for (int i = 0; i < n; i++) {
		char keys[NAME_KEYS][NAME_KEY_LEN + 1];
		int k = name_keys(all[i].name, keys);
		if (with)
			with[i] = -1;
		/* Each key free is the player's; a key another has already
		 * (a name's, every name given here is one) makes a pair. */
		for (int j = 0; j < k; j++) {
			if (key_give(s, keys[j], all[i].pid, -1, now))
				continue;
			sqlite3_stmt *st = store_sql(s, "SELECT pid FROM names WHERE key = ?1");
			bind_text(st, 1, keys[j]);
			const char *pid = step(st) == SQLITE_ROW ? (const char *)sqlite3_column_text(st, 0) : NULL;
			for (int o = 0; pid && with && with[i] < 0 && o < i; o++)
				if (!strcmp(all[o].pid, pid))
					with[i] = o;
			done(st, 0);
		}
		rc += with && with[i] >= 0;
	}
	/* The names players left lately are kept for them still. */
	for (int i = 0; i < n; i++)
		if (all[i].renamed && all[i].left[0] && now < all[i].renamed + HOLD)
			name_hold(s, all[i].left, all[i].name, all[i].pid, all[i].renamed, now);
	if (rc > 0) {
		char path[4300];
		collide_report(dir, all, n, with, now);
		host_path(dir, HOST_FILE_COLLIDE, path, sizeof path);
		/* TRANSLATORS: %s is the file listing the pairs of names (for the host's keeper). */
		snprintf(why, len, P_("%d players' names look like another's now: see %s",
				      "%d players' names look like another's now: see %s", rc), rc, path);
	}
	free(all);
	free(with);
	return rc;
}

int roster_rekey(const char *dir, char *why, size_t len)
{
	store *s = store_host(dir, why, len);
	if (!s)
		return -1;
	if (store_meta(s, "imported", 0) && store_meta(s, "name_keys", 0) == NAME_KEY_VERSION)
		return 0;
	if (store_begin(s, why, len) < 0)
		return -1;
	int rc = 0;
	bool imported = false;
	/* Another login may have done it meanwhile. */
	if (!store_meta(s, "imported", 0)) {
		if (upgrade_host(dir, s, why, len) < 0) {
			store_rollback(s);
			return -1;
		}
		imported = true;
		store_meta_set(s, "imported", 1);
	}
	if (store_meta(s, "name_keys", 0) != NAME_KEY_VERSION) {
		rc = rekey(dir, s, time(NULL), why, len);
		store_meta_set(s, "name_keys", NAME_KEY_VERSION);
	}
	if (rc < 0 || store_commit(s, why, len) < 0) {
		store_rollback(s);
		return -1;
	}
	/* Its files kept aside once the database holds them for good. */
	if (imported)
		upgrade_set_aside(dir);
	return rc;
}

/* Whether the player of directory pdir ever cleared a board: a win in its
 * statistics (home/data/lightsout/stats, as serve sets XDG_DATA_HOME). */
static bool cleared_a_board(const char *pdir)
{
	char home[4300], path[4400];
	stats st;
	persist_result res;
	if (host_player_path(pdir, HOST_PLAYER_HOME, home, sizeof home) < 0 ||
	    snprintf(path, sizeof path, "%s/data/lightsout/%s", home, PATHS_STATS) >= (int)sizeof path)
		return true;	/* not ours to judge: kept */
	persist_status ps = stats_read_only(path, &st, &res);
	if (ps == PERSIST_NONE)
		return false;
	bool won = ps != PERSIST_OK;	/* a file not read is kept, as it may hold wins */
	for (int i = 0; ps == PERSIST_OK && i < st.n && !won; i++)
		won = st.entries[i].won > 0;
	for (int i = 0; ps == PERSIST_OK && i < st.ndaily && !won; i++)
		won = st.daily[i].won;
	if (ps == PERSIST_OK)
		stats_free(&st);
	return won;
}

/* The players to forget at now: malloc'd PIDs, *n of them. */
static char (*stale_players(const char *dir, store *s, const host_limits *lim, time_t now, int *n))[HOST_PID_LEN + 1]
{
	char(*out)[HOST_PID_LEN + 1] = NULL;
	int cap = 0;
	*n = 0;
	sqlite3_stmt *st = store_sql(s, "SELECT pid, seen FROM players WHERE seen < ?1");
	long days = lim->forget_days > 0 ? lim->forget_days : LONG_MAX / DAY;
	if (lim->forget_unplayed_days > 0 && lim->forget_unplayed_days < days)
		days = lim->forget_unplayed_days;
	bind_int(st, 1, now - days * DAY);
	while (step(st) == SQLITE_ROW) {
		const char *pid = (const char *)sqlite3_column_text(st, 0);
		long age = (long)(now - sqlite3_column_int64(st, 1));
		char pdir[4200];
		if (!pid || strlen(pid) != HOST_PID_LEN || host_path_in(dir, HOST_DIR_PLAYERS, pid, pdir, sizeof pdir) < 0)
			continue;
		/* A key that never cleared a board goes sooner: throwaway
		 * keys would fill --players for a year (issue 43). */
		bool gone = (lim->forget_days > 0 && age > lim->forget_days * DAY) ||
			    (lim->forget_unplayed_days > 0 && age > lim->forget_unplayed_days * DAY && !cleared_a_board(pdir));
		if (!gone)
			continue;
		if (*n == cap) {
			char(*more)[HOST_PID_LEN + 1] = realloc(out, (size_t)(cap = cap ? 2 * cap : 16) * sizeof *out);
			if (!more)
				break;
			out = more;
		}
		memcpy(out[(*n)++], pid, HOST_PID_LEN + 1);
	}
	done(st, 0);
	return out;
}

/* Directories of players/ with no player: keys that never chose a name
 * (an older version made them at login), left NAMELESS_AGE. */
static void nameless_sweep(const char *dir, store *s, time_t now)
{
	char path[4200];
	host_path(dir, HOST_DIR_PLAYERS, path, sizeof path);	/* fits: host_open took dir */
	DIR *d = opendir(path);
	struct dirent *de;
	while (d && (de = readdir(d))) {
		struct stat st;
		const char *pid = de->d_name;
		if (strlen(pid) != HOST_PID_LEN || strspn(pid, "0123456789abcdef") != HOST_PID_LEN ||
		    fstatat(dirfd(d), pid, &st, AT_SYMLINK_NOFOLLOW) < 0 || now - st.st_mtime <= NAMELESS_AGE)
			continue;
		sqlite3_stmt *q = store_sql(s, "SELECT 1 FROM players WHERE pid = ?1");
		bind_text(q, 1, pid);
		char pdir[4300];
		if (!done(q, step(q) == SQLITE_ROW) && host_path_in(dir, HOST_DIR_PLAYERS, pid, pdir, sizeof pdir) == 0)
			host_remove_tree(pdir);
	}
	if (d)
		closedir(d);
}

int roster_prune(const char *dir, const host_limits *lim, time_t now)
{
	char why[300];
	store *s = store_host(dir, why, sizeof why);
	long long last = s ? store_meta(s, "pruned", 0) : now;
	if (!s || (last > now - PRUNE_EVERY && last <= now))
		return 0;
	if (store_begin(s, why, sizeof why) < 0)
		return 0;
	store_meta_set(s, "pruned", now);
	/* Arrivals say nothing after a day, offers after their time, a
	 * name left after ROSTER_HOLD_DAYS. */
	static const struct {
		const char *sql;
		long age;
	} stale[] = { { "DELETE FROM arrivals WHERE at <= ?1", DAY },
		      { "DELETE FROM offers WHERE at <= ?1", ROSTER_OFFER_AGE },
		      { "DELETE FROM names WHERE left IS NOT NULL AND left <= ?1", HOLD } };
	for (size_t i = 0; i < sizeof stale / sizeof stale[0]; i++) {
		sqlite3_stmt *st = store_sql(s, stale[i].sql);
		bind_int(st, 1, now - stale[i].age);
		step(st);
	}
	if (store_commit(s, why, sizeof why) < 0)
		return 0;
	int n, forgotten = 0;
	char(*gone)[HOST_PID_LEN + 1] = stale_players(dir, s, lim, now, &n);
	for (int i = 0; i < n; i++)
		forgotten += forget(dir, gone[i], lim->games_per_key);
	free(gone);
	nameless_sweep(dir, s, now);
	host_prompt_sweep(dir);
	return forgotten;
}

void roster_address(const char *conn, char *out, size_t len)
{
	char ip[64];
	out[0] = '\0';
	/* The first word: the client's address. */
	size_t skip = conn ? strspn(conn, " \t\n") : 0, n = conn ? strcspn(conn + skip, " \t\n") : 0;
	if (!n || n >= sizeof ip)
		return;
	memcpy(ip, conn + skip, n);
	ip[n] = '\0';
	unsigned char a[16];
	if (inet_pton(AF_INET, ip, a) == 1) {
		snprintf(out, len, "%u.%u.%u.%u", a[0], a[1], a[2], a[3]);
	} else if (inet_pton(AF_INET6, ip, a) == 1) {
		/* An IPv4 client seen through IPv6 is its IPv4 address. */
		static const unsigned char mapped[12] = { 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff };
		if (!memcmp(a, mapped, 12))
			snprintf(out, len, "%u.%u.%u.%u", a[12], a[13], a[14], a[15]);
		else
			snprintf(out, len, "%02x%02x:%02x%02x:%02x%02x:%02x%02x::/64", a[0], a[1], a[2], a[3], a[4],
				 a[5], a[6], a[7]);
	}
}
