#include "ui/menu.h"

#include <curses.h>
#include <stdio.h>
#include <string.h>

#include "ui/app.h"
#include "ui/board.h"
#include "ui/editor.h"

enum { ITEM_ROWS, ITEM_COLS, ITEM_RULE, ITEM_STATES, ITEM_TORUS, ITEM_DIFFICULTY, ITEM_COUNT };

/* Bigger boards are playable (they scroll) but not worth a menu's arrow key. */
#define MENU_MAX_SIDE 50
static const char *const difficulties[] = { "", "easy", "normal", "hard" };
#define NDIFF 4

void menu_open(menu *m, const game_config *cfg, bool editing)
{
	m->cfg = *cfg;
	m->item = 0;
	m->editing = editing;
	m->custom_rule[0] = '\0';
	bool builtin = false;
	for (int i = 0; rule_names[i]; i++)
		builtin |= strcmp(rule_names[i], cfg->v.rule) == 0;
	if (!builtin)
		snprintf(m->custom_rule, sizeof m->custom_rule, "%s", cfg->v.rule);
}

static int clamp_side(int v)
{
	return v < 1 ? MENU_MAX_SIDE : v > MENU_MAX_SIDE ? 1 : v;
}

/* The rule list: the built-ins, then the command line's mask if any. */
static void next_rule(menu *m, int dir)
{
	int n = 0, cur = -1;
	const char *list[16];
	for (int i = 0; rule_names[i] && n < 15; i++)
		list[n++] = rule_names[i];
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
	switch (m->item) {
	case ITEM_ROWS:
		c->v.rows = clamp_side(c->v.rows + dir);
		break;
	case ITEM_COLS:
		c->v.cols = clamp_side(c->v.cols + dir);
		break;
	case ITEM_RULE:
		next_rule(m, dir);
		break;
	case ITEM_STATES:
		c->v.k += dir;
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
		d = (d + dir + NDIFF) % NDIFF;
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

static reaction menu_apply(app *a, int key)
{
	(void)key;
	game_config cfg = a->menu.cfg;
	bool editing = a->menu.editing;
	if (memcmp(&cfg, &a->pl.g.cfg, sizeof cfg) == 0)
		return REACT_LEAVE | REACT_REDRAW;
	/* Leave first: the new board is drawn on the screen below. */
	return REACT_LEAVE | (editing ? editor_reshape(a, &cfg) : board_settings(a, &cfg));
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
						       "Difficulty" };
	snprintf(val[ITEM_ROWS], sizeof val[0], "%d", c->v.rows);
	snprintf(val[ITEM_COLS], sizeof val[0], "%d", c->v.cols);
	snprintf(val[ITEM_RULE], sizeof val[0], "%.24s", c->v.rule);
	snprintf(val[ITEM_STATES], sizeof val[0], "%d", c->v.k);
	snprintf(val[ITEM_TORUS], sizeof val[0], "%s", c->v.torus ? "on" : "off");
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
	for (int i = 0; i < h && y + i < LINES; i++) {
		move(y + i, x);
		for (int j = 0; j < w; j++)
			addch(i == 0 || i == h - 1 ? '=' : j == 0 || j == w - 1 ? '|' : ' ');
	}
	attrset(A_BOLD);
	mvaddnstr(y + 1, x + 2, "Settings", w - 4);
	attrset(A_NORMAL);
	for (int i = 0; i < ITEM_COUNT; i++) {
		char line[320];
		snprintf(line, sizeof line, "%-12s %s %s %s", label[i], gl->arrows[3], val[i], gl->arrows[1]);
		if (i == m->item)
			attrset(A_REVERSE);
		mvaddnstr(y + 3 + i, x + 2, line, -1);
		attrset(A_NORMAL);
	}
	mvaddnstr(y + h - 2, x + 2, m->editing ? "Enter: apply   Esc: cancel" : "Enter: new board   Esc: cancel", w - 4);
}

static const key_row menu_rows[] = {
	{ { KEY_UP, 'k', 'w' }, menu_up, "\u2191, k", "Up, k", "choose a line", NULL },
	{ { KEY_DOWN, 'j', 's', '\t' }, menu_down, "\u2193, j, Tab", "Down, j, Tab", "choose a line", NULL },
	{ { KEY_LEFT, 'h', 'a', '-' }, menu_less, "\u2190, h, -", "Left, h, -", "change it down", NULL },
	{ { KEY_RIGHT, 'l', 'd', '+', ' ' }, menu_more, "\u2192, l, +, Space", "Right, l, +, Space", "change it up", NULL },
	{ { '\n', '\r', KEY_ENTER }, menu_apply, "Enter", "Enter", "apply: a new board of that kind", NULL },
	{ { KEY_ESC, 'q', 'm', 'o' }, menu_cancel, "Esc, q, m, o", "Esc, q, m, o", "cancel", NULL },
	{ { 0 }, NULL, NULL, NULL, NULL, NULL },
};

const screen menu_screen = {
	.name = "menu", .title = "Settings menu", .rows = menu_rows, .draw = menu_draw, .over_board = true,
};
