/* Watching live games on a public account (lightsout serve): each game
 * publishes what its player sees (persist/live.h) and anyone may watch it,
 * read-only, from the game (W) or from `lightsout watch`.  No daemon: a
 * watcher polls the game's file, which the game replaces after each key. */
#ifndef LO_WATCH_H
#define LO_WATCH_H

#include <stdbool.h>
#include <sys/types.h>

#include "game/game.h"
#include "persist/live.h"
#include "ui/draw.h"

/* One game watched: its file as last read, and a game of its variant that
 * the real drawing code draws, the player's cursor on it. */
typedef struct watched {
	char dir[4200], locks[4200];
	char id[LIVE_ID_MAX];
	live_game lg;
	bool have;		/* lg read and g made */
	bool gone;		/* the game ended (or its file went) */
	game g;
	view v;
	int eye;		/* our watcher's file, held while watching */
	long long seen_ns;	/* the file's time as last read */
	ino_t seen_ino;
} watched;

/* Open a watch of game id, its file in dir (a host's watch/), its lock in
 * locks (live/); false (with why) when it cannot be. */
bool watched_open(watched *w, const char *dir, const char *locks, const char *id, const glyphs *gl, char *why,
		  size_t len);
/* Show the game lg describes (no file: watched_open reads one); false with
 * why when it cannot be drawn here (refused, too big, a graph). */
bool watched_show(watched *w, const live_game *lg, const glyphs *gl, char *why, size_t len);
/* Read the game again if its file changed: true when there is news to draw. */
bool watched_poll(watched *w);
/* The watched game: everything (all), or what changed since last drawn. */
void watched_draw(watched *w, bool all, double now);
void watched_close(watched *w);

/* `lightsout watch [--dir DIR] [--list] [NAME]`. */
int watch_main(int argc, char **argv);

#endif
