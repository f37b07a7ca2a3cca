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
#include "persist/kv.h"
#include "persist/lock.h"
#include "persist/name.h"
#include "persist/network.h"
#include "persist/parse.h"
#include "persist/paths.h"
#include "persist/sha256.h"
#include "persist/stats.h"

#define DAY (24 * 3600L)
#define PRUNE_EVERY 3600	/* seconds between two prunes of a host */
#define NAMELESS_AGE 3600	/* an older version's nameless key directory, left this long */

/* Entries of a directory that do not begin with a dot (stops at cap). */
static int count_entries(const char *path, int cap)
{
	DIR *d = opendir(path);
	int n = 0;
	if (!d)
		return 0;
	struct dirent *de;
	while (n < cap && (de = readdir(d)))
		n += de->d_name[0] != '.';
	closedir(d);
	return n;
}

static int register_lock(const char *dir, char *why, size_t len)
{
	char path[4200], err[300];
	host_path(dir, HOST_FILE_REGISTER, path, sizeof path);	/* fits: host_open took dir */
	int fd = lock_take(path, LOCK_WAIT_MS, err, sizeof err);
	if (fd < 0)
		snprintf(why, len, "%s", err);
	return fd;
}

/* addresses/A for an address: a hash, so no address is a file name. */
static void address_path(const char *dir, const char *addr, char *path, size_t len)
{
	unsigned char d[SHA256_LEN];
	char name[33];
	static const char digits[] = "0123456789abcdef";
	sha256(addr, strlen(addr), d);
	for (int i = 0; i < 16; i++) {
		name[2 * i] = digits[d[i] >> 4];
		name[2 * i + 1] = digits[d[i] & 15];
	}
	name[32] = '\0';
	if (host_path_in(dir, HOST_DIR_ADDRESSES, name, path, len) < 0 && len)
		path[0] = '\0';
}

/* The times of the address's new players in the last day, oldest first;
 * how many (at most cap). */
static int address_times(const char *dir, const char *addr, time_t now, long *t, int cap)
{
	char path[4300], err[300];
	size_t n;
	address_path(dir, addr, path, sizeof path);
	char *text = atomic_read_max(path, 65536, &n, err, sizeof err);
	int k = 0;
	if (!text)
		return 0;
	/* A time a line: what is not one ends the count (not ours to read). */
	kv_reader r;
	const char *line;
	size_t ln;
	long long v;
	kv_init(&r, path, text, n, KV_NUL, err, sizeof err);
	while (k < cap && r.p < r.end && kv_line(&r, &line, &ln) && parse_int(line, ln, 0, LONG_MAX, false, &v))
		if (v > now - DAY && v <= now)
			t[k++] = (long)v;
	free(text);
	return k;
}

/* Whether who (an address, or a network: whose says which) made its
 * bound of new players in the last day, said in why. */
static bool made_enough(const char *dir, const char *who, const char *whose, int bound, time_t now, char *why,
			size_t len)	/* whose: the sentence, its %d the bound */
{
	long t[1000];
	int cap = bound < 1000 ? bound : 1000;
	if (address_times(dir, who, now, t, cap) < cap)
		return false;
	snprintf(why, len, whose, cap);
	return true;
}

static roster_status room(const char *dir, const host_limits *lim, const char *addr, time_t now, char *why,
			  size_t len)
{
	char players[4200];
	host_path(dir, HOST_DIR_PLAYERS, players, sizeof players);	/* fits: host_open took dir */
	if (count_entries(players, lim->players) >= lim->players) {
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
	    made_enough(dir, addr,
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
	    made_enough(dir, net,
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
	return room(dir, lim, addr, time(NULL), why, len);
}

/* One more new player from key (an address or a network), now. */
static void times_add(const char *dir, const char *addr, time_t now, int cap)
{
	if (!addr || !addr[0] || cap <= 0)
		return;
	char path[4300], err[300];
	long t[1000];
	int n = address_times(dir, addr, now, t, cap < 1000 ? cap : 1000);
	/* Oldest first; keep the newest cap - 1 and now. */
	int from = n >= cap ? n - cap + 1 : 0;
	char text[1000 * 24];
	size_t used = 0;
	for (int i = from; i < n; i++)
		used += (size_t)snprintf(text + used, sizeof text - used, "%ld\n", t[i]);
	used += (size_t)snprintf(text + used, sizeof text - used, "%ld\n", (long)now);
	address_path(dir, addr, path, sizeof path);
	atomic_write(path, text, used, err, sizeof err);
}

/* One more new player from addr, now: its address's and its network's
 * (as many as room() may ask about). */
static void address_count(const char *dir, const char *addr, time_t now, int cap)
{
	char net[NETWORK_LEN];
	times_add(dir, addr, now, cap);
	if (network_of(addr, net, sizeof net))
		times_add(dir, net, now, 1000);
}

/* A time as players read it (and the host's keeper). */
static void date_of(time_t t, char *out, size_t len)
{
	struct tm tm;
	if (!gmtime_r(&t, &tm) || !strftime(out, len, "%Y-%m-%d %H:%M UTC", &tm))
		snprintf(out, len, "%ld", (long)t);
}

/* A file of names/: "PID\n" for a player's name, "PID\nT\n" for a name
 * left by a rename at T and kept for its player ROSTER_HOLD_DAYS.
 * FILE_NONE, FILE_NAME or FILE_HOLD (pid and *t read), FILE_OTHER for
 * what we cannot read as either (another's, to be safe). */
enum { FILE_OTHER = -1, FILE_NONE, FILE_NAME, FILE_HOLD };
static int name_file(const char *path, char pid[HOST_PID_LEN + 1], time_t *t)
{
	char err[300];
	size_t n;
	struct stat st;
	if (lstat(path, &st) < 0)
		return errno == ENOENT ? FILE_NONE : FILE_OTHER;
	char *text = atomic_read_max(path, 64, &n, err, sizeof err);
	int rc = FILE_OTHER;
	kv_reader r;
	const char *line;
	size_t ln;
	long long v;
	if (text)
		kv_init(&r, path, text, n, KV_NUL | KV_NEWLINE, err, sizeof err);
	if (text && kv_line(&r, &line, &ln) && ln == HOST_PID_LEN) {
		memcpy(pid, line, HOST_PID_LEN);
		pid[HOST_PID_LEN] = '\0';
		if (r.p == r.end)
			rc = FILE_NAME;
		else if (kv_line(&r, &line, &ln) && parse_int(line, ln, 1, LONG_MAX, false, &v) && kv_end(&r, "")) {
			*t = (time_t)v;
			rc = FILE_HOLD;
		}
	}
	free(text);
	return rc;
}

/* The files in names/ of a name's keys (name_keys): n of them, 1 or 2.
 * A name is taken when any of them is another's. */
typedef struct name_files {
	int n;
	char path[NAME_KEYS][4300];
} name_files;

static void name_files_of(const char *dir, const char *name, name_files *f)
{
	char keys[NAME_KEYS][NAME_KEY_LEN + 1];
	f->n = name_keys(name, keys);
	for (int i = 0; i < f->n; i++)
		if (host_path_in(dir, HOST_DIR_NAMES, keys[i], f->path[i], sizeof f->path[i]) < 0)
			f->path[i][0] = '\0';
}

/* Whether path is one of f's. */
static bool name_files_have(const name_files *f, const char *path)
{
	for (int i = 0; i < f->n; i++)
		if (!strcmp(f->path[i], path))
			return true;
	return false;
}

/* What one key's file says at time now: NAME_FREE (none, or a hold that
 * ended), NAME_OURS (pid's name, or a hold of pid's), NAME_TAKEN
 * (another's, or what we cannot read), or NAME_HELD (another's old name,
 * kept for them: *since is when they left it). */
enum { NAME_HELD = -2, NAME_TAKEN = -1, NAME_FREE = 0, NAME_OURS = 1 };
static int key_owner_at(const char *path, const char *pid, time_t now, time_t *since)
{
	char who[HOST_PID_LEN + 1];
	time_t t = 0;
	int f = path[0] ? name_file(path, who, &t) : FILE_OTHER;
	if (f == FILE_NONE || f == FILE_OTHER)
		return f == FILE_NONE ? NAME_FREE : NAME_TAKEN;
	if (!memcmp(who, pid, HOST_PID_LEN))
		return NAME_OURS;
	if (f == FILE_NAME)
		return NAME_TAKEN;
	if (since)
		*since = t;
	return now >= t + ROSTER_HOLD_DAYS * DAY ? NAME_FREE : NAME_HELD;
}

/* What names/ says of name at time now, by all its keys: another's
 * name (NAME_TAKEN) before another's hold (NAME_HELD, *since when it
 * was left) before pid's (NAME_OURS); NAME_FREE when every key is. */
static int name_owner_at(const char *dir, const char *name, const char *pid, time_t now, time_t *since)
{
	name_files f;
	int worst = NAME_FREE;
	name_files_of(dir, name, &f);
	for (int i = 0; i < f.n; i++) {
		time_t t = 0;
		int o = key_owner_at(f.path[i], pid, now, &t);
		if (o == NAME_TAKEN || (o == NAME_HELD && worst != NAME_TAKEN) || (o == NAME_OURS && worst == NAME_FREE))
			worst = o;
		if (o == NAME_HELD && since)
			*since = t;
	}
	return worst;
}

/* Remove the holds that ended from names/ (under the register lock: a
 * player taking one back meanwhile makes it a name again). */
static void holds_sweep(const char *dir, time_t now)
{
	char path[4300], why[300], pid[HOST_PID_LEN + 1];
	host_path(dir, HOST_DIR_NAMES, path, sizeof path);	/* fits: host_open took dir */
	DIR *d = opendir(path);
	int lfd = d ? register_lock(dir, why, sizeof why) : -1;
	struct dirent *de;
	while (lfd >= 0 && (de = readdir(d))) {
		struct stat st;
		time_t t = 0;
		if (de->d_name[0] == '.' || fstatat(dirfd(d), de->d_name, &st, AT_SYMLINK_NOFOLLOW) < 0 ||
		    st.st_size <= HOST_PID_LEN + 1)
			continue;
		if (host_path_in(dir, HOST_DIR_NAMES, de->d_name, path, sizeof path) == 0 &&
		    name_file(path, pid, &t) == FILE_HOLD && now >= t + ROSTER_HOLD_DAYS * DAY)
			unlinkat(dirfd(d), de->d_name, 0);
	}
	if (lfd >= 0)
		lock_release(lfd);
	if (d)
		closedir(d);
}

/* Why a name others have cannot be taken, in a player's words. */
static void name_refusal(int owner, time_t since, char *why, size_t len)
{
	char was[40], until[40];
	date_of(since, was, sizeof was);
	date_of(since + ROSTER_HOLD_DAYS * DAY, until, sizeof until);
	if (owner == NAME_HELD)
		/* TRANSLATORS: both %s are a date and time, "2026-11-27 12:00 UTC". */
		snprintf(why, len, _("that name was someone's until %s and is kept for them until %s: choose another"),
			 was, until);
	else
		snprintf(why, len, "%s", _("that name is taken: choose another"));
}

/* names/ gives name to pid (it is free or pid's already): each key. */
static int name_give(const char *dir, const char *name, const char *pid, char *why, size_t len)
{
	char line[HOST_PID_LEN + 2];
	name_files f;
	name_files_of(dir, name, &f);
	snprintf(line, sizeof line, "%s\n", pid);
	for (int i = 0; i < f.n; i++)
		if (atomic_write(f.path[i], line, HOST_PID_LEN + 1, why, len) < 0)
			return -1;
	return 0;
}

/* names/ keeps name, which pid left by a rename at t, for pid: each of
 * its keys that is free or pid's at now, but those of pid's name now
 * (keep: they stay its name's). */
static void name_hold(const char *dir, const char *name, const char *keep, const char *pid, time_t t, time_t now)
{
	char text[HOST_PID_LEN + 32], err[300];
	name_files f, k;
	name_files_of(dir, name, &f);
	name_files_of(dir, keep, &k);
	int n = snprintf(text, sizeof text, "%s\n%ld\n", pid, (long)t);
	for (int i = 0; i < f.n; i++)
		if (!name_files_have(&k, f.path[i]) && key_owner_at(f.path[i], pid, now, NULL) >= 0)
			atomic_write(f.path[i], text, (size_t)n, err, sizeof err);
}

/* The player's last rename (players/PID/renamed: "T\nOLD NAME\n"): its
 * time (0: none) and the name it left, in old when asked. */
static time_t renamed_read(const char *pdir, char *old, size_t len)
{
	char path[4200], err[300];
	size_t n, ln;
	const char *line;
	long long t = 0;
	kv_reader r;
	if (old && len)
		old[0] = '\0';
	if (host_player_path(pdir, HOST_PLAYER_RENAMED, path, sizeof path) < 0)
		return 0;
	char *text = atomic_read_max(path, 64 + NAME_MAX_BYTES, &n, err, sizeof err);
	if (!text)
		return 0;
	kv_init(&r, path, text, n, KV_NEWLINE, err, sizeof err);
	if (!kv_line(&r, &line, &ln) || !parse_int(line, ln, 1, LONG_MAX, false, &t)) {
		free(text);
		return 0;
	}
	if (old && len && kv_line(&r, &line, &ln) && ln < len && !memchr(text, '\0', n)) {
		char name[NAME_MAX_BYTES + 64], why[300];
		snprintf(name, sizeof name, "%.*s", (int)ln, line);
		if (name_check(name, why, sizeof why))
			memcpy(old, name, ln + 1);	/* ln < len */
	}
	free(text);
	return (time_t)t;
}

/* Free the name of p's name file, if names/ gives it to p. */
static void name_free_old(const char *dir, const char *pdir, const char *pid)
{
	char path[4200], err[300];
	size_t n;
	if (host_player_path(pdir, HOST_PLAYER_NAME, path, sizeof path) < 0)
		return;
	char *text = atomic_read_max(path, NAME_MAX_BYTES + 1, &n, err, sizeof err);
	if (!text)
		return;
	if (n && text[n - 1] == '\n')
		text[--n] = '\0';
	name_files f;
	name_files_of(dir, text, &f);
	for (int i = 0; strlen(text) == n && i < f.n; i++)
		if (key_owner_at(f.path[i], pid, 0, NULL) == NAME_OURS)
			unlink(f.path[i]);
	free(text);
}

static int write_name(const host_player *p, const char *name, char *why, size_t len)
{
	char path[4200], text[NAME_MAX_BYTES + 2];
	int n = snprintf(text, sizeof text, "%s\n", name);
	host_player_path(p->dir, HOST_PLAYER_NAME, path, sizeof path);	/* fits: p->dir is short */
	return atomic_write(path, text, (size_t)n, why, len);
}

static void offer_path(const char *dir, const char *name, char *path, size_t len)
{
	char key[NAME_KEY_LEN + 1];
	name_key(name, key, sizeof key);
	if (host_path_in(dir, HOST_DIR_OFFERS, key, path, len) < 0 && len)
		path[0] = '\0';
}

bool roster_offer(const char *dir, const host_player *p, const char *name, time_t now)
{
	char path[4300], err[300], line[HOST_PID_LEN + 2];
	offer_path(dir, name, path, sizeof path);
	snprintf(line, sizeof line, "%s\n", p->pid);
	/* Created whole or not at all (a reader never sees an empty offer),
	 * its time the offer's: now. */
	if (atomic_create(path, line, HOST_PID_LEN + 1, 0600, 0, now) == 0)
		return true;
	struct timespec ts[2] = { { now, 0 }, { now, 0 } };
	struct stat st;
	size_t n;
	char *owner = atomic_read_max(path, 64, &n, err, sizeof err);
	bool ours = owner && n == HOST_PID_LEN + 1 && !memcmp(owner, p->pid, HOST_PID_LEN);
	free(owner);
	if (ours)
		return true;
	/* Another's offer lasts its time; then the name is free to offer. */
	if (lstat(path, &st) == 0 && st.st_mtime > now - ROSTER_OFFER_AGE && st.st_mtime <= now)
		return false;
	if (atomic_write(path, line, HOST_PID_LEN + 1, err, sizeof err) < 0)
		return false;
	utimensat(AT_FDCWD, path, ts, AT_SYMLINK_NOFOLLOW);
	return true;
}

void roster_offer_drop(const char *dir, const host_player *p, const char *name)
{
	char path[4300], err[300];
	size_t n;
	offer_path(dir, name, path, sizeof path);
	char *owner = atomic_read_max(path, 64, &n, err, sizeof err);
	if (owner && n == HOST_PID_LEN + 1 && !memcmp(owner, p->pid, HOST_PID_LEN))
		unlink(path);
	free(owner);
}

void roster_seen(const host_player *p, time_t now)
{
	char path[4200];
	if (host_player_path(p->dir, HOST_PLAYER_SEEN, path, sizeof path) < 0)
		return;
	int fd = open(path, O_WRONLY | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0600);
	if (fd < 0)
		return;
	struct timespec ts[2] = { { now, 0 }, { now, 0 } };
	futimens(fd, ts);
	close(fd);
}

roster_status roster_register(const char *dir, host_player *p, const char *name, const host_limits *lim,
			      const char *addr, time_t now, char *why, size_t len)
{
	if (!name_check_new(name, why, len))
		return ROSTER_REFUSED;
	int lfd = register_lock(dir, why, len);
	if (lfd < 0)
		return ROSTER_ERROR;
	roster_status st = ROSTER_OK;
	struct stat sb;
	host_read_name(p);
	if (p->name[0]) {
		/* Another login of this key was first: one key, one name. */
		st = ROSTER_HAD_NAME;
		goto out;
	}
	bool known = lstat(p->dir, &sb) == 0;
	if (!known && (st = room(dir, lim, addr, now, why, len)) != ROSTER_OK)
		goto out;
	time_t since = 0;
	int owner = name_owner_at(dir, name, p->pid, now, &since);
	if (owner < 0) {
		name_refusal(owner, since, why, len);
		st = ROSTER_TAKEN;
		goto out;
	}
	if (host_own_dir(p->dir, 0700, why, len) != HOST_OK || host_own_dir(p->home, 0700, why, len) != HOST_OK) {
		st = ROSTER_ERROR;
		goto out;
	}
	/* A name file we no longer accept (an older version's rules) frees
	 * its name as it goes. */
	name_free_old(dir, p->dir, p->pid);
	if (name_give(dir, name, p->pid, why, len) < 0 || write_name(p, name, why, len) < 0) {
		st = ROSTER_ERROR;
		goto out;
	}
	roster_seen(p, now);
	if (!known)
		address_count(dir, addr, now, lim->new_per_address);
	snprintf(p->name, sizeof p->name, "%s", name);
out:
	lock_release(lfd);
	return st;
}

bool roster_can_rename(const host_player *p, time_t now, char *why, size_t len)
{
	time_t last = renamed_read(p->dir, NULL, 0);
	if (!last || last > now || now - last >= DAY)
		return true;
	char next[40];
	date_of(last + DAY, next, sizeof next);
	/* TRANSLATORS: %s is a date and time, "2026-11-27 12:00 UTC". */
	snprintf(why, len, _("one rename a day: the next is possible from %s"), next);
	return false;
}

roster_status roster_rename(const char *dir, host_player *p, const char *name, time_t now, char *why, size_t len)
{
	if (!name_check_new(name, why, len))
		return ROSTER_REFUSED;
	int lfd = register_lock(dir, why, len);
	if (lfd < 0)
		return ROSTER_ERROR;
	roster_status st = ROSTER_OK;
	char old[NAME_MAX_BYTES + 1], path[4200], text[NAME_MAX_BYTES + 32];
	time_t since = 0;
	int owner;
	host_read_name(p);
	snprintf(old, sizeof old, "%s", p->name);
	if (!old[0]) {
		snprintf(why, len, "%s", _("only a player with a name can change it"));
		st = ROSTER_ERROR;
	} else if (!roster_can_rename(p, now, why, len)) {
		st = ROSTER_FULL;
	} else if ((owner = name_owner_at(dir, name, p->pid, now, &since)) < 0) {
		name_refusal(owner, since, why, len);
		st = ROSTER_TAKEN;
	} else if (name_give(dir, name, p->pid, why, len) < 0 || write_name(p, name, why, len) < 0) {
		st = ROSTER_ERROR;
	} else {
		/* The day's rename, and the name left: kept for the player
		 * (the keys it shares with the new one, as the same name in
		 * another case, stay the new one's).  The old name goes only
		 * now: the player always has one. */
		int n = snprintf(text, sizeof text, "%ld\n%s\n", (long)now, old);
		host_player_path(p->dir, HOST_PLAYER_RENAMED, path, sizeof path);	/* fits: p->dir is short */
		char err[300];
		atomic_write(path, text, (size_t)n, err, sizeof err);
		name_hold(dir, old, name, p->pid, now, now);
		snprintf(p->name, sizeof p->name, "%s", name);
	}
	lock_release(lfd);
	return st;
}

/* Forget one player unless it is in a game: every one of its live slots
 * is taken first (and their files removed after). */
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
	if (held == n) {
		char why[300];
		int lfd = register_lock(dir, why, sizeof why);
		if (lfd >= 0) {
			host_path_in(dir, HOST_DIR_PLAYERS, pid, pdir, sizeof pdir);	/* fits: host_open took dir */
			name_free_old(dir, pdir, pid);
			gone = host_remove_tree(pdir) == 0;
			lock_release(lfd);
		}
	}
	for (int i = 0; i < held; i++) {
		snprintf(name, sizeof name, "k%.32s.%d", pid, i);
		host_path_in(dir, HOST_DIR_LIVE, name, lock, sizeof lock);	/* as taken above */
		lock_remove(lock, fds[i]);
	}
	return gone;
}

/* names/ holds keys of name_keys' rule NAME_KEY_VERSION: names/.keys-vN
 * (an older version's marker, .skeleton-keys, was rule 2's). */
static void keyed_path(const char *dir, char *path, size_t len)
{
	char name[32];
	snprintf(name, sizeof name, ".keys-v%d", NAME_KEY_VERSION);
	if (host_path_in(dir, HOST_DIR_NAMES, name, path, len) < 0 && len)
		path[0] = '\0';
}

/* A player's name as the re-key reads it, and since when it is theirs. */
typedef struct player_name {
	char pid[HOST_PID_LEN + 1];
	char name[NAME_MAX_BYTES + 1];
	time_t since;	/* the name file's time: when it was chosen */
} player_name;

/* The first chosen first (the one who had the name before the other);
 * by PID on a tie, so that every re-key decides alike. */
static int named_cmp(const void *a, const void *b)
{
	const player_name *x = a, *y = b;
	if (x->since != y->since)
		return x->since < y->since ? -1 : 1;
	return strcmp(x->pid, y->pid);
}

/* The named players of players/ (malloc'd, *n of them); NULL when none. */
static player_name *named_read(const char *dir, int *n)
{
	char path[4200];
	player_name *all = NULL;
	int cap = 0;
	*n = 0;
	host_path(dir, HOST_DIR_PLAYERS, path, sizeof path);	/* fits: host_open took dir */
	DIR *d = opendir(path);
	if (!d)
		return NULL;
	struct dirent *de;
	while ((de = readdir(d))) {
		if (strlen(de->d_name) != HOST_PID_LEN || strspn(de->d_name, "0123456789abcdef") != HOST_PID_LEN)
			continue;
		host_player p = { .live_fd = -1 };
		snprintf(p.pid, sizeof p.pid, "%s", de->d_name);
		host_path_in(dir, HOST_DIR_PLAYERS, p.pid, p.dir, sizeof p.dir);	/* fits: host_open took dir */
		host_read_name(&p);
		char file[4300];
		struct stat st;
		host_player_path(p.dir, HOST_PLAYER_NAME, file, sizeof file);
		if (!p.name[0] || lstat(file, &st) < 0)
			continue;
		if (*n == cap) {
			player_name *more = realloc(all, (size_t)(cap = cap ? 2 * cap : 64) * sizeof *all);
			if (!more)
				break;	/* those read keep their keys; the others keep their names */
			all = more;
		}
		player_name *m = &all[(*n)++];
		memcpy(m->pid, p.pid, sizeof m->pid);
		memcpy(m->name, p.name, sizeof m->name);
		m->since = st.st_mtime;
	}
	closedir(d);
	if (all)
		qsort(all, (size_t)*n, sizeof *all, named_cmp);
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

int roster_rekey(const char *dir, char *why, size_t len)
{
	char names[4200], old[4200], path[4300];
	struct stat st;
	keyed_path(dir, names, sizeof names);
	if (lstat(names, &st) == 0)
		return 0;
	int lfd = register_lock(dir, why, len);
	if (lfd < 0)
		return -1;
	int rc = 0;
	if (lstat(names, &st) == 0)
		goto out;	/* another login did it meanwhile */
	host_path(dir, HOST_DIR_NAMES, names, sizeof names);	/* fits: host_open took dir */
	host_path(dir, HOST_DIR_NAMES_OLD, old, sizeof old);
	host_remove_tree(old);	/* a rekey cut short: the players' files say it all */
	if (rename(names, old) < 0) {
		snprintf(why, len, "%s: %s", names, strerror(errno));
		rc = -1;
		goto out;
	}
	if (host_own_dir(names, 0700, why, len) != HOST_OK) {
		rc = -1;
		goto out;
	}
	/* Oldest name first: of two that look alike now, the one chosen
	 * first keeps its key; the other keeps its name (nobody is deleted)
	 * and is reported. */
	int n;
	player_name *all = named_read(dir, &n);
	int *with = n ? malloc((size_t)n * sizeof *with) : NULL;
	for (int i = 0; i < n; i++) {
		char err[300], pid[HOST_PID_LEN + 1];
		time_t t;
		name_files f;
		name_files_of(dir, all[i].name, &f);
		if (with)
			with[i] = -1;
		/* Each key free is the player's; a key another has already
		 * (a name's, every name given here is one) makes a pair. */
		for (int k = 0; k < f.n; k++) {
			int o = name_file(f.path[k], pid, &t);
			if (o == FILE_NONE) {
				char line[HOST_PID_LEN + 2];
				snprintf(line, sizeof line, "%s\n", all[i].pid);
				atomic_write(f.path[k], line, HOST_PID_LEN + 1, err, sizeof err);
				continue;
			}
			for (int j = 0; with && o == FILE_NAME && with[i] < 0 && j < i; j++)
				if (!strcmp(all[j].pid, pid))
					with[i] = j;
		}
		rc += with && with[i] >= 0;
	}
	/* The names players left lately are kept for them still. */
	time_t now = time(NULL);
	for (int i = 0; i < n; i++) {
		char pdir[4300], left[NAME_MAX_BYTES + 1];
		host_path_in(dir, HOST_DIR_PLAYERS, all[i].pid, pdir, sizeof pdir);	/* fits: host_open took dir */
		time_t t = renamed_read(pdir, left, sizeof left);
		if (t && left[0] && now < t + ROSTER_HOLD_DAYS * DAY)
			name_hold(dir, left, all[i].name, all[i].pid, t, now);
	}
	if (rc > 0) {
		collide_report(dir, all, n, with, now);
		host_path(dir, HOST_FILE_COLLIDE, path, sizeof path);
		/* TRANSLATORS: %s is the file listing the pairs of names (for the host's keeper). */
		snprintf(why, len, P_("%d players' names look like another's now: see %s",
				      "%d players' names look like another's now: see %s", rc), rc, path);
	}
	free(all);
	free(with);
	host_remove_tree(old);
	keyed_path(dir, path, sizeof path);
	int fd = open(path, O_WRONLY | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0600);
	if (fd >= 0)
		close(fd);
out:
	lock_release(lfd);
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

int roster_prune(const char *dir, const host_limits *lim, time_t now)
{
	char path[4200];
	struct stat st;
	host_path(dir, HOST_FILE_PRUNED, path, sizeof path);	/* fits: host_open took dir */
	if (lstat(path, &st) == 0 && st.st_mtime > now - PRUNE_EVERY && st.st_mtime <= now)
		return 0;
	int fd = open(path, O_WRONLY | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0600);
	if (fd >= 0) {
		struct timespec ts[2] = { { now, 0 }, { now, 0 } };
		futimens(fd, ts);
		close(fd);
	}
	int forgotten = 0;
	host_path(dir, HOST_DIR_PLAYERS, path, sizeof path);
	DIR *d = opendir(path);
	if (d) {
		struct dirent *de;
		while ((de = readdir(d))) {
			const char *pid = de->d_name;
			if (strlen(pid) != HOST_PID_LEN || strspn(pid, "0123456789abcdef") != HOST_PID_LEN)
				continue;
			/* The last login; a player's directory's own time when
			 * it has no record of one, and for a nameless one. */
			char pdir[4200], file[4300];
			if (host_path_in(dir, HOST_DIR_PLAYERS, pid, pdir, sizeof pdir) < 0)
				continue;
			host_player_path(pdir, HOST_PLAYER_NAME, file, sizeof file);
			bool named = lstat(file, &st) == 0;
			host_player_path(pdir, HOST_PLAYER_SEEN, file, sizeof file);
			if ((!named || lstat(file, &st) < 0) && lstat(pdir, &st) < 0)
				continue;
			long age = (long)(now - st.st_mtime);
			/* A key that never cleared a board goes sooner: throwaway
			 * keys would fill --players for a year (issue 43). */
			bool gone = named ? (lim->forget_days > 0 && age > lim->forget_days * DAY) ||
						    (lim->forget_unplayed_days > 0 && age > lim->forget_unplayed_days * DAY &&
						     !cleared_a_board(pdir))
					  : age > NAMELESS_AGE;
			if (gone)
				forgotten += forget(dir, pid, lim->games_per_key) && named;
		}
		closedir(d);
	}
	/* Address counts say nothing after a day, offers after their time. */
	static const struct {
		host_part part;
		long age;
	} stale[] = { { HOST_DIR_ADDRESSES, DAY }, { HOST_DIR_OFFERS, ROSTER_OFFER_AGE } };
	for (size_t i = 0; i < sizeof stale / sizeof stale[0]; i++) {
		host_path(dir, stale[i].part, path, sizeof path);
		if (!(d = opendir(path)))
			continue;
		struct dirent *de;
		while ((de = readdir(d)))
			if (de->d_name[0] != '.' && fstatat(dirfd(d), de->d_name, &st, AT_SYMLINK_NOFOLLOW) == 0 &&
			    st.st_mtime < now - stale[i].age)
				unlinkat(dirfd(d), de->d_name, 0);
		closedir(d);
	}
	host_prompt_sweep(dir);
	holds_sweep(dir, now);
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
