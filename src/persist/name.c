#include "persist/name.h"

#include <langinfo.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unicode/uchar.h>
#include <unicode/unorm2.h>
#include <unicode/uscript.h>
#include <unicode/uspoof.h>
#include <unicode/ustring.h>
#include <unicode/utf8.h>

#include "persist/sha256.h"
#include "i18n.h"

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
		snprintf(why, len, _("a name needs at least one character"));
		return false;
	}
	if (*p == ' ') {
		snprintf(why, len, _("a name cannot begin with a space"));
		return false;
	}
	for (int n; *p; p += n) {
		long c = next_char(p, &n);
		if (c < 0) {
			snprintf(why, len, _("character %d is not valid UTF-8"), chars + 1);
			return false;
		}
		if (c < 0x20 || c == 0x7f || (c >= 0x80 && c < 0xa0)) {
			snprintf(why, len, _("character %d is a control character (escape sequences are refused)"),
				 chars + 1);
			return false;
		}
		if (c >= 0x10000 || (c >= 0x300 && c <= 0x36f)) {
			snprintf(why, len,
				 _("character %d would not take exactly one column on every terminal (combining, "
				   "wide or invisible characters, bidi controls and emoji are refused)"),
				 chars + 1);
			return false;
		}
		if (!allowed(c)) {
			snprintf(why, len, _("character %d is not a letter (Latin, Greek, Cyrillic), digit, "
				   "punctuation or space"), chars + 1);
			return false;
		}
		/* U+03A2 is inside the Greek letters, and no character. */
		if (!u_isdefined((UChar32)c)) {
			snprintf(why, len, _("character %d is no character of Unicode (unassigned)"), chars + 1);
			return false;
		}
		if (c == ' ' && p[1] == ' ') {
			snprintf(why, len, _("two spaces in a row"));
			return false;
		}
		if (++chars > NAME_MAX_CHARS) {
			snprintf(why, len, _("longer than %d characters"), NAME_MAX_CHARS);
			return false;
		}
	}
	if (p[-1] == ' ') {
		snprintf(why, len, _("a name cannot end with a space"));
		return false;
	}
	return true;
}

/* The steps a name goes through to be compared (see skeleton_of). */
typedef enum step {
	STEP_UPPER,	/* full upper case (ß becomes SS), root locale */
	STEP_FOLD,	/* NFKC with full case folding */
	STEP_SKELETON,	/* the TS #39 confusable skeleton */
	STEP_LOOKS,	/* look_letters: what TS #39 leaves apart */
	STEP_SMALL,	/* small_letters: the same, in small letters */
	STEP_TRIM,	/* punctuation, symbols and spaces at either end dropped */
} step;

/* Characters that pass for letters in terminal fonts which TS #39 does not
 * map to them (it maps 0 to O and 1 to l already): 5am reads as Sam, 8ob
 * as Bob; and the long s, which reads as f but whose capital is S.
 * Applied before the capitals (ſ must not become S) and after their
 * skeleton (what reads as 5 or 8: Ƽ, Ȣ). */
static const struct letter {
	UChar from, to;
} look_letters[] = { { '5', 'S' }, { '8', 'B' }, { 0x17f, 'f' } }, /* ſ */
  /* Small letters that read as Latin ones which TS #39 keeps apart (the
   * kra as k, the dotless j as j, Cyrillic п as n), for the folded key,
   * before and after the folding (П folds to п; ß, which folds to ss,
   * is first the β TS #39 makes it) and after the skeleton (κ and к,
   * which it makes ĸ). */
  small_letters[] = { { 0x138, 'k' }, { 0x237, 'j' }, { 0x43f, 'n' }, { 0xdf, 0x3b2 } };

/* u (n units) into out (cap units), the letters of table (size of them)
 * replaced. */
static int32_t replace(const struct letter *table, size_t size, const UChar *u, int32_t n, UChar *out, int32_t cap,
		       UErrorCode *e)
{
	for (int32_t i = 0; i < n && i < cap; i++) {
		out[i] = u[i];
		for (size_t j = 0; j < size; j++)
			if (u[i] == table[j].from)
				out[i] = table[j].to;
	}
	if (n > cap)
		*e = U_BUFFER_OVERFLOW_ERROR;
	return n;
}

/* Whether c is dropped at either end of a name's key: punctuation, a
 * symbol or a space (marks stay: they are a letter's accent). */
static bool trimmed(UChar32 c)
{
	return (U_GET_GC_MASK(c) & (U_GC_P_MASK | U_GC_S_MASK | U_GC_ZS_MASK)) != 0;
}

/* u (n units) without what trimmed() drops at its ends, into out (cap
 * units): Bob., (Bob) and Bob read as one name.  A name of punctuation
 * alone stays as it is. */
static int32_t trim(const UChar *u, int32_t n, UChar *out, int32_t cap, UErrorCode *e)
{
	int32_t from = 0, to = n;
	while (from < to) {
		int32_t i = from;
		UChar32 c;
		U16_NEXT(u, i, to, c);
		if (!trimmed(c))
			break;
		from = i;
	}
	while (to > from) {
		int32_t i = to;
		UChar32 c;
		U16_PREV(u, from, i, c);
		if (!trimmed(c))
			break;
		to = i;
	}
	if (from == to) {
		from = 0;
		to = n;
	}
	int32_t m = to - from;
	if (m > cap)
		*e = U_BUFFER_OVERFLOW_ERROR;
	else if (m)
		memcpy(out, u + from, (size_t)m * sizeof *u);
	return m;
}

/* One step on u (n units) into out (cap units); its length, which may be
 * more than cap (ask with cap 0 first: steps may lengthen the text). */
static int32_t step_run(step st, USpoofChecker *sc, const UChar *u, int32_t n, UChar *out, int32_t cap, UErrorCode *e)
{
	switch (st) {
	case STEP_UPPER:
		return u_strToUpper(out, cap, u, n, "", e);
	case STEP_FOLD:
		return unorm2_normalize(unorm2_getNFKCCasefoldInstance(e), u, n, out, cap, e);
	case STEP_SKELETON:
		return uspoof_getSkeleton(sc, 0, u, n, out, cap, e);
	case STEP_LOOKS:
		return replace(look_letters, sizeof look_letters / sizeof look_letters[0], u, n, out, cap, e);
	case STEP_SMALL:
		return replace(small_letters, sizeof small_letters / sizeof small_letters[0], u, n, out, cap, e);
	case STEP_TRIM:
		return trim(u, n, out, cap, e);
	}
	*e = U_ILLEGAL_ARGUMENT_ERROR;
	return 0;
}

/* s (UTF-8) through the steps, in UTF-8 (malloc'd); NULL on invalid
 * UTF-8, an ICU error or no memory.  Each step is asked its length
 * first: U+FDFA alone becomes 18 characters. */
static char *skeleton_of(const char *s, const step *steps, size_t nsteps)
{
	UErrorCode e = U_ZERO_ERROR;
	USpoofChecker *sc = uspoof_open(&e);
	int32_t n = 0, on = 0;
	UChar *u = malloc((strlen(s) + 1) * sizeof *u);
	char *out = NULL;
	if (!sc || !u)
		goto done;
	u_strFromUTF8(u, (int32_t)strlen(s) + 1, &n, s, -1, &e);
	for (size_t i = 0; i < nsteps && U_SUCCESS(e); i++) {
		int32_t m = step_run(steps[i], sc, u, n, NULL, 0, &e);
		if (e == U_BUFFER_OVERFLOW_ERROR || e == U_STRING_NOT_TERMINATED_WARNING)
			e = U_ZERO_ERROR;
		UChar *next = U_SUCCESS(e) ? malloc(((size_t)m + 1) * sizeof *next) : NULL;
		if (!next) {
			e = U_FAILURE(e) ? e : U_MEMORY_ALLOCATION_ERROR;
			break;
		}
		n = step_run(steps[i], sc, u, n, next, m + 1, &e);
		free(u);
		u = next;
	}
	if (U_SUCCESS(e))
		u_strToUTF8(NULL, 0, &on, u, n, &e);
	if (e == U_BUFFER_OVERFLOW_ERROR)
		e = U_ZERO_ERROR;
	if (U_FAILURE(e) || !(out = malloc((size_t)on + 1)))
		goto done;
	u_strToUTF8(out, on + 1, NULL, u, n, &e);
	if (U_FAILURE(e)) {
		free(out);
		out = NULL;
	}
done:
	if (sc)
		uspoof_close(sc);
	free(u);
	return out;
}

/* What a name looks like in any case, as name_key compares it.  Capitals
 * first, so that a letter and its capital are one thing, and Cyrillic and
 * Greek capitals meet the Latin ones they look like in the skeleton (ТОМ,
 * ΤΟΜ, TOM: folding first would make т, τ and t, which look nothing
 * alike); look_letters around that; then folded, and the skeleton again
 * for what looks alike in small letters only (rn and m).  Capital I reads
 * as l, so i and l are one letter here: "alice" and "allce" share a key,
 * the price of ALICE and aIice sharing alice's.  Punctuation, symbols
 * and spaces at either end are dropped last (Bob. and Bob are one; what
 * TS #39 makes punctuation, ǃ, goes with it).  Small letters that look
 * alike whose capitals do not are the folded key's. */
static const step look_steps[] = { STEP_LOOKS, STEP_UPPER, STEP_SKELETON, STEP_LOOKS,
				   STEP_FOLD, STEP_SKELETON, STEP_TRIM };
/* Folded first (version 2's key, with small_letters): small letters that
 * look alike whose capitals differ (Cyrillic б reads as 6, Б as nothing;
 * ς, σ and ο; ε and є; Greek υ as u, its capital as Y), and those with
 * no capital (ȷ, ĸ).  With the capitals' key beside it, every pair of
 * characters a name may hold that uspoof_areConfusable calls alike
 * shares a key (tests/persist/test_name.c tries them all). */
static const step folded_steps[] = { STEP_LOOKS, STEP_SMALL, STEP_FOLD, STEP_SMALL,
				     STEP_SKELETON, STEP_SMALL, STEP_TRIM };
/* The name as typed, as a reader sees it. */
static const step typed_steps[] = { STEP_SKELETON };
#define STEPS(a) a, sizeof a / sizeof a[0]

/* Letters of one script, digits and punctuation beside them: ICU's
 * single-script restriction level (Common characters go with any). */
static bool one_script(const char *s, bool *failed)
{
	UErrorCode e = U_ZERO_ERROR;
	USpoofChecker *sc = uspoof_open(&e);
	int32_t bad = 0;
	if (sc) {
		uspoof_setRestrictionLevel(sc, USPOOF_SINGLE_SCRIPT_RESTRICTIVE);
		uspoof_setChecks(sc, USPOOF_RESTRICTION_LEVEL, &e);
		bad = U_SUCCESS(e) ? uspoof_checkUTF8(sc, s, -1, NULL, &e) : 0;
		uspoof_close(sc);
	}
	*failed = U_FAILURE(e);
	return !*failed && !(bad & USPOOF_RESTRICTION_LEVEL);
}

/* Whether s (UTF-8) holds a letter of script sc. */
static bool has_script(const char *s, UScriptCode sc)
{
	int32_t n = (int32_t)strlen(s);
	for (int32_t i = 0; i < n;) {
		UChar32 c;
		UErrorCode e = U_ZERO_ERROR;
		U8_NEXT(s, i, n, c);
		if (c >= 0 && u_isalpha(c) && uscript_getScript(c, &e) == sc)
			return true;
	}
	return false;
}

/* Whether the combining mark c is an accent of a Latin letter a name may
 * have (one of U+00C0 to U+024F decomposed, as the skeleton does). */
static bool latin_accent(UChar32 c)
{
	UErrorCode e = U_ZERO_ERROR;
	const UNormalizer2 *nfd = unorm2_getNFDInstance(&e);
	for (UChar32 l = 0xc0; l <= 0x24f && U_SUCCESS(e); l++) {
		UChar d[8];
		int32_t n = unorm2_getDecomposition(nfd, l, d, 8, &e);
		for (int32_t i = 1; i < n; i++)
			if (d[i] == c)
				return true;
		e = U_ZERO_ERROR;
	}
	return false;
}

/* A whole-script confusable: letters of Greek or Cyrillic alone whose
 * skeleton (typed) is all a Latin name could be (Latin letters up to
 * U+024F and their accents, digits, punctuation): сор reads as cop, ТОМ
 * as TOM.  ICU checks this only between two given strings, so it is ours.
 * Prototypes no Latin name has (ᴎ, ʙ; θ's stroke, η's line below) keep
 * Борис, Москва and Αθήνα apart from any. */
static bool latin_lookalike(const char *s, const char *typed)
{
	if (has_script(s, USCRIPT_LATIN) || !has_script(typed, USCRIPT_LATIN))
		return false;
	int32_t n = (int32_t)strlen(typed);
	for (int32_t i = 0; i < n;) {
		UChar32 c;
		UErrorCode e = U_ZERO_ERROR;
		U8_NEXT(typed, i, n, c);
		UScriptCode sc = c >= 0 ? uscript_getScript(c, &e) : USCRIPT_INVALID_CODE;
		bool latin = sc == USCRIPT_COMMON || (sc == USCRIPT_LATIN && c <= 0x24f) ||
			     (sc == USCRIPT_INHERITED && latin_accent(c));
		if (!latin)
			return false;
	}
	return true;
}

bool name_check_new(const char *s, char *why, size_t len)
{
	if (!name_check(s, why, len))
		return false;
	/* Whatever reads as "guest" is refused, in any script or case, folded
	 * first or capitals first (gυest, GΥEST). */
	char *look = skeleton_of(s, STEPS(look_steps)), *folded = skeleton_of(s, STEPS(folded_steps));
	char *typed = skeleton_of(s, STEPS(typed_steps));
	char *guest_look = skeleton_of("guest", STEPS(look_steps)), *guest_folded = skeleton_of("guest", STEPS(folded_steps));
	bool failed = !look || !folded || !typed || !guest_look || !guest_folded;
	bool guestly = !failed && (strstr(look, guest_look) || strstr(folded, guest_folded));
	bool latin = !failed && latin_lookalike(s, typed);
	free(look);
	free(folded);
	free(typed);
	free(guest_look);
	free(guest_folded);
	if (guestly) {
		snprintf(why, len, _("names with 'guest' in them are kept for guests"));
		return false;
	}
	bool single = !failed && one_script(s, &failed);
	/* A name we cannot compare is not one to hand out. */
	if (failed) {
		snprintf(why, len, _("the name could not be checked (Unicode data missing?): try another"));
		return false;
	}
	if (!single) {
		snprintf(why, len, _("letters of two scripts (Latin, Greek, Cyrillic) in one name: "
			   "it could pass for another's; use one script"));
		return false;
	}
	if (latin) {
		snprintf(why, len, _("Greek or Cyrillic letters that read as Latin ones: "
			   "it could pass for another's; write it in Latin letters"));
		return false;
	}
	return true;
}

/* The key of s through steps (see name_key), in key (len bytes). */
static void key_of(const char *s, const step *steps, size_t nsteps, char *key, size_t len)
{
	unsigned char d[SHA256_LEN];
	char *k = skeleton_of(s, steps, nsteps);
	if (k) {
		sha256(k, strlen(k), d);
		free(k);
	} else {
		/* No skeleton (invalid UTF-8, no ICU data, no memory): the
		 * ASCII-folded bytes, which at least tell apart what the old
		 * key did, hashed to the same length.  Invalid UTF-8 never
		 * meets a skeleton's key (a skeleton is valid UTF-8). */
		sha256_ctx c;
		sha256_init(&c);
		for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
			unsigned char b = *p >= 'A' && *p <= 'Z' ? (unsigned char)(*p + 32) : *p;
			sha256_update(&c, &b, 1);
		}
		sha256_final(&c, d);
	}
	size_t o = 0;
	for (int i = 0; i < SHA256_LEN && o + 3 <= len; i++)
		o += (size_t)snprintf(key + o, len - o, "%02x", d[i]);
	if (len)
		key[o < len ? o : len - 1] = '\0';
}

void name_key(const char *s, char *key, size_t len)
{
	key_of(s, STEPS(look_steps), key, len);
}

int name_keys(const char *s, char keys[NAME_KEYS][NAME_KEY_LEN + 1])
{
	key_of(s, STEPS(look_steps), keys[0], NAME_KEY_LEN + 1);
	key_of(s, STEPS(folded_steps), keys[1], NAME_KEY_LEN + 1);
	return strcmp(keys[0], keys[1]) ? 2 : 1;
}

/* Shown raw: printable, and (under UTF-8) neither a control, a format
 * character (bidi overrides), a line separator nor unassigned. */
static bool raw(UChar32 c, bool utf8)
{
	if (c < 0x80)
		return c >= 0x20 && c != 0x7f && (utf8 || c != '\\');
	if (!utf8)
		return false;
	switch (u_charType(c)) {
	case U_CONTROL_CHAR:
	case U_FORMAT_CHAR:
	case U_LINE_SEPARATOR:
	case U_PARAGRAPH_SEPARATOR:
	case U_UNASSIGNED:
	case U_SURROGATE:
	case U_PRIVATE_USE_CHAR:
		return false;
	default:
		return true;
	}
}

/* Columns c takes: none when it combines, two when East Asian wide. */
static int width(UChar32 c)
{
	int t = u_charType(c);
	if (t == U_NON_SPACING_MARK || t == U_ENCLOSING_MARK)
		return 0;
	int w = u_getIntPropertyValue(c, UCHAR_EAST_ASIAN_WIDTH);
	return w == U_EA_WIDE || w == U_EA_FULLWIDTH ? 2 : 1;
}

int name_for_terminal(const char *name, bool utf8, char *out, size_t len)
{
	size_t o = 0;
	int cols = 0;
	int32_t n = (int32_t)strnlen(name, 1 << 20);
	if (!len)
		return 0;
	for (int32_t i = 0; i < n;) {
		int32_t at = i;
		UChar32 c;
		U8_NEXT(name, i, n, c);
		char piece[16 * 4 + 1];
		int w;
		if (c >= 0 && raw(c, utf8)) {
			memcpy(piece, name + at, (size_t)(i - at));
			piece[i - at] = '\0';
			w = width(c);
		} else if (c == '\\')
			w = snprintf(piece, sizeof piece, "\\\\");
		else if (c >= 0 && c < 0x80)
			w = snprintf(piece, sizeof piece, "\\x%02x", (unsigned)c);
		else if (c >= 0)
			w = snprintf(piece, sizeof piece, c > 0xffff ? "\\U%08X" : "\\u%04X", (unsigned)c);
		else {
			/* Not UTF-8: each byte of what U8_NEXT passed over. */
			w = 0;
			for (int32_t j = at; j < i && j - at < 16; j++)
				w += snprintf(piece + w, sizeof piece - (size_t)w, "\\x%02x", (unsigned char)name[j]);
		}
		size_t pl = strlen(piece);
		if (o + pl + 1 > len)
			break;
		memcpy(out + o, piece, pl);
		o += pl;
		cols += w;
	}
	out[o] = '\0';
	return cols;
}

bool name_locale_utf8(void)
{
	const char *cs = nl_langinfo(CODESET);
	return cs && (!strcasecmp(cs, "UTF-8") || !strcasecmp(cs, "utf8"));
}
