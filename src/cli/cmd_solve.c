/* lightsout solve: read a board, print a minimal solution. */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "formats/boardfile.h"
#include "formats/boardio.h"
#include "formats/codearg.h"
#include "cli/commands.h"
#include "cli/cores.h"
#include "formats/options.h"
#include "formats/partfile.h"
#include "cli/progress.h"
#include "formats/readall.h"
#include "formats/solutionio.h"
#include "cli/solve_bits.h"
#include "engine/search.h"
#include "engine/system.h"
#include "i18n.h"

#define DEFAULT_LIMIT 10.0	/* seconds, for searches too big to finish */

static void help(const options_def *d)
{
	fputs(_("Usage: lightsout solve [options] [FILE|-]\n"
		"Read a board (FILE, or standard input) and print a minimal-weight solution.\n"
		"\n"), stdout);
	options_help(d->specs, 25);
	puts(_("\n"
	       "Exit status: 0 solved, 1 no solution (a certificate on standard error),\n"
	       "2 usage or input error, out of memory, or a write error."));
}

/* The search's progress line (a terminal only): its share, rate, time
 * left and best so far. */
static void show_progress(void *ctx, double done, int best)
{
	char extra[48];
	snprintf(extra, sizeof extra, _("best so far %d"), best);
	progress_show(ctx, done, best >= 0 ? extra : NULL);
}

static void print_certificate(const board *b, const rule *r, const uint8_t *y)
{
	int n = board_size(b), k = b->k, dot = 0;
	for (int i = 0; i < n; i++)
		dot = (dot + y[i] * b->cells[i]) % k;
	fprintf(stderr, "%s", _("lightsout: no solution: this board cannot be cleared.\n"));
	if (k == 2 && rule_is_symmetric_on(r, b->rows, b->cols))
		fprintf(stderr, "%s", _("Proof: every press changes an even number of the cells marked below (a quiet\n"
					"pattern), but the board has an odd number of them lit:\n"));
	else
		fprintf(stderr, _("Proof: weighting each cell by the grid below, every press changes the weighted\n"
				  "sum by 0 (mod %d), but the board's weighted sum is %d (mod %d), not 0:\n"), k, dot, k);
	boardio_write_cells(stderr, y, b->rows, b->cols);
}

/* The kernel's size as powers of its orders: "2^32", "3^20", "2^4 x 4^6". */
static void span_text(const lo_system *s, char *buf, size_t len)
{
	size_t used = 0;
	buf[0] = '\0';
	for (int o = 2; o <= system_k(s); o++) {
		int count = 0;
		for (int i = 0; i < system_nullity(s); i++)
			count += system_kernel_order(s, i) == o;
		if (count && used < len)
			used += (size_t)snprintf(buf + used, len - used, "%s%d^%d", used ? " x " : "", o, count);
	}
}

static void print_json(const board *b, const rule *r, const uint8_t *x, bool solvable, const search_result *res,
		       bool fwd, const lo_system *s, const uint8_t *cert)
{
	char count[4096];
	system_count(s, count, sizeof count);
	printf("{\"size\":\"%dx%d\",\"rows\":%d,\"cols\":%d,\"rule\":\"%s\",\"torus\":%s,\"k\":%d,\"solvable\":%s,",
	       b->rows, b->cols, b->rows, b->cols, r->name, r->torus ? "true" : "false", b->k,
	       solvable ? "true" : "false");
	outbuf o;
	outbuf_open(&o, stdout);
	if (solvable) {
		outbuf_puts(&o, "\"presses\":");
		solutionio_put_json_presses(&o, x, b->rows, b->cols, b->k, fwd);
		outbuf_close(&o);
		printf(",\"weight\":%d,\"optimal\":%s,\"lower_bound\":%d,", res->weight, res->optimal ? "true" : "false",
		       res->optimal ? res->weight : res->lower_bound);
	} else {
		outbuf_puts(&o, "\"certificate\":");
		solutionio_put_json_rows(&o, cert, b->rows, b->cols);
		outbuf_close(&o);
		printf(",");
	}
	printf("\"rank\":%d,\"nullity\":%d,\"solutions\":\"%s\"}\n", system_rank(s), system_nullity(s),
	       solvable ? count : "0");
}

/* The moves format: the weight, then a line per pressed cell.  A graph
 * file's presses are vertex numbers; a board's own patterns keep rows and
 * columns. */
static void print_moves(const uint8_t *x, int rows, int cols, int k, bool fwd, bool vertices, int weight)
{
	solutionio_write_moves(stdout, x, rows, cols, k, fwd, vertices, weight);
}

/* "I/N", 1 <= I <= N <= 2^62, into to[0] and to[1]. */
static int parse_part(const char *arg, void *to, char *err, size_t errlen)
{
	uint64_t *part = to, *parts = part + 1;
	const char *p = arg;
	uint64_t v[2] = { 0, 0 };
	for (int j = 0; j < 2; j++) {
		if (*p < '0' || *p > '9')
			goto bad;
		for (; *p >= '0' && *p <= '9'; p++) {
			v[j] = v[j] * 10 + (uint64_t)(*p - '0');
			if (v[j] > (1ULL << 62))
				goto bad;
		}
		if (*p != (j ? '\0' : '/'))
			goto bad;
		p++;
	}
	if (v[0] < 1 || v[0] > v[1])
		goto bad;
	*part = v[0];
	*parts = v[1];
	return 0;
bad:
	snprintf(err, errlen, _("bad part '%s': use I/N, 1 <= I <= N (e.g. 3/16)"), arg);
	return -1;
}

/* --format: grid, moves or json. */
static int parse_format(const char *arg, void *to, char *err, size_t errlen)
{
	static const char *const names[] = { [FORMAT_GRID] = "grid", [FORMAT_MOVES] = "moves", [FORMAT_JSON] = "json" };
	for (int f = 0; f < 3; f++)
		if (strcmp(arg, names[f]) == 0) {
			*(enum format *)to = f;
			return 0;
		}
	snprintf(err, errlen, _("bad format '%s': use grid, moves or json"), arg);
	return -1;
}

/* What makes parts mergeable: the variant and the lit cells (board), and
 * the solution and quiet patterns the combinations are numbered from
 * (system; another version of the solver may choose other ones). */
static uint64_t board_digest(const board *b, const rule *r, bool fwd)
{
	char head[sizeof r->name + 64];
	int len = snprintf(head, sizeof head, "%dx%d k=%d %s%s%s", b->rows, b->cols, b->k, r->name,
			   r->torus ? " torus" : "", fwd ? " forward-only" : "");
	uint64_t h = partfile_digest(PARTFILE_DIGEST_START, head, (size_t)len);
	return partfile_digest(h, b->cells, (size_t)board_size(b));
}

static uint64_t system_digest(const lo_system *s, const uint8_t *x0)
{
	size_t n = (size_t)system_unknowns(s);
	uint64_t h = partfile_digest(PARTFILE_DIGEST_START, x0, n);
	for (int g = 0; g < system_nullity(s); g++) {
		uint8_t o = (uint8_t)system_kernel_order(s, g);
		h = partfile_digest(h, &o, 1);
		h = partfile_digest(h, system_kernel(s, g), n);
	}
	return h;
}

/* Part I/N of the search from x (the solver's solution): x becomes the
 * part's best, and pf its block.  0, or -1 with err. */
static int search_part(const board *b, const rule *r, const lo_system *s, uint8_t *x, bool fwd, double limit,
		       int threads, uint64_t part, uint64_t parts, partfile *pf, char *err, size_t errlen)
{
	uint64_t total = search_combinations(s);
	if (total == 0 && !system_has_kernel(s)) {
		/* TRANSLATORS: the English says "patterns" for any count. */
		snprintf(err, errlen, P_("%d quiet patterns are too large to keep: no search to split",
					 "%d quiet patterns are too large to keep: no search to split", system_nullity(s)),
			 system_nullity(s));
		return -1;
	}
	if (total == 0) {
		/* TRANSLATORS: the English says "patterns" for any count. */
		snprintf(err, errlen, P_("%d quiet patterns span more than 2^62 combinations: too many to search, "
					 "split or not",
					 "%d quiet patterns span more than 2^62 combinations: too many to search, "
					 "split or not", system_nullity(s)), system_nullity(s));
		return -1;
	}
	search_ctl ctl = { .forward_only = fwd, .ranged = true, .threads = threads };
	if (search_part_range(s, part, parts, &ctl.first, &ctl.last) != LO_OK) {
		/* TRANSLATORS: the count is the %llu of combinations (and of
		 * parts: the same number); the English says "patterns" for
		 * any count of them. */
		snprintf(err, errlen, P_("--part %llu/%llu: the board's solutions are only %llu combination of %d quiet "
					 "patterns: use at most %llu part",
					 "--part %llu/%llu: the board's solutions are only %llu combinations of %d quiet "
					 "patterns: use at most %llu parts", total),
			 (unsigned long long)part, (unsigned long long)parts, (unsigned long long)total,
			 system_nullity(s), (unsigned long long)total);
		return -1;
	}
	*pf = (partfile){ .rows = b->rows, .cols = b->cols, .k = b->k, .torus = r->torus, .forward_only = fwd,
			  .board_digest = board_digest(b, r, fwd), .system_digest = system_digest(s, x),
			  .nullity = system_nullity(s), .combinations = total, .part = part, .parts = parts,
			  .first = ctl.first, .last = ctl.last };
	snprintf(pf->rule, sizeof pf->rule, "%s", r->name);
	/* Without --time-limit, a part too big for about a minute stops
	 * after 10 s, as a whole search does. */
	if (limit == 0 && log2((double)(ctl.last - ctl.first)) > search_minute_log2(s)) {
		limit = DEFAULT_LIMIT;
		fprintf(stderr, P_("lightsout solve: part %llu/%llu holds %llu combination: searching for %g s "
				   "(--time-limit sets how long)\n",
				   "lightsout solve: part %llu/%llu holds %llu combinations: searching for %g s "
				   "(--time-limit sets how long)\n", ctl.last - ctl.first),
			(unsigned long long)part, (unsigned long long)parts,
			(unsigned long long)(ctl.last - ctl.first), limit);
	}
	ctl.time_limit = limit;
	progress ps;
	/* TRANSLATORS: a progress line on the terminal: "searching:  40.0%  1.2M combinations/s ..." */
	progress_start(&ps, _("searching"), _("combinations"), (double)(ctl.last - ctl.first));
	if (ps.tty) {
		ctl.progress = show_progress;
		ctl.ctx = &ps;
	}
	search_result res;
	search_minimal(s, x, &ctl, &res);
	progress_clear(&ps);
	pf->x = x;
	pf->searched = res.covered;
	pf->finished = res.optimal;
	pf->weight = res.weight;
	pf->lower_bound = res.optimal ? res.weight : res.lower_bound;
	if (res.optimal)
		fprintf(stderr, P_("lightsout solve: part %llu/%llu, combinations %llu to %llu of %llu: at best %d press "
				   "(%.2f s)\n",
				   "lightsout solve: part %llu/%llu, combinations %llu to %llu of %llu: at best %d presses "
				   "(%.2f s)\n", res.weight),
			(unsigned long long)part, (unsigned long long)parts, (unsigned long long)ctl.first,
			(unsigned long long)(ctl.last - 1), (unsigned long long)total, res.weight, res.seconds);
	else
		/* TRANSLATORS: %s says why the search stopped ("time limit
		 * reached", or out of memory). */
		fprintf(stderr, P_("lightsout solve: part %llu/%llu, combinations %llu to %llu of %llu: %s after %llu: "
				   "best found %d press, not finished (at least %d)\n",
				   "lightsout solve: part %llu/%llu, combinations %llu to %llu of %llu: %s after %llu: "
				   "best found %d presses, not finished (at least %d)\n", res.weight),
			(unsigned long long)part, (unsigned long long)parts, (unsigned long long)ctl.first,
			(unsigned long long)(ctl.last - 1), (unsigned long long)total,
			res.status.code == LO_TIMED_OUT ? _("time limit reached") : lo_status_text(&res.status),
			(unsigned long long)(res.covered - ctl.first), res.weight, res.lower_bound);
	return 0;
}

/* lightsout solve --merge: the parts from the files (or standard input),
 * checked, and the lightest solution printed as solve prints one. */
static int merge(int nfiles, char **files, enum format fmt)
{
	partfile *parts = NULL;
	int count = 0, status = EXIT_USAGE;
	char *stdin_name = "<stdin>";
	char *dash[] = { "-" };
	if (nfiles == 0) {
		nfiles = 1;
		files = dash;
	}
	progress pr;
	progress_start(&pr, _("merging"), _("parts"), nfiles);
	for (int i = 0; i < nfiles; i++) {
		char extra[48];
		/* TRANSLATORS: the English says "files" for any count. */
		snprintf(extra, sizeof extra, P_("%d of %d files read", "%d of %d files read", nfiles), i, nfiles);
		progress_show(&pr, (double)i / nfiles, extra);
		bool in = strcmp(files[i], "-") == 0;
		const char *name = in ? stdin_name : files[i];
		FILE *f = in ? stdin : fopen(files[i], "r");
		if (!f) {
			progress_clear(&pr);
			/* notext: the command's name before a message said elsewhere */
			fprintf(stderr, "lightsout solve: %s: %s\n", name, strerror(errno));
			goto out;
		}
		size_t len;
		char *text = readall(f, SIZE_MAX, &len);
		int e = errno;
		if (!in)
			fclose(f);
		if (!text) {
			progress_clear(&pr);
			/* notext: the command's name before a message said elsewhere */
			fprintf(stderr, "lightsout solve: %s: %s\n", name, e == ENOMEM ? _("out of memory") : strerror(e));
			goto out;
		}
		partfile_error pe;
		int rc = partfile_parse(text, len, name, &parts, &count, &pe);
		free(text);
		if (rc < 0) {
			progress_clear(&pr);
			if (pe.line && pe.col)
				/* notext: the command's name before a message said elsewhere */
				fprintf(stderr, "lightsout solve: %s:%d:%d: %s\n", name, pe.line, pe.col, pe.msg);
			else if (pe.line)
				/* notext: the command's name before a message said elsewhere */
				fprintf(stderr, "lightsout solve: %s:%d: %s\n", name, pe.line, pe.msg);
			else
				/* notext: the command's name before a message said elsewhere */
				fprintf(stderr, "lightsout solve: %s: %s\n", name, pe.msg);
			goto out;
		}
	}
	progress_clear(&pr);
	partfile_merged m;
	char msg[512];
	if (partfile_merge(parts, count, &m, msg, sizeof msg) < 0) {
		/* notext: the command's name before a message said elsewhere */
		fprintf(stderr, "lightsout solve: %s\n", msg);
		goto out;
	}
	const partfile *b = m.best;
	if (m.optimal)
		fprintf(stderr, P_("lightsout solve: %d part covers all %llu combinations: %d presses, optimal\n",
				   "lightsout solve: %d parts cover all %llu combinations: %d presses, optimal\n", count),
			count, (unsigned long long)b->combinations, b->weight);
	else
		/* TRANSLATORS: the English says "parts" for any count. */
		fprintf(stderr, P_("lightsout solve: %d of the %d parts did not finish (%s:%d, part %llu/%llu, searched "
				   "%llu of %llu): best found %d presses, not proven minimal (at least %d)\n",
				   "lightsout solve: %d of the %d parts did not finish (%s:%d, part %llu/%llu, searched "
				   "%llu of %llu): best found %d presses, not proven minimal (at least %d)\n", count),
			m.unfinished, count, m.first_unfinished->source, m.first_unfinished->line,
			(unsigned long long)m.first_unfinished->part, (unsigned long long)m.first_unfinished->parts,
			(unsigned long long)(m.first_unfinished->searched - m.first_unfinished->first),
			(unsigned long long)(m.first_unfinished->last - m.first_unfinished->first), b->weight,
			m.lower_bound);
	int n = b->rows * b->cols;
	if (fmt == FORMAT_GRID)
		boardio_write_cells(stdout, b->x, b->rows, b->cols);
	else if (fmt == FORMAT_MOVES)
		print_moves(b->x, b->rows, b->cols, b->k, b->forward_only,
			    b->rows == 1 && rule_name_is_graph(b->rule), b->weight);
	else {
		printf("{\"size\":\"%dx%d\",\"rows\":%d,\"cols\":%d,\"rule\":\"%s\",\"torus\":%s,\"k\":%d,"
		       "\"solvable\":true,\"presses\":",
		       b->rows, b->cols, b->rows, b->cols, b->rule, b->torus ? "true" : "false", b->k);
		outbuf o;
		outbuf_open(&o, stdout);
		solutionio_put_json_presses(&o, b->x, b->rows, b->cols, b->k, b->forward_only);
		outbuf_close(&o);
		printf(",\"weight\":%d,\"optimal\":%s,\"lower_bound\":%d,\"rank\":%d,\"nullity\":%d,"
		       "\"solutions\":\"%llu\",\"parts\":%d}\n",
		       b->weight, m.optimal ? "true" : "false", m.lower_bound, n - b->nullity, b->nullity,
		       (unsigned long long)b->combinations, count);
	}
	status = 0;
out:
	partfile_free(parts, count);
	return status;
}

static board *read_board(common_opts *o, const char *path, rule *r, bitboard **bits, char *err, size_t errlen);
static board *unpack(bitboard *bits, const rule *r, bool part);
static int solve_board(const common_opts *o, const rule *r, board *b, enum format fmt, bool any, double limit,
		       int threads, uint64_t part, uint64_t parts);

int cmd_solve(int argc, char **argv)
{
	common_opts o;
	enum format fmt = FORMAT_GRID;
	bool any = false, merging = false, verbose = false;
	const char *threads_arg = NULL, *threads_from, *code = NULL;
	int threads, first;
	uint64_t part[2] = { 0, 0 };	/* --part I/N */
	double limit = 0;
	char err[256];
	const option_spec specs[] = {
		/* TRANSLATORS: an option's help in --help, after the option at
		 * column 25: a line each "\n", at most 55 columns a line. */
		{ "code", 0, OPTION_STRING, &code, .arg = "CODE", .help = N_("the board of a share code instead (its rule, k and\n"
									      "torus); --code @FILE reads it from FILE, --code -\n"
									      "from standard input") },
		{ "size", 's', OPTION_COMMON, .arg = "RxC", .help = N_("the size the board must have") },
		OPTIONS_SHAPE_SPECS,
		{ "forward-only", 0, OPTION_COMMON, .help = N_("count only forward presses (k > 2)") },
		{ "format", 'f', OPTION_PARSE, &fmt, .arg = "FORMAT", .help = N_("grid (default), moves or json"),
		  .parse = parse_format },
		{ "any", 0, OPTION_FLAG, &any, .help = N_("any solution: skip the minimal search") },
		{ "time-limit", 't', OPTION_REAL, &limit, .arg = "SECS",
		  .help = N_("stop the minimal search after SECS (best found); without\n"
			     "it, searches too big to finish in about a minute stop\n"
			     "after 10 s"),
		  .lo = 0.001, .hi = 1e6, .bad = N_("bad time limit '%s': use seconds, e.g. 2.5") },
		{ "part", 0, OPTION_PARSE, part, .arg = "I/N", .help = N_("search only the I-th of N equal ranges of the quiet\n"
									  "patterns' combinations; print its best solution and a\n"
									  "block for --merge (parts can run on other machines)"),
		  .parse = parse_part },
		{ "merge", 0, OPTION_FLAG, &merging, .arg = "[FILE...]",
		  .help = N_("read the parts' blocks (files, or standard input) and\n"
			     "print the lightest solution: 'optimal' when every part\n"
			     "is there once and finished") },
		{ "threads", 0, OPTION_STRING, &threads_arg, .arg = "N",
		  .help = N_("search on N threads (1 to 64; LIGHTSOUT_THREADS=N\n"
			     "says it too); by default one per core this process\n"
			     "may use (its CPU affinity and cgroup CPU quota)") },
		{ "verbose", 0, OPTION_FLAG, &verbose, .help = N_("say on standard error how many threads, and why") },

		{ NULL },
	};
	const options_def d = { .cmd = "solve", .specs = specs, .common = &o, .operands = -1, .help = help };

	options_init(&o);
	o.size_from_board = true;
	o.max_side = 1 << 30;	/* --size checks a board file's: a giant one too */
	int status = options_run(&d, argc, argv, &first);
	if (status != OPTIONS_GO)
		return status;
	if (cores_threads(threads_arg, getenv("LIGHTSOUT_THREADS"), &threads, &threads_from, err, sizeof err) < 0)
		goto usage_error;
	if (verbose)
		/* TRANSLATORS: %s is where the count came from: --threads,
		 * LIGHTSOUT_THREADS or "detected". */
		fprintf(stderr, P_("lightsout solve: %d thread (%s)\n", "lightsout solve: %d threads (%s)\n", threads),
			threads, _(threads_from));
	if (part[0] && (any || merging || fmt == FORMAT_JSON)) {
		/* notext: the option that conflicts, by its name */
		const char *json = "--format json";
		snprintf(err, sizeof err, _("--part searches and prints its block: not with %s"),
			 any ? "--any" : merging ? "--merge" : json);



		goto usage_error;
	}
	if (merging && any) {
		snprintf(err, sizeof err, "%s", _("--merge reads parts of a search: not with --any"));
		goto usage_error;
	}
	if (merging && (o.size_set || o.k_set || o.v.torus || o.v.forward_only || o.rule_spec != o.v.rule || o.shape ||
			o.graph_path || limit > 0)) {
		snprintf(err, sizeof err, "%s", _("--merge takes the board and its options from the parts: give only the "
						  "part files (and --format)"));
		goto usage_error;
	}
	if (merging && code) {
		snprintf(err, sizeof err, "%s", _("--merge reads parts of a search: not with --code"));
		goto usage_error;
	}
	if (merging)
		return merge(argc - first, argv + first, fmt);
	if (first < argc - 1) {
		snprintf(err, sizeof err, "%s", _("one board file at most"));
		goto usage_error;
	}
	if (code && (first < argc || o.size_set || o.k_set || o.v.torus || o.v.forward_only ||
		     o.rule_spec != o.v.rule || o.shape || o.graph_path)) {
		snprintf(err, sizeof err, "%s", _("a share code is the board, its rule, k and torus: no board file, "
						  "--size, --rule, --grid, --board, --graph, -k, --torus or "
						  "--forward-only"));
		goto usage_error;
	}
	rule r;
	board *b;
	if (code) {
		sharecode sc;
		if (codearg_read(code, &sc, err, sizeof err) < 0) {
			/* notext: the command's name before a message said elsewhere */
			fprintf(stderr, "lightsout solve: %s\n", err);
			return EXIT_USAGE;
		}
		o.v = sc.v;
		options_keep_graph(sc.graph);	/* the variant points to it */
		sc.graph = NULL;
		b = sc.board;
		sc.board = NULL;
		sharecode_free(&sc);
		variant_rule(&o.v, &r);
	} else {
		bitboard *bits;
		b = read_board(&o, first < argc ? argv[first] : "-", &r, &bits, err, sizeof err);
		if (!b && !bits) {
			if (err[0])
				goto usage_error;
			return EXIT_USAGE;
		}
		/* A k = 2 board came at a bit a cell: the classic rule stays so
		 * to the end; others, and the split search, take bytes. */
		if (bits && !part[0] && bits->k == 2 && solve_bits_takes(&o, &r, bits, any))
			return solve_bits_run(&r, bits, fmt, any, threads);
		/* k > 2 at ceil(log2 k) bits a cell, the classic rule's chase. */
		if (bits && !part[0] && bits->k > 2 && solve_zbits_takes(&o, &r, bits)) {
			int st = solve_zbits_run(&o, &r, &bits, fmt, any, threads);
			if (st != SOLVE_BITS_DECLINED)
				return st;
		}
		if (bits && !(b = unpack(bits, &r, part[0])))
			return EXIT_USAGE;
	}
	return solve_board(&o, &r, b, fmt, any, limit, threads, part[0], part[1]);

usage_error:
	return options_usage_error("solve", err);
}

/* A board read at a bit a cell as bytes, for the routes that take bytes,
 * within their reach (10^8 cells, sides of 10000); bits freed.  NULL
 * after a message. */
static board *unpack(bitboard *bits, const rule *r, bool part)
{
	int rows = bits->rows, cols = bits->cols;
	board *b = NULL;
	if (rows > VARIANT_MAX_SIDE || cols > VARIANT_MAX_SIDE) {
		char err[256];
		if (part)
			snprintf(err, sizeof err, _("%dx%d: --part splits the search of boards up to %dx%d"), rows, cols,
				 VARIANT_MAX_SIDE, VARIANT_MAX_SIDE);
		else
			system_limit_message(rows, cols, r, bits->k, err, sizeof err);
		/* notext: the command's name before a message said elsewhere */
		fprintf(stderr, "lightsout solve: %s\n", err);
	} else if (!(b = bitboard_to_board(bits)))
		fprintf(stderr, _("lightsout solve: out of memory for a %dx%d board\n"), rows, cols);
	bitboard_free(bits);
	return b;
}

/* The board of FILE (or "-"), its variant line and patterns taken into o
 * and r; a k = 2 board in *bits instead, at a bit a cell, as large as the
 * memory holds.  NULL (*bits too) after a message: on stderr, or in err
 * for a usage error. */
static board *read_board(common_opts *o, const char *path, rule *r, bitboard **bits, char *err, size_t errlen)
{
	*bits = NULL;
	err[0] = '\0';
	if (options_finish(o, r, err, errlen) < 0)
		return NULL;

	FILE *f = strcmp(path, "-") == 0 ? stdin : fopen(path, "r");
	if (!f) {
		/* notext: the command's name before a message said elsewhere */
		fprintf(stderr, "lightsout solve: %s: %s\n", path, strerror(errno));
		return NULL;
	}
	const char *name = f == stdin ? "<stdin>" : path;
	board *b;
	solve_bits_limit lim;
	solve_bits_limit_init(&lim);
	boardfile_status st = boardfile_read_big(f, name, o, r, &lim.big, &b, bits, err, errlen);
	if (f != stdin)
		fclose(f);
	if (st == BOARDFILE_SIZE) {
		fprintf(stderr, _("lightsout solve: --size %dx%d but the board is %dx%d\n"), o->v.rows, o->v.cols,
			b ? b->rows : (*bits)->rows, b ? b->cols : (*bits)->cols);
		board_free(b);
		bitboard_free(*bits);
		*bits = NULL;
		return NULL;
	}
	if (st == BOARDFILE_BAD) {
		/* notext: the command's name before a message said elsewhere */
		fprintf(stderr, "lightsout solve: %s\n", err);
		err[0] = '\0';
	}
	return b;
}

/* Solve board b of variant o (rule r) and print the answer as fmt says;
 * b is freed.  The exit status. */
static int solve_board(const common_opts *o, const rule *r, board *b, enum format fmt, bool any, double limit,
		       int threads, uint64_t part, uint64_t parts)
{
	char err[256];
	if (rule_check_shape(r, b->rows, b->cols, err, sizeof err) != LO_OK) {
		/* notext: the command's name before a message said elsewhere */
		fprintf(stderr, "lightsout solve: %s\n", err);
		board_free(b);
		return EXIT_USAGE;
	}
	lo_system *s;
	system_ctl sc = { .threads = threads };
	if (system_create_ctl(b->rows, b->cols, r, b->k, &sc, &s) == LO_TOO_LARGE) {
		system_limit_message(b->rows, b->cols, r, b->k, err, sizeof err);
		/* notext: the command's name before a message said elsewhere */
		fprintf(stderr, "lightsout solve: %s\n", err);
		board_free(b);
		return EXIT_USAGE;
	}
	int n = board_size(b);
	uint8_t *x = boardio_cells_alloc((size_t)n), *cert = malloc((size_t)n);
	if (!s || !x || !cert) {
		fprintf(stderr, _("lightsout solve: out of memory for a %dx%d board\n"), b->rows, b->cols);
		free(x);
		free(cert);
		system_free(s);
		board_free(b);
		return EXIT_USAGE;
	}
	int status = 0;
	search_result res = { 0 };
	lo_result st = system_solve(s, b->cells, x, cert);
	if (st == LO_NOMEM) {
		fprintf(stderr, _("lightsout solve: out of memory solving a %dx%d board\n"), b->rows, b->cols);
		free(x);
		free(cert);
		system_free(s);
		board_free(b);
		return EXIT_USAGE;
	}
	bool solvable = st == LO_OK;
	partfile pf = { 0 };
	if (solvable && part) {
		if (search_part(b, r, s, x, o->v.forward_only, limit, threads, part, parts, &pf, err, sizeof err) < 0) {
			/* notext: the command's name before a message said elsewhere */
			fprintf(stderr, "lightsout solve: %s\n", err);
			free(x);
			free(cert);
			system_free(s);
			board_free(b);
			return EXIT_USAGE;
		}
		res.weight = pf.weight;
	} else if (solvable) {
		if (any) {
			res.weight = search_weight(x, n, b->k, o->v.forward_only);
			res.optimal = system_nullity(s) == 0;
		} else {
			double log2_space = 0;
			for (int i = 0; i < system_nullity(s); i++)
				log2_space += log2(system_kernel_order(s, i));
			/* Without --time-limit, search exhaustively only what finishes in
			 * about a minute. */
			bool too_big = log2_space > search_minute_log2(s);
			/* Without the patterns kept there is no search to announce:
			 * that is said once, below. */
			if (limit == 0 && too_big && system_has_kernel(s)) {
				limit = DEFAULT_LIMIT;
				char span[128];
				span_text(s, span, sizeof span);
				/* TRANSLATORS: the English says "patterns" for any count;
				 * %s is a count of solutions as powers ("2^4 x 4^6"). */
				fprintf(stderr, P_("lightsout solve: %d quiet patterns span %s solutions: searching for %g s "
						   "(--time-limit sets how long)\n",
						   "lightsout solve: %d quiet patterns span %s solutions: searching for %g s "
						   "(--time-limit sets how long)\n", system_nullity(s)),
					system_nullity(s), span, limit);
			}
			progress ps;
			progress_start(&ps, _("searching"), _("combinations"), log2_space < 1000 ? exp2(log2_space) : 0);
			search_ctl ctl = { .time_limit = limit, .forward_only = o->v.forward_only, .threads = threads };
			if (ps.tty) {
				ctl.progress = show_progress;
				ctl.ctx = &ps;
			}
			search_minimal(s, x, &ctl, &res);
			progress_clear(&ps);
			if (res.status.code == LO_TOO_LARGE)
				fprintf(stderr, P_("lightsout solve: %d quiet patterns are too large to search: the solution "
						   "may not be minimal\n",
						   "lightsout solve: %d quiet patterns are too large to search: the solution "
						   "may not be minimal\n", system_nullity(s)),
					system_nullity(s));
			else if (res.status.code == LO_NOMEM)
				fprintf(stderr, P_("lightsout solve: %s: best found %d press, not proven minimal (at least %d)\n",
						   "lightsout solve: %s: best found %d presses, not proven minimal (at least %d)\n",
						   res.weight),
					lo_status_text(&res.status), res.weight, res.lower_bound);
			else if (!res.optimal)
				fprintf(stderr, P_("lightsout solve: time limit reached: best found %d press, not proven "
						   "minimal (at least %d)\n",
						   "lightsout solve: time limit reached: best found %d presses, not proven "
						   "minimal (at least %d)\n", res.weight),
					res.weight, res.lower_bound);

		}
	} else {
		status = EXIT_UNSOLVABLE;
		print_certificate(b, r, cert);
	}

	if (fmt == FORMAT_JSON)
		print_json(b, r, x, solvable, &res, o->v.forward_only, s, cert);
	else if (solvable && fmt == FORMAT_GRID)
		boardio_write_cells(stdout, x, b->rows, b->cols);
	else if (solvable)
		print_moves(x, b->rows, b->cols, b->k, o->v.forward_only,
			    variant_shape_of(&o->v) == SHAPE_GRAPH && b->rows == 1, res.weight);
	/* After the solution: the block --merge reads. */
	if (solvable && part)
		partfile_write(stdout, &pf);
	free(x);
	free(cert);
	system_free(s);
	board_free(b);
	return status;	/* main checks that the output was written */

}
