/* Which save file a running game owns (slot.h); the file's text is
 * savegame.c's. */
#include "base/path.h"
#include "persist/slot.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "persist/lock.h"
#include "persist/parse.h"
#include "i18n.h"

int slot_save_path(const char *base, int index, char *buf, size_t len)
{
	int n = index <= 1 ? snprintf(buf, len, "%s", base) : snprintf(buf, len, "%s.%d", base, index);
	return n > 0 && (size_t)n < len ? 0 : -1;
}

/* "…/game.save" -> "…/game.live", "…/game.live.2" (ext "live"). */
static int side_path(const char *base, int index, const char *ext, char *buf, size_t len)
{
	const char *dot = strrchr(base, '.');
	const char *slash = strrchr(base, '/');
	size_t stem = dot && (!slash || dot > slash) ? (size_t)(dot - base) : strlen(base);
	int n = index <= 1 ? snprintf(buf, len, "%.*s.%s", (int)stem, base, ext)
			   : snprintf(buf, len, "%.*s.%s.%d", (int)stem, base, ext, index);
	return n > 0 && (size_t)n < len ? 0 : -1;
}

/* The slot's live file (ext "live") or its takeover request ("want"). */
static int open_side(const char *base, int index, const char *ext, int flags, char *err, size_t errlen)
{
	char path[PATH_LEN];
	if (side_path(base, index, ext, path, sizeof path) < 0) {
		snprintf(err, errlen, _("path too long"));
		return -1;
	}
	/* Never through a planted symlink, never a FIFO that would block. */
	int fd = open(path, flags | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK, 0600);
	if (fd < 0) {
		snprintf(err, errlen, _("cannot open %s: %s"), path, strerror(errno));
		return -1;
	}
	struct stat st;
	if (fstat(fd, &st) < 0 || !S_ISREG(st.st_mode)) {
		snprintf(err, errlen, _("%s is not a regular file"), path);
		close(fd);
		return -1;
	}
	return fd;
}

/* "pid host" into a file we hold locked: only a name for others'
 * messages, the lock is what counts. */
static void write_who(int fd)
{
	char who[320], host[256] = "";
	gethostname(host, sizeof host - 1);
	int n = snprintf(who, sizeof who, "%ld %s\n", (long)getpid(), host);
	if (ftruncate(fd, 0) < 0 || pwrite(fd, who, (size_t)n, 0) != n) {
		/* a name the less */
	}
}

int slot_take(const char *base, int index, int timeout_ms, slot *s, char *err, size_t errlen)
{
	s->fd = -1;
	s->index = 0;
	if (index < 1 || index > SLOT_MAX || slot_save_path(base, index, s->save, sizeof s->save) < 0) {
		snprintf(err, errlen, _("no save slot %d"), index);
		return -1;
	}
	int fd = open_side(base, index, "live", O_RDWR | O_CREAT, err, errlen);
	if (fd < 0)
		return -1;
	if (lock_fd(fd, timeout_ms < 0 ? 0 : timeout_ms) < 0) {
		if (errno == EWOULDBLOCK)
			snprintf(err, errlen, _("save slot %d is in use by another game"), index);
		else
			snprintf(err, errlen, _("cannot lock save slot %d: %s"), index, strerror(errno));
		close(fd);
		return -1;
	}
	write_who(fd);
	s->fd = fd;
	s->index = index;
	return 0;
}

int slot_take_free(const char *base, slot *s, char *err, size_t errlen)
{
	char why[300] = "";
	for (int i = 1; i <= SLOT_MAX; i++)
		if (slot_take(base, i, 0, s, why, sizeof why) == 0)
			return 0;
	snprintf(err, errlen, P_("every save slot is in use by another game (%d game runs)",
				      "every save slot is in use by another game (%d games run)", SLOT_MAX), SLOT_MAX);
	return -1;
}

bool slot_busy(const char *base, int index, pid_t *owner)
{
	char err[300], buf[320], host[256] = "";
	*owner = 0;
	int fd = open_side(base, index, "live", O_RDONLY, err, sizeof err);
	if (fd < 0)
		return false;
	/* A shared lock we can get means nobody holds the slot. */
	bool busy = lock_fd_held(fd);
	if (busy) {
		ssize_t n = pread(fd, buf, sizeof buf - 1, 0);
		buf[n > 0 ? n : 0] = '\0';
		/* "PID HOST\n", as write_who wrote it: a pid of this host only. */
		long long pid;
		size_t pl = strcspn(buf, " ");
		gethostname(host, sizeof host - 1);
		if (buf[pl] == ' ' && parse_int(buf, pl, 2, (1LL << 30) - 1, false, &pid) &&
		    strcspn(buf + pl + 1, " \n") == strlen(host) && !strncmp(buf + pl + 1, host, strlen(host)) && host[0])
			*owner = (pid_t)pid;
	}
	close(fd);
	return busy;
}

int slot_take_over(const char *base, int index, pid_t owner, int timeout_ms, slot *s, char *err, size_t errlen)
{
	s->fd = -1;
	s->index = 0;
	/* The request, open (locked) for as long as this waits and no longer:
	 * an owner stopped meanwhile (Ctrl-Z) that comes back after we left
	 * or gave up finds none, and plays on. */
	int want = open_side(base, index, "want", O_RDWR | O_CREAT, err, errlen);
	if (want < 0)
		return -1;
	if (lock_fd(want, 0) < 0) {
		snprintf(err, errlen, _("another game is asking for save slot %d already"), index);
		close(want);
		return -1;
	}
	write_who(want);
	int rc = -1;
	if (owner <= 0 || kill(owner, SIGUSR1) < 0)
		snprintf(err, errlen, _("the game owning save slot %d cannot be reached"), index);
	else if (slot_take(base, index, timeout_ms, s, err, errlen) < 0)
		rc = -2;
	else
		rc = 0;
	lock_release(want);
	return rc;
}

bool slot_asked(const char *base, int index)
{
	char err[300];
	int fd = index >= 1 && index <= SLOT_MAX ? open_side(base, index, "want", O_RDONLY, err, sizeof err) : -1;
	if (fd < 0)
		return false;	/* no slot: nothing to hand over */
	/* As for slot_busy(): a shared lock we can get means nobody asks. */
	bool asked = lock_fd_held(fd);
	close(fd);
	return asked;
}

void slot_release(slot *s)
{
	lock_release(s->fd);
	s->fd = -1;
	s->index = 0;
}
