/* Moves as small values: undo and redo without limit.  (lo_move, not
 * move: curses owns that name.) */
#ifndef LO_HISTORY_H
#define LO_HISTORY_H

#include <stdbool.h>

typedef struct lo_move {
	int row, col;
	int times;		/* +1 forward press, -1 backward */
} lo_move;

typedef struct history {
	lo_move *moves;
	int len;		/* moves recorded */
	int pos;		/* moves applied: moves[pos..len) can be redone */
	int cap;
} history;

void history_init(history *h);
void history_free(history *h);
void history_clear(history *h);
int history_push(history *h, lo_move m);		/* drops the redo tail; -1 no memory */
bool history_undo(history *h, lo_move *m);		/* the move to revert */
bool history_redo(history *h, lo_move *m);		/* the move to replay */

#endif
