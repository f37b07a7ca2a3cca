/* Screens as key tables.  Each screen (13 today: board, editor, analysis,
 * help, pager, menu, question, making, lobby, share code, race, watch and
 * its list; tests/project/callgraph.sh finds them all) is a table of rows
 * {keys, handler, how the help names the keys, what they do} plus a draw
 * function; one main loop (run.c) reads a key, finds its row in the
 * screen on top and applies the reaction the handler returns.  No screen
 * waits for keys of its own, and the help screen, the bottom bar and the
 * documentation come from the same rows the loop dispatches on (see
 * `lightsout keys`). */
#ifndef LO_SCREEN_H
#define LO_SCREEN_H

#include <stddef.h>
#include <stdbool.h>

#define KEY_ESC 27		/* curses has no name for it */
#define KEY_CTRL(c) ((c) & 0x1f)
#define KEY_DEL 127		/* what most terminals send for Backspace */
#define SCREEN_KEYS_MAX 8

typedef struct app app;

/* What the main loop does after a key: flags, or-ed. */
typedef enum reaction {
	REACT_NONE = 0,
	REACT_REDRAW = 1 << 0,		/* repaint the whole screen */
	REACT_LEAVE = 1 << 1,		/* close this screen: back to the one below */
	REACT_QUIT = 1 << 2,		/* end the game */
} reaction;

typedef reaction (*key_handler)(app *a, int key);

#define ROW_SUSPEND (-1)

typedef struct key_row {
	int keys[SCREEN_KEYS_MAX];	/* curses codes; 0 ends the list */
	key_handler run;
	const char *names_utf8, *names_ascii;	/* as the help shows them; NULL: not listed */
	const char *label;		/* what they do, for the help and the docs */
	const char *bar;		/* a word or two for the bottom bar, or NULL */
	int bar_rank;			/* 1 stays longest when the bar is short of room;
					 * ROW_SUSPEND: the last of the names (after ", ")
					 * and of the label (after "; ") are Ctrl-Z's,
					 * left out where Ctrl-Z is refused */
} key_row;

typedef struct screen {
	const char *name;		/* "board", "editor": for the docs */
	const char *title;		/* the docs' heading */
	const key_row *rows;		/* ends with a row of zeros; a row without
					 * run only documents `other` */
	key_handler other;		/* a key in no row (NULL: ignored) */
	void (*draw)(app *a);		/* the whole screen, or its box over the board */
	void (*enter)(app *a);		/* when it opens (or NULL) */
	void (*before)(app *a);		/* before any key is handled (or NULL) */
	void (*leave)(app *a);		/* when it closes (NULL: nothing to do) */
	/* On top again after `child` closed: a child screen (the settings)
	 * leaves its result in the core (ui/app.h), and the opener decides
	 * what it means.  NULL: nothing to take. */
	void (*back)(app *a, const struct screen *child);
	/* The bottom screen only: a key before any screen sees it (true:
	 * used up), and the work between keys when its time has come. */
	bool (*intercept)(app *a, int key);
	void (*tick)(app *a, double now);
	/* Work between keys while this screen is on top (a watched game's
	 * news), every WATCH_POLL_MS at most; NULL: none. */
	void (*poll)(app *a, double now);
	/* The session's events, whether or not the screen is open (a race's
	 * course: its start, its end); NULL: none. */
	void (*news)(app *a, int ev);
	bool over_board;		/* drawn over the board below it */
	bool shows_board;		/* the board's cells are in view: frames draw them */
} screen;

/* The row a key belongs to in s, or NULL. */
const key_row *screen_find(const screen *s, int key);

/* names ("Space, Enter") with each key's name as the player's keyboard
 * names it, in buf; returns buf. */
const char *screen_key_names(const char *names, char *buf, size_t len);

/* Every screen, for the docs and their test (NULL-terminated). */
extern const screen *const screens_all[];

#endif
