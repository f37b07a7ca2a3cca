/* Out of memory is its own result: every allocation inside system_solve is
 * made to fail in turn (the test links with --wrap=malloc and friends), and
 * each solver must answer LO_NOMEM or the right answer, never "unsolvable"
 * for a board that has a solution, never a certificate that proves nothing. */
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "engine/rule.h"
#include "engine/search.h"
#include "engine/system.h"
#include "tap.h"

void *__real_malloc(size_t n);
void *__wrap_malloc(size_t n);
void *__wrap_calloc(size_t m, size_t n);
void *__wrap_realloc(void *p, size_t n);
void *__wrap_aligned_alloc(size_t a, size_t n);
void *__real_calloc(size_t m, size_t n);
void *__real_realloc(void *p, size_t n);
void *__real_aligned_alloc(size_t a, size_t n);

/* -1: no failure armed; otherwise the allocation that fails, counted down. */
static atomic_long fail_in = -1;
static atomic_bool failed;

static bool should_fail(void)
{
	long v = atomic_load(&fail_in);
	while (v >= 0 && !atomic_compare_exchange_weak(&fail_in, &v, v - 1))
		;
	if (v == 0) {
		atomic_store(&failed, true);
		return true;
	}
	return false;
}

void *__wrap_malloc(size_t n) { return should_fail() ? NULL : __real_malloc(n); }
void *__wrap_calloc(size_t m, size_t n) { return should_fail() ? NULL : __real_calloc(m, n); }
void *__wrap_realloc(void *p, size_t n) { return should_fail() ? NULL : __real_realloc(p, n); }
void *__wrap_aligned_alloc(size_t a, size_t n) { return should_fail() ? NULL : __real_aligned_alloc(a, n); }

/* b + A x == 0 (mod k). */
static bool clears(const rule *r, const board *b, const uint8_t *x)
{
	board *c = board_clone(b);
	rule_apply(r, c, x);
	bool ok = board_is_clear(c);
	board_free(c);
	return ok;
}

/* y^T A = 0 and y . b != 0: y kills every press, not the board. */
static bool certifies(const rule *r, const board *b, const uint8_t *y)
{
	int n = board_size(b), k = b->k;
	uint8_t *e = calloc((size_t)n, 1);
	board *col = board_new(b->rows, b->cols, k);
	bool ok = true;
	for (int j = 0; j < n && ok; j++) {
		memset(col->cells, 0, (size_t)n);
		memset(e, 0, (size_t)n);
		e[j] = 1;
		rule_apply(r, col, e);	/* column j of A */
		int dot = 0;
		for (int i = 0; i < n; i++)
			dot = (dot + y[i] * col->cells[i]) % k;
		ok = dot == 0;
	}
	int dot = 0;
	for (int i = 0; i < n; i++)
		dot = (dot + y[i] * b->cells[i]) % k;
	free(e);
	board_free(col);
	return ok && dot != 0;
}

/* Fail allocation 0, 1, 2, ... of system_solve until one run needs none. */
static void sweep(const char *name, const char *spec, bool torus, int rows, int cols, int k, bool solvable)
{
	rule r;
	char err[128];
	rule_parse(&r, spec, torus, err, sizeof err);
	lo_system *s = system_new(rows, cols, &r, k);
	board *b = board_new(rows, cols, k);
	int n = rows * cols;
	uint8_t *x = malloc((size_t)n), *y = malloc((size_t)n);
	if (!s || !b || !x || !y) {
		tap_ok(0, "%s: setup", name);
		return;
	}
	/* A solvable board is A x for some x; an unsolvable one is found by
	 * trying single lit cells. */
	if (solvable) {
		for (int i = 0; i < n; i++)
			x[i] = (uint8_t)((i * 7 + 3) % 5 % k);
		rule_apply(&r, b, x);
	} else {
		for (int i = 0; i < n; i++) {
			memset(b->cells, 0, (size_t)n);
			b->cells[i] = 1;
			if (system_solve(s, b->cells, x, y) == LO_UNSOLVABLE)
				break;
		}
	}
	int nomem = 0, wrong = 0, runs = 0;
	for (long at = 0;; at++) {
		atomic_store(&failed, false);
		atomic_store(&fail_in, at);
		memset(y, 0, (size_t)n);
		lo_result st = system_solve(s, b->cells, x, y);
		atomic_store(&fail_in, -1);
		runs++;
		bool right = st == LO_NOMEM || (solvable ? st == LO_OK && clears(&r, b, x)
							 : st == LO_UNSOLVABLE && certifies(&r, b, y));
		if (st == LO_NOMEM && !atomic_load(&failed))
			right = false;	/* out of memory only when it was */
		nomem += st == LO_NOMEM;
		if (!right && wrong++ == 0)
			tap_diag("%s: allocation %ld failing gives result %d", name, at, (int)st);
		if (!atomic_load(&failed) || at > 10000)
			break;
	}
	tap_ok(wrong == 0 && nomem > 0, "%s: %d allocations failed in turn, %d answered out of memory, none wrong", name,
	       runs - 1, nomem);
	free(x);
	free(y);
	board_free(b);
	system_free(s);
}

/* Fail allocation 0, 1, 2, ... of search_minimal: whatever fails, the
 * presses still clear the board, "optimal" is said only of the true
 * minimum (the unfailed search's, which test_search checks against brute
 * force), and the lower bound never passes it. */
static void sweep_search(const char *name, const char *spec, bool torus, int rows, int cols, int k, bool gray,
			 bool fwd)
{
	rule r;
	char err[128];
	rule_parse(&r, spec, torus, err, sizeof err);
	lo_system *s = system_new(rows, cols, &r, k);
	int n = rows * cols;
	board *b = board_new(rows, cols, k);
	uint8_t *x0 = malloc((size_t)n), *x = malloc((size_t)n);
	if (!s || !b || !x0 || !x) {
		tap_ok(0, "%s: setup", name);
		return;
	}
	for (int i = 0; i < n; i++)
		x0[i] = (uint8_t)((i * 7 + 3) % 5 % k);
	rule_apply(&r, b, x0);
	system_solve(s, b->cells, x0, NULL);
	/* Every quiet pattern added once: a start far from the minimum. */
	for (int g = 0; g < system_nullity(s); g++)
		for (int i = 0; i < n; i++)
			x0[i] = (uint8_t)((x0[i] + system_kernel(s, g)[i]) % k);
	search_ctl ctl = { .forward_only = fwd, .plain_gray = gray };
	search_result res;
	memcpy(x, x0, (size_t)n);
	search_minimal(s, x, &ctl, &res);
	int best = res.weight, start = search_weight(x0, n, k, fwd);
	if (!res.optimal || best >= start) {
		tap_ok(0, "%s: the unfailed search is optimal (%d) and beats the start (%d)", name, best, start);
		return;
	}
	int wrong = 0, runs = 0, cut = 0;
	for (long at = 0;; at++) {
		atomic_store(&failed, false);
		atomic_store(&fail_in, at);
		memcpy(x, x0, (size_t)n);
		search_minimal(s, x, &ctl, &res);
		atomic_store(&fail_in, -1);
		runs++;
		board *c = board_clone(b);
		rule_apply(&r, c, x);
		bool right = board_is_clear(c) && search_weight(x, n, k, fwd) == res.weight &&
			     res.lower_bound <= best && res.weight >= best && (!res.optimal || res.weight == best) &&
			     res.optimal == (res.status.code == LO_OK) && (res.optimal || res.status.code == LO_NOMEM);
		board_free(c);
		cut += !res.optimal;
		if (!right && wrong++ == 0)
			tap_diag("%s: allocation %ld failing gives %d presses, %s (%s), lower bound %d (minimum %d)", name,
				 at, res.weight, res.optimal ? "optimal" : "not optimal", lo_status_text(&res.status),
				 res.lower_bound, best);
		if (!atomic_load(&failed) || at > 10000)
			break;
	}
	tap_ok(wrong == 0 && cut > 0, "%s: %d allocations failed in turn, %d searches cut short, none claimed more", name,
	       runs - 1, cut);
	free(x0);
	free(x);
	board_free(b);
	system_free(s);
}

int main(void)
{
	/* Every search path: Gray code and transform, k = 2 and k > 2, below
	 * and above the nullity where a greedy descent runs first. */
	sweep_search("search GF(2) 4x4, Gray code", "plus", false, 4, 4, 2, false, false);
	sweep_search("search GF(2) cross 15x3 (nullity 16), Gray code", "cross", false, 15, 3, 2, true, false);
	sweep_search("search GF(2) torus 12x6 (nullity 12), transform", "plus", true, 12, 6, 2, false, false);
	sweep_search("search GF(2) cross 15x3 (nullity 16), transform", "cross", false, 15, 3, 2, false, false);
	sweep_search("search Z/4 4x4, Gray code", "plus", false, 4, 4, 4, false, false);
	sweep_search("search Z/4 4x4 forward only, Gray code", "plus", false, 4, 4, 4, false, true);
	sweep_search("search Z/4 cross 15x3 (nullity 16), Gray code", "cross", false, 15, 3, 4, true, false);
	sweep_search("search Z/4 cross 14x3 (nullity 13), transform", "cross", false, 14, 3, 4, false, false);
	sweep_search("search Z/6 cross 15x3 (nullity 16), transform", "cross", false, 15, 3, 6, false, true);

	sweep("dense GF(2) 5x5, solvable", "plus", false, 5, 5, 2, true);
	sweep("dense GF(2) 5x5, unsolvable", "plus", false, 5, 5, 2, false);
	sweep("Z/4 4x4, solvable", "plus", false, 4, 4, 4, true);
	sweep("Z/4 4x4, unsolvable", "plus", false, 4, 4, 4, false);
	sweep("light chasing 24x24, solvable", "plus", false, 24, 24, 2, true);
	sweep("light chasing 24x24, unsolvable", "plus", false, 24, 24, 2, false);
	sweep("banded x rule 23x23, solvable", "x", false, 23, 23, 2, true);
	sweep("banded x rule 23x23, unsolvable", "x", false, 23, 23, 2, false);
	sweep("banded mask 21x21, unsolvable", "mask:110/011/010", false, 21, 21, 2, false);
	sweep("banded x rule torus 24x24, unsolvable", "x", true, 24, 24, 2, false);
	sweep("banded knight 24x24 k = 4 (a dense remainder), solvable", "knight", false, 24, 24, 4, true);
	sweep("banded knight 24x24 k = 4 (a dense remainder), unsolvable", "knight", false, 24, 24, 4, false);
	sweep("cross 24x24, solvable", "cross", false, 24, 24, 2, true);
	sweep("cross 23x23, unsolvable", "cross", false, 23, 23, 2, false);
	sweep("cross 24x24 k = 3, solvable", "cross", false, 24, 24, 3, true);
	return tap_done();
}
