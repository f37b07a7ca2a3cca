/* The mathematics of the board in words: the plan's progress, why a board
 * cannot be cleared, and the info panel (rank, nullity, solutions, quiet
 * patterns).  No curses, so the words are testable. */
#ifndef LO_INFO_H
#define LO_INFO_H

#include <stddef.h>

#include "engine/board.h"
#include "ui/glyphs.h"
#include "game/overlay.h"
#include "engine/system.h"

/* "needs 7 presses, the one shortest way", "needs <=12 presses 41% . Esc stops", "No solution: proof
 * marked"...; `now` turns the spinner. */
void info_plan(const lo_overlay *o, const glyphs *gl, double now, char *buf, size_t len);

/* One line on why the certificate proves there is no solution. */
void info_cert(const lo_overlay *o, const board *b, const glyphs *gl, char *buf, size_t len);

/* "rank 23 · nullity 2 · 4 solutions each · 1 board in 4 solvable". */
void info_system(const lo_system *s, const glyphs *gl, char *buf, size_t len);

/* The quiet pattern line of the info panel: pattern i of the basis. */
void info_pattern(const lo_system *s, int i, const glyphs *gl, char *buf, size_t len);

/* The goal in a player's words, the same on every screen: "all lights
 * off" (k = 2), "every arrow up" (k = 4, drawn as arrows), else "every
 * cell at state 0". */
const char *info_goal(int k);
/* The number of states in those words: "" for lights (k = 2), else
 * "3 states". */
void info_states(int k, char *buf, size_t len);

#endif
