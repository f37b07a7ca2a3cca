/* The host's daily leaderboard as one user sees it (scores_dir.c,
 * scores_read.c, scores_write.c): our own file kept best, planted links,
 * FIFOs, large, binary, forged and shared files skipped with a note.  The
 * format, the table and the guests' quota have tests of their own; two
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
#include "scores_fixture.h"
#include "tap.h"

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
	scratch_make(dir);
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

	scratch_remove(dir);
}

int main(void)
{
	directory();
	return tap_done();
}
