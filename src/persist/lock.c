#define _DEFAULT_SOURCE		/* flock */
#include "persist/lock.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/file.h>
#include <time.h>
#include <unistd.h>

int lock_take(const char *path, int timeout_ms, char *err, size_t errlen)
{
	char name[4096];
	if (snprintf(name, sizeof name, "%s.lock", path) >= (int)sizeof name) {
		snprintf(err, errlen, "%s: path too long", path);
		return -1;
	}
	int fd = open(name, O_RDWR | O_CREAT | O_CLOEXEC, 0600);
	if (fd < 0) {
		snprintf(err, errlen, "cannot open %s: %s", name, strerror(errno));
		return -1;
	}
	for (int waited = 0;;) {
		if (flock(fd, timeout_ms < 0 ? LOCK_EX : LOCK_EX | LOCK_NB) == 0)
			return fd;
		if (errno == EINTR)
			continue;
		if (errno != EWOULDBLOCK || waited >= timeout_ms)
			break;
		struct timespec ts = { 0, 5 * 1000000L };
		nanosleep(&ts, NULL);
		waited += 5;
	}
	snprintf(err, errlen, errno == EWOULDBLOCK ? "%s is locked by another lightsout" : "cannot lock %s: %s",
		 name, strerror(errno));
	close(fd);
	return -1;
}

void lock_release(int fd)
{
	if (fd >= 0) {
		flock(fd, LOCK_UN);
		close(fd);
	}
}
