/* Guests' boards kept for a reconnect (persist/guestkeep.h): kept only
 * with an unfinished board and a known address, one an address, found
 * again by that address alone, gone after their time, bounded in size and
 * in count (the oldest goes first). */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "persist/guestkeep.h"
#include "persist/host.h"
#include "tap.h"

static char host[300], kept[400], home[400], save[500];

static int count_kept(void)
{
	char cmd[600];
	snprintf(cmd, sizeof cmd, "ls -A '%s' | wc -l", kept);
	FILE *p = popen(cmd, "r");
	int n = -1;
	if (p && fscanf(p, "%d", &n) != 1)
		n = -1;
	if (p)
		pclose(p);
	return n;
}

static void write_file(const char *path, const char *text, long pad)
{
	FILE *f = fopen(path, "w");
	if (!f)
		return;
	fputs(text, f);
	for (long i = 0; i < pad; i++)
		fputc('x', f);
	fclose(f);
}

/* A guest's home as the game leaves it: with a save holding text (NULL:
 * no unfinished board). */
static void make_home(const char *text, long pad)
{
	char path[600];
	host_remove_tree(home);
	mkdir(home, 0700);
	snprintf(path, sizeof path, "%s/state", home);
	mkdir(path, 0700);
	snprintf(path, sizeof path, "%s/state/lightsout", home);
	mkdir(path, 0700);
	snprintf(path, sizeof path, "%s/config", home);
	write_file(path, "look ascii\n", 0);
	if (text)
		write_file(save, text, pad);
}

/* The save's first line in home, or "" when there is none. */
static const char *saved(void)
{
	static char line[100];
	line[0] = '\0';
	FILE *f = fopen(save, "r");
	if (f) {
		if (!fgets(line, sizeof line, f))
			line[0] = '\0';
		fclose(f);
	}
	line[strcspn(line, "\n")] = '\0';
	return line;
}

/* The kept home of addr made secs older. */
static void age(const char *addr, long secs)
{
	char hash[HOST_PID_LEN + 1], path[600];
	host_address_hash(addr, hash);
	snprintf(path, sizeof path, "%s/%s", kept, hash);
	struct timespec t[2] = { { time(NULL) - secs, 0 }, { time(NULL) - secs, 0 } };
	utimensat(AT_FDCWD, path, t, AT_SYMLINK_NOFOLLOW);
}

static guestkeep_status store(const host_limits *lim, const char *addr)
{
	char err[300];
	return guestkeep_store(host, lim, addr, home, save, err, sizeof err);
}

int main(void)
{
	char dir[] = "/tmp/lightsout-guestkeep.XXXXXX", err[300];
	if (!mkdtemp(dir))
		return 1;
	snprintf(host, sizeof host, "%s/host", dir);
	snprintf(kept, sizeof kept, "%s/guests-kept", host);
	snprintf(home, sizeof home, "%s/guests/0", host);
	snprintf(save, sizeof save, "%s/state/lightsout/game.save", home);
	tap_is(host_open(host, err, sizeof err), HOST_OK, "the host directory is made, guests-kept/ with it");
	host_limits lim = { .guests = 4, .guest_keep = 3600, .guests_kept = 3 };

	tap_is(guestkeep_offered(&lim, "192.0.2.1"), GUESTKEEP_KEPT, "a board left from a known address would be kept");
	tap_is(guestkeep_offered(&lim, ""), GUESTKEEP_NO_ADDRESS, "not from an unknown address");
	host_limits off = lim;
	off.guest_keep = 0;
	tap_is(guestkeep_offered(&off, "192.0.2.1"), GUESTKEEP_OFF, "nor on a host that keeps none");

	make_home(NULL, 0);
	tap_is(store(&lim, "192.0.2.1"), GUESTKEEP_NOTHING, "a home without an unfinished board is not kept");
	tap_is(count_kept(), 0, "nothing is kept of it");
	make_home("board A\n", 0);
	tap_is(store(&lim, ""), GUESTKEEP_NO_ADDRESS, "an unknown address keeps nothing");
	tap_is(store(&off, "192.0.2.1"), GUESTKEEP_OFF, "nor a host that keeps none");
	tap_is(count_kept(), 0, "nothing is kept then");
	make_home("board A\n", GUESTKEEP_BYTES);
	tap_is(store(&lim, "192.0.2.1"), GUESTKEEP_TOO_BIG, "a home over the bound is not kept");

	make_home("board A\n", 0);
	tap_is(store(&lim, "192.0.2.1"), GUESTKEEP_KEPT, "a board left from a known address is kept");
	tap_ok(access(home, F_OK) < 0, "its home leaves the guest's slot");
	tap_is(count_kept(), 1, "one home is kept");
	mkdir(home, 0700);
	tap_ok(!guestkeep_take(host, &lim, "192.0.2.2", home), "a guest from another address does not find it");
	tap_is(saved()[0], 0, "its home stays empty");
	tap_ok(guestkeep_take(host, &lim, "192.0.2.1", home), "a guest from that address finds it");
	tap_ok(!strcmp(saved(), "board A"), "as its own home, the board in it");
	tap_is(count_kept(), 0, "and it is kept no more");
	host_remove_tree(home);
	tap_ok(!guestkeep_take(host, &lim, "192.0.2.1", home), "a second guest from that address finds nothing");

	make_home("board A\n", 0);
	store(&lim, "192.0.2.1");
	make_home("board B\n", 0);
	tap_is(store(&lim, "192.0.2.1"), GUESTKEEP_KEPT, "a second board from the same address is kept");
	tap_is(count_kept(), 1, "in place of the first: one an address");
	tap_ok(guestkeep_take(host, &lim, "192.0.2.1", home) && !strcmp(saved(), "board B"), "the latest is found");

	/* The bound in count: the oldest goes, never the newest. */
	const char *addrs[] = { "192.0.2.1", "192.0.2.2", "192.0.2.3", "2001:0db8:0000:0001::/64" };
	for (int i = 0; i < 4; i++) {
		char text[40];
		snprintf(text, sizeof text, "board %d\n", i);
		make_home(text, 0);
		tap_is(store(&lim, addrs[i]), GUESTKEEP_KEPT, "the board of %s is kept", addrs[i]);
		age(addrs[i], 100 - i);
	}
	tap_is(count_kept(), 3, "beyond the bound of 3, one went");
	host_remove_tree(home);
	tap_ok(!guestkeep_take(host, &lim, addrs[0], home), "the oldest");
	tap_ok(guestkeep_take(host, &lim, addrs[3], home) && !strcmp(saved(), "board 3"), "not the newest");

	/* The bound in time. */
	host_remove_tree(home);
	age(addrs[1], 3600);
	tap_ok(!guestkeep_take(host, &lim, addrs[1], home), "a board past its time is not found");
	tap_is(count_kept(), 1, "and goes, while the one in its time stays");
	tap_ok(guestkeep_take(host, &lim, addrs[2], home) && !strcmp(saved(), "board 2"), "and is found");

	char cmd[300];
	snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
	if (system(cmd) != 0)
		tap_diag("could not remove %s", dir);
	return tap_done();
}
