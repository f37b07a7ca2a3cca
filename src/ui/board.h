/* The board screen: play.  Its key table is the game's main one; the
 * solution's steps live in steps.c and the making of new boards in
 * making.c, on the helpers below. */
#ifndef LO_UI_BOARD_H
#define LO_UI_BOARD_H

#include "ui/app.h"

/* The cursor keys (arrows, h j k l, Home 0 End $, PgUp g PgDn G). */
reaction board_cursor(app *a, int key);
/* The cursor to (r, c), clamped; the view scrolls to keep it shown. */
void board_cursor_to(app *a, int r, int c);
int board_cursor_cell(const app *a);

/* A press at the cursor by the player or a step, through the session. */
void board_press(app *a, int times);
void board_say(app *a, const char *msg);

#endif
