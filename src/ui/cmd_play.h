/* The curses game: `lightsout` and `lightsout play`. */
#ifndef LO_CMD_PLAY_H
#define LO_CMD_PLAY_H

#include <stdbool.h>

#include "game/handoff.h"

/* argv[0] is "play"; returns the process exit status. */
int cmd_play(int argc, char **argv);

/* The game for a public account's player, as its front door hands it
 * over (account/serve.c); returns the process exit status. */
int play_handed(const player_handoff *h);

#endif
