/* The session's own state: private to the game layer.  Only the
 * session's files (game/session.c, session_race.c, session_edit.c) and its
 * white-box test (tests/game/test_session.c) include this; front ends see session_view and the verbs of game/session.h
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
	char key_fp[64];	/* the player's key's fingerprint, "" none */
};

/* Par of an edited board is searched for this long at most: the plan's
 * own search, in the background, proves it later when it takes longer. */
#define SESSION_EDIT_PAR_SECONDS 0.3

/* Between the session's files (session.c's). */
/* msg is what the call has to say: SESSION_MESSAGE. */
int session_say(session *s, const char *msg);
/* The board played is the race's (a race's board left is a forfeit). */
bool session_on_race_board(const session *s);
/* A win's records before anything else changes the game (a verb called
 * with no tick since the win): the win is what is recorded. */
void session_settle(session *s, double now);

#endif
