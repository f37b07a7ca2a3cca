/* The game's background threads (the solver, the board maker, and the
 * engine's own threads, which they start and which inherit their mask)
 * leave the asynchronous signals to the main thread: its getch() must be
 * the one they wake.  A thread's own faults stay its own, so the crash
 * handler runs for them and restores the terminal. */
#ifndef LO_THREAD_H
#define LO_THREAD_H

#include <pthread.h>
#include <signal.h>

/* pthread_create with the signals of thread_mask() blocked in the new
 * thread. */
int thread_start(pthread_t *t, void *(*fn)(void *), void *arg);

/* A backstop on the calling thread's own CPU clock: once it has used
 * `seconds` more, SIGXCPU ends the game (the crash handler restores the
 * terminal first), so that no bug in a job can hold a core past a host's
 * bound.  Set again for each job; 0 takes the clock away, as the thread
 * must before it ends.  0, or -1 when no clock could be set (not Linux). */
int thread_cpu_limit(double seconds);


#endif
