/* What the screen is drawn with: UTF-8 symbols on a UTF-8 terminal, plain
 * ASCII elsewhere (or when asked), chosen once at start. */
#ifndef LO_GLYPHS_H
#define LO_GLYPHS_H

#include <stdbool.h>

typedef struct glyphs {
	bool utf8;
	bool reader;			/* the screen-reader mode: cells as digits,
					 * no lines drawn (ui/reader.c) */
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

/* Plain ASCII for a screen reader: a cell is its value's digit, for every
 * k (0 off, 1 on), and the separators are words' punctuation. */
void glyphs_reader(glyphs *gl);

/* The symbol (one column wide) for a cell value; buf holds at least 2. */
const char *glyphs_cell(const glyphs *gl, int v, int k, char *buf);

#endif
