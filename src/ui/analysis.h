/* The analysis panel (a): rank, nullity, solutions per board, whether
 * every board is solvable, and the quiet patterns drawn on the board one
 * by one.  The screen is analysis_screen (ui/app.h). */
#ifndef LO_ANALYSIS_H
#define LO_ANALYSIS_H

#include "ui/app.h"

#endif
