/* lightsout analyze: the algebra of a board shape. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "formats/boardio.h"
#include "cli/commands.h"
#include "cli/cores.h"
#include "formats/output.h"
#include "engine/distribution.h"
#include "formats/options.h"
#include "cli/progress.h"
#include "engine/system.h"
#include "i18n.h"

static void help(const options_def *d)
{
	/* TRANSLATORS: "RxC rank nullity solutions" names the output's
	 * columns, which stay in English. */
	fputs(_("Usage: lightsout analyze [options]\n"
		"For each size print: RxC rank nullity solutions\n"
		"(solutions: how many press patterns clear any solvable board, exactly).\n"
		"\n"), stdout);
	options_help(d->specs, 25);
}

static int analyze_one(int rows, int cols, const rule *r, int k, bool quiet, bool dist, bool fwd, int threads)
{
	lo_system *s;
	/* Without --quiet-patterns the patterns are not listed, not even made. */
	system_ctl sc = { .counts_only = !quiet, .threads = threads };
	lo_result made = system_create_ctl(rows, cols, r, k, &sc, &s);
	if (made == LO_TOO_LARGE) {
		char why[300];
		system_limit_message(rows, cols, r, k, why, sizeof why);
		/* notext: the command's name before a message said elsewhere */
		fprintf(stderr, "lightsout analyze: %s\n", why);
		return EXIT_USAGE;
	}
	if (!s) {
		fprintf(stderr, _("lightsout analyze: out of memory for %dx%d\n"), rows, cols);
		return EXIT_NOMEM;
	}
	char count[8192];
	system_count(s, count, sizeof count);
	printf("%dx%d %d %d %s\n", rows, cols, system_rank(s), system_nullity(s), count);
	if (quiet && !system_has_kernel(s)) {
		/* TRANSLATORS: the English says "patterns" for any count. */
		fprintf(stderr, P_("lightsout analyze: %dx%d: the %d quiet patterns are too large to list\n",

				   "lightsout analyze: %dx%d: the %d quiet patterns are too large to list\n",
				   system_nullity(s)), rows, cols, system_nullity(s));
		system_free(s);
		return EXIT_USAGE;
	} else if (quiet)
		for (int i = 0; i < system_nullity(s); i++) {
			/* notext: machine-readable (analyze's output, read by scripts) */
			printf("\nquiet pattern %d", i + 1);
			if (k > 2)
				printf(" (order %d)", system_kernel_order(s, i));
			printf(":\n");
			boardio_write_cells(stdout, system_kernel(s, i), rows, cols);
		}
	system_free(s);
	if (dist) {
		uint32_t states;
		uint8_t *t = distribution_table(rows, cols, k, r, fwd, &states);
		if (!t) {
			fprintf(stderr, _("lightsout analyze: out of memory for the distribution\n"));
			return EXIT_NOMEM;
		}
		uint64_t counts[256];
		int top = distribution_counts(t, states, counts, 255);
		free(t);
		/* notext: machine-readable (analyze's output, read by scripts) */
		printf("\npresses boards\n");
		for (int p = 0; p <= top; p++)
			printf("%d %llu\n", p, (unsigned long long)counts[p]);
	}
	return 0;
}

int cmd_analyze(int argc, char **argv)
{
	common_opts o;
	bool quiet = false, dist = false;
	const char *threads_arg = NULL, *threads_from;
	const option_spec specs[] = {
		/* TRANSLATORS: an option's help in --help, after the option at
		 * column 25: a line each "\n", at most 55 columns a line. */
		{ "size", 's', OPTION_COMMON, .arg = "RxC|N|A-B", .help = N_("the size, or square sizes A to B (default 5)") },
		OPTIONS_SHAPE_SPECS,
		{ "forward-only", 0, OPTION_COMMON, .help = N_("with --distribution: count only forward presses") },
		{ "quiet-patterns", 'q', OPTION_FLAG, &quiet, .help = N_("print a basis of the quiet patterns (the nullspace)") },
		{ "distribution", 'd', OPTION_FLAG, &dist, .help = N_("how many boards need exactly p presses, for every p\n"
								      "(small boards only: at most 2^26 positions)") },
		{ "threads", 0, OPTION_STRING, &threads_arg, .arg = "N",
		  .help = N_("build each system on N threads (1 to 64; as for solve,\n"
			     "LIGHTSOUT_THREADS=N says it too)") },
		{ NULL },
	};
	const options_def d = { .cmd = "analyze", .specs = specs, .common = &o, .flags = OPTIONS_RANGE, .operands = 0,
				.help = help };
	char err[256];
	int threads, first;

	options_init(&o);
	int status = options_run(&d, argc, argv, &first);
	if (status != OPTIONS_GO)
		return status;
	if (cores_threads(threads_arg, getenv("LIGHTSOUT_THREADS"), &threads, &threads_from, err, sizeof err) < 0)
		goto usage_error;
	rule r;
	if (options_finish(&o, &r, err, sizeof err) < 0)
		goto usage_error;
	if (dist)
		for (int n = o.v.rows; n <= o.rows_hi; n++)
			if (!distribution_fits(n, o.size_is_range ? n : o.v.cols, o.v.k)) {
				snprintf(err, sizeof err,
					 _("--distribution visits all %d^%d positions of a %dx%d board: at most 2^26 can be "
					   "counted"),
					 o.v.k, n * (o.size_is_range ? n : o.v.cols), n, o.size_is_range ? n : o.v.cols);
				goto usage_error;
			}
	/* The whole range is checked before the first line is printed. */
	for (int n = o.v.rows; n <= o.rows_hi; n++)
		if (!system_fits(n, o.size_is_range ? n : o.v.cols, &r, o.v.k)) {
			system_limit_message(n, o.size_is_range ? n : o.v.cols, &r, o.v.k, err, sizeof err);
			if (o.size_is_range && n > o.v.rows)
				fprintf(stderr, _("lightsout analyze: %s (sizes %d to %d fit)\n"), err, o.v.rows, n - 1);
			else
				/* notext: the command's name before a message said elsewhere */
				fprintf(stderr, "lightsout analyze: %s\n", err);
			return EXIT_USAGE;
		}
	/* A long range whose lines go to a file or a pipe shows its progress
	 * on the terminal (lines on the terminal are their own progress):
	 * each size's share is its cells to the power 1.5, as its time grows. */
	double work = 0, done = 0;
	for (int n = o.v.rows; n <= o.rows_hi; n++)
		work += pow((double)n * (o.size_is_range ? n : o.v.cols), 1.5);
	progress pr;
	/* TRANSLATORS: a progress line on the terminal: "analyzing:  40.0%  ..." */
	progress_start(&pr, _("analyzing"), _("sizes"), 0);
	pr.tty = pr.tty && !isatty(STDOUT_FILENO);
	for (int n = o.v.rows; n <= o.rows_hi; n++) {
		int rc = analyze_one(n, o.size_is_range ? n : o.v.cols, &r, o.v.k, quiet, dist, o.v.forward_only, threads);
		if (rc)
			return rc;
		if (output_check("analyze") < 0)
			return EXIT_USAGE;
		done += pow((double)n * (o.size_is_range ? n : o.v.cols), 1.5);
		char extra[40];
		snprintf(extra, sizeof extra, _("%dx%d done"), n, o.size_is_range ? n : o.v.cols);

		progress_show(&pr, done / work, extra);
	}
	progress_clear(&pr);
	return 0;

usage_error:
	return options_usage_error("analyze", err);
}
