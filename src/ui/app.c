#include "ui/app.h"

#include <ctype.h>
#include <curses.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "formats/lang.h"
#include "i18n.h"
#include "persist/paths.h"
#include "ui/info.h"
#include "ui/term.h"

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

void app_pop(app *a)
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

/* The frame draws the session as it stands now. */
static void view_take(app *a)
{
	if (a->s)
		session_snapshot(a->s, &a->v.sv);
	a->v.rematch = a->s ? session_race_rematch_for(a->s) : "";
	char why[1];
	a->v.help_held = a->s && session_help_held(a->s, "s", why, sizeof why);
}

void app_redraw(app *a)
{
	view_take(a);
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

void app_frame(app *a)
{
	const screen *top = app_top(a);
	/* A box over a whole screen of its own (a question over the lobby):
	 * no board there to draw. */
	int base = a->depth - 1;
	while (base > 0 && a->stack[base]->over_board)
		base--;
	view_take(a);
	if (top->shows_board && a->stack[base]->shows_board && !a->v.lay.too_small && !a->end.quit)
		draw_frame(&a->v, term_now());
}

void app_end(app *a)
{
	a->end.quit = true;
	a->end.status = 0;
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
		char why[320];
		info_cert(ov, g->cur, &a->gl, why, sizeof why);
		draw_message(&a->v, why);
	}
}

void app_moved(app *a, int ev)
{
	if (ev & (SESSION_CELLS | SESSION_BOARD | SESSION_MAKING))
		a->pace.last_move = term_now();
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
	view_take(a);
	if (ev & SESSION_WON) {
		draw_animate(&a->v, sv.row * sv.g->cur->cols + sv.col, true, now);
		draw_frame(&a->v, now);
		draw_win(&a->v, now);
	}
	/* The records written after the win: its line again, with the rank. */
	if ((ev & SESSION_RANKED) && sv.g->won && app_top(a) == &board_screen && !a->quiet)
		draw_win(&a->v, now);
	if (ev & SESSION_MESSAGE)
		draw_message(&a->v, sv.msg);
	if (ev & SESSION_MAKING)
		app_push(a, &making_screen);
	/* The race's course, said by its screen wherever the player is. */
	for (int i = 0; screens_all[i]; i++)
		if (screens_all[i]->news)
			screens_all[i]->news(a, ev);
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

void app_open_scores(app *a, const char *footer)
{
	char msg[300], date[16], title[64];
	char *text = session_scores_text(a->s, date, sizeof date, COLS, msg, sizeof msg);
	/* The day's races, ranked apart, below the daily board's table. */
	char *races = session_races_text(a->s, text ? date : NULL, a->gl.utf8, COLS);
	if (races && text) {
		char *both = malloc(strlen(text) + strlen(races) + 2);
		if (both)
			sprintf(both, "%s\n%s", text, races);
		free(text);
		free(races);
		text = both;
	} else if (races) {
		text = races;
		date[0] = '\0';
	}
	if (!text) {
		app_say(a, msg);
		return;
	}
	if (date[0])
		/* TRANSLATORS: %s is the day (2026-11-27). */
		snprintf(title, sizeof title, _("Daily leaderboard of this host, %s"), date);
	else
		snprintf(title, sizeof title, "%s", _("Daily leaderboard of this host, races"));
	app_open_page(a, title, text, footer);
}

bool app_open_watch(app *a)
{
	if (!app_session(a).arcade) {
		app_say(a, _("Watching is for a public account's players (ssh play@host): nobody to watch here."));
		return false;
	}
	app_push(a, &watch_list_screen);
	return true;
}

bool app_open_race(app *a)
{
	session_view sv = app_session(a);
	if (!sv.arcade || !sv.name[0]) {
		app_say(a, _("Races are for a public account's players (ssh play@host): nobody to race here."));
		return false;
	}
	if (sv.race->phase == RACE_ON) {
		app_say(a, _("You are racing: clear the board first (leaving it is a forfeit)."));
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

/* A key's work that needs files, waiting for the host's turn. */
static void (*later)(app *a);

void app_later(app *a, void (*fn)(app *a))
{
	(void)a;
	later = fn;
}

void app_later_run(app *a)
{
	void (*fn)(app *a) = later;
	later = NULL;
	if (fn)
		fn(a);
}

/* The settings changed since they were last written: app_prefs_write
 * writes them at the host's turn, after the key's frame. */
static bool prefs_due;

void app_keep_prefs(app *a, const game_config *cfg)
{
	prefs *p = &a->kept.prefs;
	if (cfg && !cfg->v.graph && !rule_name_is_random(cfg->v.rule)) {
		p->rows = cfg->v.rows, p->cols = cfg->v.cols, p->has_size = true;
		snprintf(p->rule, sizeof p->rule, "%s", cfg->v.rule), p->has_rule = true;
		p->k = cfg->v.k, p->has_k = true;
		p->torus = cfg->v.torus, p->has_torus = true;
		snprintf(p->difficulty, sizeof p->difficulty, "%s", generate_difficulty_word(cfg->difficulty)),
			p->has_difficulty = true;
	}
	p->preview = a->v.preview, p->has_preview = true;
	p->watchers = !a->s || app_session(a).watchers_open, p->has_watchers = true;
	snprintf(p->theme, sizeof p->theme, "%s", draw_theme_name(a->v.theme)), p->has_theme = true;
	p->speed = a->st.speed + 1, p->has_speed = true;
	prefs_due = true;
}

void app_prefs_write(app *a)
{
	char err[300];
	const prefs *p = &a->kept.prefs;
	if (!prefs_due)
		return;
	prefs_due = false;
	if (!a->kept.path[0] ||
	    paths_file(PATHS_CONFIG, PATHS_CONFIG_FILE, true, a->kept.path, sizeof a->kept.path, err, sizeof err) < 0 ||
	    prefs_save(a->kept.path, p, err, sizeof err) < 0) {
		char line[340];
		/* TRANSLATORS: %.300s is why the settings could not be saved. */
		snprintf(line, sizeof line, _("Settings not kept: %.300s"), a->kept.path[0] ? err : _("no place for them"));
		draw_message(&a->v, line);
	}
}

/* Questions: y or n on the message line over the screen below. */

/* The question asked: the question screen's own. */
typedef struct question {
	char text[400];
	void (*yes)(app *a);
	void (*no)(app *a);	/* NULL: nothing */
} question;
static question asked;

void app_ask(app *a, const char *text, void (*yes)(app *a), void (*no)(app *a))
{
	snprintf(asked.text, sizeof asked.text, "%s", text);
	asked.yes = yes;
	asked.no = no;
	app_push(a, &question_screen);
}

/* The letter that answers yes or no in the player's language ("j" in
 * German, "o" in French); y and n answer too, whatever the language. */
static bool question_letter(int key, const char *letter)
{
	return letter[0] && !letter[1] && (key == (unsigned char)letter[0] || key == toupper((unsigned char)letter[0]));
}

/* TRANSLATORS: the key that answers a question yes (one ASCII letter,
 * "j" in German); y answers yes too. */
#define QUESTION_YES C_("question", "y")
/* TRANSLATORS: the key that answers no (one ASCII letter); n answers too. */
#define QUESTION_NO C_("question", "n")

static reaction question_answer(app *a, int key)
{
	question q = asked;
	bool yes = key == 'y' || key == 'Y' || question_letter(key, QUESTION_YES);
	app_pop(a);
	draw_message(&a->v, "");
	if (yes ? q.yes : q.no)
		(yes ? q.yes : q.no)(a);
	return REACT_NONE;
}

/* The question and its keys on the message line; in a narrow window the
 * question is cut at a word, never its "(y/n)": the keys are what the
 * player must still read. */
static void question_draw(app *a)
{
	char shown[sizeof asked.text + 32], cut[sizeof asked.text];
	const char *ellipsis = a->gl.utf8 ? "\u2026" : "...";
	/* TRANSLATORS: a question, answered with the keys y and n: name the
	 * language's own letters ("(j/n)"), which answer too. */
	snprintf(shown, sizeof shown, _("%s (y/n)"), asked.text);
	int over = text_cols(shown) - (COLS - 2);
	int keep = text_cols(asked.text) - over - text_cols(ellipsis);
	if (over > 0 && keep > 8) {
		size_t n = text_fit(asked.text, keep);
		while (n > 0 && asked.text[n] != ' ')
			n--;	/* back to a word's end */
		snprintf(cut, sizeof cut, "%.*s%s", (int)(n ? n : text_fit(asked.text, keep)), asked.text, ellipsis);
		snprintf(shown, sizeof shown, _("%s (y/n)"), cut);
	}
	draw_message(&a->v, shown);
}

/* A key in no row: the language's own yes or no letter. */
static reaction question_other(app *a, int key)
{
	if (question_letter(key, QUESTION_YES) || question_letter(key, QUESTION_NO))
		return question_answer(a, key);
	return REACT_NONE;
}

static const key_row question_rows[] = {
	{ { 'y', 'Y' }, question_answer, "y", "y", N_("yes"), NULL, 0 },
	{ { 'n', 'N', KEY_ESC, 'q' }, question_answer, "n, Esc, q", "n, Esc, q", N_("no"), NULL, 0 },
	{ { 0 }, NULL, NULL, NULL, NULL, NULL, 0 },
};

const screen question_screen = {
	.name = "question", .title = N_("Questions (y/n)"), .rows = question_rows, .other = question_other, .draw = question_draw,
	.over_board = true,
	.shows_board = true,
};
