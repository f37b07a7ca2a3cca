/* One reader for the line formats of persist/ ("KEY value" lines, a
 * header, records): the text cut into lines, each line numbered, and
 * every refusal worded "line N: why" (or "FILE:N: why" when the reader
 * is given the file's name), so that whoever reads a damaged file is told
 * where.  The text is never changed and need not end in a NUL. */
#ifndef LO_KV_H
#define LO_KV_H

#include <stdbool.h>
#include <stddef.h>

enum {
	KV_CR = 1,		/* a CR before a newline is no part of the line */
	KV_NUL = 2,		/* a NUL byte in a line is refused ("NUL byte") */
	KV_NEWLINE = 4,		/* every line ends in a newline ("no newline at the end") */
};

typedef struct kv_reader {
	const char *p, *end;	/* what is left */
	int line;		/* the line last read: 0 before the first */
	const char *file;	/* named in errors; NULL: "line N" alone */
	unsigned flags;
	char *err;
	size_t errlen;
} kv_reader;

void kv_init(kv_reader *r, const char *file, const char *text, size_t len, unsigned flags, char *err,
	     size_t errlen);

/* The next line, without its newline: false at the end of the text (the
 * error says "unexpected end of file" on the line after the last), or
 * when the line breaks a rule of the flags (the error says which). */
bool kv_line(kv_reader *r, const char **s, size_t *n);

/* Whether line (s, n) is "KEY" alone or "KEY value": the value in (v, vn),
 * the spaces after the key skipped. */
bool kv_key(const char *s, size_t n, const char *key, const char **v, size_t *vn);

/* The next line, which must be "KEY value": its value copied to out (cap
 * bytes, NUL-terminated).  false with the error: another line is "what"
 * (NULL: "expected 'KEY'"), a value too long "KEY: value too long". */
bool kv_value(kv_reader *r, const char *key, char *out, size_t cap, const char *what);

/* Nothing left after the last line read: else the error is "what" on the
 * line after it. */
bool kv_end(kv_reader *r, const char *what);

/* Set the error for the line last read; returns false. */
#if defined(__GNUC__)
__attribute__((format(printf, 2, 3)))
#endif
bool kv_fail(kv_reader *r, const char *fmt, ...);

#endif
