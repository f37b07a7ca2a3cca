#include "cli/progress.h"

#include <math.h>
#include <stdio.h>
#include <sys/ioctl.h>
#include <time.h>
#include <unistd.h>

#include "base/clock.h"
#include "formats/lang.h"
#include "i18n.h"

void progress_start(progress *p, const char *what, const char *unit, double total)
{
	p->what = what;
	p->unit = unit;
	p->total = total;
	p->start = clock_seconds();
	p->last = 0;
	p->tty = isatty(STDERR_FILENO);
	p->shown = false;
}

/* "2m 10s", "1h 05m", "12s": a time left in a few characters. */
static void progress_time(double secs, char *buf, int len)
{
	if (!(secs < 1e9))
		snprintf(buf, (size_t)len, "%s", _("a long time"));
	else if (secs >= 3600)
		snprintf(buf, (size_t)len, "%.0fh %02.0fm", floor(secs / 3600), floor(fmod(secs, 3600) / 60));
	else if (secs >= 60)
		snprintf(buf, (size_t)len, "%.0fm %02.0fs", floor(secs / 60), floor(fmod(secs, 60)));
	else
		snprintf(buf, (size_t)len, "%.0fs", ceil(secs));
}

/* 1234567 as "1.23M". */
static void count_text(double v, char *buf, int len)
{
	static const char suffix[] = " kMGTPE";
	int i = 0;
	while (v >= 1000 && i < 6) {
		v /= 1000;
		i++;
	}
	if (i)
		snprintf(buf, (size_t)len, "%.3g%c", v, suffix[i]);
	else
		snprintf(buf, (size_t)len, "%.3g", v);
}

void progress_show(progress *p, double done, const char *extra)
{
	if (!p->tty)
		return;
	double now = clock_seconds(), spent = now - p->start;
	if (spent < 1.0 || now - p->last < 0.1)
		return;
	p->last = now;
	char rate[48] = "", left[48] = "";
	if (p->total > 0) {
		char n[16];
		count_text(done * p->total / spent, n, sizeof n);
		snprintf(rate, sizeof rate, "  %s %s/s", n, p->unit);
	}
	if (done > 0.001) {
		char t[24], words[44];
		progress_time(spent * (1 - done) / done, t, sizeof t);
		/* TRANSLATORS: the time a long job still needs: "2m 10s left". */
		snprintf(words, sizeof words, _("%s left"), t);
		snprintf(left, sizeof left, "  %s", words);
	}
	/* One line, never wrapped: a wrapped line would not come back with \r. */
	char line[256];
	int n = snprintf(line, sizeof line, "%s: %5.1f%%%s%s%s%s", p->what, 100 * done, rate, left,
			 extra ? "  " : "", extra ? extra : ""), cols = 80;
	struct winsize ws;
	if (ioctl(STDERR_FILENO, TIOCGWINSZ, &ws) == 0 && ws.ws_col > 0)
		cols = ws.ws_col;
	if (n >= cols && text_cols(line) >= cols)
		line[text_fit(line, cols > 1 ? cols - 1 : 0)] = '\0';

	fprintf(stderr, "\r%s\033[K", line);
	p->shown = true;
}

void progress_clear(progress *p)
{
	if (p->shown)
		fputs("\r\033[K", stderr);
	p->shown = false;
}
