/* Light chasing, the way a person clears a classic board by hand: go down
 * row by row pressing under every light, then look the last row up and
 * press those cells of the top row, and chase again.  The game shows each
 * step on the player's own board; the help prints the lookup table.
 *
 * It works for the plus rule without torus, any k: the press below a cell
 * is the only one left that can change it, and 1 is a unit mod k, so the
 * count that clears it is forced. */
#ifndef LO_TEACH_H
#define LO_TEACH_H

#include <stddef.h>
#include <stdint.h>

#include "game/game.h"

typedef enum teach_stage {
	TEACH_CHASE,		/* marks: presses under the lights of row `row` */
	TEACH_LOOKUP,		/* marks: top-row presses for the last row left */
	TEACH_DONE,		/* the board is clear */
	TEACH_STUCK,		/* the last row left has no top-row answer */
	TEACH_UNSUPPORTED,	/* the rule is not one chasing clears */
	TEACH_NOMEM,
} teach_stage;

/* The next step for g's current board: marks (rows * cols forward press
 * counts) and, for TEACH_CHASE, the row being chased. */
teach_stage teach_step(const game *g, uint8_t *marks, int *row);

/* The lookup table for a rows x cols classic board (k = 2), one line per
 * last-row pattern with the fewest top-row presses that clear it, as text
 * ("x x x . .   . x . . ."); malloc'd, NULL when the board is too wide to
 * tabulate (more than 10 columns) or memory is short. */
char *teach_lookup_text(int rows, int cols);

#endif
