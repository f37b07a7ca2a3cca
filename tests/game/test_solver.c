/* The game's background solver when a search is replaced by a newer one.
 * The test links with --wrap=system_solve and --wrap=search_minimal so it
 * can hold the worker at the moment a race would need: the old job's
 * quick answer and its last progress report arriving after the player has
 * already asked for another position.  Whatever the old job does then,
 * solver_busy must speak of the new one. */
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "engine/rule.h"
#include "engine/search.h"
#include "engine/system.h"
#include "game/solver.h"
#include "tap.h"

lo_result __real_system_solve(const lo_system *s, const uint8_t *cells, uint8_t *x, uint8_t *cert);
lo_result __wrap_system_solve(const lo_system *s, const uint8_t *cells, uint8_t *x, uint8_t *cert);
void __real_search_minimal(const lo_system *s, uint8_t *x, const search_ctl *ctl, search_result *res);
void __wrap_search_minimal(const lo_system *s, uint8_t *x, const search_ctl *ctl, search_result *res);

static pthread_mutex_t mu = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t cv = PTHREAD_COND_INITIALIZER;
static bool in_solve, go, old_done;	/* under mu */
static atomic_bool hold_solve, hold_search, fail_solve, peek_quick;
static solver *the_solver;
/* What solver_busy said inside the old job: after its quick answer, and
 * after its stale progress report. */
static bool busy_quick, busy_stale;
static double done_quick, done_stale;
static int best_quick, best_stale;
/* The quick answer as the game would poll it, taken inside the search. */
static bool quick_seen;
static solver_answer quick;

/* The old job's system_solve waits until the new position is submitted. */
lo_result __wrap_system_solve(const lo_system *s, const uint8_t *cells, uint8_t *x, uint8_t *cert)
{
	if (atomic_exchange(&fail_solve, false))
		return LO_NOMEM;
	if (atomic_exchange(&hold_solve, false)) {
		pthread_mutex_lock(&mu);
		in_solve = true;
		pthread_cond_broadcast(&cv);
		while (!go)
			pthread_cond_wait(&cv, &mu);
		pthread_mutex_unlock(&mu);
	}
	return __real_system_solve(s, cells, x, cert);
}

/* The old job's search reports progress as a poll just before the cancel
 * is seen would, then runs (and stops at once: it is cancelled). */
void __wrap_search_minimal(const lo_system *s, uint8_t *x, const search_ctl *ctl, search_result *res)
{
	if (atomic_exchange(&hold_search, false)) {
		busy_quick = solver_busy(the_solver, &done_quick, &best_quick);
		ctl->progress(ctl->ctx, 0.9, 77);
		busy_stale = solver_busy(the_solver, &done_stale, &best_stale);
		__real_search_minimal(s, x, ctl, res);
		pthread_mutex_lock(&mu);
		old_done = true;
		pthread_cond_broadcast(&cv);
		pthread_mutex_unlock(&mu);
		return;
	}
	if (atomic_exchange(&peek_quick, false)) {
		uint8_t qx[25], qc[25];
		quick_seen = solver_poll(the_solver, &quick, qx, qc);
	}
	__real_search_minimal(s, x, ctl, res);
}

/* Poll until the final answer (for up to 20 s). */
static bool final_answer(solver_answer *ans, uint8_t *x, uint8_t *cert)
{
	for (int tries = 0; tries < 20000; tries++) {
		if (solver_poll(the_solver, ans, x, cert) && ans->stage == SOLVER_FINAL)
			return true;
		struct timespec ts = { 0, 1000000 };
		nanosleep(&ts, NULL);
	}
	return false;
}

int main(void)
{
	rule r;
	char err[64];
	rule_parse(&r, "plus", false, err, sizeof err);
	lo_system *sys = system_new(5, 5, &r, 2);
	the_solver = sys ? solver_new(sys, false) : NULL;
	if (!the_solver) {
		printf("Bail out! no solver\n");
		return 1;
	}
	int n = 25;
	uint8_t a[25], b[25] = { 0 }, x[25], cert[25];
	memset(a, 1, sizeof a);	/* all lit */
	b[12] = 1;		/* the centre alone */

	atomic_store(&hold_solve, true);
	atomic_store(&hold_search, true);
	solver_submit(the_solver, a);
	pthread_mutex_lock(&mu);
	while (!in_solve)
		pthread_cond_wait(&cv, &mu);
	pthread_mutex_unlock(&mu);
	unsigned gen = solver_submit(the_solver, b);
	pthread_mutex_lock(&mu);
	go = true;
	pthread_cond_broadcast(&cv);
	while (!old_done)
		pthread_cond_wait(&cv, &mu);
	pthread_mutex_unlock(&mu);

	tap_ok(busy_quick && done_quick == 0 && best_quick == -1,
	       "the replaced job's quick answer leaves the new job's progress alone (done %.2f, best %d)", done_quick,
	       best_quick);
	tap_ok(busy_stale && done_stale == 0 && best_stale == -1,
	       "the replaced job's last progress report leaves the new job's progress alone (done %.2f, best %d)",
	       done_stale, best_stale);

	/* The new job then runs to its own answer. */
	solver_answer ans;
	bool final = final_answer(&ans, x, cert);
	tap_ok(final && ans.gen == gen && ans.solvable && ans.res.optimal && search_weight(x, n, 2, false) == ans.res.weight,
	       "the new job's final answer is its own: %d presses, optimal", final ? ans.res.weight : -1);

	/* Out of memory is the answer of the job that ran out, not of the next. */
	atomic_store(&fail_solve, true);
	solver_submit(the_solver, a);
	final = final_answer(&ans, x, cert);
	tap_ok(final && ans.nomem && !ans.solvable, "a job that runs out of memory says so");
	atomic_store(&peek_quick, true);
	gen = solver_submit(the_solver, b);
	final = final_answer(&ans, x, cert);
	tap_ok(quick_seen && quick.gen == gen && quick.stage == SOLVER_QUICK && !quick.nomem && quick.solvable,
	       "the next job's quick answer does not inherit it");
	tap_ok(final && !ans.nomem && ans.solvable && ans.res.optimal, "nor does its final answer");
	solver_free(the_solver);
	system_free(sys);
	return tap_done();
}
