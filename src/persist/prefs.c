#include "persist/prefs.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "persist/atomic.h"
#include "persist/kv.h"
#include "persist/parse.h"
#include "persist/textbuf.h"
#include "i18n.h"

/* A preferences file is a few hundred bytes: anything much larger is not one. */
#define CONFIG_MAX_BYTES 65536

/* Written by hand: on, true, off and false too. */
static bool yes_no(const char *v, bool *out)
{
	return parse_yes_no(v, strlen(v), false, out);
}

/* A setting's integer in [lo, hi], written by hand: "+05" too. */
static bool setting_int(const char *v, int lo, int hi, int *out)
{
	long long n;
	if (!parse_int_str(v, lo, hi, false, &n))
		return false;
	*out = (int)n;
	return true;
}

/* One "key = value" line into p: NULL, or why not. */
static const char *take(prefs *p, const char *key, const char *v)
{
	char err[160];
	if (!strcmp(key, "size")) {
		/* ROWSxCOLS, or one number for a square. */
		const char *x = strchr(v, 'x');
		long long r, c;
		if (!parse_int(v, x ? (size_t)(x - v) : strlen(v), 1, VARIANT_MAX_SIDE, false, &r) ||
		    !parse_int_str(x ? x + 1 : v, 1, VARIANT_MAX_SIDE, false, &c))
			return _("size: expected ROWSxCOLS");
		p->rows = (int)r, p->cols = (int)c, p->has_size = true;
	} else if (!strcmp(key, "rule")) {
		variant t;
		variant_default(&t);
		if (strlen(v) >= sizeof p->rule || variant_set_rule(&t, v, err, sizeof err) != LO_OK)
			return _("rule: not a rule lightsout knows");
		snprintf(p->rule, sizeof p->rule, "%s", t.rule);
		p->has_rule = true;
	} else if (!strcmp(key, "states")) {
		if (!setting_int(v, VARIANT_MIN_K, VARIANT_MAX_K, &p->k))
			return _("states: expected a number from 2 to 36");
		p->has_k = true;
	} else if (!strcmp(key, "torus")) {
		if (!yes_no(v, &p->torus))
			return _("torus: expected yes or no");
		p->has_torus = true;
	} else if (!strcmp(key, "difficulty")) {
		if (strcmp(v, "any") && strcmp(v, "easy") && strcmp(v, "normal") && strcmp(v, "hard"))
			return _("difficulty: expected any, easy, normal or hard");
		snprintf(p->difficulty, sizeof p->difficulty, "%s", strcmp(v, "any") ? v : "");
		p->has_difficulty = true;
	} else if (!strcmp(key, "preview")) {
		if (!yes_no(v, &p->preview))
			return _("preview: expected yes or no");
		p->has_preview = true;
	} else if (!strcmp(key, "speed")) {
		if (!setting_int(v, 1, 99, &p->speed))
			return _("speed: expected a number from 1");
		p->has_speed = true;
	} else if (!strcmp(key, "theme")) {
		if (strlen(v) >= sizeof p->theme || strspn(v, "abcdefghijklmnopqrstuvwxyz") != strlen(v) || !*v)
			return _("theme: expected a theme's name (classic, amber, ocean, forest)");
		snprintf(p->theme, sizeof p->theme, "%s", v);
		p->has_theme = true;
	} else if (!strcmp(key, "language")) {
		/* A code of two or three letters, and a territory where the
		 * language is written two ways ("zh_CN"): which catalogs exist
		 * is the ui's to say (formats/lang.h), as a theme's name. */
		size_t n = strlen(v), l = strspn(v, "abcdefghijklmnopqrstuvwxyz");
		if (l < 2 || l > 3 ||
		    (n != l && (n != l + 3 || v[l] != '_' || strspn(v + l + 1, "ABCDEFGHIJKLMNOPQRSTUVWXYZ") != 2)))
			return N_("language: expected a language's code (en, de, fr, zh_CN)");
		snprintf(p->lang, sizeof p->lang, "%s", v);
		p->has_lang = true;
	} else if (!strcmp(key, "watchers")) {
		if (!yes_no(v, &p->watchers))
			return _("watchers: expected yes or no");
		p->has_watchers = true;
	} else if (!strcmp(key, "ascii")) {
		if (!yes_no(v, &p->ascii))
			return _("ascii: expected yes or no");
		p->has_ascii = true;
	} else if (!strcmp(key, "reader")) {
		if (!yes_no(v, &p->reader))
			return _("reader: expected yes or no");
		p->has_reader = true;
	} else if (!strcmp(key, "animation")) {
		if (!yes_no(v, &p->animation))
			return _("animation: expected yes or no");
		p->has_animation = true;
	} else if (!strcmp(key, "colour") || !strcmp(key, "color")) {
		if (!yes_no(v, &p->colour))
			return _("colour: expected yes or no");
		p->has_colour = true;
	} else
		return _("unknown setting");
	return NULL;
}

static char *trim(char *s)
{
	while (*s == ' ' || *s == '\t')
		s++;
	size_t n = strlen(s);
	while (n && (s[n - 1] == ' ' || s[n - 1] == '\t' || s[n - 1] == '\r'))
		s[--n] = '\0';
	return s;
}

void prefs_parse(const char *text, size_t len, prefs *p, char *note, size_t notelen)
{
	memset(p, 0, sizeof *p);
	note[0] = '\0';
	kv_reader rd;
	char err[40];
	const char *at;
	size_t n;
	kv_init(&rd, NULL, text, len, 0, err, sizeof err);
	while (rd.p < rd.end && kv_line(&rd, &at, &n)) {
		char line[512];
		const char *why = NULL;
		if (n >= sizeof line)
			why = _("line too long");
		else if (memchr(at, '\0', n))
			why = _("not text");
		else {
			memcpy(line, at, n);
			line[n] = '\0';
			char *s = trim(line), *eq = strchr(s, '=');
			if (*s && *s != '#') {
				if (!eq)
					why = _("expected 'key = value'");
				else {
					*eq = '\0';
					why = take(p, trim(s), trim(eq + 1));
				}
			}
		}
		if (why && !note[0])
			snprintf(note, notelen, _("config line %d: %s (skipped)"), rd.line, why);
	}
}

int prefs_load(const char *path, prefs *p, char *note, size_t len)
{
	size_t n;
	char err[300];
	memset(p, 0, sizeof *p);
	note[0] = '\0';
	char *text = atomic_read_max(path, CONFIG_MAX_BYTES, &n, err, sizeof err);
	if (!text) {
		if (errno == ENOENT)
			return 0;
		snprintf(note, len, _("settings not read: %.200s"), err);
		return -1;
	}
	prefs_parse(text, n, p, note, len);
	free(text);
	return 0;
}

int prefs_save(const char *path, const prefs *p, char *err, size_t errlen)
{
	textbuf t;
	textbuf_init(&t);
	textbuf_printf(&t, "# lightsout settings, written by the game: key = value.\n"
			   "# Command-line options override them for one run.\n");
	if (p->has_size)
		textbuf_printf(&t, "size = %dx%d\n", p->rows, p->cols);
	if (p->has_rule)
		textbuf_printf(&t, "rule = %s\n", p->rule);
	if (p->has_k)
		textbuf_printf(&t, "states = %d\n", p->k);
	if (p->has_torus)
		textbuf_printf(&t, "torus = %s\n", p->torus ? "yes" : "no");
	if (p->has_difficulty)
		textbuf_printf(&t, "difficulty = %s\n", p->difficulty[0] ? p->difficulty : "any");
	if (p->has_preview)
		textbuf_printf(&t, "preview = %s\n", p->preview ? "yes" : "no");
	if (p->has_speed)
		textbuf_printf(&t, "speed = %d\n", p->speed);
	if (p->has_colour)
		textbuf_printf(&t, "colour = %s\n", p->colour ? "yes" : "no");
	if (p->has_animation)
		textbuf_printf(&t, "animation = %s\n", p->animation ? "yes" : "no");
	if (p->has_ascii)
		textbuf_printf(&t, "ascii = %s\n", p->ascii ? "yes" : "no");
	if (p->has_reader)
		textbuf_printf(&t, "reader = %s\n", p->reader ? "yes" : "no");
	if (p->has_watchers)
		textbuf_printf(&t, "watchers = %s\n", p->watchers ? "yes" : "no");
	if (p->has_theme)
		textbuf_printf(&t, "theme = %s\n", p->theme);
	if (p->has_lang && p->lang[0])
		textbuf_printf(&t, "language = %s\n", p->lang);
	size_t len;
	char *text = textbuf_finish(&t, &len);
	if (!text) {
		snprintf(err, errlen, _("out of memory"));
		return -1;
	}
	int rc = atomic_write(path, text, len, err, errlen);
	free(text);
	return rc;
}
