/* What the screen is drawn with: UTF-8 symbols on a UTF-8 terminal, plain
 * ASCII elsewhere (or when asked), chosen once at start. */
#ifndef LO_GLYPHS_H
#define LO_GLYPHS_H

#include <stdbool.h>

typedef struct glyphs {
	bool utf8;
	const char *on, *off;		/* k = 2 */
	const char *zero;		/* k > 2, value 0 */
	const char *arrows[4];		/* k = 4 */
	const char *dash;		/* in prose: "too small — need" */
	const char *dot;		/* separator in the status line */
	const char *ellipsis;		/* what a shortened value ends with (one column) */
	const char *star;
} glyphs;

/* UTF-8 when the codeset is UTF-8 and ascii is false. */
void glyphs_init(glyphs *gl, bool ascii);

/* The symbol (one column wide) for a cell value; buf holds at least 2. */
const char *glyphs_cell(const glyphs *gl, int v, int k, char *buf);

#endif
