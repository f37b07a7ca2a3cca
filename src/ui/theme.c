/* The colour themes and their colour pairs. */
#include <string.h>

#include "i18n.h"
#include "ui/draw_parts.h"

/* A theme's colours: lights, frame, title, win, status line (ink on
 * paper), marks and certificates, the unlit cells, and the k > 2 values,
 * on the terminal's own background.  off < 0: unlit cells keep the
 * terminal's colour, dimmed (8 colours have no dark shade to spare). */
struct colours {
	short on, frame, title, win, status_fg, status_bg, mark, cert, off;
	short value[PALETTE];
};

/* Each theme twice: in xterm's 256 colours where the terminal has them
 * (no can_change_color needed: the indexes are fixed), and in the 8 every
 * colour terminal has. */
/* The names in the settings, their own messages ("classic" is a rule's
 * word too): read through i18n_context_of("theme", ...). */
static const struct theme {
	const char *name;
	struct colours deep, basic;
} themes[] = {
	{ NC_("theme", "classic"),
	  { 226, 33, 51, 46, 16, 44, 201, 196, 244, { 226, 46, 51, 201, 196, 33 } },
	  { COLOR_YELLOW, COLOR_BLUE, COLOR_CYAN, COLOR_GREEN, COLOR_BLACK, COLOR_CYAN, COLOR_MAGENTA, COLOR_RED, -1,
	    { COLOR_YELLOW, COLOR_GREEN, COLOR_CYAN, COLOR_MAGENTA, COLOR_RED, COLOR_BLUE } } },
	{ NC_("theme", "amber"),
	  { 214, 172, 220, 142, 16, 214, 231, 196, 130, { 214, 229, 202, 178, 166, 222 } },
	  { COLOR_YELLOW, COLOR_YELLOW, COLOR_YELLOW, COLOR_GREEN, COLOR_BLACK, COLOR_YELLOW, COLOR_RED, COLOR_MAGENTA, -1,
	    { COLOR_YELLOW, COLOR_GREEN, COLOR_CYAN, COLOR_MAGENTA, COLOR_RED, COLOR_BLUE } } },
	{ NC_("theme", "ocean"),
	  { 45, 25, 81, 48, 231, 24, 226, 203, 31, { 45, 33, 123, 111, 49, 69 } },
	  { COLOR_CYAN, COLOR_BLUE, COLOR_CYAN, COLOR_GREEN, COLOR_WHITE, COLOR_BLUE, COLOR_YELLOW, COLOR_RED, -1,
	    { COLOR_CYAN, COLOR_BLUE, COLOR_GREEN, COLOR_MAGENTA, COLOR_YELLOW, COLOR_RED } } },
	{ NC_("theme", "forest"),
	  { 118, 28, 186, 51, 16, 71, 213, 203, 65, { 118, 184, 41, 150, 173, 35 } },
	  { COLOR_GREEN, COLOR_GREEN, COLOR_YELLOW, COLOR_CYAN, COLOR_BLACK, COLOR_GREEN, COLOR_MAGENTA, COLOR_RED, -1,
	    { COLOR_GREEN, COLOR_YELLOW, COLOR_CYAN, COLOR_MAGENTA, COLOR_RED, COLOR_BLUE } } },
};

/* Unlit cells have a colour of their own (256 colours): else dimmed. */
static bool off_coloured;

/* The name as the config file and --theme spell it (English; _() of it
 * for the player). */
const char *draw_theme_name(int theme)
{
	return themes[theme >= 0 && theme < DRAW_THEMES ? theme : 0].name;
}

int draw_theme_find(const char *name)
{
	for (int i = 0; i < DRAW_THEMES; i++)
		if (!strcmp(themes[i].name, name))
			return i;
	return -1;
}

bool draw_colors_init(bool enable, int theme)
{
	off_coloured = false;
	if (!enable || !has_colors() || start_color() == ERR)
		return false;
	const struct theme *t = &themes[theme >= 0 && theme < DRAW_THEMES ? theme : 0];
	bool deep = COLORS >= 256 && COLOR_PAIRS > PAIR_VALUE + PALETTE;
	const struct colours *c = deep ? &t->deep : &t->basic;
	short bg = COLOR_BLACK;
	if (use_default_colors() == OK)
		bg = -1;	/* keep the user's background */
	init_pair(PAIR_ON, c->on, bg);
	init_pair(PAIR_FRAME, c->frame, bg);
	init_pair(PAIR_TITLE, c->title, bg);
	init_pair(PAIR_WIN, c->win, bg);
	init_pair(PAIR_STATUS, c->status_fg, c->status_bg);
	init_pair(PAIR_MARK, c->mark, bg);
	init_pair(PAIR_CERT, c->cert, bg);
	off_coloured = c->off >= 0;
	init_pair(PAIR_OFF, off_coloured ? c->off : COLOR_WHITE, bg);
	for (int i = 0; i < PALETTE; i++)
		init_pair((short)(PAIR_VALUE + i), c->value[i], bg);
	return true;
}

attr_t theme_attr(const view *v, int pair)
{
	return v->color ? (attr_t)COLOR_PAIR(pair) : A_NORMAL;
}

/* Unlit cells in the theme's own dark shade, not dimmed. */
bool theme_off_coloured(const view *v)
{
	return v->color && off_coloured;
}
