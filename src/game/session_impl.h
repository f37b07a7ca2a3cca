/* The session's own state: private to the game layer.  Only
 * game/session.c and its white-box test (tests/game/test_session.c) include
 * this; front ends see session_view and the verbs of game/session.h
 * (tests/project/layers.sh checks it). */
#ifndef LO_SESSION_IMPL_H
#define LO_SESSION_IMPL_H

#include "game/arcade.h"
#include "game/race.h"
#include "game/session.h"

struct session {
	play pl;
	saver files;
	struct maker *mk;	/* a board being made, or NULL */
	bool make_gives_up;	/* the board played is given up once it is made */
	double make_since;
	char after_made[120];	/* said once the board is made */
	board *edit_from;	/* the position the editor opened on */
	int row, col;		/* where the last press, undo or redo was */
	char msg[300];		/* what the last call has to say ("" nothing) */
	char ranking[96];	/* after a daily win: where it stands, or "" */
	bool offer_resume;	/* pl is the game saved last time */
	bool win_due;		/* won: its records are the next tick's */
	arcade ar;		/* our place on a public account's host, or none */
	racer race;		/* our part in a race there */
};

#endif
