#include "engine/generate.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "base/clock.h"
#include "i18n.h"
#include "engine/distribution.h"
#include "engine/parclass.h"
#include "engine/search.h"

static int par_of(const lo_system *s, const board *b, bool fwd, double seconds, atomic_int *cancel, int threads,
		  bool *proven)
{
	int n = board_size(b);
	uint8_t *x = malloc((size_t)n);
	if (!x || system_solve(s, b->cells, x, NULL) != LO_OK) {
		free(x);
		return -1;
	}
	search_ctl ctl = { .time_limit = seconds, .forward_only = fwd, .cancel = cancel, .threads = threads };
	search_result res;
	search_minimal(s, x, &ctl, &res);
	free(x);
	*proven = res.optimal;
	return res.weight;
}

/* No board: the status with its message, also copied to err; its code. */
__attribute__((format(printf, 5, 6)))
static lo_result refuse(gen_result *res, lo_result code, char *err, size_t errlen, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	res->status.code = code;
	vsnprintf(res->status.detail, sizeof res->status.detail, fmt, ap);
	va_end(ap);
	snprintf(err, errlen, "%s", res->status.detail);
	return code;
}

/* A board of exactly `par` from the full distribution, uniformly. */
static lo_result generate_exact_small(const lo_system *s, const rule *r, bool fwd, int par, rng *g,
				board *b, gen_result *res, char *err, size_t errlen)
{
	uint32_t states;
	uint8_t *t = distribution_table(b->rows, b->cols, b->k, r, fwd, &states);
	if (!t)
		return refuse(res, LO_NOMEM, err, errlen, "%s", _("out of memory"));
	uint32_t count = 0, pick;
	int top = 0;
	for (uint32_t i = 0; i < states; i++) {
		count += t[i] == par;
		if (t[i] != 0xff && t[i] > top)
			top = t[i];
	}
	if (count == 0) {
		free(t);
		return refuse(res, LO_REFUSED, err, errlen,
			      P_("no %dx%d board needs exactly %d press (the most any needs is %d)",
				 "no %dx%d board needs exactly %d presses (the most any needs is %d)", par),
			      b->rows, b->cols, par, top);
	}
	pick = rng_below(g, count);
	for (uint32_t i = 0; i < states; i++)
		if (t[i] == par && pick-- == 0) {
			distribution_cells(i, board_size(b), b->k, b->cells);
			break;
		}
	free(t);
	(void)s;
	return LO_OK;
}

/* The largest par of any board, from the classes; -1 past their budget.
 * Counting every count vector is quickest where there are few (5x5: 2430),
 * else a search par by par. */
static int class_max_par(parclass *pc)
{
	double none;
	int top;
	if (parclass_counts(pc, &none, 0, &top) == LO_OK || parclass_max(pc, &top) == LO_OK)
		return top;
	return -1;
}

/* A board of exactly `par`, uniform among them, drawn through the kernel's
 * cell classes (parclass.h): exact, and a few ms where the kernel is small
 * (5x5: 4 quiet combinations).  LO_OK made; LO_TOO_LARGE when the shape is
 * beyond the classes: the caller goes another way; else why not (res and
 * err say it too). */
static lo_result generate_by_class(const lo_system *s, const rule *r, bool fwd, int par, rng *g, board *b,
			     gen_result *res, char *err, size_t errlen)
{
	parclass *pc;
	lo_result made = parclass_new(s, fwd, &pc);
	if (made == LO_NOMEM)
		return refuse(res, LO_NOMEM, err, errlen, "%s", _("out of memory"));
	if (made != LO_OK)
		return LO_TOO_LARGE;
	int n = board_size(b), k = b->k;
	lo_result rc = LO_OK;
	uint8_t *x = malloc((size_t)n);
	if (!x) {
		parclass_free(pc);
		return refuse(res, LO_NOMEM, err, errlen, "%s", _("out of memory"));
	}
	lo_result drawn = parclass_draw(pc, par, g, x);
	if (drawn == LO_OK) {
		/* x clears the board: the board is A (-x). */
		for (int i = 0; i < n; i++)
			x[i] = (uint8_t)((k - x[i]) % k);
		memset(b->cells, 0, (size_t)n);
		rule_apply(r, b, x);
		res->par = par;
		res->par_proven = true;
	} else if (drawn == LO_REFUSED) {
		int top = class_max_par(pc);
		if (top >= 0)
			rc = refuse(res, LO_REFUSED, err, errlen,
				    P_("no %dx%d board needs exactly %d press (the most any needs is %d)",
				       "no %dx%d board needs exactly %d presses (the most any needs is %d)", par), b->rows,
				    b->cols, par, top);
		else
			rc = refuse(res, LO_REFUSED, err, errlen,
				    P_("no %dx%d board needs exactly %d press", "no %dx%d board needs exactly %d presses", par),
				    b->rows, b->cols, par);
	} else
		rc = LO_TOO_LARGE;
	free(x);
	parclass_free(pc);
	return rc;
}

lo_result generate_board(const lo_system *s, const rule *r, bool fwd, int par, rng *g, board *b,
		   gen_result *res, char *err, size_t errlen)
{
	return generate_board_ctl(s, r, fwd, par, g, b, NULL, res, err, errlen);
}

lo_result generate_board_ctl(const lo_system *s, const rule *r, bool fwd, int par, rng *g, board *b,
		       const gen_ctl *ctl, gen_result *res, char *err, size_t errlen)
{
	int n = board_size(b), k = b->k;
	double limit = ctl && ctl->time_limit > 0 ? ctl->time_limit : GENERATE_TIME_LIMIT;
	double deadline = clock_seconds() + limit;
	atomic_int *cancel = ctl ? ctl->cancel : NULL;
	res->closest = -1;
	lo_status_set(&res->status, LO_OK, NULL);
	int most = n * (fwd ? k - 1 : k / 2);
	if (par == 0)
		return refuse(res, LO_REFUSED, err, errlen, "%s", _("a board with par 0 is already solved: ask for par 1 or more"));
	if (par > most)
		return refuse(res, LO_REFUSED, err, errlen,
			      P_("no %dx%d board needs %d presses: at most %d cell can be pressed",
				 "no %dx%d board needs %d presses: at most %d cells can be pressed", most),
			      b->rows, b->cols, par, most);
	if (par > 0) {
		lo_result made = generate_by_class(s, r, fwd, par, g, b, res, err, errlen);
		if (made != LO_TOO_LARGE)
			return made;
	}
	/* A kernel too big for the classes: the k^n table on a small shape,
	 * else random presses and a search per try. */
	if (par > 0 && distribution_fits(b->rows, b->cols, k)) {
		lo_result made = generate_exact_small(s, r, fwd, par, g, b, res, err, errlen);
		if (made != LO_OK)
			return made;
		res->par = par;
		res->par_proven = true;
		return LO_OK;
	}
	uint8_t *x = malloc((size_t)n);
	if (!x)
		return refuse(res, LO_NOMEM, err, errlen, "%s", _("out of memory"));
	int tries;
	lo_result why = LO_TIMED_OUT;	/* the tries ran out */
	bool out_of_time = false;
	for (tries = 0; tries < GENERATE_TRIES; tries++) {
		double left = deadline - clock_seconds();
		if (cancel && atomic_load(cancel)) {
			why = LO_CANCELLED;
			break;
		}
		if (left <= 0) {
			out_of_time = true;
			break;
		}
		memset(b->cells, 0, (size_t)n);
		memset(x, 0, (size_t)n);
		if (par < 0) {
			/* Uniform over all solvable boards: uniform presses, then A x. */
			for (int i = 0; i < n; i++)
				x[i] = (uint8_t)rng_below(g, (uint32_t)k);
		} else {
			/* par presses that each add one to the weight: the optimum
			 * is then at most par, and often exactly. */
			for (int p = 0; p < par;) {
				int i = (int)rng_below(g, (uint32_t)n);
				uint8_t v = (uint8_t)((x[i] + (fwd || rng_below(g, 2) ? 1 : k - 1)) % k);
				if (search_weight(&v, 1, k, fwd) == search_weight(&x[i], 1, k, fwd) + 1) {
					x[i] = v;
					p++;
				}
			}
		}
		rule_apply(r, b, x);
		if (board_is_clear(b))
			continue;
		bool proven = false;
		int p = par_of(s, b, fwd, left < GENERATE_SEARCH_SECONDS ? left : GENERATE_SEARCH_SECONDS, cancel,
			       ctl ? ctl->threads : 0, &proven);
		if (p < 0)
			continue;
		if (par < 0 || (p == par && proven)) {
			free(x);
			res->par = p;
			res->par_proven = proven;
			return LO_OK;
		}
		if (res->closest < 0 || abs(p - par) < abs(res->closest - par))
			res->closest = p;
		if (ctl && ctl->progress)
			ctl->progress(ctl->ctx, tries + 1, res->closest, deadline - clock_seconds());
	}
	free(x);
	/* Each message whole, with the closest par when there was one. */
	int c = res->closest;
	if (why == LO_CANCELLED && c >= 0)
		return refuse(res, why, err, errlen, P_("cancelled after trying %d board; the closest had %d",
							"cancelled after trying %d boards; the closest had %d", tries), tries, c);
	if (why == LO_CANCELLED)
		return refuse(res, why, err, errlen, P_("cancelled after trying %d board", "cancelled after trying %d boards",
							tries), tries);
	if (out_of_time && c >= 0)
		return refuse(res, why, err, errlen,
			      P_("found no %dx%d board needing exactly %d presses within the %g s limit (tried %d board; "
				 "the closest had %d)",
				 "found no %dx%d board needing exactly %d presses within the %g s limit (tried %d boards; "
				 "the closest had %d)", tries),
			      b->rows, b->cols, par, limit, tries, c);
	if (out_of_time)
		return refuse(res, why, err, errlen,
			      P_("found no %dx%d board needing exactly %d presses within the %g s limit (tried %d board)",
				 "found no %dx%d board needing exactly %d presses within the %g s limit (tried %d boards)",
				 tries),
			      b->rows, b->cols, par, limit, tries);
	if (c >= 0)
		return refuse(res, why, err, errlen,
			      P_("found no %dx%d board needing exactly %d presses in %d try; the closest had %d",
				 "found no %dx%d board needing exactly %d presses in %d tries; the closest had %d",
				 GENERATE_TRIES), b->rows,
			      b->cols, par, GENERATE_TRIES, c);
	return refuse(res, why, err, errlen,
		      P_("found no %dx%d board needing exactly %d presses in %d try",
			 "found no %dx%d board needing exactly %d presses in %d tries", GENERATE_TRIES), b->rows,
		      b->cols, par, GENERATE_TRIES);

}

int generate_max_par(const lo_system *s, const rule *r, bool fwd)
{
	int rows = system_rows(s), cols = system_cols(s), k = system_k(s);
	if (!distribution_fits(rows, cols, k))
		return -1;
	parclass *pc;
	if (parclass_new(s, fwd, &pc) == LO_OK) {
		int top = class_max_par(pc);
		parclass_free(pc);
		if (top >= 0)
			return top;
	}
	uint32_t states;
	uint8_t *t = distribution_table(rows, cols, k, r, fwd, &states);
	if (!t)
		return -1;
	int top = 0;
	for (uint32_t i = 0; i < states; i++)
		if (t[i] != 0xff && t[i] > top)
			top = t[i];
	free(t);
	return top;
}

static const char *const difficulty_words[DIFFICULTY_COUNT] = {
	[DIFFICULTY_ANY] = "", [DIFFICULTY_EASY] = "easy", [DIFFICULTY_NORMAL] = "normal", [DIFFICULTY_HARD] = "hard",
};

const char *generate_difficulty_word(difficulty d)
{
	return (unsigned)d < DIFFICULTY_COUNT ? difficulty_words[d] : "";
}

bool generate_difficulty_parse(const char *word, difficulty *d)
{
	for (int i = 0; i < DIFFICULTY_COUNT; i++)
		if (!strcmp(word, difficulty_words[i])) {
			*d = (difficulty)i;
			return true;
		}
	return false;
}

int generate_difficulty_par(const lo_system *s, const rule *r, bool fwd, difficulty d, rng *g)
{
	int n = system_unknowns(s), k = system_k(s);
	int top = generate_max_par(s, r, fwd);
	if (top < 0)
		top = n * (fwd ? k - 1 : k / 2) / 2;	/* a fair guess for big boards */
	if (top < 1)
		top = 1;
	int lo, hi;
	if (d == DIFFICULTY_EASY) {
		lo = top / 5;
		hi = top / 3;
	} else if (d == DIFFICULTY_HARD) {
		lo = top * 2 / 3;
		hi = top;
	} else {
		lo = top / 3;
		hi = top * 2 / 3;
	}
	if (lo < 1)
		lo = 1;
	if (hi < lo)
		hi = lo;
	return lo + (int)rng_below(g, (uint32_t)(hi - lo + 1));
}
