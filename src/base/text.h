/* The width of words on a terminal, which a translation changes: the
 * columns a text takes and where its lines break.  Below every layer, as
 * the marks of i18n.h are: a table of translated words is laid out by it
 * wherever the table is made (persist/'s tables, ui/, cli/). */
#ifndef LO_TEXT_H
#define LO_TEXT_H

#include <stddef.h>

/* The columns S takes on a terminal (a character outside the locale's
 * set counts one). */
int text_cols(const char *s);
/* The bytes of S's first characters that fit in COLS columns. */
size_t text_fit(const char *s, int cols);
/* Where a line of S that may hold its first FIT bytes (text_fit) breaks:
 * at the last space up to FIT, or between two characters of which one
 * is wide (Chinese has no spaces; no break before a closing "，" or
 * after an opening "（"); 0 when there is no such place. */
size_t text_break(const char *s, size_t fit);

#endif
