/* The settings menu: a copy of the config edited in place, drawn as a box
 * over the board.  Enter applies, Esc cancels; the screen that opened it
 * takes the result (a new board, or the editor's new shape). */
#ifndef LO_MENU_H
#define LO_MENU_H

#include <stdbool.h>

#include "game/game.h"
#include "game/play.h"
#include "ui/glyphs.h"

typedef struct menu {
	game_config cfg;
	int item;		/* selected line */
	char custom_rule[VARIANT_RULE_MAX];	/* a mask given on the command line */
	bool editing;		/* from the editor: Enter resizes, no new board */
	play_mode mode;		/* free play, daily board, practice ladder */
	bool preview;		/* the preview of a press under the cursor */
	bool watchers;		/* others may watch this game (a public account) */
	bool watchable;		/* a public account's game: the Watchers line is shown */
	int theme;		/* the colour theme */
	bool colour;		/* the terminal shows colours (else no theme to choose) */
	unsigned seed;		/* random patterns' seed, when chosen here */
	bool fixed;		/* Merlin or the cube: their size, not the player's */
	int rows, cols;		/* the size to go back to from them */
	int top;		/* first item shown when the window is short */
	const graph *graph;	/* the game's graph, if it came with one */
	int graph_rows, graph_cols;
	char note[120];		/* why Enter did not apply, until the next change */
	bool applied;		/* closed by Enter with something to change: the
				 * opener takes cfg, mode and preview */
} menu;


#endif
