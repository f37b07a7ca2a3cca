#define _DEFAULT_SOURCE		/* MAP_ANONYMOUS */
#include "game/thread.h"

#include <signal.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <termios.h>
#include <unistd.h>

/* Raised by what the thread itself does, at the instruction that did it:
 * blocked, the kernel would kill the process without running the crash
 * handler, leaving the terminal raw. */
static const int own_doing[] = { SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGTRAP, SIGSYS, SIGABRT, SIGPIPE, SIGXFSZ };

static void thread_mask(sigset_t *set)
{
	sigfillset(set);
	for (size_t i = 0; i < sizeof own_doing / sizeof own_doing[0]; i++)
		sigdelset(set, own_doing[i]);
}

/* Test hook (tests/ui/ui_signals.sh), the only place that reads
 * LIGHTSOUT_TEST_FAULT: with "thread", a background thread started while
 * the game holds the terminal (not in line mode) faults at once, as a bug
 * in the solver or the maker would.  A real access fault, not raise(), so
 * the kernel treats it as it treats a bug. */
static void *fault(void *arg)
{
	(void)arg;
	volatile char *page = mmap(NULL, 4096, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (page != MAP_FAILED)
		page[0] = 1;
	abort();	/* not reached */
}

static bool fault_wanted(void)
{
	const char *e = getenv("LIGHTSOUT_TEST_FAULT");
	struct termios t;
	return e && strcmp(e, "thread") == 0 && tcgetattr(STDIN_FILENO, &t) == 0 && !(t.c_lflag & ICANON);
}

int thread_start(pthread_t *t, void *(*fn)(void *), void *arg)
{
	sigset_t async, old;
	thread_mask(&async);
	pthread_sigmask(SIG_SETMASK, &async, &old);
	int rc = pthread_create(t, NULL, fault_wanted() ? fault : fn, arg);
	pthread_sigmask(SIG_SETMASK, &old, NULL);
	return rc;
}
