/* A public account's players (names themselves: tests/persist/test_name.c): the host
 * directory (a player per key, first come first served names, the limits,
 * guests removed on leaving) and the account's leaderboard, where many
 * players share one uid and each result says whose it is. */
#include <dirent.h>
#include <fcntl.h>
#include <stdio.h>
#include <time.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include "persist/host.h"
#include "persist/live.h"
#include "persist/lock.h"
#include "persist/name.h"
#include "persist/roster.h"
#include "persist/scores.h"
#include "tap.h"

#define DAY "2026-11-25"

static int count_dir(const char *path)
{
	char cmd[400];
	snprintf(cmd, sizeof cmd, "ls -A '%s' | wc -l", path);
	FILE *p = popen(cmd, "r");
	int n = -1;
	if (p && fscanf(p, "%d", &n) != 1)
		n = -1;
	if (p)
		pclose(p);
	return n;
}

/* roster_register as 0 taken, 1 another's, -1 refused, 2 no room. */
static int claim(const char *dir, host_player *p, const char *name, const host_limits *lim, char *why, size_t len)
{
	switch (roster_register(dir, p, name, lim, "192.0.2.1", time(NULL), why, len)) {
	case ROSTER_OK:
	case ROSTER_HAD_NAME:
		return 0;
	case ROSTER_TAKEN:
		return 1;
	case ROSTER_FULL:
		return 2;
	default:
		return -1;
	}
}

static void hosting(const char *dir)
{
	char err[600], path[4400];
	host_limits lim = { .games_per_key = 2, .guests = 1, .players = 4 };
	unsigned char k1[32] = { 1 }, k2[32] = { 2 }, k3[32] = { 3 }, k4[32] = { 4 }, k5[32] = { 5 };
	tap_is(host_open(dir, err, sizeof err), HOST_OK, "the host directory is made");
	struct stat st;
	tap_ok(host_path(dir, HOST_DIR_SCORES, path, sizeof path) == 0 && stat(path, &st) == 0 &&
	       (st.st_mode & 0777) == 0755, "its leaderboard readable by all, written by us");
	tap_ok(host_path(dir, HOST_DIR_WATCH, path, sizeof path) == 0 && stat(path, &st) == 0 &&
	       (st.st_mode & 0777) == 0755, "its live games too: %s", path);
	tap_ok(host_path(dir, HOST_DIR_LIVE, path, sizeof path) == 0 && stat(path, &st) == 0 &&
	       (st.st_mode & 0777) == 0700, "their locks are ours alone: %s", path);
	char tiny[8];
	tap_is(host_path(dir, HOST_DIR_WATCH, tiny, sizeof tiny), -1, "a path that does not fit is refused");
	tap_ok(stat(dir, &st) == 0 && (st.st_mode & 0777) == 0711, "the host directory: others reach those two by name");
	snprintf(path, sizeof path, "%s/players", dir);
	tap_ok(stat(path, &st) == 0 && (st.st_mode & 0777) == 0700, "the players' directories are ours alone");

	host_player a, a2, a3, b;
	tap_is(host_key_player(dir, k1, &lim, &a, err, sizeof err), HOST_OK, "a key's player");
	tap_ok(!strcmp(a.pid, "01000000000000000000000000000000"), "named by its key's digest: %s", a.pid);
	tap_ok(!a.name[0] && !a.guest, "new: no name yet");
	tap_ok(lstat(a.dir, &st) < 0, "and nothing made for it until it chooses one");
	char why[300];
	tap_is(claim(dir, &a, "Alice", &lim, why, sizeof why), 0, "takes a name");
	tap_ok(lstat(a.home, &st) == 0 && S_ISDIR(st.st_mode), "and is a player now, with a home");
	tap_is(host_key_player(dir, k1, &lim, &a2, err, sizeof err), HOST_OK, "the same key again (a second game)");
	tap_ok(!strcmp(a2.name, "Alice"), "knows its name: %s", a2.name);
	tap_is(host_key_player(dir, k1, &lim, &a3, err, sizeof err), HOST_FULL, "a third live game of one key: no");
	tap_ok(strstr(err, "2 games open") != NULL, "says so: %s", err);
	host_leave(&a2);
	tap_is(host_key_player(dir, k1, &lim, &a3, err, sizeof err), HOST_OK, "once one is left, yes");
	host_leave(&a3);

	tap_is(host_key_player(dir, k2, &lim, &b, err, sizeof err), HOST_OK, "another key, another player");
	tap_is(claim(dir, &b, "aLiCe", &lim, why, sizeof why), 1, "a name taken in another case: no");
	tap_ok(strstr(why, "taken") != NULL, "says so: %s", why);
	tap_is(claim(dir, &b, "bad\033name", &lim, why, sizeof why), -1, "a hostile name: no");
	tap_is(claim(dir, &b, "Bob", &lim, why, sizeof why), 0, "a free one: yes");

	/* Two keys claim one name at once: exactly one gets it. */
	host_player c, d, e;
	tap_is(host_key_player(dir, k3, &lim, &c, err, sizeof err), HOST_OK, "a third key");
	tap_is(host_key_player(dir, k4, &lim, &d, err, sizeof err), HOST_OK, "a fourth key");
	int got = 0;
	for (int i = 0; i < 2; i++) {
		pid_t pid = fork();
		if (pid == 0) {
			host_player me = i ? d : c;
			_exit(claim(dir, &me, "Racer", &lim, why, sizeof why) == 0 ? 0 : 1);
		}
	}
	for (int i = 0; i < 2; i++) {
		int status;
		wait(&status);
		got += WIFEXITED(status) && WEXITSTATUS(status) == 0;
	}
	tap_is(got, 1, "two players race for one name: one gets it");
	host_read_name(&c);
	host_player *loser = c.name[0] ? &d : &c;
	tap_is(claim(dir, loser, "Dora", &lim, why, sizeof why), 0, "the other takes another (the host's cap)");
	tap_is(host_key_player(dir, k5, &lim, &e, err, sizeof err), HOST_OK, "a fifth key may log in");
	tap_is(roster_room(dir, &lim, "192.0.2.2", err, sizeof err), ROSTER_FULL, "but the host has no room for it");
	tap_ok(strstr(err, "room for 4 players") != NULL, "says so: %s", err);
	tap_is(claim(dir, &e, "Eve", &lim, why, sizeof why), 2, "and its name is refused for that");
	host_leave(&e);
	snprintf(path, sizeof path, "%s/live", dir);
	tap_is(count_dir(path), 4, "a key that leaves leaves no lock behind (those of a, b, c, d)");

	host_player g, g2;
	tap_is(host_guest(dir, &lim, "", &g, err, sizeof err), HOST_OK, "a guest");
	tap_ok(g.guest && !strncmp(g.name, "guest-", 6) && strlen(g.pid) == 32, "named %s", g.name);
	tap_is(host_guest(dir, &lim, "", &g2, err, sizeof err), HOST_FULL, "a second guest past the limit: no");
	tap_ok(strstr(err, "All 1 guest places") != NULL, "says so: %s", err);
	/* What a guest's game leaves: directories, files, a symlink out. */
	snprintf(path, sizeof path, "%s/state/lightsout", g.home);
	char cmd[14000];
	snprintf(cmd, sizeof cmd, "mkdir -p '%s' && echo x >'%s/game.save' && ln -s /etc '%s/out'", path, path,
		 path);
	tap_is(system(cmd), 0, "the guest's game writes its files");
	char gdir[4000];
	snprintf(gdir, sizeof gdir, "%s", g.dir);
	host_leave(&g);
	tap_ok(lstat(gdir, &st) < 0, "a guest who leaves leaves nothing");
	tap_ok(stat("/etc/passwd", &st) == 0, "and the symlink was removed, not followed");
	tap_is(host_guest(dir, &lim, "", &g2, err, sizeof err), HOST_OK, "the place is free again");
	host_leave(&g2);
	snprintf(path, sizeof path, "%s/guests", dir);
	tap_is(count_dir(path), 0, "no guest's home is kept");

	/* One address holds at most guests_per_address places, whatever is free. */
	host_limits many = lim;
	many.guests = 4;
	many.guests_per_address = 2;
	host_player ga[3], gb;
	tap_is(host_guest(dir, &many, "198.51.100.1", &ga[0], err, sizeof err), HOST_OK, "a guest from an address");
	tap_is(host_guest(dir, &many, "198.51.100.1", &ga[1], err, sizeof err), HOST_OK, "a second from it");
	tap_is(host_guest(dir, &many, "198.51.100.1", &ga[2], err, sizeof err), HOST_FULL,
	       "a third from it: no, with places free");
	tap_ok(strstr(err, "2 guests from your address") != NULL, "says so: %s", err);
	tap_is(host_guest(dir, &many, "198.51.100.2", &gb, err, sizeof err), HOST_OK, "another address: yes");
	host_leave(&ga[0]);
	tap_is(host_guest(dir, &many, "198.51.100.1", &ga[2], err, sizeof err), HOST_OK,
	       "once one of its guests has left: yes");
	host_leave(&ga[1]);
	host_leave(&ga[2]);
	host_leave(&gb);
	tap_is(count_dir(path), 0, "and none of their homes is kept");
	host_leave(&a);
	host_leave(&b);
	host_leave(&c);
	host_leave(&d);
	snprintf(path, sizeof path, "%s/live", dir);
	tap_is(count_dir(path), 0, "nor do the others (live/ is empty)");

	/* A host directory someone else could write in is refused. */
	char open_dir[4400];
	snprintf(open_dir, sizeof open_dir, "%s/open", dir);
	mkdir(open_dir, 0700);
	chmod(open_dir, 0777);
	tap_is(host_open(open_dir, err, sizeof err), HOST_ERROR, "a directory others can write in: refused");
	tap_ok(strstr(err, "writable by others") != NULL, "says so: %s", err);
	snprintf(path, sizeof path, "%s/link", dir);
	if (symlink(dir, path) == 0) {
		tap_is(host_open(path, err, sizeof err), HOST_ERROR, "a symbolic link: refused");
	}
}

/* New keys at the name prompt: at most prompts_per_address from one
 * address and prompts in all; a place free again when its prompt ends,
 * and no file kept of it. */
static void prompts(const char *dir)
{
	char err[600], path[4400];
	host_limits lim = { .prompts = 4, .prompts_per_address = 2 };
	host_place q[5];
	snprintf(path, sizeof path, "%s/prompts", dir);
	tap_is(host_prompt_take(dir, &lim, "198.51.100.1", &q[0], err, sizeof err), HOST_OK,
	       "a new key at the name prompt");
	tap_is(host_prompt_take(dir, &lim, "198.51.100.1", &q[1], err, sizeof err), HOST_OK, "a second from its address");
	tap_is(host_prompt_take(dir, &lim, "198.51.100.1", &q[2], err, sizeof err), HOST_FULL,
	       "a third from it: no, with places free");
	tap_ok(strstr(err, "2 new keys from your address are choosing a name") != NULL, "says so: %s", err);
	tap_is(count_dir(path), 4, "and keeps no file of it (the two held: a lock and its holder's record each)");
	tap_is(host_prompt_take(dir, &lim, "198.51.100.2", &q[2], err, sizeof err), HOST_OK, "another address: yes");
	host_place_leave(&q[0]);
	tap_is(host_prompt_take(dir, &lim, "198.51.100.1", &q[0], err, sizeof err), HOST_OK,
	       "once one of its prompts has ended: yes");
	tap_is(host_prompt_take(dir, &lim, "", &q[3], err, sizeof err), HOST_OK,
	       "an unknown address counts in the host's bound only");
	tap_is(host_prompt_take(dir, &lim, "198.51.100.3", &q[4], err, sizeof err), HOST_FULL,
	       "past the host's bound: no, whatever the address");
	tap_ok(strstr(err, "4 new keys are choosing a name") != NULL, "says so: %s", err);
	tap_is(count_dir(path), 8, "and keeps no file of it (four held)");
	for (int i = 0; i < 4; i++)
		host_place_leave(&q[i]);
	tap_is(count_dir(path), 0, "prompts that end leave nothing");

	/* A prompt killed outright: the kernel drops its locks, the next
	 * prompt of that address reuses its files, the sweep removes them. */
	pid_t child = fork();
	if (child == 0) {
		host_place k[2];
		bool both = host_prompt_take(dir, &lim, "198.51.100.9", &k[0], err, sizeof err) == HOST_OK &&
			    host_prompt_take(dir, &lim, "198.51.100.9", &k[1], err, sizeof err) == HOST_OK;
		_exit(both ? 0 : 1);	/* without leaving */
	}
	int status;
	waitpid(child, &status, 0);
	tap_ok(WIFEXITED(status) && WEXITSTATUS(status) == 0 && count_dir(path) == 4,
	       "two prompts killed outright leave their files (%d)", count_dir(path));
	tap_is(host_prompt_take(dir, &lim, "198.51.100.9", &q[0], err, sizeof err), HOST_OK,
	       "but not their places: their address may open another");
	host_prompt_sweep(dir);
	tap_is(count_dir(path), 2, "the sweep removes the files nobody holds, not an open prompt's");
	host_place_leave(&q[0]);
	tap_is(count_dir(path), 0, "which goes when it ends");
	lim.prompts = lim.prompts_per_address = 0;
	for (int i = 0; i < 5; i++)
		tap_is(host_prompt_take(dir, &lim, "198.51.100.1", &q[i], err, sizeof err), HOST_OK,
		       "no bounds: prompt %d from one address", i + 1);
	tap_is(count_dir(path), 0, "holding no file");
	for (int i = 0; i < 5; i++)
		host_place_leave(&q[i]);
}

/* Who gives way to a newcomer (issue 43): only a holder whose network or
 * block is above its fair share and the floor, never a player who moved
 * lately; of those, the one of the group holding most, then the longest
 * idle. */
#define HOLDER(pid, net, block, idle, moved, slot) { pid, net, block, idle, moved, slot }
static void victim_choice(void)
{
	host_victim why;
	host_holder h[6] = {
		HOLDER(1, "A", "a", 5, -1, 0), HOLDER(2, "A", "a", 50, -1, 1), HOLDER(3, "A", "a", 20, -1, 2),
		HOLDER(4, "B", "b", 100, -1, 3), HOLDER(5, "B", "b", 7, -1, 4), HOLDER(6, "B", "b", 8, -1, 5),
	};
	tap_is(host_place_victim(h, 0, 6, "C", "c", NULL), -1, "an empty pool: nobody");
	tap_is(host_place_victim(h, 3, 3, "B", "b", &why), 1, "one network holds all of 3: its longest idle gives way");
	tap_ok(why.held == 3, "and holds 3 (%d)", why.held);
	tap_is(host_place_victim(h, 6, 6, "C", "c", NULL), 3, "two networks hold as many: the longer idle of either");
	tap_is(host_place_victim(h, 6, 6, "B", "b", NULL), -1, "a newcomer whose network would hold more than any: nobody");
	tap_is(host_place_victim(h, 5, 5, "B", "b", NULL), -1, "A 3, B 2, a newcomer from B: nobody (B would hold as many)");
	tap_is(host_place_victim(h, 4, 4, "B", "b", NULL), 1, "A 3, B 1, a newcomer from B: A's, though B's idled longest");
	host_holder two[2] = { HOLDER(1, "A", "a", 5, -1, 0), HOLDER(2, "A", "a", 9, -1, 1) };
	tap_is(host_place_victim(two, 1, 1, "C", "c", NULL), -1, "a pool of one: nobody gives way (one each)");
	tap_is(host_place_victim(two, 2, 2, "C", "c", NULL), 1, "one network's two places are shared with another's");

	/* The pool of 50: 48 networks of one place each, one of two
	 * (one of them playing), and a newcomer from a 50th network. */
	host_holder big[60];
	for (int i = 0; i < 48; i++) {
		big[i] = (host_holder)HOLDER(i + 1, "", "", 1000 + i, -1, i);
		snprintf(big[i].net, sizeof big[i].net, "n%d", i);
		snprintf(big[i].block, sizeof big[i].block, "b%d", i);
	}
	big[48] = (host_holder)HOLDER(49, "real", "realb", 10, 10, 48);
	big[49] = (host_holder)HOLDER(50, "real", "realb", 5000, -1, 49);
	tap_is(host_place_victim(big, 50, 50, "new", "newb", NULL), -1,
	       "48 networks of one and one of two, a 50th network's newcomer: nobody (two is under the floor)");
	/* A network of 4 places (over the floor of 3, over 50 / 48): its
	 * longest idle, never its player who moved a minute ago. */
	for (int i = 0; i < 4; i++) {
		snprintf(big[i].net, sizeof big[i].net, "four");
		snprintf(big[i].block, sizeof big[i].block, "fourb");
	}
	big[3].idle = 100000;
	big[3].moved = 60;
	tap_is(host_place_victim(big, 50, 50, "new", "newb", &why), 2,
	       "a network of four: its longest idle, not its player who moved a minute ago");
	tap_ok(!why.block && why.held == 4, "the true count said: 4 of its network (%d)", why.held);
	big[3].moved = HOST_MOVED_SPARED + 1;
	tap_is(host_place_victim(big, 50, 50, "new", "newb", NULL), 3, "one who moved long ago is idle like any other");
	/* Ten networks of five hold a pool of 50: an 11th network's newcomer
	 * finds them above 50 / 11. */
	for (int i = 0; i < 50; i++) {
		snprintf(big[i].net, sizeof big[i].net, "t%d", i / 5);
		snprintf(big[i].block, sizeof big[i].block, "tb%d", i / 5);
		big[i].moved = -1;
		big[i].idle = i == 17 ? 99999 : 10;
	}
	tap_is(host_place_victim(big, 50, 50, "new", "newb", NULL), 17, "ten networks of five, an 11th's newcomer: one of them");
	/* A newcomer of one of them: its network would hold six, more than
	 * any other. */
	tap_is(host_place_victim(big, 50, 50, "t3", "tb3", NULL), -1, "a newcomer of one of them: nobody");

	/* Blocks: 12 networks of one place each, all in one block, beside 8
	 * networks of one in 8 blocks, fill 20: a newcomer from another block
	 * takes the block's longest idle, though its network holds one. */
	host_holder bl[20];
	for (int i = 0; i < 20; i++) {
		bl[i] = (host_holder)HOLDER(i + 1, "", "", 10 + i % 7, -1, i);
		snprintf(bl[i].net, sizeof bl[i].net, "n%d", i);
		snprintf(bl[i].block, sizeof bl[i].block, i < 12 ? "stranger" : "b%d", i);
	}
	bl[5].idle = 500;
	bl[15].idle = 900;
	tap_is(host_place_victim(bl, 20, 20, "new", "newb", &why), 5, "a block of 12 one-place networks: its longest idle");
	tap_ok(why.block && why.held == 12, "the true count said: 12 of its block (%d)", why.held);
	tap_is(host_place_victim(bl, 20, 20, "new", "stranger", NULL), -1,
	       "a newcomer of that block: nobody (its networks hold one each)");
}

/* A process holding a place (a prompt's, a guest's or a session's) from
 * addr, as serve does; on SIGTERM it writes the words it was told (or
 * nothing) to its pipe and leaves; with deaf, it does not end on SIGTERM. */
enum { AT_PROMPT, AS_GUEST, IN_SESSION };
static volatile sig_atomic_t termed;
static void on_term(int sig)
{
	(void)sig;
	termed = 1;
}

static pid_t holder(const char *dir, const host_limits *lim, int kind, const char *addr, bool deaf, int *from)
{
	int fd[2];
	if (pipe(fd) < 0)
		return -1;
	pid_t pid = fork();
	if (pid == 0) {
		char err[600];
		close(fd[0]);
		sigset_t block, none;
		sigemptyset(&block);
		sigaddset(&block, SIGTERM);
		sigprocmask(SIG_BLOCK, &block, &none);
		struct sigaction sa = { .sa_handler = deaf ? SIG_IGN : on_term };
		sigemptyset(&sa.sa_mask);
		sigaction(SIGTERM, &sa, NULL);
		host_place q = { .fd = -1 };
		host_player p;
		unsigned char key[32] = { 9, (unsigned char)getpid(), (unsigned char)(getpid() >> 8) };
		host_status st = kind == AT_PROMPT ? host_prompt_take(dir, lim, addr, &q, err, sizeof err)
			: kind == AS_GUEST ? host_guest(dir, lim, addr, &p, err, sizeof err)
			: host_key_player(dir, key, lim, &p, err, sizeof err) == HOST_OK
			? host_session_take(dir, lim, addr, &p, err, sizeof err) : HOST_ERROR;
		if (write(fd[1], st == HOST_OK ? "r" : "x", 1) != 1 || st != HOST_OK)
			_exit(2);
		while (!termed)
			sigsuspend(&none);
		char why[400] = "";
		bool told = kind == AT_PROMPT ? host_place_why(&q, why, sizeof why) : host_player_why(&p, why, sizeof why);
		if (write(fd[1], why, strlen(why)) < 0)
			_exit(3);
		if (kind == AT_PROMPT)
			host_place_leave(&q);
		else
			host_leave(&p);
		_exit(told ? 0 : 1);
	}
	close(fd[1]);
	char c = 0;
	if (read(fd[0], &c, 1) != 1 || c != 'r') {
		waitpid(pid, NULL, 0);
		close(fd[0]);
		return -1;
	}
	*from = fd[0];
	return pid;
}

/* What a holder that gave way was told, once it ended (10 s at most: a
 * holder still there is killed); its status. */
static int told(pid_t pid, int from, char *words, size_t len)
{
	int status = -1;
	for (int i = 0; i < 1000 && waitpid(pid, &status, WNOHANG) == 0; i++) {
		struct timespec ts = { 0, 10000000L };
		nanosleep(&ts, NULL);
		if (i == 999) {
			kill(pid, SIGKILL);
			waitpid(pid, NULL, 0);
			status = -1;
		}
	}
	ssize_t n = read(from, words, len - 1);
	words[n > 0 ? n : 0] = '\0';
	close(from);
	return status;
}

/* Set a place's record's time: how long its holder has been idle. */
static void idle_for(const char *dir, const char *place, long secs)
{
	char path[4400];
	struct timespec t[2] = { { time(NULL) - secs, 0 }, { time(NULL) - secs, 0 } };
	snprintf(path, sizeof path, "%s/%s.who", dir, place);
	utimensat(AT_FDCWD, path, t, 0);
}

/* Set the time of every file in dir/live: the players' last moves
 * (host_live_moved), as long ago as their places were taken. */
static void moved_for(const char *dir, long secs)
{
	char path[4400];
	snprintf(path, sizeof path, "%s/live", dir);
	DIR *d = opendir(path);
	struct dirent *de;
	struct timespec t[2] = { { time(NULL) - secs, 0 }, { time(NULL) - secs, 0 } };
	while (d && (de = readdir(d)))
		if (de->d_name[0] != '.')
			utimensat(dirfd(d), de->d_name, t, 0);
	if (d)
		closedir(d);
}

/* Places counted per network, and a full pool making room for a newcomer
 * from a network holding fewer (issue 35). */
static void fair(const char *dir)
{
	char err[600], words[600];
	host_place q[6];
	host_limits lim = { .prompts = 10, .prompts_per_address = 1, .prompts_per_network = 2 };
	tap_is(host_prompt_take(dir, &lim, "2001:0db8:0001:0001::/64", &q[0], err, sizeof err), HOST_OK,
	       "an IPv6 /64 at the prompt");
	tap_is(host_prompt_take(dir, &lim, "2001:0db8:0001:0001::/64", &q[1], err, sizeof err), HOST_FULL,
	       "a second from that /64: its address's bound");
	tap_is(host_prompt_take(dir, &lim, "2001:0db8:0001:0002::/64", &q[1], err, sizeof err), HOST_OK,
	       "another /64 of its /48: yes");
	tap_is(host_prompt_take(dir, &lim, "2001:0db8:0001:0003::/64", &q[2], err, sizeof err), HOST_FULL,
	       "a third /64 of that /48: the network's bound");
	tap_ok(strstr(err, "2 new keys from your network are choosing a name") != NULL, "says so: %s", err);
	tap_is(host_prompt_take(dir, &lim, "192.0.2.1", &q[2], err, sizeof err), HOST_OK, "an IPv4 address: yes");
	tap_is(host_prompt_take(dir, &lim, "192.0.2.2", &q[3], err, sizeof err), HOST_OK, "another of its /24");
	tap_is(host_prompt_take(dir, &lim, "192.0.2.3", &q[4], err, sizeof err), HOST_FULL, "a third of that /24: no");
	tap_is(host_prompt_take(dir, &lim, "192.0.3.1", &q[4], err, sizeof err), HOST_OK, "the next /24: yes");
	for (int i = 0; i < 5; i++)
		host_place_leave(&q[i]);

	/* Blocks (issue 43): three networks of one /16 fill its share; the
	 * last two places are for a block that holds none. */
	lim = (host_limits){ .prompts = 10, .prompts_per_block = 3, .prompts_fresh = 2 };
	host_place b[10];
	const char *bad[] = { "127.20.1.1", "127.20.2.1", "127.20.3.1" };
	for (int i = 0; i < 3; i++)
		tap_is(host_prompt_take(dir, &lim, bad[i], &b[i], err, sizeof err), HOST_OK, "%s at the prompt", bad[i]);
	tap_is(b[2].held, 3, "the third holds the third place of ten");
	host_place x;
	tap_is(host_prompt_take(dir, &lim, "127.20.4.1", &x, err, sizeof err), HOST_FULL,
	       "a fourth network of that block: refused");
	tap_ok(strstr(err, "3 new keys from your address block") != NULL, "says so: %s", err);
	for (int i = 3; i < 8; i++) {
		char addr[20];
		snprintf(addr, sizeof addr, "127.%d.1.1", 18 + i);
		tap_is(host_prompt_take(dir, &lim, addr, &b[i], err, sizeof err), HOST_OK, "%s at the prompt", addr);
	}
	tap_is(host_prompt_take(dir, &lim, "127.21.2.1", &x, err, sizeof err), HOST_FULL,
	       "8 of 10 held: a block holding one finds the pool full");
	tap_ok(strstr(err, "8 new keys are choosing a name") != NULL, "the true count said: %s", err);
	tap_is(host_prompt_take(dir, &lim, "127.40.1.1", &b[8], err, sizeof err), HOST_OK,
	       "a block holding none takes a fresh place");
	tap_is(b[8].held, 9, "the ninth");
	for (int i = 0; i < 9; i++)
		host_place_leave(&b[i]);

	/* Three prompts from one network fill the pool: a newcomer of that
	 * network is refused, one from another gets the place of the
	 * longest idle, which is told why. */
	lim = (host_limits){ .prompts = 3 };
	pid_t kid[3];
	int from[3];
	char path[4300];
	snprintf(path, sizeof path, "%s/prompts", dir);
	for (int i = 0; i < 3; i++) {
		char addr[20];
		snprintf(addr, sizeof addr, "192.0.2.%d", i + 1);
		kid[i] = holder(dir, &lim, AT_PROMPT, addr, false, &from[i]);
	}
	tap_ok(kid[0] > 0 && kid[1] > 0 && kid[2] > 0, "one network's three new keys fill the prompts");
	idle_for(path, "0", 50);
	idle_for(path, "1", 100);
	idle_for(path, "2", 10);
	tap_is(host_prompt_take(dir, &lim, "192.0.2.9", &q[0], err, sizeof err), HOST_FULL,
	       "a fourth from that network: refused");
	tap_ok(strstr(err, "3 new keys are choosing a name") != NULL, "the host's bound, said: %s", err);
	tap_is(host_prompt_take(dir, &lim, "198.51.100.7", &q[0], err, sizeof err), HOST_OK,
	       "one from another network gets in");
	tap_ok(strlen(q[0].lock) > 2 && !strcmp(q[0].lock + strlen(q[0].lock) - 2, "/1"),
	       "in the place of the longest idle: %s", q[0].lock);
	int st = told(kid[1], from[1], words, sizeof words);
	tap_ok(WIFEXITED(st) && WEXITSTATUS(st) == 0, "which ended, told why (status %d)", st);
	tap_ok(strstr(words, "another network") != NULL, "in words: %.40s...", words);
	tap_ok(kill(kid[0], 0) == 0 && kill(kid[2], 0) == 0, "the others of its network stay");
	tap_is(host_prompt_take(dir, &lim, "203.0.113.1", &q[1], err, sizeof err), HOST_OK,
	       "a third network's newcomer: the crowded network gives way again");
	st = told(kid[0], from[0], words, sizeof words);
	tap_ok(WIFEXITED(st) && WEXITSTATUS(st) == 0, "its longer idle of the two ended (status %d)", st);
	tap_ok(kill(kid[2], 0) == 0, "one each now");
	tap_is(host_prompt_take(dir, &lim, "100.64.0.1", &q[2], err, sizeof err), HOST_FULL,
	       "and a fourth network's is refused: nobody holds more than it would");
	kill(kid[2], SIGTERM);
	st = told(kid[2], from[2], words, sizeof words);
	tap_ok(WIFEXITED(st) && WEXITSTATUS(st) == 1 && !words[0], "a holder ended otherwise is told nothing");
	host_place_leave(&q[0]);
	host_place_leave(&q[1]);
	tap_is(count_dir(path), 0, "and no prompt's file is left");

	/* Guests: the one whose player moved last stays (its live lock's
	 * time), whatever its watch/ file says (a rival's moves rewrite it). */
	lim = (host_limits){ .guests = 2 };
	host_player g;
	kid[0] = holder(dir, &lim, AS_GUEST, "192.0.2.1", false, &from[0]);
	kid[1] = holder(dir, &lim, AS_GUEST, "192.0.2.2", false, &from[1]);
	moved_for(dir, 100);
	snprintf(path, sizeof path, "%s/live", dir);
	idle_for(path, "g0", 100);
	idle_for(path, "g1", 50);
	char watch[4300];
	snprintf(watch, sizeof watch, "%s/watch/g0", dir);
	FILE *f = fopen(watch, "w");
	if (f)
		fclose(f);
	tap_is(host_guest(dir, &lim, "198.51.100.7", &g, err, sizeof err), HOST_OK,
	       "a guest from another network gets a full host's place");
	tap_ok(!strcmp(g.slot, "g0"), "the one who has not moved for longest, its watch file new: %s", g.slot);
	st = told(kid[0], from[0], words, sizeof words);
	tap_ok(WIFEXITED(st) && WEXITSTATUS(st) == 0 && strstr(words, "guest from another network"),
	       "which was told: %.40s...", words);
	tap_ok(strstr(words, "2 of them from\nyour network") != NULL, "the true count: 2 of the 2 places");
	host_leave(&g);
	unlink(watch);
	kid[0] = holder(dir, &lim, AS_GUEST, "192.0.2.1", false, &from[0]);
	moved_for(dir, 100);
	idle_for(path, "g0", 100);
	idle_for(path, "g1", 50);
	host_live_moved(dir, "g0");
	tap_is(host_guest(dir, &lim, "198.51.100.7", &g, err, sizeof err), HOST_OK, "again, g0's player moving now");
	tap_ok(!strcmp(g.slot, "g1"), "the player who moved stays, the other gives way: %s", g.slot);
	told(kid[1], from[1], words, sizeof words);
	host_leave(&g);
	host_live_moved(dir, "g0");
	tap_is(host_guest(dir, &lim, "198.51.100.7", &g, err, sizeof err), HOST_OK, "a third newcomer");
	host_player g3;
	tap_is(host_guest(dir, &lim, "203.0.113.5", &g3, err, sizeof err), HOST_FULL,
	       "a fourth: refused, the player at the board spared");
	tap_ok(strstr(err, "All 2 guest places") != NULL, "says so: %s", err);
	host_leave(&g);
	kill(kid[0], SIGTERM);
	told(kid[0], from[0], words, sizeof words);
	lim.guests_per_network = 1;
	tap_is(host_guest(dir, &lim, "192.0.2.1", &g, err, sizeof err), HOST_OK, "a guest");
	host_player g2;
	tap_is(host_guest(dir, &lim, "192.0.2.2", &g2, err, sizeof err), HOST_FULL, "another of its network: no");
	tap_ok(strstr(err, "1 guests from your network") != NULL, "says so: %s", err);
	host_leave(&g);

	/* New players a day: per network as well as per address. */
	host_limits day = { .games_per_key = 1, .players = 100, .new_per_address = 5, .new_per_network = 2 };
	for (int i = 0; i < 2; i++) {
		unsigned char k[32] = { 60, (unsigned char)i };
		char addr[20], name[20];
		host_player np;
		snprintf(addr, sizeof addr, "203.0.113.%d", i + 1);
		snprintf(name, sizeof name, "netter%d", i);
		tap_ok(host_key_player(dir, k, &day, &np, err, sizeof err) == HOST_OK &&
		       roster_register(dir, &np, name, &day, addr, time(NULL), err, sizeof err) == ROSTER_OK,
		       "a new player from %s", addr);
		host_leave(&np);
	}
	tap_is(roster_room(dir, &day, "203.0.113.9", err, sizeof err), ROSTER_FULL,
	       "a third from that /24 the same day: no, though its address made none");
	tap_ok(strstr(err, "2 new players have come from your network today") != NULL, "says so: %s", err);
	tap_is(roster_room(dir, &day, "198.18.0.1", err, sizeof err), ROSTER_OK, "another network: yes");

	/* Sessions: a holder that does not end on SIGTERM (its terminal
	 * blocked) is ended outright, and the newcomer still gets in. */
	lim = (host_limits){ .games_per_key = 1, .sessions = 2, .sessions_per_network = 2 };
	kid[0] = holder(dir, &lim, IN_SESSION, "192.0.2.1", true, &from[0]);
	kid[1] = holder(dir, &lim, IN_SESSION, "192.0.2.2", false, &from[1]);
	snprintf(path, sizeof path, "%s/sessions", dir);
	moved_for(dir, 100);
	idle_for(path, "0", 100);
	unsigned char key[32] = { 77 };
	host_player s;
	tap_ok(host_key_player(dir, key, &lim, &s, err, sizeof err) == HOST_OK &&
	       host_session_take(dir, &lim, "192.0.2.3", &s, err, sizeof err) == HOST_FULL &&
	       strstr(err, "2 players from your network"), "a session of a full network: refused: %s", err);
	tap_is(host_session_take(dir, &lim, "198.51.100.7", &s, err, sizeof err), HOST_OK,
	       "another network's session gets in, past a holder deaf to SIGTERM");
	st = told(kid[0], from[0], words, sizeof words);
	tap_ok(WIFSIGNALED(st) && WTERMSIG(st) == SIGKILL, "which was ended outright (status %d)", st);
	snprintf(watch, sizeof watch, "%s.why", s.session.lock);
	tap_ok(access(watch, F_OK) < 0, "its words are not left for the newcomer");
	host_leave(&s);
	kill(kid[1], SIGTERM);
	told(kid[1], from[1], words, sizeof words);
	host_prompt_sweep(dir);
	tap_is(count_dir(path), 0, "the sessions' places leave nothing");
}

/* Columns (characters) of the line of text holding what. */
static int line_columns(const char *text, const char *what)
{
	const char *at = strstr(text, what);
	if (!at)
		return -1;
	while (at > text && at[-1] != '\n')
		at--;
	int n = 0;
	for (; *at && *at != '\n'; at++)
		n += ((unsigned char)*at & 0xc0) != 0x80;
	return n;
}

/* The line of text holding what, in line; false when none does. */
static bool line_of(const char *text, const char *what, char *line, size_t len)
{
	const char *at = text ? strstr(text, what) : NULL;
	if (!at)
		return false;
	while (at > text && at[-1] != '\n')
		at--;
	snprintf(line, len, "%.*s", (int)strcspn(at, "\n"), at);
	return true;
}

static void board_of_players(const char *dir)
{
	char sdir[4400];
	snprintf(sdir, sizeof sdir, "%s/scores", dir);
	score s[3];
	persist_result res;
	bool kept;
	for (int i = 0; i < 3; i++) {
		memset(&s[i], 0, sizeof s[i]);
		snprintf(s[i].date, sizeof s[i].date, DAY);
		variant_default(&s[i].v);
		s[i].moves = 5 + i;
		s[i].par = 5;
		s[i].ms = 1000;
		snprintf(s[i].pid, sizeof s[i].pid, "%032x", i + 10);
		/* An old name that says guest: accepted when it was chosen. */
		snprintf(s[i].name, sizeof s[i].name, i == 0 ? "bob (guest)" : i == 1 ? "Zoë" : "p%d", i);
		s[i].guest = i == 2;
		tap_is(scores_record(sdir, &s[i], &kept, &res), PERSIST_OK, "player %d's win recorded under one uid", i);
	}
	scores t;
	tap_is(scores_load(sdir, DAY, &t, &res), PERSIST_OK, "read back");
	tap_is(t.n, 3, "three players, one uid: three rows");
	int of;
	tap_ok(scores_rank(&t, &s[1], geteuid(), &of) == 2 && of == 3, "each ranked as themselves");
	size_t len;
	char *table = scores_table(&t, NULL, true, &len);
	char line[200];
	tap_ok(line_of(table, "login", line, sizeof line) && strstr(line, "player "), "a login column: %s", line);
	tap_ok(line_of(table, "  p2 ", line, sizeof line) && strstr(line, " guest "),
	       "the guest marked in its own column: %s", line);
	tap_ok(line_of(table, "bob (guest)", line, sizeof line) && strstr(line, " key ") && !strstr(line, " guest "),
	       "a player whose name says guest is no guest there: %s", line);
	tap_ok(line_of(table, "Zoë", line, sizeof line) && strstr(line, " key "), "Zoë shown as she is: %s", line);
	/* The columns line up by characters, not bytes: both rows end in the
	 * same column. */
	tap_ok(table && line_columns(table, "Zoë") == line_columns(table, "  p2 "), "a two-byte letter takes one column");
	free(table);
	/* Not UTF-8: her name escaped, the columns still lined up. */
	table = scores_table(&t, NULL, false, &len);
	tap_ok(line_of(table, "Zo\\u00EB", line, sizeof line), "not UTF-8: Zo\\u00EB: %s", line);
	bool ascii = table != NULL;
	for (size_t i = 0; table && i < len; i++)
		ascii = ascii && (unsigned char)table[i] < 0x80;
	tap_ok(ascii, "and not one byte >= 0x80 in the table");
	tap_ok(table && line_columns(table, "Zo\\u00EB") == line_columns(table, "  p2 "), "the columns lined up");
	free(table);
	scores_free(&t);
	/* A player line in a shared (sticky) directory is not believed. */
	char shared[4400];
	snprintf(shared, sizeof shared, "%s/shared", dir);
	mkdir(shared, 01777);
	chmod(shared, 01777);
	tap_is(scores_record(shared, &s[0], &kept, &res), PERSIST_REFUSED, "an arcade player's result in a shared directory: no");
	char path[4500];
	snprintf(path, sizeof path, "%s/%lu." DAY, shared, (unsigned long)geteuid());
	FILE *f = fopen(path, "w");
	fprintf(f, "lightsout-scores 1\nplayer %032x key Mallory\n" DAY " - 1 1 1 no 5x5 plus k=2\n", 7);
	fclose(f);
	chmod(path, 0644);
	tap_is(scores_load(shared, DAY, &t, &res), PERSIST_OK, "a planted player line in a shared directory");
	tap_is(t.n, 0, "is not read as a player");
	scores_free(&t);
	/* A file whose name and player line disagree is skipped. */
	snprintf(path, sizeof path, "%s/P%032x." DAY, sdir, 99);
	f = fopen(path, "w");
	fprintf(f, "lightsout-scores 1\nplayer %032x key Liar\n" DAY " - 1 1 1 no 5x5 plus k=2\n", 10);
	fclose(f);
	tap_is(scores_load(sdir, DAY, &t, &res), PERSIST_OK, "a file naming another player");
	tap_ok(t.n == 3 && t.skipped == 1, "is skipped (%d rows, %d skipped)", t.n, t.skipped);
	scores_free(&t);
}

/* Live games: the file round trip, hostile files refused with the line,
 * a dead game's file skipped, watchers counted while they hold on. */
static void live_games(const char *dir)
{
	char err[300], text[LIVE_FILE_MAX + 1], wdir[4400], ldir[4400];
	live_game g, back;
	memset(&g, 0, sizeof g);
	snprintf(g.id, sizeof g.id, "g0");
	snprintf(g.name, sizeof g.name, "Zoë");
	g.open = true;
	snprintf(g.variant, sizeof g.variant, "3x3 plus k=2");
	g.moves = 4;
	g.elapsed = 61;
	g.cr = 2;
	g.cc = 1;
	snprintf(g.cells, sizeof g.cells, "010111010");
	g.ncells = 9;
	int n = live_format(&g, text, sizeof text);
	tap_ok(n > 0 && live_parse(text, (size_t)n, &back, err, sizeof err) == 0, "a live game reads back");
	tap_ok(!strcmp(back.name, "Zoë") && back.moves == 4 && back.elapsed == 61 && back.cr == 2 && back.cc == 1 &&
	       back.ncells == 9 && !strcmp(back.cells, "010111010") && back.open && !back.guest && !back.race[0],
	       "whole");
	{
		live_game r = g, rb;
		snprintf(r.race, sizeof r.race, "bob smith");
		r.race_moves = 7;
		n = live_format(&r, text, sizeof text);
		tap_ok(n > 0 && live_parse(text, (size_t)n, &rb, err, sizeof err) == 0 && !strcmp(rb.race, "bob smith") &&
		       rb.race_moves == 7, "a racer's file names the other racer and their moves");
		snprintf(r.place, sizeof r.place, "lobby");
		n = live_format(&r, text, sizeof text);
		tap_ok(n > 0 && live_parse(text, (size_t)n, &rb, err, sizeof err) == 0 && !strcmp(rb.place, "lobby"),
		       "a file says where its player is (the lobby)");
		char *at = strstr(text, "place lobby");
		if (at)
			memcpy(at, "place attic", 11);
		tap_ok(at && live_parse(text, (size_t)n, &rb, err, sizeof err) < 0 && !strncmp(err, "line 12", 7),
		       "a place of no known kind is refused (%s)", err);
		n = live_format(&g, text, sizeof text);
	}
	static const struct {
		const char *from, *to, *line;
	} bad[] = {
		{ "player Zoë", "player \033[2Jx", "line 2" },
		{ "guest no", "guest maybe", "line 3" },
		{ "variant 3x3 plus k=2", "variant 3x3 nosuchrule", "line 5" },
		{ "moves 4", "moves -4", "line 6" },
		{ "moves 4", "moves 99999999999999", "line 6" },
		{ "cursor 2 1", "cursor 2", "line 9" },
		{ "race -", "race bob", "line 10" },
		{ "race -", "race 3 \033[2Jx", "line 10" },
		{ "cells 010111010", "cells 01011101/", "line 11" },
		{ "cells 010111010\n", "cells 010111010\nmore\n", "line 12" },
		{ "lightsout-live 1", "lightsout-live 2", "line 1" },
	};
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		char t[LIVE_FILE_MAX + 100];
		const char *at = strstr(text, bad[i].from);
		snprintf(t, sizeof t, "%.*s%s%s", (int)(at - text), text, bad[i].to, at + strlen(bad[i].from));
		bool refused = live_parse(t, strlen(t), &back, err, sizeof err) < 0;
		tap_ok(refused && !strncmp(err, bad[i].line, strlen(bad[i].line)), "refused where it is wrong: %s", err);
	}

	host_path(dir, HOST_DIR_WATCH, wdir, sizeof wdir);
	host_path(dir, HOST_DIR_LIVE, ldir, sizeof ldir);
	char lock[4500], lerr[300];
	snprintf(lock, sizeof lock, "%s/g0", ldir);
	int held = lock_take(lock, 0, lerr, sizeof lerr);
	tap_ok(held >= 0 && live_publish(wdir, &g) == 0, "a live game (its slot held) publishes");
	snprintf(g.id, sizeof g.id, "g1");
	snprintf(g.name, sizeof g.name, "ghost");
	tap_is(live_publish(wdir, &g), 0, "and a game whose slot nobody holds (it died)");
	live_game *list;
	n = live_list(wdir, ldir, &list);
	tap_ok(n == 1 && !strcmp(list[0].name, "Zoë") && !strcmp(list[0].id, "g0"), "only the live one is listed (%d)", n);
	free(list);
	struct stat st;
	tap_ok(live_path(wdir, "g1", lock, sizeof lock) == 0 && lstat(lock, &st) < 0, "the dead game's file is taken away");
	tap_is(live_eyes(wdir, "g0"), 0, "nobody watches yet");
	int e1 = live_eye_open(wdir, "g0");
	pid_t child = fork();
	if (child == 0) {
		int e2 = live_eye_open(wdir, "g0");
		sleep(e2 >= 0 ? 30 : 0);
		_exit(0);
	}
	int eyes = 0;
	for (int i = 0; i < 200 && eyes < 2; i++) {
		eyes = live_eyes(wdir, "g0");
		nanosleep(&(struct timespec){ .tv_nsec = 10000000 }, NULL);
	}
	tap_is(eyes, 2, "two watchers");
	kill(child, SIGKILL);
	waitpid(child, NULL, 0);
	tap_is(live_eyes(wdir, "g0"), 1, "a watcher killed outright is no longer counted");
	live_eye_close(wdir, "g0", e1);
	tap_is(live_eyes(wdir, "g0"), 0, "one that leaves neither");
	/* A symlink planted as a game's file is not read. */
	live_path(wdir, "g0", lock, sizeof lock);
	unlink(lock);
	tap_ok(symlink("/etc/passwd", lock) == 0 && live_read(wdir, ldir, "g0", &back) < 0, "a symlink is not read");
	unlink(lock);
	lock_release(held);
}

int main(void)
{
	char dir[] = "/tmp/lightsout-host-test.XXXXXX";
	if (!mkdtemp(dir))
		return 1;
	char host[200];
	snprintf(host, sizeof host, "%s/host", dir);
	hosting(host);
	prompts(host);
	victim_choice();
	fair(host);
	board_of_players(host);
	live_games(host);
	char cmd[300];
	snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
	if (system(cmd) != 0)
		tap_diag("could not remove %s", dir);
	return tap_done();
}
