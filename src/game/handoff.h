/* A public account's player, handed by its front door (account/serve.c)
 * to the game (ui/cmd_play.c): built once there, read once here.  It is
 * the one way across: no globals set beforehand, no environment, no
 * options made up for the game to parse back. */
#ifndef LO_HANDOFF_H
#define LO_HANDOFF_H

#include <stdbool.h>

typedef struct player_handoff {
	char pid[33];		/* the player's id on the host */
	char name[33];		/* ... and name ("" a guest) */
	bool guest;
	char key[64];		/* the fingerprint of the key they came with ("" a guest) */
	char host[4096];	/* the host's directory */
	char slot[40];		/* our game's live slot there (the watchers' name) */
	char home[4096];	/* the player's own homes: state/, data/ and config/ below */
	char scores[4200];	/* the host's leaderboard directory */
	char note[200];		/* what the front door just did, said first ("You are
				 * Bobby now, was Bob."), or "" */
	long idle;		/* seconds without a move before the game ends, 0 never */
	long keep;		/* a guest's board left is kept so long, 0 not */
	int race_history;	/* boards a key must have cleared alone for its races to rank */
	double board_bytes;	/* what one board may cost (0: no bound) ... */
	double board_seconds;	/* ... in memory and CPU */
	int noptions;		/* the admin's own options for the game (serve's */
	char **options;		/* command line after its own), which win */
} player_handoff;

#endif
