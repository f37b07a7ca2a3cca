#include "persist/host.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "base/seed.h"
#include "i18n.h"
#include "persist/atomic.h"
#include "persist/kv.h"
#include "persist/live.h"
#include "persist/lock.h"
#include "persist/network.h"
#include "persist/parse.h"
#include "persist/paths.h"
#include "persist/sha256.h"

/* The host directory's layout: every path of it is made from this table
 * (host_path), never by hand.  The directories host_open makes come
 * first, up to sessions/. */
static const char *const part_names[] = {
	[HOST_DIR_LIVE] = "live", [HOST_DIR_SCORES] = "scores", [HOST_DIR_WATCH] = "watch",
	[HOST_DIR_PLAYERS] = "players", [HOST_DIR_GUESTS] = "guests",
	[HOST_DIR_KEPT] = "guests-kept", [HOST_DIR_PROMPTS] = "prompts",
	[HOST_DIR_SESSIONS] = "sessions", [HOST_DIR_NAMES] = "names", [HOST_DIR_ADDRESSES] = "addresses",
	[HOST_DIR_OFFERS] = "offers", [HOST_FILE_COLLIDE] = "names-collide",
	[HOST_FILE_PROMPTS_ADMIT] = "prompts-admit", [HOST_FILE_GUESTS_ADMIT] = "guests-admit",
	[HOST_FILE_SESSIONS_ADMIT] = "sessions-admit",
};
#define HOST_DIRS (HOST_DIR_SESSIONS + 1)

/* Readable by others: the leaderboard and the live games' files. */
static bool readable(host_part part)
{
	return part == HOST_DIR_SCORES || part == HOST_DIR_WATCH;
}

int host_path(const char *dir, host_part part, char *out, size_t len)
{
	int n = snprintf(out, len, "%s/%s", dir, part_names[part]);
	return n < 0 || (size_t)n >= len ? -1 : 0;
}

int host_path_in(const char *dir, host_part part, const char *name, char *out, size_t len)
{
	int n = snprintf(out, len, "%s/%s/%s", dir, part_names[part], name);
	return n < 0 || (size_t)n >= len ? -1 : 0;
}

int host_player_path(const char *pdir, host_player_part part, char *out, size_t len)
{
	static const char *const names[] = { [HOST_PLAYER_NAME] = "name", [HOST_PLAYER_SEEN] = "seen",
					     [HOST_PLAYER_RENAMED] = "renamed", [HOST_PLAYER_HOME] = "home" };
	int n = snprintf(out, len, "%s/%s", pdir, names[part]);
	return n < 0 || (size_t)n >= len ? -1 : 0;
}

/* A directory of ours nobody else can write in, made when missing. */
host_status host_own_dir(const char *path, mode_t mode, char *err, size_t len)
{
	struct stat st;
	if (mkdir(path, mode) < 0 && errno != EEXIST) {
		snprintf(err, len, _("cannot create %s: %s"), path, strerror(errno));
		return HOST_ERROR;
	}
	if (lstat(path, &st) < 0) {
		snprintf(err, len, "%s: %s", path, strerror(errno));
		return HOST_ERROR;
	}
	/* TRANSLATORS: each completes "%s is %s: the host's players cannot be kept there". */
	const char *why = S_ISLNK(st.st_mode) ? _("a symbolic link") : !S_ISDIR(st.st_mode) ? _("not a directory")
		: st.st_uid != geteuid() ? _("another user's directory")
		: (st.st_mode & (S_IWGRP | S_IWOTH)) ? _("writable by others") : NULL;
	if (why) {
		/* TRANSLATORS: the first %s is a directory, the second why (a symbolic link, ...). */
		snprintf(err, len, _("%s is %s: the host's players cannot be kept there"), path, why);
		return HOST_ERROR;
	}
	/* Ours: its mode as this layout wants it, whatever the umask (or
	 * mkdir -p's 0700) made it. */
	if ((st.st_mode & 07777) != mode)
		chmod(path, mode);
	return HOST_OK;
}

host_status host_open(const char *dir, char *err, size_t len)
{
	char path[4200];
	if (strlen(dir) > 3000) {
		snprintf(err, len, _("%.60s...: path too long"), dir);
		return HOST_ERROR;
	}
	if (paths_mkdirs(dir, err, len) < 0)
		return HOST_ERROR;
	/* 0711: others may reach scores/ and watch/ by name, list nothing. */
	if (host_own_dir(dir, 0711, err, len) != HOST_OK)
		return HOST_ERROR;
	for (int i = 0; i < HOST_DIRS; i++) {
		host_path(dir, (host_part)i, path, sizeof path);	/* fits: dir is short */
		if (host_own_dir(path, readable((host_part)i) ? 0755 : 0700, err, len) != HOST_OK)
			return HOST_ERROR;
	}
	return HOST_OK;
}

/* The first free one of n removable locks PREFIX0 .. PREFIX(n-1) in
 * dir's part: its descriptor, its path in path and its number in *slot;
 * -1 when all are held. */
static int take_first(const char *dir, host_part part, const char *prefix, int n, char *path, size_t len,
		      int *slot)
{
	char err[300], name[64];
	for (int i = 0; i < n; i++) {
		snprintf(name, sizeof name, "%s%d", prefix, i);
		if (host_path_in(dir, part, name, path, len) < 0)
			break;
		int fd = lock_take_removable(path, err, sizeof err);
		if (fd >= 0) {
			*slot = i;
			return fd;
		}
	}
	path[0] = '\0';
	return -1;
}

/* The first free one of n live-game locks "live/PREFIXN" (its name in
 * p->slot); -1 when all are held. */
static int take_slot(const char *dir, const char *prefix, int n, host_player *p, int *slot)
{
	int fd = take_first(dir, HOST_DIR_LIVE, prefix, n, p->lock, sizeof p->lock, slot);
	/* Its name in live/: the lock's own. */
	const char *name = fd >= 0 ? strrchr(p->lock, '/') + 1 : "";
	if (strlen(name) < sizeof p->slot)
		memcpy(p->slot, name, strlen(name) + 1);
	else
		p->slot[0] = '\0';
	return fd;
}

static void hex(const unsigned char *b, size_t n, char *out)
{
	for (size_t i = 0; i < n; i++)
		snprintf(out + 2 * i, 3, "%02x", b[i]);
}

host_status host_key_player(const char *dir, const unsigned char digest[32], const host_limits *lim,
			    host_player *p, char *err, size_t len)
{
	int slot;
	memset(p, 0, sizeof *p);
	p->live_fd = p->session.fd = -1;
	hex(digest, HOST_PID_LEN / 2, p->pid);
	char prefix[HOST_PID_LEN + 3];
	snprintf(prefix, sizeof prefix, "k%s.", p->pid);
	p->live_fd = take_slot(dir, prefix, lim->games_per_key, p, &slot);
	if (p->live_fd < 0) {
		snprintf(err, len, P_("You have %d game open on this host already: quit one first.",
				      /* notext: the plural of the message above (P_) */
				      "You have %d games open on this host already: quit one first.", lim->games_per_key),
			 lim->games_per_key);
		return HOST_FULL;
	}
	host_path_in(dir, HOST_DIR_PLAYERS, p->pid, p->dir, sizeof p->dir);	/* fits: host_open took dir */
	host_player_path(p->dir, HOST_PLAYER_HOME, p->home, sizeof p->home);
	host_read_name(p);
	return HOST_OK;
}

/* The hash of addr, as a guest's home keeps it. */
static void address_hash(const char *addr, char out[HOST_PID_LEN + 1])
{
	unsigned char d[SHA256_LEN];
	sha256(addr, strlen(addr), d);
	hex(d, HOST_PID_LEN / 2, out);
}

void host_address_hash(const char *addr, char out[HOST_PID_LEN + 1])
{
	address_hash(addr, out);
}

/* ---- Places: the host's pools, counted per address and network ---- */

/* A pool's places are PREFIX0, PREFIX1, ... in a part of the host
 * directory, taken holding its ADMIT lock; what its words say is
 * pool_say's. */
typedef enum pool_kind { POOL_PROMPTS, POOL_GUESTS, POOL_SESSIONS } pool_kind;
typedef struct pool {
	pool_kind kind;
	host_part part, admit;
	const char *prefix;
	int cap, per_network, per_address, per_block;	/* 0: any number */
	int fresh;		/* the last places, only for a block holding none */
} pool;

/* What a pool's words say: it is full (all of it, the newcomer's network's
 * share, its address's, its block's), or its holder gave way (its
 * network's or block's count said). */
typedef enum pool_words {
	WORDS_HOST_FULL, WORDS_NET_FULL, WORDS_ADDR_FULL, WORDS_BLOCK_FULL, WORDS_GAVE_WAY, WORDS_GAVE_WAY_BLOCK,
	WORDS_KINDS
} pool_words;

/* Those words of pool kind, of the bound they speak of (and, for a holder
 * that gave way, of the places its network or block held), into out. */
static void pool_say(pool_kind kind, pool_words w, int bound, int held, char *out, size_t len)
{
	/* The English says the bound's plural for every number (tests read
	 * "All 1 guest places are taken"); a translation has its forms. */
	const char *f = "";
	switch (kind * WORDS_KINDS + w) {
	case POOL_PROMPTS * WORDS_KINDS + WORDS_HOST_FULL:
		f = P_("%d new keys are choosing a name already: try again later.",
		       "%d new keys are choosing a name already: try again later.", bound);
		break;
	case POOL_PROMPTS * WORDS_KINDS + WORDS_NET_FULL:
		f = P_("%d new keys from your network are choosing a name already: try again later.",
		       "%d new keys from your network are choosing a name already: try again later.", bound);
		break;
	case POOL_PROMPTS * WORDS_KINDS + WORDS_ADDR_FULL:
		f = P_("%d new keys from your address are choosing a name already: try again later.",
		       "%d new keys from your address are choosing a name already: try again later.", bound);
		break;
	case POOL_PROMPTS * WORDS_KINDS + WORDS_BLOCK_FULL:
		f = P_("%d new keys from your address block are choosing a name already: try again later.",
		       "%d new keys from your address block are choosing a name already: try again later.", bound);
		break;
	case POOL_PROMPTS * WORDS_KINDS + WORDS_GAVE_WAY:
		f = P_("The name prompt closed: its %1$d places were taken, %2$d of them from your\n"
		       "network, and a new player from another network needed one.  Try again later.",
		       "The name prompt closed: its %1$d places were taken, %2$d of them from your\n"
		       "network, and a new player from another network needed one.  Try again later.", held);
		break;
	case POOL_PROMPTS * WORDS_KINDS + WORDS_GAVE_WAY_BLOCK:
		f = P_("The name prompt closed: its %1$d places were taken, %2$d of them from your\n"
		       "address block, and a new player from another block needed one.  Try again later.",
		       "The name prompt closed: its %1$d places were taken, %2$d of them from your\n"
		       "address block, and a new player from another block needed one.  Try again later.", held);
		break;
	case POOL_GUESTS * WORDS_KINDS + WORDS_HOST_FULL:
		f = P_("All %d guest places are taken: try again later, or log in with an SSH key.",
		       "All %d guest places are taken: try again later, or log in with an SSH key.", bound);
		break;
	case POOL_GUESTS * WORDS_KINDS + WORDS_NET_FULL:
		f = P_("%d guests from your network are playing already: try again later, or log in with an SSH key.",
		       "%d guests from your network are playing already: try again later, or log in with an SSH key.", bound);
		break;
	case POOL_GUESTS * WORDS_KINDS + WORDS_ADDR_FULL:
		f = P_("%d guests from your address are playing already: try again later, or log in with an SSH key.",
		       "%d guests from your address are playing already: try again later, or log in with an SSH key.", bound);
		break;
	case POOL_GUESTS * WORDS_KINDS + WORDS_BLOCK_FULL:
		f = P_("%d guests from your address block are playing already: try again later, or log in with an SSH "
		       "key.",
		       "%d guests from your address block are playing already: try again later, or log in with an SSH "
		       "key.", bound);
		break;
	case POOL_GUESTS * WORDS_KINDS + WORDS_GAVE_WAY:
		f = P_("Your guest session ended: all %1$d guest places were taken, %2$d of them from\n"
		       "your network, and a guest from another network needed one.",
		       "Your guest session ended: all %1$d guest places were taken, %2$d of them from\n"
		       "your network, and a guest from another network needed one.", held);
		break;
	case POOL_GUESTS * WORDS_KINDS + WORDS_GAVE_WAY_BLOCK:
		f = P_("Your guest session ended: all %1$d guest places were taken, %2$d of them from\n"
		       "your address block, and a guest from another block needed one.",
		       "Your guest session ended: all %1$d guest places were taken, %2$d of them from\n"
		       "your address block, and a guest from another block needed one.", held);
		break;
	case POOL_SESSIONS * WORDS_KINDS + WORDS_HOST_FULL:
		f = P_("All %d places for players are taken: try again later.",
		       "All %d places for players are taken: try again later.", bound);
		break;
	case POOL_SESSIONS * WORDS_KINDS + WORDS_NET_FULL:
		f = P_("%d players from your network are playing already: try again later.",
		       "%d players from your network are playing already: try again later.", bound);
		break;
	case POOL_SESSIONS * WORDS_KINDS + WORDS_BLOCK_FULL:
		f = P_("%d players from your address block are playing already: try again later.",
		       "%d players from your address block are playing already: try again later.", bound);
		break;
	case POOL_SESSIONS * WORDS_KINDS + WORDS_GAVE_WAY:
		f = P_("Your session ended and your game is saved: all %1$d places for players\n"
		       "were taken, %2$d of them from your network,\n"
		       "and a player from another network needed one.",
		       "Your session ended and your game is saved: all %1$d places for players\n"
		       "were taken, %2$d of them from your network,\n"
		       "and a player from another network needed one.", held);
		break;
	case POOL_SESSIONS * WORDS_KINDS + WORDS_GAVE_WAY_BLOCK:
		f = P_("Your session ended and your game is saved: all %1$d places for players\n"
		       "were taken, %2$d of them from your address block,\n"
		       "and a player from another block needed one.",
		       "Your session ended and your game is saved: all %1$d places for players\n"
		       "were taken, %2$d of them from your address block,\n"
		       "and a player from another block needed one.", held);
		break;
	}
	if (w == WORDS_GAVE_WAY || w == WORDS_GAVE_WAY_BLOCK)
		snprintf(out, len, f, bound, held);
	else
		snprintf(out, len, f, bound);
}

static pool prompts_pool(const host_limits *lim)
{
	return (pool){ POOL_PROMPTS, HOST_DIR_PROMPTS, HOST_FILE_PROMPTS_ADMIT, "", lim->prompts,
		       lim->prompts_per_network, lim->prompts_per_address, lim->prompts_per_block, lim->prompts_fresh };
}

static pool guests_pool(const host_limits *lim)
{
	return (pool){ POOL_GUESTS, HOST_DIR_LIVE, HOST_FILE_GUESTS_ADMIT, "g", lim->guests, lim->guests_per_network,
		       lim->guests_per_address, lim->guests_per_block, 0 };
}

static pool sessions_pool(const host_limits *lim)
{
	return (pool){ POOL_SESSIONS, HOST_DIR_SESSIONS, HOST_FILE_SESSIONS_ADMIT, "", lim->sessions,
		       lim->sessions_per_network, 0, lim->sessions_per_block, 0 };
}

/* A place's file beside its lock LOCK: LOCK.who (its holder's record),
 * LOCK.why (why it gave way). */
static void place_file(const char *lock, const char *what, char *out, size_t len)
{
	snprintf(out, len, "%s.%s", lock, what);
}

/* The place's files beside its lock: its holder's record, why it gave way. */
static void place_files_remove(const char *lock)
{
	char path[4300];
	place_file(lock, "who", path, sizeof path);
	unlink(path);
	place_file(lock, "why", path, sizeof path);
	unlink(path);
}

static time_t mtime_of(const char *path)
{
	struct stat st;
	return lstat(path, &st) == 0 ? st.st_mtime : 0;
}

/* The live holders of a pool's places, and how many of them share the
 * newcomer's network, address and block (by their hashes). */
typedef struct census {
	host_holder *h;
	int n, net, addr, block;
} census;

/* A place's record (PATH.who: "PROCESS NETWORK ADDRESS SLOT BLOCK\n",
 * one line; an older version's has no BLOCK, its network counting for
 * one) into h (its process, network and block), ahash and slot; false
 * when it is not one. */
static bool who_read(const char *path, host_holder *h, char ahash[HOST_PID_LEN + 1], char slot[LIVE_ID_MAX])
{
	char err[300];
	size_t n, fl[5];
	const char *line, *f[5];
	char *text = atomic_read_max(path, 200, &n, err, sizeof err);
	kv_reader r;
	bool ok = false;
	if (!text)
		return false;
	kv_init(&r, path, text, n, KV_NUL | KV_NEWLINE, err, sizeof err);
	/* notext: the reason goes nowhere (a record not read is skipped) */
	if (kv_line(&r, &line, &n) && kv_end(&r, "one line only")) {
		/* Four or five fields, a space between each. */
		int k = 0;
		const char *p = line, *end = line + n;
		while (k < 5) {
			const char *sp = memchr(p, ' ', (size_t)(end - p));
			f[k] = p;
			fl[k] = (size_t)((sp ? sp : end) - p);
			k++;
			if (!sp)
				break;
			p = sp + 1;
		}
		bool whole = f[k - 1] + fl[k - 1] == end;
		if (k == 4) {
			f[4] = f[1];
			fl[4] = fl[1];
		}
		long long pid;
		ok = (k == 4 || k == 5) && whole && parse_int(f[0], fl[0], 1, LONG_MAX, true, &pid) &&
		     fl[1] && fl[1] <= HOST_PID_LEN && fl[2] && fl[2] <= HOST_PID_LEN && fl[3] && fl[3] < LIVE_ID_MAX &&
		     fl[4] && fl[4] <= HOST_PID_LEN;
		if (ok) {
			h->pid = (long)pid;
			memcpy(h->net, f[1], fl[1]);
			h->net[fl[1]] = '\0';
			memcpy(ahash, f[2], fl[2]);
			ahash[fl[2]] = '\0';
			memcpy(slot, f[3], fl[3]);
			slot[fl[3]] = '\0';
			memcpy(h->block, f[4], fl[4]);
			h->block[fl[4]] = '\0';
		}
	}
	free(text);
	return ok;
}

static void census_take(const char *dir, const pool *pl, const char *nh, const char *ah, const char *bh, census *c)
{
	char base[4100], path[4400], name[300];
	memset(c, 0, sizeof *c);
	if (host_path(dir, pl->part, base, sizeof base) < 0)
		return;
	const char *prefix = pl->prefix;
	DIR *d = opendir(base);
	if (!d)
		return;
	int room = 0;
	time_t now = time(NULL);
	size_t plen = strlen(prefix);
	struct dirent *de;
	while ((de = readdir(d))) {
		/* PREFIXN.who: place N's record. */
		const char *num = de->d_name + plen, *dot = strchr(de->d_name, '.');
		long long slot;
		if (strncmp(de->d_name, prefix, plen) || !dot || dot < num || strcmp(dot, ".who") ||
		    !parse_int(num, (size_t)(dot - num), 0, INT_MAX, true, &slot))
			continue;
		snprintf(name, sizeof name, "%s%lld", prefix, slot);
		if (host_path_in(dir, pl->part, name, path, sizeof path) < 0 || !lock_held(path))
			continue;	/* a holder killed outright left it */
		host_holder h = { .slot = (int)slot, .moved = -1 };
		char ahash[HOST_PID_LEN + 1], live[LIVE_ID_MAX];
		if (host_path_in(dir, pl->part, de->d_name, path, sizeof path) < 0 || !who_read(path, &h, ahash, live))
			continue;
		/* Its last doing: taking the place, or its player's last move
		 * (its live lock's time: host_live_moved), never the watch/
		 * file's, which a rival's moves rewrite too. */
		time_t last = mtime_of(path);
		char lock[4400];
		snprintf(name, sizeof name, "%s.lock", live);
		if (live_slot_valid(live) && host_path_in(dir, HOST_DIR_LIVE, name, lock, sizeof lock) == 0) {
			time_t t = mtime_of(lock);
			if (t > last) {
				last = t;
				h.moved = (long)(now - t);
			}
		}
		h.idle = (long)(now - last);
		if (c->n == room) {
			room = room ? 2 * room : 64;
			host_holder *more = realloc(c->h, (size_t)room * sizeof *more);
			if (!more)
				break;
			c->h = more;
		}
		c->h[c->n++] = h;
		c->net += !strcmp(h.net, nh);
		c->addr += !strcmp(ahash, ah);
		c->block += !strcmp(h.block, bh);
	}
	closedir(d);
}

void host_live_moved(const char *dir, const char *slot)
{
	char name[LIVE_ID_MAX + 8], path[4400];
	snprintf(name, sizeof name, "%s.lock", slot);
	if (live_slot_valid(slot) && host_path_in(dir, HOST_DIR_LIVE, name, path, sizeof path) == 0)
		utimensat(AT_FDCWD, path, NULL, AT_SYMLINK_NOFOLLOW);
}

/* How many of n holders share holder i's network (block: its block). */
static int group_count(const host_holder *h, int n, int i, bool block)
{
	int k = 0;
	for (int j = 0; j < n; j++)
		k += !strcmp(block ? h[j].block : h[j].net, block ? h[i].block : h[i].net);
	return k;
}

/* How many of n holders are in group g (a network's or block's hash), and
 * how many groups they make with g among them. */
static int group_stats(const host_holder *h, int n, const char *g, bool block, int *groups)
{
	int mine = 0, distinct = 0;
	for (int i = 0; i < n; i++) {
		const char *gi = block ? h[i].block : h[i].net;
		mine += !strcmp(gi, g);
		bool first = true;
		for (int j = 0; j < i && first; j++)
			first = strcmp(block ? h[j].block : h[j].net, gi) != 0;
		distinct += first;
	}
	*groups = distinct + !mine;
	return mine;
}

int host_place_victim(const host_holder *h, int n, int cap, const char *net, const char *block, host_victim *why)
{
	int floor = cap / 4 < HOST_SHARE_FLOOR ? cap / 4 : HOST_SHARE_FLOOR;
	int groups[2], mine[2] = { group_stats(h, n, net, false, &groups[0]), group_stats(h, n, block, true, &groups[1]) };
	int best = -1, most = 0;
	bool best_block = false;
	for (int i = 0; i < n; i++) {
		/* A player at the board is never sent away. */
		if (h[i].moved >= 0 && h[i].moved < HOST_MOVED_SPARED)
			continue;
		for (int b = 0; b < 2; b++) {
			int k = group_count(h, n, i, b);
			/* Above the floor, above cap shared by the groups there
			 * with the newcomer's, and above what the newcomer's
			 * would hold with it. */
			if (k <= floor || (long)k * groups[b] <= cap || k <= mine[b] + 1)
				continue;
			if (k > most || (k == most && h[i].idle > h[best].idle)) {
				best = i;
				most = k;
				best_block = b;
			}
		}
	}
	if (best >= 0 && why)
		*why = (host_victim){ best_block, most };
	return best;
}

static void pause_ms(long ms)
{
	struct timespec ts = { ms / 1000, ms % 1000 * 1000000L };
	nanosleep(&ts, NULL);
}

/* Holder v gives way: told why (its place's .why), asked to end (a game
 * saves and ends in milliseconds), ended outright when it has not within
 * two seconds (its terminal blocked); its place's lock once free, or -1. */
static int give_way(const char *dir, const pool *pl, const host_holder *v, const host_victim *why, host_place *q)
{
	char path[4300], words[400], err[300], name[64];
	snprintf(name, sizeof name, "%s%d", pl->prefix, v->slot);
	if (host_path_in(dir, pl->part, name, q->lock, sizeof q->lock) < 0)
		return -1;
	place_file(q->lock, "why", path, sizeof path);
	/* The holder is told in the host's language: it is the host's words. */
	pool_say(pl->kind, why->block ? WORDS_GAVE_WAY_BLOCK : WORDS_GAVE_WAY, pl->cap, why->held, words, sizeof words);
	if (atomic_write(path, words, strlen(words), err, sizeof err) < 0)
		return -1;
	kill((pid_t)v->pid, SIGTERM);
	for (int t = 0; t < 150; t++) {
		int fd = lock_take_removable(q->lock, err, sizeof err);
		if (fd >= 0)
			return fd;
		if (t == 100)
			kill((pid_t)v->pid, SIGKILL);
		pause_ms(20);
	}
	q->lock[0] = '\0';
	return -1;
}

/* A place of pool pl for a client from addr ("" unknown: a network of its
 * own, under no address's, network's or block's bound), its game
 * published as watch ("-": none; NULL: the place's own name): counted,
 * taken, or given way by a holder above its share, as one step under the
 * pool's lock. */
static host_status place_take(const char *dir, const pool *pl, const char *addr, const char *watch, host_place *q,
			      int *num, char *err, size_t len)
{
	char net[NETWORK_LEN] = "", block[NETWORK_LEN] = "", nh[HOST_PID_LEN + 1], ah[HOST_PID_LEN + 1];
	char bh[HOST_PID_LEN + 1], path[4300], why[300], who[4300];
	bool known = addr && addr[0];
	q->fd = -1;
	q->lock[0] = '\0';
	q->held = 0;
	if (known) {
		network_of(addr, net, sizeof net);
		network_block_of(addr, block, sizeof block);
	}
	address_hash(net, nh);
	address_hash(known ? addr : "", ah);
	address_hash(block, bh);
	host_path(dir, pl->admit, path, sizeof path);	/* fits: host_open took dir */
	int lfd = lock_take(path, LOCK_WAIT_MS, why, sizeof why);
	if (lfd < 0) {
		snprintf(err, len, "%s", _("This host is busy: try again in a moment."));
		return HOST_FULL;
	}
	census c;
	census_take(dir, pl, nh, ah, bh, &c);
	bool full = false;
	pool_words words = WORDS_HOST_FULL;
	int bound = 0;
	if (known && pl->per_address > 0 && c.addr >= pl->per_address)
		full = true, words = WORDS_ADDR_FULL, bound = pl->per_address;
	else if (known && pl->per_network > 0 && c.net >= pl->per_network)
		full = true, words = WORDS_NET_FULL, bound = pl->per_network;
	else if (known && pl->per_block > 0 && c.block >= pl->per_block)
		full = true, words = WORDS_BLOCK_FULL, bound = pl->per_block;
	if (!full) {
		/* The last fresh places are for a block that holds none: a
		 * newcomer from one that holds some finds the pool full. */
		int fresh = pl->fresh < 0 ? pl->cap / 10 : pl->fresh < pl->cap ? pl->fresh : pl->cap - 1;
		bool reserved = pl->cap > 0 && fresh > 0 && known && c.block > 0 && c.n >= pl->cap - fresh;
		if (!reserved)
			q->fd = take_first(dir, pl->part, pl->prefix, pl->cap > 0 ? pl->cap : INT_MAX, q->lock,
					   sizeof q->lock, num);
		host_victim vw;
		int v = q->fd < 0 && pl->cap > 0 ? host_place_victim(c.h, c.n, pl->cap, nh, bh, &vw) : -1;
		if (v >= 0 && c.h[v].pid != (long)getpid() && (q->fd = give_way(dir, pl, &c.h[v], &vw, q)) >= 0) {
			*num = c.h[v].slot;
			c.n--;
		}
		if (q->fd < 0)
			full = true, words = WORDS_HOST_FULL, bound = reserved ? c.n : pl->cap;
	}
	free(c.h);
	if (full) {
		lock_release(lfd);
		pool_say(pl->kind, words, bound, 0, err, len);
		return HOST_FULL;
	}
	q->held = c.n + 1;
	char text[200], slot[LIVE_ID_MAX];
	snprintf(slot, sizeof slot, "%s", watch ? watch : strrchr(q->lock, '/') + 1);
	int n = snprintf(text, sizeof text, "%ld %s %s %s %s\n", (long)getpid(), nh, ah, slot, bh);
	place_files_remove(q->lock);	/* a holder ended outright left them */
	place_file(q->lock, "who", who, sizeof who);
	if (atomic_write(who, text, (size_t)n, why, sizeof why) < 0) {
		lock_release(lfd);
		host_place_leave(q);
		snprintf(err, len, "%s", why);
		return HOST_ERROR;
	}
	lock_release(lfd);
	return HOST_OK;
}

void host_place_leave(host_place *q)
{
	if (q->fd < 0)
		return;
	place_files_remove(q->lock);
	lock_remove(q->lock, q->fd);
	q->fd = -1;
}

static bool why_of(const char *lock, char *out, size_t len)
{
	char path[4300], err[300];
	size_t n;
	place_file(lock, "why", path, sizeof path);
	char *text = atomic_read_max(path, 400, &n, err, sizeof err);
	if (!text)
		return false;
	snprintf(out, len, "%s", text);
	free(text);
	unlink(path);
	return true;
}

bool host_place_why(const host_place *q, char *out, size_t len)
{
	return q->fd >= 0 && why_of(q->lock, out, len);
}

bool host_player_why(const host_player *p, char *out, size_t len)
{
	return (p->guest && p->live_fd >= 0 && why_of(p->lock, out, len)) || host_place_why(&p->session, out, len);
}

host_status host_guest(const char *dir, const host_limits *lim, const char *addr, host_player *p, char *err,
		       size_t len)
{
	int slot;
	memset(p, 0, sizeof *p);
	p->live_fd = p->session.fd = -1;
	if (lim->guests <= 0) {
		snprintf(err, len, "%s", _("This host has no guest places: log in with an SSH key."));
		return HOST_FULL;
	}
	pool pl = guests_pool(lim);
	host_place g;
	host_status st = place_take(dir, &pl, addr, NULL, &g, &slot, err, len);
	if (st != HOST_OK)
		return st;
	p->guest = true;
	p->live_fd = g.fd;
	snprintf(p->lock, sizeof p->lock, "%s", g.lock);
	snprintf(p->slot, sizeof p->slot, "g%d", slot);
	unsigned char r[HOST_PID_LEN / 2];
	if (!seed_random(r, sizeof r)) {
		snprintf(err, len, "%s", _("/dev/urandom: cannot read"));
		host_leave(p);
		return HOST_ERROR;
	}
	hex(r, sizeof r, p->pid);
	snprintf(p->name, sizeof p->name, "guest-%.4s", p->pid);
	/* Whatever a guest of this slot left (a game killed outright) goes now. */
	char num[16];
	snprintf(num, sizeof num, "%d", slot);
	host_path_in(dir, HOST_DIR_GUESTS, num, p->dir, sizeof p->dir);	/* fits: host_open took dir */
	snprintf(p->home, sizeof p->home, "%s", p->dir);
	host_remove_tree(p->dir);
	if (host_own_dir(p->dir, 0700, err, len) != HOST_OK) {
		p->dir[0] = '\0';	/* not ours to remove */
		host_leave(p);
		return HOST_ERROR;
	}
	return HOST_OK;
}

host_status host_prompt_take(const char *dir, const host_limits *lim, const char *addr, host_place *q, char *err,
			     size_t len)
{
	pool pl = prompts_pool(lim);
	int slot;
	q->fd = -1;
	q->held = 0;
	if (pl.cap <= 0 && pl.per_network <= 0 && pl.per_address <= 0 && pl.per_block <= 0)
		return HOST_OK;	/* nothing to count */
	return place_take(dir, &pl, addr, "-", q, &slot, err, len);
}

host_status host_session_take(const char *dir, const host_limits *lim, const char *addr, host_player *p,
			      char *err, size_t len)
{
	pool pl = sessions_pool(lim);
	int slot;
	p->session.fd = -1;
	if (pl.cap <= 0 && pl.per_network <= 0 && pl.per_block <= 0)
		return HOST_OK;
	return place_take(dir, &pl, addr, p->slot, &p->session, &slot, err, len);
}

/* The files of a pool's places nobody holds, removed under its lock. */
static void sweep(const char *dir, host_part part, host_part admit)
{
	char path[4200], err[300];
	if (host_path(dir, admit, path, sizeof path) < 0)
		return;
	int lfd = lock_take(path, LOCK_WAIT_MS, err, sizeof err);
	if (lfd < 0)
		return;
	host_path(dir, part, path, sizeof path);
	DIR *d = opendir(path);
	if (!d) {
		lock_release(lfd);
		return;
	}
	struct dirent *de;
	while ((de = readdir(d))) {
		/* Taken as a holder would take it, then removed: never the
		 * files of a place that is held. */
		const char *dot = strchr(de->d_name, '.');
		if (de->d_name[0] < '0' || de->d_name[0] > '9' || !dot)
			continue;
		char name[300];
		snprintf(name, sizeof name, "%.*s", (int)(dot - de->d_name), de->d_name);
		if (host_path_in(dir, part, name, path, sizeof path) < 0)
			continue;
		int fd = lock_take_removable(path, err, sizeof err);
		if (fd >= 0) {
			place_files_remove(path);
			lock_remove(path, fd);
		}
	}
	closedir(d);
	lock_release(lfd);
}

void host_prompt_sweep(const char *dir)
{
	sweep(dir, HOST_DIR_PROMPTS, HOST_FILE_PROMPTS_ADMIT);
	sweep(dir, HOST_DIR_SESSIONS, HOST_FILE_SESSIONS_ADMIT);
}

/* Remove what is in dfd, then nothing else: never through a symlink
 * (unlinkat removes the link itself), never into another file system. */
static void remove_in(int dfd)
{
	DIR *d = fdopendir(dfd);
	if (!d) {
		close(dfd);
		return;
	}
	struct dirent *de;
	while ((de = readdir(d))) {
		if (!strcmp(de->d_name, ".") || !strcmp(de->d_name, ".."))
			continue;
		if (unlinkat(dirfd(d), de->d_name, 0) == 0)
			continue;
		int sub = openat(dirfd(d), de->d_name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
		if (sub >= 0) {
			remove_in(sub);
			unlinkat(dirfd(d), de->d_name, AT_REMOVEDIR);
		}
	}
	closedir(d);
}

int host_remove_tree(const char *path)
{
	int fd = open(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
	if (fd < 0)
		return unlink(path) == 0 || errno == ENOENT ? 0 : -1;
	remove_in(fd);
	return rmdir(path);
}

void host_leave(host_player *p)
{
	if (p->guest && p->dir[0])
		host_remove_tree(p->dir);
	host_place_leave(&p->session);
	if (p->guest && p->live_fd >= 0)
		place_files_remove(p->lock);	/* a guest's slot is its place */
	lock_remove(p->lock, p->live_fd);
	p->live_fd = -1;
}
