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

/* The settings menu's Enter: a new board of that kind, in that mode. */
reaction board_settings(app *a, const game_config *cfg, play_mode mode);

/* A press at the cursor by the player or a step: counted, saved, won. */
void board_press(app *a, int times);
/* The board was just cleared: the ladder climbs, the record is made. */
void board_won(app *a);
/* Give up the board in progress (restart, new, other settings): a loss,
 * and a ladder rung down. */
void board_give_up(app *a);
void board_say(app *a, const char *msg);

#endif
