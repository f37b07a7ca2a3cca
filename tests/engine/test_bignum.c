#include <string.h>

#include "engine/bignum.h"
#include "tap.h"

int main(void)
{
	char buf[256];
	int twos[64], sixes[40];
	for (int i = 0; i < 64; i++)
		twos[i] = 2;
	for (int i = 0; i < 40; i++)
		sixes[i] = 6;
	bignum_product(twos, 0, buf, sizeof buf);
	tap_ok(strcmp(buf, "1") == 0, "empty product is 1");
	bignum_product(twos, 32, buf, sizeof buf);
	tap_ok(strcmp(buf, "4294967296") == 0, "2^32 = %s", buf);
	bignum_product(twos, 64, buf, sizeof buf);
	tap_ok(strcmp(buf, "18446744073709551616") == 0, "2^64 = %s", buf);
	bignum_product(sixes, 40, buf, sizeof buf);
	tap_ok(strcmp(buf, "13367494538843734067838845976576") == 0, "6^40 = %s", buf);
	return tap_done();
}
