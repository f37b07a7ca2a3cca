/* No file on any key: the real game (cmd_play, its loop, every screen)
 * is given every key of every screen's table, and no file may be opened,
 * made, renamed or removed between the key and its frame on the terminal
 * (ui/run.c sends the frame first; what a key must write waits for the
 * host's turn after it).  The method is test_session's for the winning
 * press: the file calls are wrapped (--wrap=open and the others) and
 * counted; here the loop's own seams are wrapped too: term_getch gives
 * the keys, term_flush ends a key's window, app_frame shows the app.
 *
 * A key that ends the game ends its run: the game is started again (a
 * child process a run) from the key after it. */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include <dirent.h>

#include "ui/app.h"
#include "ui/cmd_play.h"
#include "ui/term.h"
#include "tap.h"

/* ---- The file calls, counted inside a key's window ---- */

static bool in_key;		/* a key given, its frame not yet sent */
static int calls;		/* file calls in the window */
static char first[160];		/* the first one's call and path */

#include "file_wraps.h"

static void file_wrapped(const char *what, int dirfd, const char *p)
{
	(void)dirfd;
	if (!in_key)
		return;
	if (!calls++)
		snprintf(first, sizeof first, "%s %s", what, p ? p : "(fd)");
}

/* The game needs a terminal: curses draws to /dev/null, as if it were one. */
int __real_isatty(int fd);
int __wrap_isatty(int fd);
int __wrap_isatty(int fd)
{
	return fd == STDIN_FILENO || fd == STDOUT_FILENO ? 1 : __real_isatty(fd);
}

/* ---- The scenes: a screen reached from the board, and its keys ---- */

typedef struct scene {
	const char *name;
	const char *opener;	/* keys from the board, each one checked too */
	const screen *top;	/* the screen its keys are for */
} scene;

static const scene scenes[] = {
	{ "board", "", &board_screen },
	{ "editor", "e", &editor_screen },
	{ "analysis", "a", &analysis_screen },
	{ "help", "?", &help_screen },
	{ "pager (S)", "S", &pager_screen },
	{ "settings", "m", &menu_screen },
	{ "question (R mid-game)", " R", &question_screen },
	{ "share code entry", "P", &code_screen },
};
#define NSCENES (sizeof scenes / sizeof scenes[0])
#define KEY_WIN 1		/* in an opener: the board cleared (s, then T) */

/* Every key of s's table (a row without a handler documents `other`'s). */
static int screen_keys(const screen *s, int *out, int most)
{
	int n = 0;
	for (const key_row *r = s->rows; r->keys[0] || r->run; r++)
		for (int j = 0; j < SCREEN_KEYS_MAX && r->keys[j] && n < most; j++)
			out[n++] = r->keys[j];
	return n;
}

/* The plan: a flat list of steps, each a key given or the board put back. */
typedef struct step {
	int scene;
	int key;		/* 0: back to the board alone */
	bool tested;		/* the scene's key (not its opener's) */
} step;
static step plan[4096];
static int nplan;

static void plan_make(void)
{
	int keys[256];
	for (size_t i = 0; i < NSCENES; i++) {
		int n = screen_keys(scenes[i].top, keys, 256);
		for (int k = 0; k < n; k++) {
			plan[nplan++] = (step){ (int)i, 0, false };
			for (const char *o = scenes[i].opener; *o; o++)
				plan[nplan++] = (step){ (int)i, (unsigned char)*o, false };
			plan[nplan++] = (step){ (int)i, keys[k], true };
		}
	}
}

/* ---- The child: the game, given the plan's keys from `at` ---- */

static app *the_app;
static int at, given = -1;	/* the next step; the step whose key is in its window */
static int report_fd;
static int win_left;		/* KEY_WIN: keys of the win still to give */

void __real_app_frame(app *a);
void __wrap_app_frame(app *a);
void __wrap_app_frame(app *a)
{
	the_app = a;
	__real_app_frame(a);
}

/* The window of the key given ends: its count said to the parent. */
static void window_end(const char *how)
{
	if (given < 0)
		return;
	char line[300];
	int len = snprintf(line, sizeof line, "%d %d %s %s\n", given, calls, how, calls ? first : "-");
	if (write(report_fd, line, (size_t)len) != len)
		_exit(3);
	given = -1;
	in_key = false;
}

void __real_term_flush(void);
void __wrap_term_flush(void);
void __wrap_term_flush(void)
{
	window_end("flushed");
	__real_term_flush();
}

int __real_session_end(session *s, double now);
int __wrap_session_end(session *s, double now);
int __wrap_session_end(session *s, double now)
{
	window_end("quit");	/* the game ends: what it keeps is written now */
	return __real_session_end(s, now);
}

int __real_term_getch(int wait_ms);
int __wrap_term_getch(int wait_ms);
/* No key now: the wait taken (up to 20 ms), as curses would. */
static int no_key(int wait_ms)
{
	struct timespec ts = { 0, (wait_ms < 20 ? wait_ms : 20) * 1000000L };
	nanosleep(&ts, NULL);
	return ERR;
}

/* Waiting for a scene's screen since (monotonic seconds; 0: not). */
static double waited_since;

static bool gave_up_waiting(void)
{
	double now = term_now();
	if (!waited_since)
		waited_since = now;
	return now - waited_since > 2.0;
}

int __wrap_term_getch(int wait_ms)
{
	if (given >= 0)
		window_end("waited");	/* a wait for the next key with no frame sent */
	if (!the_app)
		return no_key(wait_ms);
	if (win_left) {
		/* s marks the solution; T plays it to the win: wait for both. */
		session_view sv = app_session(the_app);
		if (sv.g->won) {
			win_left = 0;
		} else if (win_left == 2 && sv.plan->have) {
			win_left = 1;
			return 'T';
		} else {
			return no_key(wait_ms);
		}
	}
	for (;;) {
		if (at >= nplan) {
			term_quit_signal = SIGTERM;	/* done: the game ends */
			return no_key(wait_ms);
		}
		step *st = &plan[at];
		if (!st->key) {
			while (the_app->depth > 1)
				app_pop(the_app);
			the_app->v.msg[0] = '\0';
			/* The question's scene from a board untouched: its
			 * press then makes a game in progress, and R asks. */
			if (scenes[st->scene].top == &question_screen)
				app_react(the_app, session_restart(the_app->s, term_now()));
			at++;
			continue;
		}
		if (st->key == KEY_WIN) {
			at++;
			win_left = 2;
			return 's';
		}
		if (st->tested && app_top(the_app) != scenes[st->scene].top && !gave_up_waiting()) {
			/* A screen opened at the host's turn (the statistics'
			 * page): a moment for it. */
			return no_key(wait_ms);
		}
		waited_since = 0;
		if (st->tested && app_top(the_app) != scenes[st->scene].top) {
			char line[64];
			int len = snprintf(line, sizeof line, "%d -1 unreached -\n", at);
			if (write(report_fd, line, (size_t)len) != len)
				_exit(3);
			at++;
			continue;
		}
		given = at++;
		calls = 0;
		in_key = true;
		return st->key;
	}
}

static void child(const char *home, int fd)
{
	report_fd = fd;
	int null = open("/dev/null", O_RDWR);
	if (null < 0 || dup2(null, STDIN_FILENO) < 0 || dup2(null, STDOUT_FILENO) < 0)
		_exit(4);
	setenv("HOME", home, 1);
	char *argv[] = { "play", "--size", "5x5", "--keys-per-second", "0", "--no-animation", NULL };
	cmd_play(6, argv);
	_exit(0);
}

/* ---- The parent: the runs, and the steps' results ---- */

typedef struct result {
	int calls;		/* -1: its screen not reached; -2: no result */
	char how[16], first[160];
} result;
static result res[4096];

/* A key the game lets touch files before its frame, and why (known, to be
 * moved to the host's turn: tests fail once they no longer do, so that the
 * list shrinks). */
static const struct {
	const char *scene;
	int key;
	const char *why;
} known[] = {
	{ "board", 'e', "the editor saves the game as it stands first (session_edit_begin)" },
	{ "question (R mid-game)", 'y', "a restart records the attempt given up (statistics) and a new game id" },
	{ "question (R mid-game)", 'Y', "a restart records the attempt given up (statistics) and a new game id" },
	{ NULL, 0, NULL },
};

static const char *known_why(const char *sc, int key)
{
	for (size_t i = 0; known[i].scene; i++)
		if (!strcmp(known[i].scene, sc) && known[i].key == key)
			return known[i].why;
	return NULL;
}

static void keyname_of(int k, char *buf, size_t len)
{
	if (k == ' ')
		snprintf(buf, len, "Space");
	else if (k == '\n' || k == '\r')
		snprintf(buf, len, "Enter (%d)", k);
	else if (k == '\t')
		snprintf(buf, len, "Tab");
	else if (k == KEY_ESC)
		snprintf(buf, len, "Esc");
	else if (k > 32 && k < 127)
		snprintf(buf, len, "'%c'", k);
	else if (k < 32)
		snprintf(buf, len, "Ctrl-%c", k + '@');
	else
		snprintf(buf, len, "key %#o", k);
}

int main(void)
{
	char home[] = "/tmp/lo-keys.XXXXXX";
	if (!mkdtemp(home)) {
		printf("Bail out! mkdtemp\n");
		return 1;
	}
	setenv("TERM", "xterm", 1);	/* ncurses-base has it */
	setenv("LINES", "40", 1);
	setenv("COLUMNS", "120", 1);
	unsetenv("XDG_CONFIG_HOME");
	unsetenv("XDG_STATE_HOME");
	unsetenv("XDG_DATA_HOME");
	unsetenv("SSH_CONNECTION");
	plan_make();
	for (int i = 0; i < nplan; i++)
		res[i].calls = -2;
	int start = 0, runs = 0;
	while (start < nplan && runs < 200) {
		int p[2];
		fflush(stdout);
		if (pipe(p) < 0)
			return 1;
		pid_t pid = fork();
		if (pid == 0) {
			close(p[0]);
			at = start;
			child(home, p[1]);
		}
		close(p[1]);
		runs++;
		FILE *in = fdopen(p[0], "r");
		char line[400];
		int last = start - 1;
		while (in && fgets(line, sizeof line, in)) {
			int i, n, off = 0;
			char how[16];
			if (sscanf(line, "%d %d %15s %n", &i, &n, how, &off) < 3 || i < 0 || i >= nplan)
				continue;
			res[i].calls = n;
			snprintf(res[i].how, sizeof res[i].how, "%s", how);
			snprintf(res[i].first, sizeof res[i].first, "%s", line + off);
			res[i].first[strcspn(res[i].first, "\n")] = '\0';
			last = i > last ? i : last;
		}
		if (in)
			fclose(in);
		int status;
		waitpid(pid, &status, 0);
		if (!WIFEXITED(status))
			tap_diag("run %d ended by signal %d after step %d", runs, WTERMSIG(status), last);
		/* The steps a quit skipped: from the step after the quitting key. */
		start = last + 1;
	}
	int checked = 0, unreached = 0;
	for (int i = 0; i < nplan; i++) {
		const step *st = &plan[i];
		if (!st->key || st->key == KEY_WIN)
			continue;
		const scene *sc = &scenes[st->scene];
		char name[32];
		keyname_of(st->key, name, sizeof name);
		result *r = &res[i];
		if (r->calls == -1) {
			tap_diag("%s: %s not given: the screen is not on top", sc->name, name);
			unreached++;
			continue;
		}
		if (!st->tested) {
			/* An opener's key (pressed on the board first): checked
			 * as the board's own is. */
			if (r->calls > 0 && !known_why("board", st->key))
				tap_ok(false, "%s: opening with %s touches no file before its frame (%d calls, first: %s)",
				       sc->name, name, r->calls, r->first);
			continue;
		}
		checked++;
		const char *why = known_why(sc->name, st->key);
		char desc[300];
		if (r->calls == -2)
			snprintf(desc, sizeof desc, "%s: %s gives a result (the run ended before it)", sc->name, name);
		else if (r->calls == 0)
			snprintf(desc, sizeof desc, "%s: %s touches no file before its frame (%s)", sc->name, name,
				 r->how);
		else
			snprintf(desc, sizeof desc, "%s: %s touches no file before its frame (%d calls, first: %s)",
				 sc->name, name, r->calls, r->first);
		if (why) {
			/* TAP's TODO: expected to fail, and a pass is news. */
			printf("%sok %d - %s # TODO %s\n", r->calls == 0 ? "" : "not ", ++tap_n, desc, why);
		} else
			tap_ok(r->calls == 0, "%s", desc);
	}
	tap_ok(checked > 100 && unreached == 0, "%d keys checked in %zu scenes, %d runs; none unreached (%d)", checked,
	       NSCENES, runs, unreached);
	char cmd[128];
	snprintf(cmd, sizeof cmd, "rm -rf '%s'", home);
	if (system(cmd) != 0)
		tap_diag("could not remove %s", home);
	return tap_done();
}
