#include "persist/aside.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

int aside_move(const char *path, char *moved, size_t len)
{
	char stamp[32];
	time_t now = time(NULL);
	struct tm tm;
	if (!localtime_r(&now, &tm) || !strftime(stamp, sizeof stamp, "%Y%m%d-%H%M%S", &tm))
		snprintf(stamp, sizeof stamp, "%lld", (long long)now);
	for (int i = 1; i < 1000; i++) {
		int n = i == 1 ? snprintf(moved, len, "%s.corrupt-%s", path, stamp)
			       : snprintf(moved, len, "%s.corrupt-%s-%d", path, stamp, i);
		if (n < 0 || (size_t)n >= len)
			break;
		/* link() fails rather than replace: no other file is lost. */
		if (link(path, moved) == 0) {
			unlink(path);
			return 0;
		}
		if (errno == EEXIST)
			continue;
		if (errno == ENOENT)
			break;
		/* No hard links here (some network or FAT file systems). */
		if (access(moved, F_OK) == 0)
			continue;
		if (rename(path, moved) == 0)
			return 0;
		break;
	}
	int e = errno;
	snprintf(moved, len, "cannot move %s aside: %s", path, strerror(e));
	return -1;
}

bool aside_transient(int errnum)
{
	return errnum == EACCES || errnum == EPERM || errnum == EIO || errnum == ENOMEM || errnum == EMFILE ||
	       errnum == ENFILE || errnum == EINTR || errnum == EAGAIN;
}
