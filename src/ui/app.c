#include "ui/app.h"

#include <curses.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "persist/paths.h"
#include "persist/race.h"
#include "ui/info.h"
#include "ui/term.h"

/* getch() ERR this many times in a row, each at once: no terminal left. */
#define FAST_ERRORS_MAX 50

const screen *const screens_all[] = {
	&board_screen, &editor_screen, &analysis_screen, &menu_screen, &pager_screen, &help_screen, &question_screen,
	&making_screen, &watch_list_screen, &watch_screen, &code_screen, &lobby_screen, &race_screen, NULL,
};

const key_row *screen_find(const screen *s, int key)
{
	for (const key_row *r = s->rows; r->run || r->names_utf8; r++)
		for (int i = 0; r->run && i < SCREEN_KEYS_MAX && r->keys[i]; i++)
			if (r->keys[i] == key)
				return r;
	return NULL;
}

const screen *app_top(const app *a)
{
	return a->stack[a->depth - 1];
}

void app_push(app *a, const screen *s)
{
	if (a->depth == APP_DEPTH)
		return;		/* no screen opens more than a few others */
	a->stack[a->depth++] = s;
	if (s->enter)
		s->enter(a);
	app_redraw(a);
}

static void app_pop(app *a)
{
	if (a->depth <= 1)
		return;
	const screen *s = a->stack[--a->depth];
	if (s->leave)
		s->leave(a);
	if (app_top(a)->back)
		app_top(a)->back(a, s);
}

void app_close(app *a, const screen *s)
{
	if (app_top(a) == s) {
		app_pop(a);
		app_redraw(a);
	}
}

void app_redraw(app *a)
{
	a->v.keys = board_screen.rows;
	/* Without a game (lightsout watch) the screen draws all it shows. */
	if (a->s)
		draw_layout(&a->v);
	if (a->s && a->v.lay.too_small) {
		draw_all(&a->v, term_now());
		return;
	}
	/* The topmost whole screen, then the boxes over it. */
	int base = a->depth - 1;
	while (base > 0 && a->stack[base]->over_board)
		base--;
	a->v.keys = a->stack[base]->rows;
	for (int i = base; i < a->depth; i++)
		a->stack[i]->draw(a);
}

/* What changed since the last frame, drawn: the cells whose look changed,
 * the status line when its words did.  Only where the board shows. */
static void app_frame(app *a)
{
	const screen *top = app_top(a);
	/* A box over a whole screen of its own (a question over the lobby):
	 * no board there to draw. */
	int base = a->depth - 1;
	while (base > 0 && a->stack[base]->over_board)
		base--;
	if (top->shows_board && a->stack[base]->shows_board && !a->v.lay.too_small && !a->quit)
		draw_frame(&a->v, term_now());
}

void app_end(app *a)
{
	a->quit = true;
	a->status = 0;
}

session_view app_session(const app *a)
{
	session_view sv;
	session_snapshot(a->s, &sv);
	return sv;
}

/* The view follows the session after a new position (new board, restart,
 * edit): cursor kept on the board, marks and steps gone, all redrawn. */
static void app_fresh(app *a)
{
	view *v = &a->v;
	session_view sv = app_session(a);
	const board *b = sv.g->cur;
	v->g = sv.g;
	v->ov = sv.plan;
	v->hint = -1;
	v->cr = v->cr < b->rows ? v->cr : b->rows - 1;
	v->cc = v->cc < b->cols ? v->cc : b->cols - 1;
	v->msg[0] = '\0';
	v->rung = sv.rung;
	v->mode[0] = '\0';
	if (sv.mode == PLAY_DAILY)
		snprintf(v->mode, sizeof v->mode, "daily %s", sv.daily);
	if (sv.mode == PLAY_LADDER)
		snprintf(v->mode, sizeof v->mode, "practice ladder");
	a->st.cell = -1;
	a->st.playing = false;
	v->flash = -1;
	app_redraw(a);
}

/* The plan has news: its marks, the hint, the proof's line and the status. */
static void plan_news(app *a)
{
	session_view sv = app_session(a);
	const game *g = sv.g;
	const lo_overlay *ov = sv.plan;
	if (app_top(a) != &board_screen || g->won)
		return;		/* the celebration covers the board */
	/* The marks and the status are the next frame's; the proof's line comes back after a press cleared it, but does not
	 * cover a newer message. */
	if (ov->shown && ov->have && !ov->solvable && !a->v.msg[0]) {
		char why[160];
		info_cert(ov, g->cur, &a->gl, why, sizeof why);
		draw_message(&a->v, why);
	}
}

void app_moved(app *a, int ev)
{
	if (ev & (SESSION_CELLS | SESSION_BOARD | SESSION_MAKING))
		a->last_move = term_now();
}

void app_react(app *a, int ev)
{
	double now = term_now();
	app_moved(a, ev);
	if (ev & SESSION_MADE) {
		app_close(a, &making_screen);
		if (ev & SESSION_BOARD)
			a->v.lay.vr = a->v.lay.vc = 0;
	}
	/* Changed cells and the status are drawn by the next frame. */
	if (ev & SESSION_BOARD)
		app_fresh(a);
	if (ev & SESSION_PLAN)
		plan_news(a);
	session_view sv = app_session(a);
	if (ev & SESSION_WON) {
		a->v.rung = sv.rung;
		a->v.assisted = sv.assisted;
		snprintf(a->v.ranking, sizeof a->v.ranking, "%s", sv.ranking);
		draw_animate(&a->v, sv.row * sv.g->cur->cols + sv.col, true, now);
		draw_frame(&a->v, now);
		draw_win(&a->v, now);
	}
	if (ev & SESSION_MESSAGE)
		draw_message(&a->v, sv.msg);
	if (ev & SESSION_MAKING)
		app_push(a, &making_screen);
}

/* The cursor and the board: what every screen on the board shares. */

int app_cursor_cell(const app *a)
{
	return a->v.cr * app_session(a).g->cur->cols + a->v.cc;
}

/* The cursor to (r, c), clamped; scrolls when it leaves the view. */
void app_cursor_to(app *a, int r, int c)
{
	const board *b = app_session(a).g->cur;
	a->v.cr = r < 0 ? 0 : r >= b->rows ? b->rows - 1 : r;
	a->v.cc = c < 0 ? 0 : c >= b->cols ? b->cols - 1 : c;
}

reaction app_cursor(app *a, int key)
{
	const board *b = app_session(a).g->cur;
	int r = a->v.cr, c = a->v.cc, rows = b->rows, cols = b->cols;
	switch (key) {
	case KEY_UP: case 'k': draw_step(&a->v, -1, 0, &r, &c); break;
	case KEY_DOWN: case 'j': draw_step(&a->v, 1, 0, &r, &c); break;
	case KEY_LEFT: case 'h': draw_step(&a->v, 0, -1, &r, &c); break;
	case KEY_RIGHT: case 'l': draw_step(&a->v, 0, 1, &r, &c); break;
	case KEY_HOME: case '0': c = 0; break;
	case KEY_END: case '$': c = cols - 1; break;
	case KEY_PPAGE: case 'g': r = 0; break;
	case KEY_NPAGE: case 'G': r = rows - 1; break;
	default: return REACT_NONE;
	}
	app_cursor_to(a, r, c);
	return REACT_NONE;
}

void app_say(app *a, const char *msg)
{
	draw_message(&a->v, msg);
}

void app_press(app *a, int times)
{
	if (a->v.msg[0] && !a->quiet)
		app_say(a, "");
	int ev = session_press(a->s, a->v.cr, a->v.cc, times, term_now());
	if ((ev & SESSION_CELLS) && !a->quiet)
		draw_animate(&a->v, app_cursor_cell(a), false, term_now());
	if (a->quiet)
		ev &= SESSION_MESSAGE | SESSION_SAVE_FAILED;	/* the caller redraws once, and celebrates */
	app_react(a, ev);
}

void app_open_menu(app *a, bool editing)
{
	/* The menu copies what is in play when it opens (its enter). */
	a->settings.editing = editing;
	app_push(a, &menu_screen);
}

/* The races won on date (NULL: today) on this host, ranked; NULL: none. */
static char *races_text(const app *a, const char *date)
{
	char day[16];
	if (!a->w.host[0])
		return NULL;
	if (date)
		snprintf(day, sizeof day, "%s", date);
	else
		race_date(time(NULL), day, sizeof day);
	return race_table_text(a->w.host, day, a->gl.utf8);
}

void app_open_scores(app *a, const char *back)
{
	char msg[300], date[16], title[64], footer[96];
	char *text = session_scores_text(a->s, date, sizeof date, msg, sizeof msg);
	/* The day's races, ranked apart, below the daily board's table. */
	char *races = races_text(a, text ? date : NULL);
	if (races && text) {
		char *both = malloc(strlen(text) + strlen(races) + 2);
		if (both)
			sprintf(both, "%s\n%s", text, races);
		free(text);
		free(races);
		text = both;
	} else if (races) {
		text = races;
		snprintf(date, sizeof date, "races");
	}
	if (!text) {
		app_say(a, msg);
		return;
	}
	snprintf(title, sizeof title, "Daily leaderboard of this host, %s", date);
	snprintf(footer, sizeof footer, "Arrows scroll; any other key returns to %s.", back);
	app_open_page(a, title, text, footer);
}

bool app_open_watch(app *a)
{
	if (!a->w.dir[0]) {
		app_say(a, "Watching is for a public account's players (ssh play@host): nobody to watch here.");
		return false;
	}
	app_push(a, &watch_list_screen);
	return true;
}

bool app_open_race(app *a)
{
	if (!a->w.dir[0] || !a->w.name[0]) {
		app_say(a, "Races are for a public account's players (ssh play@host): nobody to race here.");
		return false;
	}
	if (a->w.rival[0]) {
		app_say(a, "You are racing: clear the board first (leaving it is a forfeit).");
		return false;
	}
	app_push(a, &race_screen);
	return true;
}

/* The page is the pager's once it opens; a page that did not open (no
 * room on the stack, no memory) is freed here. */
static void open_page(app *a, const char *title, char *text, const char *footer, bool wrap)
{
	page_ask *p = &a->page;
	snprintf(p->title, sizeof p->title, "%s", title);
	snprintf(p->footer, sizeof p->footer, "%s", footer);
	p->text = text;
	p->wrap = wrap;
	app_push(a, &pager_screen);
	free(p->text);
	p->text = NULL;
}

void app_open_page(app *a, const char *title, char *text, const char *footer)
{
	open_page(a, title, text, footer, false);
}

void app_open_prose(app *a, const char *title, char *text, const char *footer)
{
	open_page(a, title, text, footer, true);
}

void app_keep_prefs(app *a, const game_config *cfg)
{
	char err[300];
	prefs *p = &a->prefs;
	if (cfg && !cfg->v.graph && !rule_name_is_random(cfg->v.rule)) {
		p->rows = cfg->v.rows, p->cols = cfg->v.cols, p->has_size = true;
		snprintf(p->rule, sizeof p->rule, "%s", cfg->v.rule), p->has_rule = true;
		p->k = cfg->v.k, p->has_k = true;
		p->torus = cfg->v.torus, p->has_torus = true;
		snprintf(p->difficulty, sizeof p->difficulty, "%s", cfg->difficulty), p->has_difficulty = true;
	}
	p->preview = a->v.preview, p->has_preview = true;
	p->watchers = a->w.open, p->has_watchers = true;
	snprintf(p->theme, sizeof p->theme, "%s", draw_theme_name(a->v.theme)), p->has_theme = true;
	p->speed = a->st.speed + 1, p->has_speed = true;
	if (!a->prefs_path[0] ||
	    paths_file(PATHS_CONFIG, PATHS_CONFIG_FILE, true, a->prefs_path, sizeof a->prefs_path, err, sizeof err) < 0 ||
	    prefs_save(a->prefs_path, p, err, sizeof err) < 0) {
		char line[340];
		snprintf(line, sizeof line, "Settings not kept: %.300s", a->prefs_path[0] ? err : "no place for them");
		draw_message(&a->v, line);
	}
}

/* Questions: y or n on the message line over the screen below. */

void app_ask(app *a, const char *text, void (*yes)(app *a), void (*no)(app *a))
{
	snprintf(a->q.text, sizeof a->q.text, "%s (y/n)", text);
	a->q.yes = yes;
	a->q.no = no;
	app_push(a, &question_screen);
}

static reaction question_answer(app *a, int key)
{
	question q = a->q;
	bool yes = key == 'y' || key == 'Y';
	app_pop(a);
	draw_message(&a->v, "");
	if (yes ? q.yes : q.no)
		(yes ? q.yes : q.no)(a);
	return REACT_NONE;
}

static void question_draw(app *a)
{
	draw_message(&a->v, a->q.text);
}

static const key_row question_rows[] = {
	{ { 'y', 'Y' }, question_answer, "y", "y", "yes", NULL, 0 },
	{ { 'n', 'N', KEY_ESC, 'q' }, question_answer, "n, Esc, q", "n, Esc, q", "no", NULL, 0 },
	{ { 0 }, NULL, NULL, NULL, NULL, NULL, 0 },
};

const screen question_screen = {
	.name = "question", .title = "Questions (y/n)", .rows = question_rows, .draw = question_draw,
	.over_board = true,
	.shows_board = true,
};

/* Ctrl-Z and fg (or SIGSTOP/SIGCONT from outside): pause the clock, give
 * the terminal back, and on return put curses' modes back and repaint. */
static void job_control(app *a)
{
	if (term_stop_request && !term_can_suspend()) {
		/* Leaving curses would only flash the shell's screen: say why
		 * nothing happens instead. */
		term_stop_request = 0;
		draw_message(&a->v, "Ctrl-Z: no shell to suspend to in this session; q quits.");
	}
	if (term_stop_request) {
		if (a->s)
			session_pause(a->s, true, term_now());
		term_suspend();
		if (a->s)
			session_pause(a->s, false, term_now());
	}
	if (term_continued) {
		term_continued = 0;
		reset_prog_mode();	/* a SIGSTOP from outside left line mode */
		clearok(curscr, TRUE);
		app_redraw(a);
	}
}

/* getch gave ERR after waiting since `since`: a timeout takes its time,
 * while ERR at once, again and again, means no input is coming (or a
 * signal, checked by the caller). */
static bool input_lost(app *a, double since)
{
	if (term_now() - since >= 0.01) {
		a->fast_errors = 0;
		return false;
	}
	return ++a->fast_errors >= FAST_ERRORS_MAX;
}

#define CLIP_SAID "Window "

/* A window larger than curses is given: is it news since it was last said?
 * One that fits again takes the words back. */
static void clip_check(app *a)
{
	int rows, cols;
	if (!term_clipped(&rows, &cols)) {
		if (a->clip_rows && !strncmp(a->v.msg, CLIP_SAID, strlen(CLIP_SAID)))
			draw_message(&a->v, "");
		a->clip_rows = a->clip_cols = 0;
		a->clip_due = false;
	} else if (rows != a->clip_rows || cols != a->clip_cols) {
		a->clip_rows = rows;
		a->clip_cols = cols;
		a->clip_due = true;
	}
}

/* Said once on the board, over whatever the message line said. */
static void clip_say(app *a)
{
	if (!a->clip_due || app_top(a) != &board_screen || a->v.lay.too_small)
		return;
	a->clip_due = false;
	char line[160];
	/* Short enough for the narrowest bound's message line. */
	snprintf(line, sizeof line, CLIP_SAID "%dx%d (rows x cols): the game draws %dx%d of it (--max-screen).",
		 a->clip_rows, a->clip_cols, LINES, COLS);
	draw_message(&a->v, line);	/* getch shows it */
}

/* Seconds without a key dropped that end a flood: the next one is counted
 * and said afresh. */
#define PACE_FLOOD_GAP 2.0

/* Keys past the player's pace: said when the flood pauses (the keys read),
 * on the board, with how many so far. */
static void pace_say(app *a)
{
	if (a->dropped == a->dropped_said || app_top(a) != &board_screen || a->v.lay.too_small)
		return;
	char line[120];
	snprintf(line, sizeof line, "Keys come faster than %g a second: %ld dropped.", a->keys_per_second,
		 a->dropped);
	draw_message(&a->v, line);
	a->dropped_said = a->dropped;
}

/* May key ch through at the player's pace?  The share code's field takes
 * a long code pasted at once; a mouse report that is dropped is read to its
 * end, so its digits come as no keys. */
static bool pace_let(app *a, int ch, double now)
{
	if (a->keys_per_second <= 0 || pace_take(app_top(a) == &code_screen ? &a->pasted : &a->keys, now))
		return true;
	MEVENT ev;
	if (ch == KEY_SGR_MOUSE)
		term_sgr_mouse(&ev);
	if (now - a->dropped_at > PACE_FLOOD_GAP)
		a->dropped = a->dropped_said = 0;
	a->dropped++;
	a->dropped_at = now;
	return false;
}

/* A flood: the keys waiting are read and dropped here, with none of the
 * loop's work (a frame, watchers, the session's tick) between them, until
 * one may through or none waits (ERR). */
static int pace_drain(app *a)
{
	for (;;) {
		int ch = term_getch(0);
		if (ch == ERR || ch == KEY_RESIZE || pace_let(a, ch, term_now()))
			return ch;
	}
}

/* The next key, with everything between keys done here: signals, suspend,
 * resize, the clock, the solver's news, saving and the game's own steps. */
static int app_key(app *a)
{
	for (;;) {
		bool on_board = app_top(a) == &board_screen;
		int ev = a->s ? session_tick(a->s, term_now()) : 0;
		if (ev) {
			app_react(a, ev);
			if (ev & SESSION_MADE)
				continue;
		}
		if (a->st.pending_key && on_board && app_session(a).plan->have) {
			int ch = a->st.pending_key;
			a->st.pending_key = 0;
			return ch;
		}
		if (term_takeover && (!a->s || !session_asked_away(a->s))) {
			/* Asked while stopped (Ctrl-Z), by a game that has since
			 * left or given up: nobody to hand over to. */
			term_takeover = 0;
			draw_message(&a->v, "Another session asked for this game and gave up: it stays here.");
		}
		if (term_quit_signal || term_takeover)
			return KEY_STOP;
		job_control(a);
		double now = term_now();
		bool stepping = a->st.cell >= 0 || a->st.playing;
		if (stepping && now >= a->st.due) {
			a->stack[0]->tick(a, now);
			continue;
		}
		/* The key's and the tick's changes, the clock and the solver's
		 * spinner: one frame before waiting; watchers see it too. */
		app_frame(a);
		if (a->publish)
			a->publish(a, now);
		const screen *top = app_top(a);
		if (top->poll)
			top->poll(a, now);
		bool making = false, busy = false;
		if (a->s) {
			session_view sv = app_session(a);
			making = sv.making;
			busy = making || sv.plan->searching;
		}
		int wait = busy ? 100 : 500;
		if (top->poll)
			wait = WATCH_POLL_MS;
		if (a->racing && wait > RACE_POLL_MS)
			wait = RACE_POLL_MS;
		if (draw_animating(&a->v, now))
			wait = 30;
		if (making && app_top(a) == &making_screen)
			making_screen.draw(a);	/* its clock */
		if (stepping && (int)((a->st.due - now) * 1000) + 1 < wait)
			wait = (int)((a->st.due - now) * 1000) + 1;
		if (a->idle > 0) {
			/* Within the waits there are anyway: no wakeup of its own. */
			double left = a->last_move + a->idle - now;
			if (left <= 0)
				return KEY_IDLE;
			if (left * 1000 + 1 < wait)
				wait = (int)(left * 1000) + 1;
		}
		clip_say(a);
		pace_say(a);
		if (a->reader_wait)
			a->reader_wait(a);	/* last: the terminal's cursor stays where it puts it */
		int ch = term_getch(wait);
		if (ch != ERR && ch != KEY_RESIZE && !pace_let(a, ch, term_now())) {
			ch = pace_drain(a);
			if (ch == ERR)
				continue;	/* flooded, and the flood read */
		}
		if (ch == ERR) {
			if (input_lost(a, now))
				return KEY_LOST;
			continue;
		}
		a->fast_errors = 0;
		a->v.anim.cell = -1;	/* a key skips what is left of an animation */
		if (ch == KEY_RESIZE) {
			clip_check(a);
			app_redraw(a);
			continue;
		}
		a->st.pending_key = 0;
		return ch;
	}
}

/* One key to the screen on top; what it asks for done. */
static void app_dispatch(app *a, int ch)
{
	if (a->v.lay.too_small) {
		if (ch == 'q')
			a->quit = true;
		return;
	}
	if (a->reader_key)
		a->reader_key(a, ch);
	/* The board pressing for the player (t, T) takes the key first. */
	if (a->stack[0]->intercept && a->stack[0]->intercept(a, ch))
		return;
	const screen *s = app_top(a);
	if (s->before)
		s->before(a);
	const key_row *row = screen_find(s, ch);
	reaction r = row ? row->run(a, ch) : s->other ? s->other(a, ch) : REACT_NONE;
	if ((r & REACT_LEAVE) && a->depth == 1 && !a->s)
		a->quit = true;		/* the one screen of lightsout watch */
	else if (r & REACT_LEAVE)
		app_pop(a);
	if (r & REACT_QUIT)
		a->quit = true;
	if ((r & (REACT_REDRAW | REACT_LEAVE)) && !a->quit)
		app_redraw(a);
}

static void resume_yes(app *a)
{
	app_close(a, &lobby_screen);	/* the game kept is what they came back for */
	draw_message(&a->v, "Resumed: u undoes the moves made before.");
}

/* Declined: the board the command line asked for, in place of the saved
 * one, which is forgotten but not counted: the question says so. */
static void resume_no(app *a)
{
	app_cursor_to(a, 0, 0);	/* the saved game's place means nothing on a new board */
	int ev = session_resume_decline(a->s, &a->fresh_cfg, a->fresh_mode, term_now());
	/* Over the lobby the board is made behind it, its keys live: f
	 * waits for it, another choice makes its own. */
	if (app_top(a) == &lobby_screen)
		ev &= ~SESSION_MAKING;
	app_react(a, ev);
}

static void ask_resume(app *a)
{
	char q[160];
	const game *g = app_session(a).g;
	long secs = (long)game_elapsed(g, term_now());
	int moves = game_moves(g);
	const rule_entry *e = rule_entry_find(g->cfg.v.rule);
	char kind[48] = "";
	if (e && !rule_name_is_classic(e->name))
		snprintf(kind, sizeof kind, " %s", e->word);
	if (g->cfg.v.k > 2)
		snprintf(kind + strlen(kind), sizeof kind - strlen(kind), " %d-state", g->cfg.v.k);
	snprintf(q, sizeof q, "Resume the %dx%d%s%s game (%d move%s, %ld:%02ld)? n: drop it, not counted",
		 g->cfg.v.rows, g->cfg.v.cols, kind, g->cfg.v.torus ? " torus" : "", moves,
		 moves == 1 ? "" : "s", secs / 60, secs % 60);
	app_ask(a, q, resume_yes, resume_no);
}

/* The cursor where the saved game had it (a save from before it was
 * kept: where it is). */
static void saved_cursor(app *a)
{
	session_view sv = app_session(a);
	if (sv.cur_row >= 0 && sv.cur_col >= 0)
		app_cursor_to(a, sv.cur_row, sv.cur_col);
}

/* Another running game owns the save (the same player logged in again
 * while the old game still runs, say): move its game here, or keep this
 * one apart.  Neither writes over the other. */
static void takeover_yes(app *a)
{
	draw_message(&a->v, "Asking the other game to hand over...");
	refresh();
	int ev = session_take_over(a->s, term_now());
	if (ev & SESSION_BOARD) {
		a->v.lay.vr = a->v.lay.vc = 0;
		app_close(a, &lobby_screen);
		saved_cursor(a);
	}
	app_react(a, ev);
	if (ev & SESSION_BOARD)
		return;
	if (a->offer_resume)
		ask_resume(a);
}

static void takeover_no(app *a)
{
	if (a->offer_resume)
		ask_resume(a);
	else
		draw_message(&a->v, "This game is saved apart from the other one.");
}

/* The idle time and the player's pace count from the start of the loop. */
static void app_pace_start(app *a)
{
	double now = term_now();
	a->last_move = now;
	pace_init(&a->keys, a->keys_per_second, PACE_KEYS_BURST, now);
	/* A code as long as the field takes, its line breaks too. */
	pace_init(&a->pasted, a->keys_per_second, 2 * CODE_ENTRY_MAX, now);
	a->dropped = a->dropped_said = 0;
	a->dropped_at = 0;
}

int app_run_screen(app *a, const screen *only)
{
	a->depth = 0;
	a->stack[a->depth++] = only;
	a->st.cell = -1;
	a->v.anim.cell = -1;
	if (only->enter)
		only->enter(a);
	app_redraw(a);
	app_pace_start(a);
	while (!a->quit) {
		int ch = app_key(a);
		if (ch == KEY_STOP)
			return 128 + term_quit_signal;
		if (ch == KEY_LOST)
			return 1;
		if (ch == KEY_IDLE)
			break;
		app_dispatch(a, ch);
	}
	return 0;
}

int app_run(app *a)
{
	a->depth = 0;
	a->stack[a->depth++] = &board_screen;
	a->st.cell = -1;
	if (a->offer_resume)
		saved_cursor(a);
	app_react(a, session_resume(a->s, term_now()));
	if (a->lobby)
		app_push(a, &lobby_screen);	/* a saved game is offered over it */
	session_view sv = app_session(a);
	if (sv.notice[0])
		draw_message(&a->v, sv.notice);
	else if (sv.aside[0] && !a->v.msg[0])
		draw_message(&a->v, sv.aside);
	if (sv.other) {
		char q[160];
		/* A pid helps a local user find the other game; a player over
		 * SSH has no use for it. */
		if (a->remote)
			snprintf(q, sizeof q, "A game of yours is open in another session: move it here?");
		else
			snprintf(q, sizeof q, "A game of yours is open in another session (pid %ld): move it here?",
				 sv.other);
		app_ask(a, q, takeover_yes, takeover_no);
	} else if (a->offer_resume)
		ask_resume(a);
	clip_check(a);
	app_pace_start(a);
	int status = 0;
	while (!a->quit) {
		int ch = app_key(a);
		if (ch == KEY_STOP && term_takeover) {
			if (a->remote)
				snprintf(a->end_msg, sizeof a->end_msg, "this game moved to another session, saved as it was");
			else
				snprintf(a->end_msg, sizeof a->end_msg,
					 "this game moved to another session (pid %ld), saved as it was", (long)term_takeover);
			break;
		}
		if (ch == KEY_STOP) {
			status = 128 + term_quit_signal;
			break;
		}
		if (ch == KEY_IDLE) {
			a->idled = true;	/* ends as q does; play_main says why */
			break;
		}
		if (ch == KEY_LOST) {
			snprintf(a->end_msg, sizeof a->end_msg, "the terminal went away");
			status = 1;
			break;
		}
		app_dispatch(a, ch);
		status = a->status;
		/* Kept with the game when it is saved, for a resume. */
		session_cursor(a->s, a->v.cr, a->v.cc);
	}
	/* Quit, signal or lost terminal: a game in progress is kept for next
	 * time (quitting is not giving up); a position in the editor is no
	 * game yet, and the last save stays as it was.  A save that fails
	 * here is said once the terminal is back, and the status says it. */
	if (session_end(a->s, term_now()) < 0 && status == 0)
		status = 1;
	free(a->chase);
	a->chase = NULL;
	return status;
}
