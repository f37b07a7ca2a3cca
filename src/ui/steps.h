/* The solution, step by step, on the board screen: the overlay (s), Esc to
 * stop its search, Tab to the next mark, a hint (i), the game pressing for
 * the player (t, T with its speed) and light chasing's next step (C).
 * Step presses are ordinary moves: counted, and undone by u. */
#ifndef LO_STEPS_H
#define LO_STEPS_H

#include <stdbool.h>

#include "ui/app.h"

reaction steps_overlay(app *a, int key);	/* s */
reaction steps_tab(app *a, int key);		/* Tab, Shift-Tab */
reaction steps_hint(app *a, int key);		/* i */
reaction steps_step(app *a, int key);		/* t, T */
reaction steps_chase(app *a, int key);		/* C */

/* From the main loop: a step's time has come, and a key arrived while the
 * game presses for the player (true: the key is used up). */
void steps_due(app *a, double now);
bool steps_key(app *a, int key);
/* Before any key on the board: a hint's or a chase step's marks go. */
void steps_clear_marks(app *a);

#endif
