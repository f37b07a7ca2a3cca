/* Live games' file names (persist/live.h): watch/ is listable by every
 * local user, so nothing in it may show a key's fingerprint (a slot
 * "kPID.N" begins with it): files and watchers' directories are named by
 * HMAC-SHA-256 of the slot under the host's key, made once (0600) however
 * many games publish first at once; the account maps names back to slots
 * (races and watchers look games up by slot), and sweeps a dead game's
 * file and one named by its slot by an older version. */
#include <dirent.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "persist/host.h"
#include "persist/live.h"
#include "persist/lock.h"
#include "persist/sha256.h"
#include "tap.h"

#define PID "0123456789abcdef0123456789abcdef"

static void hex(const unsigned char *b, size_t n, char *out)
{
	for (size_t i = 0; i < n; i++)
		snprintf(out + 2 * i, 3, "%02x", b[i]);
}

/* RFC 4231's test cases 1, 2 and 6 (a key longer than a block). */
static void hmac(void)
{
	unsigned char key[131], mac[SHA256_LEN];
	char got[2 * SHA256_LEN + 1];
	memset(key, 0x0b, 20);
	sha256_hmac(key, 20, "Hi There", 8, mac);
	hex(mac, sizeof mac, got);
	tap_ok(!strcmp(got, "b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7"), "HMAC-SHA-256: RFC 4231 case 1");
	sha256_hmac("Jefe", 4, "what do ya want for nothing?", 28, mac);
	hex(mac, sizeof mac, got);
	tap_ok(!strcmp(got, "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843"), "case 2");
	memset(key, 0xaa, sizeof key);
	const char *m = "Test Using Larger Than Block-Size Key - Hash Key First";
	sha256_hmac(key, sizeof key, m, strlen(m), mac);
	hex(mac, sizeof mac, got);
	tap_ok(!strcmp(got, "60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54"), "case 6: a long key");
}

/* Does any name under path (recursively) hold 8 digits of PID's start? */
static bool shows_key(const char *path)
{
	DIR *d = opendir(path);
	if (!d)
		return false;
	bool shown = false;
	struct dirent *e;
	while (!shown && (e = readdir(d))) {
		if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, ".."))
			continue;
		shown = strstr(e->d_name, "01234567") != NULL;
		char sub[4300];
		snprintf(sub, sizeof sub, "%s/%s", path, e->d_name);
		shown = shown || shows_key(sub);
	}
	closedir(d);
	return shown;
}

static int entries(const char *path)
{
	DIR *d = opendir(path);
	int n = 0;
	struct dirent *e;
	while (d && (e = readdir(d)))
		n += strcmp(e->d_name, ".") && strcmp(e->d_name, "..");
	if (d)
		closedir(d);
	return n;
}

static void game(live_game *g, const char *id, const char *name)
{
	memset(g, 0, sizeof *g);
	snprintf(g->id, sizeof g->id, "%s", id);
	snprintf(g->name, sizeof g->name, "%s", name);
	g->open = true;
	snprintf(g->variant, sizeof g->variant, "3x3 plus k=2");
	g->ncells = 9;
	snprintf(g->cells, sizeof g->cells, "010111010");
}

static void names(const char *host)
{
	char wdir[4200], ldir[4200], lock[4300], path[4300], err[300];
	host_path(host, HOST_DIR_WATCH, wdir, sizeof wdir);
	host_path(host, HOST_DIR_LIVE, ldir, sizeof ldir);

	/* Four games publish first at once: one key, made once. */
	const char *slots[] = { "k" PID ".0", "k" PID ".1", "g0", "g1" };
	for (int i = 0; i < 4; i++)
		if (fork() == 0) {
			live_game g;
			game(&g, slots[i], "alice");
			_exit(live_publish(wdir, &g) == 0 ? 0 : 1);
		}
	int ok = 0;
	for (int i = 0; i < 4; i++) {
		int st;
		wait(&st);
		ok += WIFEXITED(st) && WEXITSTATUS(st) == 0;
	}
	tap_is(ok, 4, "four games publish at once");
	struct stat st;
	snprintf(path, sizeof path, "%s.key", wdir);
	tap_ok(stat(path, &st) == 0 && (st.st_mode & 0777) == 0600 && st.st_size == 32,
	       "the host's key: 32 bytes beside watch/, mode 0600");
	int found = 0;
	for (int i = 0; i < 4; i++)
		found += live_path(wdir, slots[i], path, sizeof path) == 0 && lstat(path, &st) == 0;
	tap_is(found, 4, "each file where the one key names it");
	tap_is(entries(wdir), 4, "and nothing else in watch/ (no temporary left)");

	/* Watched: the file and the watcher's directory show no key. */
	snprintf(lock, sizeof lock, "%s/k" PID ".0", ldir);
	int held = lock_take(lock, 0, err, sizeof err);
	int eye = live_eye_open(wdir, slots[0]);
	tap_ok(held >= 0 && eye >= 0 && live_eyes(wdir, slots[0]) == 1, "a watcher of the key's game is counted");
	tap_ok(!shows_key(wdir), "no name in watch/ holds the key's fingerprint");
	live_game *list;
	int n = live_list(wdir, ldir, &list);
	tap_ok(n == 1 && !strcmp(list[0].id, slots[0]) && !strcmp(list[0].name, "alice"),
	       "the account lists the live game by its slot (%d)", n);
	free(list);
	live_game back;
	tap_ok(live_read(wdir, ldir, slots[0], &back) == 0 && !strcmp(back.id, slots[0]), "and reads it by its slot");
	/* A file is written for news, not for the clock: the list runs a
	 * game's clock on from the file's time, for a game being played. */
	live_game g;
	game(&g, slots[0], "alice");
	g.elapsed = 5;
	struct timespec back30[2] = { { time(NULL) - 30, 0 }, { time(NULL) - 30, 0 } };
	const char *const where[] = { "free", "lobby", "free" };
	long want[] = { 35, 5, 5 };
	for (int i = 0; i < 3; i++) {
		snprintf(g.place, sizeof g.place, "%s", where[i]);
		g.won = i == 2;
		live_publish(wdir, &g);
		live_path(wdir, slots[0], path, sizeof path);
		utimensat(AT_FDCWD, path, back30, 0);
		n = live_list(wdir, ldir, &list);
		/* A second may tick between the two clocks' reads. */
		tap_ok(n == 1 && list[0].elapsed >= want[i] && list[0].elapsed <= want[i] + 1 &&
			       live_playing(&list[0]) == (i == 0),
		       "%s: the time in the list %ld s (%ld), %s", i == 0 ? "at a board" : i == 1 ? "in the lobby" : "cleared",
		       n == 1 ? list[0].elapsed : -1L, want[i], i == 0 ? "being played" : "not being played");
		free(list);
	}
	found = 0;
	for (int i = 1; i < 4; i++)
		found += live_path(wdir, slots[i], path, sizeof path) == 0 && lstat(path, &st) == 0;
	tap_is(found, 0, "the files of games whose slots nobody holds are swept");

	/* A file or a watchers' directory named by its slot (an older
	 * version, a watcher killed outright) tells whose key it is. */
	snprintf(path, sizeof path, "%s/k" PID ".1", wdir);
	FILE *f = fopen(path, "w");
	if (f)
		fclose(f);
	char eyes[4400];
	snprintf(eyes, sizeof eyes, "%s/eyes.k" PID ".1", wdir);
	mkdir(eyes, 0700);
	snprintf(eyes + strlen(eyes), sizeof eyes - strlen(eyes), "/123");
	f = fopen(eyes, "w");
	if (f)
		fclose(f);
	n = live_list(wdir, ldir, &list);
	free(list);
	tap_ok(n == 1 && lstat(path, &st) < 0, "a file named by its slot is swept");
	tap_ok(!shows_key(wdir), "and a watchers' directory named by its slot");
	/* A name no slot has: a dead game's. */
	snprintf(path, sizeof path, "%s/w%s", wdir, PID);
	f = fopen(path, "w");
	if (f)
		fclose(f);
	n = live_list(wdir, ldir, &list);
	free(list);
	tap_ok(n == 1 && lstat(path, &st) < 0, "a name of no live slot is swept");

	live_eye_close(wdir, slots[0], eye);
	live_withdraw(wdir, slots[0]);
	tap_is(entries(wdir), 0, "the game's end leaves watch/ empty");
	lock_release(held);
}

/* Cells as the file writes them: a digit, then letters (k up to 36),
 * and back; a value past k reads as 0. */
static void cells(void)
{
	uint8_t in[5] = { 0, 1, 9, 10, 35 }, out[5];
	char text[6];
	live_cells_write(in, 5, text);
	tap_ok(!strcmp(text, "019az"), "cells written one symbol each (%s)", text);
	live_cells_read(text, 5, 36, out);
	tap_ok(!memcmp(in, out, 5), "and read back");
	live_cells_read("2", 1, 2, out);
	tap_is(out[0], 0, "a value past k reads as 0");
}

int main(void)
{
	char host[] = "/tmp/lightsout-live.XXXXXX", err[300];
	if (!mkdtemp(host))
		return 1;
	hmac();
	cells();
	if (host_open(host, err, sizeof err) != HOST_OK)
		tap_diag("%s", err);
	names(host);
	char cmd[200];
	snprintf(cmd, sizeof cmd, "rm -rf '%s'", host);
	if (system(cmd) != 0)
		tap_diag("could not remove %s", host);
	return tap_done();
}
