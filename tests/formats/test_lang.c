/* The player's language: the columns words take on a terminal (a
 * translation's letters, a wide character), and a language chosen at run
 * time and given back to the terminal's. */
#include <locale.h>
#include <stdlib.h>
#include <string.h>

#include "formats/lang.h"
#include "../lib/tap.h"

int main(void)
{
	/* The terminal's language is English here, whatever the caller's. */
	unsetenv("LANGUAGE");
	setenv("LC_ALL", "C.UTF-8", 1);
	lang_start();

	tap_ok(text_cols("Moves 3") == 7 && text_cols("") == 0 && text_cols(NULL) == 0, "ASCII: a column a byte");
	tap_ok(text_fit("Moves 3", 5) == 5 && text_fit("Moves", 9) == 5 && text_fit("abc", -1) == 0,
	       "ASCII fits byte for byte, and no more than there is");
	if (strcmp(setlocale(LC_CTYPE, NULL), "C") == 0 || strcmp(setlocale(LC_CTYPE, NULL), "POSIX") == 0) {
		tap_skip("no UTF-8 locale here (C.UTF-8)");
	} else {
		tap_ok(text_cols("Gr\u00f6\u00dfe") == 5 && strlen("Gr\u00f6\u00dfe") == 7,
		       "\"Gr\u00f6\u00dfe\": 7 bytes, 5 columns");
		tap_ok(text_fit("Gr\u00f6\u00dfe", 3) == 4, "3 columns of it are 4 bytes, never half a letter");
		tap_ok(text_cols("\u65e5") == 2 && text_cols("\u65e5\u672c") == 4, "a wide CJK character: 2 columns");
		tap_ok(text_fit("\u65e5\u672c", 3) == 3 && text_fit("\u65e5\u672c", 1) == 0,
		       "a wide character that does not fit whole is left out");
		tap_ok(text_cols("\u2190 \u2192") == 3, "the game's arrows: a column each");
		/* Lines break at spaces, and between Chinese characters. */
		tap_ok(text_break("hello world foo", 11) == 11 && text_break("hello world foo", 10) == 5 &&
		       text_break("helloworld", 5) == 0, "a line of words breaks at its last space that fits");
		const char *zh = "\u628a\u6240\u6709\u706f\u90fd\u5173\u6389\u3002";	/* 把所有灯都关掉。 */
		tap_ok(text_fit(zh, 7) == 9 && text_break(zh, 9) == 9, "Chinese breaks between any two characters");
		tap_ok(text_break(zh, 21) == 18, "... never before a closing \u3002: the character before it goes along");
		tap_ok(text_break("\u4e00\uff08\u8fd9\u91cc\uff09", 6) == 3, "... never after an opening \uff08");
		tap_ok(text_break("\u6309 Space \u6309\u4e0b", 9) == 9 && text_break("plus\u4e86", 4) == 4,
		       "... and at a space, or where a word meets a Chinese character");
	}

	const char *before = lang_code();
	tap_ok(before && !strcmp(before, "en"), "the terminal's language: en (%s)", before ? before : "NULL");
	tap_ok(lang_choose("de") && !strcmp(lang_code(), "de"), "de chosen: read in de");
	tap_ok(!lang_choose("xx") && !strcmp(lang_code(), "de"), "xx refused: still de");
	tap_ok(lang_choose("") && !strcmp(lang_code(), before), "\"\": the terminal's language again");
	tap_ok(lang_choose("fr") && !strcmp(lang_code(), "fr") && lang_choose(NULL) && !strcmp(lang_code(), before),
	       "fr, then NULL: the terminal's again");
	tap_ok(lang_find("fr") && !strcmp(lang_find("fr")->name, "Fran\u00e7ais") && !lang_find("xx") && !lang_find(NULL),
	       "each language by its own name: Fran\u00e7ais");
	tap_ok(!strcmp(lang_list[0].code, "en"), "English first in the list");
	/* LANGUAGE is a list: its first language the game has is read (as
	 * the environment gives it at the start). */
	setenv("LANGUAGE", "sv:fr_CA:de", 1);
	lang_start();
	tap_ok(!strcmp(lang_code(), "fr"), "LANGUAGE=sv:fr_CA:de: fr (%s)", lang_code());
	setenv("LANGUAGE", "de_AT@euro:fr", 1);
	lang_start();
	tap_ok(!strcmp(lang_code(), "de"), "LANGUAGE=de_AT@euro:fr: de (%s)", lang_code());
	setenv("LANGUAGE", "pt:sv", 1);
	lang_start();
	tap_ok(!strcmp(lang_code(), "en"), "LANGUAGE=pt:sv: none of ours, en (%s)", lang_code());
	/* Chinese: the catalog is Simplified, zh_CN; zh_TW's Traditional
	 * is not it. */
	tap_ok(lang_find("zh_CN") && !strcmp(lang_find("zh_CN")->name, "\u7b80\u4f53\u4e2d\u6587") && lang_choose("zh_CN") &&
	       !strcmp(lang_code(), "zh_CN"), "zh_CN chosen, by its own name: \u7b80\u4f53\u4e2d\u6587");
	unsetenv("LANGUAGE");
	unsetenv("LC_ALL");
	const char *zh[][2] = { { "zh_CN.UTF-8", "zh_CN" }, { "zh_SG.UTF-8", "zh_CN" }, { "zh", "zh_CN" },
				{ "zh_TW.UTF-8", "en" }, { "zh_HK.UTF-8", "en" } };
	for (size_t i = 0; i < sizeof zh / sizeof zh[0]; i++) {
		/* (A missing locale's language is set in LANGUAGE at the start.) */
		unsetenv("LANGUAGE");
		setenv("LANG", zh[i][0], 1);
		lang_start();
		tap_ok(!strcmp(lang_code(), zh[i][1]), "LANG=%s: %s (%s)", zh[i][0], zh[i][1], lang_code());
	}
	setenv("LANGUAGE", "zh_CN:de", 1);
	lang_start();
	tap_ok(!strcmp(lang_code(), "zh_CN"), "LANGUAGE=zh_CN:de: zh_CN (%s)", lang_code());
	setenv("LANGUAGE", "zh_TW:de", 1);
	lang_start();
	tap_ok(!strcmp(lang_code(), "de"), "LANGUAGE=zh_TW:de: de (%s)", lang_code());
	/* gettext looks a bare "zh" up as it is, and has no such catalog. */
	setenv("LANGUAGE", "zh:de", 1);
	lang_start();
	tap_ok(!strcmp(getenv("LANGUAGE"), "zh_CN:de"), "LANGUAGE=zh:de is given to gettext as zh_CN:de (%s)",
	       getenv("LANGUAGE"));
	setenv("LANGUAGE", "sv:zh_SG.UTF-8:zh_TW", 1);
	lang_start();
	tap_ok(!strcmp(getenv("LANGUAGE"), "sv:zh_CN:zh_TW"), "LANGUAGE=sv:zh_SG.UTF-8:zh_TW: sv:zh_CN:zh_TW (%s)",
	       getenv("LANGUAGE"));
	return tap_done();
}
