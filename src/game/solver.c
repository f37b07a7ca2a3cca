/* syscall(SYS_gettid): the worker's own nice value (Linux). */
#define _DEFAULT_SOURCE
#include "game/solver.h"
#include "game/budget.h"
#include "game/thread.h"

#include <pthread.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>

struct solver {
	const lo_system *sys;
	int n, k;
	bool forward_only;
	pthread_t thread;
	pthread_mutex_t mu;
	pthread_cond_t wake;
	atomic_int cancel;		/* the engine polls it (another thread sets it) */
	/* Under mu: the request. */
	uint8_t *req;
	unsigned gen;			/* of the latest submit */
	bool pending, quit;
	bool stop_pending;		/* stop asked before the job began */
	/* Under mu: what the worker is doing. */
	unsigned job;			/* the generation it works on (may be old) */
	bool busy;			/* searching for `gen` */
	double done;
	int best;
	/* Under mu: the latest answer, posted only while it is current. */
	solver_answer ans;
	uint8_t *ans_x, *ans_cert;
	unsigned posted, taken;		/* answers posted and polled */
	/* The worker's own copies: the game's board changes under it. */
	uint8_t *cells, *x, *cert;
};

/* Called from the searching threads.  A search already replaced by a newer
 * submit may still report before it sees its cancel: that progress is not
 * the new search's. */
static void on_progress(void *ctx, double done, int best)
{
	solver *sol = ctx;
	pthread_mutex_lock(&sol->mu);
	if (sol->job == sol->gen) {
		sol->done = done;
		sol->best = best;
	}
	pthread_mutex_unlock(&sol->mu);
}

/* Under mu: hand the answer over if nobody asked for another position. */
static void post(solver *sol, unsigned gen, solver_stage stage, bool solvable, bool nomem, const search_result *res)
{
	if (gen != sol->gen || sol->pending)
		return;
	sol->ans.gen = gen;
	sol->ans.stage = stage;
	sol->ans.solvable = solvable;
	sol->ans.nomem = nomem;
	sol->ans.res = *res;
	memcpy(sol->ans_x, sol->x, (size_t)sol->n);
	memcpy(sol->ans_cert, sol->cert, (size_t)sol->n);
	sol->posted++;
}

/* The search is the player's convenience, not the host's business: on a
 * shared machine it yields to everything else.  Linux keeps a nice value
 * per thread, and the transform's threads inherit this one. */
static void worker_yield(void)
{
#ifdef SYS_gettid
	setpriority(PRIO_PROCESS, (id_t)syscall(SYS_gettid), SOLVER_NICE);
#endif
}

double solver_time_limit(void)
{
	/* A host's budget bounds the plan's search as it bounds a board's
	 * making. */
	double b = budget_seconds();
	return b > 0 && b < SOLVER_BUDGET_SECONDS ? b : SOLVER_BUDGET_SECONDS;
}

static void *worker(void *arg)
{
	solver *sol = arg;
	worker_yield();
	pthread_mutex_lock(&sol->mu);
	for (;;) {
		while (!sol->pending && !sol->quit)
			pthread_cond_wait(&sol->wake, &sol->mu);
		if (sol->quit)
			break;
		/* Taking the job and clearing cancel under the same lock as
		 * submit sets them: no cancel meant for a newer job is lost. */
		memcpy(sol->cells, sol->req, (size_t)sol->n);
		unsigned gen = sol->job = sol->gen;
		sol->pending = false;
		sol->cancel = sol->stop_pending;
		sol->stop_pending = false;
		sol->busy = true;
		sol->done = 0;
		sol->best = -1;
		pthread_mutex_unlock(&sol->mu);

		search_result res;
		memset(&res, 0, sizeof res);
		memset(sol->cert, 0, (size_t)sol->n);
		/* A host's backstop, a job at a time: the search below stops
		 * by itself long before. */
		if (budget_backstop() > 0)
			thread_cpu_limit(budget_backstop());
		lo_result st = system_solve(sol->sys, sol->cells, sol->x, sol->cert);
		bool ok = st == LO_OK;
		if (ok) {
			res.weight = search_weight(sol->x, sol->n, sol->k, sol->forward_only);
			pthread_mutex_lock(&sol->mu);
			if (gen == sol->gen)
				sol->best = res.weight;
			post(sol, gen, SOLVER_QUICK, true, false, &res);
			pthread_mutex_unlock(&sol->mu);
			search_ctl ctl = { .time_limit = solver_time_limit(), .forward_only = sol->forward_only,
					   .cancel = &sol->cancel, .progress = on_progress, .ctx = sol,
					   .threads = budget_threads() };
			search_minimal(sol->sys, sol->x, &ctl, &res);
		}
		pthread_mutex_lock(&sol->mu);
		if (gen == sol->gen)
			sol->busy = false;
		post(sol, gen, SOLVER_FINAL, ok, st == LO_NOMEM, &res);
	}
	pthread_mutex_unlock(&sol->mu);
	thread_cpu_limit(0);
	return NULL;
}

solver *solver_new(const lo_system *sys, bool forward_only)
{
	solver *sol = calloc(1, sizeof *sol);
	if (!sol)
		return NULL;
	sol->sys = sys;
	sol->n = system_unknowns(sys);
	sol->k = system_k(sys);
	sol->forward_only = forward_only;
	size_t n = (size_t)sol->n;
	sol->req = calloc(n, 6);
	if (!sol->req) {
		free(sol);
		return NULL;
	}
	sol->ans_x = sol->req + n;
	sol->ans_cert = sol->req + 2 * n;
	sol->cells = sol->req + 3 * n;
	sol->x = sol->req + 4 * n;
	sol->cert = sol->req + 5 * n;
	pthread_mutex_init(&sol->mu, NULL);
	pthread_cond_init(&sol->wake, NULL);
	if (thread_start(&sol->thread, worker, sol) != 0) {
		pthread_mutex_destroy(&sol->mu);
		pthread_cond_destroy(&sol->wake);
		free(sol->req);
		free(sol);
		return NULL;
	}
	return sol;
}

void solver_free(solver *sol)
{
	if (!sol)
		return;
	pthread_mutex_lock(&sol->mu);
	sol->quit = true;
	sol->cancel = 1;
	pthread_cond_signal(&sol->wake);
	pthread_mutex_unlock(&sol->mu);
	pthread_join(sol->thread, NULL);
	pthread_mutex_destroy(&sol->mu);
	pthread_cond_destroy(&sol->wake);
	free(sol->req);
	free(sol);
}

unsigned solver_submit(solver *sol, const uint8_t *cells)
{
	pthread_mutex_lock(&sol->mu);
	memcpy(sol->req, cells, (size_t)sol->n);
	unsigned gen = ++sol->gen;
	sol->pending = true;
	sol->stop_pending = false;
	sol->busy = true;
	sol->done = 0;
	sol->best = -1;
	sol->cancel = 1;		/* the old search, if any */
	pthread_cond_signal(&sol->wake);
	pthread_mutex_unlock(&sol->mu);
	return gen;
}

void solver_stop(solver *sol)
{
	pthread_mutex_lock(&sol->mu);
	if (sol->pending)
		sol->stop_pending = true;
	else
		sol->cancel = 1;
	pthread_mutex_unlock(&sol->mu);
}

bool solver_poll(solver *sol, solver_answer *a, uint8_t *x, uint8_t *cert)
{
	bool fresh;
	pthread_mutex_lock(&sol->mu);
	fresh = sol->posted != sol->taken && sol->ans.gen == sol->gen;
	if (fresh) {
		*a = sol->ans;
		memcpy(x, sol->ans_x, (size_t)sol->n);
		memcpy(cert, sol->ans_cert, (size_t)sol->n);
	}
	sol->taken = sol->posted;
	pthread_mutex_unlock(&sol->mu);
	return fresh;
}

bool solver_busy(solver *sol, double *done, int *best)
{
	pthread_mutex_lock(&sol->mu);
	bool busy = sol->busy;
	*done = sol->done;
	*best = sol->best;
	pthread_mutex_unlock(&sol->mu);
	return busy;
}
