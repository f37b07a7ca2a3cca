#include "ui/info.h"

#include <stdio.h>
#include <string.h>

#include "i18n.h"

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
		snprintf(buf, len, "%s", _("Out of memory for a solution"));
		return;
	}
	if (!o->have) {
		/* TRANSLATORS: %s is a spinner (one turning character, or "..."). */
		snprintf(buf, len, _("Solving %s"), spinner(gl, now));
		return;
	}
	if (!o->solvable) {
		snprintf(buf, len, "%s", _("No solution: proof marked"));
		return;
	}
	/* In words: "needs 8 presses", and how sure: the fewest there are
	 * (the only such way, or one of several: ties among the shortest, not
	 * the board's solutions), or the best found so far. */
	int w = o->weight, w_shown = busy && best >= 0 && best < w ? best : w;
	if (o->minimal && o->ties >= 1) {
		char ties[32];
		format_count(o->ties, ties, sizeof ties);
		if (o->ties == 1)
			snprintf(buf, len,
				 /* TRANSLATORS: the status line's plan, short: "needs
				  * 8 presses, ..."; a press is a move. */
				 P_("needs %d press, the one shortest way",
				    /* notext: the plural of the message before it */
				    "needs %d presses, the one shortest way", w),
				 w);
		else
			snprintf(buf, len,
				 /* TRANSLATORS: %s is how many shortest ways there are. */
				 P_("needs %d press, one of %s shortest ways",
				    /* notext: the plural of the message before it */
				    "needs %d presses, one of %s shortest ways", w),
				 w, ties);
	} else if (o->minimal)
		snprintf(buf, len,
			 /* TRANSLATORS: the last two %s are a space and a spinner
			  * while the search goes on, or nothing. */
			 P_("needs %d press, no fewer%s%s",
			    /* notext: the plural of the message before it */
			    "needs %d presses, no fewer%s%s", w),
			 w, busy ? " " : "", busy ? spinner(gl, now) : "");
	else if (busy)	/* the search's best so far bounds it too, before its x comes */
		/* TRANSLATORS: "needs <=12 presses | 41% . Esc stops": the first %s
		 * is "<=", then a spinner, the percentage done, a dot. */
		snprintf(buf, len, P_("needs %s%d press %s %.0f%% %s Esc stops", "needs %s%d presses %s %.0f%% %s Esc stops", w_shown), le,
			 w_shown, spinner(gl, now), 100 * done, gl->dot);
	else if (o->out_of_time && o->bound > 0 && o->bound < w)
		/* TRANSLATORS: "needs <=12 presses (best found in 10 s, >=9)": the
		 * search ran out of time; 9 is a bound. */
		snprintf(buf, len, P_("needs %s%d press (best found in %.0f s, %s%d)", "needs %s%d presses (best found in %.0f s, %s%d)", w_shown), le, w,
			 solver_time_limit(), gl->utf8 ? "\u2265" : ">=", o->bound);
	else if (o->out_of_time)
		snprintf(buf, len, P_("needs %s%d press (best found in %.0f s)", "needs %s%d presses (best found in %.0f s)", w_shown), le, w, solver_time_limit());
	else if (o->stopped)
		snprintf(buf, len, P_("needs %s%d press (best found, stopped)", "needs %s%d presses (best found, stopped)", w_shown), le, w);
	else
		snprintf(buf, len, P_("needs %s%d press (best found)", "needs %s%d presses (best found)", w_shown), le, w);
}

void info_cert(const lo_overlay *o, const board *b, const glyphs *gl, char *buf, size_t len)
{
	int k = b->k, n = board_size(b), sum = 0;
	if (!o->have || o->solvable) {
		buf[0] = '\0';
		return;
	}
	if (k == 2) {
		snprintf(buf, len, "%s",
			 /* TRANSLATORS: !marks! are the cells drawn between
			  * exclamation marks on the board. */
			 _("No solution: these marked cells can never all be cleared together (odd lights in the "
			   "!marks!, and every press flips an even number)"));
		return;
	}
	for (int i = 0; i < n; i++)
		sum = (sum + o->cert[i] * b->cells[i]) % k;
	/* TRANSLATORS: "(Σ mark×value = 2 (mod 3), ...)": the first two %s are
	 * a sum sign and a times sign, or "sum of" and "*". */
	snprintf(buf, len, _("No solution: these marked cells can never all be cleared together (%s mark%svalue = %d "
			     "(mod %d), and no press changes that sum)"),
		 gl->utf8 ? "\u03a3" : /* TRANSLATORS: in place of the sum sign */ _("sum of"),
		 gl->utf8 ? "\u00d7" : "*", sum, k);
}

void info_system(const lo_system *s, const glyphs *gl, char *buf, size_t len)
{
	char count[64];
	const char *d = gl->dot;
	int nullity = system_nullity(s);
	system_count(s, count, sizeof count);
	if (nullity == 0)
		/* TRANSLATORS: the %s between the parts are a separating dot (·). */
		snprintf(buf, len, _("rank %d %s nullity 0 %s every board solvable, one way"), system_rank(s), d, d);
	else
		/* TRANSLATORS: "rank 23 · nullity 2 · 4 solutions each · 1 board in
		 * 4 solvable": the %s after the dots are counts (big numbers). */
		snprintf(buf, len, _("rank %d %s nullity %d %s %s solutions each %s 1 board in %s solvable"),
			 system_rank(s), d, nullity, d, count, d, count);
}

void info_pattern(const lo_system *s, int i, const glyphs *gl, char *buf, size_t len)
{
	int d = system_nullity(s);
	if (d == 0)
		/* TRANSLATORS: %s is a separating dot (·). */
		snprintf(buf, len, _("No quiet patterns: every press changes something %s Esc back"), gl->dot);
	else if (!system_has_kernel(s))
		snprintf(buf, len, P_("%d quiet patterns, too big to keep %s Esc back",
				      "%d quiet patterns, too big to keep %s Esc back", d), d, gl->dot);
	else
		/* TRANSLATORS: "Quiet pattern 1/2 (order 2): changes nothing · <- -> more
		 * · Esc back": a dot, two arrow keys, a dot. */
		snprintf(buf, len, _("Quiet pattern %d/%d (order %d): changes nothing %s %s %s more %s Esc back"),
			 i + 1, d, system_kernel_order(s, i), gl->dot, gl->arrows[3], gl->arrows[1], gl->dot);
}

const char *info_goal(int k)
{
	return k == 2 ? _("all lights off") : k == 4 ? _("every arrow up") : _("every cell at state 0");
}

void info_states(int k, char *buf, size_t len)
{
	if (k == 2)
		snprintf(buf, len, "%s", "");
	else
		snprintf(buf, len, P_("%d state", "%d states", k), k);
}
