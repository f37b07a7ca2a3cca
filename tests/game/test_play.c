/* game/play.c: a board per mode, the ladder's rung, each attempt recorded
 * once, and the mode carried through a save. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "game/play.h"
#include "game/practice.h"
#include "game_config.h"
#include "tap.h"

static game_config config(int rows, int cols)
{
	return test_config(rows, cols, 2, "plus", false);
}

static lo_result start(play *p, const game_config *cfg, play_mode mode, uint64_t seed)
{
	game g;
	char err[256];
	memset(p, 0, sizeof *p);
	rng_seed(&p->r, seed);
	p->mode = mode;
	if (mode == PLAY_LADDER)
		p->rung = ladder_load(cfg);
	if (game_init(&g, cfg, err, sizeof err) != LO_OK || play_generate(p, &g, err, sizeof err) != LO_OK) {
		tap_diag("%s", err);
		return LO_REFUSED;
	}
	return play_init(p, &g, mode, ORIGIN_RANDOM, err, sizeof err);
}

int main(void)
{
	char dir[] = "/tmp/lo-play.XXXXXX", err[256];
	if (!mkdtemp(dir))
		return 1;
	setenv("XDG_STATE_HOME", dir, 1);
	game_config c3 = config(3, 3), c4 = config(4, 4);

	play p;
	lo_result rc = start(&p, &c3, PLAY_FREE, 1);
	tap_ok(rc == LO_OK && p.g.solvable && p.g.par >= 0, "a free board: solvable, par %d", p.g.par);
	tap_ok(!strcmp(play_mode_word(&p), "random"), "its mode word is its origin");

	/* Each attempt counts once; a fresh position is a new attempt. */
	stats_result r;
	tap_ok(play_result(&p, &r, 0) && variant_equal(&r.key, &c3.v) && !r.won, "the first result is recorded");
	tap_ok(!play_result(&p, &r, 0), "the same attempt is not recorded twice");
	play_fresh(&p);
	tap_ok(play_result(&p, &r, 0), "a fresh position is a new attempt");

	/* Another shape: the plan follows the new game and stays on. */
	game next;
	p.ov.active = true;
	tap_ok(play_make(&p, &c4, &next, err, sizeof err) == LO_OK && play_replace(&p, &next, err, sizeof err) == LO_OK,
	       "a 4x4 game replaces it");
	tap_ok(p.g.cur->rows == 4 && p.ov.n == 16 && p.ov.active, "its plan has 16 cells and stays active");
	play_free(&p);

	/* The ladder: par is the rung; up after a win, down after a give-up,
	 * never below the first, kept per shape between runs. */
	tap_ok(start(&p, &c3, PLAY_LADDER, 2) == LO_OK && p.rung == LADDER_FIRST_RUNG && p.g.par == 1,
	       "ladder starts at rung 1 with a par-1 board");
	play_climb(&p, +1);
	play_climb(&p, +1);
	tap_is(ladder_load(&c3), 3, "two wins: rung 3, saved");
	tap_is(ladder_load(&c4), LADDER_FIRST_RUNG, "another shape keeps its own rung");
	play_climb(&p, -1);
	play_climb(&p, -1);
	play_climb(&p, -1);
	tap_is(p.rung, LADDER_FIRST_RUNG, "give-ups stop at the first rung");
	p.rung = 1000;
	rc = play_generate(&p, &p.g, err, sizeof err);
	tap_ok(rc == LO_OK && p.rung < 1000 && p.g.par == p.rung, "a rung above any 3x3 board settles at the hardest (%d)",
	       p.rung);
	tap_is(ladder_load(&c3), p.rung, "and is saved there");

	/* A save carries the mode, rung and date. */
	saved_game sg;
	savegame_init(&sg);
	play_to_saved(&p, &sg);
	play q;
	memset(&q, 0, sizeof q);
	play_from_saved(&q, &sg);
	tap_ok(q.mode == PLAY_LADDER && q.rung == p.rung && !strcmp(sg.mode, "practice"), "ladder mode saved and read");
	play_free(&p);

	/* Daily: the same board for the same settings and date. */
	play d1, d2;
	rc = start(&d1, &c4, PLAY_DAILY, 3);
	tap_ok(rc == LO_OK && start(&d2, &c4, PLAY_DAILY, 4) == LO_OK, "two daily games");
	tap_ok(board_equal(d1.g.start, d2.g.start) && !strcmp(d1.daily, d2.daily) && strlen(d1.daily) == 10,
	       "the same board on %s, whatever the seed", d1.daily);
	play_to_saved(&d1, &sg);
	play_from_saved(&q, &sg);
	tap_ok(q.mode == PLAY_DAILY && !strcmp(q.daily, d1.daily), "daily mode and date saved and read");
	play_free(&d1);
	play_free(&d2);

	char cmd[64];
	snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
	if (system(cmd) != 0)
		tap_diag("could not remove %s", dir);
	/* The origin is an enum inside; its word only where a file says it. */
	bool round = true;
	for (play_origin o = ORIGIN_RANDOM; o <= ORIGIN_EDIT; o++) {
		play_origin back = ORIGIN_EDIT + 1;
		round = round && play_origin_parse(play_origin_word(o), &back) && back == o;
	}
	play_origin none = ORIGIN_CODE;
	tap_ok(round && !play_origin_parse("daily", &none) && none == ORIGIN_CODE && !strcmp(play_origin_word(ORIGIN_SEEDED), "seeded"),
	       "each origin's word reads back as it; another word is none");
	return tap_done();
}
