/* Keys to actions, and the key list the help screen shows: one table, so
 * the help can never disagree with what the keys do. */
#ifndef LO_KEYS_H
#define LO_KEYS_H

#include <stdbool.h>

typedef enum action {
	ACT_NONE,
	ACT_UP, ACT_DOWN, ACT_LEFT, ACT_RIGHT,
	ACT_FIRST_COL, ACT_LAST_COL, ACT_TOP_ROW, ACT_BOTTOM_ROW,
	ACT_PRESS, ACT_UNPRESS,
	ACT_UNDO, ACT_REDO, ACT_RESTART, ACT_NEW, ACT_MENU, ACT_HELP, ACT_QUIT,
	ACT_REDRAW, ACT_MOUSE, ACT_RESIZE,
	ACT_OVERLAY, ACT_NEXT_MARK, ACT_PREV_MARK, ACT_STEP, ACT_PLAY_ALL, ACT_HINT, ACT_EDIT, ACT_INFO,
	ACT_STATS, ACT_SHARE,
	ACT_CANCEL
} action;

/* The action for a getch() value during play. */
action keys_action(int ch);

typedef struct key_help {
	const char *keys_utf8, *keys_ascii;	/* the arrows need a fallback */
	const char *what;
} key_help;

/* NULL-terminated (keys_utf8 == NULL). */
extern const key_help keys_help[];

#endif
