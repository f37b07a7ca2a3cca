#include "persist/status.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include "i18n.h"

static const char *base(const char *path)
{
	const char *slash = strrchr(path, '/');
	return slash ? slash + 1 : path;
}

void persist_result_init(persist_result *r, const char *path)
{
	r->status = PERSIST_OK;
	r->errnum = 0;
	snprintf(r->path, sizeof r->path, "%s", path ? path : "");
	r->moved[0] = r->why[0] = '\0';
}

persist_status persist_fail(persist_result *r, persist_status st, int errnum, const char *why)
{
	r->status = st;
	r->errnum = errnum;
	if (why)
		snprintf(r->why, sizeof r->why, "%s", why);
	return st;
}

void persist_describe(const persist_result *r, char *buf, size_t len)
{
	const char *f = base(r->path);
	switch (r->status) {
	case PERSIST_OK:
		snprintf(buf, len, _("%s: done"), f);
		break;
	case PERSIST_NONE:
		snprintf(buf, len, _("%s: none yet"), f);
		break;
	case PERSIST_SET_ASIDE:
		snprintf(buf, len, _("%s damaged, kept as %s: %s"), f, base(r->moved), r->why);
		break;
	case PERSIST_NO_MEMORY:
		snprintf(buf, len, _("%s: not enough memory (file kept)"), f);
		break;
	case PERSIST_REFUSED:
		snprintf(buf, len, _("%s refused: %s"), f, r->why[0] ? r->why : _("not a file of ours"));
		break;
	case PERSIST_IO:
		snprintf(buf, len, "%s: %s", f, r->why[0] ? r->why : strerror(r->errnum));
		break;
	case PERSIST_BUSY:
		snprintf(buf, len, _("%s is locked by another lightsout"), f);
		break;
	}
	/* One line, whatever a file name holds. */
	for (char *p = buf; *p; p++)
		if (*p == '\n' || *p == '\r')
			*p = ' ';
}

persist_status persist_errno(persist_result *r, int e)
{
	switch (e) {
	case 0:
		return persist_fail(r, PERSIST_OK, 0, NULL);
	case ENOENT:
		return persist_fail(r, PERSIST_NONE, e, NULL);
	case ENOMEM:
		return persist_fail(r, PERSIST_NO_MEMORY, e, NULL);
	case EWOULDBLOCK:
		return persist_fail(r, PERSIST_BUSY, e, NULL);
	case ELOOP:
		return persist_fail(r, PERSIST_REFUSED, e, _("a symbolic link"));
	case EINVAL:
		return persist_fail(r, PERSIST_REFUSED, e, _("not a regular file (a FIFO, a device or a directory)"));
	case EISDIR:
		return persist_fail(r, PERSIST_REFUSED, e, _("a directory, not a file"));
	case EPERM:
		return persist_fail(r, PERSIST_REFUSED, e, _("owned by another user"));
	case EMLINK:
		return persist_fail(r, PERSIST_REFUSED, e, _("a file with other names (hard links): not trusted"));
	case EFBIG:
		return persist_fail(r, PERSIST_REFUSED, e, _("too large"));
	default:
		return persist_fail(r, PERSIST_IO, e, strerror(e));
	}
}

persist_status persist_write_errno(persist_result *r, int e)
{
	if (e == EFBIG)
		return persist_fail(r, PERSIST_IO, e,
				    _("File too large for the file size limit (ulimit -f); the file is as it was"));
	return persist_errno(r, e);
}

persist_status persist_lock_errno(persist_result *r, int e)
{
	persist_errno(r, e);
	if (r->status == PERSIST_REFUSED) {
		char why[sizeof r->why];
		snprintf(why, sizeof why, _("its lock file: %.200s"), r->why);
		snprintf(r->why, sizeof r->why, "%s", why);
	}
	return r->status;
}
