/* Whole files, read and written in one piece.  A write goes to a temporary
 * file in the same directory, is flushed to disk, then renamed over the old
 * file: a crash at any moment leaves the old file or the new one, never a
 * mixture (the rename is atomic; the fsyncs order it after the data). */
#ifndef LO_ATOMIC_H
#define LO_ATOMIC_H

#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>
#include <time.h>

#define ATOMIC_READ_MAX (256u << 20)	/* bytes: larger files are refused */

/* Replace path with len bytes of data (mode 0600 for a new file).
 * Returns 0, or -1 with errno and a message in err; the old file is then
 * intact.  EFBIG is the file size limit (ulimit -f; SIGXFSZ is ignored). */
int atomic_write(const char *path, const void *data, size_t len, char *err, size_t errlen);

enum {
	/* A file rewritten many times a second whose loss in a crash costs
	 * nothing (a live game's view): no fsync, and no sweep of the
	 * directory on every write (a write without fsync is over in
	 * microseconds: a temporary left by a kill is rare). */
	ATOMIC_VOLATILE = 1,
};

/* The same with the file's mode given (set whatever the umask: 0644 for
 * what other accounts read) and flags. */
int atomic_write_mode(const char *path, const void *data, size_t len, mode_t mode, unsigned flags, char *err,
		      size_t errlen);

/* The same, for name in the directory open on dfd (which stays open).
 * err says "cannot write NAME: ...". */
int atomic_write_at(int dfd, const char *name, const void *data, size_t len, mode_t mode, unsigned flags, char *err,
		    size_t errlen);

/* The one create-once write: name in dfd comes to hold data only if
 * nothing is there.  A temporary (as above) is linked to name: link()
 * is atomic and fails when name exists, so a reader sees the whole file
 * or none, never an empty one, and of two writers exactly one wins.
 * mtime (0: now) is the file's time, set before it appears.  Returns 0
 * made, 1 there already (nothing written), -1 with errno. */
int atomic_create_at(int dfd, const char *name, const void *data, size_t len, mode_t mode, unsigned flags,
		     time_t mtime);
int atomic_create(const char *path, const void *data, size_t len, mode_t mode, unsigned flags, time_t mtime);

/* The whole file, NUL-terminated, malloc'd; *len its size.  NULL with
 * errno set (ENOENT: no such file) and a message in err.  Only a regular
 * file owned by us is read: never through a symlink (ELOOP), never a FIFO
 * or device (EINVAL; opened non-blocking, so it cannot hang), never
 * another user's file (EPERM), never more than max bytes (EFBIG). */
char *atomic_read_max(const char *path, size_t max, size_t *len, char *err, size_t errlen);
char *atomic_read(const char *path, size_t *len, char *err, size_t errlen);	/* max ATOMIC_READ_MAX */

#define ATOMIC_STALE_SECONDS (10 * 60)

/* Remove the temporary files of writes to path that were killed half-way:
 * exactly ".BASE.XXXXXX" beside it, regular, ours, not modified for
 * min_age seconds.  Nothing else.  Returns how many went. */
int atomic_sweep(const char *path, int min_age);
int atomic_sweep_at(int dfd, const char *name, int min_age);	/* name in the directory open on dfd */

#endif
