/* Writing our own result: our file of the day read, our best per board
 * kept, written whole over our own file only, or beside another's that
 * squats its name (scores_record). */
#include "base/path.h"
#include "base/seed.h"
#include "persist/scores.h"

#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "persist/atomic.h"
#include "persist/lock.h"
#include "persist/scores_impl.h"
#include "i18n.h"

/* Our own file's records (0 when there is none, or it is damaged: ours to
 * replace); -1 with res set when it cannot be read, -2 (res set too) when
 * the name is taken by something not ours. */
static int read_own(int dfd, const char *name, const char *date, score *recs, persist_result *res)
{
	struct stat st;
	char buf[SCORES_FILE_MAX + 1], err[300];
	if (fstatat(dfd, name, &st, AT_SYMLINK_NOFOLLOW) < 0) {
		if (errno == ENOENT)
			return 0;
		persist_fail(res, PERSIST_IO, errno, NULL);
		return -1;
	}
	char why[300];
	if (S_ISLNK(st.st_mode) || !S_ISREG(st.st_mode) || st.st_uid != geteuid()) {
		snprintf(why, sizeof why, _("%s there is %s: your result cannot be kept (ask whoever made it to remove it)"),
			 name, S_ISLNK(st.st_mode) ? _("a symbolic link") : !S_ISREG(st.st_mode) ? _("not a regular file")
											       : _("another user's file"));
		persist_fail(res, PERSIST_REFUSED, EPERM, why);
		return -2;
	}
	int fd = openat(dfd, name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
	if (fd < 0) {
		persist_fail(res, PERSIST_IO, errno, NULL);
		return -1;
	}
	ssize_t len = scores_read_bounded(fd, buf, SCORES_FILE_MAX);
	close(fd);
	if (len < 0 || len > SCORES_FILE_MAX)
		return 0;
	int n = scores_parse(buf, (size_t)len, date, recs, err, sizeof err);
	return n < 0 ? 0 : n;
}

/* Our file under a name of our own ("UID.DATE.XXXXXX", written when
 * another user's file squats "UID.DATE"): true with its name in alt. */
static bool own_alternate(int dfd, const char *name, char *alt, size_t len)
{
	DIR *d = scores_list_dir(dfd);
	if (!d)
		return false;
	size_t nl = strlen(name);
	bool found = false;
	struct dirent *de;
	struct stat st;
	while (!found && (de = readdir(d)))
		if (!strncmp(de->d_name, name, nl) && de->d_name[nl] == '.' && strlen(de->d_name) == nl + 7 &&
		    fstatat(dfd, de->d_name, &st, AT_SYMLINK_NOFOLLOW) == 0 && S_ISREG(st.st_mode) &&
		    st.st_uid == geteuid() && st.st_nlink == 1) {
			size_t dl = strlen(de->d_name);
			if (dl < len) {
				memcpy(alt, de->d_name, dl + 1);
				found = true;
			}
		}
	closedir(d);
	return found;
}

/* Where best (our row of its board, as written or kept) stands among the
 * day's rows in dfd, read under the write's own open of the directory:
 * the row itself is never read back, so what another game writes over our
 * file meanwhile changes nothing here. */
static void place_of(int dfd, const score *best, scores_place *place)
{
	scores t;
	persist_result res;
	scores_init(&t);
	persist_result_init(&res, "");
	if (scores_load_at(dfd, best->date, &t, &res) != PERSIST_OK || !scores_grow(&t, 1)) {
		scores_free(&t);
		return;
	}
	int k = 0;
	for (int i = 0; i < t.n; i++)
		if (!(t.s[i].uid == best->uid && !strcmp(t.s[i].pid, best->pid) && score_same_board(&t.s[i], best)))
			t.s[k++] = t.s[i];
	t.s[k++] = *best;
	t.n = k;
	scores_sort(&t);
	place->rank = scores_rank(&t, best, best->uid, &place->of);
	scores_free(&t);
}

persist_status scores_record(const char *dir, const score *s, bool *kept, persist_result *res)
{
	return scores_record_ranked(dir, s, kept, NULL, res);
}

persist_status scores_record_ranked(const char *dir, const score *s, bool *kept, scores_place *place,
				    persist_result *res)
{
	char name[80], tmp[200], text[SCORES_FILE_MAX + 1];
	score recs[SCORES_MAX_RECORDS + 1], best;
	bool ranked = false;	/* best is our row of the board */
	*kept = false;
	if (place)
		place->rank = place->of = 0;
	persist_result_init(res, dir);
	if (!scores_date_valid(s->date) || !scores_level_valid(s->level) || s->moves < 0 || s->moves > SCORES_MAX_MOVES ||
	    s->ms < 0 || s->ms > SCORES_MAX_MS)
		return persist_fail(res, PERSIST_REFUSED, EINVAL, _("not a result to record"));
	int dfd = scores_open_dir(dir, res);
	if (dfd < 0)
		return res->status;
	uid_t owner;
	int glock = -1;
	if (s->pid[0]) {
		/* An arcade player's line is believed only where we alone write. */
		if (strspn(s->pid, "0123456789abcdef") != SCORES_PID_LEN || s->pid[SCORES_PID_LEN] ||
		    !name_check(s->name, tmp, sizeof tmp)) {
			persist_fail(res, PERSIST_REFUSED, EINVAL, _("not a player to record"));
			goto done;
		}
		if (!scores_private_dir(dfd, &owner) || owner != geteuid()) {
			persist_fail(res, PERSIST_REFUSED, EPERM,
				     _("a shared directory: a public account's players need a leaderboard of its own"));
			goto done;
		}
		snprintf(name, sizeof name, "%c%s.%s", s->guest ? 'G' : 'P', s->pid, s->date);
		if (s->guest) {
			/* Every guest's game counts and removes guests' files:
			 * one at a time. */
			char lock[PATH_LEN], why[300];
			snprintf(lock, sizeof lock, "%.4000s/.guests", dir);
			if ((glock = lock_take(lock, LOCK_WAIT_MS, why, sizeof why)) < 0) {
				persist_fail(res, PERSIST_REFUSED, errno, why);
				goto done;
			}
			scores_guests_sweep(dfd);
		}
	} else
		snprintf(name, sizeof name, "%lu.%s", (unsigned long)geteuid(), s->date);
	int n = read_own(dfd, name, s->date, recs, res);
	bool fresh = false;	/* a new name of our own: never write over another's */
	if (n == -2 && !s->pid[0]) {
		/* Another user's file, link or FIFO squats our name: our result
		 * goes under a name of our own beside it, which the reader finds
		 * by its owner (scores_load). */
		char alt[80];
		persist_result_init(res, dir);
		if (own_alternate(dfd, name, alt, sizeof alt)) {
			snprintf(name, sizeof name, "%s", alt);
			n = read_own(dfd, name, s->date, recs, res);
		} else {
			fresh = true;
			n = 0;
		}
	}
	if (n < 0)
		goto done;
	if (n > 0 && strcmp(recs[0].pid, s->pid) != 0)
		n = 0;		/* not this player's file: ours to replace */
	int i = 0;
	while (i < n && !score_same_board(&recs[i], s))
		i++;
	score mine = *s;
	mine.uid = geteuid();
	if (i < n) {
		mine.uid = recs[i].uid = geteuid();
		if (score_compare(&recs[i], &mine) <= 0) {
			best = recs[i];
			ranked = true;
			goto done;	/* an earlier result of ours is as good */
		}
		recs[i] = mine;
	} else if (n == SCORES_MAX_RECORDS) {
		persist_fail(res, PERSIST_REFUSED, EFBIG, _("16 daily boards recorded today already"));
		goto done;
	} else
		recs[n++] = mine;
	if (glock >= 0 && !scores_guests_room(dfd, name, s->date, recs, n, res))
		goto done;
	int len = scores_format(recs, n, text, sizeof text);
	if (len < 0) {
		persist_fail(res, PERSIST_REFUSED, EFBIG, _("the records do not fit in a score file"));
		goto done;
	}
	if (!fresh) {
		/* Over our own file only: in a sticky directory the system
		 * refuses to replace another user's.  0644: everyone reads the
		 * table. */
		char why[300];
		if (atomic_write_at(dfd, name, text, (size_t)len, 0644, 0, why, sizeof why) < 0) {
			persist_fail(res, PERSIST_IO, errno, NULL);
			goto done;
		}
		*kept = ranked = true;
		best = mine;
		goto done;
	}
	/* A fresh name is tried until one is free (another user may have
	 * guessed one): never replace anything. */
	uint64_t seed = seed_fresh();
	int made = 1, e = EEXIST;
	for (int tries = 0; made == 1 && tries < 50; tries++) {
		seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
		snprintf(name, sizeof name, "%lu.%s.%06llx", (unsigned long)geteuid(), s->date,
			 (unsigned long long)(seed >> 40) & 0xffffffULL);
		made = atomic_create_at(dfd, name, text, (size_t)len, 0644, 0, 0);
		e = made < 0 ? errno : EEXIST;
	}
	if (made != 0) {
		persist_fail(res, PERSIST_IO, e ? e : EIO, NULL);
		goto done;
	}
	*kept = ranked = true;
	best = mine;
done:
	if (place && ranked && res->status == PERSIST_OK)
		place_of(dfd, &best, place);
	lock_release(glock);
	close(dfd);
	return res->status;
}
