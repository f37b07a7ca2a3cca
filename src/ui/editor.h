/* The board editor: set any position (cell by cell, or a new size, rule
 * or k through the settings menu), then play or solve it.  The board may
 * be one that cannot be cleared: the overlay then shows the proof. */
#ifndef LO_EDITOR_H
#define LO_EDITOR_H

#include "ui/session.h"

/* Until e, Esc or q: 0, or KEY_STOP / KEY_LOST when the game must end. */
int editor_run(session *s);

#endif
