/* The host's daily leaderboard: the record format (strict, round trip),
 * the ranking, and the directory as one user sees it: our own file kept
 * best, planted links, FIFOs, large, binary, forged and shared files
 * skipped with a note; guests' results bounded in number and age.  Two
 * real users: tests/persist/persist_scores.sh. */
#include <errno.h>
#include <fcntl.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "persist/scores.h"
#include "tap.h"

#define DAY "2026-11-22"

static void put(const char *dir, const char *name, const char *text, mode_t mode)
{
	char path[300];
	snprintf(path, sizeof path, "%s/%s", dir, name);
	FILE *f = fopen(path, "w");
	fputs(text, f);
	fclose(f);
	chmod(path, mode);
}

static score make(const char *date, const char *level, int moves, long long ms, bool assisted)
{
	score s;
	memset(&s, 0, sizeof s);
	snprintf(s.date, sizeof s.date, "%s", date);
	snprintf(s.level, sizeof s.level, "%s", level);
	variant_default(&s.v);
	s.moves = moves;
	s.par = 7;
	s.ms = ms;
	s.assisted = assisted;
	return s;
}

/* A note in t that contains both strings. */
static bool noted(const scores *t, const char *a, const char *b)
{
	for (int i = 0; i < t->nnotes; i++)
		if (strstr(t->notes[i], a) && strstr(t->notes[i], b))
			return true;
	return false;
}

static void parsing(void)
{
	score recs[SCORES_MAX_RECORDS];
	char err[300], buf[SCORES_FILE_MAX + 1];
	const char *good = "lightsout-scores 1\n" DAY " - 12 10 45300 no 5x5 plus k=2\n" DAY
			   " hard 3 - 999 yes 7x3 mask:010/111/010 k=4 torus forward-only\n";
	tap_is(scores_parse(good, strlen(good), DAY, recs, err, sizeof err), 2, "two records parse");
	tap_ok(recs[0].moves == 12 && recs[0].par == 10 && recs[0].ms == 45300 && !recs[0].assisted &&
	       !recs[0].level[0] && recs[0].v.rows == 5, "the first as written");
	tap_ok(recs[1].par == -1 && recs[1].assisted && !strcmp(recs[1].level, "hard") && recs[1].v.k == 4 &&
	       recs[1].v.torus && recs[1].v.forward_only && recs[1].v.cols == 3, "the second as written");
	int len = scores_format(recs, 2, buf, sizeof buf);
	tap_ok(len == (int)strlen(good) && memcmp(buf, good, (size_t)len) == 0, "formats back to the same text");
	tap_is(scores_parse(good, strlen(good), "2026-11-23", recs, err, sizeof err), -1, "another day: refused");
	tap_ok(strstr(err, "line 2: a record of another date") != NULL, "says so: %s", err);
	tap_is(scores_parse("lightsout-scores 1\n", 19, DAY, recs, err, sizeof err), 0, "a header alone: none");

	const char *bad[] = {
		"",
		"lightsout-scores 1",
		"lightsout-scores 2\n",
		"lightsout-scores 1\n\n",
		"lightsout-scores 1\n" DAY " - 12 10 45300 no 5x5 plus k=2",
		"lightsout-scores 1\n" DAY " - 12 10 45300 no 5x5 plus k=2\r\n",
		"lightsout-scores 1\n" DAY "  - 12 10 45300 no 5x5 plus k=2\n",
		"lightsout-scores 1\n" DAY " - 012 10 45300 no 5x5 plus k=2\n",
		"lightsout-scores 1\n" DAY " - -1 10 45300 no 5x5 plus k=2\n",
		"lightsout-scores 1\n" DAY " - 1000000001 10 45300 no 5x5 plus k=2\n",
		"lightsout-scores 1\n" DAY " - 12 10 9999999999999 no 5x5 plus k=2\n",
		"lightsout-scores 1\n" DAY " - 12 10 45300 maybe 5x5 plus k=2\n",
		"lightsout-scores 1\n" DAY " extreme 12 10 45300 no 5x5 plus k=2\n",
		"lightsout-scores 1\n" DAY " - 12 10 45300 no\n",
		"lightsout-scores 1\n" DAY " - 12 10 45300 no 5x5  plus k=2\n",
		"lightsout-scores 1\n" DAY " - 12 10 45300 no 5x5 plus k=2 torus torus\n",
		"lightsout-scores 1\n" DAY " - 12 10 45300 no 99999x5 plus k=2\n",
		"lightsout-scores 1\n" DAY " - 12 10 45300 no 5x5 nosuchrule k=2\n",
		"lightsout-scores 1\n2026-02-30 - 12 10 45300 no 5x5 plus k=2\n",
		"lightsout-scores 1\n" DAY " - 12 10 45300 no 5x5 plus k=2\n" DAY " - 9 10 300 no 5x5 plus k=2\n",
	};
	for (size_t i = 0; i < sizeof bad / sizeof *bad; i++)
		tap_ok(scores_parse(bad[i], strlen(bad[i]), NULL, recs, err, sizeof err) < 0 &&
			       strncmp(err, "line ", 5) == 0,
		       "refused: %s", err);
	const char nul[] = "lightsout-scores 1\n" DAY " - 12 10 45300 no 5x5 plus k=2\0\n";
	tap_is(scores_parse(nul, sizeof nul - 1, NULL, recs, err, sizeof err), -1, "a NUL byte: refused (%s)", err);

	/* More boards than a file holds. */
	char many[SCORES_FILE_MAX * 2];
	int used = snprintf(many, sizeof many, "lightsout-scores 1\n");
	for (int i = 0; i <= SCORES_MAX_RECORDS; i++)
		used += snprintf(many + used, sizeof many - (size_t)used, DAY " - 1 1 1 no %dx5 plus k=2\n", i + 1);
	tap_is(scores_parse(many, (size_t)used, NULL, recs, err, sizeof err), -1, "17 records: refused (%s)", err);

	tap_ok(scores_date_valid("2024-02-29") && !scores_date_valid("2023-02-29") && !scores_date_valid("2026-13-01") &&
	       !scores_date_valid("2026-1-01") && !scores_date_valid("26-11-22") && !scores_date_valid("2026-11-22x"),
	       "dates are checked");
}

static void ranking(void)
{
	scores t;
	scores_init(&t);
	score s[5] = {
		make(DAY, "", 9, 5000, false), make(DAY, "", 7, 9000, false), make(DAY, "", 5, 100, true),
		make(DAY, "", 7, 8000, false), make(DAY, "hard", 1, 1, false),
	};
	for (int i = 0; i < 5; i++)
		s[i].uid = (uid_t)(100 + i);
	t.s = s;
	t.n = t.cap = 5;
	scores_sort(&t);
	int of;
	tap_is(scores_rank(&t, &s[0], 103, &of), 1, "fewest moves, then less time: first");
	tap_is(of, 4, "of the four on that board (another difficulty apart)");
	tap_is(scores_rank(&t, &s[0], 101, &of), 2, "same moves, more time: second");
	tap_is(scores_rank(&t, &s[0], 100, &of), 3, "more moves: third");
	tap_is(scores_rank(&t, &s[0], 102, &of), 4, "an assisted win comes after every other");
	tap_is(scores_rank(&t, &s[0], 104, &of), 0, "a player of another board: not there");
	size_t len;
	char *text = scores_table(&t, NULL, true, &len);
	tap_ok(text && strstr(text, "Daily " DAY ", 5x5 plus k=2\n") && strstr(text, "Daily " DAY ", 5x5 plus k=2 (hard)\n"),
	       "the table has a heading per board");
	tap_ok(text && strstr(text, "yes\n") && strstr(text, "0:08.0"), "assisted shown, times m:ss.t");
	for (char *l = text ? strtok(text, "\n") : NULL; l; l = strtok(NULL, "\n"))
		tap_diag("%s", l);
	free(text);
	text = scores_table(&t, &s[4], true, &len);
	tap_ok(text && !strstr(text, "5x5 plus k=2\n") && strstr(text, "(hard)"), "one board's table alone");
	free(text);
}

/* Remove our files written under "NAME.XXXXXX"; how many there were. */
static int remove_alternates(const char *dir, const char *name)
{
	DIR *d = opendir(dir);
	struct dirent *de;
	int n = 0;
	size_t nl = strlen(name);
	while (d && (de = readdir(d)))
		if (!strncmp(de->d_name, name, nl) && de->d_name[nl] == '.' && strlen(de->d_name) == nl + 7) {
			char p[600];
			snprintf(p, sizeof p, "%s/%s", dir, de->d_name);
			n += unlink(p) == 0;
		}
	if (d)
		closedir(d);
	return n;
}

static void directory(void)
{
	char dir[] = "/tmp/lo-persist-scores.XXXXXX", path[300], mine[64], err[300];
	if (!mkdtemp(dir)) {
		perror("mkdtemp");
		exit(1);
	}
	persist_result res;
	scores t;
	bool kept;
	snprintf(mine, sizeof mine, "%lu." DAY, (unsigned long)geteuid());
	snprintf(path, sizeof path, "%s/%s", dir, mine);
	score s = make(DAY, "", 9, 5000, false);

	tap_is(scores_record("/nonexistent/lightsout-scores", &s, &kept, &res), PERSIST_NONE, "no directory: none");
	tap_is(scores_load("/nonexistent/lightsout-scores", DAY, &t, &res), PERSIST_NONE, "nothing to read");
	chmod(dir, 0777);
	tap_is(scores_record(dir, &s, &kept, &res), PERSIST_REFUSED, "world-writable without the sticky bit: refused");
	tap_ok(strstr(res.why, "sticky") != NULL, "says why: %s", res.why);
	tap_is(scores_load(dir, DAY, &t, &res), PERSIST_REFUSED, "and not read either");
	chmod(dir, 01777);

	mode_t old = umask(077);
	tap_is(scores_record(dir, &s, &kept, &res), PERSIST_OK, "recorded");
	umask(old);
	struct stat st;
	tap_ok(kept && lstat(path, &st) == 0 && (st.st_mode & 07777) == 0644 && st.st_uid == geteuid(),
	       "as %s, mode 0644 whatever the umask", mine);
	score worse = make(DAY, "", 10, 1000, false), better = make(DAY, "", 8, 9000, false);
	tap_is(scores_record(dir, &worse, &kept, &res), PERSIST_OK, "a worse result");
	tap_ok(!kept, "is not kept");
	tap_is(scores_record(dir, &better, &kept, &res), PERSIST_OK, "a better one");
	tap_ok(kept, "replaces it");
	score other = make(DAY, "hard", 3, 1000, true);
	tap_is(scores_record(dir, &other, &kept, &res), PERSIST_OK, "another board of the day");
	tap_is(scores_load(dir, DAY, &t, &res), PERSIST_OK, "read back");
	tap_is(t.n, 2, "two boards");
	int of;
	tap_ok(scores_rank(&t, &better, geteuid(), &of) == 1 && of == 1, "ours, first of one");
	tap_ok(t.s[0].moves == 8 || t.s[1].moves == 8, "with the better result");
	tap_is(t.skipped, 0, "nothing skipped");
	scores_free(&t);
	tap_is(scores_load(dir, "2026-11-23", &t, &res), PERSIST_OK, "another day");
	tap_is(t.n, 0, "has nothing");
	scores_free(&t);
	tap_is(scores_load(dir, "2026-11-31", &t, &res), PERSIST_REFUSED, "no such day: refused");

	/* Files other users could plant.  Each is skipped, with a note. */
	put(dir, "4242." DAY, "lightsout-scores 1\n" DAY " - 1 1 1 no 5x5 plus k=2\n", 0644);
	put(dir, "4343." DAY, "lightsout-scores 1\n" DAY " - 1 1 1 no 5x5 plus k=2\n", 0644);
	char p2[300];
	snprintf(p2, sizeof p2, "%s/4343." DAY, dir);
	int chowned = geteuid() == 0 && chown(p2, 4343, 4343) == 0;
	snprintf(p2, sizeof p2, "%s/1." DAY, dir);
	if (symlink(path, p2) < 0)
		perror("symlink");
	snprintf(p2, sizeof p2, "%s/2." DAY, dir);
	mkfifo(p2, 0644);
	snprintf(p2, sizeof p2, "%s/3." DAY, dir);
	int fd = open(p2, O_WRONLY | O_CREAT | O_EXCL, 0644);
	if (fd < 0 || ftruncate(fd, 1L << 30) < 0)
		perror("ftruncate");
	close(fd);
	put(dir, "6." DAY, "lightsout-scores 1\n" DAY " - 1 1 1 no 5x5 plus k=2\n", 0666);
	snprintf(p2, sizeof p2, "%s/7." DAY, dir);
	mkdir(p2, 0755);
	put(dir, "007." DAY, "lightsout-scores 1\n" DAY " - 1 1 1 no 5x5 plus k=2\n", 0644);
	put(dir, "notes.txt", "hello\n", 0644);
	/* The uid in the name and the owner agree here only for ours. */
	time_t t0 = time(NULL);
	tap_is(scores_load(dir, DAY, &t, &res), PERSIST_OK, "the directory still reads");
	tap_ok(time(NULL) - t0 < 2, "at once (%ld s)", (long)(time(NULL) - t0));
	/* As root the file of uid 4343 is made its own: a second player. */
	tap_is(t.n, 2 + chowned, "our two records%s", chowned ? " and uid 4343's" : " alone");
	tap_ok(noted(&t, "4242." DAY, "owned by uid"), "a file named for another uid: ignored");
	tap_ok(chowned ? !noted(&t, "4343." DAY, "") : noted(&t, "4343." DAY, "owned by uid"),
	       "a file owned by the uid it names counts");
	tap_ok(noted(&t, "1." DAY, "symbolic link"), "a symlink: not followed");
	tap_ok(noted(&t, "2." DAY, "not a regular file"), "a FIFO: not opened");
	tap_ok(noted(&t, "3." DAY, "too large"), "1 GB: not read");
	tap_ok(noted(&t, "7." DAY, "not a regular file"), "a directory: skipped");
	tap_ok(noted(&t, "6." DAY, "writable by others"), "a file others may write: ignored");
	tap_ok(t.nnotes <= SCORES_MAX_NOTES && t.skipped >= 6, "%d files skipped, %d noted", t.skipped, t.nnotes);
	for (int i = 0; i < t.nnotes; i++)
		tap_diag("note: %s", t.notes[i]);
	scores_free(&t);

	/* Binary in a file of the right owner: not parsed, noted. */
	put(dir, mine, "\x7f" "ELF\x01\x02\x03 binary\xff\xfe\n", 0644);
	tap_is(scores_load(dir, DAY, &t, &res), PERSIST_OK, "a binary file of ours: the directory reads");
	tap_ok(t.n == chowned && noted(&t, mine, "line 1: not a lightsout scores file"), "binary: not parsed, noted");
	scores_free(&t);

	/* Our own name taken by a link: we cannot write, and say so. */
	unlink(path);
	if (symlink("/etc/passwd", path) < 0)
		perror("symlink");
	tap_is(scores_record(dir, &s, &kept, &res), PERSIST_OK, "our name is a symlink: recorded all the same");
	tap_ok(kept && lstat(path, &st) == 0 && S_ISLNK(st.st_mode), "under a name of our own; the link left alone");
	tap_is(scores_load(dir, DAY, &t, &res), PERSIST_OK, "read");
	bool listed = false;
	for (int i = 0; i < t.n; i++)
		listed |= t.s[i].uid == geteuid() && t.s[i].moves == s.moves;
	tap_ok(listed && noted(&t, mine, "a symbolic link"), "the reader lists us by our file's owner, and notes the link");
	scores_free(&t);
	tap_is(remove_alternates(dir, mine), 1, "one file under a name of our own");
	unlink(path);
	/* A hard link to one of our files. */
	char target[300];
	snprintf(target, sizeof target, "%s/elsewhere", dir);
	put(dir, "elsewhere", "lightsout-scores 1\n" DAY " - 1 1 1 no 5x5 plus k=2\n", 0644);
	if (link(target, path) < 0)
		perror("link");
	tap_is(scores_load(dir, DAY, &t, &res), PERSIST_OK, "read");
	tap_ok(t.n == chowned && noted(&t, mine, "hard links"), "a hard link is not trusted");
	scores_free(&t);
	tap_is(scores_record(dir, &s, &kept, &res), PERSIST_OK, "our record replaces the link's name");
	FILE *f = fopen(target, "r");
	char line[100] = "";
	if (f) {
		fgets(line, sizeof line, f);
		fgets(line, sizeof line, f);
		fclose(f);
	}
	tap_ok(strstr(line, " 1 1 1 no") != NULL, "and the other name's file is untouched");
	(void)err;

	/* The directory itself as a symlink. */
	snprintf(p2, sizeof p2, "%s.link", dir);
	if (symlink(dir, p2) < 0)
		perror("symlink");
	tap_is(scores_load(p2, DAY, &t, &res), PERSIST_REFUSED, "a symlinked directory is refused");
	unlink(p2);

	char cmd[400];
	snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
	if (system(cmd) != 0)
		perror("rm");
}

/* A guest's result on the default board (level "" or another). */
static score guest(int id, const char *date, const char *level, int moves)
{
	score s = make(date, level, moves, 1000 + id, false);
	snprintf(s.pid, sizeof s.pid, "%032x", id);
	snprintf(s.name, sizeof s.name, "p%d", id);
	s.guest = true;
	return s;
}

/* Files in dir whose names begin with prefix and end with suffix. */
static int count_files(const char *dir, const char *prefix, const char *suffix)
{
	DIR *d = opendir(dir);
	struct dirent *de;
	int n = 0;
	size_t pl = strlen(prefix), sl = strlen(suffix);
	while (d && (de = readdir(d))) {
		size_t l = strlen(de->d_name);
		n += !strncmp(de->d_name, prefix, pl) && l >= sl && !strcmp(de->d_name + l - sl, suffix);
	}
	if (d)
		closedir(d);
	return n;
}

static bool exists(const char *dir, const char *name)
{
	char p[400];
	struct stat st;
	snprintf(p, sizeof p, "%s/%s", dir, name);
	return lstat(p, &st) == 0;
}

/* Guests' results: at most SCORES_GUEST_MAX a day, the best kept; at most
 * SCORES_GUEST_DAYS old; a key's results never removed. */
static void guests(void)
{
	char dir[] = "/tmp/lo-persist-guests.XXXXXX", name[100];
	if (!mkdtemp(dir)) {
		perror("mkdtemp");
		exit(1);
	}
	persist_result res;
	scores t;
	bool kept;
	int of, n = SCORES_GUEST_MAX, ok = 0;
	/* Results 2 .. N+1 moves, in a scrambled order: the day is full. */
	for (int i = 0; i < n; i++) {
		score g = guest(1000 + i, DAY, "", 2 + (i * 37) % n);
		ok += scores_record(dir, &g, &kept, &res) == PERSIST_OK && kept;
	}
	tap_is(ok, n, "%d guests' results recorded", n);
	tap_is(count_files(dir, "G", "." DAY), n, "as %d G files", n);
	score best = guest(1, DAY, "", 1);
	tap_is(scores_record(dir, &best, &kept, &res), PERSIST_OK, "one more guest, better than all");
	tap_ok(kept, "is kept");
	tap_is(count_files(dir, "G", "." DAY), n, "still %d files: one went", n);
	tap_is(scores_load(dir, DAY, &t, &res), PERSIST_OK, "the day reads");
	int worst = 0;
	for (int i = 0; i < t.n; i++)
		worst = t.s[i].moves > worst ? t.s[i].moves : worst;
	tap_ok(t.n == n && worst == n, "the best %d are kept, the worst (%d moves) went (%d rows, worst %d)", n,
	       n + 1, t.n, worst);
	tap_is(scores_rank(&t, &best, geteuid(), &of), 1, "the newcomer first");
	scores_free(&t);
	score bad = guest(2, DAY, "", n + 5);
	tap_is(scores_record(dir, &bad, &kept, &res), PERSIST_REFUSED, "a guest worse than all kept: refused");
	tap_ok(!kept && strstr(res.why, "guest places") != NULL, "says why: %s", res.why);
	snprintf(name, sizeof name, "G%032x." DAY, 2);
	tap_ok(!exists(dir, name), "and not written");
	/* A guest on a board of its own pushes out the crowded board's
	 * worst; a flood on the crowded board cannot push it out again. */
	score other = guest(3, DAY, "hard", 50);
	tap_is(scores_record(dir, &other, &kept, &res), PERSIST_OK, "a guest on another board of the day: recorded");
	for (int i = 0; i < 5; i++) {
		score flood = guest(4 + i, DAY, "", 1);
		scores_record(dir, &flood, &kept, &res);
	}
	tap_is(scores_load(dir, DAY, &t, &res), PERSIST_OK, "after five better results on the crowded board");
	tap_ok(scores_rank(&t, &other, geteuid(), &of) == 1 && of == 1, "the other board's guest is still there");
	tap_is(t.n, n, "and the day still holds %d", n);
	scores_free(&t);
	/* A guest already on the board improves without pushing anyone. */
	score again = guest(1, DAY, "easy", 3);
	tap_is(scores_record(dir, &again, &kept, &res), PERSIST_OK, "a kept guest's second board");
	tap_is(count_files(dir, "G", "." DAY), n, "in its own file: still %d", n);
	/* A key's results do not count against the guests. */
	score key = make(DAY, "", 99, 99000, false);
	snprintf(key.pid, sizeof key.pid, "%032x", 77);
	snprintf(key.name, sizeof key.name, "Keyholder");
	tap_is(scores_record(dir, &key, &kept, &res), PERSIST_OK, "a key's player, worse than every guest");
	tap_ok(kept && count_files(dir, "P", "." DAY) == 1, "is kept, as a P file");

	/* The reader reads SCORES_GUEST_MAX guest files of a day at most,
	 * however many are there. */
	const char *day2 = "2026-11-23";
	for (int i = 0; i < n + 50; i++) {
		char text[200];
		snprintf(name, sizeof name, "G%032x.%s", 5000 + i, day2);
		snprintf(text, sizeof text, "lightsout-scores 1\nplayer %032x guest q%d\n%s - %d 7 1000 no 5x5 plus k=2\n",
			 5000 + i, i, day2, 10 + i);
		put(dir, name, text, 0644);
	}
	tap_is(scores_load(dir, day2, &t, &res), PERSIST_OK, "%d guest files of a day", n + 50);
	tap_is(t.n, n, "%d read", n);
	tap_ok(t.skipped == 50 && noted(&t, "G", "guest results: not read"), "the rest counted, not read (%d)",
	       t.skipped);
	scores_free(&t);

	/* Old results: a guest's goes, a key's stays. */
	char old[11], text[300];
	time_t then = time(NULL) - (SCORES_GUEST_DAYS + 10) * 86400L;
	strftime(old, sizeof old, "%Y-%m-%d", gmtime(&then));
	char oldguest[100], oldkey[100], oldplain[100], legacy[100], recent[100];
	snprintf(oldguest, sizeof oldguest, "G%032x.%s", 90, old);
	snprintf(text, sizeof text, "lightsout-scores 1\nplayer %032x guest old\n%s - 5 7 1000 no 5x5 plus k=2\n", 90, old);
	put(dir, oldguest, text, 0644);
	snprintf(oldkey, sizeof oldkey, "P%032x.%s", 91, old);
	snprintf(text, sizeof text, "lightsout-scores 1\nplayer %032x key Oldtimer\n%s - 5 7 1000 no 5x5 plus k=2\n", 91, old);
	put(dir, oldkey, text, 0644);
	snprintf(legacy, sizeof legacy, "P%032x.%s", 92, old);
	snprintf(text, sizeof text, "lightsout-scores 1\nplayer %032x guest older\n%s - 5 7 1000 no 5x5 plus k=2\n", 92, old);
	put(dir, legacy, text, 0644);
	snprintf(oldplain, sizeof oldplain, "%lu.%s", (unsigned long)geteuid(), old);
	snprintf(text, sizeof text, "lightsout-scores 1\n%s - 5 7 1000 no 5x5 plus k=2\n", old);
	put(dir, oldplain, text, 0644);
	time_t lately = time(NULL) - 2 * 86400L;
	char recentday[11];
	strftime(recentday, sizeof recentday, "%Y-%m-%d", gmtime(&lately));
	snprintf(recent, sizeof recent, "G%032x.%s", 93, recentday);
	snprintf(text, sizeof text, "lightsout-scores 1\nplayer %032x guest new\n%s - 5 7 1000 no 5x5 plus k=2\n", 93,
		 recentday);
	put(dir, recent, text, 0644);
	tap_is(scores_load(dir, old, &t, &res), PERSIST_OK, "an old day");
	tap_is(t.n, 4, "holds a guest, a key's player, a guest from before G files and an account");
	scores_free(&t);
	/* The last sweep was long ago (this test's first guest swept today). */
	char stamp[20], before[11];
	time_t longago = then - 86400L;
	strftime(before, sizeof before, "%Y-%m-%d", gmtime(&longago));
	snprintf(stamp, sizeof stamp, "%s\n", before);
	put(dir, ".guests-swept", stamp, 0644);
	score today = guest(94, DAY, "", 500);
	scores_record(dir, &today, &kept, &res);
	tap_ok(!exists(dir, oldguest), "a guest's result %d days old is removed", SCORES_GUEST_DAYS + 10);
	tap_ok(!exists(dir, legacy), "and one from before G files");
	tap_ok(exists(dir, oldkey), "a key's player's result of that day is not");
	tap_ok(exists(dir, oldplain), "nor an account's");
	tap_ok(exists(dir, recent), "a guest's result of 2 days ago is kept");
	tap_is(scores_load(dir, old, &t, &res), PERSIST_OK, "the old day");
	tap_ok(t.n == 2 && t.skipped == 0, "still shows the key's player and the account (%d rows)", t.n);
	scores_free(&t);
	/* Once a day: a guest's old result planted now waits for tomorrow. */
	snprintf(text, sizeof text, "lightsout-scores 1\nplayer %032x guest old\n%s - 5 7 1000 no 5x5 plus k=2\n", 90, old);
	put(dir, oldguest, text, 0644);
	score later = guest(95, DAY, "", 500);
	scores_record(dir, &later, &kept, &res);
	tap_ok(exists(dir, oldguest), "the old days are swept once a day, not at every result");

	char cmd[400];
	snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
	if (system(cmd) != 0)
		perror("rm");
}

/* Four games record 60 guests' results each at once: the day keeps
 * exactly the best SCORES_GUEST_MAX of the 240. */
static void guests_at_once(void)
{
	char dir[] = "/tmp/lo-persist-guests.XXXXXX";
	if (!mkdtemp(dir)) {
		perror("mkdtemp");
		exit(1);
	}
	enum { GAMES = 4, EACH = 60 };
	pid_t kids[GAMES];
	for (int c = 0; c < GAMES; c++) {
		kids[c] = fork();
		if (kids[c] == 0) {
			int fails = 0;
			for (int i = 0; i < EACH; i++) {
				/* moves 1 .. 240, each once, in no order */
				int id = c * EACH + i, moves = 1 + (id * 97) % (GAMES * EACH);
				score g = guest(2000 + id, DAY, "", moves);
				persist_result res;
				bool kept;
				persist_status st = scores_record(dir, &g, &kept, &res);
				fails += st != PERSIST_OK && !(st == PERSIST_REFUSED && strstr(res.why, "guest places"));
			}
			_exit(fails ? 1 : 0);
		}
	}
	int failed = 0;
	for (int c = 0; c < GAMES; c++) {
		int status;
		waitpid(kids[c], &status, 0);
		failed += !WIFEXITED(status) || WEXITSTATUS(status) != 0;
	}
	tap_is(failed, 0, "%d games recording guests at once: no error", GAMES);
	tap_is(count_files(dir, "G", "." DAY), SCORES_GUEST_MAX, "%d guest files kept", SCORES_GUEST_MAX);
	scores t;
	persist_result res;
	tap_is(scores_load(dir, DAY, &t, &res), PERSIST_OK, "read");
	int worst = 0;
	for (int i = 0; i < t.n; i++)
		worst = t.s[i].moves > worst ? t.s[i].moves : worst;
	tap_ok(t.n == SCORES_GUEST_MAX && worst == SCORES_GUEST_MAX, "the best of them (%d rows, worst %d moves)", t.n,
	       worst);
	scores_free(&t);
	char cmd[400];
	snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
	if (system(cmd) != 0)
		perror("rm");
}

int main(void)
{
	parsing();
	ranking();
	directory();
	guests();
	guests_at_once();
	return tap_done();
}
