/* A player's pace: a burst at once, then the rate, whatever comes. */
#include "ui/pace.h"
#include "tap.h"

/* `count` keys offered every `step` seconds from t0: how many went
 * through. */
static int offered(pace *p, double t0, int count, double step)
{
	int n = 0;
	for (int i = 0; i < count; i++)
		n += pace_take(p, t0 + i * step);
	return n;
}

int main(void)
{
	pace p;
	pace_init(&p, 60, 40, 1000);
	int n = 0;
	for (int i = 0; i < 10000; i++)
		n += pace_take(&p, 1000);
	tap_is(n, 40, "10,000 keys at once: the burst goes through, no more");
	tap_ok(!pace_take(&p, 1000.001), "then none until the bucket fills again");
	tap_ok(pace_take(&p, 1000 + 1.0 / 60 + 1e-9), "one a 60th of a second later");

	/* A flood of 20,000 keys a second for 3 s: the burst and 60 a second. */
	pace_init(&p, 60, 40, 0);
	n = offered(&p, 0, 60000, 1.0 / 20000);
	tap_ok(n >= 40 + 179 && n <= 40 + 181, "a 3 s flood: %d through, the burst and 60 a second", n);

	/* Key repeat, 30 a second for a minute: every key through. */
	pace_init(&p, 60, 40, 0);
	n = offered(&p, 0, 1800, 1.0 / 30);
	tap_is(n, 1800, "key repeat (30 a second) loses nothing");
	/* 100 a second for 10 s: 60 a second and the burst. */
	pace_init(&p, 60, 40, 0);
	n = offered(&p, 0, 1000, 1.0 / 100);
	tap_ok(n >= 638 && n <= 641, "100 a second: %d of 1000 through", n);

	/* A rest fills the bucket up to the burst, not beyond. */
	pace_init(&p, 60, 40, 0);
	offered(&p, 0, 1000, 1.0 / 1000);
	n = 0;
	for (int i = 0; i < 1000; i++)
		n += pace_take(&p, 3600);
	tap_is(n, 40, "an hour's rest gives a burst, not an hour of keys");

	/* A clock that goes back gives no keys. */
	pace_init(&p, 60, 5, 100);
	offered(&p, 100, 10, 0.0001);
	tap_ok(!pace_take(&p, 50), "a clock gone back gives nothing");
	tap_ok(pace_take(&p, 100.1), "and the bucket fills again from where it was");
	return tap_done();
}
