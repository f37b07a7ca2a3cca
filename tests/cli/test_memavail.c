/* The memory a command may take: MemAvailable and the cgroup's
 * memory.max from fake /proc and /sys trees, ulimit -v from a lowered
 * RLIMIT_AS, and the figures in words. */
#define _DEFAULT_SOURCE	/* setrlimit's RLIMIT_AS, mkdtemp */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>

#include "cli/memavail.h"
#include "tap.h"


static void put(const char *root, const char *rel, const char *text)
{
	char path[1024], dir[1024];
	snprintf(path, sizeof path, "%s/%s", root, rel);
	snprintf(dir, sizeof dir, "%s", path);
	for (char *p = dir + strlen(root) + 1; (p = strchr(p, '/')); p++) {
		*p = '\0';
		mkdir(dir, 0700);
		*p = '/';
	}
	FILE *f = fopen(path, "w");
	fputs(text, f);
	fclose(f);
}

int main(void)
{
	char root[] = "/tmp/lightsout-memavail.XXXXXX";
	if (!mkdtemp(root))
		return 99;
	const char *from;
	put(root, "proc/meminfo", "MemTotal:       24000000 kB\nMemFree:  100 kB\nMemAvailable:   2000000 kB\n");
	put(root, "proc/self/cgroup", "0::/user.slice/x\n");
	put(root, "sys/fs/cgroup/user.slice/x/memory.max", "max\n");
	long long n = memavail_bytes(root, &from);
	tap_ok(n == 2000000LL * 1024 && !strcmp(from, "MemAvailable"), "MemAvailable in bytes: %lld (%s)", n, from);
	put(root, "sys/fs/cgroup/user.slice/x/memory.max", "1000000000\n");
	put(root, "sys/fs/cgroup/user.slice/x/memory.current", "400000000\n");
	n = memavail_bytes(root, &from);
	tap_ok(n == 600000000LL && !strcmp(from, "the cgroup's memory.max"), "the cgroup's memory.max less its use: %lld (%s)",
	       n, from);
	put(root, "sys/fs/cgroup/user.slice/x/memory.current", "1200000000\n");
	n = memavail_bytes(root, &from);
	tap_ok(n == 0, "a cgroup over its max leaves nothing: %lld", n);

	/* The real process under ulimit -v: at most the limit, less what it
	 * has mapped already. */
	n = memavail_bytes("", &from);
	tap_ok(n > 0, "this machine: %lld bytes (%s)", n, from);
	struct rlimit rl = { 300LL << 20, 300LL << 20 };
	if (SANITIZED)
		tap_skip("under ulimit -v: a sanitizer build maps too much");
	else if (setrlimit(RLIMIT_AS, &rl) == 0) {
		n = memavail_bytes("", &from);
		tap_ok(n < 300LL << 20 && n > 0 && !strcmp(from, "ulimit -v"), "under ulimit -v 300 MiB: %lld (%s)", n, from);
	} else
		tap_skip("cannot lower RLIMIT_AS");
	char w[32];
	memavail_words(412000000, w, sizeof w);
	tap_ok(!strcmp(w, "412 MB"), "412000000 bytes: %s", w);
	memavail_words(20100000, w, sizeof w);
	tap_ok(!strcmp(w, "20.1 MB"), "20100000 bytes: %s", w);
	memavail_words(1300000000, w, sizeof w);
	tap_ok(!strcmp(w, "1.3 GB"), "1300000000 bytes: %s", w);
	char cmd[128];
	snprintf(cmd, sizeof cmd, "rm -rf %s", root);
	tap_ok(system(cmd) == 0, "fakes removed");
	return tap_done();
}
