#include "engine/bignum.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

/* Base 10^9 limbs, least significant first. */
#define LIMB 1000000000u

void bignum_product(const int *factors, int n, char *buf, size_t len)
{
	/* Each factor <= 36 < 2^6 adds at most one limb every 4 factors. */
	size_t cap = (size_t)n / 4 + 2;
	uint32_t *d = malloc(cap * sizeof *d);
	size_t used = 1;

	if (!d || len == 0) {
		if (len)
			snprintf(buf, len, "?");
		free(d);
		return;
	}
	d[0] = 1;
	for (int i = 0; i < n; i++) {
		uint64_t carry = 0;
		for (size_t j = 0; j < used; j++) {
			uint64_t v = (uint64_t)d[j] * (uint64_t)factors[i] + carry;
			d[j] = (uint32_t)(v % LIMB);
			carry = v / LIMB;
		}
		if (carry)
			d[used++] = (uint32_t)carry;
	}
	size_t pos = 0;
	int w = snprintf(buf, len, "%u", d[used - 1]);
	pos = w > 0 ? (size_t)w : 0;
	for (size_t j = used - 1; j-- > 0 && pos < len;) {
		w = snprintf(buf + pos, len - pos, "%09u", d[j]);
		pos += w > 0 ? (size_t)w : 0;
	}
	free(d);
}
