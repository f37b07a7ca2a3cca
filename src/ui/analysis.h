/* The analysis panel (a): rank, nullity, solutions per board, whether
 * every board is solvable, and the quiet patterns drawn on the board one
 * by one. */
#ifndef LO_ANALYSIS_H
#define LO_ANALYSIS_H

#include "ui/session.h"

/* Until Esc, a or q: 0, or KEY_STOP / KEY_LOST when the game must end. */
int analysis_run(session *s);

#endif
