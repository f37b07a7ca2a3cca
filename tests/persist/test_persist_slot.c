/* Save slots and takeover requests: the owner sees a request only while
 * the game that asked still waits for it. */
#include <fcntl.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "persist/slot.h"
#include "tap.h"

static volatile sig_atomic_t asked_sig;
static void on_usr1(int sig)
{
	(void)sig;
	asked_sig = 1;
}

/* The owner: slot 1, "r" down the pipe once it holds it; on SIGUSR1,
 * writes 'y' if slot_asked() says a request stands, and hands over only
 * if hand is set.  Exits when told by a byte on cmd, or after handing. */
static pid_t owner(const char *base, bool hand, int report[2], int cmd[2])
{
	/* The owner polls its command pipe; a reader of report sees the end
	 * of it if the owner dies. */
	if (pipe(report) < 0 || pipe(cmd) < 0 || fcntl(cmd[0], F_SETFL, O_NONBLOCK) < 0)
		return -1;
	pid_t pid = fork();
	if (pid != 0) {
		close(report[1]);
		close(cmd[0]);
		return pid;
	}
	char err[300];
	slot s;
	struct sigaction sa;
	memset(&sa, 0, sizeof sa);
	sa.sa_handler = on_usr1;	/* stays: signal() may reset it */
	sigaction(SIGUSR1, &sa, NULL);
	if (slot_take(base, 1, 0, &s, err, sizeof err) < 0 || write(report[1], "r", 1) != 1)
		_exit(1);
	struct timespec ts = { 0, 5000000 };
	for (int i = 0; i < 2000; i++) {
		if (asked_sig) {
			asked_sig = 0;
			char c = slot_asked(base, 1) ? 'y' : 'n';
			if (write(report[1], &c, 1) != 1)
				_exit(1);
			if (hand && c == 'y') {
				slot_release(&s);
				_exit(0);
			}
		}
		char c;
		if (read(cmd[0], &c, 1) == 1)
			break;
		nanosleep(&ts, NULL);
	}
	slot_release(&s);
	_exit(0);
}

int main(void)
{
	char dir[] = "/tmp/lo-persist-slot.XXXXXX", base[200], err[300];
	if (!mkdtemp(dir)) {
		perror("mkdtemp");
		return 1;
	}
	snprintf(base, sizeof base, "%s/game.save", dir);
	signal(SIGPIPE, SIG_IGN);
	tap_ok(!slot_asked(base, 1), "no request: nobody asks");

	/* An owner that hands over. */
	int report[2], cmd[2];
	char c = 0;
	pid_t pid = owner(base, true, report, cmd);
	tap_ok(read(report[0], &c, 1) == 1 && c == 'r', "the owner holds slot 1");
	pid_t who = 0;
	tap_ok(slot_busy(base, 1, &who) && who == pid, "slot 1 is busy, owned by its pid");
	slot s;
	tap_is(slot_take_over(base, 1, pid, 5000, &s, err, sizeof err), 0, "asked, it hands over (%s)", err);
	tap_ok(read(report[0], &c, 1) == 1 && c == 'y', "the owner saw the request standing");
	tap_ok(s.index == 1 && s.fd >= 0, "and slot 1 is ours");
	tap_ok(!slot_asked(base, 1), "the request ended with the wait");
	slot_release(&s);
	waitpid(pid, NULL, 0);
	close(report[0]);
	close(cmd[1]);

	/* An owner that does not hand over: the request ends when the asker
	 * gives up, and a signal after that finds none. */
	pid = owner(base, false, report, cmd);
	tap_ok(read(report[0], &c, 1) == 1 && c == 'r', "another owner holds slot 1");
	tap_is(slot_take_over(base, 1, pid, 200, &s, err, sizeof err), -2, "it does not hand over: -2 (%s)", err);
	tap_ok(read(report[0], &c, 1) == 1 && c == 'y', "while the asker waited, the request stood");
	tap_ok(!slot_asked(base, 1), "the asker gave up: no request");
	kill(pid, SIGUSR1);	/* as a stopped owner's pending signal, delivered late */
	tap_ok(read(report[0], &c, 1) == 1 && c == 'n', "a late signal finds no request");
	tap_is(slot_take_over(base, 1, 0, 200, &s, err, sizeof err), -1, "no owner to ask: -1 (%s)", err);
	if (write(cmd[1], "q", 1) != 1)
		return 1;
	waitpid(pid, NULL, 0);
	close(report[0]);
	close(cmd[1]);
	tap_ok(!slot_asked(base, 0) && !slot_asked(base, SLOT_MAX + 1), "no slot: never asked");

	char cleanup[300];
	snprintf(cleanup, sizeof cleanup, "rm -rf '%s'", dir);
	if (system(cleanup) != 0)
		tap_diag("could not remove %s", dir);
	return tap_done();
}
