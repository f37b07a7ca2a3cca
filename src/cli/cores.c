#define _GNU_SOURCE	/* sched_getaffinity, CPU_COUNT */
#include "cli/cores.h"

#include <sched.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "i18n.h"

int cores_affinity(void)
{
	cpu_set_t set;
	if (sched_getaffinity(0, sizeof set, &set) < 0)
		return 1;
	int n = CPU_COUNT(&set);
	return n < 1 ? 1 : n;
}

/* ceil(quota / period) cores, capped; 0 for no quota. */
static int quota_cores(long long quota, long long period)
{
	if (quota <= 0 || period <= 0)
		return 0;
	long long cores = quota / period + (quota % period != 0);
	return cores > CORES_MAX ? CORES_MAX : (int)cores;
}

/* One cgroup v2 folder's cpu.max "QUOTA PERIOD": 0 for "max" or no file. */
static int quota_v2(const char *dir)
{
	char path[6300], quota[32];
	long long period = 0;
	snprintf(path, sizeof path, "%s/cpu.max", dir);
	FILE *f = fopen(path, "r");
	if (!f)
		return 0;
	int got = fscanf(f, "%31s %lld", quota, &period);
	fclose(f);
	if (got != 2 || !strcmp(quota, "max"))
		return 0;
	char *end;
	long long q = strtoll(quota, &end, 10);
	return *end ? 0 : quota_cores(q, period);
}

/* A number alone in a file (cgroup v1's cpu.cfs_*_us); 0 when unreadable. */
static long long number_file(const char *dir, const char *name)
{
	char path[6300], text[32], *end;
	snprintf(path, sizeof path, "%s/%s", dir, name);
	FILE *f = fopen(path, "r");
	if (!f)
		return 0;
	bool got = fgets(text, sizeof text, f) != NULL;
	fclose(f);
	if (!got)
		return 0;
	text[strcspn(text, "\n")] = '\0';
	long long v = strtoll(text, &end, 10);
	return *end || end == text ? 0 : v;
}

/* One cgroup v1 cpu folder: cfs_quota_us over cfs_period_us (-1: none). */
static int quota_v1(const char *dir)
{
	return quota_cores(number_file(dir, "cpu.cfs_quota_us"), number_file(dir, "cpu.cfs_period_us"));
}

/* A limit above the process's cgroup limits it too: the least quota along
 * cg ("/a/b") up to the root, under the hierarchy's folder mount. */
static int least_along(const char *mount, char *cg, int (*quota)(const char *dir))
{
	char dir[6200];
	int least = 0;
	for (;;) {
		snprintf(dir, sizeof dir, "%.2100s%.4000s", mount, strcmp(cg, "/") ? cg : "");
		int q = quota(dir);
		if (q > 0 && (least == 0 || q < least))
			least = q;
		if (!strcmp(cg, "/"))
			break;
		char *slash = strrchr(cg, '/');
		slash[slash == cg] = '\0';	/* "/a" becomes "/" */
	}
	return least;
}

/* Whether a v1 line's controllers ("cpu,cpuacct") include cpu. */
static bool has_cpu(const char *list, size_t len)
{
	for (const char *p = list; p < list + len;) {
		size_t n = strcspn(p, ",:");
		if (n == 3 && !strncmp(p, "cpu", 3))
			return true;
		p += n + 1;
	}
	return false;
}

int cores_quota(const char *root)
{
	char path[2100], line[4096], v2[4096] = "", v1[4096] = "", v1dir[200] = "";
	snprintf(path, sizeof path, "%.2000s/proc/self/cgroup", root);
	FILE *f = fopen(path, "r");
	if (!f)
		return 0;
	/* cgroup v2: the one line "0::/PATH"; v1: "N:cpu,cpuacct:/PATH". */
	while (fgets(line, sizeof line, f)) {
		line[strcspn(line, "\n")] = '\0';
		char *list = strchr(line, ':'), *cg = list ? strchr(list + 1, ':') : NULL;
		if (!cg || cg[1] != '/')
			continue;
		list++;
		if (!strncmp(line, "0::", 3))
			snprintf(v2, sizeof v2, "%s", cg + 1);
		else if (!v1[0] && has_cpu(list, (size_t)(cg - list)) && cg - list < (long)sizeof v1dir) {
			snprintf(v1, sizeof v1, "%s", cg + 1);
			snprintf(v1dir, sizeof v1dir, "%.*s", (int)(cg - list), list);
		}
	}
	fclose(f);
	char mount[2200];
	int least = 0;
	if (v2[0]) {
		snprintf(mount, sizeof mount, "%.2000s/sys/fs/cgroup", root);
		least = least_along(mount, v2, quota_v2);
	}
	/* v1 where v2 sets none: mounted under the controllers' names
	 * ("cpu,cpuacct"), or as plain "cpu". */
	if (!least && v1[0]) {
		char cg[sizeof v1];
		snprintf(mount, sizeof mount, "%.2000s/sys/fs/cgroup/%s", root, v1dir);
		snprintf(cg, sizeof cg, "%s", v1);
		least = least_along(mount, cg, quota_v1);
		if (!least && strcmp(v1dir, "cpu")) {
			snprintf(mount, sizeof mount, "%.2000s/sys/fs/cgroup/cpu", root);
			least = least_along(mount, v1, quota_v1);
		}
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
			snprintf(err, errlen, _("bad thread count '%s': use --threads N, N from 1 to %d"), option,
				 CORES_MAX);
			return -1;
		}
		return 0;
	}
	if (env && *env) {
		*from = "LIGHTSOUT_THREADS";
		if (parse_count(env, threads) < 0) {
			snprintf(err, errlen, _("bad LIGHTSOUT_THREADS='%.40s': use a count from 1 to %d (or unset it)"),
				 env, CORES_MAX);
			return -1;
		}
		return 0;
	}
	/* TRANSLATORS: where solve --verbose's thread count came from:
	 * "4 threads (detected)". */
	*from = N_("detected");

	int n = cores_affinity(), q = cores_quota("");
	if (q > 0 && q < n)
		n = q;
	*threads = n > CORES_MAX ? CORES_MAX : n;
	return 0;
}
