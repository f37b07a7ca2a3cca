#include "ui/steps.h"

#include <curses.h>
#include <stdio.h>

#include "ui/info.h"
#include "ui/term.h"

/* How long the cells of a press the game makes stay lit before it, and the
 * pause between the presses of T: slow enough to follow. */
#define STEP_FLASH_SECONDS 0.15
#define PLAY_PAUSE_SECONDS 0.35

static int cursor_cell(const session *s)
{
	return s->v.cr * s->g.cur->cols + s->v.cc;
}

static void show_cert(session *s)
{
	char why[160];
	info_cert(&s->ov, s->g.cur, &s->gl, why, sizeof why);
	draw_message(&s->v, why);
}

void steps_update(session *s)
{
	if (s->screen != SCREEN_BOARD || s->v.what != VIEW_PLAY)
		return;
	/* Par of a board from the editor was bounded: the plan may prove it. */
	game *g = &s->g;
	if (g->solvable && !g->par_proven && game_moves(g) == 0 && s->ov.minimal) {
		g->par = s->ov.weight;
		g->par_proven = true;
	}
	if (g->won)
		return;		/* the celebration covers the board */
	if (s->ov.shown)
		draw_marks(&s->v);
	else if (s->v.hint >= 0)
		draw_cell(&s->v, s->v.hint / g->cur->cols, s->v.hint % g->cur->cols);
	/* The proof's line comes back after a press cleared it, but does not
	 * cover a newer message. */
	if (s->ov.shown && s->ov.have && !s->ov.solvable && !s->v.msg[0])
		show_cert(s);
	if (!g->won)
		draw_status(&s->v, term_now());
}

/* The plan, or false after saying why there is none (yet: then the key
 * comes back once the solver has answered). */
static bool plan_ready(session *s, int key)
{
	if (!s->ov.active || !s->ov.have) {
		overlay_activate(&s->ov, s->g.cur);
		s->pending_key = key;
		draw_message(&s->v, "Solving...");
		return false;
	}
	if (!s->ov.solvable) {
		draw_message(&s->v, "No solution from here: s shows the proof.");
		return false;
	}
	return true;
}

static void show(session *s)
{
	if (s->ov.shown)
		return;
	s->ov.shown = true;
	draw_marks(&s->v);
	draw_status(&s->v, term_now());
}

void steps_toggle(session *s)
{
	s->ov.shown = !s->ov.shown;
	if (s->ov.shown)
		overlay_activate(&s->ov, s->g.cur);
	draw_marks(&s->v);
	draw_message(&s->v, "");
	if (s->ov.shown && s->ov.have && !s->ov.solvable)
		show_cert(s);
	if (!s->g.won)
		draw_status(&s->v, term_now());
}

void steps_stop(session *s)
{
	if (s->ov.searching && s->ov.active) {
		overlay_stop(&s->ov);
		draw_message(&s->v, "Search stopped: the best found is kept.");
	}
}

void steps_tab(session *s, int key, int dir)
{
	if (!plan_ready(s, key))
		return;
	show(s);
	int i = overlay_next(&s->ov, cursor_cell(s), dir);
	if (i < 0) {
		draw_message(&s->v, "Nothing left to press.");
		return;
	}
	session_move_cursor(s, i / s->g.cur->cols, i % s->g.cur->cols);
}

void steps_hint_clear(session *s)
{
	int i = s->v.hint;
	s->v.hint = -1;
	if (i >= 0)
		draw_cell(&s->v, i / s->g.cur->cols, i % s->g.cur->cols);
}

void steps_hint(session *s, int key)
{
	if (!plan_ready(s, key))
		return;
	int here = cursor_cell(s), cols = s->g.cur->cols;
	int i = overlay_mark(&s->ov, here) ? here : overlay_next(&s->ov, here, +1);
	if (i < 0) {
		draw_message(&s->v, "Nothing left to press.");
		return;
	}
	int m = overlay_mark(&s->ov, i);
	char msg[160];
	if (s->g.cur->k == 2)
		snprintf(msg, sizeof msg, "Hint: press row %d, column %d%s.", i / cols + 1, i % cols + 1,
			 s->ov.minimal ? "" : " (not yet proven minimal)");
	else
		snprintf(msg, sizeof msg, "Hint: press row %d, column %d %s %d time%s%s.", i / cols + 1, i % cols + 1,
			 m > 0 ? "forward" : "backward", m > 0 ? m : -m, m == 1 || m == -1 ? "" : "s",
			 s->ov.minimal ? "" : " (not yet proven minimal)");
	s->v.hint = i;
	draw_cell(&s->v, i / cols, i % cols);
	draw_message(&s->v, msg);
}

/* The next press of the plan: the cursor's cell if marked, else the next
 * marked one.  -1 when none is left. */
static int next_step(session *s)
{
	int here = cursor_cell(s);
	return overlay_mark(&s->ov, here) ? here : overlay_next(&s->ov, here, +1);
}

/* Go to cell i, light up what the press will change, press.  A key that
 * comes during the flash is returned (T stops on it); ERR otherwise. */
static int step_at(session *s, int i)
{
	int cols = s->g.cur->cols, r = i / cols, c = i % cols;
	session_move_cursor(s, r, c);
	draw_flash(&s->v, r, c, true);
	refresh();
	int ch = session_wait(s, STEP_FLASH_SECONDS);
	draw_flash(&s->v, r, c, false);
	if (ch == KEY_STOP || ch == KEY_LOST)
		return ch;
	session_press(s, overlay_mark(&s->ov, i) > 0 ? +1 : -1);
	refresh();
	return ch;
}

int steps_take(session *s, int key)
{
	if (s->g.won || !plan_ready(s, key))
		return 0;
	show(s);
	int i = next_step(s);
	if (i < 0) {
		draw_message(&s->v, "Nothing left to press.");
		return 0;
	}
	int ch = step_at(s, i);
	if (ch == KEY_STOP || ch == KEY_LOST)
		return ch;
	if (ch != ERR)
		ungetch(ch);	/* typed during the flash: not lost */
	return 0;
}

int steps_play(session *s, int key)
{
	if (s->g.won || !plan_ready(s, key))
		return 0;
	show(s);
	const char *playing = "Playing the solution: any key stops.";
	for (;;) {
		int i = next_step(s);
		if (i < 0 || s->g.won)
			return 0;
		draw_message(&s->v, playing);
		int ch = step_at(s, i);
		if (!s->g.won)
			draw_message(&s->v, playing);
		if (ch == ERR && !s->g.won)
			ch = session_wait(s, PLAY_PAUSE_SECONDS);
		if (ch == KEY_STOP || ch == KEY_LOST)
			return ch;
		if (ch != ERR) {
			if (!s->g.won)
				draw_message(&s->v, "Stopped.");
			return 0;
		}
	}
}
