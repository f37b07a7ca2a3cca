/* A growing text buffer for writing whole files in memory first. */
#ifndef LO_TEXTBUF_H
#define LO_TEXTBUF_H

#include <stdbool.h>
#include <stddef.h>

typedef struct textbuf {
	char *p;
	size_t len, cap;
	bool oom;		/* a write failed: finish() returns NULL */
} textbuf;

void textbuf_init(textbuf *t);
void textbuf_putc(textbuf *t, char c);
#if defined(__GNUC__)
__attribute__((format(printf, 2, 3)))
#endif
void textbuf_printf(textbuf *t, const char *fmt, ...);
/* The text (NUL-terminated, caller frees) and its length; NULL if out of memory. */
char *textbuf_finish(textbuf *t, size_t *len);

#endif
