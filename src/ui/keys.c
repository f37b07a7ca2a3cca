#include "keys.h"

#include <curses.h>

#define CTRL(c) ((c) & 0x1f)

action keys_action(int ch)
{
	switch (ch) {
	case KEY_UP: case 'k': case 'w':
		return ACT_UP;
	case KEY_DOWN: case 'j': case 's':
		return ACT_DOWN;
	case KEY_LEFT: case 'h': case 'a':
		return ACT_LEFT;
	case KEY_RIGHT: case 'l': case 'd':
		return ACT_RIGHT;
	case KEY_HOME: case '0':
		return ACT_FIRST_COL;
	case KEY_END: case '$':
		return ACT_LAST_COL;
	case KEY_PPAGE: case 'g':
		return ACT_TOP_ROW;
	case KEY_NPAGE: case 'G':
		return ACT_BOTTOM_ROW;
	case ' ': case '\n': case '\r': case KEY_ENTER:
		return ACT_PRESS;
	/* Terminals send DEL or ^H for Backspace; accept all three. */
	case KEY_BACKSPACE: case 127: case CTRL('h'): case 'x':
		return ACT_UNPRESS;
	case 'u':
		return ACT_UNDO;
	case 'U': case CTRL('r'):
		return ACT_REDO;
	case 'R':
		return ACT_RESTART;
	case 'n':
		return ACT_NEW;
	case 'm': case 'o':
		return ACT_MENU;
	case '?':
		return ACT_HELP;
	case 'q':
		return ACT_QUIT;
	case CTRL('l'):
		return ACT_REDRAW;
	case KEY_MOUSE:
		return ACT_MOUSE;
	case KEY_RESIZE:
		return ACT_RESIZE;
	}
	return ACT_NONE;
}

const key_help keys_help[] = {
	{ "\u2190 \u2191 \u2192 \u2193, h j k l, w a s d", "Arrows, h j k l, w a s d", "move the cursor" },
	{ "Home, 0", "Home, 0", "first column" },
	{ "End, $", "End, $", "last column" },
	{ "PgUp, g", "PgUp, g", "top row" },
	{ "PgDn, G", "PgDn, G", "bottom row" },
	{ "Space, Enter", "Space, Enter", "press the cell: it and its neighbours change" },
	{ "Backspace, x", "Backspace, x", "press backward, one state down (k > 2)" },
	{ "mouse click", "mouse click", "press the cell clicked (right button: backward)" },
	{ "u", "u", "undo" },
	{ "U, Ctrl-R", "U, Ctrl-R", "redo" },
	{ "R", "R", "restart this board (asks first)" },
	{ "r", "r", "restart, once the board is solved" },
	{ "n", "n", "new board (asks when a game is in progress)" },
	{ "m, o", "m, o", "settings: size, rule, states, torus, difficulty" },
	{ "?", "?", "this help" },
	{ "q", "q", "quit (asks when a game is in progress)" },
	{ "Ctrl-L", "Ctrl-L", "redraw the screen" },
	{ "Ctrl-Z", "Ctrl-Z", "suspend; fg resumes" },
	{ NULL, NULL, NULL },
};
