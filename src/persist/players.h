/* The host's players as its database keeps them (persist/store.h): a
 * player's row read back, and the host directory a key player belongs
 * to.  The reads host.h declares (host_read_name, host_player_name,
 * host_name_taken) are here; the changes are roster.c's. */
#ifndef LO_PLAYERS_H
#define LO_PLAYERS_H

#include <stdbool.h>
#include <stddef.h>
#include <time.h>

#include "persist/host.h"
#include "persist/store.h"

/* A player's row: its name ("" none), its last rename's time (0: none)
 * and the name it left then. */
typedef struct players_row {
	char name[NAME_MAX_BYTES + 1];
	time_t renamed;
	char left[NAME_MAX_BYTES + 1];
} players_row;

/* Player pid's row of s into r: false when it has none. */
bool players_read(store *s, const char *pid, players_row *r);

/* A name read back (text) into out as name_check accepts it ("" otherwise). */
void players_name_copy(const unsigned char *text, char *out, size_t len);

/* The host directory of key player p (p->dir is DIR/players/PID, as
 * host_key_player made it), in dir; -1 for a guest or anything else. */
int players_host(const host_player *p, char *dir, size_t len);

#endif
