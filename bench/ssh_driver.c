/* make bench-ssh's driver: N players at once, each a real `ssh -tt` on two
 * pipes, all driven from one poll loop so that every time is taken where a
 * player would see it, at the client.  bench/ssh_bench.sh makes the account
 * and the sshd, and prints what this program prints.
 *
 * A session answers the name prompt, sends cursor keys (l, h, l, ...) paced
 * about GAP ms apart, each timed from write() to the first byte back, wins
 * the board with "sT", then sits in the game.  With -r (RACE=1), each
 * pair of sessions then races (the first opens a race with "vo", the
 * second takes it with "v" and Enter, a pair at a time, so that the race
 * at the top of the list is the pair's), and the same cursor keys are
 * timed again while the race is on: key-to-screen in a race.  Once every session sits
 * there, the server side of each one (its sshd processes and the game) is
 * measured over the idle window: RSS, PSS, CPU.  Then "qy" ends them.
 *
 * Not a test: see make check.  Figures on stdout, progress on stderr. */
#define _DEFAULT_SOURCE		/* strsep */
#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <poll.h>
#include <signal.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define TAIL 64			/* bytes kept to find a text cut between reads */
#define HIST 400		/* bytes kept to show what a failed session saw */
#define QUIET 0.05		/* s without output before a key is sent */
#define SETTLE 1.0		/* s of the idle window before it is measured */
#define T_CONNECT 60.0		/* s from start to the name prompt */
#define T_GAME 60.0		/* s from the name to the board */
#define T_ANSWER 10.0		/* s for a key's answer */
#define T_SOLVE 120.0		/* s from "sT" to "Solved" */
#define T_QUIT 30.0		/* s from "qy" to the end of the session */
#define MAX_RETRIES 20		/* connections of one session refused before it fails */
#define MAX_REASONS 8

enum phase {
	P_WAIT,			/* not started yet, or to be started again */
	P_CONNECT,		/* ssh started; no name prompt yet */
	P_NAME,			/* name sent; no board yet */
	P_KEYS,			/* the timed cursor keys */
	P_SOLVE,		/* "sT" sent; not solved yet */
	P_RACE,			/* -r: solved; pairing for a race */
	P_RKEYS,		/* -r: the timed cursor keys, in the race */
	P_IDLE,			/* solved; sitting in the game */
	P_QUIT,			/* "qy" sent */
	P_DONE,			/* ended after "qy" */
	P_FAILED,
};

static const char *const phase_name[] = { "waiting to start", "logging in", "naming", "timing keys",
					  "solving", "pairing for a race", "timing keys in a race", "idle", "quitting", "done", "failed" };

typedef struct session {
	int id;
	enum phase ph;
	pid_t pid;		/* the ssh client (sh execs it) */
	int in, out;		/* its stdin, its stdout and stderr */
	bool eof, reaped;
	int status;
	double due;		/* P_WAIT: when to start; P_KEYS: next key */
	double since;		/* when the phase began */
	double started;		/* this attempt's ssh */
	double key_at;		/* the key in flight, 0 when none */
	bool key_busy;		/* sent while other sessions were logging in */
	double last_out;
	int keys;		/* answered or given up */
	bool in_game, won;
	int tries;
	char tail[TAIL + 1];
	size_t tail_len;
	char lastline[160];	/* what a session that ended said last */
	char hist[HIST];	/* its last bytes, shown if it fails */
	size_t hist_len;
	enum phase failed_in;
	char why[64];		/* why it failed: "timed out", "ssh ended (status 1)" */
	unsigned long long idle_bytes;
	int race_step;		/* P_RACE: 0 nothing sent, 1 "v" or "vo" sent, 2 Enter sent */
	bool race_open;		/* P_RACE: its race is open (the pair's first) */
} session;

static struct {
	int n, window, keys, idle;
	double gap;
	const char *script;
	pid_t sshd;
	bool debug, race;
} opt = { 0, 90, 20, 10, 0.1, NULL, 0, false, false };

static session *ses;
static double *lat, *lat_busy, *lat_calm;	/* all; while logins ran; after */
static double *lat_race;	/* -r: in a race */
static size_t nrace;
static int race_pair;		/* -r: the pair pairing now */
static double *login;		/* from ssh's start to the name prompt */
static size_t nlat, nbusy, ncalm, nlogin;
static int unanswered, stray, retries, max_connecting;
static struct {
	char text[160];
	int count;
} reason[MAX_REASONS];
static int nreason;
static volatile sig_atomic_t stop_signal;
static bool measuring;		/* the idle window's measured part */
static double t0;

static double now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

static double frand(void)
{
	return (double)rand() / ((double)RAND_MAX + 1.0);
}

static void progress(const char *fmt, ...)
{
	va_list ap;
	fprintf(stderr, "bench-ssh: %6.1f s: ", now() - t0);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
}

static void on_signal(int sig)
{
	stop_signal = sig;
}

static void cloexec(int fd)
{
	fcntl(fd, F_SETFD, FD_CLOEXEC);
}

/* Session s's ssh: `sh SCRIPT ID` on a pipe each way. */
static int session_start(session *s, double t)
{
	int in[2], out[2];
	if (pipe(in) < 0)
		return -1;
	if (pipe(out) < 0) {
		close(in[0]);
		close(in[1]);
		return -1;
	}
	/* No session may hold another's pipe open: its EOF would never come. */
	for (int i = 0; i < 2; i++) {
		cloexec(in[i]);
		cloexec(out[i]);
	}
	pid_t pid = fork();
	if (pid < 0) {
		close(in[0]);
		close(in[1]);
		close(out[0]);
		close(out[1]);
		return -1;
	}
	if (pid == 0) {
		char id[16];
		snprintf(id, sizeof id, "%d", s->id);
		dup2(in[0], 0);
		dup2(out[1], 1);
		dup2(out[1], 2);
		signal(SIGPIPE, SIG_DFL);
		execl("/bin/sh", "sh", opt.script, id, (char *)NULL);
		_exit(127);
	}
	close(in[0]);
	close(out[1]);
	fcntl(in[1], F_SETFL, O_NONBLOCK);
	fcntl(out[0], F_SETFL, O_NONBLOCK);
	s->pid = pid;
	s->in = in[1];
	s->out = out[0];
	s->eof = s->reaped = false;
	s->ph = P_CONNECT;
	s->since = s->started = t;
	s->tail_len = 0;
	s->lastline[0] = '\0';
	s->tries++;
	return 0;
}

static void session_close(session *s)
{
	if (s->in >= 0)
		close(s->in);
	if (s->out >= 0)
		close(s->out);
	s->in = s->out = -1;
}

static void session_send(session *s, const char *keys)
{
	size_t len = strlen(keys);
	if (s->in < 0 || write(s->in, keys, len) != (ssize_t)len)
		progress("session %d: could not send '%s': %s", s->id, keys, strerror(errno));
}

static void session_fail(session *s, const char *why)
{
	progress("session %d failed while %s: %s%s%s", s->id, phase_name[s->ph], why,
		 s->lastline[0] ? "; it said: " : "", s->lastline);
	s->failed_in = s->ph;
	snprintf(s->why, sizeof s->why, "%s", why);
	s->ph = P_FAILED;
	if (!s->reaped)
		kill(s->pid, SIGTERM);
	if (s->in >= 0)
		close(s->in);
	s->in = -1;
}

static void tally_reason(const char *text)
{
	for (int i = 0; i < nreason; i++)
		if (strcmp(reason[i].text, text) == 0) {
			reason[i].count++;
			return;
		}
	if (nreason < MAX_REASONS) {
		snprintf(reason[nreason].text, sizeof reason[nreason].text, "%s", text);
		reason[nreason++].count = 1;
	}
}

/* The last line of text the session printed: why it ended, when it did. */
static void note_line(session *s, const char *buf, size_t len)
{
	size_t end = len;
	while (end && (buf[end - 1] == '\n' || buf[end - 1] == '\r'))
		end--;
	if (!end)
		return;
	size_t start = end;
	while (start && buf[start - 1] != '\n' && buf[start - 1] != '\r')
		start--;
	size_t k = 0;
	for (size_t i = start; i < end && k + 1 < sizeof s->lastline; i++)
		if (isprint((unsigned char)buf[i]))
			s->lastline[k++] = buf[i];
	s->lastline[k] = '\0';
}

static bool seen(const char *hay, size_t len, const char *needle)
{
	size_t k = strlen(needle);
	for (size_t i = 0; i + k <= len; i++)
		if (memcmp(hay + i, needle, k) == 0)
			return true;
	return false;
}

static void start_keys(session *s, double t)
{
	s->in_game = true;
	s->ph = P_KEYS;
	s->since = t;
	s->keys = 0;
	s->key_at = 0;
	/* A random start in the first gap: the sessions are not in step. */
	s->due = t + opt.gap * frand();
}

/* New output of session s, read at time t. */
static void session_output(session *s, const char *data, size_t len, double t)
{
	char buf[TAIL + 4096];
	if (len >= HIST) {
		memcpy(s->hist, data + len - HIST, HIST);
		s->hist_len = HIST;
	} else {
		size_t keep = s->hist_len + len > HIST ? HIST - len : s->hist_len;
		memmove(s->hist, s->hist + s->hist_len - keep, keep);
		memcpy(s->hist + keep, data, len);
		s->hist_len = keep + len;
	}
	if (opt.debug && s->id == 1) {
		fprintf(stderr, "[%9.4f %s%s] ", t - t0, phase_name[s->ph], s->key_at ? ", key in flight" : "");
		for (size_t i = 0; i < len; i++) {
			unsigned char c = (unsigned char)data[i];
			if (c == 27)
				fputs("\\e", stderr);
			else if (c < 32 || c == 127)
				fprintf(stderr, "\\x%02x", c);
			else
				fputc(c, stderr);
		}
		fputc('\n', stderr);
	}
	if (s->key_at && s->ph == P_RKEYS) {
		lat_race[nrace++] = t - s->key_at;
		s->due = s->key_at + opt.gap * (0.75 + 0.5 * frand());
		s->key_at = 0;
		s->keys++;
	} else if (s->key_at) {
		lat[nlat++] = t - s->key_at;
		if (s->key_busy)
			lat_busy[nbusy++] = t - s->key_at;
		else
			lat_calm[ncalm++] = t - s->key_at;
		/* The next one a gap after this one was sent, give or take a
		 * quarter, so that the sessions drift apart (and never two
		 * in flight: see the key loop in main). */
		s->due = s->key_at + opt.gap * (0.75 + 0.5 * frand());
		s->key_at = 0;
		s->keys++;
	} else if (s->ph == P_KEYS && t - s->last_out > QUIET) {
		stray++;	/* a piece of an answer, late: the timing is in doubt */
	}
	s->last_out = t;
	if (measuring)
		s->idle_bytes += len;
	/* Find the texts in what was kept of the last read and this one. */
	memcpy(buf, s->tail, s->tail_len);
	memcpy(buf + s->tail_len, data, len);
	size_t all = s->tail_len + len;
	note_line(s, buf, all);
	switch (s->ph) {
	case P_CONNECT:
		if (seen(buf, all, "Name [")) {
			char name[32];
			snprintf(name, sizeof name, "player %d\r", s->id);
			session_send(s, name);
			s->ph = P_NAME;
			s->since = t;
			login[nlogin++] = t - s->started;
		} else if (seen(buf, all, "Moves 0")) {
			/* Named in an attempt that was cut short afterwards. */
			login[nlogin++] = t - s->started;
			start_keys(s, t);
		}
		break;
	case P_NAME:
		if (seen(buf, all, "Moves 0"))
			start_keys(s, t);
		break;
	case P_SOLVE:
		if (seen(buf, all, "Solved")) {
			s->won = true;
			s->ph = opt.race ? P_RACE : P_IDLE;
			s->since = t;
			s->race_step = 0;
		}
		break;
	case P_RACE:
		if (seen(buf, all, "race is open"))
			s->race_open = true;
		if (s->race_step == 1 && !s->race_open && seen(buf, all, "'s race")) {
			session_send(s, "\r");	/* the race at the top: the pair's */
			s->race_step = 2;
		}
		if (seen(buf, all, "go!")) {
			/* The cursor to the first column, untimed: a key that
			 * moves nothing is answered by the clock a second on. */
			session_send(s, "0");
			start_keys(s, t);
			s->ph = P_RKEYS;
			s->due = t + QUIET + opt.gap * frand();
		}
		break;
	default:
		break;
	}
	size_t keep = all < TAIL ? all : TAIL;
	memcpy(s->tail, buf + all - keep, keep);
	s->tail_len = keep;
}

/* The session's ssh has ended and its output is all read. */
static void session_ended(session *s, double t)
{
	session_close(s);
	if (s->ph == P_QUIT) {
		s->ph = P_DONE;
		return;
	}
	if (s->ph == P_FAILED)
		return;
	if (s->ph == P_CONNECT && s->tries <= MAX_RETRIES) {
		/* Refused before it was let in (MaxStartups, LoginGraceTime):
		 * counted, and tried again after a pause. */
		retries++;
		tally_reason(s->lastline[0] ? s->lastline : "(nothing said)");
		s->ph = P_WAIT;
		s->due = t + 0.1 + 0.4 * frand();
		return;
	}
	char why[64];
	snprintf(why, sizeof why, "ssh ended (status %d)", WIFEXITED(s->status) ? WEXITSTATUS(s->status) : -1);
	session_fail(s, why);
}

/* ---- The server side of the sessions: /proc ---- */

typedef struct proc {
	pid_t pid, ppid;
	unsigned long long ticks, start;
	long long run_ns;	/* on a CPU, all its threads (schedstat); -1 unknown */
	char comm[32];
	int group;		/* index of its session's root, -1 if none */
} proc;

static int proc_read(pid_t pid, proc *p)
{
	char path[64], buf[1024];
	snprintf(path, sizeof path, "/proc/%d/stat", (int)pid);
	int fd = open(path, O_RDONLY);
	if (fd < 0)
		return -1;
	ssize_t n = read(fd, buf, sizeof buf - 1);
	close(fd);
	if (n <= 0)
		return -1;
	buf[n] = '\0';
	char *open_paren = strchr(buf, '('), *close_paren = strrchr(buf, ')');
	if (!open_paren || !close_paren || close_paren < open_paren)
		return -1;
	size_t clen = (size_t)(close_paren - open_paren - 1);
	if (clen >= sizeof p->comm)
		clen = sizeof p->comm - 1;
	memcpy(p->comm, open_paren + 1, clen);
	p->comm[clen] = '\0';
	p->pid = pid;
	/* Fields from the third: state ppid ... utime(14) stime(15) ... starttime(22). */
	char *rest = close_paren + 2, *tok;
	unsigned long long f[24] = { 0 };
	int k = 3;
	while ((tok = strsep(&rest, " ")) != NULL && k < 24) {
		if (k > 3)
			f[k] = strtoull(tok, NULL, 10);
		k++;
	}
	if (k < 23)
		return -1;
	p->ppid = (pid_t)f[4];
	p->ticks = f[14] + f[15];
	p->start = f[22];
	p->group = -1;
	p->run_ns = -1;
	return 0;
}

/* Time on a CPU in ns, to the nanosecond where utime+stime has ticks:
 * the first field of each thread's schedstat. */
static long long proc_runtime(pid_t pid)
{
	char path[64];
	snprintf(path, sizeof path, "/proc/%d/task", (int)pid);
	DIR *d = opendir(path);
	if (!d)
		return -1;
	long long sum = 0;
	for (struct dirent *e; (e = readdir(d)) != NULL;) {
		if (!isdigit((unsigned char)e->d_name[0]))
			continue;
		char file[300];
		unsigned long long ns;
		snprintf(file, sizeof file, "/proc/%d/task/%s/schedstat", (int)pid, e->d_name);
		FILE *f = fopen(file, "r");
		if (!f || fscanf(f, "%llu", &ns) != 1) {
			if (f)
				fclose(f);
			sum = -1;
			break;
		}
		fclose(f);
		sum += (long long)ns;
	}
	closedir(d);
	return sum;
}

static int by_pid(const void *a, const void *b)
{
	const proc *x = a, *y = b;
	return (x->pid > y->pid) - (x->pid < y->pid);
}

static proc *proc_find(proc *v, size_t n, pid_t pid)
{
	proc key = { .pid = pid };
	return bsearch(&key, v, n, sizeof *v, by_pid);
}

/* Every process, sorted by pid, each under the sshd connection (a child
 * of the listening sshd) it belongs to: group is that child's index. */
static proc *proc_scan(size_t *count)
{
	DIR *d = opendir("/proc");
	size_t n = 0, cap = 1024;
	proc *v = malloc(cap * sizeof *v);
	if (!d || !v) {
		if (d)
			closedir(d);
		free(v);
		*count = 0;
		return NULL;
	}
	for (struct dirent *e; (e = readdir(d)) != NULL;) {
		if (!isdigit((unsigned char)e->d_name[0]))
			continue;
		if (n == cap) {
			proc *w = realloc(v, 2 * cap * sizeof *v);
			if (!w)
				break;
			v = w;
			cap *= 2;
		}
		if (proc_read((pid_t)atoi(e->d_name), &v[n]) == 0)
			n++;
	}
	closedir(d);
	qsort(v, n, sizeof *v, by_pid);
	for (size_t i = 0; i < n; i++) {
		proc *p = &v[i];
		for (int depth = 0; p && depth < 64; depth++) {
			if (p->ppid == opt.sshd) {
				v[i].group = (int)(p - v);
				break;
			}
			p = proc_find(v, n, p->ppid);
		}
	}
	*count = n;
	return v;
}

/* What serves a session: sshd's two processes (the monitor and its
 * unprivileged child), the game, and the login shell that runs sshd's
 * ForceCommand (kept by some shells, exec'd away by others). */
enum { C_SSHD, C_GAME, C_SHELL, C_N };
static const char *const class_name[C_N] = { "sshd", "game", "shell" };

static int proc_class(const proc *p)
{
	if (strncmp(p->comm, "sshd", 4) == 0)
		return C_SSHD;
	return strcmp(p->comm, "lightsout") == 0 ? C_GAME : C_SHELL;
}

/* RSS and PSS in kB, from smaps_rollup. */
static int proc_memory(pid_t pid, long *rss, long *pss)
{
	char path[64], line[256];
	snprintf(path, sizeof path, "/proc/%d/smaps_rollup", (int)pid);
	FILE *f = fopen(path, "r");
	if (!f)
		return -1;
	*rss = *pss = -1;
	while (fgets(line, sizeof line, f)) {
		if (strncmp(line, "Rss:", 4) == 0)
			*rss = atol(line + 4);
		else if (strncmp(line, "Pss:", 4) == 0)
			*pss = atol(line + 4);
	}
	fclose(f);
	return *rss < 0 || *pss < 0 ? -1 : 0;
}

static int by_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return (x > y) - (x < y);
}

/* Nearest rank. */
static double pct(const double *v, size_t n, double q)
{
	double x = q * (double)n;
	size_t k = (size_t)x;
	if ((double)k < x)
		k++;
	return v[k ? k - 1 : 0];
}

static int count_phase(enum phase ph)
{
	int c = 0;
	for (int i = 0; i < opt.n; i++)
		c += ses[i].ph == ph;
	return c;
}

/* What the server side costs while every session sits in the game. */
typedef struct measure {
	int groups, procs[C_N];
	long rss[C_N], pss[C_N];	/* kB */
	double cpu[C_N];	/* s of CPU over the window, utime+stime */
	double run[C_N];	/* the same from schedstat; < 0 unknown */
	double client_cpu, window;
	int gone, unreadable;
} measure;

static void measure_begin(proc **a, size_t *na, unsigned long long *client)
{
	*a = proc_scan(na);
	for (size_t i = 0; i < *na; i++)
		if ((*a)[i].group >= 0)
			(*a)[i].run_ns = proc_runtime((*a)[i].pid);
	*client = 0;
	for (int i = 0; i < opt.n; i++) {
		proc p;
		if (ses[i].ph == P_IDLE && proc_read(ses[i].pid, &p) == 0)
			*client += p.ticks;
	}
}

static void measure_end(proc *a, size_t na, unsigned long long client, double window, measure *m)
{
	long hz = sysconf(_SC_CLK_TCK);
	memset(m, 0, sizeof *m);
	m->window = window;
	for (size_t i = 0; i < na; i++) {
		if (a[i].group < 0)
			continue;
		int k = proc_class(&a[i]);
		m->groups += a[i].group == (int)i;
		m->procs[k]++;
		proc b;
		if (proc_read(a[i].pid, &b) < 0 || b.start != a[i].start) {
			m->gone++;
			continue;
		}
		m->cpu[k] += (double)(b.ticks - a[i].ticks) / (double)hz;
		long long ns = proc_runtime(a[i].pid);
		if (ns < 0 || a[i].run_ns < 0 || m->run[k] < 0)
			m->run[k] = -1;
		else
			m->run[k] += (double)(ns - a[i].run_ns) / 1e9;
		long rss, pss;
		if (proc_memory(a[i].pid, &rss, &pss) < 0) {
			m->unreadable++;
			continue;
		}
		m->rss[k] += rss;
		m->pss[k] += pss;
	}
	unsigned long long later = 0;
	for (int i = 0; i < opt.n; i++) {
		proc p;
		if (ses[i].ph == P_IDLE && proc_read(ses[i].pid, &p) == 0)
			later += p.ticks;
	}
	m->client_cpu = (double)(later - client) / (double)hz;
}

static void usage(void)
{
	fprintf(stderr, "Usage: ssh_driver -n N -s SCRIPT -p SSHD-PID [-w CONNECTING] [-k KEYS] [-g GAP-MS]\n"
		"                  [-i IDLE-S] [-D] [-r]\n"
		"Session I runs `sh SCRIPT I`, an ssh -tt to the game; SSHD-PID is the listening sshd;\n"
		"-r: after the win, pairs race and the keys are timed again in the race.\n");
	exit(2);
}

static double mib(long kb)
{
	return (double)kb / 1024.0;
}

/* p50 p90 p99 max of v, in ms or in s; "(n WORD)" after them if WORD. */
static void print_times(const char *what, double *v, size_t n, bool seconds, const char *word)
{
	if (!n) {
		printf("%-27s none\n", what);
		return;
	}
	const char *unit = seconds ? "s" : "ms";
	double k = seconds ? 1 : 1e3;
	int digits = seconds ? 2 : 1;
	qsort(v, n, sizeof *v, by_double);
	printf("%-27s p50 %.*f %s  p90 %.*f %s  p99 %.*f %s  max %.*f %s", what, digits, k * pct(v, n, 0.5), unit,
	       digits, k * pct(v, n, 0.9), unit, digits, k * pct(v, n, 0.99), unit, digits, k * v[n - 1], unit);
	if (word)
		printf("  (%zu %s)", n, word);
	putchar('\n');
}

static double cpu_s(int who)
{
	struct rusage ru;
	getrusage(who, &ru);
	return (double)ru.ru_utime.tv_sec + ru.ru_utime.tv_usec / 1e6 + (double)ru.ru_stime.tv_sec +
	       ru.ru_stime.tv_usec / 1e6;
}

/* Why session s did not win, in words: refused (it ended before the game,
 * saying why: the host's own words), timed out, or ended otherwise. */
static void lost_why(const session *s, char *out, size_t len)
{
	enum phase in = s->ph == P_FAILED ? s->failed_in : s->ph;
	bool ended = !strncmp(s->why, "ssh ended", 9);
	if (s->ph != P_FAILED)
		snprintf(out, len, "not done while %s", phase_name[in]);
	else if (ended && s->lastline[0] && in <= P_NAME)
		snprintf(out, len, "refused: \"%s\"", s->lastline);
	else if (!strcmp(s->why, "timed out"))
		snprintf(out, len, "timed out while %s", phase_name[in]);
	else if (s->lastline[0])
		snprintf(out, len, "%s while %s: \"%s\"", s->why, phase_name[in], s->lastline);
	else
		snprintf(out, len, "%s while %s", s->why, phase_name[in]);
}

/* "W of N", and why the others did not win, counted per reason: a
 * summary never says "all" of what only some did. */
static void report_won(int won)
{
	enum { MAX_LOST = 16 };
	struct {
		char text[240];
		int count;
	} lost[MAX_LOST];
	int nlost = 0, others = 0;
	for (int i = 0; i < opt.n; i++) {
		if (ses[i].won)
			continue;
		char text[240];
		lost_why(&ses[i], text, sizeof text);
		int k = 0;
		while (k < nlost && strcmp(lost[k].text, text))
			k++;
		if (k == nlost && nlost == MAX_LOST) {
			others++;
			continue;
		}
		if (k == nlost) {
			snprintf(lost[k].text, sizeof lost[k].text, "%s", text);
			lost[nlost++].count = 0;
		}
		lost[k].count++;
	}
	printf("sessions that won           %d of %d", won, opt.n);
	for (int k = 0; k < nlost; k++)
		printf("; %d %s", lost[k].count, lost[k].text);
	if (others)
		printf("; %d for other reasons", others);
	putchar('\n');
}

static void report(const measure *m, double t_connected, double t_won, double t_all)
{
	int got = 0, won = 0, done = 0;
	for (int i = 0; i < opt.n; i++) {
		got += ses[i].in_game;
		won += ses[i].won;
		done += ses[i].ph == P_DONE && WIFEXITED(ses[i].status) && WEXITSTATUS(ses[i].status) == 0;
	}
	printf("sessions started            %d, at most %d logging in at once\n", opt.n, max_connecting);
	printf("connections retried         %d", retries);
	for (int i = 0; i < nreason; i++)
		printf("%s%dx \"%s\"", i ? ", " : " (", reason[i].count, reason[i].text);
	printf("%s\n", nreason ? ")" : "");
	printf("sessions that got the game  %d of %d\n", got, opt.n);
	report_won(won);
	printf("sessions that quit cleanly  %d of %d (ssh exit status 0 after qy)\n", done, opt.n);
	print_times("login time (ssh to prompt)", login, nlogin, true, "logins");
	if (got == opt.n)
		printf("all logged in and named     %.1f s after the first ssh started\n", t_connected);
	else
		printf("logins over                 %.1f s after the first ssh started (%d of %d in the game)\n",
		       t_connected, got, opt.n);
	char label[40];
	if (won == opt.n)
		snprintf(label, sizeof label, "all won");
	else
		snprintf(label, sizeof label, "%d of %d won, the rest out", won, opt.n);
	printf("%-27s %.1f s after the first ssh started\n", label, t_won);
	if (nlat) {
		print_times("key-to-screen latency", lat, nlat, false, NULL);
		printf("                            (%zu keys, %d unanswered in %.0f s; from write() to the first byte back;\n"
		       "                            %d answers had a piece come over %.0f ms after the one before)\n",
		       nlat, unanswered, T_ANSWER, stray, 1e3 * QUIET);
		print_times("  while others logged in", lat_busy, nbusy, false, "keys");
		print_times("  once all were in", lat_calm, ncalm, false, "keys");
	} else {
		printf("key-to-screen latency       none measured\n");
	}
	if (opt.race)
		print_times("key-to-screen in a race", lat_race, nrace, false, "keys");
	if (!m->groups) {
		printf("server side measured        nothing (no session sat idle in the game)\n");
		printf("driver wall time            %.1f s\n", t_all);
		return;
	}
	double g = m->groups, w = m->window;
	/* The last row of each table: every class together. */
	int all = C_N;
	long rss[C_N + 1] = { 0 }, pss[C_N + 1] = { 0 };
	double cpu[C_N + 1] = { 0 }, run[C_N + 1] = { 0 }, procs[C_N + 1] = { 0 };
	for (int k = 0; k < C_N; k++) {
		rss[k] = m->rss[k], rss[all] += m->rss[k];
		pss[k] = m->pss[k], pss[all] += m->pss[k];
		cpu[k] = m->cpu[k], cpu[all] += m->cpu[k];
		procs[k] = m->procs[k], procs[all] += m->procs[k];
		run[k] = m->run[k];
		run[all] = run[all] < 0 || m->run[k] < 0 ? -1 : run[all] + m->run[k];
	}
	printf("server side measured        %d sessions (sshd's connections), while all sat idle in the game\n",
	       m->groups);
	printf("memory, RSS / PSS           per session           in total\n");
	for (int k = 0; k <= C_N; k++)
		printf("  %-5s %4.3g procs          %5.2f / %5.2f MiB   %7.1f / %6.1f MiB\n",
		       k == all ? "all" : class_name[k], procs[k] / g, mib(rss[k]) / g, mib(pss[k]) / g, mib(rss[k]),
		       mib(pss[k]));
	bool sched = run[all] >= 0;
	printf("idle CPU, %% of one core     per session   in total%s\n",
	       sched ? "     the same from schedstat (ns)" : "");
	for (int k = 0; k <= C_N; k++) {
		printf("  %-25s %8.3f%%   %7.2f%%", k == all ? "all" : class_name[k], 100 * cpu[k] / w / g,
		       100 * cpu[k] / w);
		if (sched)
			printf("     %8.3f%%  %7.2f%%", 100 * run[k] / w / g, 100 * run[k] / w);
		putchar('\n');
	}
	printf("  (utime+stime, in ticks of 1/%ld s, over %.1f s of the idle window, after %.0f s of it)\n",
	       sysconf(_SC_CLK_TCK), w, SETTLE);
	printf("idle CPU, the ssh clients   %.2f%% of one core in total (on this machine too; not counted above)\n",
	       100 * m->client_cpu / w);
	unsigned long long bytes = 0;
	for (int i = 0; i < opt.n; i++)
		bytes += ses[i].idle_bytes;
	printf("idle output per session     %.1f bytes/s to the client\n", (double)bytes / w / g);
	if (m->gone || m->unreadable)
		printf("NOTE: %d processes ended during the window, %d had no readable smaps_rollup\n", m->gone,
		       m->unreadable);
	printf("client side CPU, whole run  ssh clients %.1f s, this driver %.1f s (on this machine too)\n",
	       cpu_s(RUSAGE_CHILDREN), cpu_s(RUSAGE_SELF));
	printf("driver wall time            %.1f s\n", t_all);
}

/* Wait for output until `until` at most; read it, reap what ended. */
static void pump(double until)
{
	static struct pollfd *pfd;
	static int *pfd_ses;
	char data[4096];
	if (!pfd) {
		pfd = calloc((size_t)opt.n, sizeof *pfd);
		pfd_ses = calloc((size_t)opt.n, sizeof *pfd_ses);
		if (!pfd || !pfd_ses) {
			fprintf(stderr, "ssh_driver: out of memory\n");
			exit(1);
		}
	}
	int np = 0;
	for (int i = 0; i < opt.n; i++)
		if (ses[i].out >= 0 && !ses[i].eof) {
			pfd[np].fd = ses[i].out;
			pfd[np].events = POLLIN;
			pfd_ses[np++] = i;
		}
	int ms = (int)((until - now()) * 1e3) + 1;
	int r = poll(pfd, (nfds_t)np, ms < 0 ? 0 : ms);
	double t = now();	/* when the bytes were there to read */
	if (r < 0 && errno != EINTR) {
		perror("ssh_driver: poll");
		exit(1);
	}
	for (int j = 0; r > 0 && j < np; j++) {
		if (!pfd[j].revents)
			continue;
		session *s = &ses[pfd_ses[j]];
		ssize_t n = read(s->out, data, sizeof data);
		if (n > 0)
			session_output(s, data, (size_t)n, t);
		else if (n == 0 || (errno != EAGAIN && errno != EINTR))
			s->eof = true;
	}
	for (;;) {
		int status;
		pid_t pid = waitpid(-1, &status, WNOHANG);
		if (pid <= 0)
			break;
		for (int i = 0; i < opt.n; i++)
			if (ses[i].pid == pid && !ses[i].reaped) {
				ses[i].reaped = true;
				ses[i].status = status;
			}
	}
	for (int i = 0; i < opt.n; i++) {
		session *s = &ses[i];
		if (s->pid > 0 && s->eof && s->reaped && s->out >= 0)
			session_ended(s, t);
		else if (s->ph == P_FAILED && s->reaped && s->out >= 0)
			session_close(s);
	}
}

int main(int argc, char **argv)
{
	for (int c; (c = getopt(argc, argv, "n:s:p:w:k:g:i:Dr")) != -1;) {
		switch (c) {
		case 'n': opt.n = atoi(optarg); break;
		case 's': opt.script = optarg; break;
		case 'p': opt.sshd = (pid_t)atoi(optarg); break;
		case 'w': opt.window = atoi(optarg); break;
		case 'k': opt.keys = atoi(optarg); break;
		case 'g': opt.gap = atof(optarg) / 1e3; break;
		case 'i': opt.idle = atoi(optarg); break;
		case 'D': opt.debug = true; break;
		case 'r': opt.race = true; break;
		default: usage();
		}
	}
	if (opt.n < 1 || !opt.script || opt.sshd < 1 || opt.window < 1 || opt.keys < 0 || opt.gap <= 0 ||
	    opt.idle < 1)
		usage();
	ses = calloc((size_t)opt.n, sizeof *ses);
	lat = calloc((size_t)opt.n * (size_t)opt.keys + 1, sizeof *lat);
	lat_busy = calloc((size_t)opt.n * (size_t)opt.keys + 1, sizeof *lat);
	lat_calm = calloc((size_t)opt.n * (size_t)opt.keys + 1, sizeof *lat);
	login = calloc((size_t)opt.n, sizeof *login);
	lat_race = calloc((size_t)opt.n * (size_t)opt.keys + 1, sizeof *lat);
	if (!ses || !lat_race || !lat || !lat_busy || !lat_calm || !login) {
		fprintf(stderr, "ssh_driver: out of memory\n");
		return 1;
	}
	/* Two pipes a session: as many descriptors as allowed. */
	struct rlimit rl;
	if (getrlimit(RLIMIT_NOFILE, &rl) == 0 && rl.rlim_cur < rl.rlim_max) {
		rl.rlim_cur = rl.rlim_max;
		setrlimit(RLIMIT_NOFILE, &rl);
	}
	signal(SIGPIPE, SIG_IGN);
	struct sigaction sa = { 0 };
	sa.sa_handler = on_signal;
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGTERM, &sa, NULL);
	sigaction(SIGHUP, &sa, NULL);
	srand((unsigned)getpid() ^ (unsigned)time(NULL));
	t0 = now();
	for (int i = 0; i < opt.n; i++) {
		session *s = &ses[i];
		s->id = i + 1;
		s->ph = P_WAIT;
		s->in = s->out = -1;
		s->due = t0;
	}

	enum { RUN, IDLE_SETTLE, IDLE_MEASURE, QUITTING } stage = RUN;
	double t_connected = 0, t_won = 0, stage_at = 0, last_progress = t0, quit_at = 0;
	proc *before = NULL;
	size_t nbefore = 0;
	unsigned long long client_before = 0;
	measure m = { 0 };
	double next = t0;
	for (;;) {
		/* What came first: a key is sent on a screen known to be still. */
		pump(next);
		double t = now();
		if (stop_signal) {
			for (int i = 0; i < opt.n; i++)
				if (ses[i].pid > 0 && !ses[i].reaped)
					kill(ses[i].pid, SIGTERM);
			fprintf(stderr, "bench-ssh: stopped by signal %d\n", (int)stop_signal);
			return 130;
		}
		/* Start what may start: at most `window` logging in at once. */
		int connecting = count_phase(P_CONNECT);
		for (int i = 0; i < opt.n && connecting < opt.window; i++) {
			session *s = &ses[i];
			if (s->ph != P_WAIT || s->due > t)
				continue;
			if (session_start(s, t) < 0) {
				progress("session %d: cannot start ssh: %s", s->id, strerror(errno));
				s->ph = P_FAILED;
				continue;
			}
			connecting++;
		}
		if (connecting > max_connecting)
			max_connecting = connecting;
		/* Keys due, and what took too long. */
		int logging_in = count_phase(P_WAIT) + count_phase(P_CONNECT) + count_phase(P_NAME);
		for (int i = 0; i < opt.n; i++) {
			session *s = &ses[i];
			bool timing = s->ph == P_KEYS || s->ph == P_RKEYS;
			if (timing && s->key_at && t - s->key_at > T_ANSWER) {
				unanswered++;
				s->key_at = 0;
				s->keys++;
				s->due = t;
			}
			if (s->ph == P_RKEYS && !s->key_at && t >= s->due && s->keys >= opt.keys) {
				s->ph = P_IDLE;	/* raced: sits in the race till the end */
				s->since = t;
			} else if (timing && !s->key_at && t >= s->due) {
				if (s->keys >= opt.keys && s->ph == P_KEYS) {
					session_send(s, "sT");
					s->ph = P_SOLVE;
					s->since = t;
				} else if (t - s->last_out < QUIET) {
					s->due = s->last_out + QUIET;	/* the screen is still being drawn */
				} else {
					session_send(s, s->keys % 2 ? "h" : "l");
					s->key_at = now();
					s->key_busy = logging_in > 0;
				}
			}
			double limit = s->ph == P_CONNECT ? T_CONNECT
				     : s->ph == P_NAME  ? T_GAME
				     : s->ph == P_SOLVE ? T_SOLVE
				     : s->ph == P_RACE ? T_GAME
				     : s->ph == P_QUIT  ? T_QUIT : 0;
			if (limit && t - s->since > limit) {
				if (s->ph == P_QUIT) {
					kill(s->pid, SIGTERM);
					s->since = t;	/* and again later, if need be */
					progress("session %d did not end after qy: terminated", s->id);
				} else {
					session_fail(s, "timed out");
				}
			}
		}
		/* -r: the next pair races once the last one's race is on. */
		while (opt.race && 2 * race_pair < opt.n) {
			session *o = &ses[2 * race_pair], *k = 2 * race_pair + 1 < opt.n ? &ses[2 * race_pair + 1] : NULL;
			if (!k) {
				if (o->ph == P_RACE) {
					o->ph = P_IDLE;	/* nobody to race */
					o->since = t;
				}
				if (o->ph < P_RACE)
					break;
				race_pair++;
				continue;
			}
			bool o_done = o->ph == P_FAILED || o->ph >= P_RKEYS, k_done = k->ph == P_FAILED || k->ph >= P_RKEYS;
			if (o_done && k_done) {
				race_pair++;
				continue;
			}
			if (o->ph == P_RACE && k->ph == P_RACE) {
				if (o->race_step == 0) {
					session_send(o, "vo");
					o->race_step = 1;
				}
				if (o->race_open && k->race_step == 0) {
					session_send(k, "v");
					k->race_step = 1;
				}
			} else if (o->ph == P_FAILED && k->ph == P_RACE) {
				k->ph = P_IDLE;
			} else if (k->ph == P_FAILED && o->ph == P_RACE) {
				o->ph = P_IDLE;
			}
			break;
		}
		/* Where the run stands. */
		int idle = count_phase(P_IDLE), failed = count_phase(P_FAILED), done = count_phase(P_DONE);
		if (!t_connected && count_phase(P_WAIT) + count_phase(P_CONNECT) + count_phase(P_NAME) == 0)
			t_connected = t - t0;
		if (stage == RUN && idle + failed == opt.n) {
			t_won = t - t0;
			progress("%d sessions sit in the game (%d failed): idle window, %.0f s settling + %d s measured",
				 idle, failed, SETTLE, opt.idle);
			stage = IDLE_SETTLE;
			stage_at = t;
		} else if (stage == IDLE_SETTLE && t - stage_at >= SETTLE) {
			measure_begin(&before, &nbefore, &client_before);
			measuring = true;
			stage = IDLE_MEASURE;
			stage_at = now();
		} else if (stage == IDLE_MEASURE && t - stage_at >= opt.idle) {
			measure_end(before, nbefore, client_before, now() - stage_at, &m);
			measuring = false;
			free(before);
			for (int i = 0; i < opt.n; i++)
				if (ses[i].ph == P_IDLE) {
					session_send(&ses[i], "qy");
					ses[i].ph = P_QUIT;
					ses[i].since = t;
				}
			stage = QUITTING;
			quit_at = t;
			progress("measured; quitting");
		} else if (stage == QUITTING && done + failed == opt.n) {
			bool all_gone = true;
			for (int i = 0; i < opt.n; i++)
				all_gone &= ses[i].pid <= 0 || ses[i].reaped;
			if (all_gone || t - quit_at > T_QUIT + 10)
				break;
		}
		if (stage == RUN && t - last_progress >= 5) {
			progress("%d waiting, %d logging in, %d naming, %d timing keys, %d solving, %d idle, "
				 "%d failed, %d retries",
				 count_phase(P_WAIT), count_phase(P_CONNECT), count_phase(P_NAME), count_phase(P_KEYS),
				 count_phase(P_SOLVE), idle, failed, retries);
			last_progress = t;
		}

		/* Then wait for output, or for the next thing due. */
		next = t + 0.1;
		for (int i = 0; i < opt.n; i++) {
			const session *s = &ses[i];
			if ((s->ph == P_WAIT || ((s->ph == P_KEYS || s->ph == P_RKEYS) && !s->key_at)) && s->due < next)
				next = s->due;
		}
	}
	/* What the failed sessions saw last, escape sequences dropped. */
	for (int i = 0, shown = 0; i < opt.n && shown < 5; i++) {
		const session *s = &ses[i];
		if (s->ph != P_FAILED)
			continue;
		fprintf(stderr, "bench-ssh: session %d failed while %s; its last bytes:\n    ", s->id,
			phase_name[s->failed_in]);
		for (size_t k = 0; k < s->hist_len; k++) {
			unsigned char c = (unsigned char)s->hist[k];
			if (c == 27) {	/* ESC [ params final */
				if (k + 1 < s->hist_len && s->hist[k + 1] == '[')
					for (k += 2; k < s->hist_len && !isalpha((unsigned char)s->hist[k]); k++)
						;
				continue;
			}
			if (c == '\n')
				fputs("\n    ", stderr);
			else if (c >= 32 && c != 127)
				fputc(c, stderr);
		}
		fputc('\n', stderr);
		shown++;
	}
	report(&m, t_connected, t_won, now() - t0);
	return 0;
}
