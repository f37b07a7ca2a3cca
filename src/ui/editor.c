#include "ui/editor.h"

#include <curses.h>
#include <stdio.h>

#include "ui/keys.h"
#include "ui/saving.h"
#include "ui/term.h"

/* Par of an edited board is searched for this long at most: the overlay's
 * own search, in the background, proves it later when it takes longer. */
#define EDITOR_PAR_SECONDS 0.3

static void editor_set(session *s, int v)
{
	board *b = s->g.cur;
	board_set(b, s->v.cr, s->v.cc, ((v % b->k) + b->k) % b->k);
	draw_cell(&s->v, s->v.cr, s->v.cc);
	draw_status(&s->v, term_now());
}

static void editor_clear(session *s)
{
	board *b = s->g.cur;
	for (int i = 0; i < board_size(b); i++)
		b->cells[i] = 0;
	draw_marks(&s->v);
	draw_status(&s->v, term_now());
}

/* A new size, rule or k: an empty game of that shape, with the cells of
 * the old board that still fit (modulo the new k). */
static int editor_reshape(session *s)
{
	game_config cfg = s->g.cfg;
	int rc = session_choose(s, &cfg, true);
	if (rc != 1) {
		session_redraw(s);
		return rc;
	}
	char err[256];
	game next;
	if (game_init(&next, &cfg, err, sizeof err) < 0) {
		session_redraw(s);
		draw_message(&s->v, err);
		return 0;
	}
	const board *old = s->g.cur;
	for (int r = 0; r < old->rows && r < next.cur->rows; r++)
		for (int c = 0; c < old->cols && c < next.cur->cols; c++)
			board_set(next.cur, r, c, board_get(old, r, c) % next.cur->k);
	next.solvable = true;
	if (session_replace(s, &next, err, sizeof err) < 0) {
		game_free(&next);
		draw_message(&s->v, err);
		return 0;
	}
	s->v.g = &s->g;
	s->v.vr = s->v.vc = 0;
	s->v.cr = s->v.cr < s->g.cur->rows ? s->v.cr : s->g.cur->rows - 1;
	s->v.cc = s->v.cc < s->g.cur->cols ? s->v.cc : s->g.cur->cols - 1;
	s->v.msg[0] = '\0';
	session_redraw(s);
	return 0;
}

/* The edited position becomes the board to play. */
static void editor_leave(session *s)
{
	char err[256];
	board *b = board_clone(s->g.cur);
	s->v.what = VIEW_PLAY;
	if (!b || game_load(&s->g, b, EDITOR_PAR_SECONDS, err, sizeof err) < 0) {
		game_restart(&s->g);
		session_fresh(s);
		draw_message(&s->v, b ? err : "out of memory");
		board_free(b);
		return;
	}
	board_free(b);
	/* A board of the player's own: saved as such (session_fresh saves soon). */
	snprintf(s->origin, sizeof s->origin, "edit");
	session_fresh(s);
}

int editor_run(session *s)
{
	/* Nothing is saved while editing (the cells leave the undo history):
	 * save the game as it stands first. */
	saving_sync(s);
	game_clock_pause(&s->g, term_now());
	s->v.what = VIEW_EDIT;
	s->v.hint = -1;
	s->v.msg[0] = '\0';
	session_redraw(s);
	for (;;) {
		int ch = session_key(s);
		if (ch == KEY_STOP || ch == KEY_LOST)
			return ch;
		const board *b = s->g.cur;
		if (ch >= '0' && ch <= '9') {
			if (ch - '0' < b->k)
				editor_set(s, ch - '0');
			else
				draw_message(&s->v, "That value is k or more: Space steps through them all.");
			continue;
		}
		switch (ch) {
		case 'e': case 'q': case 27:
			editor_leave(s);
			return 0;
		case 'c':
			editor_clear(s);
			continue;
		case 'm': case 'o': {
			int rc = editor_reshape(s);
			if (rc == KEY_STOP || rc == KEY_LOST)
				return rc;
			continue;
		}
		}
		int v = board_get(b, s->v.cr, s->v.cc);
		int act = keys_action(ch);	/* digits were taken above: 0 sets, Home moves */
		if (session_move(s, act))
			continue;
		switch (act) {
		case ACT_PRESS:
			editor_set(s, v + 1);
			break;
		case ACT_UNPRESS:
			editor_set(s, v - 1);
			break;
		case ACT_REDRAW:
			clearok(curscr, TRUE);
			session_redraw(s);
			break;
		default:
			break;
		}
	}
}
