/* Moves as small values: undo and redo of the last HISTORY_MAX moves.
 * (lo_move, not move: curses owns that name.) */
#ifndef LO_HISTORY_H
#define LO_HISTORY_H

#include <stdbool.h>

/* Moves kept for undo: a save holds them all, at most 15 bytes each
 * ("10000 10000 +1"), so this keeps a save's moves under 1 MB on any
 * board, and the memory of a game played for days small. */
#define HISTORY_MAX 60000

typedef struct lo_move {
	int row, col;
	int times;		/* +1 forward press, -1 backward */
} lo_move;

/* A ring: past HISTORY_MAX a new move takes the oldest one's place. */
typedef struct history {
	lo_move *moves;
	int first;		/* the oldest move kept is moves[first] */
	int len;		/* moves kept */
	int pos;		/* moves applied: history_at(pos..len) can be redone */
	int cap;		/* moves allocated, at most HISTORY_MAX */
	int dropped;		/* applied moves no longer kept: undo stops above them */
} history;

void history_init(history *h);
void history_free(history *h);
void history_clear(history *h);
/* Drops the redo tail, and the oldest move once HISTORY_MAX are kept;
 * -1 no memory. */
int history_push(history *h, lo_move m);
bool history_undo(history *h, lo_move *m);		/* the move to revert */
bool history_redo(history *h, lo_move *m);		/* the move to replay */
/* The i-th move kept, 0 the oldest (0 <= i < len). */
lo_move history_at(const history *h, int i);
/* Moves applied since the start, those no longer kept included. */
int history_count(const history *h);

#endif
