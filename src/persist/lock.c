#define _DEFAULT_SOURCE		/* flock */
#include "base/path.h"
#include "persist/lock.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>
#include "i18n.h"

int lock_take(const char *path, int timeout_ms, char *err, size_t errlen)
{
	char name[PATH_LEN];
	if (snprintf(name, sizeof name, "%s.lock", path) >= (int)sizeof name) {
		snprintf(err, errlen, _("%s: path too long"), path);
		return -1;
	}
	/* Never through a symlink, never a FIFO or device: a planted link
	 * must not make us create or open a file elsewhere. */
	int fd = open(name, O_RDWR | O_CREAT | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC, 0600);
	if (fd < 0) {
		int e = errno;
		snprintf(err, errlen, e == ELOOP ? "refusing %s: a symbolic link" : "cannot open %s: %s", name,
			 strerror(e));
		errno = e;
		return -1;
	}
	struct stat st;
	if (fstat(fd, &st) < 0 || !S_ISREG(st.st_mode) || st.st_uid != geteuid() || st.st_nlink != 1) {
		/* Say what is there: a FIFO is not "another user's". */
		int e = !S_ISREG(st.st_mode) ? EINVAL : EPERM;
		snprintf(err, errlen, _("refusing %s: %s"), name,
			 S_ISFIFO(st.st_mode) ? _("a FIFO, not a file")
			 : S_ISDIR(st.st_mode) ? _("a directory, not a file")
			 : !S_ISREG(st.st_mode) ? _("not a regular file")
			 : st.st_uid != geteuid() ? _("owned by another user")
			 : _("a file with other names (hard links)"));
		close(fd);
		errno = e;
		return -1;
	}
	if (lock_fd(fd, timeout_ms) == 0)
		return fd;
	int e = errno;
	snprintf(err, errlen, e == EWOULDBLOCK ? _("%s is locked by another lightsout") : _("cannot lock %s: %s"),
		 name, strerror(e));
	close(fd);
	errno = e;
	return -1;
}

void lock_release(int fd)
{
	if (fd >= 0) {
		lock_fd_release(fd);
		close(fd);
	}
}

int lock_fd(int fd, int timeout_ms)
{
	for (int waited = 0;;) {
		if (flock(fd, timeout_ms < 0 ? LOCK_EX : LOCK_EX | LOCK_NB) == 0)
			return 0;
		if (errno == EINTR)
			continue;
		if (errno != EWOULDBLOCK || waited >= timeout_ms)
			return -1;
		struct timespec ts = { 0, 5 * 1000000L };
		nanosleep(&ts, NULL);
		waited += 5;
	}
}

bool lock_fd_held(int fd)
{
	if (flock(fd, LOCK_SH | LOCK_NB) < 0)
		return true;
	flock(fd, LOCK_UN);
	return false;
}

void lock_fd_release(int fd)
{
	flock(fd, LOCK_UN);
}

int lock_take_removable(const char *path, char *err, size_t errlen)
{
	char name[PATH_LEN];
	snprintf(name, sizeof name, "%s.lock", path);
	/* A few rounds at most: each lost one means a holder left just now. */
	for (int round = 0; round < 8; round++) {
		int fd = lock_take(path, 0, err, errlen);
		if (fd < 0)
			return -1;
		struct stat held, named;
		if (fstat(fd, &held) == 0 && lstat(name, &named) == 0 && held.st_dev == named.st_dev &&
		    held.st_ino == named.st_ino)
			return fd;
		lock_release(fd);
	}
	snprintf(err, errlen, _("%s keeps changing"), name);
	errno = EAGAIN;
	return -1;
}

void lock_remove(const char *path, int fd)
{
	char name[PATH_LEN];
	if (fd < 0)
		return;
	if (snprintf(name, sizeof name, "%s.lock", path) < (int)sizeof name)
		unlink(name);
	lock_release(fd);
}

bool lock_held(const char *path)
{
	char name[PATH_LEN];
	snprintf(name, sizeof name, "%s.lock", path);
	int fd = open(name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
	if (fd < 0)
		return errno != ENOENT;
	struct stat st;
	bool held = fstat(fd, &st) < 0 || !S_ISREG(st.st_mode) || lock_fd_held(fd);
	close(fd);
	return held;
}
