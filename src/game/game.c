#include "game/game.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/generate.h"
#include "game/budget.h"
#include "engine/history.h"
#include "engine/search.h"
#include "i18n.h"

lo_result game_init(game *g, const game_config *cfg, char *err, size_t errlen)
{
	memset(g, 0, sizeof *g);
	g->cfg = *cfg;
	g->par = -1;
	/* A host's bound: refused before anything is built, whoever asks
	 * (the settings, a share code, a saved game, a race, a watcher). */
	if (budget_check(cfg, err, errlen) != LO_OK)
		return LO_TOO_LARGE;
	g->hist = malloc(sizeof *g->hist);
	if (!g->hist) {
		snprintf(err, errlen, _("out of memory"));
		return LO_NOMEM;
	}
	history_init(g->hist);
	variant_rule(&cfg->v, &g->rule);
	g->cur = board_new(cfg->v.rows, cfg->v.cols, cfg->v.k);
	g->start = board_new(cfg->v.rows, cfg->v.cols, cfg->v.k);
	lo_result made = LO_NOMEM;
	if (g->cur && g->start) {
		system_ctl ctl;
		budget_system_ctl(cfg, &ctl);
		made = system_create_ctl(cfg->v.rows, cfg->v.cols, &g->rule, cfg->v.k, &ctl, &g->sys);
	}
	if (!g->sys) {
		lo_result rc = LO_NOMEM;
		if (made != LO_TOO_LARGE)
			snprintf(err, errlen, _("out of memory for a %dx%d board"), cfg->v.rows, cfg->v.cols);
		else {
			system_limit_message(cfg->v.rows, cfg->v.cols, &g->rule, cfg->v.k, err, errlen);
			rc = LO_TOO_LARGE;
		}
		game_free(g);
		return rc;
	}
	return LO_OK;
}

void game_free(game *g)
{
	board_free(g->cur);
	board_free(g->start);
	if (g->sys)
		system_free(g->sys);
	if (g->hist)
		history_free(g->hist);
	free(g->hist);
	g->hist = NULL;
	g->cur = g->start = NULL;
	g->sys = NULL;
}

static void game_begin(game *g)
{
	board_copy(g->cur, g->start);
	history_clear(g->hist);
	g->won = false;
	g->clock_running = g->clock_paused = g->clock_held = false;
	g->clock_acc = 0;
}

lo_result game_generate(game *g, rng *r, int par, char *err, size_t errlen)
{
	return game_generate_ctl(g, r, par, NULL, err, errlen);
}

lo_result game_generate_ctl(game *g, rng *r, int par, const gen_ctl *ctl, char *err, size_t errlen)
{
	bool fwd = g->cfg.v.forward_only;
	gen_result res;
	if (par <= 0)
		par = g->cfg.par;
	if (par <= 0 && g->cfg.difficulty != DIFFICULTY_ANY)
		par = generate_difficulty_par(g->sys, &g->rule, fwd, g->cfg.difficulty, r);
	lo_result st = generate_board_ctl(g->sys, &g->rule, fwd, par > 0 ? par : -1, r, g->start, ctl, &res, err, errlen);
	if (st != LO_OK)
		return st;
	g->par = res.par;
	g->par_proven = res.par_proven;
	g->solvable = true;
	game_begin(g);
	return LO_OK;
}

/* Par of a loaded board: the minimal search, bounded so a huge kernel
 * cannot freeze the game; then par is an upper bound only. */
lo_result game_load(game *g, const board *b, double seconds, char *err, size_t errlen)
{
	int n = board_size(b);
	uint8_t *x = malloc((size_t)n);
	if (!x) {
		snprintf(err, errlen, _("out of memory"));
		return LO_NOMEM;
	}
	board_copy(g->start, b);
	lo_result st = system_solve(g->sys, b->cells, x, NULL);
	if (st == LO_NOMEM) {
		free(x);
		snprintf(err, errlen, _("out of memory"));
		return LO_NOMEM;
	}
	g->solvable = st == LO_OK;
	g->par = -1;
	g->par_proven = false;
	if (g->solvable) {
		search_ctl ctl = { .time_limit = seconds, .forward_only = g->cfg.v.forward_only };
		search_result res;
		search_minimal(g->sys, x, &ctl, &res);
		g->par = res.weight;
		g->par_proven = res.optimal;
	}
	free(x);
	game_begin(g);
	return LO_OK;
}

static void clock_stop(game *g, double now)
{
	if (g->clock_running)
		g->clock_acc += now - g->clock_from;
	g->clock_running = false;
}

/* Apply without recording: shared by press, undo and redo. */
static void game_apply(game *g, lo_move m, double now)
{
	rule_press(&g->rule, g->cur, m.row, m.col, m.times);
	g->won = board_is_clear(g->cur);
	if (g->won)
		clock_stop(g, now);
	else if (!g->clock_running && !g->clock_paused) {
		g->clock_running = true;
		g->clock_from = now;
	}
}

int game_press(game *g, int row, int col, int times, double now)
{
	lo_move m = { row, col, times };
	if (history_push(g->hist, m) < 0)
		return -1;
	game_apply(g, m, now);
	return 0;
}

bool game_undo(game *g, int *row, int *col, int *times, double now)
{
	lo_move m;
	if (!history_undo(g->hist, &m))
		return false;
	lo_move back = { m.row, m.col, -m.times };
	game_apply(g, back, now);
	*row = m.row;
	*col = m.col;
	*times = back.times;
	return true;
}

bool game_redo(game *g, int *row, int *col, int *times, double now)
{
	lo_move m;
	if (!history_redo(g->hist, &m))
		return false;
	game_apply(g, m, now);
	*row = m.row;
	*col = m.col;
	*times = m.times;
	return true;
}

void game_restart(game *g)
{
	game_begin(g);
}

int game_moves(const game *g)
{
	return history_count(g->hist);
}

bool game_undo_capped(const game *g)
{
	return g->hist->pos == 0 && g->hist->dropped > 0;
}

bool game_in_progress(const game *g)
{
	return g->hist->len > 0 && !g->won;
}

bool game_touched(const game *g)
{
	return g->hist->len > 0 || g->hist->dropped > 0;
}

double game_elapsed(const game *g, double now)
{
	return g->clock_acc + (g->clock_running ? now - g->clock_from : 0);
}

void game_clock_pause(game *g, double now)
{
	if (g->clock_running) {
		clock_stop(g, now);
		g->clock_paused = true;
	}
}

void game_clock_resume(game *g, double now)
{
	if (g->clock_paused && !g->clock_held) {
		g->clock_paused = false;
		g->clock_running = true;
		g->clock_from = now;
	}
}

bool game_clock_start(game *g, double now)
{
	if (g->clock_running || g->clock_paused || g->won)
		return false;
	g->clock_running = true;
	g->clock_from = now;
	return true;
}

void game_clock_since(game *g, double since)
{
	g->clock_acc = 0;
	g->clock_paused = g->clock_held = false;
	g->clock_running = true;
	g->clock_from = since;
}

bool game_config_equal(const game_config *a, const game_config *b)
{
	return variant_equal(&a->v, &b->v) && a->difficulty == b->difficulty && a->par == b->par;
}

void game_clock_hold(game *g, double now)
{
	clock_stop(g, now);
	g->clock_paused = g->clock_held = true;
}
