#include "formats/codearg.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "formats/readall.h"
#include "i18n.h"

/* All of f, NUL-terminated; NULL with err. */
static char *slurp(FILE *f, const char *name, char *err, size_t errlen)
{
	size_t len;
	char *text = readall(f, CODEARG_FILE_MAX, &len);
	if (!text && errno == EFBIG)
		snprintf(err, errlen, _("%s: larger than any share code (%d MB)"), name, CODEARG_FILE_MAX >> 20);
	else if (!text)
		snprintf(err, errlen, "%s: %s", name, strerror(errno));
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
			snprintf(err, errlen, _("cannot open %s: %s"), arg + 1, strerror(errno));

			return -1;
		}
		text = slurp(f, arg + 1, err, errlen);
		fclose(f);
		if (!text)
			return -1;
	}
	int rc = sharecode_decode(text ? text : arg, sc, err, errlen) == LO_OK ? 0 : -1;
	free(text);
	return rc;
}
