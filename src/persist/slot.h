/* Save slots: a running game owns one, so two games on one account (a
 * player whose SSH link dropped logs in again while the old game still
 * runs, or two terminals) never write over each other's save.
 *
 * Slot 1 is game.save; slots 2..SLOT_MAX are game.save.2 and so on.  The
 * owner holds an flock on the slot's live file (game.live, game.live.2,
 * ...) for as long as it runs, and writes its pid there, so another game
 * can name it and ask it to hand the game over.  A crash or a kill frees
 * the slot with the process: nothing goes stale.
 *
 * Asking is a lock too: the asker holds one on the slot's request file
 * (game.want, game.want.2, ...) while it waits, and the owner, woken by
 * SIGUSR1, hands over only while that lock is held.  A request ends with
 * the asker's wait, whether it took the slot, gave up or was killed. */
#ifndef LO_SLOT_H
#define LO_SLOT_H

#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>

#include "base/path.h"

#define SLOT_MAX 4

typedef struct slot {
	int fd;				/* the live file, locked; -1 none */
	int index;			/* 1..SLOT_MAX, 0 none */
	char save[PATH_LEN];		/* this slot's save file */
} slot;

/* The save file of slot index for the slot-1 path base ("…/game.save"). */
int slot_save_path(const char *base, int index, char *buf, size_t len);

/* Own slot index, waiting up to timeout_ms for its owner to go.  Returns
 * 0, or -1 (busy, or err says why). */
int slot_take(const char *base, int index, int timeout_ms, slot *s, char *err, size_t errlen);

/* Own the first free slot.  Returns 0, or -1 when all are busy (err). */
int slot_take_free(const char *base, slot *s, char *err, size_t errlen);

/* Does a running game own slot index?  Then *owner is its pid when it
 * runs on this host (a home shared over NFS may hold other hosts' games),
 * else 0. */
bool slot_busy(const char *base, int index, pid_t *owner);

/* Ask the game owning slot index (owner, from slot_busy()) to hand it
 * over, and own the slot once it has, waiting up to timeout_ms.  Returns
 * 0; -1 when the owner could not be asked (another game asks already, or
 * no such process); -2 when it did not hand over in time (err says). */
int slot_take_over(const char *base, int index, pid_t owner, int timeout_ms, slot *s, char *err, size_t errlen);

/* Does a game wait for slot index now, asking its owner to hand it over?
 * The owner asks this when SIGUSR1 comes, and hands over only if so. */
bool slot_asked(const char *base, int index);

void slot_release(slot *s);

#endif
