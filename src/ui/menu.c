/* The settings menu: a copy of the config edited in place, drawn as a box
 * over the board.  Enter applies, Esc cancels; the screen that opened it
 * takes the result (a new board, or the editor's new shape) from the
 * core's a->settings, the menu's own state staying here. */
#include <curses.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "formats/lang.h"
#include "game/budget.h"
#include "i18n.h"
#include "ui/app.h"
#include "ui/reader.h"

typedef struct menu {
	game_config cfg;
	int item;		/* selected line */
	char custom_rule[VARIANT_RULE_MAX];	/* a mask given on the command line */
	bool editing;		/* from the editor: Enter resizes, no new board */
	play_mode mode;		/* free play, daily board, practice ladder */
	bool preview;		/* the preview of a press under the cursor */
	bool watchers;		/* others may watch this game (a public account) */
	bool reader;		/* the screen-reader mode */
	bool watchable;		/* a public account's game: the Watchers line is shown */
	int theme;		/* the colour theme */
	char lang[8];		/* the messages' language: a code of lang_list, "": the terminal's */
	bool colour;		/* the terminal shows colours (else no theme to choose) */
	unsigned seed;		/* random patterns' seed, when chosen here */
	bool fixed;		/* Merlin or the cube: their size, not the player's */
	int rows, cols;		/* the size to go back to from them */
	int top;		/* first item shown when the window is short */
	const graph *graph;	/* the game's graph, if it came with one */
	int graph_rows, graph_cols;
	char note[300];		/* why Enter did not apply, until the next change */
} menu;

/* The menu open: one at a time. */
static menu form;

enum {
	/* Reader and Colours stay the last lines (Watchers after them on a
	 * public account): the tests reach them up from the first. */
	ITEM_ROWS, ITEM_COLS, ITEM_RULE, ITEM_STATES, ITEM_TORUS, ITEM_DIFFICULTY, ITEM_MODE, ITEM_PREVIEW, ITEM_LANG,
	ITEM_READER, ITEM_THEME, ITEM_WATCHERS,
	ITEM_COUNT
};

/* Bigger boards are playable (--size, up to 10000) but not by arrow keys. */
#define MENU_MAX_SIDE 200
/* Masks worth a try beside the named rules: a press that skips its own
 * cell, a ring, the corners, a large plus. */
/* notext: rule names */
static const char *const menu_masks[] = {
	"mask:010/101/010", "mask:111/101/111", "mask:101/000/101", "mask:00100/00100/11111/00100/00100",
};
#define NMASKS 4
static const char *const mode_names[] = { N_("free play"), N_("daily board"), N_("practice ladder") };
/* As the config file spells them (English; _() of it for the player). */
static const char *const difficulties[DIFFICULTY_COUNT] = {
	[DIFFICULTY_EASY] = N_("easy"), [DIFFICULTY_NORMAL] = N_("normal"), [DIFFICULTY_HARD] = N_("hard")
};

/* Merlin, the cube and a graph have their own size: not the player's. */
static bool fixed_size(const char *name)
{
	const rule_entry *e = rule_entry_find(name);
	int rows, cols;
	return e && (rule_kind_size(e->kind, &rows, &cols) || e->kind == RULE_GRAPH);
}

static void menu_open(menu *m, const game_config *cfg, bool editing, play_mode mode, bool preview, bool watchers)
{
	m->watchers = watchers;
	m->seed = (unsigned)time(NULL) % 1000000u;
	m->top = 0;
	m->graph = cfg->v.graph;
	m->graph_rows = cfg->v.rows;
	m->graph_cols = cfg->v.cols;
	m->fixed = fixed_size(cfg->v.rule);
	m->rows = m->fixed ? 5 : cfg->v.rows;
	m->cols = m->fixed ? 5 : cfg->v.cols;
	m->cfg = *cfg;
	m->item = 0;
	m->editing = editing;
	m->mode = mode;
	m->preview = preview;
	m->note[0] = '\0';
	m->custom_rule[0] = '\0';
	bool builtin = false;
	for (const rule_entry *e = rule_registry; e->name; e++)
		builtin |= (e->flags & RULE_IN_MENU) && strcmp(e->name, cfg->v.rule) == 0;
	for (int i = 0; i < NMASKS; i++)
		builtin |= strcmp(menu_masks[i], cfg->v.rule) == 0;
	if (!builtin)
		snprintf(m->custom_rule, sizeof m->custom_rule, "%s", cfg->v.rule);
}

/* Opened (app_open_menu said from where): a copy of what is in play. */
static void menu_enter(app *a)
{
	a->settings.applied = false;
	menu_open(&form, &app_session(a).g->cfg, a->settings.editing, app_session(a).mode, a->v.preview,
		  app_session(a).watchers_open);
	form.watchable = app_session(a).arcade;
	form.theme = a->v.theme;
	form.colour = a->v.color;
	form.reader = reader_on(a);
	snprintf(form.lang, sizeof form.lang, "%s", a->kept.prefs.has_lang && lang_find(a->kept.prefs.lang) ? a->kept.prefs.lang : "");
}

/* The next language: the terminal's (""), then each of lang_list. */
static void next_lang(menu *m, int dir)
{
	int n = 0, cur = 0;
	while (lang_list[n].code)
		n++;
	for (int i = 0; i < n; i++)
		if (!strcmp(lang_list[i].code, m->lang))
			cur = i + 1;
	cur = (cur + (dir > 0 ? 1 : n) + n + 1) % (n + 1);
	snprintf(m->lang, sizeof m->lang, "%s", cur ? lang_list[cur - 1].code : "");
}

/* Steps of one wrap around; steps of ten stop at the ends. */
static int clamp_side(int v, int dir)
{
	if (dir == 1 || dir == -1)
		return v < 1 ? MENU_MAX_SIDE : v > MENU_MAX_SIDE ? 1 : v;
	return v < 1 ? 1 : v > MENU_MAX_SIDE ? MENU_MAX_SIDE : v;
}

/* The rule list: the built-ins (hexagons, Merlin and the cube too), random
 * patterns, some masks, then the command line's. */
static void next_rule(menu *m, int dir)
{
	int n = 0, cur = -1;
	const char *list[24];
	dir = dir > 0 ? 1 : -1;
	for (const rule_entry *e = rule_registry; e->name && n < 15; e++)
		if (e->flags & RULE_IN_MENU)
			list[n++] = e->name;
	for (const rule_entry *e = rule_registry; e->name; e++)
		if (e->kind == RULE_RANDOM)
			list[n++] = e->name;
	for (int i = 0; i < NMASKS; i++)
		list[n++] = menu_masks[i];
	if (m->custom_rule[0] && !rule_name_is_random(m->custom_rule))
		list[n++] = m->custom_rule;
	for (int i = 0; i < n; i++)
		if (strcmp(list[i], m->cfg.v.rule) == 0 || (rule_name_is_random(list[i]) && rule_name_is_random(m->cfg.v.rule)))
			cur = i;
	/* A graph is its file's: the menu starts from the first rule. */
	cur = ((cur < 0 ? 0 : cur) + dir + n) % n;
	game_config *c = &m->cfg;
	if (rule_name_is_random(list[cur])) {
		/* Each cell its own pattern: a seed of its own, kept while the
		 * menu is open (the command line's, if it gave one). */
		if (rule_name_is_random(m->custom_rule) && !rule_name_wants_seed(m->custom_rule))
			snprintf(c->v.rule, sizeof c->v.rule, "%s", m->custom_rule);
		else
			snprintf(c->v.rule, sizeof c->v.rule, "random:%u", m->seed);
	} else
		snprintf(c->v.rule, sizeof c->v.rule, "%s", list[cur]);
	/* The graph the game came with is one of the choices, its press sets
	 * kept: cycling away and back does not lose it. */
	bool is_graph = rule_name_is_graph(c->v.rule);
	c->v.graph = is_graph ? m->graph : NULL;
	/* Merlin, the cube and a graph have one size each: take it, and give
	 * the board its old size back when leaving them. */
	bool fixed = fixed_size(c->v.rule);
	if (fixed && !m->fixed) {
		m->rows = c->v.rows;
		m->cols = c->v.cols;
	}
	if (fixed) {
		const rule_entry *e = rule_entry_find(c->v.rule);
		if (is_graph) {
			c->v.rows = m->graph_rows;
			c->v.cols = m->graph_cols;
		} else {
			rule_kind_size(e->kind, &c->v.rows, &c->v.cols);
		}
		c->v.torus = false;
	} else if (m->fixed) {
		c->v.rows = m->rows;
		c->v.cols = m->cols;
	}
	m->fixed = fixed;
}

static void change(menu *m, int dir)
{
	game_config *c = &m->cfg;
	m->note[0] = '\0';
	switch (m->item) {
	case ITEM_ROWS:
		c->v.rows = clamp_side(c->v.rows + dir, dir);
		break;
	case ITEM_COLS:
		c->v.cols = clamp_side(c->v.cols + dir, dir);
		break;
	case ITEM_RULE:
		next_rule(m, dir);
		break;
	case ITEM_MODE:
		m->mode = (play_mode)(((int)m->mode + (dir > 0 ? 1 : 2)) % 3);
		break;
	case ITEM_PREVIEW:
		m->preview = !m->preview;
		break;
	case ITEM_WATCHERS:
		m->watchers = !m->watchers;
		break;
	case ITEM_READER:
		m->reader = !m->reader;
		break;
	case ITEM_THEME:
		m->theme = (m->theme + (dir > 0 ? 1 : DRAW_THEMES - 1)) % DRAW_THEMES;
		break;
	case ITEM_LANG:
		next_lang(m, dir);
		break;
	case ITEM_STATES:
		c->v.k += dir > 0 ? 1 : -1;
		if (c->v.k < VARIANT_MIN_K)
			c->v.k = VARIANT_MAX_K;
		if (c->v.k > VARIANT_MAX_K)
			c->v.k = VARIANT_MIN_K;
		break;
	case ITEM_TORUS:
		c->v.torus = !c->v.torus;
		break;
	case ITEM_DIFFICULTY: {
		c->difficulty = (difficulty)(((int)c->difficulty + (dir > 0 ? 1 : -1) + DIFFICULTY_COUNT) % DIFFICULTY_COUNT);
		c->par = -1;	/* a difficulty replaces an exact --par */
		break;
	}
	}
}

/* The lines on offer: Watchers only on a public account. */
static int items(const menu *m)
{
	return m->watchable ? ITEM_COUNT : ITEM_WATCHERS;
}

static reaction menu_up(app *a, int key)
{
	(void)a;
	(void)key;
	form.item = (form.item + items(&form) - 1) % items(&form);
	return REACT_REDRAW;
}

static reaction menu_down(app *a, int key)
{
	(void)a;
	(void)key;
	form.item = (form.item + 1) % items(&form);
	return REACT_REDRAW;
}

/* The colours chosen show on the board behind at once: the pairs are
 * the terminal's, so the game's own theme comes back on cancel. */
static void preview_colours(const app *a)
{
	if (form.item == ITEM_THEME && a->v.color)
		draw_colors_init(true, form.theme);
}

static reaction menu_less(app *a, int key)
{
	(void)key;
	change(&form, -1);
	preview_colours(a);
	return REACT_REDRAW;
}

static reaction menu_more(app *a, int key)
{
	(void)key;
	change(&form, +1);
	preview_colours(a);
	return REACT_REDRAW;
}

static reaction menu_by_ten(app *a, int key)
{
	(void)a;
	change(&form, key == KEY_NPAGE ? 10 : -10);
	return REACT_REDRAW;
}

static reaction menu_apply(app *a, int key)
{
	(void)key;
	const game_config *cfg = &form.cfg;
	char err[sizeof form.note];
	/* A shape the rule cannot take (Merlin is 3x3, a graph its own
	 * size): say so here, where it can be changed. */
	if (variant_validate(&cfg->v, err, sizeof err) != LO_OK) {
		snprintf(form.note, sizeof form.note, "%s", err);
		return REACT_REDRAW;
	}
	/* A board past the host's budget: said here, with the largest that
	 * is not, instead of a wait that ends in the same words. */
	if (!game_config_equal(cfg, &app_session(a).g->cfg) && budget_check(cfg, err, sizeof err) != LO_OK) {
		snprintf(form.note, sizeof form.note, "%s", err);
		return REACT_REDRAW;
	}
	a->v.preview = form.preview;
	bool kept = form.theme != a->v.theme || form.watchers != app_session(a).watchers_open;
	session_watchers(a->s, form.watchers);
	if (form.theme != a->v.theme) {
		a->v.theme = form.theme;
		if (a->v.color)
			draw_colors_init(true, a->v.theme);
	}
	/* Colours and watchers need no new board: kept at once. */
	if (kept)
		app_keep_prefs(a, NULL);
	if (form.reader != reader_on(a))
		reader_set(a, form.reader);	/* kept too */
	/* Every screen reads in the language chosen from the next frame on
	 * (REACT_REDRAW), and the next start too. */
	const char *lang_was = a->kept.prefs.has_lang ? a->kept.prefs.lang : "";
	if (strcmp(form.lang, lang_was) != 0) {
		lang_choose(form.lang);
		snprintf(a->kept.prefs.lang, sizeof a->kept.prefs.lang, "%s", form.lang);
		a->kept.prefs.has_lang = form.lang[0] != '\0';
		app_keep_prefs(a, NULL);
	}
	/* The same board and mode as now: nothing to make, nothing lost. */
	a->settings.applied = !game_config_equal(cfg, &app_session(a).g->cfg) || (!form.editing && form.mode != app_session(a).mode);
	a->settings.cfg = *cfg;
	a->settings.mode = form.mode;
	return REACT_LEAVE | REACT_REDRAW;
}

static reaction menu_cancel(app *a, int key)
{
	(void)key;
	if (form.theme != a->v.theme && a->v.color)
		draw_colors_init(true, a->v.theme);	/* the preview undone */
	return REACT_LEAVE | REACT_REDRAW;
}

/* The rule as the menu shows it: its word for players, a random board's
 * seed, a mask or a graph by name; shortened to width columns with an
 * ellipsis, never past its box. */
static void rule_value(const menu *m, const glyphs *gl, char *buf, size_t len, int width)
{
	const char *name = m->cfg.v.rule;
	const rule_entry *e = rule_entry_find(name);
	char full[VARIANT_RULE_MAX + 32];
	if (e && e->kind == RULE_RANDOM)
		/* TRANSLATORS: a random board's rule; %s is its seed. */
		snprintf(full, sizeof full, _("random, seed %s"), name + 7);
	else if (e && e->kind == RULE_GRAPH)
		/* TRANSLATORS: a graph's rule; rows x columns. */
		snprintf(full, sizeof full, _("graph %dx%d"), m->graph_rows, m->graph_cols);
	else if (e && !(e->flags & RULE_PREFIX) && strcmp(e->word, e->name))
		/* notext: the rule's word for players, then its name */
		snprintf(full, sizeof full, "%s (%s)", _(e->word), e->name);
	else
		snprintf(full, sizeof full, "%s", name);
	if (width < 2)
		width = 2;
	if (text_cols(full) <= width)
		snprintf(buf, len, "%s", full);
	else
		snprintf(buf, len, "%.*s%s", (int)text_fit(full, width - 1), full, gl->ellipsis);
}

/* Bytes of s that take at most cols columns (UTF-8 arrows are 3 bytes,
 * one column: curses' n counts bytes). */
static int clip_bytes(const char *s, int cols)
{
	return (int)text_fit(s, cols);
}

/* Lines between the box's frame and title and its footer. */
#define MENU_CHROME 6
/* A note takes up to this many lines of the box, wrapped at a word. */
#define NOTE_LINES 3

/* The note's lines in width columns: each line's start and bytes. */
static int note_wrap(const char *s, int width, const char *start[NOTE_LINES], int len[NOTE_LINES])
{
	int n = 0;
	while (*s && n < NOTE_LINES) {
		int fit = (int)text_fit(s, width), end = fit;
		/* Inside a word, not the last line: back to its last space. */
		if (s[fit] && n < NOTE_LINES - 1)
			for (int i = fit; i > 0; i--)
				if (s[i] == ' ') {
					end = i;
					break;
				}
		start[n] = s;
		len[n++] = end;
		s += end;
		while (*s == ' ')
			s++;
	}
	return n;
}

static void menu_draw(app *a)
{
	menu *m = &form;
	const glyphs *gl = &a->gl;
	const game_config *c = &m->cfg;
	char val[ITEM_COUNT][VARIANT_RULE_MAX + 40];
	/* TRANSLATORS: the settings' lines: at most 16 columns each. */
	static const char *const label[ITEM_COUNT] = { N_("Rows"), N_("Columns"), N_("Rule"), N_("States"),
						       N_("Torus"), N_("Difficulty"), N_("Mode"), N_("Preview"),
						       N_("Language"), N_("Reader"), N_("Colours"), N_("Watchers") };
	int w = 44, lw = 12;
	for (int i = 0; i < ITEM_COUNT; i++)
		if (text_cols(_(label[i])) > lw && text_cols(_(label[i])) <= 16)
			lw = text_cols(_(label[i]));
	if (w > COLS)
		w = COLS;
	/* Label, two arrows and their spaces take 17 columns of the box's
	 * inside (a longer translated label more). */
	int room = w - 4 - 5 - lw;
	const char *on = C_("setting", "on"), *off = C_("setting", "off");
	snprintf(val[ITEM_ROWS], sizeof val[0], "%d", c->v.rows);
	snprintf(val[ITEM_COLS], sizeof val[0], "%d", c->v.cols);
	rule_value(m, gl, val[ITEM_RULE], sizeof val[0], room);
	snprintf(val[ITEM_STATES], sizeof val[0], "%d", c->v.k);
	snprintf(val[ITEM_TORUS], sizeof val[0], "%s", c->v.torus ? on : off);
	snprintf(val[ITEM_MODE], sizeof val[0], "%s", m->editing ? "-" : _(mode_names[m->mode]));
	snprintf(val[ITEM_PREVIEW], sizeof val[0], "%s", m->preview ? on : off);
	snprintf(val[ITEM_WATCHERS], sizeof val[0], "%s", m->watchers ? _("welcome") : _("refused"));
	snprintf(val[ITEM_READER], sizeof val[0], "%s", m->reader ? on : off);
	snprintf(val[ITEM_THEME], sizeof val[0], "%s%s", i18n_context_of("theme", draw_theme_name(m->theme)), m->colour ? "" : _(" (no colour here)"));
	/* A language by its own name ("Deutsch"), whatever the language now. */
	snprintf(val[ITEM_LANG], sizeof val[0], "%s", m->lang[0] ? i18n_show(lang_find(m->lang)->name) : _("from the terminal"));
	if (c->par > 0 && c->difficulty == DIFFICULTY_ANY)
		snprintf(val[ITEM_DIFFICULTY], sizeof val[0], _("par %d"), c->par);
	else
		snprintf(val[ITEM_DIFFICULTY], sizeof val[0], "%s",
			 c->difficulty != DIFFICULTY_ANY ? _(difficulties[c->difficulty]) : C_("difficulty", "any"));
	/* A short window shows the items around the chosen one, and says
	 * that more are above or below. */
	const char *note_at[NOTE_LINES];
	int note_len[NOTE_LINES], notes = m->note[0] ? note_wrap(m->note, w - 4, note_at, note_len) : 1;
	int count = items(m);
	int shown = LINES - MENU_CHROME - (notes - 1);
	if (shown > count)
		shown = count;
	if (shown < 1)
		shown = 1;
	if (m->item < m->top)
		m->top = m->item;
	if (m->item >= m->top + shown)
		m->top = m->item - shown + 1;
	if (m->top > count - shown)
		m->top = count - shown;
	int h = shown + MENU_CHROME + (notes - 1);
	int y = (LINES - h) / 2, x = (COLS - w) / 2;
	if (y < 0)
		y = 0;
	draw_box(gl, y, x, h, w);
	attrset(A_BOLD);
	const char *title = shown < count ? _("Settings (more: arrows)") : _("Settings   v: variants");
	mvaddnstr(y + 1, x + 2, title, clip_bytes(title, w - 4));
	attrset(A_NORMAL);
	for (int i = m->top; i < m->top + shown; i++) {
		char line[VARIANT_RULE_MAX + 80];
		/* The label padded to lw columns by hand: %-12s counts bytes. */
		int pad = lw - text_cols(_(label[i]));
		snprintf(line, sizeof line, "%s%*s %s %s %s", _(label[i]), pad > 0 ? pad : 0, "", gl->arrows[3], val[i],
			 gl->arrows[1]);
		if (gl->reader)	/* words, not arrows a reader would call "less than" */
			snprintf(line, sizeof line, "%s: %s", _(label[i]), val[i]);
		if (i == m->item)
			attrset(A_REVERSE);
		mvaddnstr(y + 3 + (i - m->top), x + 2, line, (int)clip_bytes(line, w - 4));
		if (i == m->item)
			reader_focus(a, y + 3 + (i - m->top), x + 2, line);
		attrset(A_NORMAL);
	}
	if (m->note[0]) {
		attrset(A_BOLD);
		for (int i = 0; i < notes; i++)
			mvaddnstr(y + h - 1 - notes + i, x + 2, note_at[i], note_len[i]);
		attrset(A_NORMAL);
	} else {
		/* Enter makes a new board only for a new kind (as menu_apply
		 * decides): colours and the like keep the game, and say so. */
		bool fresh = !game_config_equal(&m->cfg, &app_session(a).g->cfg) || (!m->editing && m->mode != app_session(a).mode);
		const char *foot = m->editing || w < 36 ? _("Enter: apply  Esc: cancel")
				   : fresh		   ? _("Enter: new board   Esc: cancel")
							   : _("Enter: apply, game kept   Esc: cancel");
		/* A translation too long for the box says the least. */
		if (text_cols(foot) > w - 4)
			foot = _("Enter: apply  Esc: cancel");
		mvaddnstr(y + h - 2, x + 2, foot, clip_bytes(foot, w - 4));
	}
}

/* Every kind of board, a line each: what a press changes. */
static reaction menu_variants(app *a, int key)
{
	(void)key;
	size_t cap = 4096;
	char *t = malloc(cap);
	if (!t)
		return REACT_NONE;
	size_t n = (size_t)snprintf(t, cap, "%s\n\n", _("Rules (the Rule line of the settings; --rule on the command line):"));
	for (const rule_entry *e = rule_registry; e->name && n < cap - 400; e++) {
		/* A table, wrapped under its column: the word padded by hand
		 * (%-15s counts bytes). */
		int pad = 15 - text_cols(_(e->word));
		n += (size_t)snprintf(t + n, cap - n, "  %s%*s   %s\n", _(e->word), pad > 0 ? pad : 0, "", _(e->blurb));
	}
	snprintf(t + n, cap - n, "\n%s\n",
		 _("Any rule takes k states (States: each press adds 1 mod k) and most a "
		   "torus (the edges wrap).  Random patterns take a seed: the same seed, the "
		   "same board.  A graph comes from a file: lightsout --graph FILE."));
	app_open_prose(a, _("Variants"), t, _("Arrows and Space scroll; any other key returns to the settings."));
	return REACT_NONE;
}

static const key_row menu_rows[] = {
	{ { KEY_UP, 'k', 'w' }, menu_up, "\u2191, k", "Up, k", N_("choose a line"), NULL, 0 },
	{ { KEY_DOWN, 'j', 's', '\t' }, menu_down, "\u2193, j, Tab", "Down, j, Tab", N_("choose a line"), NULL, 0 },
	{ { KEY_LEFT, 'h', 'a', '-' }, menu_less, "\u2190, h, -", "Left, h, -", N_("change it down"), NULL, 0 },
	{ { KEY_RIGHT, 'l', 'd', '+', ' ' }, menu_more, "\u2192, l, +, Space", "Right, l, +, Space", N_("change it up"), NULL, 0 },
	{ { KEY_NPAGE, KEY_PPAGE }, menu_by_ten, "PgDn, PgUp", "PgDn, PgUp", N_("change a size by ten"), NULL, 0 },
	{ { '\n', '\r', KEY_ENTER }, menu_apply, "Enter", "Enter", N_("apply: a new board if its kind changed, else the game kept"), NULL, 0 },
	{ { 'v', '?' }, menu_variants, "v, ?", "v, ?", N_("the variants: every rule in a line"), NULL, 0 },
	{ { KEY_ESC, 'q', 'm', 'o' }, menu_cancel, "Esc, q, m, o", "Esc, q, m, o", N_("cancel"), NULL, 0 },
	{ { 0 }, NULL, NULL, NULL, NULL, NULL, 0 },
};

const screen menu_screen = {
	.name = "menu", .title = N_("Settings menu"), .rows = menu_rows, .draw = menu_draw, .enter = menu_enter,
	.over_board = true,
};
