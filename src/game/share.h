/* c: this board's share code, to paste into chat; `lightsout --code CODE`
 * plays the same board, rule, k and torus. */
#ifndef LO_SHARE_H
#define LO_SHARE_H

#include <stddef.h>

#include "game/game.h"

/* The page that shows g's code, broken to fit `width` columns; malloc'd,
 * or NULL with msg. */
char *share_text(const game *g, int width, char *msg, size_t len);

#endif
