/* The guests' quota on a public account's leaderboard: their results
 * kept SCORES_GUEST_DAYS days, and SCORES_GUEST_MAX a day, the worst of the
 * most crowded board giving way first. */
#include "persist/scores.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "persist/atomic.h"
#include "base/clock.h"
#include "persist/scores_impl.h"
#include "i18n.h"

#define GUEST_STAMP ".guests-swept"

/* The date days ago (UTC, as the daily board's date). */
static void days_ago(int days, char out[CLOCK_DATE_LEN])
{
	clock_date(time(NULL) - (time_t)days * 86400, out);
}

/* Guests' results older than SCORES_GUEST_DAYS removed, once a day: the
 * cutoff last applied is kept in GUEST_STAMP.  A "G" file goes by its name
 * alone; a "P" file of a guest (written before guests had a prefix) must
 * be opened to be known, so only those dated between the last cutoff and
 * this one are: each once.  A key's file is never removed. */
void scores_guests_sweep(int dfd)
{
	char cutoff[11], last[16] = "";
	days_ago(SCORES_GUEST_DAYS, cutoff);
	int fd = openat(dfd, GUEST_STAMP, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
	if (fd >= 0) {
		ssize_t n = read(fd, last, sizeof last - 1);
		close(fd);
		last[n > 0 ? n : 0] = '\0';
		last[strcspn(last, "\n")] = '\0';
		if (!scores_date_valid(last))
			last[0] = '\0';
	}
	if (last[0] && strcmp(last, cutoff) >= 0)
		return;		/* swept today */
	DIR *d = scores_list_dir(dfd);
	if (!d)
		return;
	struct dirent *de;
	while ((de = readdir(d))) {
		char kind, pid[SCORES_PID_LEN + 1], date[11];
		struct stat st;
		if (!scores_name_any(de->d_name, &kind, pid, date) || strcmp(date, cutoff) >= 0 ||
		    (kind == 'P' && last[0] && strcmp(date, last) < 0) ||
		    fstatat(dfd, de->d_name, &st, AT_SYMLINK_NOFOLLOW) < 0 || !S_ISREG(st.st_mode) ||
		    st.st_uid != geteuid())
			continue;
		if (kind == 'P') {
			scores t;
			scores_init(&t);
			bool guest = scores_read_one(dfd, de->d_name, geteuid(), pid, false, date, &t) == FILE_OK && t.n > 0 &&
				     t.s[0].guest;
			scores_free(&t);
			if (!guest)
				continue;
		}
		unlinkat(dfd, de->d_name, 0);
	}
	closedir(d);
	/* The stamp, written whole (under the lock). */
	char text[16], err[300];
	int len = snprintf(text, sizeof text, "%s\n", cutoff);
	atomic_write_at(dfd, GUEST_STAMP, text, (size_t)len, 0644, 0, err, sizeof err);
}

/* A guest's file of the day as scores_guests_room weighs it: its records in a
 * table, from first, n of them (-1: not a guest's file as written). */
typedef struct guest_file {
	char name[SCORES_PID_LEN + 16];
	int first, n;
	long long age;		/* mtime; the result being written is the latest */
	bool gone;
} guest_file;

typedef struct guest_ref {
	const score *s;
	long long age;
	int file;
} guest_ref;

/* By board, then best first; of equal results the later ranks after. */
static int guest_ref_compare(const void *x, const void *y)
{
	const guest_ref *a = x, *b = y;
	int c = scores_board_compare(a->s, b->s);
	if (c)
		return c;
	if (a->s->assisted != b->s->assisted)
		return a->s->assisted ? 1 : -1;
	if (a->s->moves != b->s->moves)
		return a->s->moves < b->s->moves ? -1 : 1;
	if (a->s->ms != b->s->ms)
		return a->s->ms < b->s->ms ? -1 : 1;
	if (a->age != b->age)
		return a->age < b->age ? -1 : 1;
	return a->file - b->file;
}

/* The file to remove first: one that is not a guest's file as written,
 * else the one holding the last result of the board with the most guests
 * (a flood of results on one board pushes out only that board's worst).
 * -1 when none is left. */
static int guest_victim(const guest_file *f, int nf, const scores *all, guest_ref *refs)
{
	int n = 0;
	for (int i = 0; i < nf; i++) {
		if (f[i].gone)
			continue;
		if (f[i].n <= 0)
			return i;
		for (int k = 0; k < f[i].n; k++)
			refs[n++] = (guest_ref){ &all->s[f[i].first + k], f[i].age, i };
	}
	qsort(refs, (size_t)n, sizeof *refs, guest_ref_compare);
	int victim = -1, most = 0;
	for (int i = 0, j; i < n; i = j) {
		for (j = i + 1; j < n && !scores_board_compare(refs[i].s, refs[j].s); j++)
			;
		if (j - i > most) {
			most = j - i;
			victim = refs[j - 1].file;
		}
	}
	return victim;
}

/* Room for a new guest's file own (its records mine[n]) among the day's
 * guest files: true when there are fewer than SCORES_GUEST_MAX others, or
 * once worse ones are removed; false (res set) when this one would be the
 * first to go.  Only the day's guest files are opened, and only when full. */
bool scores_guests_room(int dfd, const char *own, const char *date, const score *mine, int n, persist_result *res)
{
	DIR *d = scores_list_dir(dfd);
	if (!d) {
		persist_fail(res, PERSIST_IO, errno, NULL);
		return false;
	}
	guest_file *f = NULL;
	int nf = 0, cap = 0;
	bool room = true;
	struct dirent *de;
	char pid[SCORES_PID_LEN + 1];
	while (room && (de = readdir(d))) {
		if (!scores_name_player(de->d_name, 'G', date, pid) || !strcmp(de->d_name, own))
			continue;
		if (nf == cap) {
			cap = cap ? 2 * cap : SCORES_GUEST_MAX + 1;
			guest_file *more = realloc(f, (size_t)cap * sizeof *f);
			if (!more) {
				room = false;
				break;
			}
			f = more;
		}
		memset(&f[nf], 0, sizeof f[nf]);
		snprintf(f[nf].name, sizeof f[nf].name, "%.*s", (int)sizeof f[nf].name - 1, de->d_name);
		nf++;
	}
	closedir(d);
	if (!room) {
		free(f);
		persist_fail(res, PERSIST_NO_MEMORY, ENOMEM, NULL);
		return false;
	}
	if (nf < SCORES_GUEST_MAX) {
		free(f);
		return true;
	}
	/* Full: every guest file of the day weighed, ours as the latest. */
	scores all;
	scores_init(&all);
	guest_ref *refs = malloc(((size_t)nf + 1) * SCORES_MAX_RECORDS * sizeof *refs);
	for (int i = 0; refs && i < nf; i++) {
		struct stat st;
		f[i].first = all.n;
		f[i].age = fstatat(dfd, f[i].name, &st, AT_SYMLINK_NOFOLLOW) == 0 ? (long long)st.st_mtime : 0;
		scores_name_player(f[i].name, 'G', date, pid);
		file_verdict v = scores_read_one(dfd, f[i].name, geteuid(), pid, true, date, &all);
		if (v == FILE_NOMEM) {
			free(refs);
			refs = NULL;
		}
		f[i].n = v == FILE_OK ? all.n - f[i].first : -1;
	}
	guest_file *in = refs ? realloc(f, ((size_t)nf + 1) * sizeof *f) : NULL;
	if (!in || !scores_grow(&all, n)) {
		free(in ? in : f);
		free(refs);
		scores_free(&all);
		persist_fail(res, PERSIST_NO_MEMORY, ENOMEM, NULL);
		return false;
	}
	f = in;
	memset(&f[nf], 0, sizeof f[nf]);
	f[nf].first = all.n;
	f[nf].n = n;
	f[nf].age = LLONG_MAX;
	for (int i = 0; i < n; i++)
		all.s[all.n++] = mine[i];
	for (int live = nf + 1; live > SCORES_GUEST_MAX; live--) {
		int v = guest_victim(f, nf + 1, &all, refs);
		if (v < 0)
			break;
		if (v == nf) {
			char why[300];
			snprintf(why, sizeof why, P_("the day's %d guest place holds a better result (a key keeps its own)",
				    "the day's %d guest places hold better results (a key keeps its own)", SCORES_GUEST_MAX),
				 SCORES_GUEST_MAX);
			persist_fail(res, PERSIST_REFUSED, ENOSPC, why);
			room = false;
			break;
		}
		unlinkat(dfd, f[v].name, 0);
		f[v].gone = true;
	}
	free(f);
	free(refs);
	scores_free(&all);
	return room;
}
