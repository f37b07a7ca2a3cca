/* The one clock and the one date. */
#include <stdlib.h>
#include <string.h>

#include "base/clock.h"
#include "tap.h"

int main(void)
{
	char d[CLOCK_DATE_LEN];
	clock_date(0, d);
	tap_ok(!strcmp(d, "1970-01-01"), "the epoch: %s", d);
	clock_date(1795823999, d);	/* 2026-11-27 23:59:59 UTC */
	tap_ok(!strcmp(d, "2026-11-27"), "the last second of a day: %s", d);
	clock_date(1795824000, d);
	tap_ok(!strcmp(d, "2026-11-28"), "the next: %s", d);
	/* UTC whatever the time zone: 23:59 UTC is the next day in Tokyo. */
	setenv("TZ", "Asia/Tokyo", 1);
	tzset();
	clock_date(1795823999, d);
	tap_ok(!strcmp(d, "2026-11-27"), "in another time zone still UTC's day: %s", d);
	clock_date(951782400, d);	/* 2000-02-29 */
	tap_ok(!strcmp(d, "2000-02-29"), "a leap day: %s", d);
	double a = clock_seconds();
	struct timespec ts = { 0, 20 * 1000000L };
	nanosleep(&ts, NULL);
	double b = clock_seconds();
	tap_ok(b - a >= 0.019 && b - a < 5, "the clock moves forward: %.3f s", b - a);
	return tap_done();
}
