#include "persist/host.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "persist/atomic.h"
#include "persist/lock.h"
#include "persist/paths.h"
#include "persist/sha256.h"

/* Readable by others: the leaderboard and the live games' files. */
static const char *const parts[] = { "players", "names", "addresses", "offers", "guests", "live", "prompts", "scores",
				     "watch" };
static bool readable(const char *part)
{
	return !strcmp(part, "scores") || !strcmp(part, "watch");
}

/* A directory of ours nobody else can write in, made when missing. */
host_status host_own_dir(const char *path, mode_t mode, char *err, size_t len)
{
	struct stat st;
	if (mkdir(path, mode) < 0 && errno != EEXIST) {
		snprintf(err, len, "cannot create %s: %s", path, strerror(errno));
		return HOST_ERROR;
	}
	if (lstat(path, &st) < 0) {
		snprintf(err, len, "%s: %s", path, strerror(errno));
		return HOST_ERROR;
	}
	const char *why = S_ISLNK(st.st_mode) ? "a symbolic link" : !S_ISDIR(st.st_mode) ? "not a directory"
		: st.st_uid != geteuid() ? "another user's directory"
		: (st.st_mode & (S_IWGRP | S_IWOTH)) ? "writable by others" : NULL;
	if (why) {
		snprintf(err, len, "%s is %s: the host's players cannot be kept there", path, why);
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
		snprintf(err, len, "%.60s...: path too long", dir);
		return HOST_ERROR;
	}
	if (paths_mkdirs(dir, err, len) < 0)
		return HOST_ERROR;
	/* 0711: others may reach scores/ and watch/ by name, list nothing. */
	if (host_own_dir(dir, 0711, err, len) != HOST_OK)
		return HOST_ERROR;
	for (size_t i = 0; i < sizeof parts / sizeof parts[0]; i++) {
		snprintf(path, sizeof path, "%s/%s", dir, parts[i]);
		if (host_own_dir(path, readable(parts[i]) ? 0755 : 0700, err, len) != HOST_OK)
			return HOST_ERROR;
	}
	return HOST_OK;
}

/* The first free one of n removable locks BASE0 .. BASE(n-1): its
 * descriptor, its path in path and its number in *slot; -1 when all are
 * held. */
static int take_first(const char *base, int n, char *path, size_t len, int *slot)
{
	char err[300];
	for (int i = 0; i < n; i++) {
		snprintf(path, len, "%s%d", base, i);
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
	char base[4100];	/* room in p->lock for the number */
	snprintf(base, sizeof base, "%s/live/%s", dir, prefix);
	int fd = take_first(base, n, p->lock, sizeof p->lock, slot);
	if (fd >= 0)
		snprintf(p->slot, sizeof p->slot, "%s%d", prefix, *slot);
	else
		p->slot[0] = '\0';
	return fd;
}

static void hex(const unsigned char *b, size_t n, char *out)
{
	for (size_t i = 0; i < n; i++)
		snprintf(out + 2 * i, 3, "%02x", b[i]);
}

void host_read_name(host_player *p)
{
	char path[4200], err[300], why[300];
	size_t n;
	snprintf(path, sizeof path, "%s/name", p->dir);
	char *text = atomic_read_max(path, NAME_MAX_BYTES + 1, &n, err, sizeof err);
	p->name[0] = '\0';
	if (!text)
		return;
	if (n && text[n - 1] == '\n')
		text[--n] = '\0';
	if (n < sizeof p->name && strlen(text) == n && name_check(text, why, sizeof why))
		memcpy(p->name, text, n + 1);
	free(text);
}

host_status host_key_player(const char *dir, const unsigned char digest[32], const host_limits *lim,
			    host_player *p, char *err, size_t len)
{
	int slot;
	memset(p, 0, sizeof *p);
	p->live_fd = -1;
	hex(digest, HOST_PID_LEN / 2, p->pid);
	char prefix[HOST_PID_LEN + 3];
	snprintf(prefix, sizeof prefix, "k%s.", p->pid);
	p->live_fd = take_slot(dir, prefix, lim->games_per_key, p, &slot);
	if (p->live_fd < 0) {
		snprintf(err, len, "You have %d game%s open on this host already: quit one first.",
			 lim->games_per_key, lim->games_per_key == 1 ? "" : "s");
		return HOST_FULL;
	}
	snprintf(p->dir, sizeof p->dir, "%s/players/%s", dir, p->pid);
	snprintf(p->home, sizeof p->home, "%s/home", p->dir);
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

/* Live guests other than slot whose home says they came from hash. */
static int guests_from(const char *dir, const host_limits *lim, int slot, const char *hash)
{
	int n = 0;
	for (int i = 0; i < lim->guests; i++) {
		char path[4300], err[300];
		size_t len;
		if (i == slot)
			continue;
		snprintf(path, sizeof path, "%s/guests/%d/address", dir, i);
		char *text = atomic_read_max(path, 64, &len, err, sizeof err);
		bool same = text && len == HOST_PID_LEN && !memcmp(text, hash, HOST_PID_LEN);
		free(text);
		if (!same)
			continue;
		/* Its place is live while its lock is held. */
		snprintf(path, sizeof path, "%s/live/g%d", dir, i);
		n += lock_held(path);
	}
	return n;
}

host_status host_guest(const char *dir, const host_limits *lim, const char *addr, host_player *p, char *err,
		       size_t len)
{
	int slot;
	memset(p, 0, sizeof *p);
	p->guest = true;
	p->live_fd = take_slot(dir, "g", lim->guests, p, &slot);
	if (p->live_fd < 0) {
		if (lim->guests > 0)
			snprintf(err, len, "All %d guest places are taken: try again later, or log in with an SSH key.",
				 lim->guests);
		else
			snprintf(err, len, "This host has no guest places: log in with an SSH key.");
		return HOST_FULL;
	}
	unsigned char r[HOST_PID_LEN / 2];
	FILE *f = fopen("/dev/urandom", "rb");
	bool ok = f && fread(r, 1, sizeof r, f) == sizeof r;
	if (f)
		fclose(f);
	if (!ok) {
		snprintf(err, len, "/dev/urandom: cannot read");
		host_leave(p);
		return HOST_ERROR;
	}
	hex(r, sizeof r, p->pid);
	snprintf(p->name, sizeof p->name, "guest-%.4s", p->pid);
	/* Whatever a guest of this slot left (a game killed outright) goes now. */
	snprintf(p->dir, sizeof p->dir, "%s/guests/%d", dir, slot);
	snprintf(p->home, sizeof p->home, "%s", p->dir);
	host_remove_tree(p->dir);
	if (host_own_dir(p->dir, 0700, err, len) != HOST_OK) {
		p->guest = false;	/* not ours to remove */
		host_leave(p);
		return HOST_ERROR;
	}
	if (lim->guests_per_address <= 0 || !addr || !addr[0])
		return HOST_OK;
	/* One address's guests, counted and this one added as one step. */
	char path[4200], hash[HOST_PID_LEN + 1], why[300];
	snprintf(path, sizeof path, "%s/guests-admit", dir);
	int lfd = lock_take(path, LOCK_WAIT_MS, why, sizeof why);
	address_hash(addr, hash);
	if (guests_from(dir, lim, slot, hash) >= lim->guests_per_address) {
		lock_release(lfd);
		host_leave(p);
		snprintf(err, len, "%d guests from your address are playing already: try again later, or log in "
			 "with an SSH key.", lim->guests_per_address);
		return HOST_FULL;
	}
	snprintf(path, sizeof path, "%s/address", p->dir);
	atomic_write(path, hash, HOST_PID_LEN, why, sizeof why);
	lock_release(lfd);
	return HOST_OK;
}

host_status host_prompt_take(const char *dir, const host_limits *lim, const char *addr, host_prompt *q, char *err,
			     size_t len)
{
	char base[4100], hash[HOST_PID_LEN + 1];
	int slot;
	q->fd = q->addr_fd = -1;
	q->lock[0] = q->addr_lock[0] = '\0';
	/* An address's slots are named by its hash: each is its own lock, so
	 * they need no count under a lock of their own. */
	if (lim->prompts_per_address > 0 && addr && addr[0]) {
		address_hash(addr, hash);
		snprintf(base, sizeof base, "%s/prompts/a%s.", dir, hash);
		q->addr_fd = take_first(base, lim->prompts_per_address, q->addr_lock, sizeof q->addr_lock, &slot);
		if (q->addr_fd < 0) {
			snprintf(err, len, "%d new keys from your address are choosing a name already: try again later.",
				 lim->prompts_per_address);
			return HOST_FULL;
		}
	}
	if (lim->prompts > 0) {
		snprintf(base, sizeof base, "%s/prompts/", dir);
		q->fd = take_first(base, lim->prompts, q->lock, sizeof q->lock, &slot);
		if (q->fd < 0) {
			host_prompt_leave(q);
			snprintf(err, len, "%d new keys are choosing a name already: try again later.", lim->prompts);
			return HOST_FULL;
		}
	}
	return HOST_OK;
}

void host_prompt_leave(host_prompt *q)
{
	lock_remove(q->lock, q->fd);
	lock_remove(q->addr_lock, q->addr_fd);
	q->fd = q->addr_fd = -1;
}

void host_prompt_sweep(const char *dir)
{
	char path[4200], err[300];
	snprintf(path, sizeof path, "%s/prompts", dir);
	DIR *d = opendir(path);
	if (!d)
		return;
	struct dirent *de;
	while ((de = readdir(d))) {
		/* Taken as a prompt would take it, then removed: never the
		 * file of a prompt that is open. */
		size_t n = strlen(de->d_name);
		if (n < 6 || strcmp(de->d_name + n - 5, ".lock"))
			continue;
		snprintf(path, sizeof path, "%s/prompts/%.*s", dir, (int)(n - 5), de->d_name);
		int fd = lock_take_removable(path, err, sizeof err);
		if (fd >= 0)
			lock_remove(path, fd);
	}
	closedir(d);
}

int host_path(const char *dir, host_part part, char *out, size_t len)
{
	static const char *const names[] = { [HOST_DIR_LIVE] = "live", [HOST_DIR_SCORES] = "scores",
					     [HOST_DIR_WATCH] = "watch" };
	int n = snprintf(out, len, "%s/%s", dir, names[part]);
	return n < 0 || (size_t)n >= len ? -1 : 0;
}

void host_name_path(const char *dir, const char *name, char *path, size_t len)
{
	char key[NAME_KEY_LEN + 1];
	name_key(name, key, sizeof key);
	snprintf(path, len, "%s/names/%s", dir, key);
}

bool host_name_taken(const char *dir, const char *name)
{
	char path[4300];
	struct stat st;
	host_name_path(dir, name, path, sizeof path);
	return lstat(path, &st) == 0;
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
	lock_remove(p->lock, p->live_fd);
	p->live_fd = -1;
}
