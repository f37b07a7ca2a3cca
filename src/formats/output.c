#include "formats/output.h"

#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "base/clock.h"
#include "i18n.h"

static bool reported;

static int report(const char *who, int err)
{
	if (!reported)
		/* TRANSLATORS: "lightsout%s%s" is "lightsout" and the command (" solve"): keep it; the last %s
		 * is the system's reason. */
		fprintf(stderr, _("lightsout%s%s: write error: %s\n"), who ? " " : "", who ? who : "",
			err ? strerror(err) : _("output failed"));
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

int output_table(const char *who, char *text, size_t len)
{
	if (!text) {
		fprintf(stderr, _("lightsout %s: out of memory\n"), who);
		return EXIT_NOMEM;
	}
	fwrite(text, 1, len, stdout);
	free(text);
	return 0;
}

int output_finish(const char *who, int status)
{
	int bad = output_check(who);
	errno = 0;
	if (fclose(stdout) != 0 && !bad)
		bad = report(who, errno);
	return bad ? EXIT_WRITE : status;
}

static void show_progress(void *ctx, int tries, int closest, double left)
{
	output_progress *p = ctx;
	if (clock_seconds() - p->start < 1.0)
		return;
	fputc('\r', stderr);	/* over the line before */
	/* TRANSLATORS: a progress line, written over itself: keep the space at the end; at most 79 columns
	 * with the numbers. */
	fprintf(stderr, P_("looking for the par: %d try, closest %d presses, %.0f s left (Ctrl-C stops) ",
			   "looking for the par: %d tries, closest %d presses, %.0f s left (Ctrl-C stops) ", tries), tries,

		closest, left > 0 ? left : 0);
	p->shown = true;
}

void output_progress_start(output_progress *p, gen_ctl *ctl)
{
	p->start = clock_seconds();
	p->shown = false;
	if (isatty(STDERR_FILENO)) {
		ctl->progress = show_progress;
		ctl->ctx = p;
	}
}

void output_progress_end(output_progress *p)
{
	if (p->shown)
		fputs("\r\033[K", stderr);
	p->shown = false;
}
