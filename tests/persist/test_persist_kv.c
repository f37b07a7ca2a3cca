/* The line reader: lines numbered, keys and values, each flag's refusal,
 * and errors that say the line (and the file when named). */
#include <string.h>

#include "persist/kv.h"
#include "tap.h"

int main(void)
{
	kv_reader r;
	char err[200], v[16];
	const char *s;
	size_t n;
	const char *text = "head 1\nsize 4  5\nflag\n";
	kv_init(&r, NULL, text, strlen(text), KV_NEWLINE, err, sizeof err);
	tap_ok(kv_line(&r, &s, &n) && n == 6 && !memcmp(s, "head 1", 6) && r.line == 1, "the first line");
	tap_ok(kv_value(&r, "size", v, sizeof v, NULL) && !strcmp(v, "4  5") && r.line == 2,
	       "a value, the spaces after its key skipped: '%s'", v);
	tap_ok(kv_value(&r, "flag", v, sizeof v, NULL) && !strcmp(v, ""), "a key alone: an empty value");
	tap_ok(kv_end(&r, "more"), "the end");
	tap_ok(!kv_line(&r, &s, &n) && !strcmp(err, "line 4: unexpected end of file"), "past it: %s", err);

	kv_init(&r, NULL, text, strlen(text), 0, err, sizeof err);
	kv_line(&r, &s, &n);
	tap_ok(!kv_value(&r, "rule", v, sizeof v, NULL) && !strcmp(err, "line 2: expected 'rule'"), "another key: %s",
	       err);
	kv_init(&r, NULL, text, strlen(text), 0, err, sizeof err);
	kv_line(&r, &s, &n);
	tap_ok(!kv_value(&r, "siz", v, sizeof v, "a size") && !strcmp(err, "line 2: a size"),
	       "a key's prefix is not the key; the caller's words: %s", err);
	kv_init(&r, NULL, text, strlen(text), 0, err, sizeof err);
	kv_line(&r, &s, &n);
	tap_ok(!kv_value(&r, "size", v, 4, NULL) && !strcmp(err, "line 2: size: value too long"), "too long: %s", err);
	kv_init(&r, NULL, text, strlen(text), 0, err, sizeof err);
	kv_line(&r, &s, &n);
	tap_ok(!kv_end(&r, "more than a file") && !strcmp(err, "line 2: more than a file"), "not the end: %s", err);

	const char crlf[] = "a\r\nb\0c\nd";
	kv_init(&r, "game.save", crlf, sizeof crlf - 1, KV_CR | KV_NUL | KV_NEWLINE, err, sizeof err);
	tap_ok(kv_line(&r, &s, &n) && n == 1, "KV_CR: the CR dropped");
	tap_ok(!kv_line(&r, &s, &n) && !strcmp(err, "game.save:2: NUL byte"), "KV_NUL, a named file: %s", err);
	tap_ok(!kv_line(&r, &s, &n) && !strcmp(err, "game.save:3: no newline at the end"), "KV_NEWLINE: %s", err);
	kv_init(&r, NULL, crlf, sizeof crlf - 1, 0, err, sizeof err);
	tap_ok(kv_line(&r, &s, &n) && n == 2 && kv_line(&r, &s, &n) && n == 3 && kv_line(&r, &s, &n) && n == 1,
	       "no flags: the CR and the NUL kept, the last line open");

	const char *nul = "k a\0b\n";
	kv_init(&r, NULL, nul, 6, 0, err, sizeof err);
	tap_ok(!kv_value(&r, "k", v, sizeof v, NULL) && !strcmp(err, "line 1: NUL byte"), "a NUL in a value: %s", err);
	tap_ok(kv_key("torus yes", 9, "torus", &s, &n) && n == 3 && !kv_key("torusyes", 8, "torus", &s, &n),
	       "kv_key: the key then a space");
	return tap_done();
}
