/* One integer parser and one yes/no parser for every file persist/ reads.
 * Each takes a span (s, n), not a C string, so that a field inside a line
 * is read where it lies.  canonical: the text is exactly as lightsout
 * writes it (files whose text must come back byte for byte, as the
 * leaderboard's); otherwise what a person or an older version may have
 * written is accepted too. */
#ifndef LO_PARSE_H
#define LO_PARSE_H

#include <locale.h>
#include <stdbool.h>
#include <stddef.h>

/* A decimal integer in [lo, hi], the whole span.  Canonical: digits with
 * no leading zero, a '-' only before a number below zero.  Otherwise a
 * '+' or '-' may lead and zeros may pad ("+05").  Never spaces. */
bool parse_int(const char *s, size_t n, long long lo, long long hi, bool canonical, long long *out);

/* The same for a C string. */
bool parse_int_str(const char *s, long long lo, long long hi, bool canonical, long long *out);

/* The words for a yes or no, the whole span: "yes" and "no" as lightsout
 * writes them; not canonical, also "on", "true" and "off", "false" (the
 * settings file, written by hand).  Nothing else, in no other case. */
bool parse_yes_no(const char *s, size_t n, bool canonical, bool *out);

/* Numbers with a fraction as the files write them, a '.' before it,
 * whatever the player's locale (German writes 41,300 and reads 41.300
 * as 41): the C locale's numbers for this thread until parse_numbers_end
 * is given what parse_numbers_begin returned. */
locale_t parse_numbers_begin(void);
void parse_numbers_end(locale_t old);

#endif
