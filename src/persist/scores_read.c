/* Reading the day's leaderboard: every trusted file of the date, each
 * owner's read twice at most, what is skipped noted (scores_load). */
#include "persist/scores.h"

#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "persist/scores_impl.h"
#include "i18n.h"

/* Files read per owner: a set of uids with counts, open addressing.  One
 * user's files cost the reader two reads at most, however many there are. */
#define SCORES_READS_PER_OWNER 2
typedef struct owners {
	uid_t *uid;
	unsigned char *count;	/* 0: empty slot */
	size_t cap, n;
} owners;

/* The count slot of uid, added when missing; NULL when out of memory. */
static unsigned char *owners_slot(owners *o, uid_t uid)
{
	if (2 * (o->n + 1) > o->cap) {
		owners bigger = { 0 };
		bigger.cap = o->cap ? 2 * o->cap : 64;
		bigger.uid = malloc(bigger.cap * sizeof *bigger.uid);
		bigger.count = calloc(bigger.cap, 1);
		if (!bigger.uid || !bigger.count) {
			free(bigger.uid);
			free(bigger.count);
			return NULL;
		}
		for (size_t i = 0; i < o->cap; i++)
			if (o->count[i]) {
				size_t h = (size_t)o->uid[i] * 2654435761u & (bigger.cap - 1);
				while (bigger.count[h])
					h = (h + 1) & (bigger.cap - 1);
				bigger.uid[h] = o->uid[i];
				bigger.count[h] = o->count[i];
				bigger.n++;
			}
		free(o->uid);
		free(o->count);
		*o = bigger;
	}
	size_t h = (size_t)uid * 2654435761u & (o->cap - 1);
	while (o->count[h] && o->uid[h] != uid)
		h = (h + 1) & (o->cap - 1);
	if (!o->count[h]) {
		o->uid[h] = uid;
		o->count[h] = 1;	/* counts are stored plus one */
		o->n++;
	}
	return &o->count[h];
}

#if defined(__GNUC__)
__attribute__((format(printf, 3, 4)))
#endif
static void note(scores *t, const char *name, const char *fmt, ...)
{
	t->skipped++;
	if (t->nnotes == SCORES_MAX_NOTES)
		return;
	char *out = t->notes[t->nnotes++];
	int used = snprintf(out, SCORES_NOTE_LEN, "%.40s: ", name);
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(out + used, SCORES_NOTE_LEN - (size_t)used, fmt, ap);
	va_end(ap);
}

/* At most max + 1 bytes of fd into buf: -1 on an error. */
ssize_t scores_read_bounded(int fd, char *buf, size_t max)
{
	size_t used = 0;
	while (used <= max) {
		ssize_t n = read(fd, buf + used, max + 1 - used);
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0)
			return -1;
		if (n == 0)
			break;
		used += (size_t)n;
	}
	return (ssize_t)used;
}

/* Room in t for more records; false when out of memory. */
bool scores_grow(scores *t, int more)
{
	if (t->n + more <= t->cap)
		return true;
	int cap = t->cap ? t->cap * 2 : 64;
	while (cap < t->n + more)
		cap *= 2;
	score *s = realloc(t->s, (size_t)cap * sizeof *s);
	if (!s)
		return false;
	t->s = s;
	t->cap = cap;
	return true;
}

/* One player's file of date: its records into t, or a note why not.
 * guest: a guest's file ("G"), whose player line must say so. */
file_verdict scores_read_one(int dfd, const char *name, uid_t uid, const char *pid, bool guest, const char *date,
			     scores *t)
{
	struct stat pre, st;
	char buf[SCORES_FILE_MAX + 1], err[300];
	score recs[SCORES_MAX_RECORDS];
	/* Look before opening: a FIFO or a device is never opened. */
	if (fstatat(dfd, name, &pre, AT_SYMLINK_NOFOLLOW) < 0)
		return FILE_SKIP;	/* gone meanwhile */
	if (S_ISLNK(pre.st_mode)) {
		note(t, name, _("a symbolic link, not followed"));
		return FILE_SKIP;
	}
	if (!S_ISREG(pre.st_mode)) {
		note(t, name, _("not a regular file"));
		return FILE_SKIP;
	}
	/* What the lstat tells is said without opening the file: a flood of
	 * other users' files costs an lstat each (the same checks are made
	 * again on the open file below). */
	char why[80];
	if (scores_doubt(&pre, uid, why, sizeof why)) {
		note(t, name, "%s", why);
		return FILE_SKIP;
	}
	int fd = openat(dfd, name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
	if (fd < 0) {
		note(t, name, "%s", errno == ELOOP ? _("a symbolic link, not followed") : strerror(errno));
		return FILE_SKIP;
	}
	file_verdict v = FILE_SKIP;
	if (fstat(fd, &st) < 0) {
		note(t, name, "%s", strerror(errno));
		goto out;
	}
	if (!S_ISREG(st.st_mode) || st.st_dev != pre.st_dev || st.st_ino != pre.st_ino) {
		note(t, name, _("not a regular file"));
		goto out;
	}
	if (scores_doubt(&st, uid, why, sizeof why)) {
		note(t, name, "%s", why);
		goto out;
	}
	ssize_t len = scores_read_bounded(fd, buf, SCORES_FILE_MAX);
	if (len < 0) {
		note(t, name, "%s", strerror(errno));
		goto out;
	}
	if (len > SCORES_FILE_MAX) {
		note(t, name, _("grew too large while read"));
		goto out;
	}
	int n = scores_parse(buf, (size_t)len, date, recs, err, sizeof err);
	if (n < 0) {
		note(t, name, "%s", err);
		goto out;
	}
	/* The player a file names and the one its name says are the same: an
	 * account's file has no player line, an arcade player's has theirs. */
	if (n > 0 && strcmp(recs[0].pid, pid) != 0) {
		note(t, name, "%s",
		     pid[0] ? _("not the player its name says")
			    : _("a player line outside a public account's leaderboard"));
		goto out;
	}
	if (n > 0 && guest && !recs[0].guest) {
		note(t, name, _("a key's player in a guest's file"));
		goto out;
	}
	if (!scores_grow(t, n)) {
		v = FILE_NOMEM;
		goto out;
	}
	for (int i = 0; i < n; i++) {
		recs[i].uid = uid;
		t->s[t->n++] = recs[i];
	}
	v = FILE_OK;
out:
	close(fd);
	return v;
}

persist_status scores_load(const char *dir, const char *date, scores *t, persist_result *res)
{
	scores_init(t);
	persist_result_init(res, dir);
	if (!scores_date_valid(date))
		return persist_fail(res, PERSIST_REFUSED, EINVAL, _("not a date YYYY-MM-DD"));
	int dfd = scores_open_dir(dir, res);
	if (dfd < 0)
		return res->status;
	scores_load_at(dfd, date, t, res);
	close(dfd);
	return res->status;
}

persist_status scores_load_at(int dfd, const char *date, scores *t, persist_result *res)
{
	DIR *d = scores_list_dir(dfd);
	if (!d)
		return persist_fail(res, PERSIST_IO, errno, NULL);
	rewinddir(d);	/* dfd's offset is shared: a listing before may have moved it */
	/* Every name of the day is looked at (an lstat: no file is opened
	 * unless it is a regular file of the owner it names), and each owner's
	 * files are read twice at most: no scores_number of one user's files can push
	 * out another's result. */
	owners seen = { 0 };
	uid_t owner;
	bool private = scores_private_dir(dfd, &owner);
	int guests = 0;
	struct dirent *de;
	while ((de = readdir(d))) {
		uid_t uid;
		struct stat st;
		char pid[SCORES_PID_LEN + 1];
		bool guest = false;
		/* An arcade player's file, only in a directory nobody but its
		 * owner writes in: no cap per owner there (one owner wrote them),
		 * but guests' files are read SCORES_GUEST_MAX at most (the writer
		 * keeps no more: scores_record). */
		if (private && (scores_name_player(de->d_name, 'P', date, pid) ||
				(guest = scores_name_player(de->d_name, 'G', date, pid)))) {
			if (guest && guests++ >= SCORES_GUEST_MAX) {
				note(t, de->d_name, _("more than %d guest results: not read"), SCORES_GUEST_MAX);
				continue;
			}
			if (scores_read_one(dfd, de->d_name, owner, pid, guest, date, t) == FILE_NOMEM) {
				persist_fail(res, PERSIST_NO_MEMORY, ENOMEM, NULL);
				scores_free(t);
				break;
			}
			continue;
		}
		/* Only UID.DATE[.XXXXXX]: temporaries (.UID.DATE.xxxxxx), other
		 * days and anything else are not score files of this day. */
		if (!scores_name_uid(de->d_name, date, &uid))
			continue;
		if (fstatat(dfd, de->d_name, &st, AT_SYMLINK_NOFOLLOW) == 0 && S_ISREG(st.st_mode) && st.st_uid == uid) {
			unsigned char *c = owners_slot(&seen, uid);
			if (!c) {
				persist_fail(res, PERSIST_NO_MEMORY, ENOMEM, NULL);
				scores_free(t);
				break;
			}
			if (*c > SCORES_READS_PER_OWNER) {
				note(t, de->d_name, _("more files of uid %lu: not read"), (unsigned long)uid);
				continue;
			}
			++*c;
		}
		if (scores_read_one(dfd, de->d_name, uid, "", false, date, t) == FILE_NOMEM) {
			persist_fail(res, PERSIST_NO_MEMORY, ENOMEM, NULL);
			scores_free(t);
			break;
		}
	}
	free(seen.uid);
	free(seen.count);
	closedir(d);
	scores_sort(t);
	return res->status;
}
