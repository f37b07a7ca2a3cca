#include "ui/steps.h"

#include <curses.h>
#include <stdio.h>
#include <stdlib.h>

#include "game/teach.h"
#include "i18n.h"
#include "ui/app.h"
#include "ui/info.h"
#include "ui/term.h"

/* How long the cells of a press the game makes stay lit before it, and the
 * pause between the presses of T: slow enough to follow. */
#define STEP_FLASH_SECONDS 0.15
#define PLAY_PAUSE_SECONDS 0.35

/* T's speeds: a factor on the flash and the pause. */
static const double play_speeds[] = { 4, 2, 1, 0.5, 0.25, 0.1 };
#define PLAY_SPEEDS ((int)(sizeof play_speeds / sizeof play_speeds[0]))

/* The line under the board while T plays: the speed stays in view, each
 * step redraws the same line. */
static void playing_say(app *a)
{
	char msg[200];
	snprintf(msg, sizeof msg, _("Playing at speed %d of %d: any key stops, + faster, - slower, T to the end."),
		 a->st.speed + 1, PLAY_SPEEDS);
	app_say(a, msg);
}
#define PLAY_SPEED_NORMAL 2

static void show_cert(app *a)
{
	char why[160];
	session_view sv = app_session(a);
	info_cert(sv.plan, sv.g->cur, &a->gl, why, sizeof why);
	app_say(a, why);
}

/* Help held back (in a race): true after saying why, for the key. */
static bool help_held(app *a, int key)
{
	char why[200], name[8];
	if (key == '\t' || key == KEY_BTAB)
		snprintf(name, sizeof name, "%s", key == '\t' ? "Tab" : "S-Tab");
	else
		snprintf(name, sizeof name, "%c", key);
	if (!session_help_held(a->s, name, why, sizeof why))
		return false;
	app_say(a, why);
	return true;
}

/* The plan, or false after saying why there is none (yet: then the key
 * comes back once the solver has answered). */
static bool plan_ready(app *a, int key)
{
	switch (session_plan_want(a->s)) {
	case SESSION_PLAN_READY:
		return true;
	case SESSION_PLAN_NOMEM:
		app_say(a, _("Out of memory for a solution from here."));
		return false;
	case SESSION_PLAN_SOLVING:
		a->st.pending_key = key;
		app_say(a, _("Solving..."));
		return false;
	case SESSION_PLAN_NONE:
		break;
	}
	app_say(a, _("No solution from here: s shows the proof."));
	return false;
}

reaction steps_overlay(app *a, int key)
{
	if (help_held(a, key))
		return REACT_NONE;
	session_plan_toggle(a->s);
	const lo_overlay *ov = app_session(a).plan;
	app_say(a, "");
	if (ov->shown && ov->have && !ov->solvable)
		show_cert(a);
	return REACT_NONE;
}

reaction steps_tab(app *a, int key)
{
	session_view sv = app_session(a);
	if (help_held(a, key))
		return REACT_NONE;
	if (!sv.plan->shown) {
		app_say(a, _("Tab walks the solution's marks: s shows them first."));
		return REACT_NONE;
	}
	if (!plan_ready(a, key))
		return REACT_NONE;
	session_help(a->s, SESSION_AID_PLAN);
	int i = overlay_next(sv.plan, app_cursor_cell(a), key == KEY_BTAB ? -1 : +1);
	if (i < 0) {
		app_say(a, _("Nothing left to press."));
		return REACT_NONE;
	}
	app_cursor_to(a, i / sv.g->cur->cols, i % sv.g->cur->cols);
	return REACT_NONE;
}

/* The next press of the plan: the cursor's cell if marked, else the next
 * marked one.  -1 when none is left. */
static int next_step(app *a)
{
	int here = app_cursor_cell(a);
	const lo_overlay *plan = app_session(a).plan;
	return overlay_mark(plan, here) ? here : overlay_next(plan, here, +1);
}

reaction steps_hint(app *a, int key)
{
	if (help_held(a, key) || !plan_ready(a, key))
		return REACT_NONE;
	session_view sv = app_session(a);
	const lo_overlay *ov = sv.plan;
	int cols = sv.g->cur->cols, i = next_step(a);
	if (i < 0) {
		app_say(a, _("Nothing left to press."));
		return REACT_NONE;
	}
	int m = overlay_mark(ov, i);
	char msg[240];
	if (sv.g->cur->k == 2)
		/* TRANSLATORS: row, column, then " (not yet proven minimal)" or nothing. */
		snprintf(msg, sizeof msg, _("Hint: press row %d, column %d%s."), i / cols + 1, i % cols + 1,
			 ov->minimal ? "" : _(" (not yet proven minimal)"));
	else if (m > 0)
		/* TRANSLATORS: row, column, the presses, then " (not yet proven
		 * minimal)" or nothing. */
		snprintf(msg, sizeof msg, P_("Hint: press row %d, column %d forward %d time%s.",
					     "Hint: press row %d, column %d forward %d times%s.", m),
			 i / cols + 1, i % cols + 1, m, ov->minimal ? "" : _(" (not yet proven minimal)"));
	else
		/* TRANSLATORS: row, column, the presses, then " (not yet proven
		 * minimal)" or nothing. */
		snprintf(msg, sizeof msg, P_("Hint: press row %d, column %d backward %d time%s.",
					     "Hint: press row %d, column %d backward %d times%s.", -m),
			 i / cols + 1, i % cols + 1, -m, ov->minimal ? "" : _(" (not yet proven minimal)"));
	a->v.hint = i;
	/* The cursor goes to the hinted cell: the hint is one key away. */
	app_cursor_to(a, i / cols, i % cols);
	session_help(a->s, SESSION_AID_HINT);
	app_say(a, msg);
	return REACT_NONE;
}

/* Go to cell i and light up what its press will change; the press comes
 * when its time is due (steps_due). */
static void step_begin(app *a, int i)
{
	int cols = app_session(a).g->cur->cols;
	app_cursor_to(a, i / cols, i % cols);
	a->v.flash = i;
	a->st.cell = i;
	a->st.due = term_now() + STEP_FLASH_SECONDS * (a->st.playing ? play_speeds[a->st.speed] : 1);
}

void steps_due(app *a, double now)
{
	steps *st = &a->st;
	if (st->cell >= 0) {
		int i = st->cell;
		st->cell = -1;
		a->v.flash = -1;
		app_press(a, overlay_mark(app_session(a).plan, i) > 0 ? +1 : -1);
		if (st->playing && !app_session(a).g->won) {
			playing_say(a);
			st->due = now + PLAY_PAUSE_SECONDS * play_speeds[st->speed];
		} else
			st->playing = false;
		return;
	}
	if (!st->playing)
		return;
	int i = next_step(a);
	if (i < 0 || app_session(a).g->won) {
		st->playing = false;
		return;
	}
	playing_say(a);
	step_begin(a, i);
}

/* T to the end: every remaining press at once, one redraw after.  A
 * 100x100 solution takes a moment, not minutes. */
static void play_to_end(app *a)
{
	a->st.playing = false;
	a->quiet = true;
	session_view sv = app_session(a);	/* its pointers follow the game */
	for (int i = next_step(a), n = 0; i >= 0 && !sv.g->won; i = next_step(a), n++) {
		a->v.cr = i / sv.g->cur->cols;
		a->v.cc = i % sv.g->cur->cols;
		app_press(a, overlay_mark(sv.plan, i) > 0 ? +1 : -1);
	}
	a->quiet = false;
	draw_follow(&a->v);
	app_redraw(a);		/* the celebration too, when it won */
}

bool steps_key(app *a, int key)
{
	steps *st = &a->st;
	bool playing = st->playing;
	if (st->cell < 0 && !playing)
		return false;
	if (playing && (key == '+' || key == '>' || key == '-' || key == '<')) {
		int faster = key == '+' || key == '>' ? 1 : -1;
		st->speed += faster;
		st->speed = st->speed < 0 ? 0 : st->speed >= PLAY_SPEEDS ? PLAY_SPEEDS - 1 : st->speed;
		playing_say(a);
		return true;
	}
	/* The lit cell is pressed at once: the key was typed after it. */
	st->playing = false;
	if (st->cell >= 0)
		steps_due(a, term_now());
	if (!playing)
		return false;	/* t: the key goes on to the board */
	if (key == 'T') {
		play_to_end(a);
		return true;
	}
	if (!app_session(a).g->won)
		app_say(a, _("Stopped."));
	return true;		/* T: any other key stops, and is used up doing it */
}

reaction steps_step(app *a, int key)
{
	if (app_session(a).g->won || help_held(a, key) || !plan_ready(a, key))
		return REACT_NONE;
	session_help(a->s, SESSION_AID_STEP);
	int i = next_step(a);
	if (i < 0) {
		app_say(a, _("Nothing left to press."));
		return REACT_NONE;
	}
	a->st.playing = key == 'T';
	if (a->st.playing) {
		a->st.speed = a->st.speed ? a->st.speed : PLAY_SPEED_NORMAL;
		playing_say(a);
	}
	step_begin(a, i);
	return REACT_NONE;
}

/* The chase step's marks (C), kept for the view to draw. */
static uint8_t *chase_marks;

/* C: the next step of light chasing, marked on the board. */
reaction steps_chase(app *a, int key)
{
	int row;
	if (help_held(a, key))
		return REACT_NONE;
	const game *g = app_session(a).g;
	uint8_t *marks = realloc(chase_marks, (size_t)board_size(g->cur));
	char msg[240];
	if (marks)
		chase_marks = marks;
	teach_stage st = marks ? teach_step(g, marks, &row) : TEACH_NOMEM;
	switch (st) {
	case TEACH_CHASE:
		snprintf(msg, sizeof msg, _("Chasing row %d: press under each of its lights (marked), then C again."),
			 row + 1);
		break;
	case TEACH_LOOKUP:
		snprintf(msg, sizeof msg, "%s", _("Only the last row is lit: press the marked top-row cells, then chase again."));
		break;
	case TEACH_DONE:
		app_say(a, _("The board is clear."));
		return REACT_NONE;
	case TEACH_STUCK:
		app_say(a, _("This last row has no answer: the board cannot be cleared (s shows why)."));
		return REACT_NONE;
	case TEACH_UNSUPPORTED:
		app_say(a, _("Chasing row by row works on the plus rule without torus; here s shows a solution."));
		return REACT_NONE;
	default:
		app_say(a, _("out of memory"));
		return REACT_NONE;
	}
	session_help(a->s, SESSION_AID_CHASE);
	a->v.pattern = marks;
	a->v.chase = true;
	app_say(a, msg);
	return REACT_NONE;
}


void steps_clear_marks(app *a)
{
	a->v.hint = -1;
	if (a->v.what == VIEW_PLAY) {
		a->v.pattern = NULL;	/* the chase step's marks last one key */
		a->v.chase = false;
	}
}
