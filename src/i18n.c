/* The marks' functions (i18n.h): gettext, and its text written as the
 * terminal can show it.  Below the engine, as the marks are: no curses,
 * no files. */
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "i18n.h"

/* The terminal takes no UTF-8 (LANG=C, a Latin-1 locale): messages are
 * written in plain ASCII, transliterated ("Zuege", "<< >>"), never "?". */
static bool ascii_out;

void i18n_ascii(bool on)
{
	ascii_out = on;
}

const char *i18n_text(const char *msg)
{
#if ENABLE_NLS
	return i18n_show(gettext(msg));
#else
	return msg;
#endif
}

const char *i18n_plural(const char *one, const char *many, unsigned long n)
{
#if ENABLE_NLS
	return i18n_show(ngettext(one, many, n));
#else
	return n == 1 ? one : many;
#endif
}

/* The catalogs' letters and signs in ASCII: German's umlauts as a
 * German writes them without (ä "ae"), the accents dropped, quotes and
 * spaces as ASCII has them. */
static const struct {
	const char *utf8, *ascii;
} ascii_of[] = {
	{ "ä", "ae" }, { "ö", "oe" }, { "ü", "ue" }, { "Ä", "Ae" }, { "Ö", "Oe" }, { "Ü", "Ue" }, { "ß", "ss" },
	{ "é", "e" }, { "è", "e" }, { "ê", "e" }, { "ë", "e" }, { "É", "E" }, { "È", "E" }, { "Ê", "E" },
	{ "à", "a" }, { "â", "a" }, { "À", "A" }, { "Â", "A" }, { "î", "i" }, { "ï", "i" }, { "Î", "I" },
	{ "ô", "o" }, { "Ô", "O" }, { "û", "u" }, { "ù", "u" }, { "Û", "U" }, { "ç", "c" }, { "Ç", "C" },
	{ "œ", "oe" }, { "Œ", "OE" }, { "æ", "ae" }, { "ÿ", "y" },
	{ "«\u202f", "\"" }, { "\u202f»", "\"" }, { "«", "\"" }, { "»", "\"" }, { "„", "\"" }, { "“", "\"" },
	{ "”", "\"" }, { "‘", "'" }, { "’", "'" }, { "\u202f", " " }, { "\u00a0", " " }, { "…", "..." },
	{ "—", "--" }, { "–", "-" }, { "·", "." }, { "↑", "^" }, { "↓", "v" }, { "←", "<" }, { "→", ">" },
	{ "≤", "<=" }, { "≥", ">=" },
};

/* ASCII of one UTF-8 text into out (NULL: its length only). */
static size_t ascii_write(const char *s, char *out)
{
	size_t n = 0;
	while (*s) {
		if ((unsigned char)*s < 0x80) {
			if (out)
				out[n] = *s;
			n++, s++;
			continue;
		}
		const char *put = "?";
		size_t used = 1;
		for (size_t i = 0; i < sizeof ascii_of / sizeof ascii_of[0]; i++) {
			size_t len = strlen(ascii_of[i].utf8);
			if (strncmp(s, ascii_of[i].utf8, len) == 0) {
				put = ascii_of[i].ascii, used = len;
				break;
			}
		}
		if (used == 1)	/* a sign we lack: one "?" for the whole character */
			while ((s[used] & 0xC0) == 0x80)
				used++;
		if (out)
			memcpy(out + n, put, strlen(put));
		n += strlen(put);
		s += used;
	}
	return n;
}

/* Each text written once: the callers keep the pointer as they keep
 * gettext's.  A bounded table; past it (never with today's catalogs) a
 * text is written again into a ring of buffers. */
#define ASCII_KEPT 4096
static struct {
	const char *from;
	char *to;
} ascii_kept[ASCII_KEPT];

const char *i18n_show(const char *s)
{
	if (!ascii_out || !s)
		return s;
	const unsigned char *p = (const unsigned char *)s;
	while (*p && *p < 0x80)
		p++;
	if (!*p)
		return s;
	/* The game's threads (the solver's, the par search's) say things
	 * too: the table is one lock's. */
	static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
	const char *shown = s;
	pthread_mutex_lock(&lock);
	size_t h = ((size_t)(uintptr_t)s >> 3) % ASCII_KEPT, i;
	for (i = 0; i < ASCII_KEPT; i++, h = (h + 1) % ASCII_KEPT) {
		if (ascii_kept[h].from == s) {
			shown = ascii_kept[h].to;
			break;
		}
		if (!ascii_kept[h].from) {
			char *to = malloc(ascii_write(s, NULL) + 1);
			if (to) {
				to[ascii_write(s, to)] = '\0';
				ascii_kept[h].from = s;
				ascii_kept[h].to = to;
				shown = to;
			}
			break;
		}
	}
	if (i == ASCII_KEPT) {
		static char ring[4][1024];
		static int next;
		char *to = ring[next++ % 4];
		size_t n = ascii_write(s, NULL);
		if (n < sizeof ring[0])
			to[ascii_write(s, to)] = '\0';
		else
			snprintf(to, sizeof ring[0], "%s", "?");
		shown = to;
	}
	pthread_mutex_unlock(&lock);
	return shown;
}
