/* Watching live games on a public account (lightsout serve): each game
 * publishes what its player sees (the session does, game/arcade.h) and
 * anyone may watch it, read-only, from the game (W) or from `lightsout
 * watch`.  No daemon: a watcher polls the game's file (an arcade_feed),
 * which the game replaces after each key. */
#ifndef LO_WATCH_H
#define LO_WATCH_H

#include <stdbool.h>

#include "game/arcade.h"
#include "game/game.h"
#include "ui/draw.h"

/* One game watched: its file as last read, and a game of its variant that
 * the real drawing code draws, the player's cursor on it. */
typedef struct watched {
	arcade_feed feed;	/* the file, as last read */
	live_game lg;		/* the game drawn */
	bool have;		/* lg read and g made */
	game g;
	view v;
} watched;

/* Open a watch of game id on host; false (with why) when it cannot be. */
bool watched_open(watched *w, const char *host, const char *id, const glyphs *gl, char *why, size_t len);
/* Show the game lg describes (no file: watched_open reads one); false with
 * why when it cannot be drawn here (refused, too big, a graph). */
bool watched_show(watched *w, const live_game *lg, const glyphs *gl, char *why, size_t len);
/* Read the game again if its file changed: true when there is news to draw. */
bool watched_poll(watched *w);
/* The watched game: everything (all), or what changed since last drawn. */
void watched_draw(watched *w, bool all, double now);
void watched_close(watched *w);

/* `lightsout watch [--dir DIR] [--list] [NAME]`. */
int cmd_watch(int argc, char **argv);

#endif
