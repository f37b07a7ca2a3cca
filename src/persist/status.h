/* What became of a read or write of one of our files, as a kind the
 * caller can switch on; persist_describe() words it in one line. */
#ifndef LO_STATUS_H
#define LO_STATUS_H

#include <stddef.h>

#include "base/path.h"

typedef enum persist_status {
	PERSIST_OK,		/* done */
	PERSIST_NONE,		/* no such file: nothing saved yet */
	PERSIST_SET_ASIDE,	/* damaged: renamed to moved, the parser's reason in why */
	PERSIST_NO_MEMORY,	/* out of memory: the file is untouched */
	PERSIST_REFUSED,	/* not a file of ours (symlink, FIFO, other owner, too large,
				 * a directory others can write): untouched, why says which */
	PERSIST_IO,		/* the system said no: errnum (file untouched) */
	PERSIST_BUSY,		/* another lightsout holds the lock */
} persist_status;

typedef struct persist_result {
	persist_status status;
	int errnum;		/* PERSIST_IO: the errno */
	char path[PATH_LEN];	/* the file concerned */
	char moved[PATH_LEN];	/* PERSIST_SET_ASIDE: its new name */
	char why[300];		/* detail: the parser's "line N: ..." or the refusal */
} persist_result;

/* Start a result for path (status PERSIST_OK). */
void persist_result_init(persist_result *r, const char *path);

/* Set r's status (and errnum, why: why may be NULL) and return it. */
persist_status persist_fail(persist_result *r, persist_status st, int errnum, const char *why);

/* The status for an errno from atomic_read_max() or lock_take():
 * ENOENT none, ENOMEM no memory, EWOULDBLOCK busy, ELOOP / EINVAL /
 * EISDIR / EPERM / EFBIG refused (see atomic.h), anything else I/O. */
persist_status persist_errno(persist_result *r, int errnum);

/* The same for atomic_write(), where EFBIG is no file refused but the
 * file size limit: I/O, said so. */
persist_status persist_write_errno(persist_result *r, int errnum);

/* The same for lock_take(), saying that it is the lock file. */
persist_status persist_lock_errno(persist_result *r, int errnum);

/* One line, files named by their base name, e.g.
 * "game.save damaged (line 2: size ...), kept as game.save.corrupt-...". */
void persist_describe(const persist_result *r, char *buf, size_t len);

#endif
