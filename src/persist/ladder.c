#include "persist/ladder.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "persist/aside.h"
#include "persist/atomic.h"
#include "persist/kv.h"
#include "persist/lock.h"
#include "persist/parse.h"
#include "persist/textbuf.h"
#include "i18n.h"

/* One line: *rung and the key (kl bytes at *k); -1 with why when damaged,
 * 0 for a blank line. */
static int parse_line(const char *s, size_t n, long *rung, const char **k, size_t *kl, const char **why)
{
	if (n == 0)
		return 0;
	size_t d = 0;
	long long v = 0;
	while (d < n && s[d] >= '0' && s[d] <= '9')
		d++;
	if (d > 0 && !parse_int(s, d, 0, LADDER_RUNG_MAX, false, &v)) {
		*why = _("rung above " "1000000");
		return -1;
	}
	if (d == 0 || d >= n || s[d] != ' ' || d + 1 == n) {
		*why = _("expected 'RUNG KEY'");
		return -1;
	}
	if (memchr(s, '\0', n)) {
		*why = _("NUL byte");
		return -1;
	}
	*rung = (long)v;
	*k = s + d + 1;
	*kl = n - d - 1;
	return 1;
}

int ladder_parse(const char *text, size_t len, const char *key, long *rung, char *err, size_t errlen)
{
	size_t keylen = strlen(key), n;
	int found = 0;
	const char *p;
	kv_reader rd;
	kv_init(&rd, NULL, text, len, KV_CR, err, errlen);
	while (rd.p < rd.end && kv_line(&rd, &p, &n)) {
		long v;
		const char *k, *why = NULL;
		size_t kl;
		int rc = parse_line(p, n, &v, &k, &kl, &why);
		if (rc < 0)
			return kv_fail(&rd, "%s", why), -1;
		if (rc > 0 && kl == keylen && memcmp(k, key, kl) == 0) {
			*rung = v;	/* the last line for a key wins, as before */
			found = 1;
		}
	}
	return found;
}

/* Under the lock: the file's text (NULL, status set, when there is none
 * to use). */
static char *load(const char *path, size_t *len, persist_result *res)
{
	char err[300];
	char *text = atomic_read_max(path, LADDER_MAX_BYTES, len, err, sizeof err);
	if (!text)
		persist_errno(res, errno);
	return text;
}

persist_status ladder_read(const char *path, const char *key, long need, long *rung, persist_result *res)
{
	char err[300];
	size_t len;
	long v;
	persist_result_init(res, path);
	int fd = lock_take(path, LOCK_WAIT_MS, err, sizeof err);
	if (fd < 0)
		return persist_lock_errno(res, errno);
	atomic_sweep(path, ATOMIC_STALE_SECONDS);
	char *text = load(path, &len, res);
	if (text) {
		int rc = ladder_parse(text, len, key, &v, err, sizeof err);
		if (rc < 0)
			aside_set(path, err, res);
		else if (rc == 0)
			persist_fail(res, PERSIST_NONE, 0, NULL);
		else
			*rung = need >= 0 && v > need ? need : v;
	}
	free(text);
	lock_release(fd);
	return res->status;
}

persist_status ladder_write(const char *path, const char *key, long rung, persist_result *res)
{
	char err[300];
	size_t len = 0, keylen = strlen(key);
	long v;
	persist_result_init(res, path);
	if (rung < 0 || rung > LADDER_RUNG_MAX || strchr(key, '\n') || !keylen)
		return persist_fail(res, PERSIST_REFUSED, EINVAL, _("bad rung or key"));
	int fd = lock_take(path, LOCK_WAIT_MS, err, sizeof err);
	if (fd < 0)
		return persist_lock_errno(res, errno);
	char *text = load(path, &len, res);
	if (text && ladder_parse(text, len, key, &v, err, sizeof err) < 0) {
		/* Damaged: kept aside, the ladder starts a fresh file. */
		free(text);
		text = NULL;
		len = 0;
		aside_set(path, err, res);
	}
	persist_status st = res->status;
	if (st == PERSIST_OK || st == PERSIST_NONE || st == PERSIST_SET_ASIDE) {
		textbuf t;
		textbuf_init(&t);
		/* The other kinds' lines as they were, then ours. */
		/* No file yet: no lines (an empty text, never NULL + 0). */
		kv_reader rd;
		const char *p;
		size_t n;
		kv_init(&rd, NULL, text ? text : "", text ? len : 0, KV_CR, err, sizeof err);
		while (rd.p < rd.end && kv_line(&rd, &p, &n)) {
			const char *k, *why;
			size_t kl;
			if (parse_line(p, n, &v, &k, &kl, &why) > 0 && !(kl == keylen && memcmp(k, key, kl) == 0))
				textbuf_printf(&t, "%ld %.*s\n", v, (int)kl, k);
		}
		textbuf_printf(&t, "%ld %s\n", rung, key);
		size_t outlen;
		char *out = textbuf_finish(&t, &outlen);
		if (!out)
			persist_fail(res, PERSIST_NO_MEMORY, ENOMEM, NULL);
		else if (atomic_write(path, out, outlen, err, sizeof err) < 0)
			persist_write_errno(res, errno);
		else if (st == PERSIST_NONE)
			res->status = PERSIST_OK;
		free(out);
	}
	free(text);
	lock_release(fd);
	return res->status;
}
