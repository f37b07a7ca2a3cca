#define _GNU_SOURCE	/* sched_getaffinity, CPU_COUNT */
#include "cli/cores.h"

#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int cores_affinity(void)
{
	cpu_set_t set;
	if (sched_getaffinity(0, sizeof set, &set) < 0)
		return 1;
	int n = CPU_COUNT(&set);
	return n < 1 ? 1 : n;
}

/* One cpu.max: ceil(QUOTA / PERIOD), or 0 for "max" or no file. */
static int quota_file(const char *path)
{
	FILE *f = fopen(path, "r");
	char quota[32];
	long long period = 0;
	if (!f)
		return 0;
	int got = fscanf(f, "%31s %lld", quota, &period);
	fclose(f);
	if (got != 2 || period <= 0 || !strcmp(quota, "max"))
		return 0;
	char *end;
	long long q = strtoll(quota, &end, 10);
	if (*end || q <= 0)
		return 0;
	long long cores = (q + period - 1) / period;
	return cores > CORES_MAX ? CORES_MAX : (int)cores;
}

int cores_quota(const char *root)
{
	char path[6200], line[4096];
	snprintf(path, sizeof path, "%.2000s/proc/self/cgroup", root);
	FILE *f = fopen(path, "r");
	if (!f)
		return 0;
	/* cgroup v2: the one line "0::/PATH". */
	char *cg = NULL;
	while (fgets(line, sizeof line, f))
		if (!strncmp(line, "0::/", 4)) {
			line[strcspn(line, "\n")] = '\0';
			cg = line + 3;
			break;
		}
	fclose(f);
	if (!cg)
		return 0;
	/* A limit above the process's cgroup limits it too: the least of the
	 * path's, up to the root. */
	int least = 0;
	for (;;) {
		snprintf(path, sizeof path, "%.2000s/sys/fs/cgroup%.4096s/cpu.max", root, strcmp(cg, "/") ? cg : "");
		int q = quota_file(path);
		if (q > 0 && (least == 0 || q < least))
			least = q;
		if (!strcmp(cg, "/"))
			break;
		char *slash = strrchr(cg, '/');
		slash[slash == cg] = '\0';	/* "/a" becomes "/" */
	}
	return least;
}

/* "N", 1 <= N <= CORES_MAX. */
static int parse_count(const char *s, int *n)
{
	char *end;
	long v;
	if (!s || *s < '0' || *s > '9')
		return -1;
	v = strtol(s, &end, 10);
	if (*end || v < 1 || v > CORES_MAX)
		return -1;
	*n = (int)v;
	return 0;
}

int cores_threads(const char *option, const char *env, int *threads, const char **from, char *err, size_t errlen)
{
	if (option) {
		*from = "--threads";
		if (parse_count(option, threads) < 0) {
			snprintf(err, errlen, "bad thread count '%s': use --threads N, N from 1 to %d", option, CORES_MAX);
			return -1;
		}
		return 0;
	}
	if (env && *env) {
		*from = "LIGHTSOUT_THREADS";
		if (parse_count(env, threads) < 0) {
			snprintf(err, errlen, "bad LIGHTSOUT_THREADS='%.40s': use a count from 1 to %d (or unset it)", env,
				 CORES_MAX);
			return -1;
		}
		return 0;
	}
	*from = "detected";
	int n = cores_affinity(), q = cores_quota("");
	if (q > 0 && q < n)
		n = q;
	*threads = n > CORES_MAX ? CORES_MAX : n;
	return 0;
}
