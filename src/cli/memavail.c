#define _DEFAULT_SOURCE	/* getrlimit's RLIMIT_AS under _POSIX_C_SOURCE */
#include "base/path.h"
#include "cli/memavail.h"

#include <stdio.h>
#include <string.h>
#include <sys/resource.h>

#include "i18n.h"

/* "NAME: N kB" of a /proc file: N in bytes, or -1. */
static long long proc_field(const char *path, const char *name)
{
	FILE *f = fopen(path, "r");
	char line[256];
	long long v = -1;
	size_t n = strlen(name);
	while (f && fgets(line, sizeof line, f))
		if (!strncmp(line, name, n) && line[n] == ':' && sscanf(line + n + 1, "%lld", &v) == 1) {
			v *= 1024;
			break;
		}
	if (f)
		fclose(f);
	return v;
}

/* A number alone in a file; -1 for "max" or none. */
static long long file_number(const char *path)
{
	FILE *f = fopen(path, "r");
	long long v = -1;
	if (f && fscanf(f, "%lld", &v) != 1)
		v = -1;
	if (f)
		fclose(f);
	return v;
}

long long memavail_bytes(const char *root, const char **from)
{
	char path[PATH_LEN];
	long long best = 1LL << 62;
	/* TRANSLATORS: where the memory's bound came from, in brackets after
	 * "... and 2.0 GB is available" (_() where it is said). */
	*from = N_("no bound found");
	snprintf(path, sizeof path, "%.2000s/proc/meminfo", root);
	long long v = proc_field(path, "MemAvailable");
	if (v >= 0 && v < best)
		best = v, *from = "MemAvailable";
	/* The address space already mapped counts against ulimit -v. */
	struct rlimit rl;
	snprintf(path, sizeof path, "%.2000s/proc/self/status", root);
	long long mapped = proc_field(path, "VmSize");
	if (!*root && getrlimit(RLIMIT_AS, &rl) == 0 && rl.rlim_cur != RLIM_INFINITY) {
		v = (long long)rl.rlim_cur - (mapped > 0 ? mapped : 0);
		if (v < best)
			best = v < 0 ? 0 : v, *from = "ulimit -v";
	}
	/* cgroup v2: the process's own cgroup's memory.max over its use. */
	snprintf(path, sizeof path, "%.2000s/proc/self/cgroup", root);
	FILE *f = fopen(path, "r");
	char line[2048];
	if (f && fgets(line, sizeof line, f) && !strncmp(line, "0::", 3)) {
		line[strcspn(line, "\n")] = '\0';
		snprintf(path, sizeof path, "%.2000s/sys/fs/cgroup%.1500s/memory.max", root, line + 3);
		long long max = file_number(path);
		snprintf(path, sizeof path, "%.2000s/sys/fs/cgroup%.1500s/memory.current", root, line + 3);
		long long cur = file_number(path);
		if (max >= 0 && max - (cur > 0 ? cur : 0) < best) {
			best = max - (cur > 0 ? cur : 0);
			best = best < 0 ? 0 : best;
			*from = N_("the cgroup's memory.max");

		}
	}
	if (f)
		fclose(f);
	return best;
}

void memavail_words(long long n, char *buf, unsigned len)
{
	if (n >= 10LL * 1000 * 1000 * 1000)
		snprintf(buf, len, "%.0f GB", n / 1e9);
	else if (n >= 1000LL * 1000 * 1000)
		snprintf(buf, len, "%.1f GB", n / 1e9);
	else if (n >= 100LL * 1000 * 1000)
		snprintf(buf, len, "%.0f MB", n / 1e6);
	else
		snprintf(buf, len, "%.1f MB", n / 1e6);
}
