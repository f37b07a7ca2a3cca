#include "ui/share.h"

#include <curses.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ui/pager.h"
#include "engine/sharecode.h"

int share_run(session *s)
{
	char err[256];
	const game *g = &s->g;
	char *code = sharecode_encode(g->start, &g->cfg.v, err, sizeof err);
	if (!code) {
		draw_message(&s->v, err);
		return 0;
	}
	/* One piece per line when the code is wider than the screen: decoding
	 * skips the line breaks, so pasting the pieces together works. */
	size_t len = strlen(code), width = COLS > 12 ? (size_t)COLS - 4 : 8;
	size_t cap = 2 * len + 512;
	char *text = malloc(cap);
	if (!text) {
		free(code);
		draw_message(&s->v, "out of memory");
		return 0;
	}
	size_t n = (size_t)snprintf(text, cap, "The starting position of this board, its rule and k:\n\n");
	for (size_t i = 0; i < len; i += width)
		n += (size_t)snprintf(text + n, cap - n, "  %.*s\n", (int)width, code + i);
	snprintf(text + n, cap - n,
		 "\nPlay it with:  lightsout --code %s\n"
		 "(case, spaces, dashes and line breaks in a code do not matter)\n",
		 len <= width ? code : "CODE");
	int rc = pager_run(s, "Share code", text, "Arrows scroll; any other key returns to the game.");
	free(text);
	free(code);
	return rc;
}
