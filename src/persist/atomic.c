#include "persist/atomic.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
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
	int fd = mkstemp(tmp);
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

fail:
	snprintf(err, errlen, "cannot write %s: %s", path, strerror(errno ? errno : EIO));
	if (fd >= 0)
		close(fd);
	unlink(tmp);
	return -1;
}

char *atomic_read(const char *path, size_t *len, char *err, size_t errlen)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0) {
		int e = errno;
		snprintf(err, errlen, "cannot read %s: %s", path, strerror(e));
		errno = e;
		return NULL;
	}
	size_t cap = 4096, used = 0;
	char *buf = malloc(cap + 1);
	for (;;) {
		if (!buf) {
			snprintf(err, errlen, "%s: out of memory", path);
			close(fd);
			errno = ENOMEM;
			return NULL;
		}
		if (used == cap) {
			if (cap >= ATOMIC_READ_MAX) {
				snprintf(err, errlen, "%s: larger than %u MB", path, ATOMIC_READ_MAX >> 20);
				free(buf);
				close(fd);
				errno = EFBIG;
				return NULL;
			}
			cap *= 2;
			char *nb = realloc(buf, cap + 1);
			if (!nb)
				free(buf);
			buf = nb;
			continue;
		}
		ssize_t n = read(fd, buf + used, cap - used);
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0) {
			int e = errno;
			snprintf(err, errlen, "cannot read %s: %s", path, strerror(e));
			free(buf);
			close(fd);
			errno = e;
			return NULL;
		}
		if (n == 0)
			break;
		used += (size_t)n;
	}
	close(fd);
	buf[used] = '\0';
	*len = used;
	return buf;
}
