/* A scratch host directory for the game layer's arcade tests: live/ and
 * watch/ made, the whole removed at the end. */
#ifndef LO_TEST_HOST_SCRATCH_H
#define LO_TEST_HOST_SCRATCH_H

#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>

#include "tap.h"

/* dir: a mkdtemp template; false (said as a bail-out) when it cannot be made. */
static inline bool host_scratch_make(char *dir)
{
	char path[300];
	if (!mkdtemp(dir)) {
		printf("Bail out! mkdtemp\n");
		return false;
	}
	const char *parts[] = { "live", "watch" };
	for (int i = 0; i < 2; i++) {
		snprintf(path, sizeof path, "%s/%s", dir, parts[i]);
		mkdir(path, 0700);
	}
	return true;
}

static inline void host_scratch_remove(const char *dir)
{
	char cmd[128];
	snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
	if (system(cmd) != 0)
		tap_diag("could not remove %s", dir);
}

#endif
