/* The leaderboard's order and its table (scores_format.c, scores_table.c):
 * best first on each board, a heading per board, one board alone. */
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

int main(void)
{
	ranking();
	return tap_done();
}
