#include "game/play.h"

#include <math.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "base/clock.h"
#include "base/seed.h"
#include "engine/generate.h"
#include "game/practice.h"
#include "game/saved.h"
#include "i18n.h"

static const char *const origin_words[] = {
	[ORIGIN_RANDOM] = "random", [ORIGIN_SEEDED] = "seeded", [ORIGIN_LOAD] = "load",
	[ORIGIN_CODE] = "code",	    [ORIGIN_RACE] = "race",	[ORIGIN_EDIT] = "edit",
};

const char *play_origin_word(play_origin o)
{
	return (unsigned)o < sizeof origin_words / sizeof *origin_words ? origin_words[o] : "random";
}

bool play_origin_parse(const char *word, play_origin *o)
{
	for (size_t i = 0; i < sizeof origin_words / sizeof *origin_words; i++)
		if (!strcmp(word, origin_words[i])) {
			*o = (play_origin)i;
			return true;
		}
	return false;
}

lo_result play_init(play *p, game *g, play_mode mode, play_origin origin, char *err, size_t errlen)
{
	p->g = *g;
	p->mode = mode;
	p->origin = origin;
	p->recorded = false;
	if (overlay_init(&p->ov, g->sys, g->cfg.v.forward_only) < 0) {
		snprintf(err, errlen, _("out of memory"));
		game_free(&p->g);
		return LO_NOMEM;
	}
	return LO_OK;
}

void play_free(play *p)
{
	/* The plan's thread reads the game's system: stop it first. */
	overlay_free(&p->ov);
	game_free(&p->g);
}

lo_result play_generate(play *p, game *g, char *err, size_t errlen)
{
	/* A --seed's boards are all known from it: a row of their own. */
	p->origin = p->origin == ORIGIN_SEEDED ? ORIGIN_SEEDED : ORIGIN_RANDOM;
	p->daily[0] = '\0';
	if (p->mode == PLAY_DAILY) {
		char date[16];
		rng_seed(&p->r, practice_daily_seed(time(NULL), &g->cfg, date, sizeof date));
		snprintf(p->daily, sizeof p->daily, "%.10s", date);
		return game_generate_ctl(g, &p->r, -1, p->ctl, err, errlen);
	}
	if (p->mode == PLAY_LADDER) {
		/* A rung above the hardest board of this shape: settle at the top
		 * (known at once for shapes small enough to count, else found
		 * by trying lower rungs). */
		int rung = p->rung < LADDER_FIRST_RUNG ? LADDER_FIRST_RUNG : p->rung;
		int most = generate_max_par(g->sys, &g->rule, g->cfg.v.forward_only);
		if (most >= LADDER_FIRST_RUNG && rung > most)
			rung = most;
		lo_result st;
		while ((st = game_generate_ctl(g, &p->r, rung, p->ctl, err, errlen)) != LO_OK) {
			bool cancelled = p->ctl && p->ctl->cancel && atomic_load(p->ctl->cancel);
			if (rung <= LADDER_FIRST_RUNG || cancelled)
				return st;
			rung--;
		}
		if (rung != p->rung) {
			p->rung = rung;
			ladder_save(&g->cfg, rung);
		}
		return LO_OK;
	}
	return game_generate_ctl(g, &p->r, -1, p->ctl, err, errlen);
}

lo_result play_replace(play *p, game *next, char *err, size_t errlen)
{
	lo_overlay ov;
	if (overlay_init(&ov, next->sys, next->cfg.v.forward_only) < 0) {
		snprintf(err, errlen, _("out of memory"));
		game_free(next);
		return LO_NOMEM;
	}
	ov.active = p->ov.active;
	ov.shown = p->ov.shown;
	play_free(p);
	p->g = *next;
	p->ov = ov;
	p->assisted = false;	/* a new board: nothing helped on it yet */
	p->tried = p->replay = false;
	return LO_OK;
}

lo_result play_make(play *p, const game_config *cfg, game *next, char *err, size_t errlen)
{
	lo_result rc = game_init(next, cfg, err, errlen);
	if (rc != LO_OK)
		return rc;
	int rung = p->rung;
	if (p->mode == PLAY_LADDER && p->rung <= 0)
		p->rung = ladder_load(cfg);	/* another shape: its own rung */
	rc = play_generate(p, next, err, errlen);
	if (rc != LO_OK) {
		p->rung = rung;
		game_free(next);
		return rc;
	}
	return LO_OK;
}

uint64_t play_new_id(void)
{
	uint64_t id = 0;
	if (!seed_random(&id, sizeof id) || !id)
		id = seed_fresh();	/* no /dev/urandom: the clock, the process and a count */
	return id ? id : 1;
}

void play_fresh(play *p)
{
	/* A new attempt; what helped on this board still counts against it. */
	p->recorded = false;
	p->game = 0;
	overlay_reset(&p->ov, p->g.cur);
}

lo_result play_climb(play *p, int step)
{
	if (p->mode != PLAY_LADDER)
		return LO_OK;
	p->rung += step;
	if (p->rung < LADDER_FIRST_RUNG)
		p->rung = LADDER_FIRST_RUNG;
	return ladder_save(&p->g.cfg, p->rung) < 0 ? LO_IO : LO_OK;
}

const char *play_mode_word(const play *p)
{
	return p->mode == PLAY_DAILY ? "daily" : p->mode == PLAY_LADDER ? "practice" : play_origin_word(p->origin);
}

void play_from_saved(play *p, const saved_game *sg)
{
	p->mode = !strcmp(sg->mode, "daily") ? PLAY_DAILY : !strcmp(sg->mode, "practice") ? PLAY_LADDER : PLAY_FREE;
	/* Free play's word is its origin; a word this version does not know
	 * is a board of the player's own, as a loaded one. */
	p->origin = ORIGIN_RANDOM;
	if (p->mode == PLAY_FREE && sg->mode[0] && !play_origin_parse(sg->mode, &p->origin))
		p->origin = ORIGIN_LOAD;
	snprintf(p->daily, sizeof p->daily, "%s", sg->daily);
	p->rung = 0;
	p->assisted = sg->assisted;
	p->game = sg->game;
	p->cur_row = sg->cur_row;
	p->cur_col = sg->cur_col;
	if (p->mode == PLAY_LADDER)
		p->rung = sg->rung > 0 ? sg->rung : LADDER_FIRST_RUNG;
}

void play_to_saved(const play *p, saved_game *sg)
{
	snprintf(sg->mode, sizeof sg->mode, "%s", play_mode_word(p));
	sg->rung = p->mode == PLAY_LADDER ? p->rung : 0;
	snprintf(sg->daily, sizeof sg->daily, "%s", p->mode == PLAY_DAILY ? p->daily : "");
	sg->assisted = p->assisted;
	sg->game = p->game;
	/* Within the board or not at all (a save a parser refuses is lost). */
	bool in = p->cur_row >= 0 && p->cur_row < p->g.cur->rows && p->cur_col >= 0 && p->cur_col < p->g.cur->cols;
	sg->cur_row = in ? p->cur_row : -1;
	sg->cur_col = in ? p->cur_col : -1;
}

bool play_result(play *p, stats_result *r, double now)
{
	if (p->recorded)
		return false;
	p->recorded = true;
	saved_result(r, &p->g, now, p->mode == PLAY_DAILY ? p->daily : NULL);
	/* The statistics decide nothing: what counts is said here. */
	r->assisted = p->assisted;
	r->game = p->game;
	/* The daily board counts once a day: a replay is practice. */
	if (p->replay)
		r->daily = NULL;
	r->kind = p->mode == PLAY_LADDER || p->replay ? STATS_PRACTICE
		: p->mode == PLAY_DAILY ? STATS_DAILY
		: p->origin == ORIGIN_SEEDED ? STATS_SEEDED
		: p->origin != ORIGIN_RANDOM ? STATS_CUSTOM : STATS_NORMAL;
	return true;
}

bool play_score(const play *p, const stats_result *r, score *s)
{
	if (p->mode != PLAY_DAILY || p->replay || !r->won || !scores_date_valid(p->daily))
		return false;
	memset(s, 0, sizeof *s);
	snprintf(s->date, sizeof s->date, "%s", p->daily);
	snprintf(s->level, sizeof s->level, "%s", generate_difficulty_word(p->g.cfg.difficulty));
	s->v = r->key;
	s->moves = r->moves;
	s->par = r->par;
	s->ms = r->seconds > 0 ? llround(r->seconds * 1000) : 0;
	s->assisted = r->assisted;
	return true;
}

void play_scores_date(const play *p, char *date, size_t len)
{
	if (p->mode == PLAY_DAILY && scores_date_valid(p->daily)) {
		snprintf(date, len, "%s", p->daily);
		return;
	}
	char day[CLOCK_DATE_LEN];
	clock_date(time(NULL), day);
	snprintf(date, len, "%s", day);
}
