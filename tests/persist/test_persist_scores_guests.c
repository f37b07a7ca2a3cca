/* The guests' quota (scores_guests.c): at most SCORES_GUEST_MAX results a
 * day, the most crowded board's worst going first, none older than
 * SCORES_GUEST_DAYS, a key's never removed; four writers at once. */
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
	scratch_make(dir);
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

	scratch_remove(dir);
}

/* Four games record 60 guests' results each at once: the day keeps
 * exactly the best SCORES_GUEST_MAX of the 240. */
static void guests_at_once(void)
{
	char dir[] = "/tmp/lo-persist-guests.XXXXXX";
	scratch_make(dir);
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
	scratch_remove(dir);
}

int main(void)
{
	guests();
	guests_at_once();
	return tap_done();
}
