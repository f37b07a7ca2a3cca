#include "formats/readall.h"

#include <errno.h>
#include <stdlib.h>

char *readall(FILE *f, size_t max, size_t *len)
{
	size_t cap = 1 << 16, n = 0;
	char *buf = malloc(cap);
	while (buf) {
		n += fread(buf + n, 1, cap - 1 - n, f);
		if (n < cap - 1 || ferror(f))
			break;
		if (cap > max) {
			free(buf);
			errno = EFBIG;
			return NULL;
		}
		char *grown = realloc(buf, cap * 2);
		if (!grown)
			free(buf);
		buf = grown;
		cap *= 2;
	}
	if (!buf) {
		errno = ENOMEM;
		return NULL;
	}
	if (ferror(f)) {
		int e = errno ? errno : EIO;
		free(buf);
		errno = e;
		return NULL;
	}
	buf[n] = '\0';
	*len = n;
	return buf;
}
