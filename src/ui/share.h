/* c: this board's share code, to paste into chat; `lightsout --code CODE`
 * plays the same board, rule, k and torus. */
#ifndef LO_SHARE_H
#define LO_SHARE_H

#include "ui/session.h"

/* Returns 0, or KEY_STOP / KEY_LOST when the game must end. */
int share_run(session *s);

#endif
