/* The player's language: the catalog messages come from (po/), chosen by
 * the locale, by a client's LANG over SSH, or by the player in the
 * settings. */
#ifndef LO_LANG_H
#define LO_LANG_H

#include <stdbool.h>
#include <stddef.h>

/* The width of words (text_cols, text_fit, text_break): below every
 * layer, in base/; a front end that lays out words reads it here too. */
#include "base/text.h"

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


#endif
