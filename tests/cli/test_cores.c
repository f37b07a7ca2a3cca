#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "cli/cores.h"
#include "tap.h"

static char root[] = "/tmp/lightsout-cores.XXXXXX";

/* root/REL holding text (its folders made). */
static void put(const char *rel, const char *text)
{
	char path[512];
	snprintf(path, sizeof path, "%s/%s", root, rel);
	for (char *p = path + strlen(root) + 1; (p = strchr(p, '/')); p++) {
		*p = '\0';
		mkdir(path, 0755);
		*p = '/';
	}
	FILE *f = fopen(path, "w");
	fputs(text, f);
	fclose(f);
}

static void quota_is(const char *cgroup, int want, const char *what)
{
	put("proc/self/cgroup", cgroup);
	int got = cores_quota(root);
	tap_ok(got == want, "%s: %d (want %d)", what, got, want);
}

int main(void)
{
	if (!mkdtemp(root))
		return 99;
	tap_ok(cores_quota(root) == 0, "no /proc/self/cgroup: no quota");
	quota_is("0::/a/b\n", 0, "no cpu.max anywhere");
	put("sys/fs/cgroup/a/b/cpu.max", "max 100000\n");
	quota_is("0::/a/b\n", 0, "max: no quota");
	put("sys/fs/cgroup/a/b/cpu.max", "150000 100000\n");
	quota_is("0::/a/b\n", 2, "1.5 cores round up to 2");
	put("sys/fs/cgroup/a/b/cpu.max", "50000 100000\n");
	quota_is("0::/a/b\n", 1, "half a core is one thread");
	put("sys/fs/cgroup/a/b/cpu.max", "800000 100000\n");
	put("sys/fs/cgroup/a/cpu.max", "300000 100000\n");
	quota_is("0::/a/b\n", 3, "a parent's smaller quota limits the child");
	put("sys/fs/cgroup/a/cpu.max", "max 100000\n");
	quota_is("12:cpu,cpuacct:/x\n0::/a/b\n", 8, "the v2 line among v1 lines");
	put("sys/fs/cgroup/cpu.max", "400000 100000\n");
	quota_is("0::/\n", 4, "the root cgroup's own cpu.max");
	put("sys/fs/cgroup/a/b/cpu.max", "lots 100000\n");
	quota_is("0::/a/b\n", 4, "a cpu.max that is not numbers is no quota (the root's still counts)");
	put("sys/fs/cgroup/a/b/cpu.max", "100000 0\n");
	quota_is("0::/a/b\n", 4, "a zero period is no quota");
	put("sys/fs/cgroup/a/b/cpu.max", "99999999999 1000\n");
	quota_is("0::/a/b\n", 4, "a huge quota is capped (the root's 4 wins)");
	quota_is("1:cpu:/a/b\n", 0, "cgroup v1 only, no v1 files: no quota");

	/* cgroup v1: cpu.cfs_quota_us over cpu.cfs_period_us, where the cpu
	 * controller is mounted. */
	put("sys/fs/cgroup/cpu,cpuacct/x/y/cpu.cfs_quota_us", "250000\n");
	put("sys/fs/cgroup/cpu,cpuacct/x/y/cpu.cfs_period_us", "100000\n");
	quota_is("5:memory:/m\n3:cpu,cpuacct:/x/y\n", 3, "v1: 2.5 cores round up to 3");
	put("sys/fs/cgroup/cpu,cpuacct/x/cpu.cfs_quota_us", "100000\n");
	put("sys/fs/cgroup/cpu,cpuacct/x/cpu.cfs_period_us", "100000\n");
	quota_is("3:cpu,cpuacct:/x/y\n", 1, "v1: a parent's smaller quota limits the child");
	put("sys/fs/cgroup/cpu,cpuacct/x/cpu.cfs_quota_us", "-1\n");
	quota_is("3:cpu,cpuacct:/x/y\n", 3, "v1: -1 is no quota");
	put("sys/fs/cgroup/cpu,cpuacct/x/y/cpu.cfs_quota_us", "-1\n");
	quota_is("3:cpu,cpuacct:/x/y\n", 0, "v1: -1 all the way up: no quota");
	quota_is("5:memory:/x/y\n", 0, "v1: a line without the cpu controller is not read");
	put("sys/fs/cgroup/cpu/z/cpu.cfs_quota_us", "600000\n");
	put("sys/fs/cgroup/cpu/z/cpu.cfs_period_us", "200000\n");
	quota_is("2:cpu:/z\n", 3, "v1: the controller mounted as cpu alone");
	quota_is("2:cpuacct,cpu:/z\n", 3, "v1: listed the other way round, found under cpu");
	put("sys/fs/cgroup/cpu/z/cpu.cfs_period_us", "junk\n");
	quota_is("2:cpu:/z\n", 0, "v1: a period that is not a number is no quota");
	put("sys/fs/cgroup/cpu/z/cpu.cfs_period_us", "200000\n");
	/* Both hierarchies (hybrid): v2's quota first, v1's where v2 has none. */
	quota_is("2:cpu:/z\n0::/a/b\n", 4, "v2's quota over v1's");
	put("sys/fs/cgroup/cpu.max", "max 100000\n");
	put("sys/fs/cgroup/a/b/cpu.max", "max 100000\n");
	quota_is("2:cpu:/z\n0::/a/b\n", 3, "v1's quota where v2 sets none");

	int n;
	const char *from;
	char err[200];
	tap_ok(cores_threads("5", "3", &n, &from, err, sizeof err) == 0 && n == 5 && !strcmp(from, "--threads"),
	       "the option over the environment: %d from %s", n, from);
	tap_ok(cores_threads(NULL, "3", &n, &from, err, sizeof err) == 0 && n == 3 && !strcmp(from, "LIGHTSOUT_THREADS"),
	       "the environment over what is detected: %d from %s", n, from);
	tap_ok(cores_threads(NULL, "", &n, &from, err, sizeof err) == 0 && !strcmp(from, "detected") && n >= 1 &&
	       n <= cores_affinity(), "an empty variable is unset: %d, detected", n);
	tap_ok(cores_threads("0", NULL, &n, &from, err, sizeof err) < 0 && strstr(err, "'0'"), "--threads 0: %s", err);
	tap_ok(cores_threads("65", NULL, &n, &from, err, sizeof err) < 0, "--threads 65: %s", err);
	tap_ok(cores_threads(NULL, "4x", &n, &from, err, sizeof err) < 0 && strstr(err, "LIGHTSOUT_THREADS='4x'"),
	       "LIGHTSOUT_THREADS=4x: %s", err);
	tap_ok(cores_affinity() >= 1, "the affinity mask has a CPU");
	char cmd[600];
	snprintf(cmd, sizeof cmd, "rm -rf '%s'", root);
	if (system(cmd) != 0)
		tap_diag("could not remove %s", root);
	return tap_done();
}
