/* Our game on a public account's host (game/arcade.c): published as the
 * game stands (player, moves, cells, cursor, the race's rival), at most
 * ten times a second with the latest state written after; listed for
 * others but not for ourselves; watched through a feed that has news
 * only when the file changed, and that ends with the game. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "game/arcade.h"
#include "persist/lock.h"
#include "game_config.h"
#include "host_scratch.h"
#include "tap.h"

#define KA "0123456789abcdef0123456789abcdef"

static void test_publish(const char *host)
{
	char path[4300], err[200];
	arcade ar;
	arcade_feed f;
	game g;
	live_game *list;
	const char *slot = "k" KA ".0";
	snprintf(path, sizeof path, "%s/live/%s", host, slot);
	int lock = lock_take(path, 0, err, sizeof err);
	game_config c = test_config(3, 3, 2, "plus", false);
	if (!tap_ok(lock >= 0 && game_init(&g, &c, err, sizeof err) == LO_OK, "a live game"))
		return;
	arcade_setup(&ar, NULL, slot, "alice", false);
	tap_ok(!arcade_on(&ar), "no host: no arcade (a local game)");
	arcade_setup(&ar, host, slot, "alice", false);
	tap_ok(arcade_on(&ar) && ar.open, "on the host, watchers welcome");
	board_set(g.cur, 1, 1, 1);
	arcade_publish(&ar, &g, 1, 2, "bob", 4, 10.0);
	tap_ok(arcade_feed_open(&f, host, slot), "a watcher opens it");
	tap_ok(!strcmp(f.lg.name, "alice") && f.lg.moves == 0 && f.lg.cr == 1 && f.lg.cc == 2 &&
		       !strcmp(f.lg.race, "bob") && f.lg.race_moves == 4 && f.lg.ncells == 9 && f.lg.cells[4] == '1',
	       "it says what the player sees: name, moves, cursor, rival, cells (%s)", f.lg.cells);
	tap_is(arcade_feed_poll(&f), 0, "nothing new: no news");
	board_set(g.cur, 0, 0, 1);
	arcade_publish(&ar, &g, 0, 0, "", 0, 10.05);
	tap_is(arcade_feed_poll(&f), 0, "a change within a tenth of a second waits");
	arcade_publish(&ar, &g, 0, 0, "", 0, 10.2);
	tap_ok(arcade_feed_poll(&f) == 1 && f.lg.cells[0] == '1' && !f.lg.race[0],
	       "and is written at the next call after it");
	ar.open = false;
	arcade_publish(&ar, &g, 0, 0, "", 0, 11.0);
	tap_ok(arcade_feed_poll(&f) == 1 && !f.lg.open && f.lg.ncells == 0, "watchers not welcome: no cells");
	tap_is(arcade_list(host, slot, &list), 0, "our own game is not listed for us");
	free(list);
	int n = arcade_list(host, "", &list);
	tap_ok(n == 1 && !strcmp(list[0].name, "alice"), "but is for anyone else");
	free(list);
	arcade_end(&ar);
	tap_ok(arcade_feed_poll(&f) == -1 && f.gone, "the game ends: the watcher is told");
	arcade_feed_close(&f);
	game_free(&g);
	lock_release(lock);
}

int main(void)
{
	char dir[] = "/tmp/lo-arcade.XXXXXX";
	if (!host_scratch_make(dir))
		return 1;
	test_publish(dir);
	host_scratch_remove(dir);
	/* A place: an enum inside, its word only in the live file. */
	tap_ok(arcade_place_parse(arcade_place_word(PLACE_LOBBY)) == PLACE_LOBBY &&
		       arcade_place_parse(arcade_place_word(PLACE_DAILY)) == PLACE_DAILY &&
		       arcade_place_parse(arcade_place_word(PLACE_LADDER)) == PLACE_LADDER &&
		       !strcmp(arcade_place_word(PLACE_FREE), "free") && arcade_place_parse("moon") == PLACE_FREE,
	       "each place's word reads back as it; another word is a free board");
	return tap_done();
}
