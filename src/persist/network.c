/* Client networks (network.h): an address's /24 or /48, its block's /16
 * or /32. */
#include <stdio.h>
#include <string.h>

#include "persist/network.h"

/* addr's network (wide: its block) into out. */
static bool group_of(const char *addr, bool wide, char *out, size_t len)
{
	unsigned a, b, c, d, h[4];
	char tail[8];
	if (len)
		out[0] = '\0';
	if (!addr || !addr[0] || len < NETWORK_LEN)
		return false;
	if (sscanf(addr, "%3u.%3u.%3u.%3u%1s", &a, &b, &c, &d, tail) == 4 && a < 256 && b < 256 && c < 256 &&
	    d < 256) {
		if (wide)
			snprintf(out, len, "%u.%u.0.0/16", a, b);
		else
			snprintf(out, len, "%u.%u.%u.0/24", a, b, c);
		return true;
	}
	/* roster_address's IPv6 spelling: four groups of four hex digits. */
	int end = 0;
	if (sscanf(addr, "%4x:%4x:%4x:%4x::/64%n", &h[0], &h[1], &h[2], &h[3], &end) == 4 && end > 0 &&
	    addr[end] == '\0') {
		if (wide)
			snprintf(out, len, "%04x:%04x::/32", h[0], h[1]);
		else
			snprintf(out, len, "%04x:%04x:%04x::/48", h[0], h[1], h[2]);
		return true;
	}
	return false;
}

bool network_of(const char *addr, char *out, size_t len)
{
	return group_of(addr, false, out, len);
}

bool network_block_of(const char *addr, char *out, size_t len)
{
	return group_of(addr, true, out, len);
}

/* Whether a and b are known and in one group (wide: one block). */
static bool group_same(const char *a, const char *b, bool wide)
{
	char na[NETWORK_LEN], nb[NETWORK_LEN];
	return group_of(a, wide, na, sizeof na) && group_of(b, wide, nb, sizeof nb) && !strcmp(na, nb);
}

bool network_same(const char *a, const char *b)
{
	return group_same(a, b, false);
}

bool network_block_same(const char *a, const char *b)
{
	return group_same(a, b, true);
}
