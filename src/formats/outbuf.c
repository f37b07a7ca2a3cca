#include "formats/outbuf.h"

#include <stdlib.h>

void outbuf_open(outbuf *o, FILE *f)
{
	o->f = f;
	o->buf = malloc(OUTBUF_SIZE);
	size_t size = o->buf ? OUTBUF_SIZE : sizeof o->small;
	if (!o->buf)
		o->buf = o->small;
	o->p = o->buf;
	o->end = o->buf + size - OUTBUF_SLACK;
}

void outbuf_flush(outbuf *o)
{
	if (o->p > o->buf)
		fwrite(o->buf, 1, (size_t)(o->p - o->buf), o->f);
	o->p = o->buf;
}

void outbuf_close(outbuf *o)
{
	outbuf_flush(o);
	if (o->buf != o->small)
		free(o->buf);
	o->buf = o->p = o->end = NULL;
}
