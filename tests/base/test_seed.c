/* The fresh seeds and the kernel's random bytes (base/seed.h). */
#include <string.h>

#include "base/seed.h"
#include "tap.h"

int main(void)
{
	/* Fresh: a thousand in a row, none twice (the clock may not move
	 * between two; the count does). */
	enum { N = 1000 };
	static uint64_t s[N];
	int twice = 0;
	for (int i = 0; i < N; i++) {
		s[i] = seed_fresh();
		for (int j = 0; j < i; j++)
			twice += s[j] == s[i];
	}
	tap_ok(twice == 0, "%d fresh seeds in a row, %d given twice", N, twice);
	/* Mixed: the low bits of seeds a moment apart differ as much as the
	 * high ones (not a clock's count that only its low bits move). */
	int high = 0;
	for (int i = 1; i < N; i++)
		high += (s[i] >> 48) != (s[i - 1] >> 48);
	tap_ok(high > N * 9 / 10, "their high 16 bits change from one to the next (%d of %d)", high, N - 1);
	unsigned char a[32], b[32], zero[32] = { 0 };
	tap_ok(seed_random(a, sizeof a) && seed_random(b, sizeof b), "/dev/urandom is read");
	tap_ok(memcmp(a, b, sizeof a) != 0 && memcmp(a, zero, sizeof a) != 0, "... two reads differ, neither all zeros");
	tap_ok(seed_random(a, 0), "... zero bytes asked, none read");
	return tap_done();
}
