#include "persist/live.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "base/seed.h"
#include "persist/atomic.h"
#include "persist/kv.h"
#include "persist/lock.h"
#include "persist/parse.h"
#include "persist/sha256.h"
#include "i18n.h"

#define HEADER "lightsout-live 1"
#define KEY_LEN 32

/* ---- The files' names: a keyed hash of the slot ---- */

/* The host's key for watch/'s names, DIR.key beside DIR (in the host
 * directory, mode 0600): read into key, or made when missing and make is
 * true (a publisher; two at once: the one linked first stands).  false
 * when there is none, or it is not a key to trust (another's, a link, open
 * to others, of the wrong size): a stranger's view.  Read once a process. */
static bool key_get(const char *dir, bool make, unsigned char key[KEY_LEN])
{
	static char cached[4200];
	static unsigned char kept[KEY_LEN];
	char path[4300];
	if (cached[0] && !strcmp(cached, dir)) {
		memcpy(key, kept, KEY_LEN);
		return true;
	}
	snprintf(path, sizeof path, "%s.key", dir);
	for (int tries = 0; tries < 2; tries++) {
		int fd = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
		if (fd >= 0) {
			struct stat st;
			bool ok = fstat(fd, &st) == 0 && S_ISREG(st.st_mode) && st.st_uid == geteuid() &&
				  !(st.st_mode & 077) && st.st_size == KEY_LEN && read(fd, key, KEY_LEN) == KEY_LEN;
			close(fd);
			if (!ok)
				return false;
			snprintf(cached, sizeof cached, "%s", dir);
			memcpy(kept, key, KEY_LEN);
			return true;
		}
		if (errno != ENOENT || !make)
			return false;
		unsigned char fresh[KEY_LEN];
		bool got = seed_random(fresh, KEY_LEN);
		/* Another process may make it first: then theirs is read. */
		if (!got || atomic_create(path, fresh, KEY_LEN, 0600, 0, 0) < 0)
			return false;
	}
	return false;
}

/* A live game's file name: "w" and 32 hex digits (no slot's). */
static bool live_name_valid(const char *name)
{
	return name[0] == 'w' && strlen(name + 1) == LIVE_NAME_LEN - 1 &&
	       strspn(name + 1, "0123456789abcdef") == LIVE_NAME_LEN - 1;
}

/* The file name of slot id under key: "w" and 32 hex digits. */
static void name_of(const unsigned char key[KEY_LEN], const char *id, char name[LIVE_NAME_LEN + 1])
{
	unsigned char mac[SHA256_LEN];
	sha256_hmac(key, KEY_LEN, id, strlen(id), mac);
	name[0] = 'w';
	for (int i = 0; i < (LIVE_NAME_LEN - 1) / 2; i++)
		snprintf(name + 1 + 2 * i, 3, "%02x", mac[i]);
}

/* The name in dir of game id: a slot's keyed hash (make: the key made if
 * missing), or id itself when it is such a name already (a stranger
 * lists names, not slots).  false when there is none. */
static bool file_name(const char *dir, const char *id, bool make, char name[LIVE_NAME_LEN + 1])
{
	unsigned char key[KEY_LEN];
	if (live_name_valid(id)) {
		memcpy(name, id, LIVE_NAME_LEN + 1);
		return true;
	}
	if (!live_slot_valid(id) || !key_get(dir, make, key))
		return false;
	name_of(key, id, name);
	return true;
}

int live_path(const char *dir, const char *id, char *out, size_t len)
{
	char name[LIVE_NAME_LEN + 1];
	if (!file_name(dir, id, false, name))
		return -1;
	int n = snprintf(out, len, "%s/%s", dir, name);
	return n < 0 || (size_t)n >= len ? -1 : 0;
}

void live_cells_write(const uint8_t *cells, int n, char *text)
{
	for (int i = 0; i < n; i++)
		text[i] = (char)(cells[i] < 10 ? '0' + cells[i] : 'a' + cells[i] - 10);
	text[n] = '\0';
}

void live_cells_read(const char *text, int n, int k, uint8_t *cells)
{
	for (int i = 0; i < n; i++) {
		char c = text[i];
		int v = c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'z' ? c - 'a' + 10 : -1;
		cells[i] = (uint8_t)(v >= 0 && v < k ? v : 0);
	}
}

int live_format(const live_game *g, char *buf, size_t cap)
{
	char race[NAME_MAX_BYTES + 32] = "-";
	if (g->race[0])
		snprintf(race, sizeof race, "%d %s", g->race_moves, g->race);
	/* notext: file format */
	int n = snprintf(buf, cap,
			 HEADER "\nplayer %s\nguest %s\nwatchers %s\nvariant %s\nmoves %d\nelapsed %ld\nwon %s\n"
			 "cursor %d %d\nrace %s\ncells %s\nplace %s\n",
			 g->name, g->guest ? "yes" : "no", g->open ? "yes" : "no", g->variant, g->moves, g->elapsed,
			 g->won ? "yes" : "no", g->cr, g->cc, race, g->ncells ? g->cells : "-",
			 g->place[0] ? g->place : "free");
	return n < 0 || (size_t)n >= cap ? -1 : n;
}

/* A whole number of value v, as the file writes it or padded. */
static bool whole(const char *v, long long max, long long *out)
{
	return parse_int_str(v, 0, max, false, out);
}

/* "A B": v cut at its first space, the second part in *b. */
static bool pair(char *v, char **b)
{
	char *sp = strchr(v, ' ');
	if (!sp)
		return false;
	*sp = '\0';
	*b = sp + 1;
	return true;
}

int live_parse(const char *text, size_t len, live_game *g, char *err, size_t errlen)
{
	char v[LIVE_FILE_MAX + 1];	/* a value: the cells, at most the file */
	char why[300], *b;
	const char *s;
	size_t sl;
	long long n, r, c;
	bool yes;
	kv_reader rd;
	if (len > LIVE_FILE_MAX || memchr(text, '\0', len)) {
		snprintf(err, errlen, _("line 1: not a live game"));
		return -1;
	}
	kv_init(&rd, NULL, text, len, KV_NEWLINE, err, errlen);
#define FAIL(what) return kv_fail(&rd, "%s", what), -1
#define VALUE(key, what) do { if (!kv_value(&rd, key, v, sizeof v, what)) return -1; } while (0)
	if (!kv_line(&rd, &s, &sl) || sl != strlen(HEADER) || memcmp(s, HEADER, sl) != 0)
		FAIL(_("not a lightsout live game of version 1"));
	VALUE("player", _("a player's name"));
	if (strlen(v) >= sizeof g->name || !name_check(v, why, sizeof why))
		FAIL(_("a player's name"));
	snprintf(g->name, sizeof g->name, "%s", v);
	VALUE("guest", _("guest yes or no"));
	if (!parse_yes_no(v, strlen(v), true, &g->guest))
		FAIL(_("guest yes or no"));
	VALUE("watchers", _("watchers yes or no"));
	if (!parse_yes_no(v, strlen(v), true, &g->open))
		FAIL(_("watchers yes or no"));
	variant var;
	VALUE("variant", _("a variant"));
	if (strlen(v) >= sizeof g->variant || variant_parse(&var, v, why, sizeof why) != LO_OK)
		FAIL(_("a variant"));
	snprintf(g->variant, sizeof g->variant, "%s", v);
	VALUE("moves", _("moves"));
	if (!whole(v, 1000000000, &n))
		FAIL(_("moves"));
	g->moves = (int)n;
	VALUE("elapsed", _("elapsed seconds"));
	if (!whole(v, 999999999, &n))
		FAIL(_("elapsed seconds"));
	g->elapsed = (long)n;
	VALUE("won", _("won yes or no"));
	if (!parse_yes_no(v, strlen(v), true, &yes))
		FAIL(_("won yes or no"));
	g->won = yes;
	VALUE("cursor", _("cursor ROW COL"));
	if (!pair(v, &b) || !whole(v, 100000, &r) || !whole(b, 100000, &c))
		FAIL(_("cursor ROW COL"));
	g->cr = (int)r;
	g->cc = (int)c;
	VALUE("race", _("race - or race MOVES NAME"));
	g->race[0] = '\0';
	g->race_moves = 0;
	if (strcmp(v, "-") != 0) {
		if (!pair(v, &b) || !whole(v, 1000000000, &n) || strlen(b) >= sizeof g->race ||
		    !name_check(b, why, sizeof why))
			FAIL(_("race - or race MOVES NAME"));
		g->race_moves = (int)n;
		snprintf(g->race, sizeof g->race, "%s", b);
	}
	VALUE("cells", _("cells"));
	size_t nc = strlen(v);
	if (!strcmp(v, "-"))
		g->ncells = 0;
	else if (nc > LIVE_CELLS_MAX || strspn(v, "0123456789abcdefghijklmnopqrstuvwxyz") != nc)
		FAIL(_("cells: digits and letters, one a cell"));
	else {
		memcpy(g->cells, v, nc + 1);
		g->ncells = (int)nc;
	}
	/* Where the player is, a last line of its own since the races' list
	 * says it: a file without it (an older game's) is free play. */
	static const char *const places[] = { LIVE_PLACES };
	kv_reader peek = rd;
	const char *pv;
	size_t pn;
	snprintf(g->place, sizeof g->place, "free");
	if (kv_line(&peek, &s, &sl) && kv_key(s, sl, "place", &pv, &pn)) {
		rd = peek;
		size_t p = 0;
		while (p < sizeof places / sizeof *places && (strlen(places[p]) != pn || memcmp(pv, places[p], pn) != 0))
			p++;
		if (p == sizeof places / sizeof *places)
			FAIL(_("place lobby, daily, ladder or free"));
		snprintf(g->place, sizeof g->place, "%s", places[p]);
	}
	if (!kv_end(&rd, _("more than a live game")))
		return -1;
#undef VALUE
#undef FAIL
	return 0;
}

int live_publish(const char *dir, const live_game *g)
{
	char text[LIVE_FILE_MAX + 1], path[4200], name[LIVE_NAME_LEN + 1], err[300];
	int n = live_format(g, text, sizeof text);
	if (n < 0 || !live_slot_valid(g->id) || !file_name(dir, g->id, true, name))
		return -1;
	snprintf(path, sizeof path, "%s/%s", dir, name);
	/* Watchers of other accounts read it: 0644.  Rewritten up to ten
	 * times a second, and worth nothing after a crash: no fsync. */
	return atomic_write_mode(path, text, (size_t)n, 0644, ATOMIC_VOLATILE, err, sizeof err);
}

void live_withdraw(const char *dir, const char *id)
{
	char path[4200];
	if (live_path(dir, id, path, sizeof path) == 0)
		unlink(path);
}

bool live_slot_valid(const char *s)
{
	if (s[0] == 'g')
		return s[1] && strspn(s + 1, "0123456789") == strlen(s + 1) && strlen(s) < 12;
	return s[0] == 'k' && strspn(s + 1, "0123456789abcdef") == 32 && s[33] == '.' && s[34] &&
	       strspn(s + 34, "0123456789") == strlen(s + 34) && strlen(s) < LIVE_ID_MAX;
}

bool live_slot_alive(const char *live_locks, const char *id)
{
	char path[4200];
	snprintf(path, sizeof path, "%s/%s", live_locks, id);
	return lock_held(path);
}

int live_read(const char *dir, const char *live_locks, const char *id, live_game *g)
{
	char path[4200], buf[LIVE_FILE_MAX + 1], err[300];
	struct stat dst, st;
	if (live_path(dir, id, path, sizeof path) < 0 || stat(dir, &dst) < 0)
		return -1;
	int fd = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
	if (fd < 0)
		return -1;
	ssize_t n = -1;
	if (fstat(fd, &st) == 0 && S_ISREG(st.st_mode) && st.st_uid == dst.st_uid && st.st_size <= LIVE_FILE_MAX)
		n = read(fd, buf, LIVE_FILE_MAX + 1);
	close(fd);
	if (n < 0 || n > LIVE_FILE_MAX || live_parse(buf, (size_t)n, g, err, sizeof err) < 0)
		return -1;
	/* Only a slot has a lock to ask: a stranger, who has names, takes the
	 * game as live (as when the lock may not be opened). */
	if (live_slot_valid(id) && !live_slot_alive(live_locks, id)) {
		/* A game that died without taking its file away. */
		if (dst.st_uid == geteuid())
			unlink(path);
		return -1;
	}
	snprintf(g->id, sizeof g->id, "%s", id);
	return 0;
}

bool live_playing(const live_game *g)
{
	return !g->won && strcmp(g->place, "lobby") != 0;
}

/* The clock of a game being played, run on from its file's time to now. */
static void clock_now(int dfd, const char *file, live_game *g)
{
	struct stat st;
	struct timespec now;
	if (!live_playing(g) || fstatat(dfd, file, &st, AT_SYMLINK_NOFOLLOW) < 0 ||
	    clock_gettime(CLOCK_REALTIME, &now) < 0 || now.tv_sec <= st.st_mtim.tv_sec)
		return;
	g->elapsed += (long)(now.tv_sec - st.st_mtim.tv_sec) - (now.tv_nsec < st.st_mtim.tv_nsec);
}

static int by_name(const void *a, const void *b)
{
	return strcmp(((const live_game *)a)->name, ((const live_game *)b)->name);
}

/* The live slots' names under key, from live_locks' SLOT.lock files:
 * malloc'd pairs (slot, name), their count in *n; NULL when it cannot be
 * read. */
typedef struct slot_name {
	char slot[LIVE_ID_MAX];
	char name[LIVE_NAME_LEN + 1];
} slot_name;

static slot_name *slots_named(const char *live_locks, const unsigned char key[KEY_LEN], int *n)
{
	DIR *d = opendir(live_locks);
	*n = 0;
	if (!d)
		return NULL;
	int cap = 16;
	slot_name *all = malloc((size_t)cap * sizeof *all);
	struct dirent *de;
	while (all && (de = readdir(d))) {
		size_t l = strlen(de->d_name);
		if (l < 6 || l - 5 >= LIVE_ID_MAX || strcmp(de->d_name + l - 5, ".lock") != 0)
			continue;
		char slot[LIVE_ID_MAX];
		memcpy(slot, de->d_name, l - 5);
		slot[l - 5] = '\0';
		if (!live_slot_valid(slot))
			continue;
		if (*n == cap) {
			slot_name *more = realloc(all, (size_t)cap * 2 * sizeof *all);
			if (!more)
				break;
			all = more;
			cap *= 2;
		}
		memcpy(all[*n].slot, slot, l - 4);
		name_of(key, slot, all[*n].name);
		(*n)++;
	}
	closedir(d);
	return all;
}

static int slot_find(const slot_name *slots, int n, const char *name)
{
	for (int i = 0; i < n; i++)
		if (!strcmp(slots[i].name, name))
			return i;
	return -1;
}

/* Remove the watchers' directory name in dfd and its files (a watcher's
 * file is plain; nobody holds an old version's). */
static void eyes_sweep(int dfd, const char *name)
{
	int fd = openat(dfd, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
	DIR *d = fd >= 0 ? fdopendir(fd) : NULL;
	if (!d) {
		if (fd >= 0)
			close(fd);
		return;
	}
	struct dirent *de;
	while ((de = readdir(d)))
		if (de->d_name[0] != '.')
			unlinkat(dirfd(d), de->d_name, 0);
	closedir(d);
	unlinkat(dfd, name, AT_REMOVEDIR);
}

int live_list(const char *dir, const char *live_locks, live_game **out)
{
	*out = NULL;
	DIR *d = opendir(dir);
	if (!d)
		return -1;
	/* The account itself has the key and the locks: names map back to
	 * slots, and a name of no slot is a dead game's file.  Anyone else
	 * lists the names. */
	unsigned char key[KEY_LEN];
	int nslots = 0;
	struct stat dst;
	slot_name *slots = key_get(dir, false, key) ? slots_named(live_locks, key, &nslots) : NULL;
	bool reread = false;
	bool ours = fstat(dirfd(d), &dst) == 0 && dst.st_uid == geteuid();
	int n = 0, cap = 0;
	struct dirent *de;
	while ((de = readdir(d))) {
		const char *id = de->d_name;
		/* Named by a slot (an older version): it told whose key. */
		if (slots && ours && live_slot_valid(id)) {
			unlinkat(dirfd(d), id, 0);
			continue;
		}
		if (slots && ours && !strncmp(id, "eyes.", 5) && live_slot_valid(id + 5)) {
			eyes_sweep(dirfd(d), id);
			continue;
		}
		if (!live_name_valid(id))
			continue;
		if (slots) {
			int i = slot_find(slots, nslots, id);
			if (i < 0 && !reread) {
				/* Its game may have taken its lock after live/
				 * was read: a game locks before it publishes. */
				reread = true;
				free(slots);
				slots = slots_named(live_locks, key, &nslots);
				i = slots ? slot_find(slots, nslots, id) : -1;
			}
			if (i < 0) {
				if (ours && slots)
					unlinkat(dirfd(d), id, 0);	/* no lock: its game is gone */
				continue;
			}
			id = slots[i].slot;
		}
		if (n == cap) {
			int more = cap ? cap * 2 : 16;
			live_game *bigger = realloc(*out, (size_t)more * sizeof *bigger);
			if (!bigger)
				break;
			*out = bigger;
			cap = more;
		}
		if (live_read(dir, live_locks, id, &(*out)[n]) == 0)
			clock_now(dirfd(d), de->d_name, &(*out)[n++]);
	}
	closedir(d);
	free(slots);
	if (n > 1)
		qsort(*out, (size_t)n, sizeof **out, by_name);
	return n;
}

/* The directory of id's watchers: one per game, so that counting them
 * costs a game its own few entries, not every game's on the host; named
 * as its file is.  false when id has no name. */
static bool eyes_dir(const char *dir, const char *id, char *buf, size_t len)
{
	char name[LIVE_NAME_LEN + 1];
	if (!file_name(dir, id, false, name))
		return false;
	snprintf(buf, len, "%s/eyes.%s", dir, name);
	return true;
}

int live_eye_open(const char *dir, const char *id)
{
	char eyes[4300], path[4400];
	if (!eyes_dir(dir, id, eyes, sizeof eyes))
		return -1;
	if (mkdir(eyes, 0700) < 0 && errno != EEXIST)
		return -1;
	struct stat st;
	if (lstat(eyes, &st) < 0 || !S_ISDIR(st.st_mode) || st.st_uid != geteuid())
		return -1;
	snprintf(path, sizeof path, "%s/%ld", eyes, (long)getpid());
	unlink(path);
	int fd = open(path, O_RDWR | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600);
	if (fd < 0)
		return -1;
	if (lock_fd(fd, 0) < 0) {
		close(fd);
		unlink(path);
		return -1;
	}
	return fd;
}

void live_eye_close(const char *dir, const char *id, int fd)
{
	char eyes[4300], path[4400];
	if (fd < 0)
		return;
	if (!eyes_dir(dir, id, eyes, sizeof eyes)) {
		close(fd);
		return;
	}
	snprintf(path, sizeof path, "%s/%ld", eyes, (long)getpid());
	unlink(path);
	close(fd);
	rmdir(eyes);	/* when it was the last watcher */
}

int live_eyes(const char *dir, const char *id)
{
	char eyes[4300];
	if (!eyes_dir(dir, id, eyes, sizeof eyes))
		return 0;
	DIR *d = opendir(eyes);
	if (!d)
		return 0;	/* nobody has watched yet */
	int n = 0;
	struct dirent *de;
	while ((de = readdir(d))) {
		if (de->d_name[0] == '.')
			continue;
		int fd = openat(dirfd(d), de->d_name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
		if (fd < 0)
			continue;
		struct stat st;
		if (fstat(fd, &st) == 0 && S_ISREG(st.st_mode)) {
			if (lock_fd_held(fd))
				n++;	/* held: somebody watches */
			else
				unlinkat(dirfd(d), de->d_name, 0);	/* its watcher is gone */
		}
		close(fd);
	}
	closedir(d);
	return n;
}
