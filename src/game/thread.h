/* The game's background threads (the solver, the board maker) leave the
 * signals to the main thread: its getch() must be the one they wake. */
#ifndef LO_THREAD_H
#define LO_THREAD_H

#include <pthread.h>

/* pthread_create with every signal blocked in the new thread. */
int thread_start(pthread_t *t, void *(*fn)(void *), void *arg);

#endif
