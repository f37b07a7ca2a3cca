#define _GNU_SOURCE	/* mkostemp: the temporary is close-on-exec from its creation */
#include "persist/atomic.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

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

int atomic_write(const char *path, const void *data, size_t len, char *err, size_t errlen)
{
	char tmp[4096], dir[4096];
	const char *slash = strrchr(path, '/');
	const char *base = slash ? slash + 1 : path;
	dir_of(path, dir, sizeof dir);
	/* Hidden, in the same directory (rename cannot cross file systems). */
	if (snprintf(tmp, sizeof tmp, "%s/.%s.XXXXXX", dir, base) >= (int)sizeof tmp) {
		snprintf(err, errlen, "%s: path too long", path);
		return -1;
	}
	/* Leftovers of a write that was killed half-way: ours, stale. */
	atomic_sweep(path, ATOMIC_STALE_SECONDS);
	int fd = mkostemp(tmp, O_CLOEXEC);	/* O_EXCL, mode 0600: never follows a link */
	if (fd < 0) {
		snprintf(err, errlen, "cannot write in %s: %s", dir, strerror(errno));
		return -1;
	}
	const char *p = data;
	size_t left = len;
	while (left > 0) {
		ssize_t n = write(fd, p, left);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			goto fail;
		p += n;
		left -= (size_t)n;
	}
	if (fsync(fd) < 0)
		goto fail;
	if (close(fd) < 0) {
		fd = -1;
		goto fail;
	}
	fd = -1;
	if (rename(tmp, path) < 0)
		goto fail;
	/* The rename itself must reach the disk too. */
	int dfd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (dfd >= 0) {
		fsync(dfd);
		close(dfd);
	}
	return 0;

fail:;
	int e = errno ? errno : EIO;
	snprintf(err, errlen, "cannot write %s: %s", path, strerror(e));
	if (fd >= 0)
		close(fd);
	unlink(tmp);
	errno = e;	/* the caller words it: persist_write_errno() */
	return -1;
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
			snprintf(err, errlen, "refusing %s: a symbolic link", path);
		else
			snprintf(err, errlen, "cannot read %s: %s", path, strerror(e));
		errno = e;
		return NULL;
	}
	struct stat st;
	if (fstat(fd, &st) < 0) {
		e = errno;
		snprintf(err, errlen, "cannot read %s: %s", path, strerror(e));
		goto fail;
	}
	if (!S_ISREG(st.st_mode)) {
		snprintf(err, errlen, "refusing %s: not a regular file", path);
		e = EINVAL;
		goto fail;
	}
	if (st.st_uid != geteuid() || st.st_nlink != 1) {
		/* Another name for it may be another user's hard link (where
		 * fs.protected_hardlinks is 0): trusted no more than theirs. */
		snprintf(err, errlen, "refusing %s: %s", path,
			 st.st_uid != geteuid() ? "owned by another user" : "a file with other names (hard links)");
		e = st.st_uid != geteuid() ? EPERM : EMLINK;
		goto fail;
	}
	if ((unsigned long long)st.st_size > max) {
		snprintf(err, errlen, "refusing %s: larger than %zu MB", path, max >> 20);
		e = EFBIG;
		goto fail;
	}
	/* Exactly the size fstat gave, plus one to see it grow. */
	size_t cap = (size_t)st.st_size + 1, used = 0;
	char *buf = malloc(cap + 1);
	if (!buf) {
		snprintf(err, errlen, "%s: out of memory", path);
		e = ENOMEM;
		goto fail;
	}
	for (;;) {
		if (used == cap) {
			if (cap >= max) {
				snprintf(err, errlen, "refusing %s: larger than %zu MB", path, max >> 20);
				free(buf);
				e = EFBIG;
				goto fail;
			}
			size_t ncap = cap * 2 < max ? cap * 2 : max;
			char *nb = realloc(buf, ncap + 1);
			if (!nb) {
				free(buf);
				snprintf(err, errlen, "%s: out of memory", path);
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
			snprintf(err, errlen, "cannot read %s: %s", path, strerror(e));
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
	char dir[4096];
	const char *slash = strrchr(path, '/');
	const char *base = slash ? slash + 1 : path;
	size_t blen = strlen(base);
	dir_of(path, dir, sizeof dir);
	int dfd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (dfd < 0)
		return 0;
	DIR *d = fdopendir(dfd);
	if (!d) {
		close(dfd);
		return 0;
	}
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
