#include "persist/aside.h"

#include <errno.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "i18n.h"

int aside_move(const char *path, char *moved, size_t len)
{
	char stamp[32];
	time_t now = time(NULL);
	struct tm tm;
	if (!localtime_r(&now, &tm) || !strftime(stamp, sizeof stamp, "%Y%m%d-%H%M%S", &tm))
		snprintf(stamp, sizeof stamp, "%lld", (long long)now);
	/* Only a regular file of ours is ever renamed. */
	struct stat st;
	if (lstat(path, &st) < 0) {
		int e = errno;
		snprintf(moved, len, _("cannot move %s aside: %s"), path, strerror(e));
		errno = e;
		return -1;
	}
	if (!S_ISREG(st.st_mode) || st.st_uid != geteuid()) {
		snprintf(moved, len, _("cannot move %s aside: not a regular file of ours"), path);
		errno = EPERM;
		return -1;
	}
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
	snprintf(moved, len, _("cannot move %s aside: %s"), path, strerror(e));
	return -1;
}

/* Under the lock: path is a regular file of ours that parsed as garbage. */
persist_status aside_set(const char *path, const char *why, persist_result *res)
{
	if (aside_move(path, res->moved, sizeof res->moved) == 0)
		return persist_fail(res, PERSIST_SET_ASIDE, 0, why);
	int e = errno ? errno : EIO;
	char line[sizeof res->why];
	snprintf(line, sizeof line, _("damaged (%.200s) and cannot be moved aside: %s"), why, strerror(e));
	res->moved[0] = '\0';
	return persist_fail(res, PERSIST_IO, e, line);
}
