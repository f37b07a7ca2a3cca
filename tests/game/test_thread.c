/* The game's background threads: the asynchronous signals are the main
 * thread's, a thread's own faults its own (so the crash handler runs for
 * them), and the threads the engine starts from them (the transform's)
 * inherit the same. */
#include <pthread.h>
#include <signal.h>
#include <stdbool.h>

#include "game/thread.h"
#include "tap.h"

static const int async_sigs[] = { SIGINT, SIGTERM, SIGHUP, SIGTSTP, SIGCONT, SIGUSR1, SIGWINCH, SIGQUIT };
static const int own_sigs[] = { SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT };

typedef struct seen {
	bool async_blocked, own_open;
} seen;

static void look(seen *s)
{
	sigset_t now;
	pthread_sigmask(SIG_SETMASK, NULL, &now);
	s->async_blocked = s->own_open = true;
	for (size_t i = 0; i < sizeof async_sigs / sizeof async_sigs[0]; i++)
		s->async_blocked &= sigismember(&now, async_sigs[i]) == 1;
	for (size_t i = 0; i < sizeof own_sigs / sizeof own_sigs[0]; i++)
		s->own_open &= sigismember(&now, own_sigs[i]) == 0;
}

static void *engine_thread(void *arg)
{
	look(arg);
	return NULL;
}

typedef struct both {
	seen game, engine;
	bool started;
} both;

static void *game_thread(void *arg)
{
	both *b = arg;
	look(&b->game);
	/* As the engine's transform does: a plain pthread_create. */
	pthread_t t;
	b->started = pthread_create(&t, NULL, engine_thread, &b->engine) == 0;
	if (b->started)
		pthread_join(t, NULL);
	return NULL;
}

int main(void)
{
	both b = { 0 };
	pthread_t t;
	/* Whatever the main thread has blocked, the thread gets its own mask. */
	sigset_t some;
	sigemptyset(&some);
	sigaddset(&some, SIGSEGV);
	pthread_sigmask(SIG_BLOCK, &some, NULL);
	if (tap_ok(thread_start(&t, game_thread, &b) == 0, "thread_start starts a thread"))
		pthread_join(t, NULL);
	tap_ok(b.game.async_blocked, "the game's thread blocks the asynchronous signals (SIGINT, SIGTSTP, SIGUSR1, ...)");
	tap_ok(b.game.own_open, "and not its own faults (SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT)");
	tap_ok(b.started, "a thread the engine starts from it starts");
	tap_ok(b.engine.async_blocked && b.engine.own_open, "and inherits the same mask");
	sigset_t mine;
	pthread_sigmask(SIG_SETMASK, NULL, &mine);
	tap_ok(sigismember(&mine, SIGSEGV) == 1 && sigismember(&mine, SIGINT) == 0, "the caller's own mask is left as it was");
	return tap_done();
}
