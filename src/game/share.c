#include "game/share.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/sharecode.h"
#include "i18n.h"

char *share_text(const game *g, int cols, bool remote, char *msg, size_t msglen)
{
	char *code = sharecode_encode(g->start, &g->cfg.v, msg, msglen);
	if (!code)
		return NULL;
	/* One piece per line when the code is wider than the screen: decoding
	 * skips the line breaks, so pasting the pieces together works. */
	size_t len = strlen(code), width = cols > 12 ? (size_t)cols - 4 : 8;
	size_t cap = 2 * len + 1024;	/* the words in any language */
	char *text = malloc(cap);
	if (!text) {
		free(code);
		snprintf(msg, msglen, _("out of memory"));
		return NULL;
	}
	/* TRANSLATORS: the share screen; each line at most 56 columns. */
	size_t n = (size_t)snprintf(text, cap, _("The starting position of this board, its rule and k:\n\n"));
	for (size_t i = 0; i < len; i += width)
		n += (size_t)snprintf(text + n, cap - n, "  %.*s\n", (int)width, code + i);
	/* TRANSLATORS: in place of a share code too long for one line. */
	const char *shown = len <= width ? code : _("CODE");
	if (remote)
		snprintf(text + n, cap - n,
			 _("\nOthers play it by pressing P in the game and pasting it\n"
			   "(or with:  lightsout --code %s)\n"
			   "(case, spaces, dashes and line breaks in a code do not matter)\n"), shown);
	else
		snprintf(text + n, cap - n,
			 _("\nPlay it with:  lightsout --code %s\n"
			   "or press P in the game and paste it\n"
			   "(case, spaces, dashes and line breaks in a code do not matter)\n"), shown);
	free(code);
	return text;
}
