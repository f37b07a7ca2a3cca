/* A page of text on the whole screen, scrolled with the cursor keys: the
 * statistics table, the share code, the leaderboard, prose (How to play,
 * the variants).  Any other key goes back.  What to show comes from the
 * core (app_open_page: a->page); the scrolling is this file's. */
#include <curses.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "formats/lang.h"
#include "i18n.h"
#include "ui/app.h"

typedef struct pager {
	char title[64], footer[96];
	char *text;			/* owned; lines point into it */
	char **lines;
	int n;
	int top, left;			/* first line and column shown */
	/* Prose (How to play) is joined into paragraphs and wrapped to the
	 * window at spaces, each piece under its line's indent, again after
	 * a resize; a page's lines are wrapped each on its own, and its
	 * tables' lines kept whole: they scroll sideways instead. */
	bool wrap;
	int width;			/* the width shown was wrapped to, 0 none */
	bool joined;			/* lines of a paragraph joined into one */
	char *wrapped;			/* shown's text */
	char **shown;
	int nshown;
} pager;

/* The page open: one at a time (no key of the pager opens another). */
static pager page_open;

static void pager_close(pager *p)
{
	free(p->lines);
	free(p->text);
	free(p->shown);
	free(p->wrapped);
	memset(p, 0, sizeof *p);
}

/* Take text (lines separated by newlines).  Returns 0, or -1 when out of
 * memory (text freed). */
static int pager_open(pager *p, const char *title, char *text, const char *footer)
{
	pager_close(p);
	snprintf(p->title, sizeof p->title, "%s", title);
	snprintf(p->footer, sizeof p->footer, "%s", footer);
	int n = 1;
	for (const char *c = text; *c; c++)
		n += *c == '\n';
	p->lines = malloc((size_t)n * sizeof *p->lines);
	if (!p->lines) {
		free(text);
		return -1;
	}
	p->text = text;
	for (char *line = text; line;) {
		char *nl = strchr(line, '\n');
		if (nl)
			*nl = '\0';
		/* No empty last line for the text's final newline. */
		if (*line || nl)
			p->lines[p->n++] = line;
		line = nl ? nl + 1 : NULL;
	}
	return 0;
}

/* Columns of s's first n bytes on the terminal (a wide character, a
 * Chinese one, takes two). */
static int cols_of(const char *s, size_t n)
{
	char *head = strndup(s, n);
	int c = head ? text_cols(head) : (int)n;
	free(head);
	return c;
}

/* Bytes of s that fit in w columns, never half a wide character. */
static size_t bytes_in(const char *s, int w)
{
	return text_fit(s, w);
}

/* A table's line: columns apart by three spaces or more. */
static bool table_line(const char *s)
{
	return strstr(s + strspn(s, " "), "   ") != NULL;
}

/* A line's continuation indent, in columns: its leading spaces, a list
 * marker's width ("  1. ") so that a wrapped item lines up under its
 * words, and for a table's line (a term and what it means) where its last
 * column starts, so that the meaning goes on under itself. */
static int indent_of(const char *s)
{
	int n = (int)strspn(s, " ");
	int d = (int)strspn(s + n, "0123456789");
	if (d > 0 && s[n + d] == '.' && s[n + d + 1] == ' ')
		return n + d + 2;
	if (!table_line(s))
		return n;
	const char *last = s + n;
	for (const char *gap = strstr(last, "   "); gap; gap = strstr(last, "   "))
		last = gap + strspn(gap, " ");
	return *last ? cols_of(s, (size_t)(last - s)) : n;
}

/* Whether the text before END (a line's end) and NEXT both are wide
 * characters where they meet: a character is the bytes after the last
 * lead byte before END. */
static bool wide_at_join(const char *end, const char *next)
{
	const char *c = end;
	while (c > end - 4 && ((unsigned char)c[-1] & 0xc0) == 0x80)
		c--;
	if (c > end - 4)
		c--;
	char last[8] = "", first[8] = "";
	snprintf(last, sizeof last, "%.*s", (int)(end - c), c);
	snprintf(first, sizeof first, "%.*s", (int)text_fit(next, 2), next);
	return text_cols(last) == 2 && text_cols(first) == 2;
}

/* Prose as paragraphs: a line joins the one before when it carries on its
 * paragraph (indented as that paragraph's words are, under a list item's
 * marker too; no table, no new item), so that a reflow does not keep the
 * text's own line ends.  The joined lines go to a buffer of their own. */
static void join_paragraphs(pager *p)
{
	size_t total = 0;
	for (int i = 0; i < p->n; i++)
		total += strlen(p->lines[i]) + 1;
	char *buf = malloc(total + 1);
	if (!buf)
		return;		/* unjoined, still wrapped */
	size_t used = 0;
	int n = 0, carry = -1;	/* where the open paragraph's words start; -1 none */
	for (int i = 0; i < p->n; i++) {
		const char *s = p->lines[i];
		int lead = (int)strspn(s, " ");
		bool item = indent_of(s) != lead, table = table_line(s);
		if (*s && !item && !table && carry >= 0 && lead == carry && lead > 0) {
			/* The NUL of the line before: a space between words, none
			 * between Chinese characters (a line of Chinese breaks
			 * anywhere, a space in it reads as a gap). */
			if (used >= 2 && wide_at_join(buf + used - 1, s + lead))
				used--;
			else
				buf[used - 1] = ' ';
			used += (size_t)snprintf(buf + used, total + 1 - used, "%s", s + lead) + 1;
			continue;
		}
		p->lines[n++] = buf + used;
		used += (size_t)snprintf(buf + used, total + 1 - used, "%s", s) + 1;
		carry = *s && !table ? indent_of(s) : -1;
	}
	free(p->text);
	p->text = buf;
	p->n = n;
}

/* The lines as shown at width columns, wrapped at spaces: prose joined
 * into paragraphs first; a page's lines each on its own, its tables'
 * lines whole (they scroll sideways: a column cut in two reads as
 * nothing). */
static void pager_layout(pager *p, int width)
{
	if (width == p->width)
		return;
	if (p->wrap && !p->joined) {
		join_paragraphs(p);
		p->joined = true;
	}
	if (width < 10)
		width = 10;
	/* Each piece is at most a whole line plus its indent. */
	size_t cap = 0, lines = 0;
	for (int i = 0; i < p->n; i++) {
		size_t len = strlen(p->lines[i]);
		size_t pieces = (size_t)cols_of(p->lines[i], len) / (size_t)(width / 2) + 1;
		cap += len + pieces * ((size_t)width + 1);
		lines += pieces * 2;
	}
	char *buf = malloc(cap + 1);
	char **shown = malloc((lines + 1) * sizeof *shown);
	if (!buf || !shown) {
		free(buf);
		free(shown);
		return;		/* keep what was shown */
	}
	size_t used = 0;
	int n = 0;
	for (int i = 0; i < p->n; i++) {
		const char *s = p->lines[i];
		int indent = indent_of(s), lead = 0, first = (int)strspn(s, " ");
		/* An indent past half the width leaves too little room: the
		 * line's own, a step in, then. */
		int hang = indent < width / 2 ? indent : first + 4 < width / 2 ? first + 4 : 0;
		size_t indent_bytes = bytes_in(s, indent);
		bool whole = !p->wrap && table_line(s);
		for (;;) {
			int room = width - lead;
			size_t take = whole ? strlen(s) : bytes_in(s, room);
			if (s[take]) {
				/* Break at the last space that fits (or between
				 * Chinese characters), else cut the word. */
				size_t sp = text_break(s, take);
				if (sp > indent_bytes)
					take = sp;
			}
			shown[n++] = buf + used;
			used += (size_t)snprintf(buf + used, cap + 1 - used, "%*s%.*s", lead, "", (int)take, s) + 1;
			s += take;
			while (*s == ' ')
				s++;
			if (!*s)
				break;
			lead = hang;
		}
	}
	free(p->wrapped);
	free(p->shown);
	p->wrapped = buf;
	p->shown = shown;
	p->nshown = n;
	p->width = width;
	p->left = 0;
}

/* The lines on screen: wrapped prose, or the text's own lines. */
static char **lines_shown(const pager *p, int *n)
{
	if (p->shown) {
		*n = p->nshown;
		return p->shown;
	}
	*n = p->n;
	return p->lines;
}

static int pager_width(const pager *p)
{
	int w = 0, n;
	char **lines = lines_shown(p, &n);
	for (int i = 0; i < n; i++) {
		int len = cols_of(lines[i], strlen(lines[i]));
		w = len > w ? len : w;
	}
	return w;
}

/* Keep the view on the text: no scrolling past its end. */
static reaction pager_scroll(app *a, int dy, int dx)
{
	(void)a;
	pager *p = &page_open;
	int rows = LINES - 3, cols = COLS - 2, n;
	pager_layout(p, cols);
	lines_shown(p, &n);
	int max_top = n - rows, max_left = pager_width(p) - cols;
	p->top += dy;
	p->left += dx;
	p->top = p->top > max_top ? max_top : p->top;
	p->top = p->top < 0 ? 0 : p->top;
	p->left = p->left > max_left ? max_left : p->left;
	p->left = p->left < 0 ? 0 : p->left;
	return REACT_REDRAW;
}

static int page_rows(void)
{
	return LINES - 3 > 1 ? LINES - 3 : 1;
}

static reaction pager_up(app *a, int key) { (void)key; return pager_scroll(a, -1, 0); }
static reaction pager_down(app *a, int key) { (void)key; return pager_scroll(a, +1, 0); }
static reaction pager_page_up(app *a, int key) { (void)key; return pager_scroll(a, -page_rows(), 0); }
static reaction pager_page_down(app *a, int key) { (void)key; return pager_scroll(a, page_rows(), 0); }
static reaction pager_left(app *a, int key) { (void)key; return pager_scroll(a, 0, -8); }
static reaction pager_right(app *a, int key) { (void)key; return pager_scroll(a, 0, +8); }

static reaction pager_back(app *a, int key)
{
	(void)a;
	(void)key;
	return REACT_LEAVE;
}

static void pager_draw(app *a)
{
	pager *p = &page_open;
	int n;
	pager_layout(p, COLS - 2);
	char **lines = lines_shown(p, &n);
	/* After a resize the text may be shorter: no page past its end. */
	if (p->top > n - (LINES - 3))
		p->top = n - (LINES - 3) > 0 ? n - (LINES - 3) : 0;
	draw_page(&a->v, p->title, lines, n, p->top, p->left, p->footer);
}

/* The page asked for becomes the pager's; without memory for it, the
 * pager closes again and says so. */
static void pager_enter(app *a)
{
	page_ask *ask = &a->page;
	char *text = ask->text;
	ask->text = NULL;
	if (pager_open(&page_open, ask->title, text, ask->footer) < 0) {
		app_close(a, &pager_screen);
		app_say(a, _("out of memory"));
		return;
	}
	page_open.wrap = ask->wrap;
}

static void pager_leave(app *a)
{
	(void)a;
	pager_close(&page_open);
}

static const key_row pager_rows[] = {
	{ { KEY_UP, 'k' }, pager_up, "\u2191, k", "Up, k", N_("scroll up"), NULL, 0 },
	{ { KEY_DOWN, 'j' }, pager_down, "\u2193, j", "Down, j", N_("scroll down"), NULL, 0 },
	{ { KEY_PPAGE }, pager_page_up, "PgUp", "PgUp", N_("a page up"), NULL, 0 },
	{ { KEY_NPAGE, ' ' }, pager_page_down, "PgDn, Space", "PgDn, Space", N_("a page down"), NULL, 0 },
	{ { KEY_LEFT, 'h' }, pager_left, "\u2190 \u2192, h l", "Left Right, h l", N_("scroll sideways"), NULL, 0 },
	{ { KEY_RIGHT, 'l' }, pager_right, NULL, NULL, NULL, NULL, 0 },
	{ { 0 }, NULL, N_("any other key"), N_("any other key"), N_("back to the game"), NULL, 0 },
	{ { 0 }, NULL, NULL, NULL, NULL, NULL, 0 },
};

const screen pager_screen = {
	.name = "pager", .title = N_("Statistics and share code pages"), .rows = pager_rows,
	.other = pager_back, .draw = pager_draw, .enter = pager_enter, .leave = pager_leave,
};
