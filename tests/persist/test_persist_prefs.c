/* The settings file: each key read and checked, a bad line named and
 * skipped (never fatal), a round trip through prefs_save. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "persist/prefs.h"
#include "tap.h"

int main(void)
{
	prefs p;
	char note[200];
	const char *good = "# a comment\n size = 7x9 \nrule = knight\nstates=3\ntorus = yes\ndifficulty = hard\n"
			   "preview = no\nspeed = 4\ncolour = off\nreader = yes\nlanguage = de\n";
	prefs_parse(good, strlen(good), &p, note, sizeof note);
	tap_ok(!note[0], "a good file: no note (%s)", note);
	tap_ok(p.has_size && p.rows == 7 && p.cols == 9, "size 7x9");
	tap_ok(p.has_rule && !strcmp(p.rule, "knight"), "rule knight");
	tap_ok(p.has_k && p.k == 3 && p.has_torus && p.torus, "states 3, torus");
	tap_ok(p.has_difficulty && !strcmp(p.difficulty, "hard"), "difficulty hard");
	tap_ok(p.has_preview && !p.preview && p.has_speed && p.speed == 4 && p.has_colour && !p.colour,
	       "preview off, speed 4, no colour");
	tap_ok(p.has_reader && p.reader, "the screen-reader mode");
	tap_ok(p.has_lang && !strcmp(p.lang, "de"), "language de");

	static const struct { const char *text, *want; } bad[] = {
		{ "size = 0x5\n", "config line 1: size: expected ROWSxCOLS" },
		{ "size = 5x\n", "config line 1: size" },
		{ "rule = hexagon\n", "config line 1: rule: not a rule" },
		{ "states = 37\n", "config line 1: states" },
		{ "torus = maybe\n", "config line 1: torus: expected yes or no" },
		{ "difficulty = extreme\n", "config line 1: difficulty" },
		{ "# ok\nwhat = 1\n", "config line 2: unknown setting" },
		{ "size 5x5\n", "config line 1: expected 'key = value'" },
		{ "speed = 0\n", "config line 1: speed" },
		{ "reader = loud\n", "config line 1: reader: expected yes or no" },
		{ "language = Deutsch\n", "config line 1: language: expected" },
		{ "language = zh_cn\n", "config line 1: language: expected" },
		{ "language = zh_CNX\n", "config line 1: language: expected" },
		{ "language = zh_\n", "config line 1: language: expected" },
	};
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		char text[256];
		snprintf(text, sizeof text, "%srule = cross\n", bad[i].text);
		prefs_parse(text, strlen(text), &p, note, sizeof note);
		tap_ok(strstr(note, bad[i].want) && strstr(note, "(skipped)") && p.has_rule && !strcmp(p.rule, "cross"),
		       "'%.*s': %s, and the next line still read", (int)strcspn(bad[i].text, "\n"), bad[i].text, note);
	}
	/* A language written two ways is named with its territory. */
	const char *zh = "language = zh_CN\n";
	prefs_parse(zh, strlen(zh), &p, note, sizeof note);
	tap_ok(!note[0] && p.has_lang && !strcmp(p.lang, "zh_CN"), "language zh_CN (%s)", note);
	/* Words a person writes, kept from before parse_yes_no. */
	const char *spoken = "size = 6\ntorus = on\npreview = true\nanimation = false\nascii = off\nspeed = 05\n";
	prefs_parse(spoken, strlen(spoken), &p, note, sizeof note);
	tap_ok(!note[0] && p.rows == 6 && p.cols == 6 && p.torus && p.preview && p.has_animation && !p.animation &&
	       p.has_ascii && !p.ascii && p.speed == 5, "size 6 is 6x6; on, true, false, off; 05 (%s)", note);
	char nul[] = "size = 5x5\n\0\nrule = x\n";
	prefs_parse(nul, sizeof nul - 1, &p, note, sizeof note);
	tap_ok(strstr(note, "line 2: not text") && p.has_size && p.has_rule, "a NUL byte: that line skipped: %s", note);

	char dir[] = "/tmp/lo-config.XXXXXX", path[64], err[300];
	if (!mkdtemp(dir))
		return printf("Bail out! mkdtemp\n"), 1;
	snprintf(path, sizeof path, "%s/config", dir);
	tap_ok(prefs_load(path, &p, note, sizeof note) == 0 && !p.has_size && !note[0], "no file: nothing, no note");
	prefs_parse(good, strlen(good), &p, note, sizeof note);
	tap_ok(prefs_save(path, &p, err, sizeof err) == 0, "saved (%s)", err);
	prefs q;
	tap_ok(prefs_load(path, &q, note, sizeof note) == 0 && !note[0] && q.rows == 7 && q.cols == 9 &&
		       !strcmp(q.rule, "knight") && q.k == 3 && q.torus && !strcmp(q.difficulty, "hard") && !q.preview &&
		       q.speed == 4 && !q.colour && q.has_reader && q.reader && q.has_lang && !strcmp(q.lang, "de"),
	       "and read back the same");
	char link[80];
	snprintf(link, sizeof link, "%s/link", dir);
	tap_ok(symlink(path, link) == 0 && prefs_load(link, &q, note, sizeof note) < 0 && !q.has_size && note[0],
	       "a symlink is not followed: %s", note);
	unlink(link);
	unlink(path);
	rmdir(dir);
	return tap_done();
}
