/* The leaderboard's record format (scores_format.c): strict, a round
 * trip, dates checked. */
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

int main(void)
{
	parsing();
	return tap_done();
}
