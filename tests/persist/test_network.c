/* Client networks (persist/network.h): an address's /24 or /48, as the
 * limits and the race rankings count them. */
#include <string.h>

#include "persist/network.h"
#include "persist/roster.h"
#include "tap.h"

/* The network of the address roster_address() makes of an
 * SSH_CONNECTION. */
static const char *net_of_conn(const char *conn)
{
	static char addr[80], net[NETWORK_LEN];
	roster_address(conn, addr, sizeof addr);
	network_of(addr, net, sizeof net);
	return net;
}

int main(void)
{
	char net[NETWORK_LEN], a[80], b[80];
	tap_ok(network_of("127.0.0.1", net, sizeof net) && !strcmp(net, "127.0.0.0/24"), "IPv4: its /24 (%s)", net);
	tap_ok(network_of("10.1.2.255", net, sizeof net) && !strcmp(net, "10.1.2.0/24"), "IPv4: the last address too");
	tap_ok(!strcmp(net_of_conn("2001:db8:1:2:3:4:5:6 5555 ::1 22"), "2001:0db8:0001::/48"),
	       "IPv6: its /48 (%s)", net_of_conn("2001:db8:1:2:3:4:5:6 5555 ::1 22"));
	tap_ok(!strcmp(net_of_conn("::ffff:192.0.2.9 5555 ::1 22"), "192.0.2.0/24"),
	       "an IPv4 client seen through IPv6 is in its IPv4 /24");
	tap_ok(!network_of("", net, sizeof net) && !net[0], "no address: no network");
	tap_ok(!network_of("256.1.1.1", net, sizeof net) && !net[0], "not an address: no network");
	tap_ok(!network_of("1.2.3.4x", net, sizeof net), "trailing text: no network");
	tap_ok(!network_of("1.2.3.4", net, 8), "a buffer too small: refused, not cut");

	tap_ok(network_block_of("127.3.200.9", net, sizeof net) && !strcmp(net, "127.3.0.0/16"),
	       "IPv4: its block is its /16 (%s)", net);
	roster_address("2001:db8:1:2:3:4:5:6 5555 ::1 22", a, sizeof a);
	tap_ok(network_block_of(a, net, sizeof net) && !strcmp(net, "2001:0db8::/32"), "IPv6: its block is its /32 (%s)",
	       net);
	tap_ok(!network_block_of("", net, sizeof net) && !net[0], "no address: no block");
	tap_ok(!network_block_of("1.2.3.4", net, 8), "a block's buffer too small: refused");

	tap_ok(network_same("127.0.0.1", "127.0.0.200"), "two addresses of one /24 are one network");
	tap_ok(!network_same("127.0.0.1", "127.0.1.1"), "the next /24 is another network");
	roster_address("2001:db8:1:aaaa::1 1 ::1 22", a, sizeof a);
	roster_address("2001:db8:1:bbbb::1 1 ::1 22", b, sizeof b);
	tap_ok(strcmp(a, b) && network_same(a, b), "two /64s of one /48: two addresses, one network");
	roster_address("2001:db8:2:aaaa::1 1 ::1 22", b, sizeof b);
	tap_ok(!network_same(a, b), "another /48 is another network");
	tap_ok(!network_same("", ""), "unknown addresses are never one network");
	return tap_done();
}
