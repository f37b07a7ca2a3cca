/* A whole stream in memory, for the inputs read whole (a share code, the
 * parts of a split search): a file or standard input, which may be a pipe. */
#ifndef LO_READALL_H
#define LO_READALL_H

#include <stddef.h>
#include <stdio.h>

/* All of f, NUL-terminated, its length in *len; at most max bytes.  NULL
 * with errno: EFBIG past max, ENOMEM, or the read's own error. */
char *readall(FILE *f, size_t max, size_t *len);

#endif
