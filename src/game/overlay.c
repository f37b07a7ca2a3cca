#include "game/overlay.h"

#include <stdlib.h>
#include <string.h>

#include "engine/search.h"

int overlay_init(lo_overlay *o, const lo_system *sys, bool forward_only)
{
	memset(o, 0, sizeof *o);
	o->n = system_unknowns(sys);
	o->k = system_k(sys);
	o->forward_only = forward_only;
	o->x = calloc((size_t)o->n, 3);
	o->solver = o->x ? solver_new(sys, forward_only) : NULL;
	if (!o->solver) {
		free(o->x);
		o->x = NULL;
		return -1;
	}
	o->cert = o->x + o->n;
	o->scratch = o->x + 2 * o->n;
	return 0;
}

void overlay_free(lo_overlay *o)
{
	solver_free(o->solver);
	free(o->x);
	memset(o, 0, sizeof *o);
}

static void forget(lo_overlay *o)
{
	o->have = false;
	o->minimal = o->stopped = o->out_of_time = o->nomem = false;
	o->bound = 0;
	o->ties = 0;
	o->weight = 0;
	o->searching = false;
}

void overlay_reset(lo_overlay *o, const board *b)
{
	forget(o);
	if (o->active) {
		o->searching = true;
		solver_submit(o->solver, b->cells);
	}
}

void overlay_activate(lo_overlay *o, const board *b)
{
	if (o->active)
		return;
	o->active = true;
	overlay_reset(o, b);
}

void overlay_moved(lo_overlay *o, const board *b, int i, int times)
{
	if (!o->active)
		return;
	if (o->have && o->solvable) {
		/* cells + t e_i + A x' = 0 with x' = x - t e_i.  Taking a press
		 * the plan makes keeps it minimal: a shorter x' would give a
		 * shorter x.  Any other press may not. */
		int planned = search_signed(o->x[i], o->k, o->forward_only);
		bool on_plan = planned != 0 && (planned > 0) == (times > 0);
		o->x[i] = (uint8_t)(((o->x[i] - times) % o->k + o->k) % o->k);
		o->weight = search_weight(o->x, o->n, o->k, o->forward_only);
		o->minimal = o->minimal && on_plan;
		o->ties = 0;
		o->stopped = false;
	}
	/* An unsolvable position stays so, with the same certificate:
	 * y . (A e_i) = 0 for every press. */
	o->searching = true;
	solver_submit(o->solver, b->cells);
}

bool overlay_poll(lo_overlay *o)
{
	solver_answer a;
	if (!o->active || !solver_poll(o->solver, &a, o->scratch, o->cert))
		return false;
	if (a.stage == SOLVER_FINAL)
		o->searching = false;
	o->nomem = a.nomem;
	if (a.nomem) {
		o->have = false;
		return true;
	}
	if (!a.solvable) {
		o->have = true;
		o->solvable = false;
		return true;
	}
	/* Take the solver's x only when it is shorter (or there is none):
	 * marks that jump to an equally short solution would confuse. */
	if (!o->have || !o->solvable || a.res.weight < o->weight) {
		memcpy(o->x, o->scratch, (size_t)o->n);
		o->weight = a.res.weight;
		o->have = o->solvable = true;
		o->minimal = false;
	}
	if (a.stage == SOLVER_FINAL) {
		o->minimal = a.res.optimal && a.res.weight == o->weight;
		o->ties = o->minimal ? a.res.ties : 0;
		o->stopped = a.res.status.code == LO_CANCELLED;
		o->out_of_time = !a.res.optimal && !o->stopped;
		o->bound = a.res.lower_bound;
	}
	return true;
}

void overlay_stop(lo_overlay *o)
{
	if (o->active && o->searching)
		solver_stop(o->solver);
}

bool overlay_progress(const lo_overlay *o, double *done, int *best)
{
	*done = 0;
	*best = -1;
	return o->active && o->searching && solver_busy(o->solver, done, best);
}

int overlay_mark(const lo_overlay *o, int i)
{
	if (!o->have)
		return 0;
	return search_signed(o->solvable ? o->x[i] : o->cert[i], o->k, o->solvable && o->forward_only);
}

int overlay_next(const lo_overlay *o, int from, int dir)
{
	for (int step = 1; step <= o->n; step++) {
		int i = ((from + dir * step) % o->n + o->n) % o->n;
		if (overlay_mark(o, i))
			return i;
	}
	return -1;
}
