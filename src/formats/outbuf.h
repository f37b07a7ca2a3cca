/* Long text out through one big buffer: a giant board or millions of
 * moves cost a write per megabyte, not a stdio call per character. */
#ifndef LO_OUTBUF_H
#define LO_OUTBUF_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#define OUTBUF_SIZE ((size_t)1 << 20)
#define OUTBUF_SLACK 1024	/* outbuf_room's most; fixed-width copies may overrun by it */

typedef struct outbuf {
	FILE *f;
	char *buf, *p, *end;	/* end leaves OUTBUF_SLACK spare */
	char small[4 * OUTBUF_SLACK];	/* when the big one cannot be had */
} outbuf;

void outbuf_open(outbuf *o, FILE *f);
/* What is buffered to f (fwrite: its errors are f's, as main checks). */
void outbuf_flush(outbuf *o);
/* Flush and free. */
void outbuf_close(outbuf *o);

/* Room for n <= OUTBUF_SLACK bytes at the returned place (o->p). */
static inline char *outbuf_room(outbuf *o, size_t n)
{
	if (o->p >= o->end || (size_t)(o->end + OUTBUF_SLACK - o->p) < n)
		outbuf_flush(o);
	return o->p;
}

/* Bytes that may be written at o->p now: at least OUTBUF_SLACK. */
static inline size_t outbuf_space(outbuf *o)
{
	if (o->p >= o->end)
		outbuf_flush(o);
	return (size_t)(o->end + OUTBUF_SLACK - o->p);
}

static inline void outbuf_put(outbuf *o, const char *s, size_t n)
{
	while (n) {
		size_t m = outbuf_space(o);
		m = n < m ? n : m;
		memcpy(o->p, s, m);
		o->p += m;
		s += m;
		n -= m;
	}
}

static inline void outbuf_puts(outbuf *o, const char *s)
{
	outbuf_put(o, s, strlen(s));
}

/* v in decimal at p (up to 20 bytes); the length. */
static inline int outbuf_format_u64(char *p, uint64_t v)
{
	char t[20];
	int n = 0;
	do
		t[19 - n++] = (char)('0' + v % 10);
	while ((v /= 10));
	memcpy(p, t + 20 - n, (size_t)n);
	return n;
}

static inline void outbuf_int(outbuf *o, long long v)
{
	char *p = outbuf_room(o, 21);
	if (v < 0)
		*p++ = '-';
	p += outbuf_format_u64(p, v < 0 ? 0 - (uint64_t)v : (uint64_t)v);
	o->p = p;
}

#endif
