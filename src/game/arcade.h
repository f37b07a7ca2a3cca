/* The arcade as the game sees it (a public account's host, lightsout
 * serve): who we are there, our game published for watchers, the host's
 * live games listed, and one game watched.  What a live game publishes is
 * decided here, from the session's own state (the session calls
 * arcade_publish between keys); the files are persist/live.h's, and no
 * screen writes or reads them itself. */
#ifndef LO_ARCADE_H
#define LO_ARCADE_H

#include <stdbool.h>
#include <sys/types.h>

#include "base/path.h"
#include "game/game.h"
#include "persist/live.h"

/* Where a player is on the host: a free board, the lobby, the daily
 * board, the practice ladder. */
typedef enum arcade_place { PLACE_FREE, PLACE_LOBBY, PLACE_DAILY, PLACE_LADDER } arcade_place;

/* The place as a live file says it (LIVE_PLACES), and back: PLACE_FREE
 * for a word that names none. */
const char *arcade_place_word(arcade_place p);
arcade_place arcade_place_parse(const char *word);

/* Our place on the host ("" host: no arcade, a local game). */
typedef struct arcade {
	char host[PATH_LEN], dir[PATH_LEN], locks[PATH_LEN];	/* the host, its watch/ and live/ */
	char id[LIVE_ID_MAX];	/* our slot */
	char name[NAME_MAX_BYTES + 1];
	bool guest;
	bool open;		/* watchers welcome (the player's setting) */
	arcade_place place;	/* where the player is */
	char last[LIVE_FILE_MAX + 1];	/* as last published, clock aside */
	double published_at;
	int eyes;		/* watchers now */
	double eyes_at;		/* when they were last counted */
	bool mine_seen;		/* the player's own moves as last seen: */
	int mine_moves;		/* a change is a move (host_live_moved) */
	double moved_at;	/* when the host was last told of one */
} arcade;

/* Who we are on host (slot id): nothing when either is "" or NULL. */
void arcade_setup(arcade *ar, const char *host, const char *id, const char *name, bool guest);
bool arcade_on(const arcade *ar);

/* Our game's file brought up to date, at most ten times a second (the
 * latest state at the first call after that, so a watcher always sees
 * the last position): g with the player's cursor (cr, cc), the race's
 * rival ("" none) and their moves.  The watchers are counted once a
 * second: true when their count changed.  A move of the player's own
 * (never a rival's, never the clock) is told to the host,
 * at most every few seconds: a player at the board is not sent away to
 * make room (persist/host.h). */
bool arcade_publish(arcade *ar, const game *g, int cr, int cc, const char *rival, int rival_moves, double now);
/* The game ends: its file goes. */
void arcade_end(arcade *ar);

/* The live games on host, the one of slot self aside ("" none): their
 * count with *out (malloc'd, by name), or -1 (errno) when the host's
 * watch/ cannot be read. */
int arcade_list(const char *host, const char *self, live_game **out);

/* One game watched: its file as last read, polled for news. */
typedef struct arcade_feed {
	char dir[PATH_LEN], locks[PATH_LEN];
	char id[LIVE_ID_MAX];
	live_game lg;		/* as last read */
	long long seen_ns;	/* the file's time then */
	ino_t seen_ino;
	int eye;		/* our watcher's file, held while watching */
	bool gone;		/* the game ended (or its file went) */
} arcade_feed;

/* Watch game id (a slot, or a file's name) of host: false when it has
 * ended. */
bool arcade_feed_open(arcade_feed *f, const char *host, const char *id);
/* Read the game again if its file changed: 1 with the news in f->lg, 0
 * nothing new, -1 the game has ended (f->gone). */
int arcade_feed_poll(arcade_feed *f);
void arcade_feed_close(arcade_feed *f);

#endif
