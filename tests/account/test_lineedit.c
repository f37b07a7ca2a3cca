/* The name prompt's line editor, fed through a pipe: each key sequence
 * typed at once, then the line it leaves (a pipe is no terminal, so the
 * editor keeps its settings alone, as it must). */
#include <locale.h>
#include <signal.h>
#include <string.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "account/lineedit.h"
#include "tap.h"

static char shown[4096];	/* what the editor wrote for the player */

/* Type keys (n bytes) and read the line: its length, or the editor's
 * -1 or LINEEDIT_IDLE; the line itself in got, NUL-terminated. */
static int typed(const char *keys, size_t n, long idle_ms, char got[LINEEDIT_MAX + 1])
{
	int in[2], out[2];
	if (pipe(in) < 0 || pipe(out) < 0)
		return -99;
	if (write(in[1], keys, n) != (ssize_t)n)
		return -99;
	int keep = in[1];
	if (idle_ms <= 0)	/* the input ends after the keys */
		close(in[1]);
	char buf[LINEEDIT_MAX];
	int r = lineedit_read(in[0], out[1], "Name: ", buf, idle_ms, 0);
	close(out[1]);
	ssize_t k = read(out[0], shown, sizeof shown - 1);
	shown[k > 0 ? k : 0] = '\0';
	memcpy(got, buf, r > 0 ? (size_t)r : 0);
	got[r > 0 ? r : 0] = '\0';
	close(in[0]);
	close(out[0]);
	if (idle_ms > 0)
		close(keep);
	return r;
}

static double seconds(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

/* A key every 20 ms for two seconds, never Enter: the line's time limit
 * (300 ms) ends it, though no pause comes near the idle time (1 s). */
static void late(void)
{
	int in[2], out[2];
	if (pipe(in) < 0 || pipe(out) < 0)
		return;
	pid_t typist = fork();
	if (typist == 0) {
		close(in[0]);
		for (int i = 0; i < 100; i++) {
			struct timespec ts = { 0, 20000000L };
			if (write(in[1], "a\177", 2) != 2)
				break;
			nanosleep(&ts, NULL);
		}
		_exit(0);
	}
	close(in[1]);	/* what is shown fits in the pipe: 100 short redraws */
	char buf[LINEEDIT_MAX];
	double t0 = seconds();
	int r = lineedit_read(in[0], out[1], "Name: ", buf, 1000, 300);
	double took = seconds() - t0;
	tap_is(r, LINEEDIT_LATE, "keys now and then do not hold a line past its time: late");
	tap_ok(took >= 0.28 && took < 1.5, "at its time (%.2f s), before the typist stops", took);
	close(in[0]);
	close(out[0]);
	close(out[1]);
	kill(typist, SIGKILL);
	waitpid(typist, NULL, 0);
}

static void on_alarm(int sig)
{
	(void)sig;
}

/* A signal (a place given way: SIGTERM) ends the line as leaving does,
 * with an idle time or without, though the terminal stays. */
static void interrupted(void)
{
	struct sigaction sa = { .sa_handler = on_alarm };
	sigemptyset(&sa.sa_mask);
	sigaction(SIGALRM, &sa, NULL);
	for (int idle = 0; idle < 2; idle++) {
		int in[2], out[2];
		if (pipe(in) < 0 || pipe(out) < 0)
			return;
		struct itimerval t = { .it_value = { 0, 100000 } };
		setitimer(ITIMER_REAL, &t, NULL);
		char buf[LINEEDIT_MAX];
		int r = lineedit_read(in[0], out[1], "Name: ", buf, idle ? 60000 : 0, idle ? 60000 : 0);
		tap_is(r, -1, "a signal ends the line %s", idle ? "under a time limit" : "without one");
		close(in[0]);
		close(in[1]);
		close(out[0]);
		close(out[1]);
	}
}

#define TYPE(keys, got) typed(keys, sizeof keys - 1, 0, got)

int main(void)
{
	char got[LINEEDIT_MAX + 1];
	if (!setlocale(LC_ALL, "C.UTF-8"))
		tap_diag("no C.UTF-8 locale: a character is a byte here");

	tap_is(TYPE("Alice\r", got), 5, "a line ends at Enter");
	tap_ok(!strcmp(got, "Alice"), "as typed: %s", got);
	tap_ok(!strncmp(shown, "\rName: ", 7), "after the prompt");
	tap_is(TYPE("\n", got), 0, "an empty line is the caller's (the offer)");

	TYPE("abc\033[D\033[DX\r", got);
	tap_ok(!strcmp(got, "aXbc"), "Left twice, then a letter: %s", got);
	TYPE("bc\001a\005d\r", got);
	tap_ok(!strcmp(got, "abcd"), "Ctrl-A and Ctrl-E: %s", got);
	TYPE("bc\033[Ha\033[Fd\r", got);
	tap_ok(!strcmp(got, "abcd"), "Home and End: %s", got);
	TYPE("ac\002b\006d\r", got);
	tap_ok(!strcmp(got, "abcd"), "Ctrl-B and Ctrl-F: %s", got);
	TYPE("abxc\002\002\033[3~\r", got);
	tap_ok(!strcmp(got, "abc"), "Delete: %s", got);
	TYPE("abxc\002\002\004\r", got);
	tap_ok(!strcmp(got, "abc"), "Ctrl-D on a line deletes: %s", got);
	TYPE("abcd\001\006\013\r", got);
	tap_ok(!strcmp(got, "a"), "Ctrl-K cuts to the end: %s", got);
	TYPE("abc\025de\r", got);
	tap_ok(!strcmp(got, "de"), "Ctrl-U cuts to the start: %s", got);
	TYPE("ab cd\027\r", got);
	tap_ok(!strcmp(got, "ab "), "Ctrl-W cuts a word: %s", got);
	TYPE("abc\177\b\r", got);
	tap_ok(!strcmp(got, "a"), "Backspace, both kinds: %s", got);
	TYPE("Zo\303\253\177\r", got);
	tap_ok(!strcmp(got, "Zo"), "Backspace takes a whole UTF-8 character: %s", got);
	TYPE("Zo\303\253x\033[D\033[D\033[3~\r", got);
	tap_ok(!strcmp(got, "Zox"), "and Left and Delete step over one: %s", got);

	TYPE("a\033[5~b\033[1;5Ac\r", got);
	tap_ok(!strcmp(got, "abc"), "other keys' sequences are dropped whole, never text: %s", got);
	tap_is(TYPE("a\000b\r", got), 3, "a NUL byte is kept, for the caller to refuse by name");
	tap_ok(got[1] == '\0' && got[2] == 'b', "where it was typed");
	tap_ok(strchr(shown, '?') != NULL, "and shown as ?");
	TYPE("a\033[2Jb\r", got);
	tap_ok(!strcmp(got, "ab") && !strstr(shown, "\033[2J"), "an escape never reaches the screen");

	char many[LINEEDIT_MAX + 11];
	memset(many, 'x', LINEEDIT_MAX + 10);
	many[LINEEDIT_MAX + 10] = '\r';
	tap_is(typed(many, sizeof many, 0, got), LINEEDIT_MAX, "a line holds %d bytes, no more", LINEEDIT_MAX);
	tap_ok(strchr(shown, '\a') != NULL, "the rest rings the bell");

	tap_is(TYPE("abc\003", got), -1, "Ctrl-C leaves");
	tap_is(TYPE("\004", got), -1, "Ctrl-D on an empty line leaves");
	tap_is(TYPE("abc", got), -1, "so does the end of input");
	tap_is(typed("ab", 2, 50, got), LINEEDIT_IDLE, "no key for the idle time: idle");
	late();
	interrupted();
	return tap_done();
}
