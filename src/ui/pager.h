/* A page of text on the whole screen, scrolled with the cursor keys: the
 * statistics table and the share code.  Any other key goes back. */
#ifndef LO_PAGER_H
#define LO_PAGER_H

typedef struct pager {
	char title[64], footer[96];
	char *text;			/* owned; lines point into it */
	char **lines;
	int n;
	int top, left;			/* first line and column shown */
} pager;

/* Take text (lines separated by newlines; freed by pager_close).  Returns
 * 0, or -1 when out of memory (text freed). */
int pager_open(pager *p, const char *title, char *text, const char *footer);
void pager_close(pager *p);

#endif
