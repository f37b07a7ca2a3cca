/* Whom the leaderboard's directory is trusted for: the directory itself
 * (no link; others may write only under the sticky bit; one only its owner
 * writes in, where a player line is believed), the names a player's file
 * may have, and what an lstat says against a file before it is opened. */
#include "persist/scores.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "persist/scores_impl.h"
#include "i18n.h"

#ifndef S_ISVTX
#define S_ISVTX 01000	/* the sticky bit: XSI, not in plain POSIX headers */
#endif

static persist_status check_dir_fd(int dfd, persist_result *res)
{
	struct stat st;
	if (fstat(dfd, &st) < 0)
		return persist_fail(res, PERSIST_IO, errno, NULL);
	if (!S_ISDIR(st.st_mode))
		return persist_fail(res, PERSIST_REFUSED, ENOTDIR, _("not a directory"));
	/* Others may write there: only the sticky bit keeps them from
	 * renaming over or removing our files. */
	if ((st.st_mode & (S_IWGRP | S_IWOTH)) && !(st.st_mode & S_ISVTX))
		return persist_fail(res, PERSIST_REFUSED, EPERM,
				    _("writable by others without the sticky bit (chmod 1777 it)"));
	return PERSIST_OK;
}

/* The directory, opened without following a symlink; -1 with res set. */
int scores_open_dir(const char *dir, persist_result *res)
{
	int dfd = open(dir, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
	if (dfd < 0) {
		int e = errno;
		if (e == ENOENT)
			persist_fail(res, PERSIST_NONE, e, NULL);
		else if (e == ELOOP)
			persist_fail(res, PERSIST_REFUSED, e, _("a symbolic link"));
		else if (e == ENOTDIR) {
			/* O_DIRECTORY on a symlink says ENOTDIR: name what it is. */
			struct stat st;
			bool link = lstat(dir, &st) == 0 && S_ISLNK(st.st_mode);
			persist_fail(res, PERSIST_REFUSED, link ? ELOOP : e,
				     link ? _("a symbolic link") : _("not a directory"));
		}
		else
			persist_fail(res, PERSIST_IO, e, NULL);
		return -1;
	}
	if (check_dir_fd(dfd, res) != PERSIST_OK) {
		close(dfd);
		return -1;
	}
	return dfd;
}

/* "UID.DATE", or "UID.DATE.XXXXXX" (six letters or digits): the name a
 * player writes under when another user's file squats the first. */
bool scores_name_uid(const char *name, const char *date, uid_t *uid)
{
	const char *dot = strchr(name, '.');
	long long v;
	size_t dl = strlen(date);
	if (!dot || strncmp(dot + 1, date, dl) != 0 || !scores_number(name, (size_t)(dot - name), UINT32_MAX - 1, &v))
		return false;
	const char *tail = dot + 1 + dl;
	if (*tail && (tail[0] != '.' || strlen(tail + 1) != 6 ||
		      strspn(tail + 1, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789") != 6))
		return false;
	*uid = (uid_t)v;
	return (long long)*uid == v;
}

/* "P<PID>.DATE" (kind 'P', a key's player) or "G<PID>.DATE" (kind 'G', a
 * guest), an arcade player's file: the id in pid; false for any other name. */
bool scores_name_player(const char *name, char kind, const char *date, char pid[SCORES_PID_LEN + 1])
{
	if (name[0] != kind || strspn(name + 1, "0123456789abcdef") != SCORES_PID_LEN ||
	    name[1 + SCORES_PID_LEN] != '.' || strcmp(name + 2 + SCORES_PID_LEN, date) != 0)
		return false;
	memcpy(pid, name + 1, SCORES_PID_LEN);
	pid[SCORES_PID_LEN] = '\0';
	return true;
}

/* A directory only its owner can write in: the one place a player line
 * is believed (the owner wrote every file there). */
bool scores_private_dir(int dfd, uid_t *owner)
{
	struct stat st;
	if (fstat(dfd, &st) < 0 || (st.st_mode & (S_IWGRP | S_IWOTH)))
		return false;
	*owner = st.st_uid;
	return true;
}

/* Why a regular file named for uid is not read as that player's: too
 * large, other names, writable by others, or another owner (the player
 * is the owner, and only the owner may have written it); false if none. */
bool scores_doubt(const struct stat *st, uid_t uid, char *why, size_t len)
{
	if (st->st_size > SCORES_FILE_MAX)
		snprintf(why, len, _("too large (%lld bytes): not read"), (long long)st->st_size);
	else if (st->st_nlink != 1)
		snprintf(why, len, _("a file with other names (hard links): ignored"));
	else if (st->st_mode & (S_IWGRP | S_IWOTH))
		snprintf(why, len, _("writable by others: ignored"));
	else if (st->st_uid != uid)
		snprintf(why, len, _("owned by uid %lu, not the player it names: ignored"), (unsigned long)st->st_uid);
	else
		return false;
	return true;
}

/* A listing of directory dfd on a descriptor of its own (readdir's: dfd
 * stays for openat); NULL with errno when it cannot be had. */
DIR *scores_list_dir(int dfd)
{
	int lfd = dup(dfd);
	DIR *d = lfd >= 0 ? fdopendir(lfd) : NULL;
	if (!d && lfd >= 0) {
		int e = errno;
		close(lfd);
		errno = e;
	}
	return d;
}

/* An arcade player's file of any date: its kind ('P' or 'G'), id and date. */
bool scores_name_any(const char *name, char *kind, char pid[SCORES_PID_LEN + 1], char date[11])
{
	if ((name[0] != 'P' && name[0] != 'G') || strlen(name) != 2 + SCORES_PID_LEN + 10)
		return false;
	memcpy(date, name + 2 + SCORES_PID_LEN, 10);
	date[10] = '\0';
	*kind = name[0];
	return scores_date_valid(date) && scores_name_player(name, *kind, date, pid);
}
