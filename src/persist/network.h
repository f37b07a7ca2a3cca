/* Client networks: what the public account's limits count besides the
 * address (issue 35).  A local user can bind any 127.x address and an
 * IPv6 customer holds a /48 of /64s, so one address is not one stranger:
 * caps count per address and per network, and a race between two keys
 * of one network is not ranked.
 *
 * An address is as roster_address() writes it: "a.b.c.d" for IPv4 (an
 * IPv4-mapped IPv6 client included), "hhhh:hhhh:hhhh:hhhh::/64" for
 * IPv6 (its /64 already).  Its network is the IPv4 /24 ("a.b.c.0/24") or
 * the IPv6 /48 ("hhhh:hhhh:hhhh::/48"); its block, the wider grouping
 * (issue 43: one stranger may hold many /24s of one provider's range),
 * the IPv4 /16 ("a.b.0.0/16") or the IPv6 /32 ("hhhh:hhhh::/32"). */
#ifndef LO_NETWORK_H
#define LO_NETWORK_H

#include <stdbool.h>
#include <stddef.h>

#define NETWORK_LEN 48	/* room for either spelling and its NUL */

/* The network of addr into out; false (out "") for an empty or
 * unrecognised address, which then belongs to no network. */
bool network_of(const char *addr, char *out, size_t len);

/* The block of addr into out, as network_of. */
bool network_block_of(const char *addr, char *out, size_t len);

/* Whether a and b are known and in one network. */
bool network_same(const char *a, const char *b);
/* ... in one block. */
bool network_block_same(const char *a, const char *b);

#endif
