/* The interactive game: reads keys, changes the game, redraws what changed,
 * and handles prompts, help, settings, winning and the practice modes. */
#ifndef LO_SESSION_H
#define LO_SESSION_H

#include <stdbool.h>

#include "draw.h"
#include "game.h"
#include "glyphs.h"
#include "rng.h"

typedef enum practice { PRACTICE_NONE, PRACTICE_DAILY, PRACTICE_LADDER } practice;

typedef struct session {
	game g;
	view v;
	glyphs gl;
	rng r;
	practice mode;
	int rung;			/* ladder: par of the current board */
	bool mouse;
	enum { SCREEN_BOARD, SCREEN_HELP, SCREEN_MENU } screen;
	struct menu *menu;		/* while SCREEN_MENU */
	int fast_errors;		/* getch() failing at once: stdin is gone */
} session;

/* A board for s->g per the practice mode (daily seed, ladder rung, or the
 * config).  Returns 0, or -1 with err. */
int session_new_board(session *s, char *err, size_t errlen);

/* Run until the player quits, a signal asks to stop, or input ends.
 * Curses must be open.  Returns the exit status. */
int session_run(session *s);

#endif
