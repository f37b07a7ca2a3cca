/* Guests' boards kept for a reconnect (guestkeep.h): guests-kept/HASH, a
 * home each, its time its directory's mtime (set as it is kept).  Every
 * change happens under guests-kept.lock. */
#include "persist/guestkeep.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "i18n.h"
#include "persist/lock.h"
#include "persist/slot.h"

guestkeep_status guestkeep_offered(const host_limits *lim, const char *addr)
{
	if (lim->guest_keep <= 0 || lim->guests_kept <= 0)
		return GUESTKEEP_OFF;
	return addr && addr[0] ? GUESTKEEP_KEPT : GUESTKEEP_NO_ADDRESS;
}

/* The bytes of the tree in dfd (closed), never through a link; stops
 * counting once past limit. */
static long tree_bytes(int dfd, long limit)
{
	DIR *d = fdopendir(dfd);
	if (!d) {
		close(dfd);
		return limit + 1;
	}
	long n = 0;
	struct dirent *de;
	while (n <= limit && (de = readdir(d))) {
		struct stat st;
		if (!strcmp(de->d_name, ".") || !strcmp(de->d_name, "..") ||
		    fstatat(dirfd(d), de->d_name, &st, AT_SYMLINK_NOFOLLOW) < 0)
			continue;
		n += (long)st.st_blocks * 512 > st.st_size ? (long)st.st_blocks * 512 : (long)st.st_size;
		if (S_ISDIR(st.st_mode)) {
			int sub = openat(dirfd(d), de->d_name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
			n += sub >= 0 ? tree_bytes(sub, limit - n) : 0;
		}
	}
	closedir(d);
	return n;
}

/* Whether the home holds an unfinished board: a save in one of its slots. */
static bool holds_board(const char *save)
{
	char path[4200];
	struct stat st;
	for (int i = 1; i <= SLOT_MAX; i++)
		if (slot_save_path(save, i, path, sizeof path) == 0 && lstat(path, &st) == 0 && S_ISREG(st.st_mode))
			return true;
	return false;
}

/* guests-kept/ and its lock taken; -1 when it cannot be. */
static int kept_lock(const char *dir, char *kept, size_t len, char *err, size_t errlen)
{
	if (host_path(dir, HOST_DIR_KEPT, kept, len) < 0) {
		snprintf(err, errlen, "%s", _("path too long"));
		return -1;
	}
	return lock_take(kept, LOCK_WAIT_MS, err, errlen);
}

/* The homes past their time removed; then, while more than keep remain,
 * the oldest.  Under the lock. */
static void sweep(const char *kept, const host_limits *lim, int keep)
{
	time_t now = time(NULL);
	for (;;) {
		DIR *d = opendir(kept);
		if (!d)
			return;
		char oldest[300] = "";
		time_t oldest_t = 0;
		int n = 0;
		struct dirent *de;
		while ((de = readdir(d))) {
			struct stat st;
			if (de->d_name[0] == '.' || strlen(de->d_name) >= sizeof oldest ||
			    fstatat(dirfd(d), de->d_name, &st, AT_SYMLINK_NOFOLLOW) < 0)
				continue;
			char path[4400];
			snprintf(path, sizeof path, "%s/%s", kept, de->d_name);
			if (now - st.st_mtime >= lim->guest_keep || st.st_mtime > now + 60) {
				host_remove_tree(path);
				continue;
			}
			if (!n++ || st.st_mtime < oldest_t) {
				oldest_t = st.st_mtime;
				snprintf(oldest, sizeof oldest, "%s", de->d_name);
			}
		}
		closedir(d);
		if (n <= keep || !oldest[0])
			return;
		char path[4400];
		snprintf(path, sizeof path, "%s/%s", kept, oldest);
		if (host_remove_tree(path) < 0)
			return;
	}
}

bool guestkeep_take(const char *dir, const host_limits *lim, const char *addr, const char *home)
{
	char kept[4200], path[4400], hash[HOST_PID_LEN + 1], err[300];
	if (guestkeep_offered(lim, addr) != GUESTKEEP_KEPT)
		return false;
	int lfd = kept_lock(dir, kept, sizeof kept, err, sizeof err);
	if (lfd < 0)
		return false;
	sweep(kept, lim, lim->guests_kept);
	host_address_hash(addr, hash);
	snprintf(path, sizeof path, "%s/%s", kept, hash);
	bool taken = rename(path, home) == 0;
	lock_release(lfd);
	return taken;
}

guestkeep_status guestkeep_store(const char *dir, const host_limits *lim, const char *addr, const char *home,
				 const char *save, char *err, size_t len)
{
	char kept[4200], path[4400], hash[HOST_PID_LEN + 1];
	if (!holds_board(save))
		return GUESTKEEP_NOTHING;
	guestkeep_status st = guestkeep_offered(lim, addr);
	if (st != GUESTKEEP_KEPT)
		return st;
	int fd = open(home, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
	if (fd < 0) {
		snprintf(err, len, "%s: %s", home, strerror(errno));
		return GUESTKEEP_ERROR;
	}
	if (tree_bytes(fd, GUESTKEEP_BYTES) > GUESTKEEP_BYTES)
		return GUESTKEEP_TOO_BIG;
	int lfd = kept_lock(dir, kept, sizeof kept, err, len);
	if (lfd < 0)
		return GUESTKEEP_ERROR;
	/* Room for one more first, so that the newest is never the one to go. */
	sweep(kept, lim, lim->guests_kept - 1);
	host_address_hash(addr, hash);
	snprintf(path, sizeof path, "%s/%s", kept, hash);
	host_remove_tree(path);	/* the one this address left before */
	if (rename(home, path) < 0 || utimensat(AT_FDCWD, path, NULL, AT_SYMLINK_NOFOLLOW) < 0) {
		snprintf(err, len, _("cannot keep %s: %s"), home, strerror(errno));
		host_remove_tree(path);
		lock_release(lfd);
		return GUESTKEEP_ERROR;
	}
	lock_release(lfd);
	return GUESTKEEP_KEPT;
}
