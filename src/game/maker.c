#include "game/maker.h"
#include "game/budget.h"
#include "game/thread.h"

#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "i18n.h"

enum { MAKER_BUSY, MAKER_DONE, MAKER_ABANDONED };

struct maker {
	pthread_t thread;
	atomic_int cancel;		/* polled by the search */
	atomic_int state;		/* who frees m: the last of the two to leave */
	play scratch;			/* the mode, rung and random state it uses */
	game_config cfg;
	game next;
	gen_ctl ctl;
	lo_result rc;
	char err[256];
};

static void maker_free(maker *m)
{
	if (m->rc == LO_OK)
		game_free(&m->next);
	free(m);
}

static void *maker_work(void *arg)
{
	maker *m = arg;
	thread_cpu_limit(budget_backstop());	/* 0, unbounded: none */
	m->rc = play_make(&m->scratch, &m->cfg, &m->next, m->err, sizeof m->err);
	thread_cpu_limit(0);
	if (atomic_exchange(&m->state, MAKER_DONE) == MAKER_ABANDONED)
		maker_free(m);	/* nobody waits for it any more */
	return NULL;
}

maker *maker_start(const play *p, const game_config *cfg, play_mode mode, char *err, size_t errlen)
{
	maker *m = calloc(1, sizeof *m);
	if (!m) {
		snprintf(err, errlen, _("out of memory"));
		return NULL;
	}
	atomic_init(&m->cancel, 0);
	atomic_init(&m->state, MAKER_BUSY);
	/* Only the fields play_make reads and writes: the game and its plan
	 * stay the main thread's. */
	m->scratch.r = p->r;
	m->scratch.mode = mode;
	/* The boards of a --seed stay known from it: still a row apart. */
	m->scratch.origin = p->origin == ORIGIN_SEEDED ? ORIGIN_SEEDED : ORIGIN_RANDOM;
	/* The same shape on the ladder goes on from p's rung; another shape
	 * from its own. */
	m->scratch.rung = mode == p->mode && game_config_equal(cfg, &p->g.cfg) ? p->rung : 0;
	m->cfg = *cfg;
	m->ctl.cancel = &m->cancel;
	/* A host's budget: the generation's searches within it, on this
	 * thread alone (its clock is the backstop's). */
	m->ctl.time_limit = budget_seconds();
	m->ctl.threads = budget_threads();
	m->scratch.ctl = &m->ctl;
	if (thread_start(&m->thread, maker_work, m) != 0) {
		snprintf(err, errlen, _("cannot start a thread"));
		free(m);
		return NULL;
	}
	return m;
}

bool maker_done(const maker *m)
{
	return atomic_load(&((maker *)m)->state) == MAKER_DONE;
}

lo_result maker_finish(maker *m, game *next, play *made, char *err, size_t errlen)
{
	pthread_join(m->thread, NULL);
	lo_result rc = m->rc;
	if (rc != LO_OK)
		snprintf(err, errlen, "%s", m->err);
	else {
		*next = m->next;
		m->rc = LO_REFUSED;	/* the game is the caller's now: not ours to free */
		*made = m->scratch;
		made->ctl = NULL;
	}
	free(m);
	return rc;
}

void maker_cancel(maker *m)
{
	if (!m)
		return;
	pthread_t t = m->thread;	/* m may be gone once abandoned */
	atomic_store(&m->cancel, 1);
	if (atomic_exchange(&m->state, MAKER_ABANDONED) == MAKER_DONE) {
		pthread_join(t, NULL);
		maker_free(m);
	} else
		pthread_detach(t);
}
