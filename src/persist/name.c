#include "persist/name.h"

#include <stdint.h>
#include <stdio.h>
#include <string.h>

/* The next code point of s (valid, shortest-form UTF-8 up to two bytes:
 * every character we accept is below U+0800), its length in *n; -1 for a
 * byte sequence that is not. */
static long next_char(const unsigned char *s, int *n)
{
	if (s[0] < 0x80) {
		*n = 1;
		return s[0];
	}
	if (s[0] >= 0xc2 && s[0] <= 0xdf && (s[1] & 0xc0) == 0x80) {
		*n = 2;
		return ((long)(s[0] & 0x1f) << 6) | (s[1] & 0x3f);
	}
	/* Longer sequences are characters we refuse anyway (U+0800 on: wide,
	 * invisible, bidi controls, emoji); only their form is checked. */
	int more = s[0] >= 0xe0 && s[0] <= 0xef ? 2 : s[0] >= 0xf0 && s[0] <= 0xf4 ? 3 : -1;
	for (int i = 1; i <= more; i++)
		if ((s[i] & 0xc0) != 0x80)
			more = -1;
	*n = 0;
	return more < 0 ? -1 : 0x10000;
}

/* One column on every terminal, in every font people use for terminals. */
static bool allowed(long c)
{
	return (c >= 0x20 && c <= 0x7e) ||
	       (c >= 0xc0 && c <= 0x24f && c != 0xd7 && c != 0xf7) ||	/* Latin letters */
	       (c >= 0x391 && c <= 0x3c9) ||				/* Greek */
	       (c >= 0x400 && c <= 0x45f);				/* Cyrillic */
}

bool name_check(const char *s, char *why, size_t len)
{
	const unsigned char *p = (const unsigned char *)s;
	int chars = 0;
	if (!*p) {
		snprintf(why, len, "a name needs at least one character");
		return false;
	}
	if (*p == ' ') {
		snprintf(why, len, "a name cannot begin with a space");
		return false;
	}
	for (int n; *p; p += n) {
		long c = next_char(p, &n);
		if (c < 0) {
			snprintf(why, len, "character %d is not valid UTF-8", chars + 1);
			return false;
		}
		if (c < 0x20 || c == 0x7f || (c >= 0x80 && c < 0xa0)) {
			snprintf(why, len, "character %d is a control character (escape sequences are refused)",
				 chars + 1);
			return false;
		}
		if (c >= 0x10000 || (c >= 0x300 && c <= 0x36f)) {
			snprintf(why, len, "character %d would not take exactly one column on every terminal "
				 "(combining, wide or invisible characters, bidi controls and emoji are refused)", chars + 1);
			return false;
		}
		if (!allowed(c)) {
			snprintf(why, len, "character %d is not a letter (Latin, Greek, Cyrillic), digit, "
				 "punctuation or space", chars + 1);
			return false;
		}
		if (c == ' ' && p[1] == ' ') {
			snprintf(why, len, "two spaces in a row");
			return false;
		}
		if (++chars > NAME_MAX_CHARS) {
			snprintf(why, len, "longer than %d characters", NAME_MAX_CHARS);
			return false;
		}
	}
	if (p[-1] == ' ') {
		snprintf(why, len, "a name cannot end with a space");
		return false;
	}
	return true;
}

void name_key(const char *s, char *key, size_t len)
{
	size_t o = 0;
	for (const unsigned char *p = (const unsigned char *)s; *p && o + 3 <= len; p++) {
		unsigned char c = *p >= 'A' && *p <= 'Z' ? (unsigned char)(*p + 32) : *p;
		o += (size_t)snprintf(key + o, len - o, "%02x", c);
	}
	if (len)
		key[o < len ? o : len - 1] = '\0';
}
