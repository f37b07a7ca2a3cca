#include "ui/info.h"

#include <stdio.h>
#include <string.h>

static const char *const spin_utf8[] = { "\u280b", "\u2819", "\u2839", "\u2838", "\u283c",
					 "\u2834", "\u2826", "\u2827", "\u2807", "\u280f" };
static const char *const spin_ascii[] = { "|", "/", "-", "\\" };

static const char *spinner(const glyphs *gl, double now)
{
	long t = (long)(now * 10);
	if (gl->reader)
		return "...";	/* a line that changes ten times a second would be spoken as often */
	return gl->utf8 ? spin_utf8[t % 10] : spin_ascii[t % 4];
}

/* Solution counts reach 2^62 and beyond: exact while a double is. */
static void format_count(double c, char *buf, size_t len)
{
	if (c < 9007199254740992.0)
		snprintf(buf, len, "%.0f", c);
	else
		snprintf(buf, len, "%.3g", c);
}

void info_plan(const lo_overlay *o, const glyphs *gl, double now, char *buf, size_t len)
{
	const char *le = gl->utf8 ? "\u2264" : "<=";
	double done;
	int best;
	bool busy = overlay_progress(o, &done, &best);
	if (o->nomem) {
		snprintf(buf, len, "Out of memory for a solution");
		return;
	}
	if (!o->have) {
		snprintf(buf, len, "Solving %s", spinner(gl, now));
		return;
	}
	if (!o->solvable) {
		snprintf(buf, len, "No solution: proof marked");
		return;
	}
	/* In words: "needs 8 presses", and how sure: the fewest there are
	 * (the only such way, or one of several: ties among the shortest, not
	 * the board's solutions), or the best found so far. */
	const char *s = o->weight == 1 ? "" : "es";
	if (o->minimal && o->ties >= 1) {
		char ties[32];
		format_count(o->ties, ties, sizeof ties);
		if (o->ties == 1)
			snprintf(buf, len, "needs %d press%s, the one shortest way", o->weight, s);
		else
			snprintf(buf, len, "needs %d press%s, one of %s shortest ways", o->weight, s, ties);
	} else if (o->minimal)
		snprintf(buf, len, "needs %d press%s, no fewer%s%s", o->weight, s, busy ? " " : "",
			 busy ? spinner(gl, now) : "");
	else if (busy)	/* the search's best so far bounds it too, before its x comes */
		snprintf(buf, len, "needs %s%d presses %s %.0f%% %s Esc stops", le,
			 best >= 0 && best < o->weight ? best : o->weight, spinner(gl, now), 100 * done, gl->dot);
	else if (o->out_of_time && o->bound > 0 && o->bound < o->weight)
		snprintf(buf, len, "needs %s%d presses (best found in %.0f s, %s%d)", le, o->weight,
			 SOLVER_BUDGET_SECONDS, gl->utf8 ? "\u2265" : ">=", o->bound);
	else if (o->out_of_time)
		snprintf(buf, len, "needs %s%d presses (best found in %.0f s)", le, o->weight, SOLVER_BUDGET_SECONDS);
	else
		snprintf(buf, len, "needs %s%d presses (best found%s)", le, o->weight, o->stopped ? ", stopped" : "");
}

void info_cert(const lo_overlay *o, const board *b, const glyphs *gl, char *buf, size_t len)
{
	int k = b->k, n = board_size(b), sum = 0;
	if (!o->have || o->solvable) {
		buf[0] = '\0';
		return;
	}
	if (k == 2) {
		snprintf(buf, len, "No solution: these marked cells can never all be cleared together (odd lights in the "
				   "!marks!, and every press flips an even number)");
		return;
	}
	for (int i = 0; i < n; i++)
		sum = (sum + o->cert[i] * b->cells[i]) % k;
	snprintf(buf, len, "No solution: these marked cells can never all be cleared together (%s mark%svalue = %d "
			   "(mod %d), and no press changes that sum)",
		 gl->utf8 ? "\u03a3" : "sum of", gl->utf8 ? "\u00d7" : "*", sum, k);
}

void info_system(const lo_system *s, const glyphs *gl, char *buf, size_t len)
{
	char count[64];
	const char *d = gl->dot;
	int nullity = system_nullity(s);
	system_count(s, count, sizeof count);
	if (nullity == 0)
		snprintf(buf, len, "rank %d %s nullity 0 %s every board solvable, one way", system_rank(s), d, d);
	else
		snprintf(buf, len, "rank %d %s nullity %d %s %s solutions each %s 1 board in %s solvable",
			 system_rank(s), d, nullity, d, count, d, count);
}

void info_pattern(const lo_system *s, int i, const glyphs *gl, char *buf, size_t len)
{
	int d = system_nullity(s);
	if (d == 0)
		snprintf(buf, len, "No quiet patterns: every press changes something %s Esc back", gl->dot);
	else if (!system_has_kernel(s))
		snprintf(buf, len, "%d quiet patterns, too big to keep %s Esc back", d, gl->dot);
	else
		snprintf(buf, len, "Quiet pattern %d/%d (order %d): changes nothing %s %s %s more %s Esc back", i + 1,
			 d, system_kernel_order(s, i), gl->dot, gl->arrows[3], gl->arrows[1], gl->dot);
}

const char *info_goal(int k)
{
	return k == 2 ? "all lights off" : k == 4 ? "every arrow up" : "every cell at state 0";
}

void info_states(int k, char *buf, size_t len)
{
	if (k == 2)
		snprintf(buf, len, "%s", "");
	else
		snprintf(buf, len, "%d states", k);
}
