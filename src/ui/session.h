/* The interactive game: reads keys, changes the game, redraws what changed,
 * and handles prompts, help, settings, winning and the practice modes. */
#ifndef LO_SESSION_H
#define LO_SESSION_H

#include <stdbool.h>

#include "ui/draw.h"
#include "game/game.h"
#include "ui/glyphs.h"
#include "game/overlay.h"
#include "engine/rng.h"

typedef enum practice { PRACTICE_NONE, PRACTICE_DAILY, PRACTICE_LADDER } practice;

typedef struct session {
	game g;
	view v;
	glyphs gl;
	rng r;
	practice mode;
	int rung;			/* ladder: par of the current board */
	bool mouse;
	enum { SCREEN_BOARD, SCREEN_HELP, SCREEN_MENU, SCREEN_PAGE } screen;
	struct menu *menu;		/* while SCREEN_MENU */
	struct pager *page;		/* while SCREEN_PAGE: statistics, share code */
	int fast_errors;		/* getch() failing at once: stdin is gone */
	lo_overlay ov;			/* the plan: a solution kept true, or a proof */
	int pending_key;		/* a step key waiting for the plan */

	/* The files (saving.c).  An empty path: nowhere to keep that file. */
	char save_path[4096], stats_path[4096];
	char origin[16];		/* where the board came from: "random", "load", "code", "edit" */
	char daily[11];			/* the date of a daily board, else "" */
	bool save_owned;		/* the save file may hold this session's game */
	bool offer_resume;		/* s->g is the saved game: ask before playing it */
	bool recorded;			/* this attempt is in the statistics already */
	int unsaved;			/* changes since the last save */
	double changed_at;		/* when the first of them was made */
	/* What the command line asked for, if the saved game is declined. */
	game_config fresh_cfg;
	practice fresh_mode;
	char fresh_origin[16];
	char notice[200];		/* one line to show at the start */
	char exit_msg[300];		/* to print once the terminal is restored */
} session;

/* A board for s->g per the practice mode (daily seed, ladder rung, or the
 * config).  Returns 0, or -1 with err. */
int session_new_board(session *s, char *err, size_t errlen);

/* Run until the player quits, a signal asks to stop, or input ends.
 * Curses must be open.  Returns the exit status. */
int session_run(session *s);

/* For the modules that make up the session (steps, editor, analysis). */

/* Pseudo-keys from session_key() when the game must end. */
#define KEY_STOP (-2)		/* a signal asked us to stop */
#define KEY_LOST (-3)		/* standard input is gone */

/* The next key; signals, suspend, resize, the clock and the solver's news
 * are dealt with while waiting. */
int session_key(session *s);
/* A key within `seconds`, or ERR (KEY_STOP when a signal asks to stop). */
int session_wait(session *s, double seconds);
void session_redraw(session *s);
/* A y/n question on the message line: 1 yes, 0 no (n, Esc, q), or
 * KEY_STOP / KEY_LOST when the game must end instead. */
int session_ask(session *s, const char *question);
/* After a new position not reached by a press: a new board, restart, edit. */
void session_fresh(session *s);
void session_move_cursor(session *s, int r, int c);
/* The cursor keys' actions (ACT_UP ... ACT_BOTTOM_ROW): true when moved. */
bool session_move(session *s, int act);
void session_press(session *s, int times);
/* The settings menu over cfg: 1 changed, 0 cancelled or unchanged, or
 * KEY_STOP / KEY_LOST. */
int session_choose(session *s, game_config *cfg, bool editing);
/* Make next the game (freeing the old one) and the plan follow it. */
int session_replace(session *s, game *next, char *err, size_t errlen);
/* A new board (per the practice mode) for next's settings, then next
 * becomes the game.  On failure next is freed, the game is unchanged, and
 * -1 comes back with err. */
int session_install(session *s, game *next, char *err, size_t errlen);

#endif
