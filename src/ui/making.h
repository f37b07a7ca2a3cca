/* New boards made in the background (game/maker.c) while the keys answer:
 * the "Making a new board" screen, where Esc or q stops the making and the
 * board played stays. */
#ifndef LO_MAKING_H
#define LO_MAKING_H

#include <stdbool.h>

#include "ui/app.h"

/* Make a game for cfg in mode; once made it replaces the one played,
 * giving that one up first when give_up. */
void making_start(app *a, const game_config *cfg, play_mode mode, bool give_up);
/* From the main loop, when the maker is done. */
void making_done(app *a);

#endif
