/* A game as a saved_game and back, a finished game as a statistics
 * record (saved.h); when is saving.c's, the file savegame.c's. */
#include "game/saved.h"

#include <stdio.h>
#include <string.h>

#include "engine/history.h"
#include "i18n.h"

void saved_from_game(saved_game *sg, const game *g, double now)
{
	sg->v = g->cfg.v;
	sg->start = g->start;
	sg->current = g->cur;
	sg->hist = *g->hist;
	sg->moves = game_moves(g);
	sg->elapsed = game_elapsed(g, now);
	sg->par = g->par;
	sg->par_proven = g->par_proven;
	snprintf(sg->difficulty, sizeof sg->difficulty, "%s", generate_difficulty_word(g->cfg.difficulty));
}

lo_result saved_to_game(game *g, const saved_game *sg, char *err, size_t errlen)
{
	game_config cfg;
	memset(&cfg, 0, sizeof cfg);
	cfg.v = sg->v;
	cfg.par = -1;
	if (!generate_difficulty_parse(sg->difficulty, &cfg.difficulty))
		cfg.difficulty = DIFFICULTY_ANY;	/* savegame.c reads only these words */
	lo_result rc = game_init(g, &cfg, err, errlen);
	if (rc != LO_OK)
		return rc;
	/* Par comes from the file: no search, just solvability. */
	if ((rc = game_load(g, sg->start, 0.001, err, errlen)) != LO_OK)
		goto fail;
	/* At most HISTORY_MAX moves (the parser keeps no more): none drops. */
	for (int i = 0; i < sg->hist.len; i++)
		if (history_push(g->hist, history_at(&sg->hist, i)) < 0) {
			snprintf(err, errlen, _("out of memory"));
			rc = LO_NOMEM;
			goto fail;
		}
	g->hist->pos = sg->hist.pos;
	g->hist->dropped = sg->hist.dropped;
	board_copy(g->cur, sg->current);
	g->won = board_is_clear(g->cur);
	g->par = sg->par;
	g->par_proven = sg->par_proven;
	g->clock_acc = sg->elapsed;
	return LO_OK;
fail:
	game_free(g);
	return rc;
}

void saved_result(stats_result *r, const game *g, double now, const char *daily)
{
	memset(r, 0, sizeof *r);
	r->key = g->cfg.v;
	r->won = g->won;
	r->moves = game_moves(g);
	r->par = g->par;
	r->seconds = game_elapsed(g, now);
	r->daily = daily && daily[0] ? daily : NULL;
}
