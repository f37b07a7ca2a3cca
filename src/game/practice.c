#include "game/practice.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/clock.h"
#include "base/path.h"
#include "persist/ladder.h"
#include "persist/paths.h"

/* FNV-1a: a stable mix of the date and the settings. */
static uint64_t mix(uint64_t h, const char *s)
{
	for (; *s; s++) {
		h ^= (unsigned char)*s;
		h *= 0x100000001b3ULL;
	}
	return h;
}

static void config_key(const game_config *cfg, char *buf, size_t len)
{
	snprintf(buf, len, "%dx%d k%d %s%s%s %s", cfg->v.rows, cfg->v.cols, cfg->v.k, cfg->v.rule,
		 cfg->v.torus ? " torus" : "", cfg->v.forward_only ? " fwd" : "", generate_difficulty_word(cfg->difficulty));
}

uint64_t practice_daily_seed(time_t now, const game_config *cfg, char *date, size_t datelen)
{
	char key[VARIANT_RULE_MAX + 64], day[CLOCK_DATE_LEN];
	clock_date(now, day);
	snprintf(date, datelen, "%s", day);
	config_key(cfg, key, sizeof key);
	return mix(mix(0xcbf29ce484222325ULL, date), key);
}

/* The most presses the board can need: every cell pressed k - 1 times.
 * A rung above it is clamped (see persist/ladder.h). */
static long ladder_need(const game_config *cfg)
{
	return (long)cfg->v.rows * cfg->v.cols * (cfg->v.k - 1);
}

/* The rung saved for this shape and rule (*rung: LADDER_FIRST_RUNG when
 * there is none), in $XDG_STATE_HOME/lightsout/ladder through persist/ladder.h:
 * under the lock, atomically, bounded, a damaged file set aside. */
static persist_status practice_ladder_read(const game_config *cfg, int *rung, persist_result *res)
{
	char path[PATH_LEN], key[VARIANT_RULE_MAX + 64], err[300];
	long v;
	*rung = LADDER_FIRST_RUNG;
	if (paths_file(PATHS_STATE, PATHS_LADDER, false, path, sizeof path, err, sizeof err) < 0) {
		persist_result_init(res, PATHS_LADDER);
		return persist_fail(res, PERSIST_REFUSED, 0, err);
	}
	config_key(cfg, key, sizeof key);
	persist_status st = ladder_read(path, key, ladder_need(cfg), &v, res);
	if (st == PERSIST_OK && v >= LADDER_FIRST_RUNG)
		*rung = (int)v;
	return st;
}

static persist_status practice_ladder_write(const game_config *cfg, int rung, persist_result *res)
{
	char path[PATH_LEN], key[VARIANT_RULE_MAX + 64], err[300];
	if (paths_file(PATHS_STATE, PATHS_LADDER, true, path, sizeof path, err, sizeof err) < 0) {
		persist_result_init(res, PATHS_LADDER);
		return persist_fail(res, PERSIST_REFUSED, 0, err);
	}
	config_key(cfg, key, sizeof key);
	return ladder_write(path, key, rung, res);
}

int ladder_load(const game_config *cfg)
{
	persist_result res;
	int rung;
	practice_ladder_read(cfg, &rung, &res);
	return rung;
}

int ladder_save(const game_config *cfg, int rung)
{
	persist_result res;
	return practice_ladder_write(cfg, rung, &res) == PERSIST_OK ? 0 : -1;
}
