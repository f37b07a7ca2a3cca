#include "persist/atomic.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "base/clock.h"
#include "base/path.h"
#include "base/seed.h"
#include "i18n.h"

static void dir_of(const char *path, char *dir, size_t len)
{
	const char *slash = strrchr(path, '/');
	if (!slash)
		snprintf(dir, len, ".");
	else if (slash == path)
		snprintf(dir, len, "/");
	else
		snprintf(dir, len, "%.*s", (int)(slash - path), path);
}

/* Six letters or digits, as mkstemp's: a new draw each call. */
static void temp_letters(char out[7])
{
	static const char abc[] = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
	static uint64_t state;
	state ^= seed_fresh();
	for (int k = 0; k < 6; k++) {
		state = state * 6364136223846793005ULL + 1442695040888963407ULL;
		out[k] = abc[(state >> 33) % 62];
	}
	out[6] = '\0';
}

/* Data in a fresh temporary ".NAME.XXXXXX" of dfd, created exclusively
 * (never through a link), of mode, on the disk (unless ATOMIC_VOLATILE);
 * its name in tmp.  0, or -1 with errno (nothing is left behind). */
static int temp_at(int dfd, const char *name, const void *data, size_t len, mode_t mode, unsigned flags, char *tmp,
		   size_t tmplen)
{
	int fd = -1;
	for (int tries = 0; fd < 0 && tries < 100; tries++) {
		char sfx[7];
		temp_letters(sfx);
		if (snprintf(tmp, tmplen, ".%s.%s", name, sfx) >= (int)tmplen) {
			errno = ENAMETOOLONG;
			return -1;
		}
		/* O_EXCL: never follows a link, never another's file. */
		fd = openat(dfd, tmp, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600);
		if (fd < 0 && errno != EEXIST)
			return -1;
	}
	if (fd < 0)
		return -1;
	int e = 0;
	/* The mode whatever the umask (0644: other accounts read it). */
	if (fchmod(fd, mode) < 0)
		e = errno;
	const char *p = data;
	for (size_t left = len; !e && left > 0;) {
		ssize_t n = write(fd, p, left);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			e = n < 0 ? errno : EIO;
		else {
			p += n;
			left -= (size_t)n;
		}
	}
	if (!e && !(flags & ATOMIC_VOLATILE) && fsync(fd) < 0)
		e = errno;
	if (close(fd) < 0 && !e)
		e = errno;
	if (e) {
		unlinkat(dfd, tmp, 0);
		errno = e;
		return -1;
	}
	return 0;
}

int atomic_create_at(int dfd, const char *name, const void *data, size_t len, mode_t mode, unsigned flags,
		     time_t mtime)
{
	char tmp[4200];
	if (!(flags & ATOMIC_VOLATILE))
		atomic_sweep_at(dfd, name, ATOMIC_STALE_SECONDS);	/* writes killed half-way */
	if (temp_at(dfd, name, data, len, mode, flags, tmp, sizeof tmp) < 0)
		return -1;
	if (mtime) {
		struct timespec ts[2] = { { mtime, 0 }, { mtime, 0 } };
		utimensat(dfd, tmp, ts, AT_SYMLINK_NOFOLLOW);
	}
	int rc = linkat(dfd, tmp, dfd, name, 0) == 0 ? 0 : errno == EEXIST ? 1 : -1;
	int e = errno;
	unlinkat(dfd, tmp, 0);
	/* The link itself must reach the disk too. */
	if (rc == 0 && !(flags & ATOMIC_VOLATILE))
		fsync(dfd);
	errno = e;
	return rc;
}

int atomic_create(const char *path, const void *data, size_t len, mode_t mode, unsigned flags, time_t mtime)
{
	char dir[4200];
	const char *slash = strrchr(path, '/');
	int n = !slash ? snprintf(dir, sizeof dir, ".")
		: slash == path ? snprintf(dir, sizeof dir, "/")
		: snprintf(dir, sizeof dir, "%.*s", (int)(slash - path), path);
	if (n >= (int)sizeof dir) {
		errno = ENAMETOOLONG;
		return -1;
	}
	int dfd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (dfd < 0)
		return -1;
	int rc = atomic_create_at(dfd, slash ? slash + 1 : path, data, len, mode, flags, mtime);
	int e = errno;
	close(dfd);
	errno = e;
	return rc;
}

/* The write: a temporary of dfd renamed over name.  path (NULL for none)
 * is name as the caller knows it: the rename is then made by path, so
 * that whoever watches the calls (strace) sees the file's whole name. */
static int write_in(int dfd, const char *dir, const char *path, const char *name, const void *data, size_t len,
		    mode_t mode, unsigned flags, char *err, size_t errlen)
{
	char tmp[PATH_LEN], from[8400];
	if (!(flags & ATOMIC_VOLATILE))
		atomic_sweep_at(dfd, name, ATOMIC_STALE_SECONDS);	/* writes killed half-way */
	int e;
	if (temp_at(dfd, name, data, len, mode, flags, tmp, sizeof tmp) < 0) {
		e = errno;
		goto fail;
	}
	if (path)
		snprintf(from, sizeof from, "%s/%s", dir, tmp);
	if (path ? rename(from, path) < 0 : renameat(dfd, tmp, dfd, name) < 0) {
		e = errno;
		unlinkat(dfd, tmp, 0);
		goto fail;
	}
	/* The rename itself must reach the disk too. */
	if (!(flags & ATOMIC_VOLATILE))
		fsync(dfd);
	return 0;
fail:
	snprintf(err, errlen, _("cannot write %s: %s"), path ? path : name, strerror(e));
	errno = e;	/* the caller words it: persist_write_errno() */
	return -1;
}

int atomic_write_at(int dfd, const char *name, const void *data, size_t len, mode_t mode, unsigned flags, char *err,
		    size_t errlen)
{
	return write_in(dfd, NULL, NULL, name, data, len, mode, flags, err, errlen);
}

int atomic_write_mode(const char *path, const void *data, size_t len, mode_t mode, unsigned flags, char *err,
		      size_t errlen)
{
	char dir[PATH_LEN];
	const char *slash = strrchr(path, '/');
	const char *base = slash ? slash + 1 : path;
	dir_of(path, dir, sizeof dir);
	if (strlen(path) >= 4000) {
		snprintf(err, errlen, _("%s: path too long"), path);
		errno = ENAMETOOLONG;
		return -1;
	}
	/* Hidden, in the same directory (rename cannot cross file systems). */
	int dfd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (dfd < 0) {
		int e = errno;
		snprintf(err, errlen, _("cannot write in %s: %s"), dir, strerror(e));
		errno = e;
		return -1;
	}
	int rc = write_in(dfd, dir, path, base, data, len, mode, flags, err, errlen);
	int e = errno;
	close(dfd);
	errno = e;
	return rc;
}

int atomic_write(const char *path, const void *data, size_t len, char *err, size_t errlen)
{
	return atomic_write_mode(path, data, len, 0600, 0, err, errlen);
}

char *atomic_read_max(const char *path, size_t max, size_t *len, char *err, size_t errlen)
{
	/* Non-blocking: a FIFO planted under our name must not hang us (with
	 * the lock held); no symlinks; only a regular file of ours is read. */
	int fd = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
	int e;
	if (fd < 0) {
		e = errno;
		if (e == ELOOP)
			snprintf(err, errlen, _("refusing %s: a symbolic link"), path);
		else
			snprintf(err, errlen, _("cannot read %s: %s"), path, strerror(e));
		errno = e;
		return NULL;
	}
	struct stat st;
	if (fstat(fd, &st) < 0) {
		e = errno;
		snprintf(err, errlen, _("cannot read %s: %s"), path, strerror(e));
		goto fail;
	}
	if (!S_ISREG(st.st_mode)) {
		snprintf(err, errlen, _("refusing %s: not a regular file"), path);
		e = EINVAL;
		goto fail;
	}
	if (st.st_uid != geteuid() || st.st_nlink != 1) {
		/* Another name for it may be another user's hard link (where
		 * fs.protected_hardlinks is 0): trusted no more than theirs. */
		snprintf(err, errlen, _("refusing %s: %s"), path,
			 st.st_uid != geteuid() ? _("owned by another user") : _("a file with other names (hard links)"));
		e = st.st_uid != geteuid() ? EPERM : EMLINK;
		goto fail;
	}
	if ((unsigned long long)st.st_size > max) {
		snprintf(err, errlen, _("refusing %s: larger than %zu MB"), path, max >> 20);
		e = EFBIG;
		goto fail;
	}
	/* Exactly the size fstat gave, plus one to see it grow. */
	size_t cap = (size_t)st.st_size + 1, used = 0;
	char *buf = malloc(cap + 1);
	if (!buf) {
		snprintf(err, errlen, _("%s: out of memory"), path);
		e = ENOMEM;
		goto fail;
	}
	for (;;) {
		if (used == cap) {
			if (cap >= max) {
				snprintf(err, errlen, _("refusing %s: larger than %zu MB"), path, max >> 20);
				free(buf);
				e = EFBIG;
				goto fail;
			}
			size_t ncap = cap * 2 < max ? cap * 2 : max;
			char *nb = realloc(buf, ncap + 1);
			if (!nb) {
				free(buf);
				snprintf(err, errlen, _("%s: out of memory"), path);
				e = ENOMEM;
				goto fail;
			}
			buf = nb;
			cap = ncap;
		}
		ssize_t n = read(fd, buf + used, cap - used);
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0) {
			e = errno;
			snprintf(err, errlen, _("cannot read %s: %s"), path, strerror(e));
			free(buf);
			goto fail;
		}
		if (n == 0)
			break;
		used += (size_t)n;
	}
	close(fd);
	buf[used] = '\0';
	*len = used;
	return buf;
fail:
	close(fd);
	errno = e;
	return NULL;
}

char *atomic_read(const char *path, size_t *len, char *err, size_t errlen)
{
	return atomic_read_max(path, ATOMIC_READ_MAX, len, err, errlen);
}

/* mkstemp's six characters. */
static bool temp_suffix(const char *s)
{
	if (strlen(s) != 6)
		return false;
	for (; *s; s++)
		if (!((*s >= 'A' && *s <= 'Z') || (*s >= 'a' && *s <= 'z') || (*s >= '0' && *s <= '9')))
			return false;
	return true;
}

int atomic_sweep(const char *path, int min_age)
{
	char dir[PATH_LEN];
	const char *slash = strrchr(path, '/');
	dir_of(path, dir, sizeof dir);
	int dfd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (dfd < 0)
		return 0;
	int removed = atomic_sweep_at(dfd, slash ? slash + 1 : path, min_age);
	close(dfd);
	return removed;
}

int atomic_sweep_at(int dfd, const char *base, int min_age)
{
	size_t blen = strlen(base);
	/* Its own descriptor for the listing: dfd stays the caller's. */
	int lfd = dup(dfd);
	DIR *d = lfd >= 0 ? fdopendir(lfd) : NULL;
	if (!d) {
		if (lfd >= 0)
			close(lfd);
		return 0;
	}
	rewinddir(d);
	int removed = 0;
	time_t now = time(NULL);
	struct dirent *de;
	while ((de = readdir(d))) {
		const char *n = de->d_name;
		/* Exactly ".BASE.XXXXXX", as atomic_write names its temporaries. */
		if (n[0] != '.' || strncmp(n + 1, base, blen) != 0 || n[1 + blen] != '.' || !temp_suffix(n + 2 + blen))
			continue;
		struct stat st;
		if (fstatat(dfd, n, &st, AT_SYMLINK_NOFOLLOW) < 0 || !S_ISREG(st.st_mode) || st.st_uid != geteuid() ||
		    now - st.st_mtime < min_age)
			continue;
		if (unlinkat(dfd, n, 0) == 0)
			removed++;
	}
	closedir(d);
	return removed;
}
