#include "ui/pager.h"

#include <curses.h>
#include <stdlib.h>
#include <string.h>

#include "ui/draw.h"

static int pager_split(pager *p, char *copy)
{
	int n = 1;
	for (const char *c = copy; *c; c++)
		n += *c == '\n';
	p->lines = malloc((size_t)n * sizeof *p->lines);
	if (!p->lines)
		return -1;
	p->n = 0;
	for (char *line = copy; line;) {
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

static int pager_width(const pager *p)
{
	int w = 0;
	for (int i = 0; i < p->n; i++) {
		int len = (int)strlen(p->lines[i]);
		w = len > w ? len : w;
	}
	return w;
}

void pager_draw(session *s)
{
	pager *p = s->page;
	draw_page(&s->v, p->title, p->lines, p->n, p->top, p->left, p->footer);
}

/* Keep the view on the text: no scrolling past its end. */
static void pager_clamp(pager *p)
{
	int rows = LINES - 3, cols = COLS - 2;
	int max_top = p->n - rows, max_left = pager_width(p) - cols;
	p->top = p->top > max_top ? max_top : p->top;
	p->top = p->top < 0 ? 0 : p->top;
	p->left = p->left > max_left ? max_left : p->left;
	p->left = p->left < 0 ? 0 : p->left;
}

int pager_run(session *s, const char *title, const char *text, const char *footer)
{
	pager p = { .title = title, .footer = footer };
	char *copy = strdup(text);
	if (!copy || pager_split(&p, copy) < 0) {
		free(copy);
		draw_message(&s->v, "out of memory");
		return 0;
	}
	int screen = s->screen;
	s->page = &p;
	s->screen = SCREEN_PAGE;
	session_redraw(s);
	int ch;
	for (;;) {
		ch = session_key(s);
		if (ch == KEY_STOP || ch == KEY_LOST)
			break;
		int page = LINES - 3 > 1 ? LINES - 3 : 1;
		if (ch == KEY_UP || ch == 'k')
			p.top--;
		else if (ch == KEY_DOWN || ch == 'j')
			p.top++;
		else if (ch == KEY_PPAGE)
			p.top -= page;
		else if (ch == KEY_NPAGE || ch == ' ')
			p.top += page;
		else if (ch == KEY_LEFT || ch == 'h')
			p.left -= 8;
		else if (ch == KEY_RIGHT || ch == 'l')
			p.left += 8;
		else
			break;
		pager_clamp(&p);
		session_redraw(s);
	}
	s->screen = screen;
	s->page = NULL;
	free(p.lines);
	free(copy);
	session_redraw(s);
	return ch == KEY_STOP || ch == KEY_LOST ? ch : 0;
}
