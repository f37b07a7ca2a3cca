/* A race's rules (game/race.c) between two racers of one host in one
 * process: a race opened on a board made in the background, listed and
 * taken, the same board for both at the same moment, the first to clear
 * it wins, a challenge told once, a racer who leaves the board forfeits
 * (never assisted; no result before a move of theirs), help reaching a
 * racer makes the race void for both, a race taken back is gone, and a
 * board too big for a race is refused. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#include "game/race.h"
#include "persist/lock.h"
#include "game_config.h"
#include "host_scratch.h"
#include "tap.h"

#define KA "0123456789abcdef0123456789abcdef"
#define KB "fedcba9876543210fedcba9876543210"

static double now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

static void pause_ms(long ms)
{
	struct timespec ts = { ms / 1000, (ms % 1000) * 1000000 };
	nanosleep(&ts, NULL);
}

/* One racer: its place on the host, and the board it plays. */
typedef struct side {
	arcade ar;
	racer r;
	game g;
	bool playing;
	int lock;
} side;

static bool side_open(side *s, const char *host, const char *slot, const char *name, const char *client)
{
	char path[4300], err[200];
	memset(s, 0, sizeof *s);
	snprintf(path, sizeof path, "%s/live/%s", host, slot);
	s->lock = lock_take(path, 0, err, sizeof err);	/* the game is live while it holds it */
	arcade_setup(&s->ar, host, slot, name, false);
	racer_init(&s->r, &s->ar, client);
	return s->lock >= 0;
}

/* Ticks until the racer says one of want (a few seconds at most), the
 * race's board played when it comes. */
static int tick_until(side *s, int want)
{
	char why[300];
	int news = 0;
	for (int i = 0; i < 1000 && !(news & want); i++) {
		news = racer_tick(&s->r, &s->ar, &s->g, s->playing, false, why, sizeof why);
		if (news & RACER_START) {
			game_config cfg;
			board *b = racer_board(&s->r, &cfg, why, sizeof why);
			if (s->playing)
				game_free(&s->g);
			s->playing = b && game_init(&s->g, &cfg, why, sizeof why) == LO_OK &&
				     game_load(&s->g, b, 1.0, why, sizeof why) == LO_OK;
			board_free(b);
			racer_started(&s->r, s->playing);
		}
		if (!(news & want))
			pause_ms(10);
	}
	return news;
}

/* Files in dir. */
static int count_files(const char *dir)
{
	char cmd[4400];
	int n = -1;
	snprintf(cmd, sizeof cmd, "ls -A '%s' | wc -l", dir);
	FILE *p = popen(cmd, "r");
	if (p && fscanf(p, "%d", &n) != 1)
		n = -1;
	if (p)
		pclose(p);
	return n;
}

/* The list of s: the first entry of kind take by name, or -1. */
static int find(side *s, bool take, const char *name, race_entry *out)
{
	race_entry *list;
	int n = racer_list(&s->r, &s->ar, &list), at = -1;
	for (int i = 0; i < n && at < 0; i++)
		if (list[i].take == take && !strcmp(list[i].name, name)) {
			at = i;
			*out = list[i];
		}
	free(list);
	return at;
}

/* alice opens a race on c, bob takes it, both play its board. */
static void open_and_start(side *a, side *b, const game_config *c)
{
	char why[300];
	race_entry e;
	racer_open(&a->r, &a->ar, c, "", why, sizeof why);
	tick_until(a, RACER_NEWS);
	if (find(b, true, "alice", &e) < 0 || racer_take(&b->r, &b->ar, &e, why, sizeof why) < 0)
		tap_diag("bob could not take alice's race: %s", why);
	tick_until(a, RACER_NEWS);
	tick_until(a, RACER_START);
	tick_until(b, RACER_START);
}

static void test_race(const char *host)
{
	char why[300];
	side a, b;
	race_entry e;
	game_config c = test_config(3, 3, 2, "plus", false);
	if (!tap_ok(side_open(&a, host, "k" KA ".0", "alice", "198.51.100.7 40000 192.0.2.1 22") &&
			    side_open(&b, host, "k" KB ".1", "bob", "203.0.113.9 40000 192.0.2.1 22"),
		    "two live games on the host"))
		return;
	game_config big = test_config(60, 60, 2, "plus", false);
	tap_ok(racer_open(&a.r, &a.ar, &big, "", why, sizeof why) < 0 && strstr(why, "2500 cells"),
	       "a board of 3600 cells is refused (%s)", why);

	/* 1. alice opens a race, bob takes it, alice wins. */
	tap_ok(racer_open(&a.r, &a.ar, &c, "", why, sizeof why) == 0 && a.r.phase == RACE_MAKING,
	       "alice opens a race: its board is made in the background");
	tap_ok(tick_until(&a, RACER_NEWS) && a.r.phase == RACE_WAITING && a.r.offer.ncells == 9,
	       "made: the race is open, its 9 cells offered");
	tap_ok(find(&b, true, "alice", &e) >= 0 && !e.to_us && !e.one_net, "bob sees alice's race, open to all");
	tap_ok(find(&a, true, "alice", &e) < 0, "alice is not offered her own race");
	find(&b, true, "alice", &e);
	tap_ok(racer_take(&b.r, &b.ar, &e, why, sizeof why) == 0 && b.r.phase == RACE_COUNTDOWN &&
		       !strcmp(b.r.them.name, "alice"),
	       "bob takes it: the countdown");
	tap_ok(tick_until(&a, RACER_NEWS) && a.r.phase == RACE_COUNTDOWN && !strcmp(a.r.them.name, "bob"),
	       "alice hears it was taken by bob");
	int na = tick_until(&a, RACER_START), nb = tick_until(&b, RACER_START);
	tap_ok((na & RACER_START) && (nb & RACER_START) && a.playing && b.playing && a.r.phase == RACE_ON &&
		       b.r.phase == RACE_ON,
	       "the board comes for both");
	tap_ok(!memcmp(a.g.cur->cells, b.g.cur->cells, 9), "the same board");
	a.g.won = true;		/* as a press that clears it leaves the game */
	char w[300];
	int news = racer_tick(&a.r, &a.ar, &a.g, true, false, w, sizeof w);
	tap_ok((news & RACER_OVER) && a.r.ended == RACE_END_DECIDED && a.r.mine &&
		       a.r.result.kind == RACE_CLEARED && !a.r.result.assisted && a.r.phase == RACE_IDLE &&
		       a.r.result.rank == RACE_RANKED,
	       "alice clears it first: she wins, unaided, ranked");
	news = tick_until(&b, RACER_OVER);
	tap_ok((news & RACER_OVER) && b.r.ended == RACE_END_DECIDED && !b.r.mine &&
		       !strcmp(b.r.result.winner.name, "alice"),
	       "bob hears alice won");

	/* 2. bob challenges alice; she is told once, takes it; bob leaves the
	 * board: a forfeit. */
	tap_ok(racer_open(&b.r, &b.ar, &c, "alice", why, sizeof why) == 0 && tick_until(&b, RACER_NEWS) &&
		       b.r.phase == RACE_WAITING,
	       "bob challenges alice");
	tap_ok(racer_heard(&a.r, &a.ar, now()) && !strcmp(a.r.challenger, "bob"), "alice is told of bob's challenge");
	a.r.challenges_at = -1e9;
	tap_ok(!racer_heard(&a.r, &a.ar, now()), "... once");
	tap_ok(find(&a, true, "bob", &e) >= 0 && e.to_us, "and finds it in her list, a challenge to her");
	tap_ok(racer_take(&a.r, &a.ar, &e, why, sizeof why) == 0, "she takes it");
	tick_until(&b, RACER_NEWS);
	tick_until(&a, RACER_START);
	tick_until(&b, RACER_START);
	tap_ok(a.r.phase == RACE_ON && b.r.phase == RACE_ON, "the second race is on");
	game_press(&b.g, 0, 0, 1, now());
	racer_tick(&b.r, &b.ar, &b.g, true, false, w, sizeof w);
	news = racer_tick(&b.r, &b.ar, &b.g, false, true, w, sizeof w);
	tap_ok((news & RACER_OVER) && !b.r.mine && b.r.result.kind == RACE_FORFEIT && !b.r.result.assisted &&
		       b.r.result.moves == 0 && b.r.result.loser_moves == 1 && b.r.result.rank == RACE_RANKED,
	       "bob leaves its board after a move: a forfeit, never assisted, ranked");
	news = tick_until(&a, RACER_OVER);
	tap_ok((news & RACER_OVER) && a.r.mine && a.r.result.kind == RACE_FORFEIT, "alice wins by forfeit");

	/* 3. Help reaching a racer (the session's racer_void) makes the race
	 * void for both: no winner, nothing filed. */
	char path[4300];
	snprintf(path, sizeof path, "%s/races/results", host);
	int files = count_files(path);
	open_and_start(&a, &b, &c);
	tap_ok(racer_void(&b.r, &b.ar) && b.r.phase == RACE_IDLE, "help reaches bob in a race: it is void at once");
	news = racer_tick(&b.r, &b.ar, &b.g, true, true, w, sizeof w);
	tap_ok((news & RACER_OVER) && b.r.result.kind == RACE_VOID && !b.r.mine && !strcmp(b.r.result.loser.name, "bob"),
	       "bob's next tick says so: void, his help named");
	tap_is(racer_tick(&b.r, &b.ar, &b.g, true, true, w, sizeof w), 0, "... once");
	news = tick_until(&a, RACER_OVER);
	tap_ok((news & RACER_OVER) && a.r.result.kind == RACE_VOID && a.r.mine && a.r.result.rank == RACE_UNRANKED_VOID,
	       "alice hears it is void");
	tap_ok(!racer_void(&b.r, &b.ar), "no race on: nothing to void");
	/* Help on the board (the session's assisted) when the tick comes:
	 * void too, never a win. */
	open_and_start(&a, &b, &c);
	a.g.won = true;
	news = racer_tick(&a.r, &a.ar, &a.g, true, true, w, sizeof w);
	tap_ok((news & RACER_OVER) && a.r.result.kind == RACE_VOID && !a.r.mine,
	       "a board cleared with help: the race is void, not won");
	tick_until(&b, RACER_OVER);
	/* Leaving before a move: no result. */
	open_and_start(&a, &b, &c);
	news = racer_tick(&b.r, &b.ar, &b.g, false, false, w, sizeof w);
	tap_ok((news & RACER_OVER) && b.r.result.kind == RACE_FORFEIT && b.r.result.rank == RACE_UNRANKED_EARLY,
	       "bob leaves before a move: no result");
	news = tick_until(&a, RACER_OVER);
	tap_ok((news & RACER_OVER) && a.r.result.rank == RACE_UNRANKED_EARLY, "alice is told so");
	tap_is(count_files(path), files, "none of the three filed");

	/* 4. A race taken back is gone from the list; the game's end takes
	 * back one open. */
	racer_open(&a.r, &a.ar, &c, "", why, sizeof why);
	tick_until(&a, RACER_NEWS);
	tap_ok(find(&b, true, "alice", &e) >= 0, "alice opens another");
	tap_ok(racer_withdraw(&a.r, &a.ar) && a.r.phase == RACE_IDLE && find(&b, true, "alice", &e) < 0,
	       "taken back: bob no longer sees it");
	racer_open(&a.r, &a.ar, &c, "", why, sizeof why);
	racer_end(&a.r, &a.ar);
	tap_ok(a.r.phase == RACE_IDLE && !a.r.mk, "the game ends while its board is made: the race is dropped");
	tap_is(racer_count(&b.r, &b.ar), 0, "no race is open to bob");
	if (a.playing)
		game_free(&a.g);
	if (b.playing)
		game_free(&b.g);
	lock_release(a.lock);
	lock_release(b.lock);
}

int main(void)
{
	char dir[] = "/tmp/lo-race.XXXXXX";
	if (!host_scratch_make(dir))
		return 1;
	test_race(dir);
	host_scratch_remove(dir);
	return tap_done();
}
