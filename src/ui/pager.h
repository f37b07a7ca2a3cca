/* A page of text over the board, scrolled with the cursor keys: the
 * statistics table and the share code.  Any other key goes back. */
#ifndef LO_PAGER_H
#define LO_PAGER_H

#include "ui/session.h"

typedef struct pager {
	const char *title, *footer;
	char **lines;			/* into a copy of the text */
	int n;
	int top, left;			/* first line and column shown */
} pager;

/* Show text (lines separated by newlines) until a key other than a scrolling
 * one.  Returns 0, or KEY_STOP / KEY_LOST when the game must end. */
int pager_run(session *s, const char *title, const char *text, const char *footer);

void pager_draw(session *s);

#endif
