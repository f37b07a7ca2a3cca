/* The game's options (lightsout play, and what serve hands the game):
 * their table, their parsing and their help, without curses, so that the
 * game's door and the game read them alike.  The game (ui/cmd_play.c)
 * does what they say. */
#ifndef LO_PLAYOPTS_H
#define LO_PLAYOPTS_H

#include <stdbool.h>

#include "formats/options.h"

/* The game draws a graph at its vertices' places; the CLI needs none.
 * Marked N_(): print it through _(). */
#define PLAYOPTS_GRAPH_UNPLACED N_("the game draws a graph whose vertices have places ('V at ROW COL: ...'); " \
				   "solve, analyze and generate take any graph")


typedef struct play_opts {
	common_opts common;
	int par;
	const char *difficulty, *load, *code, *scores;
	bool ascii, no_color, no_mouse, no_animation, daily, ladder, no_scores, lobby, reader;
	bool board_chosen;		/* an option that says which board: no resume offer */
	int max_rows, max_cols;		/* --max-screen */
	long idle;			/* --idle, in seconds; 0: never, -1: not given */
	int keys_per_second;		/* --keys-per-second; 0: no bound, -1: not given */
} play_opts;

/* What the terminal's side sets and the help speaks of: --max-screen's
 * default (ui/term.h's TERM_MAX_*) and the keys' pace (ui/pace.h's). */
typedef struct play_bounds {
	int max_rows, max_cols;
	int keys_burst, keys_per_second;
} play_bounds;

/* argv[0] is "play".  OPTIONS_GO to play, else the exit status: 0 after
 * --help or --version (printed and flushed), EXIT_USAGE after a usage
 * error's message. */
int playopts_parse(int argc, char **argv, const play_bounds *b, play_opts *o);

#endif
