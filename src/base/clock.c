#include "base/clock.h"

#include <stdio.h>
#include <string.h>
#include <stdlib.h>

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

/* Whether s's first n characters are all digits (and n > 0). */
static bool digits(const char *s, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (s[i] < '0' || s[i] > '9')
			return false;
	return n > 0;
}

bool clock_date_valid(const char *d)
{
	static const int days[12] = { 31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31 };
	if (strlen(d) != 10 || d[4] != '-' || d[7] != '-' || !digits(d, 4) || !digits(d + 5, 2) ||
	    !digits(d + 8, 2))
		return false;
	int y = atoi(d), m = (d[5] - '0') * 10 + d[6] - '0', day = (d[8] - '0') * 10 + d[9] - '0';
	if (y < 1970 || m < 1 || m > 12 || day < 1 || day > days[m - 1])
		return false;
	return !(m == 2 && day == 29 && !(y % 4 == 0 && (y % 100 != 0 || y % 400 == 0)));
}
