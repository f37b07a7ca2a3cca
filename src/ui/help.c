/* The help screen: the board screen's key table, as the help lists it,
 * scrolled when the terminal is short. */
#include <curses.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "game/teach.h"
#include "i18n.h"
#include "ui/app.h"

/* Lines between the title and the footer. */
static int help_room(void)
{
	return LINES - 2 > 1 ? LINES - 2 : 1;
}

static int help_lines(const app *a)
{
	return draw_help_lines(&a->v, board_screen.rows);
}

/* The first line shown: from the top each time the help opens. */
static int help_top;

static void help_enter(app *a)
{
	(void)a;
	help_top = 0;
}

static reaction help_scroll(app *a, int key)
{
	int step = key == KEY_PPAGE || key == KEY_NPAGE ? help_room() : 1;
	int dir = key == KEY_UP || key == 'k' || key == KEY_PPAGE ? -1 : +1;
	int most = help_lines(a) - help_room();
	help_top += dir * step;
	help_top = help_top > most ? most : help_top;
	help_top = help_top < 0 ? 0 : help_top;
	return REACT_REDRAW;
}

/* How to play, for the board being played: the goal, what a press does,
 * and light chasing with this board's lookup table. */
static char *howto_text(const app *a)
{
	const game *g = app_session(a).g;
	const board *b = g->cur;
	char *table = rule_is_classic(&g->rule) && b->k == 2 ? teach_lookup_text(b->rows, b->cols)
										   : NULL;
	size_t cap = 4096 + (table ? strlen(table) : 0);
	char *t = malloc(cap);
	if (!t) {
		free(table);
		return NULL;
	}
	size_t n = 0;
	/* TRANSLATORS: the goal's sentence; the rule's name, ", wrapping
	 * around the edges" or nothing; what a press does to the cells;
	 * "twice" or "k times".  Keep the two spaces that indent each line. */
	n += (size_t)snprintf(t + n, cap - n, _(
		"The goal\n"
		"  %s\n\n"
		"A press\n"
		"  Pressing a cell changes it and the cells its rule reaches (here: %s%s):\n"
		"  %s.  The cells a press at the cursor would change are shown in\n"
		"  angle brackets (p turns that off); a hollow cursor, its brackets alone\n"
		"  highlighted, is a cell its own press leaves alone.  Pressing a cell %s\n"
		"  undoes it, and\n"
		"  the order of presses does not matter: a solution is a set of cells.\n\n"),
		b->k == 2 ? _("Turn every light off.") : b->k == 4 ? _("Turn every arrow up.")
				 : _("Bring every cell to state 0 (the first symbol of the legend)."),
		g->rule.name, g->rule.torus ? _(", wrapping around the edges") : "",
		b->k == 2 ? _("lit ones go off, dark ones light up") : _("each goes one state up, mod k"),
		b->k == 2 ? _("twice") : _("k times"));
	if (rule_is_classic(&g->rule)) {
		n += (size_t)snprintf(t + n, cap - n, "%s", _(
			"Light chasing: any classic board by hand\n"
			"  1. Row by row from the top, press the cell under every light.  Each\n"
			"     row goes dark, and no later press can touch it again.\n"
			"  2. Only the last row is left lit.  Find it in the table below, press\n"
			"     those cells of the TOP row, and chase down once more: it clears.\n"
			"  3. On the board, C marks the next step of this on your own position.\n\n"));
		if (table)
			/* TRANSLATORS: the table's heading: rows x columns; "press in
			 * the top row" starts at the table's second column (column 28). */
			n += (size_t)snprintf(t + n, cap - n, _("  %dx%d: last row lit      press in the top row\n%s\n"),
					      b->rows, b->cols, table);
		else
			n += (size_t)snprintf(t + n, cap - n, "%s", _("  (C works out the top row for this board.)\n\n"));
	} else {
		/* Chasing row by row is the classic rule's: other rules reach
		 * back up the board, so say what does work for every rule. */
		const rule_entry *e = rule_entry_find(g->rule.name);
		/* TRANSLATORS: the rule's word ("diagonals"); what a press changes
		 * ("the cell and its four diagonal neighbours"); "twice" or "k
		 * times"; "two" or "k". */
		n += (size_t)snprintf(t + n, cap - n, _(
			"Playing %s\n"
			"  A press changes %s.\n"
			"  The order of presses never matters and a cell pressed %s is as if\n"
			"  never pressed, so a solution is a set of cells, each pressed fewer than\n"
			"  %s times.  Work region by region: clear a corner, then the cells next\n"
			"  to it, undoing (u) when a press spoils what was done.  The analysis (a)\n"
			"  says how many solutions the board has and which patterns change nothing.\n\n"),
			e && e->word ? _(e->word) : g->rule.name, e && e->blurb ? _(e->blurb) : _("its own pattern of cells"),
			b->k == 2 ? _("twice") : _("k times"), b->k == 2 ? _("two") : "k");
	}
	snprintf(t + n, cap - n, "%s", _(
		 "Help from the game\n"
		 "  s marks a shortest solution that stays true as you play; i gives one\n"
		 "  cell of it; t and T press it for you.  A win with help counts as\n"
		 "  assisted in the statistics.\n"));
	free(table);
	return t;
}

static reaction help_howto(app *a, int key)
{
	(void)key;
	char *text = howto_text(a);
	if (text)
		app_open_prose(a, _("How to play"), text, _("Arrows and Space scroll; any other key returns to the help."));
	return REACT_NONE;
}

static reaction help_back(app *a, int key)
{
	(void)a;
	(void)key;
	return REACT_LEAVE;
}

static void help_draw(app *a)
{
	draw_help(&a->v, board_screen.rows, help_top);
}

static const key_row help_rows[] = {
	{ { KEY_UP, 'k', KEY_DOWN, 'j' }, help_scroll, "\u2191 \u2193, k j", "Up Down, k j", N_("scroll a line"), NULL, 0 },
	{ { KEY_PPAGE, KEY_NPAGE }, help_scroll, "PgUp, PgDn", "PgUp, PgDn", N_("scroll a page"), NULL, 0 },
	{ { '\n', '\r', KEY_ENTER }, help_howto, "Enter", "Enter", N_("how to play: the goal, a press, light chasing"), NULL,
	  0 },
	{ { 0 }, NULL, N_("any other key"), N_("any other key"), N_("back to the game"), NULL, 0 },
	{ { 0 }, NULL, NULL, NULL, NULL, NULL, 0 },
};

const screen help_screen = {
	.name = "help", .title = N_("Help"), .rows = help_rows, .other = help_back, .draw = help_draw,
	.enter = help_enter,
};
