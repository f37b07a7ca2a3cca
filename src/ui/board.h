/* The board screen: play.  Its key table is the game's main one; the
 * solution's steps (s, i, Tab, t, T) live here too. */
#ifndef LO_UI_BOARD_H
#define LO_UI_BOARD_H

#include "ui/app.h"

/* The cursor keys (arrows, h j k l, Home 0 End $, PgUp g PgDn G). */
reaction board_cursor(app *a, int key);

/* The settings menu's Enter: a new board of that kind, in that mode. */
reaction board_settings(app *a, const game_config *cfg, play_mode mode);

/* From the main loop: the plan changed (the solver's news), a step's time
 * has come, and a key arrived while the game presses for the player
 * (true: the key is used up). */
void board_plan_news(app *a);
void board_step_due(app *a, double now);
bool board_step_key(app *a, int key);

/* Make a new game for cfg in mode, in the background (the keys answer
 * meanwhile); it replaces the one played once made, giving that one up
 * first when give_up.  board_made() is the loop's when it is done. */
void board_make(app *a, const game_config *cfg, play_mode mode, bool give_up);
void board_made(app *a);

/* A press at the cursor by the player or a step: counted, saved, won. */
void board_press(app *a, int times);

#endif
