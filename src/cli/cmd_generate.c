/* lightsout generate: a random solvable board in the input format. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "base/seed.h"
#include "formats/boardio.h"
#include "cli/commands.h"
#include "cli/cores.h"
#include "engine/generate.h"
#include "formats/options.h"
#include "formats/output.h"
#include "engine/sharecode.h"
#include "engine/system.h"
#include "i18n.h"

static void help(const options_def *d)
{
	fputs(_("Usage: lightsout generate [options]\n"
		"Print a random solvable board (\"R C\" then one row per line), made from\n"
		"random presses so that it always has a solution.\n"
		"\n"), stdout);
	options_help(d->specs, 25);
}

/* Past the byte route's sides (the classic rule at k = 2): the board a
 * row at a time from random presses, three rows of them held, so any
 * size streams out at the writer's speed in memory for four rows. */
static int generate_rows(int rows, int cols, rng *g)
{
	size_t s = bitboard_stride(cols);
	uint64_t *buf = calloc(4 * s, sizeof *buf), *row[3], *out;
	if (!buf) {
		fprintf(stderr, _("lightsout generate: out of memory\n"));
		return EXIT_NOMEM;
	}
	uint64_t top = cols % 64 ? (1ULL << (cols % 64)) - 1 : ~0ULL;
	for (int i = 0; i < 3; i++)
		row[i] = buf + (size_t)i * s;
	out = buf + 3 * s;
	printf("%d %d\n", rows, cols);
	outbuf o;
	outbuf_open(&o, stdout);
	/* row[1] is row p's presses, row[0] the row above, row[2] below. */
	for (int p = -1; p < rows; p++) {
		uint64_t *t = row[0];
		row[0] = row[1];
		row[1] = row[2];
		row[2] = t;
		if (p + 1 < rows) {
			for (size_t w = 0; w < s; w++)
				row[2][w] = rng_next(g);
			row[2][s - 1] &= top;
		}
		if (p < 0)
			continue;
		bitboard_press_plus_row(p ? row[0] : NULL, row[1], p + 1 < rows ? row[2] : NULL, cols, out);
		boardio_put_bits(&o, out, cols);
		*outbuf_room(&o, 1) = '\n';
		o.p++;
	}
	outbuf_close(&o);
	free(buf);
	return 0;
}

/* Progress on a terminal only, once the search for a par takes a while. */
int cmd_generate(int argc, char **argv)
{
	common_opts o;
	int par = -1;
	double limit = GENERATE_TIME_LIMIT;
	bool code = false;
	const char *threads_arg = NULL, *threads_from;
	int threads, first;
	char err[256];
	const option_spec specs[] = {
		/* TRANSLATORS: an option's help in --help, after the option at
		 * column 25: a line each "\n", at most 55 columns a line. */
		{ "size", 's', OPTION_COMMON, .arg = "RxC|N", .help = N_("board size (default 5x5)") },
		OPTIONS_SHAPE_SPECS,
		{ "forward-only", 0, OPTION_COMMON, .help = N_("par counts only forward presses (k > 2)") },
		{ "par", 'p', OPTION_INT, &par, .arg = "P", .help = N_("the board's optimal solution has exactly P presses"),
		  .lo = 0, .hi = 1000000, .bad = N_("bad par '%s': use a number of presses") },
		{ "time-limit", 't', OPTION_REAL, &limit, .arg = "SECS",
		  .help = N_("give up looking for that par after SECS (default 30)"),
		  .lo = 0.001, .hi = 1e6, .bad = N_("bad time limit '%s': use seconds, e.g. 2.5") },
		{ "threads", 0, OPTION_STRING, &threads_arg, .arg = "N", .help = N_("each search on N threads (as for solve)") },
		{ "seed", 0, OPTION_COMMON, .arg = "N", .help = N_("reproducible: the same N gives the same board") },
		{ "code", 0, OPTION_FLAG, &code, .help = N_("print the board's share code (one word, for\n"
							   "'lightsout --code CODE') instead of the board") },
		{ NULL },
	};
	const options_def d = { .cmd = "generate", .specs = specs, .common = &o, .operands = 0, .help = help };

	options_init(&o);
	o.max_side = 1 << 30;	/* past 10000 a side: the classic rule, a row at a time */
	int status = options_run(&d, argc, argv, &first);
	if (status != OPTIONS_GO)
		return status;
	if (cores_threads(threads_arg, getenv("LIGHTSOUT_THREADS"), &threads, &threads_from, err, sizeof err) < 0)
		goto usage_error;
	rule r;
	if (options_finish(&o, &r, err, sizeof err) < 0)
		goto usage_error;
	if (o.v.rows > VARIANT_MAX_SIDE || o.v.cols > VARIANT_MAX_SIDE) {
		if (!rule_is_classic(&r) || o.v.k != 2 || par >= 0 || code) {
			snprintf(err, sizeof err, _("%dx%d: past %d a side, generate makes boards of the classic rule at "
						    "k = 2, without --par or --code"), o.v.rows, o.v.cols, VARIANT_MAX_SIDE);
			goto usage_error;
		}
		rng g;
		rng_seed(&g, o.seed_set ? o.seed : seed_fresh());
		return generate_rows(o.v.rows, o.v.cols, &g);
	}
	lo_system *s;
	system_ctl built = { .threads = threads };
	if (system_create_ctl(o.v.rows, o.v.cols, &r, o.v.k, &built, &s) == LO_TOO_LARGE) {
		system_limit_message(o.v.rows, o.v.cols, &r, o.v.k, err, sizeof err);
		goto usage_error;
	}
	rng g;
	rng_seed(&g, o.seed_set ? o.seed : seed_fresh());
	board *b = board_new(o.v.rows, o.v.cols, o.v.k);
	if (!s || !b) {
		fprintf(stderr, _("lightsout generate: out of memory\n"));

		return EXIT_NOMEM;
	}
	gen_result res;
	output_progress ps;
	gen_ctl ctl = { .time_limit = limit, .threads = threads };
	output_progress_start(&ps, &ctl);
	lo_result rc = generate_board_ctl(s, &r, o.v.forward_only, (int)par, &g, b, &ctl, &res, err, sizeof err);
	output_progress_end(&ps);
	char *sc = NULL;
	if (rc == LO_OK && code && !(sc = sharecode_encode(b, &o.v, err, sizeof err)))
		rc = LO_REFUSED;
	if (rc == LO_OK && sc)
		puts(sc);
	else if (rc == LO_OK) {
		/* The variant first, when it is not the classic game: the file
		 * then solves as what it is. */
		char line[VARIANT_RULE_MAX + 64];
		boardio_variant_line(&o.v, line, sizeof line);
		fputs(line, stdout);
		printf("%d %d\n", b->rows, b->cols);
		boardio_write(stdout, b);
	} else
		/* notext: the command's name before a message said elsewhere */
		fprintf(stderr, "lightsout generate: %s\n", err);
	free(sc);
	board_free(b);
	system_free(s);
	return rc == LO_OK ? 0 : EXIT_USAGE;

usage_error:
	return options_usage_error("generate", err);
}
