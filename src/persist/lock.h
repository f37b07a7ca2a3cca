/* An advisory lock (flock) beside a file, so that two lightsout processes
 * do not interleave their read-modify-write cycles.  The lock lives in
 * PATH.lock, not in PATH: PATH is replaced by rename on every write, and a
 * lock on the old inode would protect nothing. */
#ifndef LO_LOCK_H
#define LO_LOCK_H

#include <stdbool.h>
#include <stddef.h>

#define LOCK_WAIT_MS 5000	/* a healthy holder is done in milliseconds */

/* Take the exclusive lock for path, waiting up to timeout_ms (< 0: for
 * ever).  Returns a descriptor for lock_release(), or -1 with err and
 * errno: EWOULDBLOCK held by another, ELOOP the lock file is a symlink,
 * EPERM it is not a regular file of ours. */
int lock_take(const char *path, int timeout_ms, char *err, size_t errlen);
void lock_release(int fd);

/* The lock of a file already open, where the file itself is what the
 * lock guards (a save slot's, a watcher's): exclusive, waiting up to
 * timeout_ms (0: not at all; < 0: for ever).  0, or -1 with errno
 * (EWOULDBLOCK: another holds it). */
int lock_fd(int fd, int timeout_ms);

/* Whether another process holds fd's lock: a shared lock tried, and
 * dropped at once; a lock that cannot be tried says yes (the safe answer
 * for a counter). */
bool lock_fd_held(int fd);

/* Drop fd's lock, keeping fd open. */
void lock_fd_release(int fd);

/* Whether someone holds the lock of path (PATH.lock), looked at without
 * taking it: none there says no; one we may not open, or not a file, says
 * yes (the safe answer for a watcher or a counter). */
bool lock_held(const char *path);

/* A lock whose file goes away with it (a live game's slot): taken as
 * lock_take (no waiting), but only on the file that PATH.lock still names,
 * so that a holder removing it at the same moment cannot leave us holding
 * a lock on a file nobody else will open. */
int lock_take_removable(const char *path, char *err, size_t errlen);
/* Remove PATH.lock, then release: a key that leaves leaves no file. */
void lock_remove(const char *path, int fd);

#endif
