/* Where the randomness the program does not replay comes from: a fresh
 * seed for a board, a temporary name or a race's draw, and the kernel's
 * random bytes for what must not be guessed (keys, a guest's id). */
#ifndef LO_SEED_H
#define LO_SEED_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* A seed not given before by this process, nor, most likely, by another:
 * the wall clock to the nanosecond, the process id and a count, mixed.
 * Not secret (seed_random is). */
uint64_t seed_fresh(void);

/* n bytes from /dev/urandom into buf; false when it cannot be read. */
bool seed_random(void *buf, size_t n);

#endif
