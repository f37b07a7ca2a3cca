/* Names (persist/name.h): what a name may be when read and when chosen,
 * the key that makes look-alikes one name in any case, and a name shown on a
 * terminal whose locale is not UTF-8. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unicode/uspoof.h>
#include <unicode/utf8.h>

#include "persist/name.h"
#include "tap.h"

/* The reason quotes nothing of the name: our own words, one line. */
static bool clean_reason(const char *name, const char *why)
{
	return !strchr(why, '\033') && !strchr(why, '\n') && (strlen(name) < 4 || !strstr(why, name + 1));
}

static void checks(void)
{
	char why[300];
	static const char *const good[] = { "alice", "Zoë", "Ñandú 7", "Δήμητρα", "Борис", "x", "a-b_c.d!",
					    "abcdefghijklmnop" };
	for (size_t i = 0; i < sizeof good / sizeof good[0]; i++)
		tap_ok(name_check(good[i], why, sizeof why), "accepted: %s", good[i]);
	static const struct {
		const char *name, *why;
	} bad[] = {
		{ "", "at least one" },
		{ "abcdefghijklmnopq", "longer than 16" },
		{ "\033[31mred", "control character" },
		{ "a\tb", "control character" },
		{ "del\177", "control character" },
		{ "c1\302\233x", "control character" },		/* U+009B, the 8-bit CSI */
		{ "\342\200\256evil", "one column" },		/* U+202E right-to-left override */
		{ "zero\342\200\213width", "one column" },	/* U+200B */
		{ "e\314\201", "one column" },			/* a combining acute accent */
		{ "\344\275\240\345\245\275", "one column" },	/* wide CJK */
		{ "\360\237\230\200", "one column" },		/* an emoji */
		{ "\300\257", "not valid UTF-8" },		/* an overlong '/' */
		{ "\377", "not valid UTF-8" },
		{ "\302", "not valid UTF-8" },			/* cut short */
		{ " lead", "begin with a space" },
		{ "trail ", "end with a space" },
		{ "two  spaces", "two spaces" },
		{ "\302\240nbsp", "not a letter" },		/* U+00A0 */
		{ "soft\302\255hy", "not a letter" },		/* U+00AD */
		{ "\316\242x", "unassigned" },			/* U+03A2, between Ρ and Σ */
	};
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		bool ok = name_check(bad[i].name, why, sizeof why);
		tap_ok(!ok && strstr(why, bad[i].why), "refused (%zu): %s", i, why);
		tap_ok(clean_reason(bad[i].name, why), "the reason quotes nothing of the name");
		/* What may not be read may not be chosen either. */
		tap_ok(!name_check_new(bad[i].name, why, sizeof why), "and refused as a new name");
	}
}

static void new_names(void)
{
	char why[300];
	/* One script each, with digits and punctuation: Latin, Greek, Cyrillic. */
	static const char *const good[] = { "alice", "Zoë", "Ñandú 7", "Δήμητρα", "Борис", "Борис-2", "ΑΒΓ 42",
					    "a-b_c.d!", "Û6n", "gue st" };
	for (size_t i = 0; i < sizeof good / sizeof good[0]; i++)
		tap_ok(name_check_new(good[i], why, sizeof why), "a new name: %s", good[i]);
	static const char *const mixed[] = {
		"\320\260lice",		/* Cyrillic а, then Latin */
		"\316\221lice",		/* Greek Alpha, then Latin */
		"alic\320\265",		/* Latin, then Cyrillic е */
		"Борис Bob",
		"Δ\320\264",		/* Greek, Cyrillic */
		"\320\242OM",		/* Cyrillic Т, then Latin capitals */
		"\316\244om",		/* Greek Tau, then Latin */
	};
	for (size_t i = 0; i < sizeof mixed / sizeof mixed[0]; i++) {
		tap_ok(name_check(mixed[i], why, sizeof why), "readable (%zu): an old row stays", i);
		bool ok = name_check_new(mixed[i], why, sizeof why);
		tap_ok(!ok && strstr(why, "script"), "mixed scripts refused as a new name (%zu): %s", i, why);
		tap_ok(clean_reason(mixed[i], why), "the reason quotes nothing of the name (%s)", why);
	}
	/* Greek or Cyrillic alone that reads as Latin: a whole-script
	 * confusable, refused whether or not its twin is a player yet. */
	static const char *const latin[] = { "сор", "ТОМ", "ΤΟΜ", "ВОВ", "ΚΕΝ", "МАХ", "РЕТЕ", "КОТ", "ΜΟΜ",
					     "ΝΙΚΗ", "ё" };
	for (size_t i = 0; i < sizeof latin / sizeof latin[0]; i++) {
		tap_ok(name_check(latin[i], why, sizeof why), "readable: %s", latin[i]);
		bool ok = name_check_new(latin[i], why, sizeof why);
		tap_ok(!ok && strstr(why, "read as Latin"), "reads as Latin, refused as a new name: %s (%s)", latin[i],
		       why);
	}
	static const char *const own[] = { "Борис", "борис", "Москва", "Αθήνα", "Ζωή", "ΖΩΗ", "Ёлка", "ΑΒΓ 42" };
	for (size_t i = 0; i < sizeof own / sizeof own[0]; i++)
		tap_ok(name_check_new(own[i], why, sizeof why), "reads as its own script, a new name: %s", own[i]);
	static const char *const guests[] = {
		"guest", "Guest-1a2b", "bob (guest)", "GUEST", "xguestx", "gu\320\265st",
		"g\317\205est",		/* Greek upsilon for u */
		"GUE\321\225T",		/* Cyrillic dze for s */
	};
	for (size_t i = 0; i < sizeof guests / sizeof guests[0]; i++) {
		tap_ok(name_check(guests[i], why, sizeof why), "readable (%zu)", i);
		bool ok = name_check_new(guests[i], why, sizeof why);
		tap_ok(!ok && !strcmp(why, "names with 'guest' in them are kept for guests"),
		       "reads as guest, refused (%zu), in our words alone: %s", i, why);
	}
}

/* Whether a and b share a key (name_keys): one name to the host. */
static bool alike(const char *a, const char *b)
{
	char ka[NAME_KEYS][NAME_KEY_LEN + 1], kb[NAME_KEYS][NAME_KEY_LEN + 1];
	int na = name_keys(a, ka), nb = name_keys(b, kb);
	for (int i = 0; i < na; i++)
		for (int j = 0; j < nb; j++)
			if (!strcmp(ka[i], kb[j]))
				return true;
	return false;
}

/* a and b one name to the host (a key shared) or two. */
static void key_is(const char *a, const char *b, bool same)
{
	tap_ok(alike(a, b) == same, "%s and %s: %s", a, b, same ? "one name" : "two names");
}

static void keys(void)
{
	char k[NAME_KEY_LEN + 8];
	name_key("Zoë", k, sizeof k);
	tap_ok(strlen(k) == NAME_KEY_LEN && strspn(k, "0123456789abcdef") == NAME_KEY_LEN,
	       "a key is %d hex digits, a safe file name: %s", NAME_KEY_LEN, k);
	static const char *const alices[] = { "ALICE", "Alice", "aLICE", "\320\260lice", "\316\221lice", "alic\320\265",
					      "\316\221LICE" };
	for (size_t i = 0; i < sizeof alices / sizeof alices[0]; i++)
		key_is("alice", alices[i], true);
	key_is("ZO\303\213", "Zo\303\253", true);		/* ZOË, Zoë */
	key_is("Zoe\314\210", "Zo\303\253", true);		/* e and a combining diaeresis: NFKC */
	key_is("\316\221\316\222\316\223", "\316\261\316\262\316\263", true);	/* ΑΒΓ, αβγ */
	key_is("rn", "m", true);
	/* Capitals that look Latin (folding first made them т, τ, ν: no
	 * skeleton met), and the Latin ones that need a capital or a digit. */
	static const char *const twins[][2] = {
		{ "ТОМ", "TOM" }, { "ΤΟΜ", "TOM" }, { "ВОВ", "BOB" }, { "ΚΕΝ", "KEN" }, { "МАХ", "MAX" },
		{ "РЕТЕ", "PETE" }, { "КОТ", "KOT" }, { "ΜΟΜ", "MOM" }, { "aIice", "alice" }, { "B0B", "BOB" },
		{ "0tto", "Otto" }, { "5am", "Sam" }, { "8ob", "Bob" }, { "том", "tom" }, { "вов", "bob" },
		{ "\305\277red", "fred" },		/* the long s reads as f, whatever its capital */
		{ "\306\274am", "Sam" },		/* Ƽ reads as 5, so as S */
		{ "\310\242ob", "Bob" },		/* Ȣ reads as 8, so as B */
	};
	for (size_t i = 0; i < sizeof twins / sizeof twins[0]; i++)
		key_is(twins[i][0], twins[i][1], true);
	static const char *const toms[] = { "ΤΟΜ", "TOM", "tom", "Tom", "том", "T0M" };
	for (size_t i = 0; i < sizeof toms / sizeof toms[0]; i++)
		key_is("ТОМ", toms[i], true);
	key_is("Борис", "БОРИС", true);				/* one script's capitals */
	key_is("Δήμητρα", "ΔΉΜΗΤΡΑ", true);
	key_is("alice", "allce", true);				/* the price of aIice */
	key_is("Sam", "Pam", false);
	key_is("5am", "6am", false);
	key_is("TOM", "TIM", false);
	key_is("Bob", "Rob", false);
	key_is("Борис", "Борна", false);
	key_is("ﬁx", "fix", true);				/* NFKC: the ligature */
	key_is("alice", "alicf", false);
	key_is("bob", "bab", false);
	key_is("alice", "alice2", false);
	key_is("Zoë", "Zoe", false);
	/* Not UTF-8: a key all the same, deterministic, apart from any name's. */
	char a[NAME_KEY_LEN + 1], b[NAME_KEY_LEN + 1];
	name_key("\377\376", a, sizeof a);
	name_key("\377\376", b, sizeof b);
	tap_ok(!strcmp(a, b) && strlen(a) == NAME_KEY_LEN, "invalid UTF-8 has a key too: %s", a);
	key_is("\377", "\376", false);
	/* A buffer too small gets what fits, terminated. */
	char small[9];
	name_key("alice", small, sizeof small);
	name_key("alice", k, sizeof k);
	tap_ok(strlen(small) == 8 && !strncmp(small, k, 8), "a short buffer: the key's start");
}

/* No byte >= 0x80 in s. */
static bool ascii(const char *s)
{
	for (; *s; s++)
		if ((unsigned char)*s >= 0x80)
			return false;
	return true;
}

static void terminal(void)
{
	char out[NAME_SHOWN_MAX];
	/* Û6n: c3 9b 36 6e, 0x9B an 8-bit CSI to a terminal taking Latin-1. */
	int cols = name_for_terminal("\303\2336n", false, out, sizeof out);
	tap_ok(ascii(out) && !strchr(out, 0x9b), "not UTF-8: no byte >= 0x80 (%s)", out);
	tap_ok(!strcmp(out, "\\u00DB6n") && cols == 8, "the character as \\u00DB, 8 columns (%d)", cols);
	cols = name_for_terminal("\303\2336n", true, out, sizeof out);
	tap_ok(!strcmp(out, "\303\2336n") && cols == 3, "UTF-8: as it is, 3 columns (%d)", cols);
	static const char *const names[] = { "Zoë", "Δήμητρα", "Борис", "Ñandú 7", "alice", "a\\b" };
	for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
		name_for_terminal(names[i], true, out, sizeof out);
		tap_ok(!strcmp(out, names[i]), "UTF-8 passes unchanged: %s", out);
		name_for_terminal(names[i], false, out, sizeof out);
		tap_ok(ascii(out), "ASCII otherwise: %s", out);
	}
	name_for_terminal("a\\u00DB", false, out, sizeof out);
	tap_ok(!strcmp(out, "a\\\\u00DB"), "a backslash doubled: no name forges an escape (%s)", out);
	/* Controls and broken bytes escaped under either. */
	for (int u = 0; u < 2; u++) {
		name_for_terminal("a\033[2J\302\233\377\342\200\256b", u, out, sizeof out);
		tap_ok(!strchr(out, '\033') && !strchr(out, 0x9b) && !strchr(out, 0xff) && ascii(out),
		       "%s: controls, C1, bidi and invalid bytes escaped (%s)", u ? "UTF-8" : "ASCII", out);
	}
	/* Every byte before 0x9B: not UTF-8, never raw; UTF-8, raw only
	 * inside a letter (c3 9b is Û; c2 9b is U+009B, a control). */
	int leaks = 0;
	for (int b = 1; b < 256; b++)
		for (int u = 0; u < 2; u++) {
			char in[4] = { (char)b, (char)0x9b, 0, 0 };
			name_for_terminal(in, u, out, sizeof out);
			if (u && b >= 0xc3 && b <= 0xdf)
				leaks += strcmp(out, in) != 0;
			else
				leaks += strchr(out, 0x9b) != NULL || (!u && !ascii(out));
		}
	tap_is(leaks, 0, "0x9B never reaches the terminal raw");
	/* Cut short on a whole escape. */
	char small[9];
	name_for_terminal("\303\233\303\233", false, small, sizeof small);
	tap_ok(!strcmp(small, "\\u00DB"), "a short buffer: whole escapes only (%s)", small);
	/* The worst a name may be fits NAME_SHOWN_MAX. */
	char worst[NAME_MAX_BYTES + 1] = "";
	for (int i = 0; i < NAME_MAX_CHARS; i++)
		strcat(worst, "\321\217");	/* я */
	char why[200];
	tap_ok(name_check(worst, why, sizeof why), "16 two-byte letters: a name");
	cols = name_for_terminal(worst, false, out, sizeof out);
	tap_ok(cols == NAME_MAX_CHARS * 6 && strlen(out) == NAME_SHOWN_MAX - 1, "all of it fits NAME_SHOWN_MAX");
}

/* The pairs issue 43 found apart: capitals first, these differ (Б is no
 * 6, Σ no Ο, Є no Ε, Ƞ no Η; ȷ and ĸ have no capital), folded first they
 * meet; and what ICU does not call alike (п, ȷ, ĸ), or punctuation at an
 * end.  Each is a new name of its own: the key alone keeps it out. */
static void issue_pairs(void)
{
	static const char *const pairs[][2] = {
		{ "Глеб", "Гле6" }, { "Любовь", "Лю6овь" }, { "Νίκος", "Νίκσς" }, { "ε", "є" }, { "ƞ", "η" },
		{ "Ana", "Апа" }, { "jo", "ȷo" }, { "kim", "ĸim" }, { "Bob", "Bob." },
		{ "Bob", "(Bob)" }, { "Bob", "Bob!" }, { "-Bob-", "BOB" }, { "Bob", "Bob ?" }, { "Глеб", "ГЛЕБ" },
		{ "Петя", "ПЕТЯ" }, { "Straße", "STRASSE" }, { "\"Qué\"", "qué" },
	};
	char why[300];
	for (size_t i = 0; i < sizeof pairs / sizeof pairs[0]; i++) {
		bool ok = name_check_new(pairs[i][0], why, sizeof why) && name_check_new(pairs[i][1], why, sizeof why);
		tap_ok(ok && alike(pairs[i][0], pairs[i][1]), "%s and %s: each a new name, one name together", pairs[i][0],
		       pairs[i][1]);
	}
	/* What stays two names. */
	static const char *const apart[][2] = {
		{ "Bob", "Bob2" }, { "Bob", "Bo.b" }, { "...", "." }, { "Петя", "Нетя" }, { "ΚΑΠΑ", "ΚΑΝΑ" },
		{ "Глеб", "Глеп" }, { "Νίκος", "Νίκας" }, { "Straße", "Strabe" },
	};
	for (size_t i = 0; i < sizeof apart / sizeof apart[0]; i++)
		key_is(apart[i][0], apart[i][1], false);
	/* A name's keys: name_key's first, the folded one second when it
	 * differs. */
	char keys[NAME_KEYS][NAME_KEY_LEN + 1], k[NAME_KEY_LEN + 1];
	tap_is(name_keys("bob", keys), 1, "bob: one key, the same both ways");
	tap_is(name_keys("alice", keys), 2, "alice: two (capitals first, i reads as l)");
	name_key("Глеб", k, sizeof k);
	tap_ok(name_keys("Глеб", keys) == 2 && !strcmp(keys[0], k) && strcmp(keys[1], k),
	       "Глеб: two keys, name_key's first");
	tap_ok(strlen(keys[1]) == NAME_KEY_LEN && strspn(keys[1], "0123456789abcdef") == NAME_KEY_LEN,
	       "the second is hex digits too: %s", keys[1]);
}

/* A name around one character, with its keys and what ICU makes of it. */
typedef struct probe {
	char name[16];
	char keys[NAME_KEYS][NAME_KEY_LEN + 1];
	int nkeys;
} probe;

/* Every pair of characters a name may hold that ICU's spoof checker
 * calls confusable, each in the middle of a name in small letters and in
 * capitals, at its end and alone, shares a key: nothing ICU tells apart
 * from another is a new name beside it.  The repertoire is what
 * name_check accepts (every character it takes is below U+0800). */
static void exhaustive(void)
{
	static const char *const forms[] = { "a%sb", "A%sB", "ab%s", "%sAB", "%s" };
	UErrorCode e = U_ZERO_ERROR;
	USpoofChecker *sc = uspoof_open(&e);
	tap_ok(U_SUCCESS(e), "ICU's spoof checker opens (%s)", u_errorName(e));
	if (U_FAILURE(e))
		return;
	char chars[0x800][4];
	int n = 0;
	for (UChar32 c = 1; c < 0x800; c++) {
		char in[8], why[300];
		int32_t l = 0;
		UBool bad = false;
		U8_APPEND(in, l, (int32_t)sizeof in, c, bad);
		in[l] = '\0';
		char name[16];
		snprintf(name, sizeof name, "a%sb", in);
		if (!bad && name_check(name, why, sizeof why))
			memcpy(chars[n++], in, (size_t)l + 1);
	}
	tap_ok(n > 600, "the repertoire: %d characters", n);
	probe *p = malloc((size_t)n * sizeof *p);
	clock_t t0 = clock();
	for (size_t f = 0; p && f < sizeof forms / sizeof forms[0]; f++) {
		for (int i = 0; i < n; i++) {
			snprintf(p[i].name, sizeof p[i].name, forms[f], chars[i]);
			p[i].nkeys = name_keys(p[i].name, p[i].keys);
		}
		long pairs = 0, apart = 0;
		for (int i = 0; i < n; i++)
			for (int j = i + 1; j < n; j++) {
				e = U_ZERO_ERROR;
				if (!uspoof_areConfusableUTF8(sc, p[i].name, -1, p[j].name, -1, &e) || U_FAILURE(e))
					continue;
				pairs++;
				bool same = false;
				for (int a = 0; a < p[i].nkeys; a++)
					for (int b = 0; b < p[j].nkeys; b++)
						same |= !strcmp(p[i].keys[a], p[j].keys[b]);
				if (!same && apart++ < 40)
					tap_diag("  apart: %s and %s", p[i].name, p[j].name);
			}
		tap_ok(pairs > 100 && !apart, "%s: the %ld pairs ICU calls confusable share a key (%ld apart)", forms[f],
		       pairs, apart);
		/* And what reads alike that ICU keeps apart: the kra (and
		 * the Greek and Cyrillic small ka, which ICU reads as the
		 * kra), the dotless j, Cyrillic п. */
		static const char *const ours[][2] = { { "\304\270", "k" }, { "\316\272", "k" }, { "\320\272", "k" },
						       { "\310\267", "j" }, { "\320\277", "n" } };
		for (size_t i = 0; i < sizeof ours / sizeof ours[0]; i++) {
			char a[16], b[16];
			snprintf(a, sizeof a, forms[f], ours[i][0]);
			snprintf(b, sizeof b, forms[f], ours[i][1]);
			tap_ok(alike(a, b), "%s and %s: one name", a, b);
		}
	}
	tap_diag("all pairs of %d characters in %zu forms: %.2f s", n, sizeof forms / sizeof forms[0],
		 (double)(clock() - t0) / CLOCKS_PER_SEC);
	free(p);
	uspoof_close(sc);
}

int main(void)
{
	checks();
	new_names();
	keys();
	issue_pairs();
	exhaustive();
	terminal();
	return tap_done();
}
