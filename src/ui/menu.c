#include "ui/menu.h"

#include <curses.h>
#include <stdio.h>
#include <string.h>

#include "ui/app.h"

enum {
	ITEM_ROWS, ITEM_COLS, ITEM_RULE, ITEM_STATES, ITEM_TORUS, ITEM_DIFFICULTY, ITEM_MODE, ITEM_PREVIEW, ITEM_WATCHERS,
	ITEM_COUNT
};

/* Bigger boards are playable (--size, up to 10000) but not by arrow keys. */
#define MENU_MAX_SIDE 200
/* Masks worth a try beside the named rules: a press that skips its own
 * cell, a ring, the corners, a large plus. */
static const char *const menu_masks[] = {
	"mask:010/101/010", "mask:111/101/111", "mask:101/000/101", "mask:00100/00100/11111/00100/00100",
};
#define NMASKS 4
static const char *const mode_names[] = { "free play", "daily board", "practice ladder" };
static const char *const difficulties[] = { "", "easy", "normal", "hard" };
#define NDIFF 4

void menu_open(menu *m, const game_config *cfg, bool editing, play_mode mode, bool preview, bool watchers)
{
	m->watchers = watchers;
	m->cfg = *cfg;
	m->item = 0;
	m->editing = editing;
	m->mode = mode;
	m->preview = preview;
	m->note[0] = '\0';
	m->applied = false;
	m->custom_rule[0] = '\0';
	bool builtin = false;
	for (const rule_entry *e = rule_registry; e->name; e++)
		builtin |= (e->flags & RULE_IN_MENU) && strcmp(e->name, cfg->v.rule) == 0;
	for (int i = 0; i < NMASKS; i++)
		builtin |= strcmp(menu_masks[i], cfg->v.rule) == 0;
	if (!builtin)
		snprintf(m->custom_rule, sizeof m->custom_rule, "%s", cfg->v.rule);
}

/* Steps of one wrap around; steps of ten stop at the ends. */
static int clamp_side(int v, int dir)
{
	if (dir == 1 || dir == -1)
		return v < 1 ? MENU_MAX_SIDE : v > MENU_MAX_SIDE ? 1 : v;
	return v < 1 ? 1 : v > MENU_MAX_SIDE ? MENU_MAX_SIDE : v;
}

/* The rule list: the built-ins, some masks, then the command line's. */
static void next_rule(menu *m, int dir)
{
	int n = 0, cur = -1;
	const char *list[24];
	dir = dir > 0 ? 1 : -1;
	for (const rule_entry *e = rule_registry; e->name && n < 15; e++)
		if (e->flags & RULE_IN_MENU)
			list[n++] = e->name;
	for (int i = 0; i < NMASKS; i++)
		list[n++] = menu_masks[i];
	if (m->custom_rule[0])
		list[n++] = m->custom_rule;
	for (int i = 0; i < n; i++)
		if (strcmp(list[i], m->cfg.v.rule) == 0)
			cur = i;
	cur = ((cur < 0 ? 0 : cur) + dir + n) % n;
	snprintf(m->cfg.v.rule, sizeof m->cfg.v.rule, "%s", list[cur]);
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
		int d = 0;
		for (int i = 0; i < NDIFF; i++)
			if (strcmp(difficulties[i], c->difficulty) == 0)
				d = i;
		d = (d + (dir > 0 ? 1 : -1) + NDIFF) % NDIFF;
		snprintf(c->difficulty, sizeof c->difficulty, "%s", difficulties[d]);
		c->par = -1;	/* a difficulty replaces an exact --par */
		break;
	}
	}
}

static reaction menu_up(app *a, int key)
{
	(void)key;
	a->menu.item = (a->menu.item + ITEM_COUNT - 1) % ITEM_COUNT;
	return REACT_REDRAW;
}

static reaction menu_down(app *a, int key)
{
	(void)key;
	a->menu.item = (a->menu.item + 1) % ITEM_COUNT;
	return REACT_REDRAW;
}

static reaction menu_less(app *a, int key)
{
	(void)key;
	change(&a->menu, -1);
	return REACT_REDRAW;
}

static reaction menu_more(app *a, int key)
{
	(void)key;
	change(&a->menu, +1);
	return REACT_REDRAW;
}

static reaction menu_by_ten(app *a, int key)
{
	change(&a->menu, key == KEY_NPAGE ? 10 : -10);
	return REACT_REDRAW;
}

static reaction menu_apply(app *a, int key)
{
	(void)key;
	const game_config *cfg = &a->menu.cfg;
	char err[sizeof a->menu.note];
	/* A shape the rule cannot take (Merlin is 3x3, a graph its own
	 * size): say so here, where it can be changed. */
	if (variant_validate(&cfg->v, err, sizeof err) < 0) {
		snprintf(a->menu.note, sizeof a->menu.note, "%s", err);
		return REACT_REDRAW;
	}
	a->v.preview = a->menu.preview;
	a->w.open = a->menu.watchers;
	/* The same board and mode as now: nothing to make, nothing lost. */
	a->menu.applied = !game_config_equal(cfg, &a->s.pl.g.cfg) || (!a->menu.editing && a->menu.mode != a->s.pl.mode);
	return REACT_LEAVE | REACT_REDRAW;
}

static reaction menu_cancel(app *a, int key)
{
	(void)a;
	(void)key;
	return REACT_LEAVE | REACT_REDRAW;
}

static void menu_draw(app *a)
{
	const menu *m = &a->menu;
	const glyphs *gl = &a->gl;
	const game_config *c = &m->cfg;
	char val[ITEM_COUNT][40];
	static const char *const label[ITEM_COUNT] = { "Rows", "Columns", "Rule", "States (k)", "Torus",
						       "Difficulty", "Mode", "Preview", "Watchers" };
	snprintf(val[ITEM_ROWS], sizeof val[0], "%d", c->v.rows);
	snprintf(val[ITEM_COLS], sizeof val[0], "%d", c->v.cols);
	snprintf(val[ITEM_RULE], sizeof val[0], "%.24s", c->v.rule);
	snprintf(val[ITEM_STATES], sizeof val[0], "%d", c->v.k);
	snprintf(val[ITEM_TORUS], sizeof val[0], "%s", c->v.torus ? "on" : "off");
	snprintf(val[ITEM_MODE], sizeof val[0], "%s", m->editing ? "-" : mode_names[m->mode]);
	snprintf(val[ITEM_PREVIEW], sizeof val[0], "%s", m->preview ? "on" : "off");
	snprintf(val[ITEM_WATCHERS], sizeof val[0], "%s", m->watchers ? "welcome" : "refused");
	if (c->par > 0 && !c->difficulty[0])
		snprintf(val[ITEM_DIFFICULTY], sizeof val[0], "par %d", c->par);
	else
		snprintf(val[ITEM_DIFFICULTY], sizeof val[0], "%s", c->difficulty[0] ? c->difficulty : "any");
	int w = 44, h = ITEM_COUNT + 6;
	if (w > COLS)
		w = COLS;
	int y = (LINES - h) / 2, x = (COLS - w) / 2;
	if (y < 0)
		y = 0;
	draw_box(gl, y, x, h, w);
	attrset(A_BOLD);
	mvaddnstr(y + 1, x + 2, "Settings", w - 4);
	attrset(A_NORMAL);
	for (int i = 0; i < ITEM_COUNT; i++) {
		char line[400];
		snprintf(line, sizeof line, "%-12s %s %s %s", label[i], gl->arrows[3], val[i], gl->arrows[1]);
		if (i == m->item)
			attrset(A_REVERSE);
		mvaddnstr(y + 3 + i, x + 2, line, -1);
		attrset(A_NORMAL);
	}
	if (m->note[0]) {
		attrset(A_BOLD);
		mvaddnstr(y + h - 2, x + 2, m->note, w - 4);
		attrset(A_NORMAL);
	} else
		mvaddnstr(y + h - 2, x + 2, m->editing ? "Enter: apply   Esc: cancel" : "Enter: new board   Esc: cancel",
			  w - 4);
}

static const key_row menu_rows[] = {
	{ { KEY_UP, 'k', 'w' }, menu_up, "\u2191, k", "Up, k", "choose a line", NULL, 0 },
	{ { KEY_DOWN, 'j', 's', '\t' }, menu_down, "\u2193, j, Tab", "Down, j, Tab", "choose a line", NULL, 0 },
	{ { KEY_LEFT, 'h', 'a', '-' }, menu_less, "\u2190, h, -", "Left, h, -", "change it down", NULL, 0 },
	{ { KEY_RIGHT, 'l', 'd', '+', ' ' }, menu_more, "\u2192, l, +, Space", "Right, l, +, Space", "change it up", NULL, 0 },
	{ { KEY_NPAGE, KEY_PPAGE }, menu_by_ten, "PgDn, PgUp", "PgDn, PgUp", "change a size by ten", NULL, 0 },
	{ { '\n', '\r', KEY_ENTER }, menu_apply, "Enter", "Enter", "apply: a new board of that kind", NULL, 0 },
	{ { KEY_ESC, 'q', 'm', 'o' }, menu_cancel, "Esc, q, m, o", "Esc, q, m, o", "cancel", NULL, 0 },
	{ { 0 }, NULL, NULL, NULL, NULL, NULL, 0 },
};

const screen menu_screen = {
	.name = "menu", .title = "Settings menu", .rows = menu_rows, .draw = menu_draw, .over_board = true,
};
