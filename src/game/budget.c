#include "game/budget.h"

#include <stdio.h>
#include <string.h>

#include "i18n.h"

/* Set once by the front end before any thread starts, read after. */
static double max_bytes, max_seconds;

void budget_set(double bytes, double seconds)
{
	max_bytes = bytes > 0 ? bytes : 0;
	max_seconds = seconds > 0 ? seconds : 0;
}

bool budget_bounded(void)
{
	return max_bytes > 0 || max_seconds > 0;
}

double budget_seconds(void)
{
	return max_seconds;
}

bool budget_estimate(const game_config *cfg, double *bytes, double *seconds)
{
	rule r;
	system_cost c;
	variant_rule(&cfg->v, &r);
	if (!system_cost_of(cfg->v.rows, cfg->v.cols, &r, cfg->v.k, &c))
		return false;
	*bytes = c.bytes + BUDGET_CELL_BYTES * (double)cfg->v.rows * cfg->v.cols;
	*seconds = c.work / BUDGET_WORK_RATE;
	return true;
}

/* 1 within the budget, 0 past it, -1 beyond every solver. */
static int within(const game_config *cfg)
{
	double bytes, seconds;
	if (!budget_estimate(cfg, &bytes, &seconds))
		return -1;
	return (!max_bytes || bytes <= max_bytes) && (!max_seconds || seconds <= max_seconds);
}

int budget_largest_side(const game_config *cfg, int max_side)
{
	game_config c = *cfg;
	int best = 0;
	/* Not monotone: small boards go to dense elimination, which costs
	 * more than the chase that takes them past CHASE_MIN_UNKNOWNS. */
	char why[200];
	for (int s = 1; s <= max_side; s++) {
		c.v.rows = c.v.cols = s;
		/* A size the rule can take (hexagons on a torus: even rows). */
		if (variant_validate(&c.v, why, sizeof why) == LO_OK && within(&c) > 0)
			best = s;
	}
	return best;
}

/* The largest square side a sentence offers: the settings' own limit. */
#define BUDGET_SIDE_OFFERED 200

lo_result budget_check(const game_config *cfg, char *err, size_t len)
{
	/* Beyond every solver too: under a bound the host's largest is the
	 * more useful answer than the solver's limit. */
	if (!budget_bounded() || within(cfg) > 0)
		return LO_OK;
	const rule_entry *e = rule_entry_find(cfg->v.rule);
	int rows, cols, k = cfg->v.k;
	bool sized = e && (rule_kind_size(e->kind, &rows, &cols) || e->kind == RULE_GRAPH);
	int side = sized ? 0 : budget_largest_side(cfg, BUDGET_SIDE_OFFERED);
	if (!side)
		snprintf(err, len, P_("Too big for this host: no board of this rule with %d state is within its limits.",
				      "Too big for this host: no board of this rule with %d states is within its limits.", k),
			 k);
	else if (cfg->v.torus)
		snprintf(err, len, P_("Too big for this host: with this rule, %d state and a torus, boards up to %dx%d.",
				      "Too big for this host: with this rule, %d states and a torus, boards up to %dx%d.", k),
			 k, side, side);
	else
		snprintf(err, len, P_("Too big for this host: with this rule and %d state, boards up to %dx%d.",
				      "Too big for this host: with this rule and %d states, boards up to %dx%d.", k),
			 k, side, side);
	return LO_TOO_LARGE;
}

void budget_system_ctl(const game_config *cfg, system_ctl *ctl)
{
	memset(ctl, 0, sizeof *ctl);
	if (!budget_bounded())
		return;
	ctl->threads = 1;
	double bytes, seconds;
	if (max_bytes && budget_estimate(cfg, &bytes, &seconds))
		ctl->kernel_max = bytes < max_bytes ? max_bytes - bytes : 1;
	else if (max_bytes)
		ctl->kernel_max = max_bytes;
}

int budget_threads(void)
{
	return budget_bounded() ? 1 : 0;
}

double budget_backstop(void)
{
	return max_seconds > 0 ? 2 * max_seconds + 5 : 0;
}
