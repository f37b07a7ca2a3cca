/* A damaged file is moved out of the way, never deleted: the player may
 * want it back, and a bug report wants to see it. */
#ifndef LO_ASIDE_H
#define LO_ASIDE_H

#include <stdbool.h>
#include <stddef.h>

#include "persist/status.h"

/* Rename path to path.corrupt-YYYYMMDD-HHMMSS (with -2, -3... if taken),
 * never replacing another file.  Returns 0 with the new name in moved, or
 * -1 with a message in moved. */
int aside_move(const char *path, char *moved, size_t len);

/* Under the lock: move path (a damaged file of ours) aside for res:
 * PERSIST_SET_ASIDE with res->moved and why, or PERSIST_IO. */
persist_status aside_set(const char *path, const char *why, persist_result *res);

#endif
