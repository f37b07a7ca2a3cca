#define _DEFAULT_SOURCE		/* MAP_ANONYMOUS */
#include "game/thread.h"

#include <signal.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <termios.h>
#include <time.h>
#include <unistd.h>
#ifdef __linux__
#include <sys/syscall.h>
#endif

/* Raised by what the thread itself does, at the instruction that did it
 * (SIGXCPU: its own CPU clock, thread_cpu_limit): blocked, the kernel
 * would kill the process without running the crash handler, leaving the
 * terminal raw. */
static const int own_doing[] = { SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGTRAP, SIGSYS, SIGABRT, SIGPIPE, SIGXFSZ, SIGXCPU };

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

#if defined(__linux__) && defined(SYS_gettid)
/* The calling thread's own clock, when one is set. */
static _Thread_local timer_t cpu_timer;
static _Thread_local bool cpu_timing;

int thread_cpu_limit(double seconds)
{
	if (seconds <= 0) {
		if (cpu_timing)
			timer_delete(cpu_timer);
		cpu_timing = false;
		return 0;
	}
	if (!cpu_timing) {
		struct sigevent ev;
		memset(&ev, 0, sizeof ev);
		ev.sigev_notify = SIGEV_THREAD_ID;
		ev.sigev_signo = SIGXCPU;
#ifdef sigev_notify_thread_id
		ev.sigev_notify_thread_id = (pid_t)syscall(SYS_gettid);
#else
		ev._sigev_un._tid = (pid_t)syscall(SYS_gettid);
#endif
		if (timer_create(CLOCK_THREAD_CPUTIME_ID, &ev, &cpu_timer) != 0)
			return -1;
		cpu_timing = true;
	}
	/* From now: the clock counts this thread's CPU from its start. */
	struct timespec used;
	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &used);
	double at = (double)used.tv_sec + used.tv_nsec / 1e9 + seconds;
	struct itimerspec it;
	memset(&it, 0, sizeof it);
	it.it_value.tv_sec = (time_t)at;
	it.it_value.tv_nsec = (long)((at - (double)(time_t)at) * 1e9);
	return timer_settime(cpu_timer, TIMER_ABSTIME, &it, NULL);
}
#else
int thread_cpu_limit(double seconds)
{
	(void)seconds;
	return -1;
}
#endif
