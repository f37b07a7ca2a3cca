/* The practice ladder's file: the old "RUNG KEY" lines still read, every
 * number bounded, damaged files set aside, other kinds' lines kept. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "persist/atomic.h"
#include "persist/ladder.h"
#include "tap.h"

static void put(const char *path, const char *text)
{
	FILE *f = fopen(path, "w");
	fputs(text, f);
	fclose(f);
}

int main(void)
{
	char dir[] = "/tmp/lo-persist-ladder.XXXXXX", path[200], err[300], link[220];
	if (!mkdtemp(dir)) {
		perror("mkdtemp");
		return 1;
	}
	snprintf(path, sizeof path, "%s/ladder", dir);
	const char *key = "4x4 k2 plus normal", *other = "5x5 k2 plus  hard";
	long rung = -7;
	persist_result res;

	/* The format of the old game/practice.c. */
	const char *old = "3 5x5 k2 plus  hard\n6 4x4 k2 plus normal\n";
	tap_is(ladder_parse(old, strlen(old), key, &rung, err, sizeof err), 1, "old lines parse");
	tap_is(rung, 6, "rung 6");
	tap_is(ladder_parse(old, strlen(old), "3x3 k2 plus normal", &rung, err, sizeof err), 0, "another key: none");
	const char *bad[] = { "x 4x4\n", "12\n", "-3 4x4\n", "1000001 4x4 k2 plus normal\n",
			      "100000000 4x4 k2 plus normal\n", "99999999999999999999999 4x4\n" };
	for (size_t i = 0; i < sizeof bad / sizeof *bad; i++)
		tap_ok(ladder_parse(bad[i], strlen(bad[i]), key, &rung, err, sizeof err) < 0 &&
		       strncmp(err, "line 1: ", 8) == 0, "damaged: %s", err);

	tap_is(ladder_read(path, key, 16, &rung, &res), PERSIST_NONE, "no file: none");
	put(path, old);
	tap_is(ladder_read(path, key, 16, &rung, &res), PERSIST_OK, "an old file reads");
	tap_is(rung, 6, "its rung");

	/* The rung that stalled the start for 35 s: damaged, set aside at once. */
	put(path, "100000000 4x4 k2 plus normal\n");
	time_t t0 = time(NULL);
	tap_is(ladder_read(path, key, 16, &rung, &res), PERSIST_SET_ASIDE, "rung 10^8: set aside (%s)", res.why);
	tap_ok(time(NULL) - t0 < 5 && access(res.moved, F_OK) == 0 && access(path, F_OK) != 0, "kept as %s",
	       res.moved);
	/* Within the cap but beyond the board: clamped to rows*cols*(k-1). */
	put(path, "5000 4x4 k2 plus normal\n");
	tap_is(ladder_read(path, key, 16, &rung, &res), PERSIST_OK, "rung 5000 on a 4x4 board reads");
	tap_is(rung, 16, "clamped to 16");

	/* Writing keeps the other kinds and replaces ours. */
	put(path, old);
	tap_is(ladder_write(path, key, 9, &res), PERSIST_OK, "write");
	size_t len;
	char *text = atomic_read(path, &len, err, sizeof err);
	tap_ok(text && strcmp(text, "3 5x5 k2 plus  hard\n9 4x4 k2 plus normal\n") == 0, "other line kept");
	free(text);
	tap_ok(ladder_read(path, other, 50, &rung, &res) == PERSIST_OK && rung == 3, "the other kind's rung");
	/* Lines ending in CR LF (edited elsewhere) read, and are written back plain. */
	put(path, "3 5x5 k2 plus  hard\r\n6 4x4 k2 plus normal\r\n");
	tap_ok(ladder_read(path, key, 16, &rung, &res) == PERSIST_OK && rung == 6, "CR LF lines read");
	tap_is(ladder_write(path, key, 7, &res), PERSIST_OK, "and written");
	text = atomic_read(path, &len, err, sizeof err);
	tap_ok(text && strcmp(text, "3 5x5 k2 plus  hard\n7 4x4 k2 plus normal\n") == 0, "without their CRs: %s",
	       text ? text : err);
	free(text);
	tap_is(ladder_write(path, key, LADDER_RUNG_MAX + 1, &res), PERSIST_REFUSED, "a rung beyond the cap is not written");
	/* A damaged file is set aside by a write too, and the rung still kept. */
	put(path, "garbage\n");
	tap_is(ladder_write(path, key, 4, &res), PERSIST_SET_ASIDE, "write over a damaged file");
	tap_ok(ladder_read(path, key, 16, &rung, &res) == PERSIST_OK && rung == 4, "fresh file holds the rung");

	/* A symlink in its place is refused, its target never touched. */
	unlink(path);
	snprintf(link, sizeof link, "%s/target", dir);
	if (symlink(link, path) < 0)
		tap_diag("symlink failed");
	tap_is(ladder_write(path, key, 4, &res), PERSIST_REFUSED, "writing over a link refused: %s", res.why);
	tap_ok(access(link, F_OK) != 0, "the link's target was never created");
	tap_is(ladder_read(path, key, 16, &rung, &res), PERSIST_REFUSED, "reading through a link refused");
	tap_ok(access(link, F_OK) != 0, "still nothing created");

	snprintf(err, sizeof err, "rm -rf %s", dir);
	if (system(err) != 0)
		tap_diag("cleanup failed");
	return tap_done();
}
