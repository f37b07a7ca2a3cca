/* The builds that split their work in two (the chase's sweep over GF(2)
 * and over Z/k, the cross rule's and the dense eliminations) keep to the
 * thread count they are handed: --threads 1 means no thread at all.
 * Linked with -Wl,--wrap=pthread_create, so every thread the library
 * starts is counted here. */
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "engine/board.h"
#include "engine/chase.h"
#include "engine/gf2.h"
#include "engine/rng.h"
#include "engine/system.h"
#include "tap.h"

static atomic_int started;

int __real_pthread_create(pthread_t *t, const pthread_attr_t *attr, void *(*fn)(void *), void *arg);
int __wrap_pthread_create(pthread_t *t, const pthread_attr_t *attr, void *(*fn)(void *), void *arg);

int __wrap_pthread_create(pthread_t *t, const pthread_attr_t *attr, void *(*fn)(void *), void *arg)
{
	atomic_fetch_add(&started, 1);
	return __real_pthread_create(t, attr, fn, arg);
}

/* Build the system on `threads`, solve a random board: the threads started,
 * and whether the presses cleared it. */
static int build_and_solve(int rows, int cols, int k, const char *spec, bool torus, int threads, bool *cleared)
{
	rule r;
	char err[64];
	rule_parse(&r, spec, torus, err, sizeof err);
	board *b = board_new(rows, cols, k);
	rng g;
	rng_seed(&g, 5);
	int n = rows * cols;
	uint8_t *x = malloc((size_t)n);
	for (int i = 0; i < n; i++)
		x[i] = (uint8_t)rng_below(&g, (uint32_t)k);
	rule_apply(&r, b, x);
	atomic_store(&started, 0);
	lo_system *s = NULL;
	system_ctl ctl = { .threads = threads };
	lo_result made = system_create_ctl(rows, cols, &r, k, &ctl, &s);
	int count = atomic_load(&started);
	*cleared = false;
	if (made == LO_OK && system_solve(s, b->cells, x, NULL) == LO_OK) {
		rule_apply(&r, b, x);
		*cleared = board_is_clear(b);
	}
	system_free(s);
	board_free(b);
	free(x);
	return count;
}

int main(void)
{
	struct { const char *name, *rule; int rows, cols, k; bool torus; } cases[] = {
		{ "the chase's sweep (plus torus 64x64)", "plus", 64, 64, 2, true },
		{ "the chase's sweep (mask torus 64x64)", "mask:010/101/010", 64, 64, 2, true },
		{ "the chase over Z/3 (plus torus 64x64)", "plus", 64, 64, 3, true },
		{ "the chase over Z/4 (mask 64x64)", "mask:010/101/010", 64, 64, 4, false },
	};
	for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
		bool one_ok, two_ok;
		int one = build_and_solve(cases[c].rows, cases[c].cols, cases[c].k, cases[c].rule, cases[c].torus, 1,
					  &one_ok);
		int two = build_and_solve(cases[c].rows, cases[c].cols, cases[c].k, cases[c].rule, cases[c].torus, 0,
					  &two_ok);
		tap_ok(one == 0 && two > 0 && one_ok && two_ok, "%s: %d threads on --threads 1 (%d on the engine's choice), solved",
		       cases[c].name, one, two);
	}

	/* The counting itself: the chase's own entry point on two threads
	 * starts one, on one none. */
	rule r;
	char err[64];
	rule_parse(&r, "plus", true, err, sizeof err);
	atomic_store(&started, 0);
	chase *a = chase_new_threads(64, 64, &r, 2);
	int two = atomic_load(&started);
	atomic_store(&started, 0);
	chase *b = chase_new_threads(64, 64, &r, 1);
	int one = atomic_load(&started);
	tap_ok(a && b && two == 1 && one == 0, "chase_new_threads: %d thread on 2, %d on 1", two, one);
	chase_free(a);
	chase_free(b);

	/* A big elimination (ours where M4RI is not installed, which starts
	 * none): on one thread, no thread started. */
	int n = 2700;
	gf2_mat *m = gf2_new(n, n);
	int *piv = malloc((size_t)n * sizeof *piv);
	rng g;
	rng_seed(&g, 9);
	for (int i = 0; i < n; i++)
		for (int j = 0; j < n; j++)
			if (rng_below(&g, 2))
				gf2_set(m, i, j, 1);
	atomic_store(&started, 0);
	int rank = gf2_rref_threads(m, n, piv, 1);
	tap_ok(rank > 0 && atomic_load(&started) == 0, "gf2_rref_threads on 1: rank %d, %d threads", rank,
	       atomic_load(&started));
	gf2_free(m);
	free(piv);
	return tap_done();
}
