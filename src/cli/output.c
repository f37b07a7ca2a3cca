#include "cli/output.h"

#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "cli/commands.h"

static bool reported;

static int report(const char *who, int err)
{
	if (!reported)
		fprintf(stderr, "lightsout%s%s: write error: %s\n", who ? " " : "", who ? who : "",
			err ? strerror(err) : "output failed");
	reported = true;
	return -1;
}

int output_check(const char *who)
{
	errno = 0;
	if (fflush(stdout) != 0 || ferror(stdout))
		return report(who, errno);
	return reported ? -1 : 0;
}

int output_finish(const char *who, int status)
{
	int bad = output_check(who);
	errno = 0;
	if (fclose(stdout) != 0 && !bad)
		bad = report(who, errno);
	return bad ? EXIT_USAGE : status;
}
