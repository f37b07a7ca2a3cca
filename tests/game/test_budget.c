/* A host's budget for one board (game/budget.h): the engine's estimate of
 * a build against what it takes once built, measured in a child process;
 * the largest board the budget allows, and its sentence; game_init
 * refusing at once what is past it; and the backstop on a job's thread,
 * whose own CPU clock ends the process. */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "game/budget.h"
#include "game/thread.h"
#include "game_config.h"
#include "tap.h"

#define MIB (1024.0 * 1024.0)


/* A line of /proc/self/status in kB ("VmRSS", "VmHWM"); -1 unknown. */
static long status_kb(const char *field)
{
	FILE *f = fopen("/proc/self/status", "r");
	char line[256];
	long v = -1;
	size_t n = strlen(field);
	while (f && fgets(line, sizeof line, f))
		if (!strncmp(line, field, n) && line[n] == ':')
			v = strtol(line + n + 1, NULL, 10);
	if (f)
		fclose(f);
	return v;
}

/* The bytes a build of cfg's system takes, measured in a child: its peak
 * resident set less what it held before; -1 when it could not say. */
static double measured_bytes(const game_config *cfg)
{
	int fds[2];
	if (pipe(fds) != 0)
		return -1;
	pid_t pid = fork();
	if (pid == 0) {
		close(fds[0]);
		rule r;
		variant_rule(&cfg->v, &r);
		long before = status_kb("VmRSS");
		/* Counts only, on one thread: the quiet patterns are a budget's
		 * remainder (kernel_max), not the estimate's. */
		system_ctl ctl = { .counts_only = true, .threads = 1 };
		lo_system *s = NULL;
		long after = -1;
		if (system_create_ctl(cfg->v.rows, cfg->v.cols, &r, cfg->v.k, &ctl, &s) == LO_OK)
			after = status_kb("VmHWM");
		long d = before < 0 || after < 0 ? -1 : after - before;
		if (write(fds[1], &d, sizeof d) != (ssize_t)sizeof d)
			_exit(1);
		_exit(0);
	}
	close(fds[1]);
	long d = -1;
	if (pid < 0 || read(fds[0], &d, sizeof d) != (ssize_t)sizeof d)
		d = -1;
	close(fds[0]);
	if (pid > 0)
		waitpid(pid, NULL, 0);
	return d < 0 ? -1 : d * 1024.0;
}

static void model_against_builds(void)
{
	static const struct {
		int side, k;
		const char *rule;
		bool torus;
		const char *backend;
	} cases[] = {
		{ 48, 36, "knight", true, "zband" },
		{ 80, 3, "knight", false, "zband" },
		{ 90, 2, "box", true, "band" },
		{ 100, 3, "plus", true, "zchase" },
		{ 600, 4, "plus", false, "zchase" },
		{ 200, 2, "plus", false, "chase" },
		{ 150, 2, "mask:010/111/010", true, "chase" },
		{ 100, 5, "cross", false, "cross" },
		{ 30, 3, "random:7", false, "dense zmod" },
		{ 36, 36, "random:7", false, "dense zmod" },
		{ 60, 2, "hex", false, "dense gf2" },
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		game_config c = test_config(cases[i].side, cases[i].side, cases[i].k, cases[i].rule, cases[i].torus);
		rule r;
		system_cost est;
		variant_rule(&c.v, &r);
		bool got = system_cost_of(c.v.rows, c.v.cols, &r, c.v.k, &est);
		tap_ok(got && !strcmp(est.backend, cases[i].backend), "%dx%d %s k=%d%s: estimated for the %s back end (%s)",
		       c.v.rows, c.v.cols, c.v.rule, c.v.k, c.v.torus ? " torus" : "", cases[i].backend,
		       got ? est.backend : "none");
		double took = SANITIZED ? -1 : measured_bytes(&c);
		if (took < 0) {
			tap_skip("%s", SANITIZED ? "a sanitizer's allocator: not measured" : "no /proc/self/status to measure with");
			continue;
		}
		tap_diag("%dx%d %s k=%d%s: estimated %.2f MiB, %.2g operations; measured %.2f MiB", c.v.rows, c.v.cols,
			 c.v.rule, c.v.k, c.v.torus ? " torus" : "", est.bytes / MIB, est.work, took / MIB);
		/* An upper estimate, and not one so far above that the boards it
		 * allows shrink for nothing.  The resident set is measured in
		 * the allocator's steps (glibc grows its heap 128 KiB at a
		 * time, and the first thread's arena more): a quarter MiB. */
		tap_ok(took <= est.bytes + 0.25 * MIB, "  its build took no more than estimated");
		tap_ok(est.bytes <= 8 * took + 2 * MIB, "  and the estimate is within 8x of it");
	}
}

static void unbounded(void)
{
	budget_set(0, 0);
	game_config c = test_config(200, 200, 36, "knight", true);
	char err[300] = "";
	tap_ok(!budget_bounded(), "no budget set: unbounded (local play)");
	tap_ok(budget_check(&c, err, sizeof err) == LO_OK, "any board is within no budget: 200x200 knight k=36 torus");
	system_ctl ctl;
	budget_system_ctl(&c, &ctl);
	tap_ok(ctl.threads == 0 && ctl.kernel_max == 0 && budget_threads() == 0,
	       "the build keeps the engine's own choices (threads, quiet patterns)");
	tap_ok(budget_backstop() == 0, "and no backstop on a job's CPU");
}

static void bounded(void)
{
	budget_set(4 * MIB, 2);
	tap_ok(budget_bounded(), "a host's budget: 4 MiB and 2 s a board");
	game_config big = test_config(200, 200, 36, "knight", true);
	double bytes = 0, seconds = 0;
	bool known = budget_estimate(&big, &bytes, &seconds);
	tap_ok(known && bytes > 300 * MIB && seconds > 10,
	       "200x200 knight k=36 torus is estimated at its measured cost, over 300 MiB and 10 s (%.0f MiB, %.0f s)",
	       bytes / MIB, seconds);
	char err[300] = "", want[300];
	tap_ok(budget_check(&big, err, sizeof err) == LO_TOO_LARGE, "it is refused");
	int side = budget_largest_side(&big, 200);
	snprintf(want, sizeof want, "Too big for this host: with this rule, 36 states and a torus, boards up to %dx%d.",
		 side, side);
	tap_ok(side > 20 && side < 100, "the largest of its rule and k is a playable size (%dx%d)", side, side);
	tap_ok(!strcmp(err, want), "in a sentence that says so: %s", err);
	game_config at = test_config(side, side, 36, "knight", true), past = test_config(side + 1, side + 1, 36, "knight", true);
	tap_ok(budget_check(&at, err, sizeof err) == LO_OK, "%dx%d is within the budget", side, side);
	tap_ok(budget_check(&past, err, sizeof err) == LO_TOO_LARGE, "%dx%d is not", side + 1, side + 1);
	known = budget_estimate(&at, &bytes, &seconds);
	tap_ok(known && bytes <= 4 * MIB && seconds <= 2,
	       "the largest's estimate is within both bounds (%.2f MiB, %.2f s)", bytes / MIB, seconds);
	game_config flat = test_config(200, 200, 3, "knight", false);
	budget_check(&flat, err, sizeof err);
	snprintf(want, sizeof want, "Too big for this host: with this rule and 3 states, boards up to %dx%d.",
		 budget_largest_side(&flat, 200), budget_largest_side(&flat, 200));
	tap_ok(!strcmp(err, want), "without a torus: %s", err);
	/* What players play most stays playable at the menu's largest. */
	static const char *const easy[] = { "plus", "cross" };
	for (int i = 0; i < 2; i++)
		for (int k = 2; k <= 36; k += 34) {
			game_config c = test_config(200, 200, k, easy[i], false);
			tap_ok(budget_check(&c, err, sizeof err) == LO_OK, "200x200 %s k=%d stays within it", easy[i], k);
		}
	game_config huge = test_config(200, 200, 36, "random:5", false);
	budget_check(&huge, err, sizeof err);
	snprintf(want, sizeof want, "Too big for this host: with this rule and 36 states, boards up to %dx%d.",
		 budget_largest_side(&huge, 200), budget_largest_side(&huge, 200));
	tap_ok(!strcmp(err, want), "a board no solver takes: the host's largest too, not the solver's limit: %s", err);
	game_config small = test_config(5, 5, 36, "knight", true);
	tap_ok(budget_check(&small, err, sizeof err) == LO_OK, "and any rule at 5x5");
	/* game_init, which every board goes through, refuses before building. */
	game g;
	struct timespec t0, t1;
	clock_gettime(CLOCK_MONOTONIC, &t0);
	lo_result rc = game_init(&g, &big, err, sizeof err);
	clock_gettime(CLOCK_MONOTONIC, &t1);
	double took = (double)(t1.tv_sec - t0.tv_sec) + (t1.tv_nsec - t0.tv_nsec) / 1e9;
	tap_ok(rc == LO_TOO_LARGE && strstr(err, "boards up to"), "game_init refuses it, saying why: %s", err);
	tap_ok(took < 0.5, "at once (%.3f s)", took);
	tap_ok(game_init(&g, &at, err, sizeof err) == LO_OK, "and makes the largest allowed (%dx%d)", side, side);
	game_free(&g);
	system_ctl ctl;
	budget_system_ctl(&at, &ctl);
	tap_ok(ctl.threads == 1 && ctl.kernel_max > 0 && ctl.kernel_max <= 4 * MIB,
	       "a bounded build runs on its own thread, its quiet patterns within what is left");
	tap_ok(budget_threads() == 1 && budget_backstop() == 9, "jobs on one thread; the backstop at 2 x 2 s + 5 s");
	budget_set(0, 0);
}

/* A job past its clock ends the process with SIGXCPU; one that takes the
 * clock away in time does not. */
static volatile double sink;
static void *spin(void *arg)
{
	double *limits = arg;
	thread_cpu_limit(limits[0]);
	if (limits[1] > 0)
		thread_cpu_limit(0);
	struct timespec t0, t;
	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t0);
	do {
		for (int i = 0; i < 100000; i++)
			sink += i;
		clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
	} while ((double)(t.tv_sec - t0.tv_sec) + (t.tv_nsec - t0.tv_nsec) / 1e9 < 0.6);
	return NULL;
}

static int spun(double limit, double disarm)
{
	pid_t pid = fork();
	if (pid == 0) {
		double limits[2] = { limit, disarm };
		pthread_t t;
		if (thread_start(&t, spin, limits) != 0)
			_exit(3);
		pthread_join(t, NULL);
		_exit(0);
	}
	int st = 0;
	waitpid(pid, &st, 0);
	return WIFSIGNALED(st) ? -WTERMSIG(st) : WEXITSTATUS(st);
}

static void backstop(void)
{
	int st = spun(0.2, 0);
	tap_ok(st == -SIGXCPU, "a job's thread past its CPU clock ends the process with SIGXCPU (%d)", st);
	st = spun(0.2, 1);
	tap_ok(st == 0, "one that took its clock away runs on (%d)", st);
}

int main(void)
{
	model_against_builds();
	unbounded();
	bounded();
	backstop();
	return tap_done();
}
