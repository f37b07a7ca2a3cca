/* Whole files, read and written in one piece.  A write goes to a temporary
 * file in the same directory, is flushed to disk, then renamed over the old
 * file: a crash at any moment leaves the old file or the new one, never a
 * mixture (the rename is atomic; the fsyncs order it after the data). */
#ifndef LO_ATOMIC_H
#define LO_ATOMIC_H

#include <stddef.h>

#define ATOMIC_READ_MAX (256u << 20)	/* bytes: larger files are refused */

/* Replace path with len bytes of data (mode 0600 for a new file).
 * Returns 0, or -1 with a message in err; the old file is then intact. */
int atomic_write(const char *path, const void *data, size_t len, char *err, size_t errlen);

/* The whole file, NUL-terminated, malloc'd; *len its size.  NULL with
 * errno set (ENOENT: no such file) and a message in err. */
char *atomic_read(const char *path, size_t *len, char *err, size_t errlen);

#endif
