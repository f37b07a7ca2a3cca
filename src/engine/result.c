#include "engine/result.h"

#include <stdarg.h>
#include <stdio.h>

#include "i18n.h"

/* The code in a few words ("out of memory", "cancelled"): for messages. */
static const char *lo_result_text(lo_result code)
{
	switch (code) {
	case LO_UNSOLVABLE: return _("unsolvable");
	case LO_OK: return _("ok");
	case LO_NOMEM: return _("out of memory");
	case LO_TOO_LARGE: return _("too large");
	case LO_REFUSED: return _("refused");
	case LO_IO: return _("input/output error");
	case LO_BUSY: return _("busy");
	case LO_CANCELLED: return _("cancelled");
	case LO_TIMED_OUT: return _("timed out");
	}
	return _("unknown status");

}

void lo_status_set(lo_status *st, lo_result code, const char *fmt, ...)
{
	st->code = code;
	st->detail[0] = '\0';
	if (fmt) {
		va_list ap;
		va_start(ap, fmt);
		vsnprintf(st->detail, sizeof st->detail, fmt, ap);
		va_end(ap);
	}
}

const char *lo_status_text(const lo_status *st)
{
	return st->detail[0] ? st->detail : lo_result_text(st->code);
}
