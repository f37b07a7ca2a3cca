/* A player's name on a shared host, as others will see it on the
 * leaderboard, in watch lists and in the status line: 1 to NAME_MAX_CHARS
 * characters of UTF-8, each one column wide on any terminal (letters of
 * the Latin, Greek and Cyrillic scripts, digits, punctuation, single
 * spaces inside).  Control characters, escape sequences, bidi overrides,
 * zero-width and combining characters, wide characters and anything else
 * that would break a column or mislead a reader are refused. */
#ifndef LO_NAME_H
#define LO_NAME_H

#include <stdbool.h>
#include <stddef.h>

#define NAME_MAX_CHARS 16
#define NAME_MAX_BYTES (NAME_MAX_CHARS * 2)	/* each allowed character is 1 or 2 bytes */

/* True when s is a name to accept; otherwise false with the reason (one
 * line, no part of s quoted raw) in why. */
bool name_check(const char *s, char *why, size_t len);

/* The name's key for uniqueness: ASCII letters folded to lower case, then
 * every byte as two hex digits (a safe file name), in key (at least
 * 2 * NAME_MAX_BYTES + 1 bytes). */
void name_key(const char *s, char *key, size_t len);

#endif
