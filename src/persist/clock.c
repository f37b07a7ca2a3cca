#include "persist/clock.h"

#include <stdio.h>

double clock_seconds(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

void clock_date(time_t t, char out[CLOCK_DATE_LEN])
{
	struct tm tm;
	/* A year past 9999 (or a t gmtime refuses) would not fit: the epoch's day. */
	if (!gmtime_r(&t, &tm) || tm.tm_year + 1900 > 9999 || tm.tm_year + 1900 < 0 ||
	    !strftime(out, CLOCK_DATE_LEN, "%Y-%m-%d", &tm))
		snprintf(out, CLOCK_DATE_LEN, "1970-01-01");
}
