/* The game in progress, on disk: saved on quit, hang-up and every few
 * moves, offered back on the next start.  A plain struct, free of curses
 * and of the game's own structs, so the game converts both ways.
 *
 * The file is text, one "key value" per line in a fixed order, version on
 * the first line; the loader checks every value and names the line. */
#ifndef LO_SAVEGAME_H
#define LO_SAVEGAME_H

#include <stdbool.h>
#include <stddef.h>

#include "engine/board.h"
#include "engine/history.h"
#include "engine/variant.h"

#define SAVEGAME_VERSION 2	/* 1 is still read */

typedef struct saved_game {
	variant v;
	board *start, *current;		/* owned; current = start + hist.moves[0..pos) */
	history hist;			/* moves[pos..len) can be redone */
	int moves;			/* presses counted for the score */
	double elapsed;			/* seconds on the clock */
	int par;			/* -1 unknown */
	bool par_proven;		/* false: par is an upper bound */
	char mode[16];			/* a word: "random", "daily", "practice", "load", "code" */
	char difficulty[8];		/* "", "easy", "normal", "hard" */
	int rung;			/* practice ladder rung, 0 outside practice */
	char daily[11];			/* YYYY-MM-DD of a daily board, else "" */
} saved_game;

/* Empty: no boards, empty history, par -1. */
void savegame_init(saved_game *sg);
void savegame_free(saved_game *sg);

/* The file's text, malloc'd (NUL-terminated); NULL when out of memory. */
char *savegame_format(const saved_game *sg, size_t *len);

/* Parse and check text (start + history must give the current board).
 * Returns 0, or -1 with "line N: ..." in err; sg is then empty. */
int savegame_parse(const char *text, size_t len, saved_game *sg, char *err, size_t errlen);

/* Write under the lock, atomically.  Returns 0 or -1 with err. */
int savegame_write(const char *path, const saved_game *sg, char *err, size_t errlen);

enum savegame_status {
	SAVEGAME_OK,		/* sg holds the game */
	SAVEGAME_NONE,		/* no saved game */
	SAVEGAME_SET_ASIDE,	/* damaged: moved aside; msg is one line saying where */
	SAVEGAME_ERROR,		/* could not even do that; msg says why */
};

/* Read the saved game at path. */
enum savegame_status savegame_read(const char *path, saved_game *sg, char *msg, size_t msglen);

/* Forget the saved game (won, given up, or taken back into play).
 * A missing file is fine.  Returns 0 or -1 with err. */
int savegame_remove(const char *path, char *err, size_t errlen);

#endif
