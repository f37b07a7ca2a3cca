#include "i18n.h"
#include "base/clock.h"
#include "ui/term.h"

#include <curses.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <term.h>
#include <termios.h>
#include <time.h>
#include <unistd.h>

volatile sig_atomic_t term_quit_signal, term_stop_request, term_continued, term_takeover;
static volatile sig_atomic_t resized;	/* SIGWINCH: term_getch() fits curses to the window */
/* The most curses is given, and the window's real size (which may be more). */
static int max_rows = TERM_MAX_ROWS, max_cols = TERM_MAX_COLS;
static int real_rows, real_cols;

static bool term_active;
static bool sgr_mouse;	/* SGR mouse reports turned on by us (term_sgr_mouse reads them) */
static bool have_termios;
static struct termios saved_termios;
/* What a crash handler writes to undo curses without calling it: leave the
 * alternate screen, show the cursor, plain attributes, mouse off. */
static char crash_reset[256];
static size_t crash_reset_len;

static void on_quit(int sig)
{
	term_quit_signal = sig;
}

static void on_tstp(int sig)
{
	(void)sig;
	term_stop_request = 1;
}

static void on_cont(int sig)
{
	(void)sig;
	term_continued = 1;
	/* A window resized while we were stopped sent its SIGWINCH to the
	 * shell in front of us: look again. */
	resized = 1;
}

static void on_winch(int sig)
{
	(void)sig;
	resized = 1;
}

static void on_takeover(int sig, siginfo_t *info, void *ctx)
{
	(void)sig;
	(void)ctx;
	term_takeover = info->si_pid > 0 ? info->si_pid : 1;
}

static void on_crash(int sig)
{
	if (crash_reset_len)
		(void)!write(STDOUT_FILENO, crash_reset, crash_reset_len);
	if (have_termios)
		tcsetattr(STDIN_FILENO, TCSAFLUSH, &saved_termios);
	signal(sig, SIG_DFL);
	raise(sig);
}

static void handle(int sig, void (*fn)(int))
{
	struct sigaction sa;
	memset(&sa, 0, sizeof sa);
	sa.sa_handler = fn;
	sigemptyset(&sa.sa_mask);
	/* No SA_RESTART: a signal should wake getch() so the loop sees it. */
	sigaction(sig, &sa, NULL);
}

static void crash_reset_add(const char *cap)
{
	if (!cap || cap == (char *)-1)
		return;
	size_t n = strlen(cap);
	if (crash_reset_len + n < sizeof crash_reset) {
		memcpy(crash_reset + crash_reset_len, cap, n);
		crash_reset_len += n;
	}
}

/* A size from the environment, 0 when none or nonsense. */
static int env_num(const char *name)
{
	const char *s = getenv(name);
	char *end;
	long n = s ? strtol(s, &end, 10) : 0;
	return s && end != s && !*end && n > 0 && n <= SHRT_MAX ? (int)n : 0;
}

/* The window's size as the terminal says (any size a client claims), else
 * as LINES and COLUMNS say; 0 when neither knows. */
static void window_size(int *rows, int *cols)
{
	struct winsize ws;
	*rows = *cols = 0;
	if ((ioctl(STDOUT_FILENO, TIOCGWINSZ, &ws) == 0 || ioctl(STDIN_FILENO, TIOCGWINSZ, &ws) == 0) && ws.ws_row &&
	    ws.ws_col) {
		*rows = ws.ws_row;
		*cols = ws.ws_col;
		return;
	}
	*rows = env_num("LINES");
	*cols = env_num("COLUMNS");
}

/* What curses may take of a window: the bound's part of it. */
static int clamp(int n, int most)
{
	return n > most ? most : n;
}

/* Curses sizes its screens from LINES and COLUMNS before the terminal
 * (use_env): at the start, and again by itself when it comes back from
 * endwin (Ctrl-Z).  They say the bounded size of the window as last seen. */
static void size_env(int rows, int cols)
{
	char n[16];
	snprintf(n, sizeof n, "%d", clamp(rows, max_rows));
	setenv("LINES", n, 1);
	snprintf(n, sizeof n, "%d", clamp(cols, max_cols));
	setenv("COLUMNS", n, 1);
}

/* Home and End as terminals send them whatever TERM says: PuTTY (its
 * default TERM is xterm, whose description has ESC O H) and screen send
 * ESC [ 1 ~ and ESC [ 4 ~, rxvt ESC [ 7 ~ and ESC [ 8 ~, some ESC [ H and
 * ESC [ F.  A sequence the description leaves out would arrive as Esc
 * and three keys (Esc: the lobby); one it calls Find or Select (vt220's)
 * is read as Home or End by term_getch. */
static void home_end_keys(void)
{
	static const struct {
		const char *seq;
		int key;
	} keys[] = {
		{ "\033[1~", KEY_HOME }, { "\033[4~", KEY_END }, { "\033[7~", KEY_HOME },
		{ "\033[8~", KEY_END },  { "\033[H", KEY_HOME }, { "\033[F", KEY_END },
	};
	for (size_t i = 0; i < sizeof keys / sizeof keys[0]; i++)
		if (key_defined(keys[i].seq) == 0)
			define_key(keys[i].seq, keys[i].key);
}

int term_open(bool mouse, int most_rows, int most_cols, char *err, size_t errlen)
{
	have_termios = tcgetattr(STDIN_FILENO, &saved_termios) == 0;
	max_rows = most_rows;
	max_cols = most_cols;
	/* Curses keeps some 84 bytes a cell in its three screens: it must
	 * never see the size a client claims, only the bounded one (the
	 * environment's).  Our own SIGWINCH handler, in place before newterm,
	 * keeps curses from installing its own, which would read the
	 * terminal's size again. */
	window_size(&real_rows, &real_cols);
	if (real_rows > 0 && real_cols > 0)
		size_env(real_rows, real_cols);
	else {
		/* Neither knows: the terminal description's size. */
		unsetenv("LINES");
		unsetenv("COLUMNS");
	}
	use_env(TRUE);
	handle(SIGWINCH, on_winch);
	resized = 0;
	/* newterm, not initscr: initscr exits by itself on a bad TERM. */
	SCREEN *scr = newterm(NULL, stdout, stdin);
	if (!scr) {
		const char *t = getenv("TERM");
		/* TRANSLATORS: TERM's value, or "unset". */
		snprintf(err, errlen, _("cannot use the terminal (TERM=%s)"), t ? t : _("unset"));
		return -1;
	}
	/* A terminal that cannot address its cursor (TERM=dumb, some
	 * editors' shells) would get a scrolling mess: refuse it. */
	const char *cup = tigetstr("cup");
	if (!cup || cup == (char *)-1) {
		const char *t = getenv("TERM");
		endwin();
		delscreen(scr);
		snprintf(err, errlen, _("the terminal (TERM=%s) cannot move its cursor; the game needs one that can"),
			 t ? t : _("unset"));
		return -1;
	}
	term_active = true;
	cbreak();	/* not raw(): Ctrl-C and Ctrl-Z stay signals */
	noecho();
	nonl();
	keypad(stdscr, TRUE);
	home_end_keys();
	set_escdelay(25);
	curs_set(0);
	timeout(500);	/* the clock ticks; no busy loop */
	if (mouse) {
		mouseinterval(0);	/* act on the press, no wait for a click */
		/* Clicks only (mode 1000): no report for every motion, so text
		 * such as a share code can be selected without Shift. */
		mousemask(BUTTON1_PRESSED | BUTTON3_PRESSED, NULL);
		/* A terminal description that knows only the old encoding (tmux's
		 * and screen's: kmous \E[M) caps clicks at column 223; SGR
		 * reports (1006) have no cap, and are read here. */
		const char *km = tigetstr("kmous");
		if (km && km != (char *)-1 && !strcmp(km, "\033[M")) {
			define_key("\033[<", KEY_SGR_MOUSE);
			fputs("\033[?1006h", stdout);
			fflush(stdout);
			sgr_mouse = true;
		}
	}
	crash_reset_add(tigetstr("sgr0"));
	crash_reset_add(tigetstr("cnorm"));
	crash_reset_add(tigetstr("rmkx"));
	crash_reset_add(tigetstr("rmcup"));
	if (mouse)
		crash_reset_add("\033[?1000l\033[?1002l\033[?1006l");
	handle(SIGINT, on_quit);
	handle(SIGTERM, on_quit);
	handle(SIGHUP, on_quit);
	handle(SIGTSTP, on_tstp);
	handle(SIGCONT, on_cont);
	struct sigaction sa;
	memset(&sa, 0, sizeof sa);
	sa.sa_sigaction = on_takeover;
	sa.sa_flags = SA_SIGINFO;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGUSR1, &sa, NULL);
	/* Every signal whose default kills the process with the terminal raw
	 * (SIGXFSZ is ignored: main.c). */
	int fatal[] = { SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT, SIGQUIT, SIGTRAP, SIGSYS, SIGXCPU };
	for (size_t i = 0; i < sizeof fatal / sizeof fatal[0]; i++)
		handle(fatal[i], on_crash);
	return 0;
}

bool term_clipped(int *rows, int *cols)
{
	*rows = real_rows;
	*cols = real_cols;
	return real_rows > max_rows || real_cols > max_cols;
}

int term_getch(int wait_ms)
{
	if (resized) {
		resized = 0;
		int r, c;
		window_size(&r, &c);
		if (r > 0 && c > 0) {
			real_rows = r;
			real_cols = c;
			size_env(r, c);
			/* resizeterm queues KEY_RESIZE when the bounded size
			 * changes what curses has. */
			resizeterm(clamp(r, max_rows), clamp(c, max_cols));
		}
	}
	timeout(wait_ms);
	int ch = getch();
	return ch == KEY_FIND ? KEY_HOME : ch == KEY_SELECT ? KEY_END : ch;
}

void term_flush(void)
{
	refresh();
}

bool term_sgr_mouse(MEVENT *ev)
{
	/* The rest of "\033[<B;X;YM": digits and two semicolons, then M (a
	 * press) or m (a release), all sent at once by the terminal. */
	char buf[32];
	int n = 0, ch;
	timeout(20);
	while (n < (int)sizeof buf - 1 && (ch = getch()) != ERR) {
		buf[n++] = (char)ch;
		if (ch == 'M' || ch == 'm')
			break;
	}
	buf[n] = '\0';
	int b, x, y;
	char end;
	memset(ev, 0, sizeof *ev);
	if (sscanf(buf, "%d;%d;%d%c", &b, &x, &y, &end) != 4 || x < 1 || y < 1 || (end != 'M' && end != 'm'))
		return false;
	ev->x = x - 1;
	ev->y = y - 1;
	/* Presses of the left and right buttons; releases, motion and wheels
	 * are none of ours. */
	if (end == 'M' && !(b & (32 | 64)))
		ev->bstate = (b & 3) == 0 ? BUTTON1_PRESSED : (b & 3) == 2 ? BUTTON3_PRESSED : 0;
	return ev->bstate != 0;
}

void term_close(void)
{
	if (!term_active)
		return;
	term_active = false;
	mousemask(0, NULL);
	if (sgr_mouse) {
		fputs("\033[?1006l", stdout);
		sgr_mouse = false;
	}
	curs_set(1);
	endwin();
	fflush(stdout);
	crash_reset_len = 0;
}

void term_suspend(void)
{
	term_stop_request = 0;
	endwin();
	fflush(stdout);
	/* Stop for real with the default action, then take Ctrl-Z back. */
	signal(SIGTSTP, SIG_DFL);
	raise(SIGTSTP);
	handle(SIGTSTP, on_tstp);
	reset_prog_mode();
	clearok(curscr, TRUE);
	term_continued = 1;
}

bool term_can_suspend(void)
{
	return getpgrp() != getsid(0);
}

double term_now(void)
{
	return clock_seconds();
}
