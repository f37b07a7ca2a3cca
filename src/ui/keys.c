#include "ui/keys.h"

#include <curses.h>

#define CTRL(c) ((c) & 0x1f)

action keys_action(int ch)
{
	switch (ch) {
	case KEY_UP: case 'k':
		return ACT_UP;
	case KEY_DOWN: case 'j':
		return ACT_DOWN;
	case KEY_LEFT: case 'h':
		return ACT_LEFT;
	case KEY_RIGHT: case 'l':
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
	case 's':
		return ACT_OVERLAY;
	case '\t':
		return ACT_NEXT_MARK;
	case KEY_BTAB:
		return ACT_PREV_MARK;
	case 't':
		return ACT_STEP;
	case 'T':
		return ACT_PLAY_ALL;
	case 'i':
		return ACT_HINT;
	case 'e':
		return ACT_EDIT;
	case 'a':
		return ACT_INFO;
	case 'S':
		return ACT_STATS;
	case 'c':
		return ACT_SHARE;
	case 27:
		return ACT_CANCEL;
	case KEY_RESIZE:
		return ACT_RESIZE;
	}
	return ACT_NONE;
}

/* One screen on a 24-line terminal: at most 22 lines. */
const key_help keys_help[] = {
	{ "\u2190 \u2191 \u2192 \u2193, h j k l", "Arrows, h j k l", "move the cursor" },
	{ "Home 0, End $", "Home 0, End $", "first, last column" },
	{ "PgUp g, PgDn G", "PgUp g, PgDn G", "top, bottom row" },
	{ "Space, Enter", "Space, Enter", "press the cell: it and its neighbours change" },
	{ "Backspace, x", "Backspace, x", "press backward, one state down (k > 2)" },
	{ "mouse click", "mouse click", "press the cell clicked (right button: backward)" },
	{ "u; U, Ctrl-R", "u; U, Ctrl-R", "undo; redo" },
	{ "s", "s", "solution overlay: mark a minimal solution from here" },
	{ "Esc", "Esc", "stop the overlay's search, keep the best found" },
	{ "Tab, Shift-Tab", "Tab, Shift-Tab", "cursor to the next, previous marked cell" },
	{ "t", "t", "take the next step of the solution" },
	{ "T", "T", "play the whole solution (any key stops)" },
	{ "i", "i", "hint: one cell of a minimal solution" },
	{ "e", "e", "editor: set the cells, then play or solve them" },
	{ "a", "a", "analysis: rank, nullity, solutions, quiet patterns" },
	{ "S; c", "S; c", "statistics of finished games; this board's share code" },
	{ "R, r", "R, r", "restart this board (R asks first; r after a win)" },
	{ "n", "n", "new board (asks when a game is in progress)" },
	{ "m, o", "m, o", "settings: size, rule, states, torus, difficulty" },
	{ "?", "?", "this help" },
	{ "q", "q", "quit (asks when a game is in progress)" },
	{ "Ctrl-L, Ctrl-Z", "Ctrl-L, Ctrl-Z", "redraw the screen; suspend (fg resumes)" },
	{ NULL, NULL, NULL },
};
