/* The session's editor verbs (game/session.h's session_edit_*): the
 * cells changed outside the undo history, nothing saved meanwhile, and a
 * board changed becomes a board of the player's own. */
#include "game/session_impl.h"

#include <stdio.h>
#include <string.h>

#include "i18n.h"

int session_edit_begin(session *s, double now)
{
	char msg[300];
	int ev = 0;
	session_settle(s, now);
	s->msg[0] = '\0';
	/* Nothing is saved while editing (the cells leave the undo history),
	 * so the game is saved as it stands first. */
	if (saving_sync(&s->files, &s->pl, now, msg, sizeof msg) < 0)
		ev |= SESSION_SAVE_FAILED | session_say(s, msg);
	s->files.paused = true;
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
	if (game_init(&next, cfg, err, sizeof err) != LO_OK)
		return session_say(s, err);
	const board *old = s->pl.g.cur;
	for (int r = 0; r < old->rows && r < next.cur->rows; r++)
		for (int c = 0; c < old->cols && c < next.cur->cols; c++)
			board_set(next.cur, r, c, board_get(old, r, c) % next.cur->k);
	next.solvable = true;
	if (play_replace(&s->pl, &next, err, sizeof err) != LO_OK)
		return session_say(s, err);
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
	s->files.paused = false;
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
	if (!b || game_load(&s->pl.g, b, SESSION_EDIT_PAR_SECONDS, err, sizeof err) != LO_OK) {
		game_restart(&s->pl.g);
		session_fresh(s, now);
		board_free(b);
		return SESSION_BOARD | session_say(s, b ? err : _("out of memory"));
	}
	board_free(b);
	/* A board of the player's own: saved as such (fresh saves soon), set
	 * up by hand, so no record to beat. */
	s->pl.origin = ORIGIN_EDIT;
	int ev = session_fresh(s, now);
	s->pl.assisted = true;
	return ev;
}

int session_edit_set(session *s, int row, int col, int value)
{
	board *b = s->pl.g.cur;
	if (row < 0 || col < 0 || row >= b->rows || col >= b->cols)
		return 0;
	s->row = row;
	s->col = col;
	board_set(b, row, col, ((value % b->k) + b->k) % b->k);
	return SESSION_CELLS;
}

int session_edit_step(session *s, int row, int col, int by)
{
	const board *b = s->pl.g.cur;
	if (row < 0 || col < 0 || row >= b->rows || col >= b->cols)
		return 0;
	return session_edit_set(s, row, col, board_get(b, row, col) + by);
}

int session_edit_clear(session *s)
{
	board *b = s->pl.g.cur;
	for (int i = 0; i < board_size(b); i++)
		b->cells[i] = 0;
	return SESSION_BOARD;
}
