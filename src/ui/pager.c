#include "ui/pager.h"

#include <curses.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ui/app.h"

int pager_open(pager *p, const char *title, char *text, const char *footer)
{
	memset(p, 0, sizeof *p);
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

void pager_close(pager *p)
{
	free(p->lines);
	free(p->text);
	memset(p, 0, sizeof *p);
}

static int pager_width(const pager *p)
{
	int w = 0;
	for (int i = 0; i < p->n; i++) {
		int len = (int)strlen(p->lines[i]);
		w = len > w ? len : w;
	}
	return w;
}

/* Keep the view on the text: no scrolling past its end. */
static reaction pager_scroll(app *a, int dy, int dx)
{
	pager *p = &a->page;
	int rows = LINES - 3, cols = COLS - 2;
	int max_top = p->n - rows, max_left = pager_width(p) - cols;
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
	pager *p = &a->page;
	draw_page(&a->v, p->title, p->lines, p->n, p->top, p->left, p->footer);
}

static void pager_leave(app *a)
{
	pager_close(&a->page);
}

static const key_row pager_rows[] = {
	{ { KEY_UP, 'k' }, pager_up, "\u2191, k", "Up, k", "scroll up", NULL, 0 },
	{ { KEY_DOWN, 'j' }, pager_down, "\u2193, j", "Down, j", "scroll down", NULL, 0 },
	{ { KEY_PPAGE }, pager_page_up, "PgUp", "PgUp", "a page up", NULL, 0 },
	{ { KEY_NPAGE, ' ' }, pager_page_down, "PgDn, Space", "PgDn, Space", "a page down", NULL, 0 },
	{ { KEY_LEFT, 'h' }, pager_left, "\u2190 \u2192, h l", "Left Right, h l", "scroll sideways", NULL, 0 },
	{ { KEY_RIGHT, 'l' }, pager_right, NULL, NULL, NULL, NULL, 0 },
	{ { 0 }, NULL, "any other key", "any other key", "back to the game", NULL, 0 },
	{ { 0 }, NULL, NULL, NULL, NULL, NULL, 0 },
};

const screen pager_screen = {
	.name = "pager", .title = "Statistics and share code pages", .rows = pager_rows,
	.other = pager_back, .draw = pager_draw, .leave = pager_leave,
};
