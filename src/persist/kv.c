#include "persist/kv.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include "i18n.h"

void kv_init(kv_reader *r, const char *file, const char *text, size_t len, unsigned flags, char *err, size_t errlen)
{
	r->p = text;
	r->end = text + len;
	r->line = 0;
	r->file = file;
	r->flags = flags;
	r->err = err;
	r->errlen = errlen;
	if (errlen)
		err[0] = '\0';
}

bool kv_fail(kv_reader *r, const char *fmt, ...)
{
	char msg[400];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	if (r->file)
		snprintf(r->err, r->errlen, "%s:%d: %s", r->file, r->line, msg);
	else
		snprintf(r->err, r->errlen, _("line %d: %s"), r->line, msg);
	return false;
}

bool kv_line(kv_reader *r, const char **s, size_t *n)
{
	r->line++;
	if (r->p >= r->end)
		return kv_fail(r, _("unexpected end of file"));
	const char *nl = memchr(r->p, '\n', (size_t)(r->end - r->p));
	*s = r->p;
	*n = (size_t)((nl ? nl : r->end) - r->p);
	r->p = nl ? nl + 1 : r->end;
	if ((r->flags & KV_CR) && *n && (*s)[*n - 1] == '\r')
		(*n)--;
	if ((r->flags & KV_NUL) && memchr(*s, '\0', *n))
		return kv_fail(r, _("NUL byte"));
	if ((r->flags & KV_NEWLINE) && !nl)
		return kv_fail(r, _("no newline at the end"));
	return true;
}

bool kv_key(const char *s, size_t n, const char *key, const char **v, size_t *vn)
{
	size_t kl = strlen(key);
	if (n < kl || memcmp(s, key, kl) != 0 || (n > kl && s[kl] != ' '))
		return false;
	s += kl;
	n -= kl;
	while (n && *s == ' ')
		s++, n--;
	*v = s;
	*vn = n;
	return true;
}

bool kv_value(kv_reader *r, const char *key, char *out, size_t cap, const char *what)
{
	const char *s, *v;
	size_t n, vn;
	if (!kv_line(r, &s, &n))
		return false;
	if (!kv_key(s, n, key, &v, &vn))
		return what ? kv_fail(r, "%s", what) : kv_fail(r, _("expected '%s'"), key);
	if (memchr(v, '\0', vn))
		return kv_fail(r, _("NUL byte"));
	if (vn >= cap)
		return what ? kv_fail(r, "%s", what) : kv_fail(r, _("%s: value too long"), key);
	memcpy(out, v, vn);
	out[vn] = '\0';
	return true;
}

bool kv_end(kv_reader *r, const char *what)
{
	if (r->p >= r->end)
		return true;
	r->line++;
	return kv_fail(r, "%s", what);
}
