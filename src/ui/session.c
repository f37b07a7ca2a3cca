#include "ui/session.h"

#include <curses.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "ui/analysis.h"
#include "ui/editor.h"
#include "ui/keys.h"
#include "ui/menu.h"
#include "ui/pager.h"
#include "game/practice.h"
#include "ui/saving.h"
#include "ui/share.h"
#include "ui/steps.h"
#include "ui/term.h"

/* getch() ERR this many times in a row, each at once: no terminal left. */
#define FAST_ERRORS_MAX 50

static void ladder_set(session *s, int rung)
{
	s->rung = rung < LADDER_FIRST_RUNG ? LADDER_FIRST_RUNG : rung;
	s->v.rung = s->rung;
	ladder_save(&s->g.cfg, s->rung);
}

int session_new_board(session *s, char *err, size_t errlen)
{
	snprintf(s->origin, sizeof s->origin, "random");
	s->daily[0] = '\0';
	if (s->mode == PRACTICE_DAILY) {
		char date[16];
		rng_seed(&s->r, practice_daily_seed(time(NULL), &s->g.cfg, date, sizeof date));
		snprintf(s->v.mode, sizeof s->v.mode, "daily %s", date);
		snprintf(s->daily, sizeof s->daily, "%.10s", date);
		return game_generate(&s->g, &s->r, -1, err, errlen);
	}
	if (s->mode == PRACTICE_LADDER) {
		/* A rung above the hardest board of this shape: settle at the top. */
		for (;;) {
			if (game_generate(&s->g, &s->r, s->rung, err, errlen) == 0)
				break;
			if (s->rung <= LADDER_FIRST_RUNG)
				return -1;
			s->rung--;
		}
		ladder_set(s, s->rung);
		snprintf(s->v.mode, sizeof s->v.mode, "practice ladder");
		return 0;
	}
	return game_generate(&s->g, &s->r, -1, err, errlen);
}

void session_redraw(session *s)
{
	double now = term_now();
	draw_layout(&s->v);
	if (s->v.too_small) {
		draw_all(&s->v, now);
		return;
	}
	if (s->screen == SCREEN_HELP) {
		draw_help(&s->v);
		return;
	}
	if (s->screen == SCREEN_PAGE) {
		pager_draw(s);
		return;
	}
	draw_all(&s->v, now);
	if (s->g.won)
		draw_win(&s->v, now);
	if (s->screen == SCREEN_MENU)
		menu_draw(s->menu, &s->gl, s->v.color);
}

/* The next key, with everything between keys done here: signals, suspend,
 * resize, the clock, the solver, and noticing that input has ended. */
/* Ctrl-Z and fg (or SIGSTOP/SIGCONT from outside): pause the clock,
 * give the terminal back, and on return put curses' modes back and
 * repaint.  Every loop that waits for keys calls it. */
static void session_job_control(session *s)
{
	if (term_stop_request) {
		game_clock_pause(&s->g, term_now());
		term_suspend();
		game_clock_resume(&s->g, term_now());
	}
	if (term_continued) {
		term_continued = 0;
		reset_prog_mode();	/* a SIGSTOP from outside left line mode */
		clearok(curscr, TRUE);
		session_redraw(s);
	}
}

/* getch gave ERR after waiting since `since`: a timeout takes its time,
 * while ERR at once, again and again, means no input is coming (or a
 * signal, checked by the callers). */
static bool input_lost(session *s, double since)
{
	if (term_now() - since >= 0.01) {
		s->fast_errors = 0;
		return false;
	}
	return ++s->fast_errors >= FAST_ERRORS_MAX;
}

int session_key(session *s)
{
	for (;;) {
		if (overlay_poll(&s->ov))
			steps_update(s);
		if (s->pending_key && s->ov.have && s->screen == SCREEN_BOARD) {
			int ch = s->pending_key;
			s->pending_key = 0;
			return ch;
		}
		if (term_quit_signal)
			return KEY_STOP;
		session_job_control(s);
		double now = term_now();
		saving_tick(s, now);
		/* While the solver works: a spinner, and its news soon. */
		bool busy = s->ov.searching && (s->ov.shown || s->pending_key);
		if (s->screen == SCREEN_BOARD && !s->v.too_small &&
		    (busy || (long)game_elapsed(&s->g, now) != s->v.shown_secs))
			draw_status(&s->v, now);
		timeout(s->ov.searching ? 100 : 500);
		int ch = getch();
		if (ch == ERR) {
			if (input_lost(s, now))
				return KEY_LOST;
			continue;
		}
		s->fast_errors = 0;
		if (ch == KEY_RESIZE) {
			session_redraw(s);
			continue;
		}
		if (s->v.too_small && ch != 'q')
			continue;
		s->pending_key = 0;
		return ch;
	}
}

int session_wait(session *s, double seconds)
{
	double end = term_now() + seconds;
	for (;;) {
		if (term_quit_signal)
			return KEY_STOP;
		session_job_control(s);
		if (overlay_poll(&s->ov))
			steps_update(s);
		double now = term_now(), left = end - now;
		if (left <= 0)
			return ERR;
		timeout((int)(left * 1000) + 1);
		int ch = getch();
		if (ch == KEY_RESIZE) {
			session_redraw(s);
			continue;
		}
		if (ch == ERR) {
			if (input_lost(s, now))
				return KEY_LOST;
			continue;
		}
		s->fast_errors = 0;
		return ch;
	}
}

int session_ask(session *s, const char *question)
{
	char q[160];
	snprintf(q, sizeof q, "%s (y/n)", question);
	draw_message(&s->v, q);
	for (;;) {
		int ch = session_key(s);
		if (ch == KEY_STOP || ch == KEY_LOST)
			return ch;
		if (ch == 'y' || ch == 'Y' || ch == 'n' || ch == 'N' || ch == 27 || ch == 'q') {
			draw_message(&s->v, "");
			return ch == 'y' || ch == 'Y';
		}
	}
}

void session_fresh(session *s)
{
	s->v.g = &s->g;
	s->v.ov = &s->ov;
	s->v.hint = -1;
	s->v.cr = s->v.cr < s->g.cur->rows ? s->v.cr : s->g.cur->rows - 1;
	s->v.cc = s->v.cc < s->g.cur->cols ? s->v.cc : s->g.cur->cols - 1;
	s->v.msg[0] = '\0';
	s->recorded = false;
	saving_changed(s, term_now());
	overlay_reset(&s->ov, s->g.cur);
	if (!s->g.solvable)
		snprintf(s->v.msg, sizeof s->v.msg, "This board cannot be cleared: s shows why.");
	session_redraw(s);
}

int session_replace(session *s, game *next, char *err, size_t errlen)
{
	bool active = s->ov.active, shown = s->ov.shown;
	lo_overlay ov;
	if (overlay_init(&ov, next->sys, next->cfg.v.forward_only) < 0) {
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	/* The old plan's thread reads the old system: stop it first. */
	overlay_free(&s->ov);
	game_free(&s->g);
	s->g = *next;
	s->ov = ov;
	s->ov.active = active;
	s->ov.shown = shown;
	return 0;
}

static void session_won(session *s)
{
	if (s->mode == PRACTICE_LADDER)
		ladder_set(s, s->rung + 1);
	draw_status(&s->v, term_now());
	draw_win(&s->v, term_now());
	saving_won(s);
}

/* Giving up a board (restart or new) costs a ladder rung. */
static void session_gave_up(session *s)
{
	if (s->mode == PRACTICE_LADDER && game_in_progress(&s->g))
		ladder_set(s, s->rung - 1);
}

static void session_new(session *s)
{
	char err[256];
	if (s->mode == PRACTICE_DAILY) {
		draw_message(&s->v, "One daily board a day: R restarts it.");
		return;
	}
	session_gave_up(s);
	saving_gave_up(s);
	draw_message(&s->v, "Making a new board...");
	refresh();
	if (session_new_board(s, err, sizeof err) < 0) {
		/* The old board is still there: keep playing it. */
		game_restart(&s->g);
		session_fresh(s);
		draw_message(&s->v, err);
		return;
	}
	session_fresh(s);
}

int session_choose(session *s, game_config *cfg, bool editing)
{
	menu m;
	menu_open(&m, cfg);
	m.editing = editing;
	s->menu = &m;
	int screen = s->screen;
	s->screen = SCREEN_MENU;
	menu_draw(&m, &s->gl, s->v.color);
	enum menu_result res = MENU_STAY;
	int ch = 0;
	while (res == MENU_STAY) {
		ch = session_key(s);
		if (ch == KEY_STOP || ch == KEY_LOST)
			break;
		res = menu_key(&m, ch);
		if (res == MENU_STAY)
			menu_draw(&m, &s->gl, s->v.color);
	}
	s->screen = screen;
	s->menu = NULL;
	if (ch == KEY_STOP || ch == KEY_LOST)
		return ch;
	if (res == MENU_CANCEL || memcmp(&m.cfg, cfg, sizeof m.cfg) == 0)
		return 0;
	*cfg = m.cfg;
	return 1;
}
int session_install(session *s, game *next, char *err, size_t errlen)
{
	/* The board is made for next's settings, so next stands in for a
	 * moment as the current game. */
	game old = s->g;
	s->g = *next;
	if (s->mode == PRACTICE_LADDER)
		s->rung = ladder_load(&s->g.cfg);
	int made = session_new_board(s, err, errlen);
	*next = s->g;
	s->g = old;
	if (made < 0 || session_replace(s, next, err, errlen) < 0) {
		game_free(next);
		return -1;
	}
	s->v.vr = s->v.vc = 0;
	session_fresh(s);
	return 0;
}


static void session_menu(session *s)
{
	game_config cfg = s->g.cfg;
	int rc = session_choose(s, &cfg, false);
	if (rc != 1) {
		session_redraw(s);	/* a stop is seen again by the main loop */
		return;
	}
	char err[256];
	game next;
	draw_message(&s->v, "Making a new board...");
	refresh();
	if (game_init(&next, &cfg, err, sizeof err) < 0) {
		session_redraw(s);
		draw_message(&s->v, err);
		return;
	}
	session_gave_up(s);
	saving_gave_up(s);
	if (session_install(s, &next, err, sizeof err) < 0) {
		session_redraw(s);
		draw_message(&s->v, err);
	}
}

static void session_help(session *s)
{
	s->screen = SCREEN_HELP;
	session_redraw(s);
	session_key(s);	/* any key; a stop is seen again by the main loop */
	s->screen = SCREEN_BOARD;
	session_redraw(s);
}

void session_move_cursor(session *s, int r, int c)
{
	const board *b = s->g.cur;
	int orow = s->v.cr, ocol = s->v.cc;
	s->v.cr = r < 0 ? 0 : r >= b->rows ? b->rows - 1 : r;
	s->v.cc = c < 0 ? 0 : c >= b->cols ? b->cols - 1 : c;
	if (draw_follow(&s->v)) {
		draw_all(&s->v, term_now());
		return;
	}
	draw_cell(&s->v, orow, ocol);
	draw_cell(&s->v, s->v.cr, s->v.cc);
}

bool session_move(session *s, int act)
{
	int r = s->v.cr, c = s->v.cc, rows = s->g.cur->rows, cols = s->g.cur->cols;
	switch (act) {
	case ACT_UP: r--; break;
	case ACT_DOWN: r++; break;
	case ACT_LEFT: c--; break;
	case ACT_RIGHT: c++; break;
	case ACT_FIRST_COL: c = 0; break;
	case ACT_LAST_COL: c = cols - 1; break;
	case ACT_TOP_ROW: r = 0; break;
	case ACT_BOTTOM_ROW: r = rows - 1; break;
	default: return false;
	}
	session_move_cursor(s, r, c);
	return true;
}

void session_press(session *s, int times)
{
	if (s->g.won)
		return;
	if (times < 0 && s->g.cfg.v.forward_only) {
		draw_message(&s->v, "Forward presses only in this game (--forward-only).");
		return;
	}
	if (s->v.msg[0])
		draw_message(&s->v, "");
	game_press(&s->g, s->v.cr, s->v.cc, times, term_now());
	saving_changed(s, term_now());
	overlay_moved(&s->ov, s->g.cur, s->v.cr * s->g.cur->cols + s->v.cc, times);
	draw_press(&s->v, s->v.cr, s->v.cc);
	draw_status(&s->v, term_now());
	if (s->g.won)
		session_won(s);
}

static void session_history(session *s, bool redo)
{
	bool was_won = s->g.won;
	int row, col, times;
	if (!(redo ? game_redo(&s->g, &row, &col, &times, term_now()) :
		     game_undo(&s->g, &row, &col, &times, term_now()))) {
		draw_message(&s->v, redo ? "Nothing to redo." : "Nothing to undo.");
		return;
	}
	overlay_moved(&s->ov, s->g.cur, row * s->g.cur->cols + col, times);
	saving_changed(s, term_now());
	if (was_won) {
		s->v.msg[0] = '\0';
		session_redraw(s);	/* the celebration covered the board */
		return;
	}
	if (s->v.msg[0])
		draw_message(&s->v, "");
	draw_press(&s->v, row, col);
	draw_status(&s->v, term_now());
	if (s->g.won)
		session_won(s);
}

static void session_mouse(session *s)
{
	MEVENT ev;
	if (getmouse(&ev) != OK || s->g.won)
		return;
	int r = s->v.vr + ev.y - s->v.top, dx = ev.x - s->v.left;
	if (r < s->v.vr || r >= s->v.vr + s->v.nr || dx < 0 || dx >= 3 * s->v.nc)
		return;
	session_move_cursor(s, r, s->v.vc + dx / 3);
	if (ev.bstate & BUTTON1_PRESSED)
		session_press(s, +1);
	else if (ev.bstate & BUTTON3_PRESSED)
		session_press(s, -1);
}

static int session_loop(session *s)
{
	for (;;) {
		int ch = session_key(s);
		if (ch == KEY_STOP)
			return 128 + term_quit_signal;
		if (ch == KEY_LOST)
			return 1;
		if (s->g.won) {
			/* The celebration's own choices. */
			if (ch == 'q')
				return 0;
			if (ch == 'r' || ch == 'R') {
				game_restart(&s->g);
				session_fresh(s);
				continue;
			}
			if (ch == 'n') {
				session_new(s);
				continue;
			}
		}
		int ans;
		if (s->v.hint >= 0)
			steps_hint_clear(s);
		int act = keys_action(ch);
		if (session_move(s, act))
			continue;
		switch (act) {
		case ACT_PRESS:
			session_press(s, +1);
			break;
		case ACT_UNPRESS:
			session_press(s, -1);
			break;
		case ACT_UNDO:
			session_history(s, false);
			break;
		case ACT_REDO:
			session_history(s, true);
			break;
		case ACT_RESTART:
			if (!game_touched(&s->g))
				break;
			ans = game_in_progress(&s->g) ? session_ask(s, "Restart this board?") : 1;
			if (ans == KEY_STOP || ans == KEY_LOST)
				return ans == KEY_STOP ? 128 + term_quit_signal : 1;
			if (ans) {
				session_gave_up(s);
				game_restart(&s->g);
				session_fresh(s);
			}
			break;
		case ACT_NEW:
			ans = game_in_progress(&s->g) ? session_ask(s, "Give up this board for a new one?") : 1;
			if (ans == KEY_STOP || ans == KEY_LOST)
				return ans == KEY_STOP ? 128 + term_quit_signal : 1;
			if (ans)
				session_new(s);
			break;
		case ACT_MENU:
			session_menu(s);
			break;
		case ACT_HELP:
			session_help(s);
			break;
		case ACT_QUIT:
			if (s->v.too_small || !game_in_progress(&s->g))
				return 0;
			ans = session_ask(s, "Quit this game?");
			if (ans == KEY_STOP || ans == KEY_LOST)
				return ans == KEY_STOP ? 128 + term_quit_signal : 1;
			if (ans)
				return 0;
			break;
		case ACT_REDRAW:
			clearok(curscr, TRUE);
			session_redraw(s);
			break;
		case ACT_MOUSE:
			session_mouse(s);
			break;
		case ACT_OVERLAY:
			steps_toggle(s);
			break;
		case ACT_CANCEL:
			steps_stop(s);
			break;
		case ACT_NEXT_MARK:
			steps_tab(s, ch, +1);
			break;
		case ACT_PREV_MARK:
			steps_tab(s, ch, -1);
			break;
		case ACT_HINT:
			steps_hint(s, ch);
			break;
		case ACT_STEP:
			ans = steps_take(s, ch);
			if (ans == KEY_STOP || ans == KEY_LOST)
				return ans == KEY_STOP ? 128 + term_quit_signal : 1;
			break;
		case ACT_PLAY_ALL:
			ans = steps_play(s, ch);
			if (ans == KEY_STOP || ans == KEY_LOST)
				return ans == KEY_STOP ? 128 + term_quit_signal : 1;
			break;
		case ACT_EDIT:
			ans = editor_run(s);
			if (ans == KEY_STOP || ans == KEY_LOST)
				return ans == KEY_STOP ? 128 + term_quit_signal : 1;
			break;
		case ACT_INFO:
			ans = analysis_run(s);
			if (ans == KEY_STOP || ans == KEY_LOST)
				return ans == KEY_STOP ? 128 + term_quit_signal : 1;
			break;
		case ACT_STATS:
			ans = saving_stats_screen(s);
			if (ans == KEY_STOP || ans == KEY_LOST)
				return ans == KEY_STOP ? 128 + term_quit_signal : 1;
			break;
		case ACT_SHARE:
			ans = share_run(s);
			if (ans == KEY_STOP || ans == KEY_LOST)
				return ans == KEY_STOP ? 128 + term_quit_signal : 1;
			break;
		default:
			break;
		}
	}
}

int session_run(session *s)
{
	s->screen = SCREEN_BOARD;
	session_fresh(s);
	int rc = saving_start(s);
	if (rc == KEY_STOP || rc == KEY_LOST)
		rc = rc == KEY_STOP ? 128 + term_quit_signal : 1;
	else
		rc = session_loop(s);
	/* Quit, signal or lost terminal: a game in progress is kept for next
	 * time (quitting is not giving up). */
	saving_sync(s);
	return rc;
}
