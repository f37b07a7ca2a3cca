/* Beyond brute force's reach: larger boards checked by their algebra. */
#include <stdlib.h>
#include <string.h>

#include "engine/rng.h"
#include "engine/system.h"
#include "engine/zband.h"
#include "tap.h"

static bool quiet(const rule *r, int rows, int cols, int k, const uint8_t *v)
{
	board *b = board_new(rows, cols, k);
	rule_apply(r, b, v);
	bool ok = board_is_clear(b);
	board_free(b);
	return ok;
}

int main(void)
{
	rule r;
	char err[64], count[64];
	rng g;
	rng_seed(&g, 3);

	rule_parse(&r, "plus", false, err, sizeof err);
	lo_system *s = system_new(5, 5, &r, 2);
	tap_ok(system_rank(s) == 23 && system_nullity(s) == 2, "5x5 classic: rank 23, nullity 2");
	system_count(s, count, sizeof count);
	tap_ok(strcmp(count, "4") == 0, "5x5 classic: 4 solutions");
	bool all_quiet = true;
	for (int i = 0; i < system_nullity(s); i++)
		all_quiet &= quiet(&r, 5, 5, 2, system_kernel(s, i));
	tap_ok(all_quiet, "5x5 quiet patterns change nothing");
	system_free(s);

	s = system_new(39, 39, &r, 2);
	system_count(s, count, sizeof count);
	tap_ok(system_nullity(s) == 32 && strcmp(count, "4294967296") == 0, "39x39 classic: 2^32 = %s solutions", count);
	system_free(s);

	/* Counts only: the same rank and count, no patterns listed, solving
	 * as before (39x39 is chased, 1.5 MB of patterns otherwise). */
	lo_system *full = system_new(39, 39, &r, 2), *bare = NULL;
	char count2[64];
	system_count(full, count, sizeof count);
	bool made = system_create_counts(39, 39, &r, 2, &bare) == LO_OK;
	system_count(bare, count2, sizeof count2);
	board *lit = board_new(39, 39, 2);
	uint8_t *px = malloc(39 * 39);
	memset(lit->cells, 1, 39 * 39);
	bool solved = system_solve(bare, lit->cells, px, NULL) == LO_OK;
	rule_apply(&r, lit, px);
	tap_ok(made && system_has_kernel(full) && !system_has_kernel(bare) && system_rank(bare) == system_rank(full) &&
		       strcmp(count, count2) == 0 && solved && board_is_clear(lit),
	       "39x39 counts only: rank and count as in full, no patterns kept, all lit solved");
	free(px);
	board_free(lit);
	system_free(full);
	system_free(bare);

	/* Random solvable boards (made from presses) on bigger shapes and k. */
	static const char *const rules[] = { "plus", "cross", "knight", "box", "mask:00100/01010/10001/01010/00100" };
	static const int ks[] = { 2, 3, 4, 6, 12, 36 };
	for (int t = 0; t < 24; t++) {
		int rows = 4 + (int)rng_below(&g, 9), cols = 4 + (int)rng_below(&g, 9), k = ks[t % 6];
		rule_parse(&r, rules[t % 5], t % 3 == 0, err, sizeof err);
		int n = rows * cols;
		s = system_new(rows, cols, &r, k);
		board *b = board_new(rows, cols, k);
		uint8_t *x = malloc((size_t)n), *y = malloc((size_t)n);
		for (int i = 0; i < n; i++)
			x[i] = (uint8_t)rng_below(&g, (uint32_t)k);
		rule_apply(&r, b, x);
		bool ok = system_solve(s, b->cells, y, NULL) == LO_OK;
		rule_apply(&r, b, y);
		bool kq = true;
		for (int i = 0; i < system_nullity(s); i++) {
			int o = system_kernel_order(s, i);
			kq &= quiet(&r, rows, cols, k, system_kernel(s, i)) && o > 1 && k % o == 0;
		}
		tap_ok(ok && board_is_clear(b) && kq && system_rank(s) + system_nullity(s) == n,
		       "%s%s %dx%d k=%d: solved, cleared, kernel quiet (nullity %d)", r.name, r.torus ? " torus" : "",
		       rows, cols, k, system_nullity(s));
		free(x);
		free(y);
		board_free(b);
		system_free(s);
	}
	rule_parse(&r, "random:1", false, err, sizeof err);
	tap_ok(!system_fits(101, 100, &r, 2) && system_fits(100, 100, &r, 2), "dense limit for k = 2");
	rule_parse(&r, "box", false, err, sizeof err);
	tap_ok(system_fits(200, 200, &r, 3) && !system_fits(201, 200, &r, 3), "banded limit for local rules, k > 2");
	system_cost bc, cc;
	tap_ok(system_cost_of(490, 490, &r, 2, &bc) && strcmp(bc.backend, "band") == 0 &&
		       system_cost_of(500, 500, &r, 2, &cc) && strcmp(cc.backend, "chase") == 0 &&
		       system_fits(100, 10000, &r, 2),
	       "banded limit for local rules, k = 2: cells x width; past it, the diagonal chase");
	/* The chase of box leaves R + C - 1 unknowns, read off three chases:
	 * 16000 unknowns fit, 39999 do not, and the refusal says so; knight's
	 * are swept, cells x unknowns within SYSTEM_MAX_DIAG_WORK. */
	char why[300];
	system_limit_message(20000, 20000, &r, 2, why, sizeof why);
	tap_ok(system_fits(8000, 8000, &r, 2) && !system_fits(20000, 20000, &r, 2) && strstr(why, "39999 unknowns"),
	       "box: 8000x8000 chased, 20000x20000 refused: %s", why);
	rule_parse(&r, "knight", false, err, sizeof err);
	system_limit_message(8000, 8000, &r, 2, why, sizeof why);
	tap_ok(system_fits(2000, 2000, &r, 2) && !system_fits(8000, 8000, &r, 2) && strstr(why, "23998 unknowns"),
	       "knight: 2000x2000 chased, 8000x8000 refused: %s", why);
	rule_parse(&r, "plus", false, err, sizeof err);
	tap_ok(system_fits(10000, 10000, &r, 2) && !system_fits(10001, 10, &r, 2), "the classic rule goes to 10000x10000");
	/* Each back end in the table carries its limit in words: some shape of
	 * its kind gets them, and they name the shape. */
	static const struct {
		const char *rule;
		bool torus;
		int rows, cols, k;
	} kinds[] = {
		{ "plus", false, 10001, 10001, 2 }, { "plus", true, 2001, 2001, 2 }, { "plus", false, 3000, 3000, 3 },
		{ "box", false, 500, 500, 2 },	    { "box", false, 201, 201, 3 },  { "cross", false, 20001, 10, 2 },
		{ "random:1", false, 101, 100, 2 }, { "random:1", false, 51, 51, 4 },
	};
	int nkinds = (int)(sizeof kinds / sizeof kinds[0]), worded = 0;
	for (int i = 0; i < system_backends(); i++) {
		bool has = false;
		for (int j = 0; j < nkinds && !has; j++) {
			char words[512], head[32];
			rule_parse(&r, kinds[j].rule, kinds[j].torus, err, sizeof err);
			snprintf(head, sizeof head, "%dx%d", kinds[j].rows, kinds[j].cols);
			has = system_backend_limit(i, kinds[j].rows, kinds[j].cols, &r, kinds[j].k, words, sizeof words) &&
			      strncmp(words, head, strlen(head)) == 0;
		}
		if (has)
			worded++;
		else
			tap_diag("back end %s: no limit in words", system_backend_name(i));
	}
	tap_ok(system_backends() > 0 && worded == system_backends(), "all %d back ends have their limit in words",
	       system_backends());
	/* Why a band is not built is its status, not errno. */
	rule pr, cr;
	char perr[64];
	rule_parse(&pr, "knight", false, perr, sizeof perr);
	rule_parse(&cr, "cross", false, perr, sizeof perr);
	zband *z;
	tap_ok(zband_create(20, 20, &pr, 2, &z) == LO_REFUSED && !z, "zband_create: k = 2 is refused");
	tap_ok(zband_create(20, 20, &cr, 4, &z) == LO_REFUSED && !z, "zband_create: the cross rule is refused");
	tap_ok(zband_create(20, 20, &pr, 4, &z) == LO_OK && z && zband_nullity(z) >= 0, "zband_create: knight k = 4 is built");
	zband_free(z);
	lo_status st;
	lo_status_set(&st, LO_NOMEM, NULL);
	tap_ok(strcmp(lo_status_text(&st), "out of memory") == 0, "a status without detail says its code");
	lo_status_set(&st, LO_TIMED_OUT, "stopped after %d s", 3);
	tap_ok(st.code == LO_TIMED_OUT && strcmp(lo_status_text(&st), "stopped after 3 s") == 0,
	       "a status with a detail says the detail");
	return tap_done();
}
