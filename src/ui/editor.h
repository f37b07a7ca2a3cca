/* The board editor: set any position (cell by cell, or a new size, rule
 * or k through the settings menu), then play or solve it.  The board may
 * be one that cannot be cleared: the overlay then shows the proof. */
#ifndef LO_EDITOR_H
#define LO_EDITOR_H

#include "ui/app.h"

/* The settings menu's Enter in the editor: an empty board of that shape
 * with the cells of the old one that still fit (modulo the new k). */
reaction editor_reshape(app *a, const game_config *cfg);

#endif
