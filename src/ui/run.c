/* The game's run: the one loop that reads keys and hands them to the
 * screen on top (app_key, app_dispatch), with everything between keys
 * done there (signals, suspend, resize, the session's tick, the keys'
 * pace), and the questions at the start (resume the saved game, take it
 * over from another session).  The core it drives is app.c's. */
#include "ui/app.h"

#include <curses.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "formats/lang.h"
#include "i18n.h"
#include "ui/term.h"

/* getch() ERR this many times in a row, each at once: no terminal left. */
#define FAST_ERRORS_MAX 50

/* The loop's own state: one loop a process. */
static struct {
	int fast_errors;	/* getch() failing at once: stdin is gone */
	pace keys;		/* every screen's keys at the player's pace */
	pace pasted;		/* the share code's field: a long code pasted at once */
	long dropped;		/* keys dropped by this flood */
	long dropped_said;	/* ... as last said */
	double dropped_at;	/* when the last was: a flood ends after PACE_FLOOD_GAP */
	int clip_rows, clip_cols;	/* the window larger than curses has, as said; 0: not */
	bool clip_due;		/* ... and yet to be said */
	char clip_said[160];	/* its words, as said */
	bool flushed;		/* the last key's frame is on the terminal */
	bool key_news;		/* a key since the host's last turn: its turn comes
				 * right after the key's frame (keys are paced) */
	double host_at;		/* the host's last turn (host_tick) */
} loop;

/* Ctrl-Z and fg (or SIGSTOP/SIGCONT from outside): pause the clock, give
 * the terminal back, and on return put curses' modes back and repaint. */
static void job_control(app *a)
{
	if (term_stop_request && !term_can_suspend()) {
		/* Leaving curses would only flash the shell's screen: say why
		 * nothing happens instead. */
		term_stop_request = 0;
		draw_message(&a->v, _("Ctrl-Z: no shell to suspend to in this session; q quits."));
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
static bool input_lost(double since)
{
	if (term_now() - since >= 0.01) {
		loop.fast_errors = 0;
		return false;
	}
	return ++loop.fast_errors >= FAST_ERRORS_MAX;
}

/* A window larger than curses is given: is it news since it was last said?
 * One that fits again takes the words back. */
static void clip_check(app *a)
{
	int rows, cols;
	if (!term_clipped(&rows, &cols)) {
		if (loop.clip_rows && loop.clip_said[0] && !strcmp(a->v.msg, loop.clip_said))
			draw_message(&a->v, "");
		loop.clip_rows = loop.clip_cols = 0;
		loop.clip_due = false;
	} else if (rows != loop.clip_rows || cols != loop.clip_cols) {
		loop.clip_rows = rows;
		loop.clip_cols = cols;
		loop.clip_due = true;
	}
}

/* Said once on the board, over whatever the message line said. */
static void clip_say(app *a)
{
	if (!loop.clip_due || app_top(a) != &board_screen || a->v.lay.too_small)
		return;
	loop.clip_due = false;
	/* Short enough for the narrowest bound's message line. */
	snprintf(loop.clip_said, sizeof loop.clip_said,
		 _("Window %dx%d (rows x cols): the game draws %dx%d of it (--max-screen)."), loop.clip_rows,
		 loop.clip_cols, LINES, COLS);
	draw_message(&a->v, loop.clip_said);	/* getch shows it */
}

/* Seconds without a key dropped that end a flood: the next one is counted
 * and said afresh. */
#define PACE_FLOOD_GAP 2.0

/* Keys past the player's pace: said when the flood pauses (the keys read),
 * on the board, with how many so far. */
static void pace_say(app *a)
{
	if (loop.dropped == loop.dropped_said || app_top(a) != &board_screen || a->v.lay.too_small)
		return;
	char line[200];
	snprintf(line, sizeof line, _("Keys come faster than %g a second: %ld dropped."), a->pace.keys_per_second,
		 loop.dropped);
	draw_message(&a->v, line);
	loop.dropped_said = loop.dropped;
}

/* May key ch through at the player's pace?  The share code's field takes
 * a long code pasted at once; a mouse report that is dropped is read to its
 * end, so its digits come as no keys. */
static bool pace_let(app *a, int ch, double now)
{
	if (a->pace.keys_per_second <= 0 || pace_take(app_top(a) == &code_screen ? &loop.pasted : &loop.keys, now))
		return true;
	MEVENT ev;
	if (ch == KEY_SGR_MOUSE)
		term_sgr_mouse(&ev);
	if (now - loop.dropped_at > PACE_FLOOD_GAP)
		loop.dropped = loop.dropped_said = 0;
	loop.dropped++;
	loop.dropped_at = now;
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

/* The host's turn (the files: a win's records, the race's course, our
 * live game for watchers, the watched games, the save) comes only once
 * the last key's frame is on the screen: right after a key's (its news
 * for the rival and the watchers at once, and keys come at the player's
 * pace), and otherwise at most this often (not on every turn of an
 * animation or a step). */
#define HOST_TICK_MS RACE_POLL_MS

/* The host's turn, if due: what it says is news for the next frame. */
static int host_tick(app *a, double now)
{
	const screen *top = app_top(a);
	/* A watched game's presses reach its watcher within WATCH_POLL_MS. */
	double every = (top->poll ? WATCH_POLL_MS : HOST_TICK_MS) / 1000.0;
	if (!loop.flushed || (!loop.key_news && now < loop.host_at + every))
		return 0;
	loop.host_at = now;
	loop.key_news = false;
	app_later_run(a);
	app_prefs_write(a);
	int ev = a->s ? session_tick(a->s, now) : 0;
	if (ev)
		app_react(a, ev);
	if (ev & SESSION_MADE)
		return ev;
	/* The status line's who: a race's result and its final tally in
	 * one frame. */
	if (a->publish)
		a->publish(a, now);
	if (top == app_top(a) && top->poll)
		top->poll(a, now);
	return ev;
}

/* Milliseconds until the host's next turn (wait no longer for a key). */
static int host_wait(const app *a, double now)
{
	double every = (app_top(a)->poll ? WATCH_POLL_MS : HOST_TICK_MS) / 1000.0;
	double left = loop.host_at + every - now;
	return left <= 0 ? 0 : (int)(left * 1000) + 1;
}

/* The next key, with everything between keys done here: signals, suspend,
 * resize, the clock, the solver's news, saving and the game's own steps.
 * A key's frame is drawn and sent to the terminal first; the host's turn
 * (files) only then, rate-limited (HOST_TICK_MS). */
static int app_key(app *a)
{
	for (;;) {
		bool on_board = app_top(a) == &board_screen;
		int ev = a->s ? session_poll(a->s) : 0;
		if (ev)
			app_react(a, ev);
		if (host_tick(a, term_now()) & SESSION_MADE)
			continue;
		if (a->st.pending_key && on_board && app_session(a).plan->have) {
			int ch = a->st.pending_key;
			a->st.pending_key = 0;
			loop.key_news = true;	/* a key too: its frame, then the host's turn */
			loop.flushed = false;
			return ch;
		}
		if (term_takeover && (!a->s || !session_asked_away(a->s))) {
			/* Asked while stopped (Ctrl-Z), by a game that has since
			 * left or given up: nobody to hand over to. */
			term_takeover = 0;
			draw_message(&a->v, _("Another session asked for this game and gave up: it stays here."));
		}
		if (term_quit_signal || term_takeover)
			return KEY_STOP;
		job_control(a);
		double now = term_now();
		bool stepping = a->st.cell >= 0 || a->st.playing;
		if (stepping && now >= a->st.due) {
			a->stack[0]->tick(a, now);
			loop.flushed = false;	/* a step is shown before the host hears of it */
			continue;
		}
		/* The board in view, nothing over it: its clock runs from now
		 * on (not from the first press). */
		if (a->s && on_board && !a->v.lay.too_small)
			session_shown(a->s, now);
		/* The key's and the tick's changes, the clock and the solver's
		 * spinner: one frame before waiting; watchers see it too. */
		app_frame(a);
		const screen *top = app_top(a);
		bool making = false, busy = false;
		if (a->s) {
			session_view sv = app_session(a);
			making = sv.making;
			busy = making || sv.plan->searching;
		}
		int wait = busy ? 100 : 500;
		if (top->poll)
			wait = WATCH_POLL_MS;
		if (a->s && app_session(a).race->phase != RACE_IDLE && wait > RACE_POLL_MS)
			wait = RACE_POLL_MS;
		if (draw_animating(&a->v, now))
			wait = 30;
		if (making && app_top(a) == &making_screen)
			making_screen.draw(a);	/* its clock */
		if (stepping && (int)((a->st.due - now) * 1000) + 1 < wait)
			wait = (int)((a->st.due - now) * 1000) + 1;
		if (a->pace.idle > 0) {
			/* Within the waits there are anyway: no wakeup of its own. */
			double left = a->pace.last_move + a->pace.idle - now;
			if (left <= 0)
				return KEY_IDLE;
			if (left * 1000 + 1 < wait)
				wait = (int)(left * 1000) + 1;
		}
		clip_say(a);
		pace_say(a);
		if (a->reader.wait)
			a->reader.wait(a);	/* last: the terminal's cursor stays where it puts it */
		if (!loop.flushed) {
			/* The key's frame on the screen now; the host's turn
			 * after it, and a frame of its own if it has news. */
			term_flush();
			loop.flushed = true;
			continue;
		}
		int host = host_wait(a, now);
		if (host < wait)
			wait = host;
		int ch = term_getch(wait);
		if (ch != ERR && ch != KEY_RESIZE && !pace_let(a, ch, term_now())) {
			ch = pace_drain(a);
			if (ch == ERR)
				continue;	/* flooded, and the flood read */
		}
		if (ch == ERR) {
			/* (A short wait for the host's turn proves nothing.) */
			if (wait >= 10 && input_lost(now))
				return KEY_LOST;
			continue;
		}
		loop.fast_errors = 0;
		a->v.anim.cell = -1;	/* a key skips what is left of an animation */
		loop.flushed = false;
		if (ch == KEY_RESIZE) {
			clip_check(a);
			app_redraw(a);
			continue;
		}
		a->st.pending_key = 0;
		loop.key_news = true;
		return ch;
	}
}

/* One key to the screen on top; what it asks for done. */
static void app_dispatch(app *a, int ch)
{
	if (a->v.lay.too_small) {
		if (ch == 'q')
			a->end.quit = true;
		return;
	}
	if (a->reader.key)
		a->reader.key(a, ch);
	/* The board pressing for the player (t, T) takes the key first. */
	if (a->stack[0]->intercept && a->stack[0]->intercept(a, ch))
		return;
	const screen *s = app_top(a);
	if (s->before)
		s->before(a);
	const key_row *row = screen_find(s, ch);
	reaction r = row ? row->run(a, ch) : s->other ? s->other(a, ch) : REACT_NONE;
	if ((r & REACT_LEAVE) && a->depth == 1 && !a->s)
		a->end.quit = true;		/* the one screen of lightsout watch */
	else if (r & REACT_LEAVE)
		app_pop(a);
	if (r & REACT_QUIT)
		a->end.quit = true;
	if ((r & (REACT_REDRAW | REACT_LEAVE)) && !a->end.quit)
		app_redraw(a);
}

static void resume_yes(app *a)
{
	app_close(a, &lobby_screen);	/* the game kept is what they came back for */
	draw_message(&a->v, _("Resumed: u undoes the moves made before."));
}

/* Declined: the board the command line asked for, in place of the saved
 * one, which is forgotten but not counted: the question says so. */
static void resume_no(app *a)
{
	app_cursor_to(a, 0, 0);	/* the saved game's place means nothing on a new board */
	int ev = session_resume_decline(a->s, &a->start.fresh_cfg, a->start.fresh_mode, term_now());
	/* Over the lobby the board is made behind it, its keys live: f
	 * waits for it, another choice makes its own. */
	if (app_top(a) == &lobby_screen)
		ev &= ~SESSION_MAKING;
	app_react(a, ev);
}

static void ask_resume(app *a)
{
	char q[240];
	const game *g = app_session(a).g;
	long secs = (long)game_elapsed(g, term_now());
	int moves = game_moves(g);
	const rule_entry *e = rule_entry_find(g->cfg.v.rule);
	char kind[64] = "";
	if (e && !rule_name_is_classic(e->name))
		snprintf(kind, sizeof kind, " %s", _(e->word));
	if (g->cfg.v.k > 2)
		/* TRANSLATORS: after the size and the rule: " 3-state" (k states). */
		snprintf(kind + strlen(kind), sizeof kind - strlen(kind), _(" %d-state"), g->cfg.v.k);
	const char *torus = g->cfg.v.torus ? _(" torus") : "";
	/* TRANSLATORS: rows x columns, the kind (" diagonals 3-state" or
	 * nothing), " torus" or nothing, the moves, minutes:seconds. */
	snprintf(q, sizeof q,
		 P_("Resume the %dx%d%s%s game (%d move, %ld:%02ld)? n: drop it, not counted",
		    "Resume the %dx%d%s%s game (%d moves, %ld:%02ld)? n: drop it, not counted", moves),
		 g->cfg.v.rows, g->cfg.v.cols, kind, torus, moves, secs / 60, secs % 60);
	/* The question and its " (y/n)" on one line of a narrow window: the
	 * same words, fewer of them ("not counted" stays: it is the cost). */
	if (text_cols(q) + 8 > COLS)
		/* TRANSLATORS: the same question, shorter for a narrow window. */
		snprintf(q, sizeof q,
			 P_("Resume %dx%d%s%s (%d move, %ld:%02ld)? n: drop, not counted",
			    "Resume %dx%d%s%s (%d moves, %ld:%02ld)? n: drop, not counted", moves),
			 g->cfg.v.rows, g->cfg.v.cols, kind, torus, moves, secs / 60, secs % 60);
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
	draw_message(&a->v, _("Asking the other game to hand over..."));
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
	if (a->start.offer_resume)
		ask_resume(a);
}

static void takeover_no(app *a)
{
	if (a->start.offer_resume)
		ask_resume(a);
	else
		draw_message(&a->v, _("This game is saved apart from the other one."));
}

/* The idle time and the player's pace count from the start of the loop. */
static void app_pace_start(app *a)
{
	double now = term_now();
	a->pace.last_move = now;
	pace_init(&loop.keys, a->pace.keys_per_second, PACE_KEYS_BURST, now);
	/* A code as long as the field takes, its line breaks too. */
	pace_init(&loop.pasted, a->pace.keys_per_second, 2 * CODE_ENTRY_MAX, now);
	loop.dropped = loop.dropped_said = 0;
	loop.dropped_at = 0;
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
	int status = 0;
	while (!a->end.quit) {
		int ch = app_key(a);
		if (ch == KEY_STOP || ch == KEY_LOST) {
			status = ch == KEY_STOP ? 128 + term_quit_signal : 1;
			break;
		}
		if (ch == KEY_IDLE)
			break;
		app_dispatch(a, ch);
	}
	app_prefs_write(a);	/* the settings of the last keys, kept */
	return status;
}

int app_run(app *a)
{
	a->depth = 0;
	a->stack[a->depth++] = &board_screen;
	a->st.cell = -1;
	if (a->start.offer_resume)
		saved_cursor(a);
	app_react(a, session_resume(a->s, term_now()));
	if (a->start.lobby)
		app_push(a, &lobby_screen);	/* a saved game is offered over it */
	session_view sv = app_session(a);
	/* (A game kept apart says so on the title line: chrome.c.) */
	if (sv.notice[0])
		draw_message(&a->v, sv.notice);
	if (sv.other) {
		char q[240];
		/* A pid helps a local user find the other game; a player over
		 * SSH has no use for it. */
		if (a->remote)
			snprintf(q, sizeof q, "%s", _("A game of yours is open in another session: move it here?"));
		else
			snprintf(q, sizeof q, _("A game of yours is open in another session (pid %ld): move it here?"),
				 sv.other);
		app_ask(a, q, takeover_yes, takeover_no);
	} else if (a->start.offer_resume)
		ask_resume(a);
	clip_check(a);
	app_pace_start(a);
	int status = 0;
	while (!a->end.quit) {
		int ch = app_key(a);
		if (ch == KEY_STOP && term_takeover) {
			if (a->remote)
				snprintf(a->end.msg, sizeof a->end.msg, "%s", _("this game moved to another session, saved as it was"));
			else
				snprintf(a->end.msg, sizeof a->end.msg,
					 _("this game moved to another session (pid %ld), saved as it was"), (long)term_takeover);
			break;
		}
		if (ch == KEY_STOP) {
			status = 128 + term_quit_signal;
			break;
		}
		if (ch == KEY_IDLE) {
			a->end.idled = true;	/* ends as q does; cmd_play says why */
			break;
		}
		if (ch == KEY_LOST) {
			snprintf(a->end.msg, sizeof a->end.msg, "%s", _("the terminal went away"));
			status = 1;
			break;
		}
		app_dispatch(a, ch);
		status = a->end.status;
		/* Kept with the game when it is saved, for a resume. */
		session_cursor(a->s, a->v.cr, a->v.cc);
	}
	app_prefs_write(a);	/* the settings of the last keys, kept */
	if (a->end.quit && a->reader.wait)
		a->reader.wait(a);	/* the screen reader says the game is left */
	/* Quit, signal or lost terminal: a game in progress is kept for next
	 * time (quitting is not giving up); a position in the editor is no
	 * game yet, and the last save stays as it was.  A save that fails
	 * here is said once the terminal is back, and the status says it. */
	if (session_end(a->s, term_now()) < 0 && status == 0)
		status = 1;
	return status;
}
