#include "persist/scores.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <pwd.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "persist/atomic.h"
#include "persist/clock.h"
#include "persist/kv.h"
#include "persist/lock.h"
#include "persist/parse.h"
#include "persist/textbuf.h"

#define HEADER "lightsout-scores 1"
#ifndef S_ISVTX
#define S_ISVTX 01000	/* the sticky bit: XSI, not in plain POSIX headers */
#endif

void scores_init(scores *t)
{
	memset(t, 0, sizeof *t);
}

void scores_free(scores *t)
{
	free(t->s);
	scores_init(t);
}

static bool digits(const char *s, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (s[i] < '0' || s[i] > '9')
			return false;
	return n > 0;
}

bool scores_date_valid(const char *d)
{
	static const int days[12] = { 31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31 };
	if (strlen(d) != 10 || d[4] != '-' || d[7] != '-' || !digits(d, 4) || !digits(d + 5, 2) ||
	    !digits(d + 8, 2))
		return false;
	int y = atoi(d), m = (d[5] - '0') * 10 + d[6] - '0', day = (d[8] - '0') * 10 + d[9] - '0';
	if (y < 1970 || m < 1 || m > 12 || day < 1 || day > days[m - 1])
		return false;
	return !(m == 2 && day == 29 && !(y % 4 == 0 && (y % 100 != 0 || y % 400 == 0)));
}

/* A decimal number without sign or leading zero, at most max. */
static bool number(const char *s, size_t n, long long max, long long *out)
{
	return parse_int(s, n, 0, max, true, out);
}

static bool level_valid(const char *s)
{
	return !strcmp(s, "") || !strcmp(s, "easy") || !strcmp(s, "normal") || !strcmp(s, "hard");
}

/* The next space-separated field of the line [*p, end): its start and
 * length; false at the end of the line. */
static bool field(const char **p, const char *end, const char **f, size_t *n)
{
	const char *s = *p;
	if (s >= end)
		return false;
	const char *sp = memchr(s, ' ', (size_t)(end - s));
	*f = s;
	*n = (size_t)((sp ? sp : end) - s);
	*p = sp ? sp + 1 : end;
	return true;
}

/* One record line (without its newline).  NULL, or why not. */
static const char *parse_record(const char *s, size_t n, score *r)
{
	const char *p = s, *end = s + n, *f;
	size_t fl;
	long long v;
	memset(r, 0, sizeof *r);
	if (memchr(s, '\0', n))
		return "NUL byte";
	if (!field(&p, end, &f, &fl) || fl != 10)
		return "expected a date YYYY-MM-DD";
	memcpy(r->date, f, 10);
	r->date[10] = '\0';
	if (!scores_date_valid(r->date))
		return "expected a date YYYY-MM-DD";
	if (!field(&p, end, &f, &fl) || fl >= sizeof r->level)
		return "expected a difficulty (-, easy, normal or hard)";
	if (!(fl == 1 && f[0] == '-')) {
		memcpy(r->level, f, fl);
		r->level[fl] = '\0';
		if (!level_valid(r->level) || fl == 0)
			return "expected a difficulty (-, easy, normal or hard)";
	}
	if (!field(&p, end, &f, &fl) || !number(f, fl, SCORES_MAX_MOVES, &v))
		return "expected the number of moves";
	r->moves = (int)v;
	if (!field(&p, end, &f, &fl))
		return "expected the par";
	if (fl == 1 && f[0] == '-')
		r->par = -1;
	else if (number(f, fl, SCORES_MAX_MOVES, &v))
		r->par = (int)v;
	else
		return "expected the par";
	if (!field(&p, end, &f, &fl) || !number(f, fl, SCORES_MAX_MS, &r->ms))
		return "expected the milliseconds";
	if (!field(&p, end, &f, &fl) || !parse_yes_no(f, fl, true, &r->assisted))
		return "expected assisted yes or no";
	/* The rest is the variant, exactly as variant_format() writes it. */
	size_t vl = (size_t)(end - p);
	char text[VARIANT_RULE_MAX + 64], back[VARIANT_RULE_MAX + 64], err[300];
	if (p >= end || vl >= sizeof text)
		return "expected the variant";
	memcpy(text, p, vl);
	text[vl] = '\0';
	if (variant_parse(&r->v, text, err, sizeof err) != LO_OK)
		return "not a variant";
	variant_format(&r->v, back, sizeof back);
	if (strcmp(back, text) != 0)
		return "the variant is not written as lightsout writes it";
	return NULL;
}

/* Same player: the uid, and the arcade player's id under it. */
static bool score_same_player(const score *a, const score *b)
{
	return a->uid == b->uid && !strcmp(a->pid, b->pid);
}

/* "player PID key|guest NAME": an arcade player's line; NULL when it is
 * one, with the player in r, else why not. */
static const char *parse_player(const char *s, size_t n, score *r)
{
	char line[SCORES_PID_LEN + NAME_MAX_BYTES + 32], why[200];
	if (n >= sizeof line)
		return "a player line too long";
	memcpy(line, s, n);
	line[n] = '\0';
	if (strncmp(line, "player ", 7) != 0)
		return "not a player line";
	const char *pid = line + 7;
	if (strspn(pid, "0123456789abcdef") != SCORES_PID_LEN || pid[SCORES_PID_LEN] != ' ')
		return "a player id is 32 hex digits";
	const char *kind = pid + SCORES_PID_LEN + 1, *name;
	if (!strncmp(kind, "key ", 4))
		r->guest = false, name = kind + 4;
	else if (!strncmp(kind, "guest ", 6))
		r->guest = true, name = kind + 6;
	else
		return "a player is 'key' or 'guest'";
	size_t nl = strlen(name);
	if (nl >= sizeof r->name || !name_check(name, why, sizeof why))
		return "not a player's name";
	memcpy(r->pid, pid, SCORES_PID_LEN);
	r->pid[SCORES_PID_LEN] = '\0';
	memcpy(r->name, name, nl + 1);
	return NULL;
}

bool score_same_board(const score *a, const score *b)
{
	return !strcmp(a->date, b->date) && !strcmp(a->level, b->level) && variant_equal(&a->v, &b->v);
}

int scores_parse(const char *text, size_t len, const char *date, score *out, char *err, size_t errlen)
{
	kv_reader rd;
	const char *p;
	size_t ln;
	int n = 0;
	score who = { .pid = "" };
	if (len == 0) {
		snprintf(err, errlen, "line 1: empty");
		return -1;
	}
	kv_init(&rd, NULL, text, len, 0, err, errlen);
	while (rd.p < rd.end && kv_line(&rd, &p, &ln)) {
		const char *why = NULL;
		if (rd.line == 1) {
			if (ln != strlen(HEADER) || memcmp(p, HEADER, ln) != 0)
				why = "not a lightsout scores file of version 1";
		} else if (rd.line == 2 && ln >= 7 && !memcmp(p, "player ", 7))
			why = parse_player(p, ln, &who);
		else if (n == SCORES_MAX_RECORDS)
			why = "more than 16 records";
		else if ((why = parse_record(p, ln, &out[n])) == NULL) {
			if (date && strcmp(out[n].date, date) != 0)
				why = "a record of another date";
			else if (n > 0 && strcmp(out[n].date, out[0].date) != 0)
				why = "records of two dates";
			for (int i = 0; !why && i < n; i++)
				if (score_same_board(&out[i], &out[n]))
					why = "the same board twice";
			n++;
		}
		/* A file cut short in its last line is not a whole file. */
		if (!why && rd.p >= rd.end && text[len - 1] != '\n')
			why = "no newline at the end";
		if (why)
			return kv_fail(&rd, "%s", why), -1;
	}
	for (int i = 0; i < n; i++) {
		memcpy(out[i].pid, who.pid, sizeof who.pid);
		memcpy(out[i].name, who.name, sizeof who.name);
		out[i].guest = who.guest;
	}
	return n;
}

int scores_format(const score *s, int n, char *buf, size_t cap)
{
	size_t used = 0;
	if (n < 0 || n > SCORES_MAX_RECORDS)
		return -1;
	int w = snprintf(buf, cap, "%s\n", HEADER);
	if (w < 0 || (size_t)w >= cap)
		return -1;
	used = (size_t)w;
	if (n > 0 && s[0].pid[0]) {
		w = snprintf(buf + used, cap - used, "player %s %s %s\n", s[0].pid, s[0].guest ? "guest" : "key",
			     s[0].name);
		if (w < 0 || (size_t)w >= cap - used)
			return -1;
		used += (size_t)w;
	}
	for (int i = 0; i < n; i++) {
		char v[VARIANT_RULE_MAX + 64], par[16];
		variant_format(&s[i].v, v, sizeof v);
		if (s[i].par < 0)
			snprintf(par, sizeof par, "-");
		else
			snprintf(par, sizeof par, "%d", s[i].par);
		w = snprintf(buf + used, cap - used, "%s %s %d %s %lld %s %s\n", s[i].date,
			     s[i].level[0] ? s[i].level : "-", s[i].moves, par, s[i].ms, s[i].assisted ? "yes" : "no", v);
		if (w < 0 || (size_t)w >= cap - used)
			return -1;
		used += (size_t)w;
	}
	return used > SCORES_FILE_MAX ? -1 : (int)used;
}

int score_compare(const score *a, const score *b)
{
	if (a->assisted != b->assisted)
		return a->assisted ? 1 : -1;
	if (a->moves != b->moves)
		return a->moves < b->moves ? -1 : 1;
	if (a->ms != b->ms)
		return a->ms < b->ms ? -1 : 1;
	if (a->uid != b->uid)
		return a->uid < b->uid ? -1 : 1;
	return strcmp(a->pid, b->pid);
}

static int board_compare(const score *a, const score *b)
{
	int c = strcmp(a->date, b->date);
	if (!c)
		c = variant_compare(&a->v, &b->v);
	if (!c)
		c = strcmp(a->level, b->level);
	return c;
}

static int sort_compare(const void *x, const void *y)
{
	const score *a = x, *b = y;
	int c = board_compare(a, b);
	return c ? c : score_compare(a, b);
}

/* By board, then player, then best first: a player's results on one board
 * side by side. */
static int player_compare(const void *x, const void *y)
{
	const score *a = x, *b = y;
	int c = board_compare(a, b);
	if (c)
		return c;
	if (a->uid != b->uid)
		return a->uid < b->uid ? -1 : 1;
	c = strcmp(a->pid, b->pid);
	return c ? c : score_compare(a, b);
}

void scores_sort(scores *t)
{
	if (t->n < 2)
		return;
	/* A player may have two files (the usual name and the one written
	 * when another user squatted it): the best result per board counts. */
	qsort(t->s, (size_t)t->n, sizeof *t->s, player_compare);
	int kept = 1;
	for (int i = 1; i < t->n; i++)
		if (!score_same_player(&t->s[i], &t->s[kept - 1]) || board_compare(&t->s[i], &t->s[kept - 1]))
			t->s[kept++] = t->s[i];
	t->n = kept;
	qsort(t->s, (size_t)t->n, sizeof *t->s, sort_compare);
}

/* ---- The directory ---- */

static persist_status check_dir_fd(int dfd, persist_result *res)
{
	struct stat st;
	if (fstat(dfd, &st) < 0)
		return persist_fail(res, PERSIST_IO, errno, NULL);
	if (!S_ISDIR(st.st_mode))
		return persist_fail(res, PERSIST_REFUSED, ENOTDIR, "not a directory");
	/* Others may write there: only the sticky bit keeps them from
	 * renaming over or removing our files. */
	if ((st.st_mode & (S_IWGRP | S_IWOTH)) && !(st.st_mode & S_ISVTX))
		return persist_fail(res, PERSIST_REFUSED, EPERM,
				    "writable by others without the sticky bit (chmod 1777 it)");
	return PERSIST_OK;
}

/* The directory, opened without following a symlink; -1 with res set. */
static int open_dir(const char *dir, persist_result *res)
{
	int dfd = open(dir, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
	if (dfd < 0) {
		int e = errno;
		if (e == ENOENT)
			persist_fail(res, PERSIST_NONE, e, NULL);
		else if (e == ELOOP)
			persist_fail(res, PERSIST_REFUSED, e, "a symbolic link");
		else if (e == ENOTDIR) {
			/* O_DIRECTORY on a symlink says ENOTDIR: name what it is. */
			struct stat st;
			bool link = lstat(dir, &st) == 0 && S_ISLNK(st.st_mode);
			persist_fail(res, PERSIST_REFUSED, link ? ELOOP : e, link ? "a symbolic link" : "not a directory");
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
static bool parse_name(const char *name, const char *date, uid_t *uid)
{
	const char *dot = strchr(name, '.');
	long long v;
	size_t dl = strlen(date);
	if (!dot || strncmp(dot + 1, date, dl) != 0 || !number(name, (size_t)(dot - name), UINT32_MAX - 1, &v))
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
static bool parse_player_name(const char *name, char kind, const char *date, char pid[SCORES_PID_LEN + 1])
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
static bool private_dir(int dfd, uid_t *owner)
{
	struct stat st;
	if (fstat(dfd, &st) < 0 || (st.st_mode & (S_IWGRP | S_IWOTH)))
		return false;
	*owner = st.st_uid;
	return true;
}

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

typedef enum { FILE_OK, FILE_SKIP, FILE_NOMEM } file_verdict;

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
static ssize_t read_bounded(int fd, char *buf, size_t max)
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
static bool grow(scores *t, int more)
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

/* Why a regular file named for uid is not read as that player's: too
 * large, other names, writable by others, or another owner (the player
 * is the owner, and only the owner may have written it); false if none. */
static bool doubt(const struct stat *st, uid_t uid, char *why, size_t len)
{
	if (st->st_size > SCORES_FILE_MAX)
		snprintf(why, len, "too large (%lld bytes): not read", (long long)st->st_size);
	else if (st->st_nlink != 1)
		snprintf(why, len, "a file with other names (hard links): ignored");
	else if (st->st_mode & (S_IWGRP | S_IWOTH))
		snprintf(why, len, "writable by others: ignored");
	else if (st->st_uid != uid)
		snprintf(why, len, "owned by uid %lu, not the player it names: ignored", (unsigned long)st->st_uid);
	else
		return false;
	return true;
}

/* One player's file of date: its records into t, or a note why not.
 * guest: a guest's file ("G"), whose player line must say so. */
static file_verdict read_one(int dfd, const char *name, uid_t uid, const char *pid, bool guest, const char *date,
			     scores *t)
{
	struct stat pre, st;
	char buf[SCORES_FILE_MAX + 1], err[300];
	score recs[SCORES_MAX_RECORDS];
	/* Look before opening: a FIFO or a device is never opened. */
	if (fstatat(dfd, name, &pre, AT_SYMLINK_NOFOLLOW) < 0)
		return FILE_SKIP;	/* gone meanwhile */
	if (S_ISLNK(pre.st_mode)) {
		note(t, name, "a symbolic link, not followed");
		return FILE_SKIP;
	}
	if (!S_ISREG(pre.st_mode)) {
		note(t, name, "not a regular file");
		return FILE_SKIP;
	}
	/* What the lstat tells is said without opening the file: a flood of
	 * other users' files costs an lstat each (the same checks are made
	 * again on the open file below). */
	char why[80];
	if (doubt(&pre, uid, why, sizeof why)) {
		note(t, name, "%s", why);
		return FILE_SKIP;
	}
	int fd = openat(dfd, name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
	if (fd < 0) {
		note(t, name, "%s", errno == ELOOP ? "a symbolic link, not followed" : strerror(errno));
		return FILE_SKIP;
	}
	file_verdict v = FILE_SKIP;
	if (fstat(fd, &st) < 0) {
		note(t, name, "%s", strerror(errno));
		goto out;
	}
	if (!S_ISREG(st.st_mode) || st.st_dev != pre.st_dev || st.st_ino != pre.st_ino) {
		note(t, name, "not a regular file");
		goto out;
	}
	if (doubt(&st, uid, why, sizeof why)) {
		note(t, name, "%s", why);
		goto out;
	}
	ssize_t len = read_bounded(fd, buf, SCORES_FILE_MAX);
	if (len < 0) {
		note(t, name, "%s", strerror(errno));
		goto out;
	}
	if (len > SCORES_FILE_MAX) {
		note(t, name, "grew too large while read");
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
		note(t, name, "%s", pid[0] ? "not the player its name says" : "a player line outside a public account's leaderboard");
		goto out;
	}
	if (n > 0 && guest && !recs[0].guest) {
		note(t, name, "a key's player in a guest's file");
		goto out;
	}
	if (!grow(t, n)) {
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

/* A listing of directory dfd on a descriptor of its own (readdir's: dfd
 * stays for openat); NULL with errno when it cannot be had. */
static DIR *list_dir(int dfd)
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

persist_status scores_load(const char *dir, const char *date, scores *t, persist_result *res)
{
	scores_init(t);
	persist_result_init(res, dir);
	if (!scores_date_valid(date))
		return persist_fail(res, PERSIST_REFUSED, EINVAL, "not a date YYYY-MM-DD");
	int dfd = open_dir(dir, res);
	if (dfd < 0)
		return res->status;
	DIR *d = list_dir(dfd);
	if (!d) {
		persist_fail(res, PERSIST_IO, errno, NULL);
		close(dfd);
		return res->status;
	}
	/* Every name of the day is looked at (an lstat: no file is opened
	 * unless it is a regular file of the owner it names), and each owner's
	 * files are read twice at most: no number of one user's files can push
	 * out another's result. */
	owners seen = { 0 };
	uid_t owner;
	bool private = private_dir(dfd, &owner);
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
		if (private && (parse_player_name(de->d_name, 'P', date, pid) ||
				(guest = parse_player_name(de->d_name, 'G', date, pid)))) {
			if (guest && guests++ >= SCORES_GUEST_MAX) {
				note(t, de->d_name, "more than %d guest results: not read", SCORES_GUEST_MAX);
				continue;
			}
			if (read_one(dfd, de->d_name, owner, pid, guest, date, t) == FILE_NOMEM) {
				persist_fail(res, PERSIST_NO_MEMORY, ENOMEM, NULL);
				scores_free(t);
				break;
			}
			continue;
		}
		/* Only UID.DATE[.XXXXXX]: temporaries (.UID.DATE.xxxxxx), other
		 * days and anything else are not score files of this day. */
		if (!parse_name(de->d_name, date, &uid))
			continue;
		if (fstatat(dfd, de->d_name, &st, AT_SYMLINK_NOFOLLOW) == 0 && S_ISREG(st.st_mode) && st.st_uid == uid) {
			unsigned char *c = owners_slot(&seen, uid);
			if (!c) {
				persist_fail(res, PERSIST_NO_MEMORY, ENOMEM, NULL);
				scores_free(t);
				break;
			}
			if (*c > SCORES_READS_PER_OWNER) {
				note(t, de->d_name, "more files of uid %lu: not read", (unsigned long)uid);
				continue;
			}
			++*c;
		}
		if (read_one(dfd, de->d_name, uid, "", false, date, t) == FILE_NOMEM) {
			persist_fail(res, PERSIST_NO_MEMORY, ENOMEM, NULL);
			scores_free(t);
			break;
		}
	}
	free(seen.uid);
	free(seen.count);
	closedir(d);
	close(dfd);
	scores_sort(t);
	return res->status;
}

/* ---- Writing our own file ---- */

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
		snprintf(why, sizeof why, "%s there is %s: your result cannot be kept (ask whoever made it to remove it)",
			 name, S_ISLNK(st.st_mode) ? "a symbolic link" : !S_ISREG(st.st_mode) ? "not a regular file"
											       : "another user's file");
		persist_fail(res, PERSIST_REFUSED, EPERM, why);
		return -2;
	}
	int fd = openat(dfd, name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
	if (fd < 0) {
		persist_fail(res, PERSIST_IO, errno, NULL);
		return -1;
	}
	ssize_t len = read_bounded(fd, buf, SCORES_FILE_MAX);
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
	DIR *d = list_dir(dfd);
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


/* ---- Guests' results: bounded in number and in age ---- */

#define GUEST_STAMP ".guests-swept"

/* The date days ago (UTC, as the daily board's date). */
static void days_ago(int days, char out[CLOCK_DATE_LEN])
{
	clock_date(time(NULL) - (time_t)days * 86400, out);
}

/* An arcade player's file of any date: its kind ('P' or 'G'), id and date. */
static bool player_file(const char *name, char *kind, char pid[SCORES_PID_LEN + 1], char date[11])
{
	if ((name[0] != 'P' && name[0] != 'G') || strlen(name) != 2 + SCORES_PID_LEN + 10)
		return false;
	memcpy(date, name + 2 + SCORES_PID_LEN, 10);
	date[10] = '\0';
	*kind = name[0];
	return scores_date_valid(date) && parse_player_name(name, *kind, date, pid);
}

/* Guests' results older than SCORES_GUEST_DAYS removed, once a day: the
 * cutoff last applied is kept in GUEST_STAMP.  A "G" file goes by its name
 * alone; a "P" file of a guest (written before guests had a prefix) must
 * be opened to be known, so only those dated between the last cutoff and
 * this one are: each once.  A key's file is never removed. */
static void guests_sweep(int dfd)
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
	DIR *d = list_dir(dfd);
	if (!d)
		return;
	struct dirent *de;
	while ((de = readdir(d))) {
		char kind, pid[SCORES_PID_LEN + 1], date[11];
		struct stat st;
		if (!player_file(de->d_name, &kind, pid, date) || strcmp(date, cutoff) >= 0 ||
		    (kind == 'P' && last[0] && strcmp(date, last) < 0) ||
		    fstatat(dfd, de->d_name, &st, AT_SYMLINK_NOFOLLOW) < 0 || !S_ISREG(st.st_mode) ||
		    st.st_uid != geteuid())
			continue;
		if (kind == 'P') {
			scores t;
			scores_init(&t);
			bool guest = read_one(dfd, de->d_name, geteuid(), pid, false, date, &t) == FILE_OK && t.n > 0 &&
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

/* A guest's file of the day as guests_room weighs it: its records in a
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
	int c = board_compare(a->s, b->s);
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
		for (j = i + 1; j < n && !board_compare(refs[i].s, refs[j].s); j++)
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
static bool guests_room(int dfd, const char *own, const char *date, const score *mine, int n, persist_result *res)
{
	DIR *d = list_dir(dfd);
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
		if (!parse_player_name(de->d_name, 'G', date, pid) || !strcmp(de->d_name, own))
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
		parse_player_name(f[i].name, 'G', date, pid);
		file_verdict v = read_one(dfd, f[i].name, geteuid(), pid, true, date, &all);
		if (v == FILE_NOMEM) {
			free(refs);
			refs = NULL;
		}
		f[i].n = v == FILE_OK ? all.n - f[i].first : -1;
	}
	guest_file *in = refs ? realloc(f, ((size_t)nf + 1) * sizeof *f) : NULL;
	if (!in || !grow(&all, n)) {
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
			char why[120];
			snprintf(why, sizeof why, "the day's %d guest places hold better results (a key keeps its own)",
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


persist_status scores_record(const char *dir, const score *s, bool *kept, persist_result *res)
{
	char name[80], tmp[200], text[SCORES_FILE_MAX + 1];
	score recs[SCORES_MAX_RECORDS + 1];
	*kept = false;
	persist_result_init(res, dir);
	if (!scores_date_valid(s->date) || !level_valid(s->level) || s->moves < 0 || s->moves > SCORES_MAX_MOVES ||
	    s->ms < 0 || s->ms > SCORES_MAX_MS)
		return persist_fail(res, PERSIST_REFUSED, EINVAL, "not a result to record");
	int dfd = open_dir(dir, res);
	if (dfd < 0)
		return res->status;
	uid_t owner;
	int glock = -1;
	if (s->pid[0]) {
		/* An arcade player's line is believed only where we alone write. */
		if (strspn(s->pid, "0123456789abcdef") != SCORES_PID_LEN || s->pid[SCORES_PID_LEN] ||
		    !name_check(s->name, tmp, sizeof tmp)) {
			persist_fail(res, PERSIST_REFUSED, EINVAL, "not a player to record");
			goto done;
		}
		if (!private_dir(dfd, &owner) || owner != geteuid()) {
			persist_fail(res, PERSIST_REFUSED, EPERM,
				     "a shared directory: a public account's players need a leaderboard of its own");
			goto done;
		}
		snprintf(name, sizeof name, "%c%s.%s", s->guest ? 'G' : 'P', s->pid, s->date);
		if (s->guest) {
			/* Every guest's game counts and removes guests' files:
			 * one at a time. */
			char lock[4200], why[300];
			snprintf(lock, sizeof lock, "%.4000s/.guests", dir);
			if ((glock = lock_take(lock, LOCK_WAIT_MS, why, sizeof why)) < 0) {
				persist_fail(res, PERSIST_REFUSED, errno, why);
				goto done;
			}
			guests_sweep(dfd);
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
		if (score_compare(&recs[i], &mine) <= 0)
			goto done;	/* an earlier result of ours is as good */
		recs[i] = mine;
	} else if (n == SCORES_MAX_RECORDS) {
		persist_fail(res, PERSIST_REFUSED, EFBIG, "16 daily boards recorded today already");
		goto done;
	} else
		recs[n++] = mine;
	if (glock >= 0 && !guests_room(dfd, name, s->date, recs, n, res))
		goto done;
	int len = scores_format(recs, n, text, sizeof text);
	if (len < 0) {
		persist_fail(res, PERSIST_REFUSED, EFBIG, "the records do not fit in a score file");
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
		*kept = true;
		goto done;
	}
	/* A fresh name is tried until one is free (another user may have
	 * guessed one): never replace anything. */
	atomic_sweep_at(dfd, name, ATOMIC_STALE_SECONDS);
	if (atomic_temp_at(dfd, name, text, (size_t)len, 0644, 0, tmp, sizeof tmp) < 0) {
		persist_fail(res, PERSIST_IO, errno, NULL);
		goto done;
	}
	uint64_t seed = (uint64_t)time(NULL) ^ ((uint64_t)getpid() << 20) ^ (uint64_t)(uintptr_t)&seed;
	int ok = 0, e = EEXIST;
	for (int tries = 0; !ok && tries < 50; tries++) {
		seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
		snprintf(name, sizeof name, "%lu.%s.%06llx", (unsigned long)geteuid(), s->date,
			 (unsigned long long)(seed >> 40) & 0xffffffULL);
		struct stat there;
		if (fstatat(dfd, name, &there, AT_SYMLINK_NOFOLLOW) == 0)
			continue;	/* taken */
		ok = renameat(dfd, tmp, dfd, name) == 0;
		e = errno;
	}
	if (!ok) {
		unlinkat(dfd, tmp, 0);
		persist_fail(res, PERSIST_IO, e ? e : EIO, NULL);
		goto done;
	}
	fsync(dfd);
	*kept = true;
done:
	lock_release(glock);
	close(dfd);
	return res->status;
}

/* ---- The table ---- */

int scores_rank(const scores *t, const score *s, uid_t uid, int *of)
{
	int rank = 0, count = 0;
	for (int i = 0; i < t->n; i++)
		if (score_same_board(&t->s[i], s)) {
			count++;
			if (t->s[i].uid == uid && !strcmp(t->s[i].pid, s->pid) && !rank)
				rank = count;
		}
	*of = count;
	return rank;
}

void scores_player(uid_t uid, char *buf, size_t len)
{
	struct passwd *pw = getpwuid(uid);
	if (!pw || !pw->pw_name || !pw->pw_name[0]) {
		snprintf(buf, len, "uid %lu", (unsigned long)uid);
		return;
	}
	snprintf(buf, len, "%.32s", pw->pw_name);
	/* A name is printed to terminals: nothing but printable ASCII. */
	for (char *p = buf; *p; p++)
		if ((unsigned char)*p < 0x21 || (unsigned char)*p > 0x7e)
			*p = '?';
}

static void format_ms(long long ms, char *buf, size_t len)
{
	long long tenths = ms / 100, s = ms / 1000;
	if (s < 3600)
		snprintf(buf, len, "%lld:%02lld.%lld", s / 60, s % 60, tenths % 10);
	else
		snprintf(buf, len, "%lld:%02lld:%02lld", s / 3600, s / 60 % 60, s % 60);
}

/* Each player's name once: the passwd database is read once per uid, not
 * once per row (3000 players of 16 boards took 3.8 s). */
typedef struct who {
	uid_t uid;
	char name[40];
} who;

static int who_cmp(const void *a, const void *b)
{
	uid_t x = ((const who *)a)->uid, y = ((const who *)b)->uid;
	return (x > y) - (x < y);
}

static who *names_of(const scores *t, int *n)
{
	who *w = malloc(((size_t)t->n + 1) * sizeof *w);
	*n = 0;
	if (!w)
		return NULL;
	for (int i = 0; i < t->n; i++)
		w[i].uid = t->s[i].uid;
	qsort(w, (size_t)t->n, sizeof *w, who_cmp);
	for (int i = 0; i < t->n; i++)
		if (!*n || w[*n - 1].uid != w[i].uid)
			w[(*n)++].uid = w[i].uid;
	for (int i = 0; i < *n; i++)
		scores_player(w[i].uid, w[i].name, sizeof w[i].name);
	return w;
}

/* A player's name as the table shows it, in buf (NAME_SHOWN_MAX bytes at
 * least); the columns it takes.  A passwd name is printable ASCII
 * already (scores_player); an arcade player's, written by the account,
 * is escaped where the terminal is not UTF-8. */
static int shown_name(const score *r, const who *names, int nnames, bool utf8, char *buf, size_t len)
{
	if (r->pid[0])
		return name_for_terminal(r->name, utf8, buf, len);
	who key = { .uid = r->uid };
	const who *found = names ? bsearch(&key, names, (size_t)nnames, sizeof *names, who_cmp) : NULL;
	if (found)
		snprintf(buf, len, "%s", found->name);
	else
		scores_player(r->uid, buf, len);
	return (int)strlen(buf);
}

char *scores_table(const scores *t, const score *only, bool utf8, size_t *len)
{
	textbuf out;
	textbuf_init(&out);
	int rank = 0, nnames, width = 16;
	bool arcade = false;
	who *names = names_of(t, &nnames);
	/* Arcade names are UTF-8: pad by columns, to the widest. */
	for (int i = 0; i < t->n; i++)
		if (t->s[i].pid[0]) {
			char name[NAME_SHOWN_MAX];
			int cols = name_for_terminal(t->s[i].name, utf8, name, sizeof name);
			width = cols > width ? cols : width;
			arcade = true;
		}
	for (int i = 0; i < t->n; i++) {
		const score *r = &t->s[i];
		if (only && !score_same_board(r, only))
			continue;
		if (i == 0 || !score_same_board(&t->s[i - 1], r)) {
			char v[VARIANT_RULE_MAX + 64];
			variant_format(&r->v, v, sizeof v);
			textbuf_printf(&out, "%sDaily %s, %s%s%s%s\n", rank ? "\n" : "", r->date, v,
				       r->level[0] ? " (" : "", r->level, r->level[0] ? ")" : "");
			textbuf_printf(&out, "%4s  %-*s %s%7s %7s %9s  %s\n", "rank", width, "player",
				       arcade ? "login" : "", "moves", "par", "time", "assisted");
			rank = 0;
		}
		char name[NAME_SHOWN_MAX], par[16], tm[32];
		int cols = shown_name(r, names, nnames, utf8, name, sizeof name);
		if (r->par < 0)
			snprintf(par, sizeof par, "-");
		else
			snprintf(par, sizeof par, "%d", r->par);
		format_ms(r->ms, tm, sizeof tm);
		/* A guest is said in a column of its own, never in the name's:
		 * "bob (guest)" can be a name, the column cannot. */
		textbuf_printf(&out, "%4d  %s%*s %s%7d %7s %9s  %s\n", ++rank, name, width - cols, "",
			       !arcade ? "" : !r->pid[0] ? "     " : r->guest ? "guest" : "key  ", r->moves, par, tm,
			       r->assisted ? "yes" : "no");
	}
	free(names);
	return textbuf_finish(&out, len);
}
