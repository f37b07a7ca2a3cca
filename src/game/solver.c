/* syscall(SYS_gettid): the worker's own nice value (Linux). */
#define _DEFAULT_SOURCE
#include "game/solver.h"
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
	solver *sv = ctx;
	pthread_mutex_lock(&sv->mu);
	if (sv->job == sv->gen) {
		sv->done = done;
		sv->best = best;
	}
	pthread_mutex_unlock(&sv->mu);
}

/* Under mu: hand the answer over if nobody asked for another position. */
static void post(solver *sv, unsigned gen, solver_stage stage, bool solvable, bool nomem, const search_result *res)
{
	if (gen != sv->gen || sv->pending)
		return;
	sv->ans.gen = gen;
	sv->ans.stage = stage;
	sv->ans.solvable = solvable;
	sv->ans.nomem = nomem;
	sv->ans.res = *res;
	memcpy(sv->ans_x, sv->x, (size_t)sv->n);
	memcpy(sv->ans_cert, sv->cert, (size_t)sv->n);
	sv->posted++;
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

static void *worker(void *arg)
{
	solver *sv = arg;
	worker_yield();
	pthread_mutex_lock(&sv->mu);
	for (;;) {
		while (!sv->pending && !sv->quit)
			pthread_cond_wait(&sv->wake, &sv->mu);
		if (sv->quit)
			break;
		/* Taking the job and clearing cancel under the same lock as
		 * submit sets them: no cancel meant for a newer job is lost. */
		memcpy(sv->cells, sv->req, (size_t)sv->n);
		unsigned gen = sv->job = sv->gen;
		sv->pending = false;
		sv->cancel = sv->stop_pending;
		sv->stop_pending = false;
		sv->busy = true;
		sv->done = 0;
		sv->best = -1;
		pthread_mutex_unlock(&sv->mu);

		search_result res;
		memset(&res, 0, sizeof res);
		memset(sv->cert, 0, (size_t)sv->n);
		lo_result st = system_solve(sv->sys, sv->cells, sv->x, sv->cert);
		bool ok = st == LO_OK;
		if (ok) {
			res.weight = search_weight(sv->x, sv->n, sv->k, sv->forward_only);
			pthread_mutex_lock(&sv->mu);
			if (gen == sv->gen)
				sv->best = res.weight;
			post(sv, gen, SOLVER_QUICK, true, false, &res);
			pthread_mutex_unlock(&sv->mu);
			search_ctl ctl = { .time_limit = SOLVER_BUDGET_SECONDS, .forward_only = sv->forward_only,
					   .cancel = &sv->cancel, .progress = on_progress, .ctx = sv };
			search_minimal(sv->sys, sv->x, &ctl, &res);
		}
		pthread_mutex_lock(&sv->mu);
		if (gen == sv->gen)
			sv->busy = false;
		post(sv, gen, SOLVER_FINAL, ok, st == LO_NOMEM, &res);
	}
	pthread_mutex_unlock(&sv->mu);
	return NULL;
}

solver *solver_new(const lo_system *sys, bool forward_only)
{
	solver *sv = calloc(1, sizeof *sv);
	if (!sv)
		return NULL;
	sv->sys = sys;
	sv->n = system_unknowns(sys);
	sv->k = system_k(sys);
	sv->forward_only = forward_only;
	size_t n = (size_t)sv->n;
	sv->req = calloc(n, 6);
	if (!sv->req) {
		free(sv);
		return NULL;
	}
	sv->ans_x = sv->req + n;
	sv->ans_cert = sv->req + 2 * n;
	sv->cells = sv->req + 3 * n;
	sv->x = sv->req + 4 * n;
	sv->cert = sv->req + 5 * n;
	pthread_mutex_init(&sv->mu, NULL);
	pthread_cond_init(&sv->wake, NULL);
	if (thread_start(&sv->thread, worker, sv) != 0) {
		pthread_mutex_destroy(&sv->mu);
		pthread_cond_destroy(&sv->wake);
		free(sv->req);
		free(sv);
		return NULL;
	}
	return sv;
}

void solver_free(solver *sv)
{
	if (!sv)
		return;
	pthread_mutex_lock(&sv->mu);
	sv->quit = true;
	sv->cancel = 1;
	pthread_cond_signal(&sv->wake);
	pthread_mutex_unlock(&sv->mu);
	pthread_join(sv->thread, NULL);
	pthread_mutex_destroy(&sv->mu);
	pthread_cond_destroy(&sv->wake);
	free(sv->req);
	free(sv);
}

unsigned solver_submit(solver *sv, const uint8_t *cells)
{
	pthread_mutex_lock(&sv->mu);
	memcpy(sv->req, cells, (size_t)sv->n);
	unsigned gen = ++sv->gen;
	sv->pending = true;
	sv->stop_pending = false;
	sv->busy = true;
	sv->done = 0;
	sv->best = -1;
	sv->cancel = 1;		/* the old search, if any */
	pthread_cond_signal(&sv->wake);
	pthread_mutex_unlock(&sv->mu);
	return gen;
}

void solver_stop(solver *sv)
{
	pthread_mutex_lock(&sv->mu);
	if (sv->pending)
		sv->stop_pending = true;
	else
		sv->cancel = 1;
	pthread_mutex_unlock(&sv->mu);
}

bool solver_poll(solver *sv, solver_answer *a, uint8_t *x, uint8_t *cert)
{
	bool fresh;
	pthread_mutex_lock(&sv->mu);
	fresh = sv->posted != sv->taken && sv->ans.gen == sv->gen;
	if (fresh) {
		*a = sv->ans;
		memcpy(x, sv->ans_x, (size_t)sv->n);
		memcpy(cert, sv->ans_cert, (size_t)sv->n);
	}
	sv->taken = sv->posted;
	pthread_mutex_unlock(&sv->mu);
	return fresh;
}

bool solver_busy(solver *sv, double *done, int *best)
{
	pthread_mutex_lock(&sv->mu);
	bool busy = sv->busy;
	*done = sv->done;
	*best = sv->best;
	pthread_mutex_unlock(&sv->mu);
	return busy;
}
