/* What the leaderboard's tests share: a day, a file planted, a result
 * made, a note looked for, a scratch directory made and removed. */
#ifndef LO_TEST_SCORES_FIXTURE_H
#define LO_TEST_SCORES_FIXTURE_H

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "persist/scores.h"

#define DAY "2026-11-22"

static inline void put(const char *dir, const char *name, const char *text, mode_t mode)
{
	char path[300];
	snprintf(path, sizeof path, "%s/%s", dir, name);
	FILE *f = fopen(path, "w");
	fputs(text, f);
	fclose(f);
	chmod(path, mode);
}

static inline score make(const char *date, const char *level, int moves, long long ms, bool assisted)
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
static inline bool noted(const scores *t, const char *a, const char *b)
{
	for (int i = 0; i < t->nnotes; i++)
		if (strstr(t->notes[i], a) && strstr(t->notes[i], b))
			return true;
	return false;
}

/* A test's scratch directory made from its template ("...XXXXXX"). */
static inline void scratch_make(char *dir)
{
	if (!mkdtemp(dir)) {
		perror("mkdtemp");
		exit(1);
	}
}

/* A test's scratch directory gone, whatever is in it. */
static inline void scratch_remove(const char *dir)
{
	char cmd[400];
	snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
	if (system(cmd) != 0)
		perror("rm");
}

#endif
