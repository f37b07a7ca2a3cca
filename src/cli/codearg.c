#include "cli/codearg.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* All of f, NUL-terminated; NULL with err. */
static char *slurp(FILE *f, const char *name, char *err, size_t errlen)
{
	size_t cap = 1 << 16, len = 0;
	char *text = malloc(cap);
	while (text) {
		len += fread(text + len, 1, cap - 1 - len, f);
		if (len < cap - 1 || ferror(f))
			break;
		if (cap >= CODEARG_FILE_MAX) {
			snprintf(err, errlen, "%s: larger than any share code (%d MB)", name, CODEARG_FILE_MAX >> 20);
			free(text);
			return NULL;
		}
		char *more = realloc(text, cap *= 2);
		if (!more)
			free(text);
		text = more;
	}
	if (!text || ferror(f)) {
		snprintf(err, errlen, "%s: %s", name, text ? strerror(errno) : "out of memory");
		free(text);
		return NULL;
	}
	text[len] = '\0';
	return text;
}

int codearg_read(const char *arg, sharecode *sc, char *err, size_t errlen)
{
	char *text = NULL;
	if (!strcmp(arg, "-")) {
		if (!(text = slurp(stdin, "<stdin>", err, errlen)))
			return -1;
	} else if (arg[0] == '@') {
		FILE *f = fopen(arg + 1, "r");
		if (!f) {
			snprintf(err, errlen, "cannot open %s: %s", arg + 1, strerror(errno));
			return -1;
		}
		text = slurp(f, arg + 1, err, errlen);
		fclose(f);
		if (!text)
			return -1;
	}
	int rc = sharecode_decode(text ? text : arg, sc, err, errlen);
	free(text);
	return rc;
}
