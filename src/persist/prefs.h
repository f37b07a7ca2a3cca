/* The player's preferences: $XDG_CONFIG_HOME/lightsout/config, a plain
 * "key = value" file the settings write (atomically) and the next start
 * reads; command-line options override it for one run.  A line that is
 * not understood is named and skipped, never fatal: preferences are a
 * convenience, not a save. */
#ifndef LO_PREFS_H
#define LO_PREFS_H

#include <stdbool.h>
#include <stddef.h>

#include "engine/variant.h"

typedef struct prefs {
	/* Each field with its "was in the file" flag. */
	int rows, cols;
	bool has_size;
	char rule[VARIANT_RULE_MAX];
	bool has_rule;
	int k;
	bool has_k;
	bool torus, has_torus;
	char difficulty[8];		/* "", easy, normal, hard */
	bool has_difficulty;
	bool preview, has_preview;
	int speed;			/* T's speed, 1 (slowest) up */
	bool has_speed;
	bool colour, has_colour;
	bool animation, has_animation;
	bool ascii, has_ascii;		/* the plain ASCII look, even in UTF-8 */
	bool reader, has_reader;	/* the screen-reader mode (--screen-reader) */
	bool watchers, has_watchers;	/* others may watch (a public account) */
	char theme[16];			/* a colour theme's name (the ui checks it) */
	bool has_theme;
	char lang[8];			/* the messages' language ("de"; the ui checks
					 * it), absent: the terminal's */
	bool has_lang;
} prefs;

/* Read path into p (cleared first).  Lines that are wrong are skipped,
 * the first named in note ("config line 3: ..."), else note is "".
 * Returns 0 (also when there is no file), -1 when the file cannot be read
 * (note says why; p stays empty). */
int prefs_load(const char *path, prefs *p, char *note, size_t len);

/* Write every field of p marked present.  0, or -1 with err. */
int prefs_save(const char *path, const prefs *p, char *err, size_t errlen);

/* Parse text (for the tests and the fuzzer): as prefs_load. */
void prefs_parse(const char *text, size_t len, prefs *p, char *note, size_t notelen);

#endif
