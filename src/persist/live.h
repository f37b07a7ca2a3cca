/* Live games on a public account, for watchers: no daemon, each running
 * game publishes what its player sees in a small file of the host's watch/
 * directory, replaced whole (a temporary renamed over it) after every
 * change.  watch/ is listable by every local user, and a key's slot
 * ("kPID.N") begins with its key's fingerprint, which ties a name to a
 * public key: a file is named by a keyed hash of its slot instead, "w" and
 * 32 hex digits of HMAC-SHA-256 under the host's key (watch.key beside
 * watch/, mode 0600, made by the first game that publishes).  The account
 * maps names back to slots through live/'s locks; anyone else sees names
 * only, and uses them as the games' ids.
 *
 *     lightsout-live 1
 *     player alice
 *     guest no
 *     watchers yes
 *     variant 5x5 plus k=2
 *     moves 12
 *     elapsed 42
 *     won no
 *     cursor 2 3
 *     race 7 bob                   (racing bob, who has made 7 moves; "-": no race)
 *     cells 0110010000...          (row by row, a digit or letter a cell;
 *                                    "-" past LIVE_CELLS_MAX or refused)
 *
 * A game is live while it holds its slot's lock (live/SLOT.lock): a file
 * whose slot is free, or that no slot names, is a dead game's and is
 * skipped (and removed by the account itself; a reader who may not open
 * the lock takes the file as live: a game's own end takes its file away).
 * Watchers say they watch with a file "eyes.NAME/PID" they hold locked;
 * the game counts the held ones (a directory a game: counting costs a
 * game its own watchers, not every game's on the host).  Every file is read as another program's
 * input: regular, not a symlink, owned by the directory's owner, at most
 * LIVE_FILE_MAX bytes, parsed strictly. */
#ifndef LO_LIVE_H
#define LO_LIVE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "engine/variant.h"
#include "persist/name.h"

#define LIVE_CELLS_MAX 10000
#define LIVE_FILE_MAX (LIVE_CELLS_MAX + 1024)
#define LIVE_ID_MAX 40
#define LIVE_NAME_LEN 33		/* a file's name: "w" and 32 hex digits */

typedef struct live_game {
	char id[LIVE_ID_MAX];		/* the slot (to a stranger: the file's name) */
	char name[NAME_MAX_BYTES + 1];
	bool guest;
	bool open;			/* the player takes watchers */
	char variant[VARIANT_RULE_MAX + 64];
	int moves;
	long elapsed;			/* seconds on the game's clock */
	bool won;
	int cr, cc;			/* the player's cursor */
	char race[NAME_MAX_BYTES + 1];	/* racing this player, or "" */
	int race_moves;			/* ...who has made so many moves */
	char place[8];			/* where the player is: "lobby", "daily",
					 * "ladder", "free" (LIVE_PLACES) */
	int ncells;			/* 0: not shown (too big, or refused) */
	char cells[LIVE_CELLS_MAX + 1];
} live_game;

/* The words a live file may say of where its player is. */
#define LIVE_PLACES "lobby", "daily", "ladder", "free"

/* A live-game slot's name: "k" and 32 hex digits, a dot and a number, or
 * "g" and a number (as host.c makes them). */
bool live_slot_valid(const char *id);
/* Is the game of slot id still running?  Its lock (in live_locks, the
 * host's live/) is held.  Looked at without taking it over (a reader may
 * be another user, root included): only a lock we could take, or none at
 * all, says the game is gone; a lock we may not open says nothing, and
 * the game is taken as live. */
bool live_slot_alive(const char *live_locks, const char *id);

/* The path in dir of game id's file (id a slot, or a file's name): 0, or
 * -1 (no key to name a slot with, or it does not fit). */
int live_path(const char *dir, const char *id, char *out, size_t len);

/* Cells as a live (or race) file writes them, a digit or letter a cell
 * (0-9, then a-z), n of them and a '\0' into text; and back, values
 * outside 0..k-1 as 0. */
void live_cells_write(const uint8_t *cells, int n, char *text);
void live_cells_read(const char *text, int n, int k, uint8_t *cells);

/* The file's text; its length, or -1 when it does not fit in cap. */
int live_format(const live_game *g, char *buf, size_t cap);

/* Parse a file's text into g (id untouched); 0, or -1 with "line N: ..." */
int live_parse(const char *text, size_t len, live_game *g, char *err, size_t errlen);

/* Publish g, g->id a slot, as its named file in dir (replaced whole; no
 * fsync: a live view, not a save); the host's key made if missing. */
int live_publish(const char *dir, const live_game *g);

/* Take our file away (the game ends). */
void live_withdraw(const char *dir, const char *id);

/* One game's file, id a slot or a file's name: 0, or -1 (gone, dead, or
 * not a file to trust). */
int live_read(const char *dir, const char *live_locks, const char *id, live_game *g);

/* Every live game in dir (their slots' locks in live_locks), in *out
 * (malloc'd, sorted by name), their ids slots to the account and names to
 * anyone else; the count, or -1 when dir cannot be read.  A game being
 * played has its clock's time now (elapsed run on from the file's time:
 * a file is written for news, not for the clock). */
int live_list(const char *dir, const char *live_locks, live_game **out);
/* A game being played: at a board (not the lobby), not yet cleared. */
bool live_playing(const live_game *g);

/* Watch the game id: a file "eyes.ID/PID" held locked while we watch;
 * its descriptor, or -1. */
int live_eye_open(const char *dir, const char *id);
void live_eye_close(const char *dir, const char *id, int fd);

/* Watchers of id now (files whose holder is gone are removed). */
int live_eyes(const char *dir, const char *id);

#endif
