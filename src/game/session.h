/* The session: what a move does to a game, decided in one place (as
 * Tatham's midend).  It owns the game being played and its plan (play),
 * the save policy (saver), the board being made in the background (maker)
 * and the rules of the records: what counts as assisted, what a win or a
 * give-up costs on the ladder, what goes into the statistics and onto the
 * host's leaderboard.  Screens hand it moves; each call returns what
 * changed as an event mask, with one line for the player in msg.  No
 * curses: tests/test_session.c plays it. */
#ifndef LO_SESSION_H
#define LO_SESSION_H

#include <stdbool.h>
#include <stddef.h>

#include "game/play.h"
#include "game/saving.h"

/* What a call changed: flags, or-ed. */
typedef enum session_event {
	SESSION_CELLS = 1 << 0,		/* the cells a press at s->row, s->col changes */
	SESSION_BOARD = 1 << 1,		/* a new position or shape: everything */
	SESSION_PLAN = 1 << 2,		/* the plan or its proof has news */
	SESSION_WON = 1 << 3,		/* the board was just cleared */
	SESSION_SAVED = 1 << 4,
	SESSION_SAVE_FAILED = 1 << 5,
	SESSION_MESSAGE = 1 << 6,	/* msg has a line for the player */
	SESSION_MAKING = 1 << 7,	/* a board is being made in the background */
	SESSION_MADE = 1 << 8,		/* ...and is played now (or failed: msg) */
	SESSION_STATUS = 1 << 9,	/* moves, par or clock changed */
} session_event;

typedef struct session {
	play pl;
	saver sv;
	struct maker *mk;	/* a board being made, or NULL */
	bool make_gives_up;	/* the board played is given up once it is made */
	double make_since;
	char after_made[120];	/* said once the board is made */
	board *edit_from;	/* the position the editor opened on */
	int row, col;		/* where the last press, undo or redo was */
	char msg[300];		/* what the last call has to say ("" nothing) */
	char ranking[96];	/* after a daily win: where it stands, or "" */
} session;

/* The press (+1 forward, -1 backward) at (row, col): counted, followed by
 * the plan, saved soon; a win is recorded at once. */
int session_press(session *s, int row, int col, int times, double now);
/* Undo (redo false) or redo one press. */
int session_undo(session *s, bool redo, double now);
/* Back to the board's start: the same board, on the ladder too (an
 * attempt in progress counts as a loss). */
int session_restart(session *s, double now);
/* Make a board for cfg in mode, in the background; once it is there, the
 * board played now is given up when give_up: a loss when in progress, and
 * on the ladder a rung down when it was tried and not won (the board made
 * is the lower rung's). */
int session_new_board(session *s, const game_config *cfg, play_mode mode, bool give_up, double now);
/* Would leaving the board played now cost a ladder rung? */
bool session_leaving_costs(const session *s);
/* Stop making a board: the one played stays. */
void session_stop_making(session *s);
/* Between keys: a board made, the plan's news, a save due. */
int session_tick(session *s, double now);

/* The solver helped on this board (overlay, hint, step, chase): every
 * win on it is assisted, whatever happens between (restart, undo, save and
 * resume, takeover). */
void session_assist(session *s);

/* A position not reached by a press (new board, restart): a new attempt,
 * and the plan starts again hidden.  session_resume is the same for the
 * game found saved at the start: the same attempt goes on. */
int session_fresh(session *s, double now);
int session_resume(session *s, double now);

/* The editor: the game is saved as it stands and its clock stops; cells
 * then change outside the history.  commit plays the edited position as
 * a board of the player's own, or goes on with the game as it was when
 * nothing changed; reshape gives the edited board cfg's shape. */
int session_edit_begin(session *s, double now);
int session_edit_reshape(session *s, const game_config *cfg);
int session_edit_commit(session *s, double now);

/* The saved game offered at the start was declined: dropped uncounted,
 * and a board for cfg in mode is made instead. */
int session_resume_decline(session *s, const game_config *cfg, play_mode mode, double now);
/* Does another session still wait for this one's game (a takeover
 * request stands only while its asker waits)? */
bool session_asked_away(const session *s);
/* Move the game of the session that owns slot 1 here. */
int session_take_over(session *s, double now);

/* The session ends (quit, signal, lost terminal): a game in progress is
 * saved for next time.  Returns 0, or -1 when its last save failed. */
int session_end(session *s, double now);

#endif
