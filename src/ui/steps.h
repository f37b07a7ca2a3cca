/* The solution, step by step: the overlay on and off, a hint, Tab to the
 * next marked cell, and t / T to let the game press for you.  Step presses
 * are ordinary moves: counted, and undone by u. */
#ifndef LO_STEPS_H
#define LO_STEPS_H

#include "ui/session.h"

void steps_toggle(session *s);			/* s */
void steps_stop(session *s);			/* Esc */
void steps_tab(session *s, int key, int dir);	/* Tab, Shift-Tab */
void steps_hint(session *s, int key);		/* i */
void steps_hint_clear(session *s);
/* t and T: 0, or KEY_STOP / KEY_LOST when the game must end. */
int steps_take(session *s, int key);
int steps_play(session *s, int key);

/* The plan changed (the solver's news): redraw what shows it. */
void steps_update(session *s);

#endif
