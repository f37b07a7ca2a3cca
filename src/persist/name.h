/* A player's name on a shared host, as others will see it on the
 * leaderboard, in watch lists and in the status line: 1 to NAME_MAX_CHARS
 * characters of UTF-8, each one column wide on any terminal (letters of
 * the Latin, Greek and Cyrillic scripts, digits, punctuation, single
 * spaces inside).  Control characters, escape sequences, bidi overrides,
 * zero-width and combining characters, wide characters, unassigned code
 * points and anything else that would break a column or mislead a reader
 * are refused.  Names are told apart as a reader tells them apart: by
 * their confusable skeleton (Unicode TS #39, through ICU), in any case. */
#ifndef LO_NAME_H
#define LO_NAME_H

#include <stdbool.h>
#include <stddef.h>

#define NAME_MAX_CHARS 16
#define NAME_MAX_BYTES (NAME_MAX_CHARS * 2)	/* each allowed character is 1 or 2 bytes */
#define NAME_KEY_LEN 64				/* name_key's hex digits, without the '\0' */
/* name_for_terminal's output for a name that name_check accepts, '\0'
 * included: every character escaped as \uXXXX at worst. */
#define NAME_SHOWN_MAX (NAME_MAX_CHARS * 6 + 1)

/* True when s is a name safe to show (one line, no part of s quoted raw,
 * in why otherwise).  What files written earlier hold is read with this:
 * a name accepted once stays readable. */
bool name_check(const char *s, char *why, size_t len);

/* True when s may be chosen as a new name: name_check, and letters of one
 * script only (Latin, Greek or Cyrillic, with digits and punctuation),
 * Greek or Cyrillic only when they do not read as Latin (сор, ТОМ: a
 * whole-script confusable), and nothing that reads as "guest" (kept for
 * guests). */
bool name_check_new(const char *s, char *why, size_t len);

/* The name's key for uniqueness, in key (NAME_KEY_LEN + 1 bytes): the
 * SHA-256, in lower-case hex, of what the name looks like in any case
 * (its capitals' skeleton, 5 and 8 read as S and B, folded, skeleton
 * again, punctuation at either end dropped), so that names a reader
 * cannot tell apart share one: alice, Cyrillic аlice, ALICE, aIice; ТОМ,
 * ΤΟΜ and tom; B0B, 8ob and Bob; ZOË and Zoë; rn and m; Bob and Bob.
 * i and l are one letter to it.  Never fails. */
void name_key(const char *s, char *key, size_t len);

/* A name's keys, in keys (each NAME_KEY_LEN + 1 bytes): [0] name_key's
 * (capitals first), [1] folded first: the skeleton of the folded name,
 * with the small letters TS #39 leaves apart read as Latin (ĸ, ȷ, п), for
 * small letters that look alike whose capitals do not (Глеб and Гле6,
 * Νίκος and Νίκσς, ε and є, ȷo and jo).  Two names are one when any key
 * of one is a key of the other: every pair of characters a name may hold
 * that ICU's uspoof_areConfusable calls alike makes one.  Returns how
 * many keys are distinct: 1 when both are one, 2 otherwise.  Never fails. */
#define NAME_KEYS 2
int name_keys(const char *s, char keys[NAME_KEYS][NAME_KEY_LEN + 1]);

/* name_keys' rule: a new one each time its keys change, so that a host
 * keyed by an older rule is re-keyed (roster_rekey).  1 was the name's
 * bytes, 2 the skeleton of the folded name, 3 name_key's alone. */
#define NAME_KEY_VERSION 4

/* name as a terminal of the locale shows it, in out: under UTF-8
 * (utf8) as it is, otherwise every character outside printable ASCII as
 * \uXXXX (and '\' as \\), so that no byte >= 0x80 reaches a terminal
 * that might take it for a control (0x9B is CSI).  Controls and invalid
 * bytes are escaped either way.  Returns the columns written; cut short,
 * whole characters only, when out is too small. */
int name_for_terminal(const char *name, bool utf8, char *out, size_t len);

/* True when the locale's codeset (LC_CTYPE, after setlocale) is UTF-8. */
bool name_locale_utf8(void);

#endif
