/* The one fresh seed and the one reader of /dev/urandom (base/seed.h). */
#include "base/seed.h"

#include <stdatomic.h>
#include <stdio.h>
#include <time.h>
#include <unistd.h>

/* splitmix64's finalizer: every bit of x moves about half the result's,
 * so seeds a nanosecond apart share nothing. */
static uint64_t mix(uint64_t x)
{
	x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
	x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
	return x ^ (x >> 31);
}

uint64_t seed_fresh(void)
{
	/* Two calls in one nanosecond (or a clock that moves in coarser
	 * steps) still differ: the count, atomic for the threads. */
	static atomic_uint_fast64_t count;
	struct timespec ts;
	clock_gettime(CLOCK_REALTIME, &ts);
	uint64_t x = (uint64_t)ts.tv_sec * 1000000007u ^ (uint64_t)ts.tv_nsec ^ (uint64_t)getpid() << 32;
	return mix(x + 0x9e3779b97f4a7c15ULL * (uint64_t)atomic_fetch_add(&count, 1));
}

bool seed_random(void *buf, size_t n)
{
	FILE *f = fopen("/dev/urandom", "rbe");	/* "e": not passed to what the program runs */
	bool ok = f && fread(buf, 1, n, f) == n;
	if (f)
		fclose(f);
	return ok;
}
