/* The marks that make a message translatable (GNU gettext; po/).  Every
 * layer includes this, the engine too: it is the C library's gettext,
 * neither curses nor files.  formats/lang.h chooses the language. */
#ifndef LO_I18N_H
#define LO_I18N_H

#include <stdbool.h>

#include "config.h"

#if ENABLE_NLS
#include <libintl.h>
/* A message read by a player or an admin, in their language (and in
 * ASCII where the terminal takes no UTF-8: formats/lang.c). */
#define _(s) i18n_text(s)
/* The message with n's plural form: P_("%d light", "%d lights", n). */
#define P_(one, many, n) i18n_plural(one, many, (unsigned long)(n))
#else
#define _(s) ((const char *)(s))
#define P_(one, many, n) ((n) == 1 ? (one) : (many))
#endif
/* Marked where it is written (a table), translated where it is read: _(). */
#define N_(s) (s)
/* A short message told apart by its context ("menu", "on" as a cell's
 * state): the same English may read differently in another language. */
#define C_(ctx, s) i18n_context(ctx "\004" s, s)

/* C_ in a table: marked with its context where it is written, read
 * through i18n_context_of(ctx, s) ("classic" a rule and a theme). */
#define NC_(ctx, s) (s)

/* What the functions below give back is the format they were given (or
 * its translation), as gettext says of itself: printf's checks hold. */
#define I18N_FORMAT(n) __attribute__((format_arg(n)))

/* gettext of "CTX\004MSG", or MSG when there is no translation. */
const char *i18n_context(const char *id, const char *msg) I18N_FORMAT(2);
/* The same of a context and a message known only when the program runs. */
const char *i18n_context_of(const char *ctx, const char *msg) I18N_FORMAT(2);
/* gettext and ngettext, written as the terminal can show them. */
const char *i18n_text(const char *msg) I18N_FORMAT(1);
const char *i18n_plural(const char *one, const char *many, unsigned long n) I18N_FORMAT(1) I18N_FORMAT(2);
/* S (UTF-8) as the terminal can show it: S itself on a UTF-8 terminal,
 * else its ASCII ("Zuege", "<<" for "«"), kept for the program's life;
 * every mark gives its message through it. */
const char *i18n_show(const char *s) I18N_FORMAT(1);
/* i18n_show(S), or of ENGLISH (its message) where S has letters with no
 * ASCII form (Chinese on a terminal without UTF-8): English, not "?". */
const char *i18n_show_or(const char *s, const char *english) I18N_FORMAT(1) I18N_FORMAT(2);
/* Whether the terminal takes ASCII alone (formats/lang.c decides). */
void i18n_ascii(bool on);

#endif
