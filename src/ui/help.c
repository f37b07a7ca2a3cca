/* The help screen: the board screen's key table, as the help lists it,
 * scrolled when the terminal is short. */
#include <curses.h>

#include "ui/app.h"

/* Lines between the title and the footer. */
static int help_room(void)
{
	return LINES - 2 > 1 ? LINES - 2 : 1;
}

static int help_lines(void)
{
	int n = 0;
	for (const key_row *r = board_screen.rows; r->run || r->names_utf8; r++)
		n += r->names_utf8 != NULL;
	return n;
}

static reaction help_scroll(app *a, int key)
{
	int step = key == KEY_PPAGE || key == KEY_NPAGE ? help_room() : 1;
	int dir = key == KEY_UP || key == 'k' || key == KEY_PPAGE ? -1 : +1;
	int most = help_lines() - help_room();
	a->help_top += dir * step;
	a->help_top = a->help_top > most ? most : a->help_top;
	a->help_top = a->help_top < 0 ? 0 : a->help_top;
	return REACT_REDRAW;
}

static reaction help_back(app *a, int key)
{
	(void)a;
	(void)key;
	return REACT_LEAVE;
}

static void help_draw(app *a)
{
	draw_help(&a->v, board_screen.rows, a->help_top);
}

static const key_row help_rows[] = {
	{ { KEY_UP, 'k', KEY_DOWN, 'j' }, help_scroll, "\u2191 \u2193, k j", "Up Down, k j", "scroll a line", NULL },
	{ { KEY_PPAGE, KEY_NPAGE }, help_scroll, "PgUp, PgDn", "PgUp, PgDn", "scroll a page", NULL },
	{ { 0 }, NULL, "any other key", "any other key", "back to the game", NULL },
	{ { 0 }, NULL, NULL, NULL, NULL, NULL },
};

const screen help_screen = {
	.name = "help", .title = "Help", .rows = help_rows, .other = help_back, .draw = help_draw,
};
