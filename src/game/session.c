#include "game/session.h"

#include <stdio.h>
#include <string.h>

#include "game/maker.h"
#include "game/practice.h"

/* Par of an edited board is searched for this long at most: the plan's
 * own search, in the background, proves it later when it takes longer. */
#define SESSION_EDIT_PAR_SECONDS 0.3

static const char rung_unsaved[] = "The practice rung could not be saved: it holds until you quit.";

static int say(session *s, const char *msg)
{
	snprintf(s->msg, sizeof s->msg, "%s", msg);
	return SESSION_MESSAGE;
}

/* The board was just cleared: the ladder climbs, the record is made and a
 * daily win finds its place on the host's leaderboard. */
static int won(session *s, double now)
{
	char msg[300];
	int ev = SESSION_WON | SESSION_STATUS;
	bool kept = play_climb(&s->pl, +1) == 0;
	s->pl.tried = false;	/* won: leaving it now costs nothing */
	int rc = saving_finish(&s->sv, &s->pl, now, msg, sizeof msg);
	snprintf(s->ranking, sizeof s->ranking, "%.90s", s->sv.ranking_failed ? "" : s->sv.ranking);
	if (rc < 0)
		ev |= say(s, msg);
	else if (s->sv.ranking_failed)
		ev |= say(s, s->sv.ranking);
	if (!kept)
		ev |= say(s, rung_unsaved);
	return ev;
}

/* An attempt given up (restart, or leaving the board) counts as a loss;
 * leaving a board tried and not won (new board, other settings) also
 * costs a ladder rung, however its attempts ended: a restart, or undoing
 * to the start, is no way around it. */
static int give_up(session *s, double now, bool leaving)
{
	char msg[300];
	int ev = 0;
	if (leaving && s->pl.tried && s->pl.mode == PLAY_LADDER && play_climb(&s->pl, -1) < 0)
		ev |= say(s, rung_unsaved);
	if (game_in_progress(&s->pl.g) && saving_finish(&s->sv, &s->pl, now, msg, sizeof msg) < 0)
		ev |= say(s, msg);
	return ev;
}

int session_press(session *s, int row, int col, int times, double now)
{
	game *g = &s->pl.g;
	s->msg[0] = '\0';
	if (g->won)
		return 0;
	if (times < 0 && g->cfg.v.forward_only)
		return say(s, "Forward presses only in this game (--forward-only).");
	/* Out of memory for the history: the press did not happen, and
	 * nothing may act as if it had. */
	if (game_press(g, row, col, times, now) < 0)
		return say(s, "Out of memory: the press was not made.");
	s->row = row;
	s->col = col;
	s->pl.tried = true;
	saving_changed(&s->sv, now);
	overlay_moved(&s->pl.ov, g->cur, row * g->cur->cols + col, times);
	int ev = SESSION_CELLS | SESSION_STATUS;
	if (g->won)
		ev |= won(s, now);
	return ev;
}

int session_undo(session *s, bool redo, double now)
{
	game *g = &s->pl.g;
	bool was_won = g->won;
	int row, col, times;
	s->msg[0] = '\0';
	if (!(redo ? game_redo(g, &row, &col, &times, now) : game_undo(g, &row, &col, &times, now)))
		return say(s, redo ? "Nothing to redo." : "Nothing to undo.");
	s->row = row;
	s->col = col;
	overlay_moved(&s->pl.ov, g->cur, row * g->cur->cols + col, times);
	saving_changed(&s->sv, now);
	/* The celebration covered the board: all of it comes back. */
	int ev = (was_won ? SESSION_BOARD : SESSION_CELLS) | SESSION_STATUS;
	if (g->won)
		ev |= won(s, now);
	return ev;
}

int session_fresh(session *s, double now)
{
	/* The plan belongs to one board: a new position starts without it
	 * shown, and the solver starts again from it. */
	s->pl.ov.shown = s->pl.ov.active = false;
	saving_changed(&s->sv, now);
	play_fresh(&s->pl);
	s->ranking[0] = '\0';
	if (!s->pl.g.solvable)
		return SESSION_BOARD | say(s, "This board cannot be cleared: s shows why.");
	return SESSION_BOARD;
}

int session_resume(session *s, double now)
{
	uint64_t id = s->pl.game;
	int ev = session_fresh(s, now);
	s->pl.game = id;
	return ev;
}

int session_restart(session *s, double now)
{
	s->msg[0] = '\0';
	/* The same board again, on the ladder too: going down a rung is
	 * leaving it (session_new_board), a choice of its own. */
	give_up(s, now, false);
	char kept[sizeof s->msg];
	snprintf(kept, sizeof kept, "%s", s->msg);
	game_restart(&s->pl.g);
	int ev = session_fresh(s, now);
	if (kept[0] && !s->msg[0])
		ev |= say(s, kept);
	return ev;
}

int session_new_board(session *s, const game_config *cfg, play_mode mode, bool give_up_old, double now)
{
	char err[256];
	maker_cancel(s->mk);
	s->after_made[0] = '\0';
	/* Leaving a ladder board tried and not won: the board made is the
	 * rung below's (the rung itself goes down once it is there). */
	play from = s->pl;
	bool down = give_up_old && mode == PLAY_LADDER && s->pl.mode == PLAY_LADDER && s->pl.tried;
	if (down && from.rung > LADDER_FIRST_RUNG) {
		from.rung--;
		snprintf(s->after_made, sizeof s->after_made, "Down to rung %d: a board of par %d.", from.rung,
			 from.rung);
	}
	s->mk = maker_start(&from, cfg, mode, err, sizeof err);
	if (!s->mk)
		return say(s, err);
	s->make_gives_up = give_up_old;
	s->make_since = now;
	return SESSION_MAKING;
}

bool session_leaving_costs(const session *s)
{
	return s->pl.mode == PLAY_LADDER && s->pl.tried && s->pl.rung > LADDER_FIRST_RUNG;
}

void session_stop_making(session *s)
{
	maker_cancel(s->mk);
	s->mk = NULL;
}

/* The board made in the background replaces the one played. */
static int made(session *s, double now)
{
	char err[256];
	game next;
	play from;
	maker *m = s->mk;
	s->mk = NULL;
	s->msg[0] = '\0';
	if (maker_finish(m, &next, &from, err, sizeof err) < 0)
		return SESSION_MADE | say(s, err);	/* the old board stays, as it was */
	int ev = SESSION_MADE;
	if (s->make_gives_up)
		ev |= give_up(s, now, true);	/* in the old board's own mode */
	if (play_replace(&s->pl, &next, err, sizeof err) < 0)
		return ev | say(s, err);
	s->pl.r = from.r;
	s->pl.mode = from.mode;
	s->pl.rung = from.rung;
	snprintf(s->pl.origin, sizeof s->pl.origin, "%s", from.origin);
	snprintf(s->pl.daily, sizeof s->pl.daily, "%s", from.daily);
	char kept[sizeof s->msg];
	snprintf(kept, sizeof kept, "%s", s->msg);
	ev |= session_fresh(s, now);
	if (s->after_made[0])
		ev |= say(s, s->after_made);
	else if (kept[0] && !s->msg[0])
		ev |= say(s, kept);
	s->after_made[0] = '\0';
	return ev;
}

int session_tick(session *s, double now)
{
	int ev = 0;
	if (s->mk && maker_done(s->mk))
		ev |= made(s, now);
	game *g = &s->pl.g;
	lo_overlay *ov = &s->pl.ov;
	if (overlay_poll(ov)) {
		ev |= SESSION_PLAN;
		/* Par of a board from the editor was bounded: the plan may
		 * prove it. */
		if (g->solvable && !g->par_proven && game_moves(g) == 0 && ov->minimal) {
			g->par = ov->weight;
			g->par_proven = true;
			ev |= SESSION_STATUS;
		}
	}
	if (saving_due(&s->sv, &s->pl, now)) {
		char msg[300];
		if (saving_sync(&s->sv, &s->pl, now, msg, sizeof msg) < 0)
			ev |= SESSION_SAVE_FAILED | say(s, msg);
		else
			ev |= SESSION_SAVED;
	}
	return ev;
}

void session_assist(session *s)
{
	s->pl.assisted = true;
}

int session_edit_begin(session *s, double now)
{
	char msg[300];
	int ev = 0;
	s->msg[0] = '\0';
	/* Nothing is saved while editing (the cells leave the undo history),
	 * so the game is saved as it stands first. */
	if (saving_sync(&s->sv, &s->pl, now, msg, sizeof msg) < 0)
		ev |= SESSION_SAVE_FAILED | say(s, msg);
	s->sv.paused = true;
	game_clock_pause(&s->pl.g, now);
	board_free(s->edit_from);
	s->edit_from = board_clone(s->pl.g.cur);	/* NULL: every leave is a change */
	return ev;
}

int session_edit_reshape(session *s, const game_config *cfg)
{
	char err[256];
	game next;
	s->msg[0] = '\0';
	if (game_init(&next, cfg, err, sizeof err) < 0)
		return say(s, err);
	const board *old = s->pl.g.cur;
	for (int r = 0; r < old->rows && r < next.cur->rows; r++)
		for (int c = 0; c < old->cols && c < next.cur->cols; c++)
			board_set(next.cur, r, c, board_get(old, r, c) % next.cur->k);
	next.solvable = true;
	if (play_replace(&s->pl, &next, err, sizeof err) < 0)
		return say(s, err);
	return SESSION_BOARD;
}

/* The editor left the game as it found it: same shape, same cells. */
static bool edit_unchanged(const session *s)
{
	const board *a = s->edit_from, *b = s->pl.g.cur;
	return a && a->rows == b->rows && a->cols == b->cols && a->k == b->k &&
	       memcmp(a->cells, b->cells, (size_t)board_size(a) * sizeof *a->cells) == 0;
}

int session_edit_commit(session *s, double now)
{
	char err[256];
	s->sv.paused = false;
	s->msg[0] = '\0';
	if (edit_unchanged(s)) {
		/* Looked, changed nothing: the game goes on, unmarked. */
		board_free(s->edit_from);
		s->edit_from = NULL;
		game_clock_resume(&s->pl.g, now);
		return SESSION_BOARD;
	}
	board_free(s->edit_from);
	s->edit_from = NULL;
	board *b = board_clone(s->pl.g.cur);
	if (!b || game_load(&s->pl.g, b, SESSION_EDIT_PAR_SECONDS, err, sizeof err) < 0) {
		game_restart(&s->pl.g);
		session_fresh(s, now);
		board_free(b);
		return SESSION_BOARD | say(s, b ? err : "out of memory");
	}
	board_free(b);
	/* A board of the player's own: saved as such (fresh saves soon), set
	 * up by hand, so no record to beat. */
	snprintf(s->pl.origin, sizeof s->pl.origin, "edit");
	int ev = session_fresh(s, now);
	s->pl.assisted = true;
	return ev;
}

int session_resume_decline(session *s, const game_config *cfg, play_mode mode, double now)
{
	char msg[300];
	int ev = 0;
	/* Forgotten but not counted: the question said so. */
	s->msg[0] = '\0';
	s->pl.recorded = true;
	if (saving_finish(&s->sv, &s->pl, now, msg, sizeof msg) < 0)
		ev |= say(s, msg);
	return ev | session_new_board(s, cfg, mode, false, now);
}

bool session_asked_away(const session *s)
{
	return slot_asked(s->sv.base, s->sv.sl.index);
}

int session_take_over(session *s, double now)
{
	char msg[300];
	s->msg[0] = '\0';
	int rc = saving_take_over(&s->sv, &s->pl, msg, sizeof msg);
	if (rc != 1)
		return say(s, msg);
	/* The game taken over is the same attempt: its id goes on. */
	uint64_t id = s->pl.game;
	int ev = session_fresh(s, now);
	s->pl.game = id;
	return ev | say(s, "Taken over: the other session's game, moves and all (u undoes them).");
}

int session_end(session *s, double now)
{
	char msg[300];
	session_stop_making(s);
	board_free(s->edit_from);
	s->edit_from = NULL;
	/* A position in the editor is no game yet: the last save stays. */
	return saving_sync(&s->sv, &s->pl, now, msg, sizeof msg);
}
