/* The player's language: the catalog messages come from (po/), chosen by
 * the locale, by a client's LANG over SSH, or by the player in the
 * settings; and the width of words on a terminal, which a translation
 * changes. */
#ifndef LO_LANG_H
#define LO_LANG_H

#include <stdbool.h>
#include <stddef.h>

/* A language a player can choose: its code and its name in itself. */
typedef struct lang_entry {
	const char *code, *name;
} lang_entry;
/* English first, then each translation; ends with a NULL code. */
extern const lang_entry lang_list[];

/* At startup: the locale from the environment, the catalogs bound.  When
 * the environment names a UTF-8 locale this system lacks (a client's
 * LANG=de_DE.UTF-8 on a host without it), the text is still UTF-8 and
 * the messages still in its language. */
void lang_start(void);
/* Read messages in CODE ("de", "fr", "zh_CN", "en"); NULL or "": the
 * environment's language again.  False, and nothing changed, for a code
 * lang_list does not have. */
bool lang_choose(const char *code);
/* The language messages are read in now: a code of lang_list. */
const char *lang_code(void);
/* CODE's entry of lang_list, or NULL. */
const lang_entry *lang_find(const char *code);

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
