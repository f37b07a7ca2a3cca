/* A page of text on the whole screen, scrolled with the cursor keys: the
 * statistics table and the share code.  Any other key goes back. */
#ifndef LO_PAGER_H
#define LO_PAGER_H

#include <stdbool.h>

typedef struct pager {
	char title[64], footer[96];
	char *text;			/* owned; lines point into it */
	char **lines;
	int n;
	int top, left;			/* first line and column shown */
	/* Prose (How to play) is wrapped to the window at spaces, each piece
	 * under its line's indent, again after a resize; tables scroll
	 * sideways instead. */
	bool wrap;
	int width;			/* the width shown was wrapped to, 0 none */
	bool joined;			/* lines of a paragraph joined into one */
	char *wrapped;			/* shown's text */
	char **shown;
	int nshown;
} pager;

/* Take text (lines separated by newlines; freed by pager_close).  Returns
 * 0, or -1 when out of memory (text freed). */
int pager_open(pager *p, const char *title, char *text, const char *footer);
void pager_close(pager *p);


#endif
