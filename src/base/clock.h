/* The one clock and the one date, below every layer: seconds that only
 * go forward (for intervals), and a day as the daily board names it. */
#ifndef LO_CLOCK_H
#define LO_CLOCK_H

#include <stdbool.h>
#include <time.h>

#define CLOCK_DATE_LEN 11	/* "YYYY-MM-DD" and its NUL */

/* Seconds on the monotonic clock: a change of the wall clock moves no
 * interval measured with it. */
double clock_seconds(void);

/* The UTC day of t, "YYYY-MM-DD": the daily board's, the same for every
 * player wherever they are (never the local time zone's). */
void clock_date(time_t t, char out[CLOCK_DATE_LEN]);

/* Whether d is such a day, one the calendar has (no 31 February, 29
 * February in leap years only), from 1970 on. */
bool clock_date_valid(const char *d);

#endif
