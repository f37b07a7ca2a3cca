/* make bench: the solver's figures, each case beside the baseline it
 * replaces, measured in the same run.  Every case runs in a child process
 * so its peak memory (ru_maxrss) is its own.  Not a test: see make check. */
#define _GNU_SOURCE	/* wait4, F_SETPIPE_SZ */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "config.h"
#include "engine/chase.h"
#include "engine/distribution.h"
#include "engine/generate.h"
#include "engine/gf2.h"
#include "engine/rng.h"
#include "engine/search.h"
#include "engine/system.h"
#include "engine/zmod.h"
#include "persist/savegame.h"
#include "persist/scores.h"
#ifdef HAVE_M4RI
#include <m4ri/m4ri.h>
#endif

static double now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

/* What a case reports back through the pipe. */
typedef struct outcome {
	double seconds;		/* measured (or extrapolated, see note) */
	char note[160];
} outcome;

typedef void (*case_fn)(const void *arg, outcome *o);

typedef struct measured {
	outcome o;
	double peak_mb;
	bool ok;
} measured;

static measured run_case(case_fn fn, const void *arg)
{
	measured m = { 0 };
	int fd[2];
	if (pipe(fd) < 0)
		return m;
	fflush(stdout);
	pid_t pid = fork();
	if (pid == 0) {
		close(fd[0]);
		outcome o = { 0 };
		fn(arg, &o);
		if (write(fd[1], &o, sizeof o) != (ssize_t)sizeof o)
			_exit(1);
		_exit(0);
	}
	close(fd[1]);
	m.ok = read(fd[0], &m.o, sizeof m.o) == (ssize_t)sizeof m.o;
	close(fd[0]);
	int status;
	struct rusage ru;
	wait4(pid, &status, 0, &ru);
	m.peak_mb = ru.ru_maxrss / 1024.0;
	m.ok = m.ok && WIFEXITED(status) && WEXITSTATUS(status) == 0;
	return m;
}

static void fmt_time(double s, char *buf, size_t len)
{
	if (s < 1e-3)
		snprintf(buf, len, "%.0f us", s * 1e6);
	else if (s < 1)
		snprintf(buf, len, "%.1f ms", s * 1e3);
	else if (s < 600)
		snprintf(buf, len, "%.2f s", s);
	else if (s < 86400 * 2)
		snprintf(buf, len, "%.1f h", s / 3600);
	else
		snprintf(buf, len, "%.0f days", s / 86400);
}

static void row(const char *name, const measured *m, const char *base_name, const measured *b)
{
	char t[32], bt[32] = "", ratio[32] = "";
	fmt_time(m->o.seconds, t, sizeof t);
	if (b) {
		fmt_time(b->o.seconds, bt, sizeof bt);
		snprintf(ratio, sizeof ratio, "%.1fx", b->o.seconds / m->o.seconds);
	}
	printf("%-34s %10s %8.1f MB  %-24s %10s %9s  %s%s%s\n", name, m->ok ? t : "FAILED", m->peak_mb,
	       base_name ? base_name : "", bt, ratio, m->o.note, b && b->o.note[0] ? "; baseline " : "",
	       b ? b->o.note : "");
	fflush(stdout);
}

/* ---- minimal-weight search on the all-lit n x n classic board ---- */

typedef struct lit_case {
	int n;
	bool gray;
	double limit;		/* seconds; 0 = none */
} lit_case;

static void lit_min(const void *arg, outcome *o)
{
	const lit_case *c = arg;
	rule r;
	char err[64];
	rule_parse(&r, "plus", false, err, sizeof err);
	int n = c->n * c->n;
	lo_system *s = system_new(c->n, c->n, &r, 2);
	uint8_t *b = malloc((size_t)n), *x = malloc((size_t)n);
	memset(b, 1, (size_t)n);
	system_solve(s, b, x, NULL);
	search_ctl ctl = { .time_limit = c->limit, .plain_gray = c->gray };
	search_result res;
	double t0 = now();
	search_minimal(s, x, &ctl, &res);
	o->seconds = now() - t0;
	double total = 1;
	for (int i = 0; i < system_nullity(s); i++)
		total *= 2;
	if (res.optimal)
		snprintf(o->note, sizeof o->note, "d=%d, %d presses, proven minimal", system_nullity(s), res.weight);
	else {
		/* Extrapolate from the rate over the part searched. */
		double rate = res.combinations > 0 ? res.combinations / o->seconds : 0;
		if (rate > 0)
			o->seconds = total / rate;
		snprintf(o->note, sizeof o->note, "d=%d, best %d in %.0f s, extrapolated from %.3g combinations/s",
			 system_nullity(s), res.weight, c->limit, rate);
	}
}

/* A075464: minimal presses for the all-lit n x n board, n = 1..40. */
static const int a075464[40] = {
	1, 4, 5, 4, 15, 28, 33, 40, 25, 44, 55, 72, 105, 56, 117, 104, 147, 188, 141, 224,
	245, 276, 231, 270, 353, 356, 405, 416, 345, 376, 553, 428, 469, 520, 563, 600, 761, 772, 561, 696,
};

static void all_lit_1_40(const void *arg, outcome *o)
{
	(void)arg;
	int agree = 0;
	double t0 = now();
	for (int n = 1; n <= 40; n++) {
		lit_case c = { n, false, 0 };
		outcome one;
		lit_min(&c, &one);
		int w = -1;
		sscanf(one.note, "d=%*d, %d presses, proven", &w);
		agree += w == a075464[n - 1];
	}
	o->seconds = now() - t0;
	snprintf(o->note, sizeof o->note, "%d of 40 equal OEIS A075464, all proven minimal", agree);
}

/* ---- giant classic boards: light chasing vs dense elimination ---- */

typedef struct board_case {
	const char *rule;
	int rows, cols;
	int dense;		/* 0: lo_system; 1: plain dense [A|I]; 2: dense by gf2_rref */
	bool torus;
} board_case;

/* All lit, or random cells with a certificate asked for. */
static void solve_board_as(const board_case *c, bool random_cells, outcome *o)
{
	rule r;
	char err[64];
	rule_parse(&r, c->rule, c->torus, err, sizeof err);
	int n = c->rows * c->cols;
	if (c->dense) {
		/* The baseline: the dense system, built and reduced as system.c
		 * does for small boards, by plain one-pivot-at-a-time elimination. */
		double t0 = now();
		gf2_mat *m = gf2_new(n, 2 * n);
		int *nb = malloc((size_t)rule_max_cells(&r, c->rows, c->cols) * sizeof *nb), *piv = malloc((size_t)n * sizeof *piv);
		for (int j = 0; j < n; j++) {
			int k = rule_neighbours(&r, c->rows, c->cols, j / c->cols, j % c->cols, nb);
			for (int t = 0; t < k; t++)
				gf2_set(m, nb[t], j, 1);
			gf2_set(m, j, n + j, 1);
		}
		int rank = c->dense == 1 ? gf2_rref_plain(m, n, piv) : gf2_rref(m, n, piv);
		o->seconds = now() - t0;
		snprintf(o->note, sizeof o->note, "nullity %d", n - rank);
		return;
	}
	board *b = board_new(c->rows, c->cols, 2);
	uint8_t *x = malloc((size_t)n), *cert = random_cells ? malloc((size_t)n) : NULL;
	rng g;
	rng_seed(&g, 1);
	for (int i = 0; i < n; i++)
		b->cells[i] = random_cells ? (uint8_t)rng_below(&g, 2) : 1;
	double t0 = now();
	lo_system *s = system_new(c->rows, c->cols, &r, 2);
	lo_result st = s ? system_solve(s, b->cells, x, cert) : LO_NOMEM;
	o->seconds = now() - t0;
	const char *what = "unsolvable";
	if (st == LO_OK) {
		rule_apply(&r, b, x);
		what = board_is_clear(b) ? "solved and verified" : "WRONG";
	} else if (st == LO_UNSOLVABLE && cert) {
		/* A quiet pattern with odd overlap: checked by pressing it. */
		int dot = 0;
		for (int i = 0; i < n; i++)
			dot ^= cert[i] & b->cells[i];
		memset(b->cells, 0, (size_t)c->rows * (size_t)c->cols);
		rule_apply(&r, b, cert);
		what = dot && board_is_clear(b) ? "unsolvable, certificate verified" : "WRONG certificate";
	}
	snprintf(o->note, sizeof o->note, "nullity %d, %s %s", s ? system_nullity(s) : -1,
		 random_cells ? "random" : "all-lit", what);
	free(cert);
}

static void solve_board(const void *arg, outcome *o)
{
	solve_board_as(arg, false, o);
}

static void solve_random(const void *arg, outcome *o)
{
	solve_board_as(arg, true, o);
}

/* The classic rule's path before the polynomials for singular boards:
 * M built and eliminated densely (chase_solve_dense), all lit. */
static void solve_dense_m(const void *arg, outcome *o)
{
	const board_case *c = arg;
	rule r;
	char err[64];
	rule_parse(&r, c->rule, false, err, sizeof err);
	size_t n = (size_t)c->rows * c->cols;
	board *b = board_new(c->rows, c->cols, 2);
	uint8_t *x = malloc(n);
	memset(b->cells, 1, n);
	double t0 = now();
	chase *ch = chase_new(c->rows, c->cols, &r);
	bool ok = ch && chase_solve_dense(ch, b->cells, x, NULL) == LO_OK;
	o->seconds = now() - t0;
	rule_apply(&r, b, x);
	snprintf(o->note, sizeof o->note, "all-lit %s", ok && board_is_clear(b) ? "solved and verified" : "WRONG");
	chase_free(ch);
	board_free(b);
	free(x);
}

/* ---- the best public method for giant classic boards, written here ----
 * njpipeorgan/LightsOut: light chasing with the first row's C presses kept
 * symbolic, every light of the current row an affine form over them (C + 1
 * bits), two rows of forms stepped down the board (O(R C^2 / 64)), then
 * elimination of the last row's C forms (that program pivots one at a
 * time; here it gets our fastest elimination, M4RI when built in).  Like
 * that program it stops at the first row of the solution, so the figure
 * flatters the baseline (ours finds every press).  Built with the same
 * compiler and flags as the solver. */

typedef struct njp_case {
	int n;
} njp_case;

static void njp_first_row(const void *arg, outcome *o)
{
	const njp_case *c = arg;
	int R = c->n, C = c->n, W = (C + 1 + 63) / 64;
	uint8_t *b = malloc((size_t)R * C);
	memset(b, 1, (size_t)R * C);	/* all lit */
	double t0 = now();
	/* P: forms of row p's presses, L: of row p's lights; bit C = constant. */
	uint64_t *P = calloc((size_t)C * W, sizeof *P), *L = calloc((size_t)C * W, sizeof *L);
	for (int j = 0; j < C; j++) {
		P[(size_t)j * W + j / 64] |= 1ULL << (j % 64);
		for (int d = -1; d <= 1; d++)
			if (j + d >= 0 && j + d < C)
				L[(size_t)j * W + (j + d) / 64] ^= 1ULL << ((j + d) % 64);
		if (b[j])
			L[(size_t)j * W + C / 64] ^= 1ULL << (C % 64);
	}
	for (int p = 0; p + 1 < R; p++) {
		/* Row p+1's presses are L; its lights become b + P + T L. */
		for (int j = 0; j < C; j++) {
			uint64_t *dst = P + (size_t)j * W;
			const uint64_t *l = L + (size_t)j * W, *lu = j ? l - W : NULL, *ld = j + 1 < C ? l + W : NULL;
			for (int w = 0; w < W; w++)
				dst[w] ^= l[w] ^ (lu ? lu[w] : 0) ^ (ld ? ld[w] : 0);
			if (b[(size_t)(p + 1) * C + j])
				dst[C / 64] ^= 1ULL << (C % 64);
		}
		uint64_t *t = P;
		P = L;
		L = t;
	}
	gf2_mat *m = gf2_new(C, C + 1);
	memcpy(m->bits, L, (size_t)C * W * sizeof *L);
	int *piv = malloc((size_t)C * sizeof *piv);
	int rank = gf2_rref(m, C, piv);	/* our fastest elimination (M4RI when built in) */
	int presses = 0;
	for (int i = 0; i < rank; i++)
		presses += gf2_get(m, i, C);
	o->seconds = now() - t0;
	snprintf(o->note, sizeof o->note, "first row only: %d presses, rank %d", presses, rank);
}

/* ---- the whole process: lightsout solve --any on a board file, its
 * reading and printing included, against reading the file and the solve
 * alone ---- */

typedef struct io_case {
	const char *path;	/* the board file */
	const char *format;	/* grid, moves, json; NULL: read the file only */
	const char *binary;	/* lightsout to run */
} io_case;

/* The file read through in 1 MiB blocks, as cat does. */
static void io_read(const io_case *c, outcome *o)
{
	char *buf = malloc(1 << 20);
	double t0 = now();
	int fd = open(c->path, O_RDONLY);
	long long total = 0;
	ssize_t got;
	while (fd >= 0 && (got = read(fd, buf, 1 << 20)) > 0)
		total += got;
	o->seconds = now() - t0;
	if (fd >= 0)
		close(fd);
	snprintf(o->note, sizeof o->note, "%.1f MB", total / 1e6);
	free(buf);
}

/* lightsout solve --any -f FORMAT FILE, its output drained from a pipe
 * (what a reader downstream costs it, never a disk's speed); its own peak
 * memory in the note. */
/* Fork with the child's standard output into a pipe (1 MiB, so writer and
 * reader switch less): 0 in the child, its pid in the parent with the read
 * end in *rfd, -1 when there is no pipe or child. */
static pid_t fork_piped(int *rfd)
{
	int fd[2];
	if (pipe(fd) < 0)
		return -1;
	fcntl(fd[0], F_SETPIPE_SZ, 1 << 20);
	pid_t pid = fork();
	if (pid == 0) {
		dup2(fd[1], 1);
		close(fd[0]);
		close(fd[1]);
		return 0;
	}
	close(fd[1]);
	if (pid < 0)
		close(fd[0]);
	*rfd = fd[0];
	return pid;
}

/* The bytes read from fd to its end; fd closed. */
static long long drain(int fd)
{
	char *buf = malloc(1 << 20);
	long long total = 0;
	ssize_t got;
	while (buf && (got = read(fd, buf, 1 << 20)) > 0)
		total += got;
	close(fd);
	free(buf);
	return total;
}

/* Wait for a child: its exit status (-1 for a signal), CPU seconds and
 * peak memory (MB): on a busy machine the wall clock says little. */
static int reap(pid_t pid, double *cpu, double *peak_mb)
{
	int status;
	struct rusage ru;
	wait4(pid, &status, 0, &ru);
	*cpu = (double)ru.ru_utime.tv_sec + ru.ru_utime.tv_usec / 1e6 + (double)ru.ru_stime.tv_sec +
	       ru.ru_stime.tv_usec / 1e6;
	*peak_mb = ru.ru_maxrss / 1024.0;
	return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

static void io_solve(const void *arg, outcome *o)
{
	const io_case *c = arg;
	if (!c->format) {
		io_read(c, o);
		return;
	}
	int rfd;
	double t0 = now(), cpu, peak;
	pid_t pid = fork_piped(&rfd);
	if (pid == 0) {
		execl(c->binary, c->binary, "solve", "--any", "-f", c->format, c->path, (char *)NULL);
		_exit(127);
	}
	if (pid < 0)
		return;
	long long total = drain(rfd);
	int rc = reap(pid, &cpu, &peak);
	bool ran = rc == 0;
	o->seconds = now() - t0;
	snprintf(o->note, sizeof o->note, "%s: %.0f MB out, cpu %.2f s, peak %.0f MB%s", c->format, total / 1e6, cpu,
		 peak, ran ? "" : ", FAILED");
}

/* lightsout analyze -s 1-N for the classic rule: every square built as
 * the command does (with list, its quiet patterns made as for
 * --quiet-patterns, while they fit), the time split between singular and
 * invertible sizes; or, with algebra_only, the chase alone (nullity and
 * quiet patterns' first rows). */
typedef struct classic_range {
	int last;
	bool algebra_only;
	bool list;		/* the quiet patterns made too, as for --quiet-patterns */
} classic_range;

static void classic_analyze(const void *arg, outcome *o)
{
	const classic_range *c = arg;
	rule r;
	char err[64];
	rule_parse(&r, "plus", false, err, sizeof err);
	double t[2] = { 0, 0 }, kept = 0;
	int sizes[2] = { 0, 0 };
	long sum = 0;
	for (int m = c->algebra_only ? 2 : 1; m <= c->last; m++) {
		double t0 = now();
		int d;
		if (c->algebra_only) {
			chase *ch = chase_new(m, m, &r);
			d = ch ? chase_nullity(ch) : -1000000;
			chase_free(ch);
		} else {
			lo_system *s = NULL;
			(c->list ? system_create : system_create_counts)(m, m, &r, 2, &s);
			d = s ? system_nullity(s) : -1000000;
			if (s && system_has_kernel(s))
				kept += (double)d * m * m;
			system_free(s);
		}
		t[d > 0] += now() - t0;
		sizes[d > 0]++;
		sum += d;
	}
	o->seconds = t[0] + t[1];
	int at = snprintf(o->note, sizeof o->note, "sum of nullities %ld; a size: singular %.3g ms (%d), invertible %.3g ms (%d)",
			  sum, t[1] / sizes[1] * 1e3, sizes[1], t[0] / sizes[0] * 1e3, sizes[0]);
	if (!c->algebra_only && at > 0 && (size_t)at < sizeof o->note)
		snprintf(o->note + at, sizeof o->note - (size_t)at, "; quiet patterns kept %.1f GB", kept / 1e9);
}

/* Giant classic boards: light chasing vs dense elimination and vs the
 * best public method (njp's, above); singular boards beside their
 * invertible neighbour; analyze.  BENCH_CHASE=1 runs only this. */
static void bench_chase(void)
{
	measured a, b;
	static const board_case p100 = { "plus", 100, 100, 0, false }, p100d = { "plus", 100, 100, 1, false };
	a = run_case(solve_board, &p100), b = run_case(solve_board, &p100d);
	row("classic 100x100 solve", &a, "plain dense elimination", &b);
	static const int giant[] = { 500, 1000, 2000, 3999, 4000, 8000, 10000 };	/* 3999: nullity 128 */
	for (int i = 0; i < 7; i++) {
		board_case p = { "plus", giant[i], giant[i], 0, false };
		njp_case q = { giant[i] };
		char name[64];
		snprintf(name, sizeof name, "classic %dx%d solve", giant[i], giant[i]);
		a = run_case(solve_board, &p), b = run_case(njp_first_row, &q);
		row(name, &a, "njp method (first row)", &b);
	}
	/* Singular (the polynomial path: g, h, s mod h) beside invertible
	 * (M^-1 as a polynomial): each pair back to back, the best of three
	 * (the machine is shared; a ratio is what is wanted). */
	static const board_case s8000 = { "plus", 8000, 8000, 0, false }, s7999 = { "plus", 7999, 7999, 0, false },
				i8001 = { "plus", 8001, 8001, 0, false };
	static const struct {
		const char *name, *base_name;
		case_fn fn;
		const board_case *sing, *inv;
	} pairs[] = {
		{ "classic 8000x8000 (nullity 80)", "8001x8001 (nullity 0)", solve_board, &s8000, &i8001 },
		{ "classic 7999x7999 (nullity 256)", "8001x8001 (nullity 0)", solve_board, &s7999, &i8001 },
		{ "8000x8000 random: certificate", "8001x8001 random", solve_random, &s8000, &i8001 },
	};
	for (int i = 0; i < 3; i++) {
		for (int t = 0; t < 3; t++) {
			measured x = run_case(pairs[i].fn, pairs[i].sing), y = run_case(pairs[i].fn, pairs[i].inv);
			if (t == 0 || x.o.seconds < a.o.seconds)
				a = x;
			if (t == 0 || y.o.seconds < b.o.seconds)
				b = y;
		}
		row(pairs[i].name, &a, pairs[i].base_name, &b);
	}
	a = run_case(solve_board, &s8000), b = run_case(solve_dense_m, &s8000);
	row("classic 8000x8000 (nullity 80)", &a, "M eliminated (old path)", &b);
	static const classic_range an = { 2000, false, false }, aq = { 2000, false, true }, al = { 2000, true, false };
	a = run_case(classic_analyze, &an);
	row("analyze -s 1-2000", &a, NULL, NULL);
	a = run_case(classic_analyze, &aq);
	row("the same, quiet patterns made", &a, NULL, NULL);
	a = run_case(classic_analyze, &al);
	row("2..2000: the chase alone", &a, NULL, NULL);
}

/* BENCH_IO=1 runs only this; BENCH_IO_BASELINE=PATH puts another
 * lightsout (an older build: the reader a character at a time) beside. */
static void bench_io(void)
{
	const char *dir = getenv("TMPDIR") && *getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp";
	const char *old = getenv("BENCH_IO_BASELINE");
	char path[512];
	snprintf(path, sizeof path, "%s/lightsout-bench-8000.XXXXXX", dir);
	int fd = mkstemp(path);
	FILE *f = fd >= 0 ? fdopen(fd, "w") : NULL;
	if (!f) {
		printf("whole process: no temporary file in %s\n", dir);
		return;
	}
	/* 8000 lines of 8000 '1's: the all-lit board, 64 MB. */
	char *line = malloc(8001);
	memset(line, '1', 8000);
	line[8000] = '\n';
	for (int i = 0; i < 8000; i++)
		fwrite(line, 1, 8001, f);
	free(line);
	if (fclose(f) != 0) {
		printf("whole process: could not write %s\n", path);
		unlink(path);
		return;
	}
	const char *bin = getenv("BENCH_LIGHTSOUT") && *getenv("BENCH_LIGHTSOUT") ? getenv("BENCH_LIGHTSOUT") : "./lightsout";
	static const board_case s8000 = { "plus", 8000, 8000, 0, false };
	static const njp_case n8000 = { 8000 };
	io_case rd = { path, NULL, bin };
	measured cat = run_case(io_solve, &rd), alone = run_case(solve_board, &s8000), njp = run_case(njp_first_row, &n8000);
	static const char *const formats[] = { "grid", "moves", "json" };
	measured grid = { 0 };
	for (int i = 0; i < 3; i++) {
		io_case c = { path, formats[i], bin };
		measured m = run_case(io_solve, &c);
		char name[64];
		snprintf(name, sizeof name, "8000x8000 solve --any -f %s", formats[i]);
		if (i == 0) {
			grid = m;
			measured both = cat;
			both.o.seconds = cat.o.seconds + alone.o.seconds;
			snprintf(both.o.note, sizeof both.o.note, "read %.1f ms + solve %.1f ms", cat.o.seconds * 1e3,
				 alone.o.seconds * 1e3);
			row(name, &m, "read file + solve alone", &both);
			row(name, &m, "njp method (first row)", &njp);
		} else
			row(name, &m, "-f grid", &grid);
		if (old && *old) {
			io_case b = { path, formats[i], old };
			measured base = run_case(io_solve, &b);
			row(name, &m, "BENCH_IO_BASELINE", &base);
		}
	}
	unlink(path);
}

/* ---- A billion cells: the whole solve --any on all-lit boards up to
 * 31623x31623 and 1000x1000000, its time and peak memory, and every
 * answer pressed out on the board by plain loops here as it streams in
 * (the bench drains the pipe, as a reader downstream would).  BENCH_GIANT=1
 * runs only this; BENCH_GIANT_BASELINE=PATH puts another lightsout (the
 * byte-a-cell build) beside, where it runs. */

typedef struct giant_case {
	const char *path;	/* the board file: rows x cols of '1' */
	int rows, cols;
	const char *binary;
	const char *format;	/* moves, json: drained and counted, not checked; NULL: grid, checked */
	bool generate;		/* generate -s RxC instead; with binary NULL, the same bytes from memory */
} giant_case;

/* What a command writes, drained from a pipe: bytes, wall and CPU time,
 * peak memory (lightsout generate, solve -f moves/json; or, binary NULL,
 * a child writing the generated board's bytes from memory, 1 MiB a call). */
static void giant_drain(const void *arg, outcome *o)
{
	const giant_case *c = arg;
	char size[32];
	snprintf(size, sizeof size, "%dx%d", c->rows, c->cols);
	int rfd;
	double t0 = now(), cpu, peak;
	pid_t pid = fork_piped(&rfd);
	if (pid == 0) {
		if (c->binary && c->generate)
			execl(c->binary, c->binary, "generate", "-s", size, "--seed", "1", (char *)NULL);
		else if (c->binary)
			execl(c->binary, c->binary, "solve", "--any", "-f", c->format, c->path, (char *)NULL);
		else {
			size_t total = (size_t)c->rows * ((size_t)c->cols + 1) + strlen(size) + 1, block = 1 << 20;
			char *buf = malloc(block);
			memset(buf, '1', block);
			for (size_t done = 0; done < total;) {
				size_t n = total - done < block ? total - done : block;
				if (write(1, buf, n) != (ssize_t)n)
					_exit(1);
				done += n;
			}
			_exit(0);
		}
		_exit(127);
	}
	if (pid < 0)
		return;
	long long total = drain(rfd);
	int rc = reap(pid, &cpu, &peak);
	bool ran = rc == 0;
	o->seconds = now() - t0;
	snprintf(o->note, sizeof o->note, "%.0f MB out, cpu %.2f s, peak %.0f MB%s", total / 1e6, cpu, peak,
		 ran ? "" : ", FAILED");
}

/* A line of f into *buf (cap grown), its '\n' dropped; -1 at the end. */
static long line_in(FILE *f, char **buf, size_t *cap)
{
	ssize_t n = getline(buf, cap, f);
	if (n > 0 && (*buf)[n - 1] == '\n')
		(*buf)[--n] = '\0';
	return n;
}

/* Cell j of row r of the presses, '0' outside (rows are padded by one). */
static void giant_solve(const void *arg, outcome *o)
{
	const giant_case *c = arg;
	int rfd;
	double t0 = now(), cpu, peak;
	pid_t pid = fork_piped(&rfd);
	if (pid == 0) {
		execl(c->binary, c->binary, "solve", "--any", c->path, (char *)NULL);
		_exit(127);
	}
	if (pid < 0)
		return;
	FILE *xs = fdopen(rfd, "r"), *bs = fopen(c->path, "r");
	size_t C = (size_t)c->cols, cap[4] = { 0 };
	/* Three rows of presses padded with '0' each side, and the board's row. */
	char *x[3], *line[2] = { NULL, NULL };
	for (int i = 0; i < 3; i++) {
		x[i] = malloc(C + 2);
		memset(x[i], '0', C + 2);
	}
	long rows = 0, bad = 0, shape = 0, pressed = 0;
	bool more = line_in(xs, &line[0], &cap[0]) >= 0;	/* row 0 of the presses */
	if (more && strlen(line[0]) == C)
		memcpy(x[1] + 1, line[0], C);
	else
		shape++;
	while (more) {
		/* x[1] is row `rows`; the next row, or zeros past the last. */
		long n = line_in(xs, &line[0], &cap[0]);
		more = n >= 0;
		memset(x[2], '0', C + 2);
		if (more && (size_t)n == C)
			memcpy(x[2] + 1, line[0], C);
		else if (more)
			shape++;
		if (line_in(bs, &line[1], &cap[1]) != (long)C)
			shape++;
		else
			for (size_t j = 0; j < C; j++) {
				int v = (line[1][j] ^ x[1][j + 1] ^ x[0][j + 1] ^ x[2][j + 1] ^ x[1][j] ^ x[1][j + 2]) & 1;
				bad += v;	/* '0' is even, '1' odd: six of them XORed */
				pressed += x[1][j + 1] == '1';
			}
		rows++;
		char *t = x[0];
		x[0] = x[1];
		x[1] = x[2];
		x[2] = t;
	}
	fclose(xs);
	fclose(bs);
	int rc = reap(pid, &cpu, &peak);
	bool ran = rc == 0;
	o->seconds = now() - t0;
	if (!ran)
		snprintf(o->note, sizeof o->note, "exit %d: did not solve", rc);
	else
		snprintf(o->note, sizeof o->note, "cpu %.2f s, peak %.0f MB, %ld presses, %s", cpu, peak,
			 pressed, bad == 0 && shape == 0 && rows == c->rows ? "pressed out: clear" : "CHECK FAILED");
	if (ran && (bad || shape || rows != c->rows))
		fprintf(stderr, "giant %dx%d: %ld cells left lit, %ld rows of the wrong length, %ld rows\n", c->rows,
			c->cols, bad, shape, rows);
	for (int i = 0; i < 3; i++)
		free(x[i]);
	free(line[0]);
	free(line[1]);
}

static void bench_giant(void)
{
	/* generate: a billion cells written as they are made, beside the same
	 * bytes written from memory. */
	giant_case gen = { NULL, 31623, 31623, getenv("BENCH_LIGHTSOUT") && *getenv("BENCH_LIGHTSOUT") ?
			   getenv("BENCH_LIGHTSOUT") : "./lightsout", NULL, true }, mem = { NULL, 31623, 31623, NULL, NULL, true };
	measured ga = run_case(giant_drain, &gen), gb = run_case(giant_drain, &mem);
	row("generate -s 31623", &ga, "its bytes from memory", &gb);
	const char *dir = getenv("TMPDIR") && *getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp";
	const char *old = getenv("BENCH_GIANT_BASELINE");
	const char *bin = getenv("BENCH_LIGHTSOUT") && *getenv("BENCH_LIGHTSOUT") ? getenv("BENCH_LIGHTSOUT") : "./lightsout";
	static const int sizes[][2] = { { 1000, 1000 }, { 4000, 4000 }, { 8000, 8000 }, { 10000, 10000 },
					{ 16000, 16000 }, { 22361, 22361 }, { 31623, 31623 }, { 31679, 31679 },
					{ 1000, 1000000 } };
	/* 31679: singular (nullity 1662), 1.0036 billion cells. */
	for (int i = 0; i < 9; i++) {
		int R = sizes[i][0], C = sizes[i][1];
		char path[512];
		snprintf(path, sizeof path, "%s/lightsout-bench-giant.XXXXXX", dir);
		int fd = mkstemp(path);
		FILE *f = fd >= 0 ? fdopen(fd, "w") : NULL;
		char *line = malloc((size_t)C + 1);
		memset(line, '1', (size_t)C);
		line[C] = '\n';
		for (int r = 0; f && r < R; r++)
			fwrite(line, 1, (size_t)C + 1, f);
		free(line);
		if (!f || fclose(f) != 0) {
			printf("giant %dx%d: could not write %s\n", R, C, path);
			unlink(path);
			return;
		}
		giant_case g = { path, R, C, bin, NULL, false };
		measured m = run_case(giant_solve, &g);
		char name[64];
		snprintf(name, sizeof name, "%dx%d all lit, solve --any", R, C);
		if (old && *old && (long long)R * C <= 100000000LL) {
			giant_case b = { path, R, C, old, NULL, false };
			measured base = run_case(giant_solve, &b);
			row(name, &m, "BENCH_GIANT_BASELINE", &base);
		} else
			row(name, &m, NULL, NULL);
		/* The other formats at a billion cells: grid's bytes 5 and 7 times. */
		static const char *const formats[] = { "moves", "json" };
		for (int fi = 0; R == 31623 && fi < 2; fi++) {
			giant_case fc = { path, R, C, bin, formats[fi], false };
			measured fm = run_case(giant_drain, &fc);
			snprintf(name, sizeof name, "%dx%d all lit, -f %s", R, C, formats[fi]);
			row(name, &fm, "-f grid", &m);
		}
		unlink(path);
	}
}

/* ---- Narrow boards (fewer than 64 columns), their rows dense: the whole
 * solve --any of 10^7x8 and 10^7x1 all lit, each answer pressed out as in
 * bench_giant, beside BENCH_GIANT_BASELINE (the build before, a word a
 * row).  BENCH_NARROW=1 runs only this; BENCH_GIANT=1 runs it too. */
static void bench_narrow(void)
{
	const char *dir = getenv("TMPDIR") && *getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp";
	const char *old = getenv("BENCH_GIANT_BASELINE");
	const char *bin = getenv("BENCH_LIGHTSOUT") && *getenv("BENCH_LIGHTSOUT") ? getenv("BENCH_LIGHTSOUT") : "./lightsout";
	static const int sizes[][2] = { { 10000000, 8 }, { 10000000, 1 } };
	for (int i = 0; i < 2; i++) {
		int R = sizes[i][0], C = sizes[i][1];
		char path[512];
		snprintf(path, sizeof path, "%s/lightsout-bench-narrow.XXXXXX", dir);
		int fd = mkstemp(path);
		FILE *f = fd >= 0 ? fdopen(fd, "w") : NULL;
		char line[72];
		memset(line, '1', (size_t)C);
		line[C] = '\n';
		for (int r = 0; f && r < R; r++)
			fwrite(line, 1, (size_t)C + 1, f);
		if (!f || fclose(f) != 0) {
			printf("narrow %dx%d: could not write %s\n", R, C, path);
			unlink(path);
			return;
		}
		giant_case g = { path, R, C, bin, NULL, false };
		measured m = run_case(giant_solve, &g);
		char name[64];
		snprintf(name, sizeof name, "%dx%d all lit, solve --any", R, C);
		if (old && *old) {
			giant_case b = { path, R, C, old, NULL, false };
			measured base = run_case(giant_solve, &b);
			row(name, &m, "BENCH_GIANT_BASELINE", &base);
		} else
			row(name, &m, NULL, NULL);
		unlink(path);
	}
}

/* ---- k > 2 at ceil(log2 k) bits a cell: the whole solve --any of the
 * classic rule on boards made from random presses (so each is solvable,
 * whatever its nullity), up to a billion cells, every answer pressed out
 * mod k here as it streams; BENCH_ZGIANT=1 runs only this, and
 * BENCH_GIANT_BASELINE=PATH (the byte-a-cell build) runs beside where it
 * reaches (10000 rows, 2048 columns). */

typedef struct zgiant_case {
	const char *path;	/* the board file: a rule line, then rows x cols */
	int rows, cols, k;
	const char *binary;
} zgiant_case;

static const char zsym[] = "0123456789abcdefghijklmnopqrstuvwxyz";

static int zval(char ch)
{
	return ch >= '0' && ch <= '9' ? ch - '0' : ch >= 'a' && ch <= 'z' ? ch - 'a' + 10 : -1000;
}

/* Rows x cols below k: b = -A x for presses x from rng (seed 39), three
 * rows of presses at a time.  False when the file cannot be written. */
static bool zgiant_write(const char *path, int R, int C, int k)
{
	FILE *f = fopen(path, "w");
	if (!f)
		return false;
	fprintf(f, "rule plus k=%d\n", k);
	rng g;
	rng_seed(&g, 39);
	uint8_t *x[3];
	char *line = malloc((size_t)C + 1);
	for (int i = 0; i < 3; i++)
		x[i] = calloc((size_t)C + 2, 1);	/* a clear cell each side */
	for (int j = 0; j < C; j++)
		x[1][j + 1] = (uint8_t)rng_below(&g, (uint32_t)k);
	for (int r = 0; r < R; r++) {
		memset(x[2], 0, (size_t)C + 2);
		for (int j = 0; r + 1 < R && j < C; j++)
			x[2][j + 1] = (uint8_t)rng_below(&g, (uint32_t)k);
		for (int j = 0; j < C; j++) {
			int v = (x[1][j] + x[1][j + 1] + x[1][j + 2] + x[0][j + 1] + x[2][j + 1]) % k;
			line[j] = zsym[(k - v) % k];
		}
		line[C] = '\n';
		fwrite(line, 1, (size_t)C + 1, f);
		uint8_t *t = x[0];
		x[0] = x[1];
		x[1] = x[2];
		x[2] = t;
	}
	for (int i = 0; i < 3; i++)
		free(x[i]);
	free(line);
	return fclose(f) == 0;
}

/* The solve --any, its grid pressed out on the board file mod k. */
static void zgiant_solve(const void *arg, outcome *o)
{
	const zgiant_case *c = arg;
	int rfd, k = c->k;
	double t0 = now(), cpu, peak;
	pid_t pid = fork_piped(&rfd);
	if (pid == 0) {
		int null = open("/dev/null", O_WRONLY);
		dup2(null, 2);	/* a certificate would be as big as the board */
		execl(c->binary, c->binary, "solve", "--any", c->path, (char *)NULL);
		_exit(127);
	}
	if (pid < 0)
		return;
	FILE *xs = fdopen(rfd, "r"), *bs = fopen(c->path, "r");
	size_t C = (size_t)c->cols, cap[2] = { 0 };
	char *line[2] = { NULL, NULL };
	int *x[3];
	for (int i = 0; i < 3; i++)
		x[i] = calloc(C + 2, sizeof *x[i]);
	long rows = 0, bad = 0, shape = 0;
	line_in(bs, &line[1], &cap[1]);	/* the rule line */
	bool more = line_in(xs, &line[0], &cap[0]) >= 0;
	if (more && strlen(line[0]) == C)
		for (size_t j = 0; j < C; j++)
			x[1][j + 1] = zval(line[0][j]);
	else
		shape++;
	while (more) {
		long n = line_in(xs, &line[0], &cap[0]);
		more = n >= 0;
		memset(x[2], 0, (C + 2) * sizeof *x[2]);
		if (more && (size_t)n == C)
			for (size_t j = 0; j < C; j++)
				x[2][j + 1] = zval(line[0][j]);
		else if (more)
			shape++;
		if (line_in(bs, &line[1], &cap[1]) != (long)C)
			shape++;
		else
			for (size_t j = 0; j < C; j++)
				bad += (zval(line[1][j]) + x[1][j + 1] + x[0][j + 1] + x[2][j + 1] + x[1][j] + x[1][j + 2] + 5000 * k) %
				       k != 0;
		rows++;
		int *t = x[0];
		x[0] = x[1];
		x[1] = x[2];
		x[2] = t;
	}
	fclose(xs);
	fclose(bs);
	int rc = reap(pid, &cpu, &peak);
	o->seconds = now() - t0;
	if (rc != 0)
		snprintf(o->note, sizeof o->note, "exit %d: did not solve", rc);
	else
		snprintf(o->note, sizeof o->note, "cpu %.2f s, peak %.0f MB, %s", cpu, peak,
			 bad == 0 && shape == 0 && rows == c->rows ? "pressed out: clear" : "CHECK FAILED");
	for (int i = 0; i < 3; i++)
		free(x[i]);
	free(line[0]);
	free(line[1]);
}

static void bench_zgiant(void)
{
	const char *dir = getenv("TMPDIR") && *getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp";
	const char *old = getenv("BENCH_GIANT_BASELINE");
	const char *bin = getenv("BENCH_LIGHTSOUT") && *getenv("BENCH_LIGHTSOUT") ? getenv("BENCH_LIGHTSOUT") : "./lightsout";
	/* Tall boards of 2000 columns (the chase's unknowns) and one wide,
	 * chased turned; 10000x2000 is the byte route's largest. */
	static const int sizes[][3] = { { 2000, 2000, 3 }, { 10000, 2000, 3 }, { 50000, 2000, 3 }, { 200000, 2000, 3 },
					{ 500000, 2000, 3 }, { 2000, 2000, 4 }, { 10000, 2000, 4 }, { 50000, 2000, 4 },
					{ 200000, 2000, 4 }, { 2000, 500000, 4 },
					/* Both sides past 2048: the first row's system through
					 * its polynomials (zplus.c), refused before. */
					{ 8000, 8000, 3 }, { 8000, 8000, 4 }, { 8000, 8000, 6 } };
	for (size_t i = 0; i < sizeof sizes / sizeof sizes[0]; i++) {
		int R = sizes[i][0], C = sizes[i][1], k = sizes[i][2];
		char path[512];
		snprintf(path, sizeof path, "%s/lightsout-bench-zgiant.XXXXXX", dir);
		int fd = mkstemp(path);
		if (fd < 0 || close(fd) != 0 || !zgiant_write(path, R, C, k)) {
			printf("zgiant %dx%d: could not write %s\n", R, C, path);
			unlink(path);
			return;
		}
		zgiant_case g = { path, R, C, k, bin };
		measured m = run_case(zgiant_solve, &g);
		char name[64];
		snprintf(name, sizeof name, "k=%d %dx%d random, solve --any", k, R, C);
		if (old && *old && ((R <= 10000 && C <= 2048) || (C <= 10000 && R <= 2048))) {
			zgiant_case b = { path, R, C, k, old };
			measured base = run_case(zgiant_solve, &b);
			row(name, &m, "BENCH_GIANT_BASELINE", &base);
		} else
			row(name, &m, NULL, NULL);
		unlink(path);
	}
}

/* ---- k > 2: the Z/k chase and elimination by parts vs the Smith form ---- */

typedef struct zk_case {
	const char *rule;
	bool torus;
	int rows, cols, k;
	bool smith;		/* the baseline: dense U A V = D by gcd steps (the old path) */
	bool random;		/* a board made from random presses; else all lit */
} zk_case;

static board *zk_board(const zk_case *c, const rule *r)
{
	board *b = board_new(c->rows, c->cols, c->k);
	int n = c->rows * c->cols;
	if (!c->random) {
		memset(b->cells, 1, (size_t)n);
		return b;
	}
	uint8_t *x = malloc((size_t)n);
	rng g;
	rng_seed(&g, 3);
	for (int i = 0; i < n; i++)
		x[i] = (uint8_t)rng_below(&g, (uint32_t)c->k);
	rule_apply(r, b, x);
	free(x);
	return b;
}

static void zk_solve(const void *arg, outcome *o)
{
	const zk_case *c = arg;
	rule r;
	char err[64];
	rule_parse(&r, c->rule, c->torus, err, sizeof err);
	int n = c->rows * c->cols, k = c->k;
	board *b = zk_board(c, &r);
	uint8_t *x = malloc((size_t)n);
	double t0 = now();
	bool ok;
	int nullity;
	if (c->smith) {
		size_t N = (size_t)n;
		uint8_t *a = calloc(N * N, 1), *u = malloc(N * N), *v = malloc(N * N), *d = malloc(N);
		int *nb = malloc((size_t)rule_max_cells(&r, c->rows, c->cols) * sizeof *nb), *rhs = malloc(N * sizeof *rhs);
		for (int j = 0; j < n; j++) {
			int m = rule_neighbours(&r, c->rows, c->cols, j / c->cols, j % c->cols, nb);
			for (int t = 0; t < m; t++)
				a[(size_t)nb[t] * N + (size_t)j] = 1;
		}
		zmod_diagonalize(a, n, k, u, v, d);
		for (int i = 0; i < n; i++)
			rhs[i] = (k - b->cells[i]) % k;
		ok = zmod_solve(u, v, d, n, k, rhs, x, NULL) == LO_OK;
		nullity = 0;
		for (int i = 0; i < n; i++)
			nullity += zmod_gcd(d[i], k) != 1;
		free(a), free(u), free(v), free(d), free(nb), free(rhs);
	} else {
		lo_system *s = system_new(c->rows, c->cols, &r, k);
		ok = s && system_solve(s, b->cells, x, NULL) == LO_OK;
		nullity = s ? system_nullity(s) : -1;
		system_free(s);
	}
	o->seconds = now() - t0;
	rule_apply(&r, b, x);
	snprintf(o->note, sizeof o->note, "nullity %d, %s %s", nullity, c->random ? "random" : "all-lit",
		 ok ? (board_is_clear(b) ? "solved and verified" : "WRONG") : "unsolvable");
	free(x);
	board_free(b);
}

/* lightsout analyze -k K -s 1-N: every square's rank, nullity and kernel. */
typedef struct zk_range {
	int k, last;
	bool smith;
} zk_range;

static void zk_analyze(const void *arg, outcome *o)
{
	const zk_range *c = arg;
	rule r;
	char err[64];
	rule_parse(&r, "plus", false, err, sizeof err);
	long sum = 0;
	double t0 = now();
	for (int m = 1; m <= c->last; m++) {
		if (c->smith) {
			int n = m * m;
			size_t N = (size_t)n;
			uint8_t *a = calloc(N * N, 1), *u = malloc(N * N), *v = malloc(N * N), *d = malloc(N);
			uint8_t *kern = malloc(N * N + 1);
			int *nb = malloc(5 * sizeof *nb), *ord = malloc((N + 1) * sizeof *ord);
			for (int j = 0; j < n; j++) {
				int q = rule_neighbours(&r, m, m, j / m, j % m, nb);
				for (int t = 0; t < q; t++)
					a[(size_t)nb[t] * N + (size_t)j] = 1;
			}
			zmod_diagonalize(a, n, c->k, u, v, d);
			sum += zmod_kernel(v, d, n, c->k, kern, ord);
			free(a), free(u), free(v), free(d), free(kern), free(nb), free(ord);
		} else {
			lo_system *s = system_new(m, m, &r, c->k);
			sum += s ? system_nullity(s) : -1000000;
			system_free(s);
		}
	}
	o->seconds = now() - t0;
	snprintf(o->note, sizeof o->note, "sum of nullities %ld", sum);
}

/* Minimal weight for k > 2: the transform vs the mixed-radix Gray code. */
typedef struct zk_min {
	zk_case b;
	bool gray;
	double limit;
} zk_min;

static void zk_minimal(const void *arg, outcome *o)
{
	const zk_min *c = arg;
	rule r;
	char err[64];
	rule_parse(&r, c->b.rule, c->b.torus, err, sizeof err);
	int n = c->b.rows * c->b.cols;
	lo_system *s = system_new(c->b.rows, c->b.cols, &r, c->b.k);
	board *b = zk_board(&c->b, &r);
	uint8_t *x = malloc((size_t)n);
	system_solve(s, b->cells, x, NULL);
	search_ctl ctl = { .time_limit = c->limit, .plain_gray = c->gray };
	search_result res;
	double t0 = now(), total = 1;
	search_minimal(s, x, &ctl, &res);
	o->seconds = now() - t0;
	for (int i = 0; i < system_nullity(s); i++)
		total *= system_kernel_order(s, i);
	if (res.optimal)
		snprintf(o->note, sizeof o->note, "d=%d (%.3g combinations), %d presses, proven minimal",
			 system_nullity(s), total, res.weight);
	else {
		double rate = res.combinations > 0 ? res.combinations / o->seconds : 0;
		if (rate > 0)
			o->seconds = total / rate;
		snprintf(o->note, sizeof o->note, "d=%d, best %d in %.0f s, extrapolated from %.3g combinations/s",
			 system_nullity(s), res.weight, c->limit, rate);
	}
	free(x);
	board_free(b);
	system_free(s);
}

/* ---- dense random GF(2): plain, Four Russians, M4RI ---- */

typedef struct dense_case {
	int n, method;		/* 0 plain, 1 ours (Four Russians), M4RI: 2 M4RI, 3 PLUQ, 4 its own choice */
} dense_case;

static void dense_rank(const void *arg, outcome *o)
{
	const dense_case *c = arg;
	rng g;
	rng_seed(&g, 5);
	gf2_mat *m = gf2_new(c->n, c->n);
	for (int i = 0; i < c->n; i++)
		for (int w = 0; w < m->words; w++)
			gf2_row(m, i)[w] = rng_next(&g);
	if (c->n % 64)
		for (int i = 0; i < c->n; i++)
			gf2_row(m, i)[m->words - 1] &= (1ULL << (c->n % 64)) - 1;
	int *piv = malloc((size_t)c->n * sizeof *piv), rank = -1;
	double t0 = now();
	if (c->method == 0)
		rank = gf2_rref_plain(m, c->n, piv);
	else if (c->method == 1)
		rank = gf2_rref_m4r(m, c->n, piv);
#ifdef HAVE_M4RI
	else {
		mzd_t *a = mzd_init(c->n, c->n);
		for (int i = 0; i < c->n; i++)
			for (int w = 0; w < m->words; w++)
				mzd_row(a, i)[w] = gf2_row(m, i)[w];
		t0 = now();
		rank = c->method == 2 ? mzd_echelonize_m4ri(a, 1, 0) : c->method == 3 ? mzd_echelonize_pluq(a, 1)
										   : mzd_echelonize(a, 1);
	}
#endif
	o->seconds = now() - t0;
	snprintf(o->note, sizeof o->note, "rank %d, reduced row echelon form", rank);
}

/* Resuming a saved game: the save's text parsed and checked (the moves
 * summed per cell, one A x), against pressing the moves one by one as the
 * reader did before. */
typedef struct resume_case {
	int side;
	long moves;
	bool each;		/* the old way: a press per move */
} resume_case;

static void resume_parse(const void *arg, outcome *o)
{
	const resume_case *c = arg;
	saved_game sg;
	rule r;
	char err[256];
	savegame_init(&sg);
	variant_default(&sg.v);
	sg.v.rows = sg.v.cols = c->side;
	snprintf(sg.v.rule, sizeof sg.v.rule, "cross");
	rule_parse(&r, "cross", false, err, sizeof err);
	sg.start = board_new(c->side, c->side, 2);
	sg.current = board_new(c->side, c->side, 2);
	rng g;
	rng_seed(&g, 5);
	for (long i = 0; i < c->moves; i++) {
		lo_move m = { (int)rng_below(&g, (uint32_t)c->side), (int)rng_below(&g, (uint32_t)c->side), 1 };
		history_push(&sg.hist, m);
		rule_press(&r, sg.current, m.row, m.col, 1);
	}
	size_t len;
	char *text = savegame_format(&sg, &len);
	savegame_free(&sg);
	double t0 = now();
	saved_game back;
	int rc = savegame_parse(text, len, &back, err, sizeof err);
	if (c->each && rc == 0) {
		board *b = board_clone(back.start);
		for (int i = 0; i < back.hist.pos; i++)
			rule_press(&r, b, back.hist.moves[i].row, back.hist.moves[i].col, back.hist.moves[i].times);
		board_free(b);
	}
	o->seconds = now() - t0;
	snprintf(o->note, sizeof o->note, "%.100s, %zu MB of save", rc == 0 ? "read" : err, len >> 20);
	if (rc == 0)
		savegame_free(&back);
	free(text);
}

/* generate: a random solvable board (random presses, A x, the par search
 * cut short by a budget) for the cross against the classic rule. */
typedef struct gen_case {
	const char *rule;
	int side;
} gen_case;

static void gen_board(const void *arg, outcome *o)
{
	const gen_case *c = arg;
	rule r;
	char err[256];
	rule_parse(&r, c->rule, false, err, sizeof err);
	double t0 = now();
	lo_system *s = system_new(c->side, c->side, &r, 2);
	board *b = board_new(c->side, c->side, 2);
	rng g;
	rng_seed(&g, 1);
	gen_result res;
	lo_result rc = s && b ? generate_board(s, &r, false, -1, &g, b, &res, err, sizeof err) : LO_NOMEM;
	o->seconds = now() - t0;
	snprintf(o->note, sizeof o->note, "%s", rc != LO_OK ? "failed" : "made");
	board_free(b);
	system_free(s);
}

/* generate --par: a board of exactly that par, drawn through the kernel's
 * cell classes, against the table of all k^n positions it replaces. */
typedef struct par_case {
	const char *rule;
	int side, k, par;
	bool table;		/* the old path: the whole table, then a pick */
} par_case;

static void gen_par(const void *arg, outcome *o)
{
	const par_case *c = arg;
	rule r;
	char err[256];
	rule_parse(&r, c->rule, false, err, sizeof err);
	double t0 = now();
	lo_system *s = system_new(c->side, c->side, &r, c->k);
	board *b = board_new(c->side, c->side, c->k);
	rng g;
	rng_seed(&g, 1);
	gen_result res;
	lo_result rc = LO_NOMEM;
	if (!c->table)
		rc = s && b ? generate_board(s, &r, false, c->par, &g, b, &res, err, sizeof err) : LO_NOMEM;
	else {
		uint32_t states, count = 0;
		uint8_t *t = distribution_table(c->side, c->side, c->k, &r, false, &states);
		for (uint32_t i = 0; t && i < states; i++)
			count += t[i] == c->par;
		uint32_t pick = count ? rng_below(&g, count) : 0;
		for (uint32_t i = 0; count && i < states; i++)
			if (t[i] == c->par && pick-- == 0) {
				distribution_cells(i, c->side * c->side, c->k, b->cells);
				rc = LO_OK;
				break;
			}
		free(t);
	}
	o->seconds = now() - t0;
	snprintf(o->note, sizeof o->note, "%s", rc != LO_OK ? "failed" : "made");
	board_free(b);
	system_free(s);
}

/* BENCH_PAR=1 runs only this. */
static void bench_par(void)
{
	static const par_case p2 = { "plus", 5, 2, 2, false }, p2t = { "plus", 5, 2, 2, true },
			      p15 = { "plus", 5, 2, 15, false }, p15t = { "plus", 5, 2, 15, true },
			      hex = { "hex", 5, 2, 19, false }, hext = { "hex", 5, 2, 19, true },
			      k3 = { "plus", 5, 3, 12, false }, k4 = { "plus", 5, 4, 24, false };
	measured pa = run_case(gen_par, &p2), pb = run_case(gen_par, &p2t);
	row("generate 5x5 --par 2", &pa, "2^25 table (old path)", &pb);
	pa = run_case(gen_par, &p15), pb = run_case(gen_par, &p15t);
	row("generate 5x5 --par 15", &pa, "2^25 table (old path)", &pb);
	pa = run_case(gen_par, &hex), pb = run_case(gen_par, &hext);
	row("generate 5x5 hex --par 19", &pa, "2^25 table (old path)", &pb);
	pa = run_case(gen_par, &k3);
	row("generate 5x5 k=3 --par 12", &pa, NULL, NULL);
	pa = run_case(gen_par, &k4);
	row("generate 5x5 k=4 --par 24", &pa, NULL, NULL);
}

static void bench_generate(void)
{

	static const gen_case cross1 = { "cross", 1000 }, cross2 = { "cross", 2000 }, plus2 = { "plus", 2000 },
			      cross10 = { "cross", 10000 }, plus10 = { "plus", 10000 };
	measured a = run_case(gen_board, &cross1), b = run_case(gen_board, &plus2);
	row("generate cross 1000x1000", &a, "classic 2000x2000", &b);
	a = run_case(gen_board, &cross2);
	row("generate cross 2000x2000", &a, "classic 2000x2000", &b);
	a = run_case(gen_board, &cross10), b = run_case(gen_board, &plus10);
	row("generate cross 10000x10000", &a, "classic 10000x10000", &b);
}

/* The host's leaderboard: 100,000 names planted by one user, and 3000
 * players of 16 daily boards each (48,000 rows; the players' files need
 * root to be owned by 3000 uids). */
typedef struct scores_case {
	int planted, players;
	bool table;		/* print the table too (names looked up) */
} scores_case;

static void scores_read(const void *arg, outcome *o)
{
	const scores_case *c = arg;
	char dir[] = "/tmp/lo-bench-scores.XXXXXX", path[128];
	if (!mkdtemp(dir) || chmod(dir, 01777) < 0) {
		snprintf(o->note, sizeof o->note, "no directory");
		return;
	}
	for (int i = 0; i < c->planted; i++) {
		snprintf(path, sizeof path, "%s/%d.2026-11-25", dir, 200000 + i);
		FILE *f = fopen(path, "w");
		if (f)
			fclose(f);
	}
	int made = 0;
	for (int u = 0; u < c->players && geteuid() == 0; u++) {
		snprintf(path, sizeof path, "%s/%d.2026-11-25", dir, 100000 + u);
		FILE *f = fopen(path, "w");
		if (!f)
			break;
		fprintf(f, "lightsout-scores 1\n");
		for (int b = 0; b < 16; b++)
			fprintf(f, "2026-11-25 - %d 10 %d no %dx%d plus k=2\n", 10 + u % 50, 1000 + u, 3 + b % 8, 3 + b / 8);
		fclose(f);
		made += chown(path, (uid_t)(100000 + u), (gid_t)(100000 + u)) == 0 && chmod(path, 0644) == 0;
	}
	double t0 = now();
	scores t;
	persist_result res;
	size_t len = 0;
	persist_status st = scores_load(dir, "2026-11-25", &t, &res);
	char *table = st == PERSIST_OK && c->table ? scores_table(&t, NULL, true, &len) : NULL;
	o->seconds = now() - t0;
	snprintf(o->note, sizeof o->note, "%d rows of %d players, %d files skipped%s", t.n, made, t.skipped,
		 c->players && !made ? " (not root: no players)" : "");
	free(table);
	scores_free(&t);
	char cmd[128];
	snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
	if (system(cmd) != 0)
		o->note[0] = '\0';
}

static void bench_scores(void)
{
	static const scores_case planted = { 100000, 0, true }, rows = { 0, 3000, true };
	measured a = run_case(scores_read, &planted);
	row("leaderboard, 100000 planted names", &a, NULL, NULL);
	a = run_case(scores_read, &rows);
	row("leaderboard table, 48000 rows", &a, NULL, NULL);
}

static void bench_resume(void)
{
	static const long lengths[] = { 1, 10000, 1000000 };
	for (int i = 0; i < 3; i++) {
		resume_case now_ = { 2000, lengths[i], false }, old = { 2000, lengths[i], true };
		measured a = run_case(resume_parse, &now_), b = run_case(resume_parse, &old);
		char name[64];
		snprintf(name, sizeof name, "resume cross 2000x2000, %ld moves", lengths[i]);
		row(name, &a, "a press per move", &b);
	}
}

/* ---- the split search (solve --part I/N): N parts one after another on
 * this machine against one run, each part from scratch (its own system
 * and solution, as on a machine of its own) ---- */

typedef struct split_case {
	int n;			/* all-lit n x n classic */
	int parts;		/* 0: one plain run */
} split_case;

static void split_run(const void *arg, outcome *o)
{
	const split_case *c = arg;
	rule r;
	char err[64];
	rule_parse(&r, "plus", false, err, sizeof err);
	int n = c->n * c->n, runs = c->parts ? c->parts : 1, best = 1 << 30, finished = 0;
	uint8_t *b = malloc((size_t)n), *x = malloc((size_t)n);
	memset(b, 1, (size_t)n);
	struct timespec c0, c1;
	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &c0);
	double t0 = now(), slowest = 0;
	for (int p = 1; p <= runs; p++) {
		double tp = now();
		lo_system *s = system_new(c->n, c->n, &r, 2);
		system_solve(s, b, x, NULL);
		search_ctl ctl = { .ranged = c->parts > 0 };
		if (c->parts)
			search_part_range(s, (uint64_t)p, (uint64_t)c->parts, &ctl.first, &ctl.last);
		search_result res;
		search_minimal(s, x, &ctl, &res);
		best = res.weight < best ? res.weight : best;
		finished += res.optimal;
		system_free(s);
		slowest = now() - tp > slowest ? now() - tp : slowest;
	}
	o->seconds = now() - t0;
	/* CPU time too: the machine may be busy with other work. */
	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &c1);
	double cpu = (double)(c1.tv_sec - c0.tv_sec) + (c1.tv_nsec - c0.tv_nsec) / 1e9;
	if (c->parts)
		snprintf(o->note, sizeof o->note, "%d presses, %d/%d parts finished, slowest %.3f s, cpu %.2f s", best,
			 finished, runs, slowest, cpu);
	else
		snprintf(o->note, sizeof o->note, "%d presses%s, cpu %.2f s", best, finished ? ", proven minimal" : "",
			 cpu);
	free(b);
	free(x);
}

/* BENCH_SPLIT=1 runs only this. */
static void bench_split(void)
{
	static const int sides[] = { 39, 67 }, splits[] = { 1, 3, 16, 64, 256 };
	for (int i = 0; i < 2; i++) {
		split_case one = { sides[i], 0 };
		measured b = run_case(split_run, &one);
		for (int j = 0; j < 5; j++) {
			split_case c = { sides[i], splits[j] };
			measured a = run_case(split_run, &c);
			char name[64];
			snprintf(name, sizeof name, "split %dx%d (d=32) in %d, in turn", sides[i], sides[i], splits[j]);
			row(name, &a, "one run", &b);
		}
	}
	/* BENCH_LONG: 2^40, a part about 6 s (a minute and a half a run). */
	if (getenv("BENCH_LONG") && *getenv("BENCH_LONG")) {
		split_case one = { 61, 0 }, c = { 61, 16 };
		measured b = run_case(split_run, &one), a = run_case(split_run, &c);
		row("split 61x61 (d=40) in 16, in turn", &a, "one run", &b);
	}
}

/* The k > 2 section (BENCH_ZK=1 runs only this). */
static void bench_zk(void)
{
	measured a, b;
	/* k > 2: the Z/k chase (plus, torus, masks), the band for the other
	 * rules (x 50x50 is singular mod 2: with k = 4 its free columns leave
	 * a small dense remainder), against the Smith form (the old path, up
	 * to 2500 cells); then sizes only they reach. */
	static const zk_case z50 = { "plus", false, 50, 50, 3, false, false }, z50s = { "plus", false, 50, 50, 3, true, false },
			     z50f = { "plus", false, 50, 50, 4, false, true }, z50fs = { "plus", false, 50, 50, 4, true, true },
			     t50 = { "plus", true, 50, 50, 6, false, true }, t50s = { "plus", true, 50, 50, 6, true, true },
			     x50 = { "x", false, 50, 50, 3, false, true }, x50s = { "x", false, 50, 50, 3, true, true },
			     x50f = { "x", false, 50, 50, 4, false, true }, x50fs = { "x", false, 50, 50, 4, true, true };
	a = run_case(zk_solve, &z50), b = run_case(zk_solve, &z50s);
	row("plus 50x50 k=3 solve (chase)", &a, "Smith form (old path)", &b);
	a = run_case(zk_solve, &z50f), b = run_case(zk_solve, &z50fs);
	row("plus 50x50 k=4 solve (chase)", &a, "Smith form (old path)", &b);
	a = run_case(zk_solve, &t50), b = run_case(zk_solve, &t50s);
	row("plus torus 50x50 k=6 solve (chase)", &a, "Smith form (old path)", &b);
	a = run_case(zk_solve, &x50), b = run_case(zk_solve, &x50s);
	row("x 50x50 k=3 solve (band)", &a, "Smith form (old path)", &b);
	a = run_case(zk_solve, &x50f), b = run_case(zk_solve, &x50fs);
	row("x 50x50 k=4 solve (band, singular mod 2)", &a, "Smith form (old path)", &b);
	static const zk_range r50 = { 3, 50, false }, r50s = { 3, 50, true }, r200 = { 3, 200, false };
	a = run_case(zk_analyze, &r50), b = run_case(zk_analyze, &r50s);
	row("analyze -k 3 -s 1-50", &a, "Smith form (old path)", &b);
	a = run_case(zk_analyze, &r200);
	row("analyze -k 3 -s 1-200", &a, NULL, NULL);
	static const zk_case big[] = {
		{ "plus", false, 1000, 1000, 3, false, false }, { "plus", false, 1000, 1000, 3, false, true },
		{ "plus", false, 1000, 1000, 4, false, false }, { "plus", false, 1000, 1000, 4, false, true },
		{ "plus", false, 2000, 2000, 6, false, true }, { "plus", true, 500, 500, 3, false, true },
		{ "mask:00100/01110/11111/01110/00100", false, 500, 500, 5, false, true },
		{ "x", false, 200, 200, 3, false, true }, { "box", false, 200, 200, 5, false, true },
		{ "knight", false, 100, 100, 6, false, true }, { "x", false, 190, 190, 4, false, true },
		{ "box", false, 97, 97, 9, false, true }, { "knight", false, 200, 200, 4, false, true },
		{ "x", false, 62, 62, 8, false, true }, { "x", true, 200, 200, 3, false, true },
		{ "box", true, 150, 150, 4, false, true },
	};
	for (size_t i = 0; i < sizeof big / sizeof big[0]; i++) {
		char name[80];
		snprintf(name, sizeof name, "%s%s %dx%d k=%d solve", big[i].rule[0] == 'm' ? "mask" : big[i].rule,
			 big[i].torus ? " torus" : "", big[i].rows, big[i].cols, big[i].k);
		a = run_case(zk_solve, &big[i]);
		row(name, &a, NULL, NULL);
	}
	/* Minimal weight k > 2: the transform vs the mixed-radix Gray code. */
	static const zk_min m40 = { { "plus", false, 40, 40, 3, false, true }, false, 0 },
			    m40g = { { "plus", false, 40, 40, 3, false, true }, true, 20 },
			    m19 = { { "plus", false, 19, 19, 4, false, false }, false, 0 },
			    m19g = { { "plus", false, 19, 19, 4, false, false }, true, 0 },
			    m17 = { { "plus", false, 17, 17, 6, false, true }, false, 0 },
			    m17g = { { "plus", false, 17, 17, 6, false, true }, true, 0 };
	a = run_case(zk_minimal, &m40), b = run_case(zk_minimal, &m40g);
	row("minimal 40x40 k=3 random (3^20)", &a, "Gray code (extrap.)", &b);
	a = run_case(zk_minimal, &m19), b = run_case(zk_minimal, &m19g);
	row("minimal 19x19 k=4 all-lit", &a, "Gray code", &b);
	a = run_case(zk_minimal, &m17), b = run_case(zk_minimal, &m17g);
	row("minimal 17x17 k=6 random", &a, "Gray code", &b);
	/* Past 65535 cells: 32-bit counts (before, the Gray code). */
	static const zk_min m259 = { { "plus", false, 259, 259, 3, false, true }, false, 0 },
			    m259g = { { "plus", false, 259, 259, 3, false, true }, true, 0 };
	a = run_case(zk_minimal, &m259), b = run_case(zk_minimal, &m259g);
	row("minimal 259x259 k=3 random (3^12)", &a, "Gray code", &b);
}

/* ---- Other rules at giant sizes (BENCH_RULES=1: 2000, 8000 and 31623 a
 * side; the default run: 2000): the whole solve --any -r RULE on an
 * all-lit file, its time, CPU and peak memory (what /usr/bin/time -v
 * says); the tests press the answers out (tests/cli/cli_chase_rules.sh). */

typedef struct rule_case {
	const char *rule, *path, *binary;
} rule_case;

static void rule_solve(const void *arg, outcome *o)
{
	const rule_case *c = arg;
	int rfd;
	double t0 = now(), cpu, peak;
	pid_t pid = fork_piped(&rfd);
	if (pid == 0) {
		execl(c->binary, c->binary, "solve", "--any", "-r", c->rule, c->path, (char *)NULL);
		_exit(127);
	}
	if (pid < 0)
		return;
	drain(rfd);
	int rc = reap(pid, &cpu, &peak);
	o->seconds = now() - t0;
	snprintf(o->note, sizeof o->note, "cpu %.2f s, peak %.0f MB, %s", cpu, peak,
		 rc == 0 ? "solved" : rc == 1 ? "unsolvable (certificate)" : "refused");
}

static void bench_rules(bool giant)
{
	static const char *const rules[] = { "x", "box", "mask:11111/11111/11111/11111/11111", "knight", "cross" };
	static const char *const names[] = { "x", "box", "5x5 full mask", "knight", "cross" };
	static const int sides[] = { 2000, 8000, 31623 };
	const char *dir = getenv("TMPDIR") && *getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp";
	const char *bin = getenv("BENCH_LIGHTSOUT") && *getenv("BENCH_LIGHTSOUT") ? getenv("BENCH_LIGHTSOUT") : "./lightsout";
	for (int si = 0; si < (giant ? 3 : 1); si++) {
		int n = sides[si];
		char path[512];
		snprintf(path, sizeof path, "%s/lightsout-bench-rules.XXXXXX", dir);
		int fd = mkstemp(path);
		FILE *f = fd >= 0 ? fdopen(fd, "w") : NULL;
		char *line = malloc((size_t)n + 1);
		memset(line, '1', (size_t)n);
		line[n] = '\n';
		for (int r = 0; f && r < n; r++)
			fwrite(line, 1, (size_t)n + 1, f);
		free(line);
		if (!f || fclose(f) != 0) {
			printf("rules %dx%d: could not write %s\n", n, n, path);
			unlink(path);
			return;
		}
		for (size_t i = 0; i < sizeof rules / sizeof rules[0]; i++) {
			rule_case c = { rules[i], path, bin };
			measured m = run_case(rule_solve, &c);
			char name[64];
			snprintf(name, sizeof name, "%s %dx%d all lit", names[i], n, n);
			row(name, &m, NULL, NULL);
		}
		unlink(path);
	}
}

int main(int argc, char **argv)
{
	bool long_run = getenv("BENCH_LONG") && *getenv("BENCH_LONG");
	(void)argc;
	(void)argv;
	printf("lightsout %s benchmark, %ld cores; each case in its own process (peak = its max RSS)\n\n",
	       PACKAGE_VERSION, sysconf(_SC_NPROCESSORS_ONLN));
	printf("%-34s %10s %11s  %-24s %10s %9s  %s\n", "case", "time", "peak", "baseline", "base time", "speedup",
	       "notes");
	if (getenv("BENCH_ZK") && *getenv("BENCH_ZK")) {
		bench_zk();
		return 0;
	}
	if (getenv("BENCH_CHASE") && *getenv("BENCH_CHASE")) {
		bench_chase();
		return 0;
	}
	if (getenv("BENCH_IO") && *getenv("BENCH_IO")) {
		bench_io();
		return 0;
	}
	if (getenv("BENCH_NARROW") && *getenv("BENCH_NARROW")) {
		bench_narrow();
		return 0;
	}
	if (getenv("BENCH_GIANT") && *getenv("BENCH_GIANT")) {
		bench_giant();
		bench_narrow();
		return 0;
	}
	if (getenv("BENCH_RULES") && *getenv("BENCH_RULES")) {
		bench_rules(true);
		return 0;
	}
	if (getenv("BENCH_ZGIANT") && *getenv("BENCH_ZGIANT")) {
		bench_zgiant();
		return 0;
	}
	if (getenv("BENCH_SPLIT") && *getenv("BENCH_SPLIT")) {
		bench_split();
		return 0;
	}
	if (getenv("BENCH_PAR") && *getenv("BENCH_PAR")) {
		bench_par();
		return 0;
	}
	if (getenv("BENCH_RESUME") && *getenv("BENCH_RESUME")) {
		bench_resume();
		bench_generate();
		bench_par();
		bench_scores();
		return 0;
	}

	/* Minimal weight: transform vs plain Gray code. */
	static const lit_case l30 = { 30, false, 0 }, l30g = { 30, true, 0 }, l32 = { 32, false, 0 },
			      l32g = { 32, true, 0 }, l39 = { 39, false, 0 }, l39g = { 39, true, 20 },
			      l61 = { 61, false, 0 }, l61q = { 61, false, 60 }, l61g = { 61, true, 20 };
	measured a = run_case(lit_min, &l30), b = run_case(lit_min, &l30g);
	row("minimal 30x30 all-lit (d=20)", &a, "Gray code", &b);
	a = run_case(lit_min, &l32), b = run_case(lit_min, &l32g);
	row("minimal 32x32 all-lit (d=20)", &a, "Gray code", &b);
	a = run_case(lit_min, &l39), b = run_case(lit_min, &l39g);
	row("minimal 39x39 all-lit (d=32)", &a, "Gray code (extrap.)", &b);
	a = run_case(lit_min, long_run ? &l61 : &l61q), b = run_case(lit_min, &l61g);
	row(long_run ? "minimal 61x61 all-lit (d=40)" : "minimal 61x61 (d=40, extrap.)", &a, "Gray code (extrap.)", &b);
	/* Above 32767 cells: int32 lanes, no fall back to the Gray code. */
	static const lit_case l188 = { 188, false, 0 }, l188g = { 188, true, 10 }, l199 = { 199, false, 0 },
			      l199g = { 199, true, 10 };
	a = run_case(lit_min, &l188), b = run_case(lit_min, &l188g);
	row("minimal 188x188 all-lit (d=24)", &a, "Gray code (extrap.)", &b);
	a = run_case(lit_min, &l199), b = run_case(lit_min, &l199g);
	row("minimal 199x199 all-lit (d=32)", &a, "Gray code (extrap.)", &b);

	bench_split();

	a = run_case(all_lit_1_40, NULL);
	row("all-lit n x n, n = 1..40", &a, NULL, NULL);

	bench_resume();
	bench_par();

	bench_chase();
	bench_io();
	bench_giant();
	bench_zgiant();
	bench_rules(false);

	/* Torus: the sweep (a bit vector per unknown) vs dense elimination. */
	static const board_case t100 = { "plus", 100, 100, 0, true }, t100d = { "plus", 100, 100, 2, true },
				t1001 = { "plus", 1001, 1001, 0, true }, t2000 = { "plus", 2000, 2000, 0, true };
	a = run_case(solve_board, &t100), b = run_case(solve_board, &t100d);
	row("plus torus 100x100 solve", &a, "dense elimination", &b);
	a = run_case(solve_board, &t1001);
	row("plus torus 1001x1001 solve", &a, NULL, NULL);
	a = run_case(solve_board, &t2000);
	row("plus torus 2000x2000 solve", &a, NULL, NULL);

	/* Local rules: banded vs dense. */
	static const char *const local[] = { "x", "box", "knight", "mask:010/001/100" };
	for (int i = 0; i < 4; i++) {
		board_case c = { local[i], 100, 100, 0, false }, d = { local[i], 100, 100, 1, false };
		char name[64];
		snprintf(name, sizeof name, "%s 100x100 solve", local[i]);
		a = run_case(solve_board, &c), b = run_case(solve_board, &d);
		row(name, &a, "plain dense elimination", &b);
	}
	/* Torus masks the chase cannot take: the band in the folded order. */
	static const char *const wrapped[] = { "x", "box" };
	for (int i = 0; i < 2; i++) {
		board_case c = { wrapped[i], 100, 100, 0, true }, d = { wrapped[i], 100, 100, 1, true },
			   e = { wrapped[i], 200, 200, 0, true };
		char name[64];
		snprintf(name, sizeof name, "%s torus 100x100 solve", wrapped[i]);
		a = run_case(solve_board, &c), b = run_case(solve_board, &d);
		row(name, &a, "plain dense elimination", &b);
		snprintf(name, sizeof name, "%s torus 200x200 solve", wrapped[i]);
		a = run_case(solve_board, &e);
		row(name, &a, NULL, NULL);
	}
	/* k = 2 past 40000 cells: bounded by cells x band width. */
	static const board_case x490 = { "x", 490, 490, 0, false }, x100 = { "x", 100, 10000, 0, false };
	a = run_case(solve_board, &x490);
	row("x 490x490 solve", &a, NULL, NULL);
	a = run_case(solve_board, &x100);
	row("x 100x10000 solve", &a, NULL, NULL);

	/* The cross rule: rows + cols unknowns instead of rows * cols. */
	static const board_case c100 = { "cross", 100, 100, 0, false }, c100d = { "cross", 100, 100, 2, false },
				c2000 = { "cross", 2000, 2000, 0, false }, c1999 = { "cross", 1999, 1999, 0, false };
	a = run_case(solve_board, &c100), b = run_case(solve_board, &c100d);
	row("cross 100x100 solve", &a, "dense elimination", &b);
	a = run_case(solve_board, &c2000);
	row("cross 2000x2000 solve", &a, NULL, NULL);
	a = run_case(solve_board, &c1999);
	row("cross 1999x1999 solve", &a, NULL, NULL);

	bench_zk();

	/* Dense random GF(2), N = 10000. */
	static const dense_case d0 = { 10000, 0 }, d1 = { 10000, 1 }, s0 = { 4000, 0 }, s1 = { 4000, 1 };
	a = run_case(dense_rank, &s1), b = run_case(dense_rank, &s0);
	row("dense 4000 ours (Four Russians)", &a, "plain elimination", &b);
	a = run_case(dense_rank, &d1), b = run_case(dense_rank, &d0);
	row("dense 10000 ours (Four Russians)", &a, "plain elimination", &b);
#ifdef HAVE_M4RI
	/* M4RI's three routines, the fastest of them against ours. */
	for (int i = 0; i < 2; i++) {
		int n = i ? 10000 : 4000;
		static const char *const names[] = { "M4RI", "PLUQ", "auto" };
		measured best = { 0 };
		int best_m = 0;
		for (int meth = 2; meth <= 4; meth++) {
			dense_case dc = { n, meth };
			measured t = run_case(dense_rank, &dc);
			if (meth == 2 || (t.ok && t.o.seconds < best.o.seconds))
				best = t, best_m = meth;
		}
		dense_case oc = { n, 1 };
		measured o4 = run_case(dense_rank, &oc);
		char name[64];
		snprintf(name, sizeof name, "dense %d M4RI (%s, fastest)", n, names[best_m - 2]);
		row(name, &best, "ours (Four Russians)", &o4);
	}
#else
	printf("dense M4RI: not built in (install libm4ri-dev and re-run configure)\n");
#endif
	return 0;
}
