/* A guest's board kept for a reconnect (issue 43).  A guest that leaves
 * an unfinished board from a known client address has its home (its
 * save, settings and statistics) moved to guests-kept/HASH, HASH its
 * address's (host_address_hash): one home an address, the latest left.
 * The next guest from that address within lim->guest_keep seconds takes
 * it as its own home, and the game offers the board back.  Bounded so
 * that a stranger cannot fill the disk: a home over GUESTKEEP_BYTES is
 * not kept, and beyond lim->guests_kept homes the oldest goes first. */
#ifndef LO_GUESTKEEP_H
#define LO_GUESTKEEP_H

#include <stdbool.h>
#include <stddef.h>

#include "persist/host.h"

/* A kept home's bound: a save, settings and statistics take tens of KiB
 * (a 200x200 board of 36 states saves in 41 KiB). */
#define GUESTKEEP_BYTES (512L * 1024)

typedef enum guestkeep_status {
	GUESTKEEP_KEPT,		/* kept (or, asked before leaving: it would be) */
	GUESTKEEP_NOTHING,	/* no unfinished board to keep */
	GUESTKEEP_OFF,		/* the host keeps no guest's board (guest_keep 0) */
	GUESTKEEP_NO_ADDRESS,	/* the client's address is unknown */
	GUESTKEEP_TOO_BIG,	/* the home is over GUESTKEEP_BYTES */
	GUESTKEEP_ERROR,	/* the host directory failed: err says why */
} guestkeep_status;

/* Whether a board a guest from addr ("" unknown) leaves would be kept:
 * GUESTKEEP_KEPT, GUESTKEEP_OFF or GUESTKEEP_NO_ADDRESS. */
guestkeep_status guestkeep_offered(const host_limits *lim, const char *addr);

/* The home kept for addr, when there is one younger than lim->guest_keep,
 * moved to home (which must be missing or an empty directory); true when
 * it was.  Homes past
 * their time go at the same stroke. */
bool guestkeep_take(const char *dir, const host_limits *lim, const char *addr, const char *home);

/* The guest from addr leaves: its home kept, when it holds an unfinished
 * board (save: the save file's path in it, whose slots save.2 ... count
 * too), in place of the one kept for addr before; the oldest beyond
 * lim->guests_kept dropped. */
guestkeep_status guestkeep_store(const char *dir, const host_limits *lim, const char *addr, const char *home,
				 const char *save, char *err, size_t len);

#endif
