#include "persist/textbuf.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

void textbuf_init(textbuf *t)
{
	t->p = NULL;
	t->len = t->cap = 0;
	t->oom = false;
}

static bool reserve(textbuf *t, size_t more)
{
	if (t->oom)
		return false;
	if (t->len + more + 1 <= t->cap)
		return true;
	size_t cap = t->cap ? t->cap : 256;
	while (cap < t->len + more + 1)
		cap *= 2;
	char *p = realloc(t->p, cap);
	if (!p) {
		t->oom = true;
		return false;
	}
	t->p = p;
	t->cap = cap;
	return true;
}

void textbuf_putc(textbuf *t, char c)
{
	if (reserve(t, 1)) {
		t->p[t->len++] = c;
		t->p[t->len] = '\0';
	}
}

void textbuf_printf(textbuf *t, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	int n = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	if (n < 0 || !reserve(t, (size_t)n))
		return;
	va_start(ap, fmt);
	vsnprintf(t->p + t->len, (size_t)n + 1, fmt, ap);
	va_end(ap);
	t->len += (size_t)n;
}

char *textbuf_finish(textbuf *t, size_t *len)
{
	if (t->oom || !reserve(t, 0)) {
		free(t->p);
		textbuf_init(t);
		return NULL;
	}
	t->p[t->len] = '\0';
	*len = t->len;
	return t->p;
}
