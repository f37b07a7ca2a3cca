/* c: this board's share code, to paste into chat; P in the game, or
 * `lightsout --code CODE`, plays the same board, rule, k and torus. */
#ifndef LO_SHARE_H
#define LO_SHARE_H

#include <stdbool.h>
#include <stddef.h>

#include "game/game.h"

/* The page that shows g's code, broken to fit `width` columns; malloc'd,
 * or NULL with msg.  remote: the player is over SSH, with no shell of
 * their own to run lightsout in (the game's P comes first). */
char *share_text(const game *g, int width, bool remote, char *msg, size_t len);

#endif
