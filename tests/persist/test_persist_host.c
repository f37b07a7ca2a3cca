/* A public account's players (names themselves: tests/persist/test_name.c): the host
 * directory (a player per key, first come first served names, the limits,
 * guests removed on leaving) and the account's leaderboard, where many
 * players share one uid and each result says whose it is. */
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
	host_prompt q[5];
	snprintf(path, sizeof path, "%s/prompts", dir);
	tap_is(host_prompt_take(dir, &lim, "198.51.100.1", &q[0], err, sizeof err), HOST_OK,
	       "a new key at the name prompt");
	tap_is(host_prompt_take(dir, &lim, "198.51.100.1", &q[1], err, sizeof err), HOST_OK, "a second from its address");
	tap_is(host_prompt_take(dir, &lim, "198.51.100.1", &q[2], err, sizeof err), HOST_FULL,
	       "a third from it: no, with places free");
	tap_ok(strstr(err, "2 new keys from your address are choosing a name") != NULL, "says so: %s", err);
	tap_is(count_dir(path), 4, "and keeps no file of it (the two held: an address slot and a host slot each)");
	tap_is(host_prompt_take(dir, &lim, "198.51.100.2", &q[2], err, sizeof err), HOST_OK, "another address: yes");
	host_prompt_leave(&q[0]);
	tap_is(host_prompt_take(dir, &lim, "198.51.100.1", &q[0], err, sizeof err), HOST_OK,
	       "once one of its prompts has ended: yes");
	tap_is(host_prompt_take(dir, &lim, "", &q[3], err, sizeof err), HOST_OK,
	       "an unknown address counts in the host's bound only");
	tap_is(host_prompt_take(dir, &lim, "198.51.100.3", &q[4], err, sizeof err), HOST_FULL,
	       "past the host's bound: no, whatever the address");
	tap_ok(strstr(err, "4 new keys are choosing a name") != NULL, "says so: %s", err);
	tap_is(count_dir(path), 7, "and keeps no file of it (four held, three of them an address's too)");
	for (int i = 0; i < 4; i++)
		host_prompt_leave(&q[i]);
	tap_is(count_dir(path), 0, "prompts that end leave nothing");

	/* A prompt killed outright: the kernel drops its locks, the next
	 * prompt of that address reuses its files, the sweep removes them. */
	pid_t child = fork();
	if (child == 0) {
		host_prompt k[2];
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
	host_prompt_leave(&q[0]);
	tap_is(count_dir(path), 0, "which goes when it ends");
	lim.prompts = lim.prompts_per_address = 0;
	for (int i = 0; i < 5; i++)
		tap_is(host_prompt_take(dir, &lim, "198.51.100.1", &q[i], err, sizeof err), HOST_OK,
		       "no bounds: prompt %d from one address", i + 1);
	tap_is(count_dir(path), 0, "holding no file");
	for (int i = 0; i < 5; i++)
		host_prompt_leave(&q[i]);
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
	board_of_players(host);
	live_games(host);
	char cmd[300];
	snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
	if (system(cmd) != 0)
		tap_diag("could not remove %s", dir);
	return tap_done();
}
