#include "ui/board.h"

#include <curses.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ui/editor.h"
#include "ui/info.h"
#include "ui/share.h"
#include "ui/term.h"
#include "game/maker.h"
#include "game/teach.h"

/* How long the cells of a press the game makes stay lit before it, and the
 * pause between the presses of T: slow enough to follow. */
#define STEP_FLASH_SECONDS 0.15
#define PLAY_PAUSE_SECONDS 0.35

static const char *const playing_msg =
	"Playing the solution: any key stops (+ faster, - slower, T to the end).";

/* T's speeds: a factor on the flash and the pause. */
static const double play_speeds[] = { 4, 2, 1, 0.5, 0.25, 0.1 };
#define PLAY_SPEEDS ((int)(sizeof play_speeds / sizeof play_speeds[0]))
#define PLAY_SPEED_NORMAL 2

static int cursor_cell(const app *a)
{
	return a->v.cr * a->pl.g.cur->cols + a->v.cc;
}

/* The cursor to (r, c), clamped; scrolls when it leaves the view. */
static void cursor_to(app *a, int r, int c)
{
	const board *b = a->pl.g.cur;
	int orow = a->v.cr, ocol = a->v.cc;
	a->v.cr = r < 0 ? 0 : r >= b->rows ? b->rows - 1 : r;
	a->v.cc = c < 0 ? 0 : c >= b->cols ? b->cols - 1 : c;
	if (draw_follow(&a->v)) {
		draw_all(&a->v, term_now());
		return;
	}
	draw_cursor_moved(&a->v, orow, ocol, term_now());
}

reaction board_cursor(app *a, int key)
{
	int r = a->v.cr, c = a->v.cc, rows = a->pl.g.cur->rows, cols = a->pl.g.cur->cols;
	switch (key) {
	case KEY_UP: case 'k': r--; break;
	case KEY_DOWN: case 'j': r++; break;
	case KEY_LEFT: case 'h': c--; break;
	case KEY_RIGHT: case 'l': c++; break;
	case KEY_HOME: case '0': c = 0; break;
	case KEY_END: case '$': c = cols - 1; break;
	case KEY_PPAGE: case 'g': r = 0; break;
	case KEY_NPAGE: case 'G': r = rows - 1; break;
	default: return REACT_NONE;
	}
	cursor_to(a, r, c);
	return REACT_NONE;
}

static void say(app *a, const char *msg)
{
	draw_message(&a->v, msg);
}

static void show_finish_msg(app *a, int rc, const char *msg)
{
	if (rc < 0)
		say(a, msg);
}

static void board_won(app *a)
{
	char msg[300];
	play_climb(&a->pl, +1);
	a->v.rung = a->pl.rung;
	draw_status(&a->v, term_now());
	draw_win(&a->v, term_now());
	show_finish_msg(a, saving_finish(&a->sv, &a->pl, term_now(), msg, sizeof msg), msg);
}

/* Giving up a board in progress (restart, new, other settings) costs a
 * ladder rung and counts as a loss. */
static void gave_up(app *a)
{
	char msg[300];
	if (!game_in_progress(&a->pl.g))
		return;
	play_climb(&a->pl, -1);
	show_finish_msg(a, saving_finish(&a->sv, &a->pl, term_now(), msg, sizeof msg), msg);
}

void board_press(app *a, int times)
{
	game *g = &a->pl.g;
	if (g->won)
		return;
	if (times < 0 && g->cfg.v.forward_only) {
		say(a, "Forward presses only in this game (--forward-only).");
		return;
	}
	if (a->v.msg[0] && !a->quiet)
		say(a, "");
	game_press(g, a->v.cr, a->v.cc, times, term_now());
	saving_changed(&a->sv, term_now());
	overlay_moved(&a->pl.ov, g->cur, cursor_cell(a), times);
	if (a->quiet)
		return;		/* the caller redraws once, and celebrates */
	draw_press(&a->v, a->v.cr, a->v.cc);
	draw_status(&a->v, term_now());
	if (g->won)
		board_won(a);
}

static reaction board_forward(app *a, int key)
{
	(void)key;
	board_press(a, +1);
	return REACT_NONE;
}

static reaction board_backward(app *a, int key)
{
	(void)key;
	board_press(a, -1);
	return REACT_NONE;
}

static reaction board_mouse(app *a, int key)
{
	(void)key;
	MEVENT ev;
	int r, c;
	if (getmouse(&ev) != OK || a->pl.g.won || !draw_cell_at(&a->v, ev.y, ev.x, &r, &c))
		return REACT_NONE;
	cursor_to(a, r, c);
	if (ev.bstate & BUTTON1_PRESSED)
		board_press(a, +1);
	else if (ev.bstate & BUTTON3_PRESSED)
		board_press(a, -1);
	return REACT_NONE;
}

static reaction board_history(app *a, int key)
{
	game *g = &a->pl.g;
	bool redo = key != 'u', was_won = g->won;
	int row, col, times;
	if (!(redo ? game_redo(g, &row, &col, &times, term_now()) : game_undo(g, &row, &col, &times, term_now()))) {
		say(a, redo ? "Nothing to redo." : "Nothing to undo.");
		return REACT_NONE;
	}
	overlay_moved(&a->pl.ov, g->cur, row * g->cur->cols + col, times);
	saving_changed(&a->sv, term_now());
	if (was_won) {
		a->v.msg[0] = '\0';
		return REACT_REDRAW;	/* the celebration covered the board */
	}
	if (a->v.msg[0])
		say(a, "");
	draw_press(&a->v, row, col);
	draw_status(&a->v, term_now());
	if (g->won)
		board_won(a);
	return REACT_NONE;
}

static void restart_now(app *a)
{
	/* On the ladder a restart of a board in progress costs a rung, and
	 * the board of the new rung is the one played: said in words. */
	if (a->pl.mode == PLAY_LADDER && game_in_progress(&a->pl.g)) {
		int was = a->pl.rung;
		gave_up(a);
		if (a->pl.rung < was) {
			char msg[120];
			board_make(a, &a->pl.g.cfg, PLAY_LADDER, false);
			snprintf(msg, sizeof msg, "Down to rung %d: a board of par %d instead.", a->pl.rung, a->pl.rung);
			snprintf(a->after_made, sizeof a->after_made, "%s", msg);
			return;
		}
	} else
		gave_up(a);
	game_restart(&a->pl.g);
	app_fresh(a);
}

static reaction board_restart(app *a, int key)
{
	if (key == 'r' && !a->pl.g.won) {
		say(a, "r restarts a solved board; R restarts this one (it asks first).");
		return REACT_NONE;
	}
	if (!game_touched(&a->pl.g))
		return REACT_NONE;
	if (game_in_progress(&a->pl.g))
		app_ask(a, "Restart this board?", restart_now, NULL);
	else
		restart_now(a);
	return REACT_NONE;
}

static void new_now(app *a)
{
	if (a->pl.mode == PLAY_DAILY) {
		say(a, "One daily board a day: R restarts it.");
		return;
	}
	board_make(a, &a->pl.g.cfg, a->pl.mode, true);
}

static reaction board_new_key(app *a, int key)
{
	(void)key;
	if (game_in_progress(&a->pl.g) && a->pl.mode != PLAY_DAILY)
		app_ask(a, "Give up this board for a new one?", new_now, NULL);
	else
		new_now(a);
	return REACT_NONE;
}

reaction board_settings(app *a, const game_config *cfg, play_mode mode)
{
	board_make(a, cfg, mode, true);
	return REACT_NONE;
}

/* Making a board, in the background: the keys answer meanwhile. */

void board_make(app *a, const game_config *cfg, play_mode mode, bool give_up)
{
	char err[256];
	a->after_made[0] = '\0';
	a->mk = maker_start(&a->pl, cfg, mode, err, sizeof err);
	if (!a->mk) {
		say(a, err);
		return;
	}
	a->make_gives_up = give_up;
	a->make_since = term_now();
	app_push(a, &making_screen);
}

void board_made(app *a)
{
	char err[256];
	game next;
	play made;
	maker *m = a->mk;
	a->mk = NULL;
	app_close(a, &making_screen);
	if (maker_finish(m, &next, &made, err, sizeof err) < 0) {
		say(a, err);	/* the old board stays, as it was */
		return;
	}
	if (a->make_gives_up)
		gave_up(a);	/* in the old board's own mode */
	if (play_replace(&a->pl, &next, err, sizeof err) < 0) {
		say(a, err);
		return;
	}
	a->pl.r = made.r;
	a->pl.mode = made.mode;
	a->pl.rung = made.rung;
	snprintf(a->pl.origin, sizeof a->pl.origin, "%s", made.origin);
	snprintf(a->pl.daily, sizeof a->pl.daily, "%s", made.daily);
	a->v.vr = a->v.vc = 0;
	app_fresh(a);
	if (a->after_made[0])
		say(a, a->after_made);
	a->after_made[0] = '\0';
}

static reaction making_stop(app *a, int key)
{
	(void)key;
	maker_cancel(a->mk);
	a->mk = NULL;
	draw_message(&a->v, "Stopped: the board you had stays.");
	return REACT_LEAVE;
}

static reaction making_wait(app *a, int key)
{
	(void)key;
	say(a, "Making a new board... Esc or q stops.");
	return REACT_NONE;
}

static void making_draw(app *a)
{
	char msg[96];
	snprintf(msg, sizeof msg, "Making a new board (%d s)... Esc or q stops.", (int)(term_now() - a->make_since));
	if (strcmp(msg, a->v.msg) != 0)
		say(a, msg);
}

static const key_row making_rows[] = {
	{ { KEY_ESC, 'q' }, making_stop, "Esc, q", "Esc, q", "stop making it: the board you had stays", NULL, 0 },
	{ { 0 }, NULL, "any other key", "any other key", "waits", NULL, 0 },
	{ { 0 }, NULL, NULL, NULL, NULL, NULL, 0 },
};

const screen making_screen = {
	.name = "making", .title = "Making a new board", .rows = making_rows, .other = making_wait,
	.draw = making_draw, .over_board = true,
};

static reaction board_menu(app *a, int key)
{
	(void)key;
	menu_open(&a->menu, &a->pl.g.cfg, false, a->pl.mode, a->v.preview);
	app_push(a, &menu_screen);
	return REACT_NONE;
}

static reaction board_help(app *a, int key)
{
	(void)key;
	a->help_top = 0;
	app_push(a, &help_screen);
	return REACT_NONE;
}

static reaction board_quit(app *a, int key)
{
	(void)key;
	if (!game_in_progress(&a->pl.g))
		return REACT_QUIT;
	app_ask(a, "Quit this game?", app_end, NULL);
	return REACT_NONE;
}

static reaction board_redraw(app *a, int key)
{
	(void)a;
	(void)key;
	clearok(curscr, TRUE);
	return REACT_REDRAW;
}

/* The solution, step by step. */

static void show_cert(app *a)
{
	char why[160];
	info_cert(&a->pl.ov, a->pl.g.cur, &a->gl, why, sizeof why);
	say(a, why);
}

void board_plan_news(app *a)
{
	game *g = &a->pl.g;
	lo_overlay *ov = &a->pl.ov;
	if (app_top(a) != &board_screen)
		return;
	/* Par of a board from the editor was bounded: the plan may prove it. */
	if (g->solvable && !g->par_proven && game_moves(g) == 0 && ov->minimal) {
		g->par = ov->weight;
		g->par_proven = true;
	}
	if (g->won)
		return;		/* the celebration covers the board */
	if (ov->shown)
		draw_marks(&a->v);
	else if (a->v.hint >= 0)
		draw_cell(&a->v, a->v.hint / g->cur->cols, a->v.hint % g->cur->cols);
	/* The proof's line comes back after a press cleared it, but does not
	 * cover a newer message. */
	if (ov->shown && ov->have && !ov->solvable && !a->v.msg[0])
		show_cert(a);
	draw_status(&a->v, term_now());
}

/* The plan, or false after saying why there is none (yet: then the key
 * comes back once the solver has answered). */
static bool plan_ready(app *a, int key)
{
	lo_overlay *ov = &a->pl.ov;
	if (ov->nomem) {
		say(a, "Out of memory for a solution from here.");
		return false;
	}
	if (!ov->active || !ov->have) {
		overlay_activate(ov, a->pl.g.cur);
		a->st.pending_key = key;
		say(a, "Solving...");
		return false;
	}
	if (!ov->solvable) {
		say(a, "No solution from here: s shows the proof.");
		return false;
	}
	return true;
}

static void show_plan(app *a)
{
	a->pl.assisted = true;
	if (a->pl.ov.shown)
		return;
	a->pl.ov.shown = true;
	draw_marks(&a->v);
	draw_status(&a->v, term_now());
}

static reaction board_overlay(app *a, int key)
{
	(void)key;
	lo_overlay *ov = &a->pl.ov;
	ov->shown = !ov->shown;
	if (ov->shown) {
		overlay_activate(ov, a->pl.g.cur);
		a->pl.assisted = true;
	}
	draw_marks(&a->v);
	say(a, "");
	if (ov->shown && ov->have && !ov->solvable)
		show_cert(a);
	if (!a->pl.g.won)
		draw_status(&a->v, term_now());
	return REACT_NONE;
}

static reaction board_stop_search(app *a, int key)
{
	(void)key;
	if (a->pl.ov.searching && a->pl.ov.active) {
		overlay_stop(&a->pl.ov);
		say(a, "Search stopped: the best found is kept.");
	}
	return REACT_NONE;
}

static reaction board_tab(app *a, int key)
{
	if (!a->pl.ov.shown) {
		say(a, "Tab walks the solution's marks: s shows them first.");
		return REACT_NONE;
	}
	if (!plan_ready(a, key))
		return REACT_NONE;
	show_plan(a);
	int i = overlay_next(&a->pl.ov, cursor_cell(a), key == KEY_BTAB ? -1 : +1);
	if (i < 0) {
		say(a, "Nothing left to press.");
		return REACT_NONE;
	}
	cursor_to(a, i / a->pl.g.cur->cols, i % a->pl.g.cur->cols);
	return REACT_NONE;
}

static void hint_clear(app *a)
{
	int i = a->v.hint;
	a->v.hint = -1;
	if (i >= 0)
		draw_cell(&a->v, i / a->pl.g.cur->cols, i % a->pl.g.cur->cols);
}

/* The next press of the plan: the cursor's cell if marked, else the next
 * marked one.  -1 when none is left. */
static int next_step(app *a)
{
	int here = cursor_cell(a);
	return overlay_mark(&a->pl.ov, here) ? here : overlay_next(&a->pl.ov, here, +1);
}

static reaction board_hint(app *a, int key)
{
	if (!plan_ready(a, key))
		return REACT_NONE;
	const lo_overlay *ov = &a->pl.ov;
	int cols = a->pl.g.cur->cols, i = next_step(a);
	if (i < 0) {
		say(a, "Nothing left to press.");
		return REACT_NONE;
	}
	int m = overlay_mark(ov, i);
	char msg[160];
	if (a->pl.g.cur->k == 2)
		snprintf(msg, sizeof msg, "Hint: press row %d, column %d%s.", i / cols + 1, i % cols + 1,
			 ov->minimal ? "" : " (not yet proven minimal)");
	else
		snprintf(msg, sizeof msg, "Hint: press row %d, column %d %s %d time%s%s.", i / cols + 1, i % cols + 1,
			 m > 0 ? "forward" : "backward", m > 0 ? m : -m, m == 1 || m == -1 ? "" : "s",
			 ov->minimal ? "" : " (not yet proven minimal)");
	a->v.hint = i;
	a->pl.assisted = true;
	draw_cell(&a->v, i / cols, i % cols);
	say(a, msg);
	return REACT_NONE;
}

/* Go to cell i and light up what its press will change; the press comes
 * when its time is due (board_step_due). */
static void step_begin(app *a, int i)
{
	int cols = a->pl.g.cur->cols;
	cursor_to(a, i / cols, i % cols);
	draw_flash(&a->v, i / cols, i % cols, true);
	a->st.cell = i;
	a->st.due = term_now() + STEP_FLASH_SECONDS * (a->st.playing ? play_speeds[a->st.speed] : 1);
}

void board_step_due(app *a, double now)
{
	steps *st = &a->st;
	if (st->cell >= 0) {
		int i = st->cell, cols = a->pl.g.cur->cols;
		st->cell = -1;
		draw_flash(&a->v, i / cols, i % cols, false);
		board_press(a, overlay_mark(&a->pl.ov, i) > 0 ? +1 : -1);
		if (st->playing && !a->pl.g.won) {
			say(a, playing_msg);
			st->due = now + PLAY_PAUSE_SECONDS * play_speeds[st->speed];
		} else
			st->playing = false;
		return;
	}
	if (!st->playing)
		return;
	int i = next_step(a);
	if (i < 0 || a->pl.g.won) {
		st->playing = false;
		return;
	}
	say(a, playing_msg);
	step_begin(a, i);
}

/* T to the end: every remaining press at once, one redraw after.  A
 * 100x100 solution takes a moment, not minutes. */
static void play_to_end(app *a)
{
	a->st.playing = false;
	a->quiet = true;
	for (int i = next_step(a), n = 0; i >= 0 && !a->pl.g.won; i = next_step(a), n++) {
		a->v.cr = i / a->pl.g.cur->cols;
		a->v.cc = i % a->pl.g.cur->cols;
		board_press(a, overlay_mark(&a->pl.ov, i) > 0 ? +1 : -1);
	}
	a->quiet = false;
	draw_follow(&a->v);
	app_redraw(a);
	if (a->pl.g.won)
		board_won(a);
}

bool board_step_key(app *a, int key)
{
	steps *st = &a->st;
	bool playing = st->playing;
	if (st->cell < 0 && !playing)
		return false;
	if (playing && (key == '+' || key == '>' || key == '-' || key == '<')) {
		int faster = key == '+' || key == '>' ? 1 : -1;
		st->speed += faster;
		st->speed = st->speed < 0 ? 0 : st->speed >= PLAY_SPEEDS ? PLAY_SPEEDS - 1 : st->speed;
		char msg[120];
		snprintf(msg, sizeof msg, "Playing at speed %d of %d: + faster, - slower, T to the end.", st->speed + 1,
			 PLAY_SPEEDS);
		say(a, msg);
		return true;
	}
	/* The lit cell is pressed at once: the key was typed after it. */
	st->playing = false;
	if (st->cell >= 0)
		board_step_due(a, term_now());
	if (!playing)
		return false;	/* t: the key goes on to the board */
	if (key == 'T') {
		play_to_end(a);
		return true;
	}
	if (!a->pl.g.won)
		say(a, "Stopped.");
	return true;		/* T: any other key stops, and is used up doing it */
}

static reaction board_step(app *a, int key)
{
	if (a->pl.g.won || !plan_ready(a, key))
		return REACT_NONE;
	show_plan(a);
	int i = next_step(a);
	if (i < 0) {
		say(a, "Nothing left to press.");
		return REACT_NONE;
	}
	a->st.playing = key == 'T';
	if (a->st.playing) {
		a->st.speed = a->st.speed ? a->st.speed : PLAY_SPEED_NORMAL;
		say(a, playing_msg);
	}
	step_begin(a, i);
	return REACT_NONE;
}

static reaction board_edit(app *a, int key)
{
	(void)key;
	app_push(a, &editor_screen);
	return REACT_NONE;
}

static reaction board_analysis(app *a, int key)
{
	(void)key;
	app_push(a, &analysis_screen);
	return REACT_NONE;
}

static reaction board_stats(app *a, int key)
{
	(void)key;
	char msg[300];
	char *text = saving_stats_text(&a->sv, msg, sizeof msg);
	if (!text) {
		say(a, msg);
		return REACT_NONE;
	}
	if (pager_open(&a->page, "Statistics of finished games", text,
		       "Arrows scroll; any other key returns to the game.") < 0) {
		say(a, "out of memory");
		return REACT_NONE;
	}
	app_push(a, &pager_screen);
	return REACT_NONE;
}

static reaction board_share(app *a, int key)
{
	(void)key;
	char msg[300];
	char *text = share_text(&a->pl.g, COLS, msg, sizeof msg);
	if (!text || pager_open(&a->page, "Share code", text, "Arrows scroll; any other key returns to the game.") < 0) {
		say(a, text ? "out of memory" : msg);
		return REACT_NONE;
	}
	app_push(a, &pager_screen);
	return REACT_NONE;
}

static reaction board_preview(app *a, int key)
{
	(void)key;
	a->v.preview = !a->v.preview;
	draw_press(&a->v, a->v.cr, a->v.cc);
	draw_message(&a->v, a->v.preview ? "Preview on: the cells a press changes are in angle brackets."
					 : "Preview off.");
	return REACT_NONE;
}

/* C: the next step of light chasing, marked on the board. */
static reaction board_chase(app *a, int key)
{
	(void)key;
	int row;
	uint8_t *marks = realloc(a->chase, (size_t)board_size(a->pl.g.cur));
	char msg[160];
	if (marks)
		a->chase = marks;
	teach_stage st = marks ? teach_step(&a->pl.g, marks, &row) : TEACH_NOMEM;
	switch (st) {
	case TEACH_CHASE:
		snprintf(msg, sizeof msg, "Chasing row %d: press under each of its lights (marked), then C again.",
			 row + 1);
		break;
	case TEACH_LOOKUP:
		snprintf(msg, sizeof msg, "Only the last row is lit: press the marked top-row cells, then chase again.");
		break;
	case TEACH_DONE:
		say(a, "The board is clear.");
		return REACT_NONE;
	case TEACH_STUCK:
		say(a, "This last row has no answer: the board cannot be cleared (s shows why).");
		return REACT_NONE;
	case TEACH_UNSUPPORTED:
		say(a, "Chasing row by row works on the plus rule without torus; here s shows a solution.");
		return REACT_NONE;
	default:
		say(a, "out of memory");
		return REACT_NONE;
	}
	a->pl.assisted = true;
	a->v.pattern = marks;
	draw_marks(&a->v);
	say(a, msg);
	return REACT_NONE;
}

static void board_before(app *a)
{
	if (a->v.hint >= 0)
		hint_clear(a);
	if (a->v.pattern && a->v.what == VIEW_PLAY) {
		a->v.pattern = NULL;	/* the chase step's marks last one key */
		draw_marks(&a->v);
	}
}

static void board_draw(app *a)
{
	double now = term_now();
	draw_all(&a->v, now);
	if (a->pl.g.won)
		draw_win(&a->v, now);
}

/* One screen on a 24-line terminal: at most 22 listed rows. */
static const key_row board_rows[] = {
	{ { KEY_UP, KEY_DOWN, KEY_LEFT, KEY_RIGHT, 'h', 'j', 'k', 'l' }, board_cursor,
	  "\u2190 \u2191 \u2192 \u2193, h j k l", "Arrows, h j k l", "move the cursor", "arrows move", 1 },
	{ { KEY_HOME, '0', KEY_END, '$' }, board_cursor, "Home 0, End $", "Home 0, End $", "first, last column", NULL, 0 },
	{ { KEY_PPAGE, 'g', KEY_NPAGE, 'G' }, board_cursor, "PgUp g, PgDn G", "PgUp g, PgDn G", "top, bottom row", NULL, 0 },
	{ { ' ', '\n', '\r', KEY_ENTER }, board_forward, "Space, Enter", "Space, Enter",
	  "press the cell: it and its neighbours change", "Space press", 1 },
	/* Terminals send DEL or ^H for Backspace; accept all three. */
	{ { KEY_BACKSPACE, KEY_DEL, KEY_CTRL('h'), 'x' }, board_backward, "Backspace, x", "Backspace, x",
	  "press backward, one state down (k > 2)", NULL, 0 },
	{ { KEY_MOUSE }, board_mouse, "mouse click", "mouse click", "press the cell clicked (right button: backward)", NULL, 0 },
	{ { 'u', 'U', KEY_CTRL('r') }, board_history, "u; U, Ctrl-R", "u; U, Ctrl-R", "undo; redo", "u undo", 1 },
	{ { 's' }, board_overlay, "s", "s", "solution overlay: mark a minimal solution from here", "s solution", 2 },
	{ { KEY_ESC }, board_stop_search, "Esc", "Esc", "stop the overlay's search, keep the best found", NULL, 0 },
	{ { '\t', KEY_BTAB }, board_tab, "Tab, Shift-Tab", "Tab, Shift-Tab", "cursor to the next, previous marked cell",
	  NULL, 0 },
	{ { 't', 'T' }, board_step, "t; T", "t; T", "take the next step; play the whole solution (any key stops)",
	  NULL, 0 },
	{ { 'i' }, board_hint, "i; C", "i; C", "hint: one cell of a minimal solution; the next step of light chasing",
	  "i hint", 3 },
	{ { 'C' }, board_chase, NULL, NULL, NULL, NULL, 0 },
	{ { 'e' }, board_edit, "e", "e", "editor: set the cells, then play or solve them", NULL, 0 },
	{ { 'a' }, board_analysis, "a", "a", "analysis: rank, nullity, solutions, quiet patterns", NULL, 0 },
	{ { 'S' }, board_stats, "S; c", "S; c", "statistics of finished games; this board's share code", NULL, 0 },
	{ { 'c' }, board_share, NULL, NULL, NULL, NULL, 0 },
	{ { 'R', 'r' }, board_restart, "R, r", "R, r", "restart this board (R asks first; r after a win)", NULL, 0 },
	{ { 'n' }, board_new_key, "n", "n", "new board (asks when a game is in progress)", NULL, 0 },
	{ { 'p' }, board_preview, "p", "p", "preview on/off: what a press at the cursor changes", NULL, 0 },
	{ { 'm', 'o' }, board_menu, "m, o", "m, o", "settings: size, rule, states, torus, difficulty", "m settings", 3 },
	{ { '?' }, board_help, "?", "?", "this help and how to play", "? help", 1 },
	{ { 'q' }, board_quit, "q", "q", "quit (asks when a game is in progress)", "q quit", 1 },
	/* Ctrl-Z is the terminal's: a signal, handled by the main loop. */
	{ { KEY_CTRL('l') }, board_redraw, "Ctrl-L, Ctrl-Z", "Ctrl-L, Ctrl-Z", "redraw the screen; suspend (fg resumes)",
	  NULL, 0 },
	{ { 0 }, NULL, NULL, NULL, NULL, NULL, 0 },
};

const screen board_screen = {
	.name = "board", .title = "Playing", .rows = board_rows, .draw = board_draw, .before = board_before,
};
