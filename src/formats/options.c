/* The common options and the option runner (options.h). */
#include "base/seed.h"
#include "formats/options.h"
#include "formats/boardio.h"

#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "config.h"
#include "formats/graphio.h"
#include "formats/lang.h"
#include "formats/output.h"
#include "i18n.h"

/* Edits (insert, delete, change) from a to b, capped at 9. */
static int edits(const char *a, const char *b)
{
	int n = (int)strlen(a), m = (int)strlen(b);
	if (n > 40 || m > 40)
		return 9;
	int row[41];
	for (int j = 0; j <= m; j++)
		row[j] = j;
	for (int i = 1; i <= n; i++) {
		int diag = row[0];
		row[0] = i;
		for (int j = 1; j <= m; j++) {
			int up = row[j], best = diag + (a[i - 1] != b[j - 1]);
			best = up + 1 < best ? up + 1 : best;
			best = row[j - 1] + 1 < best ? row[j - 1] + 1 : best;
			diag = up;
			row[j] = best;
		}
	}
	return row[m] < 9 ? row[m] : 9;
}

int options_usage_error(const char *cmd, const char *msg)
{
	fprintf(stderr, "lightsout %s: %s\n", cmd, msg);
	/* TRANSLATORS: %s is a command (solve, play ...); keep 'lightsout %s --help' as it is. */
	fprintf(stderr, _("Try 'lightsout %s --help'.\n"), cmd);
	return EXIT_USAGE;
}

/* The usage error for an option getopt refused (arg as given):
 * "unknown or incomplete option '--sise': did you mean '--size'?", the
 * nearest of longopts (by edits, or a prefix) when one is near. */
static int options_unknown(const char *cmd, const struct option *longopts, const char *arg)
{
	const char *best = NULL;
	int least = 3;
	if (arg && strncmp(arg, "--", 2) == 0 && arg[2]) {
		char word[64];
		snprintf(word, sizeof word, "%.*s", (int)strcspn(arg + 2, "="), arg + 2);
		for (const struct option *o = longopts; o->name; o++) {
			int e = edits(word, o->name);
			if (strlen(word) >= 3 && strncmp(o->name, word, strlen(word)) == 0)
				e = 1;
			/* The option itself, its value left out: no "did you mean" it. */
			if (strcmp(word, o->name) == 0 && !strchr(arg, '=')) {
				best = NULL;
				break;
			}
			if (e < least)
				least = e, best = o->name;
		}
	}
	char err[300];
	if (best)
		snprintf(err, sizeof err, _("unknown or incomplete option '%s': did you mean '--%s'?"), arg, best);
	else
		snprintf(err, sizeof err, _("unknown or incomplete option '%s'"), arg ? arg : "?");
	return options_usage_error(cmd, err);
}

void options_init(common_opts *o)
{
	memset(o, 0, sizeof *o);
	variant_default(&o->v);
	o->rule_spec = o->v.rule;
}

int options_parse_int(const char *s, long lo, long hi, long *out)
{
	char *end;
	errno = 0;
	long v = strtol(s, &end, 10);
	if (errno || end == s || *end || v < lo || v > hi)
		return -1;
	*out = v;
	return 0;
}

static int options_parse_double(const char *s, double lo, double hi, double *out)
{
	char *end;
	errno = 0;
	double v = strtod(s, &end);
	if (errno || end == s || *end || !(v >= lo && v <= hi))
		return -1;
	*out = v;
	return 0;
}

static int parse_side(const char *s, size_t len, long max, int *out)
{
	char buf[16];
	long v;
	if (len == 0 || len >= sizeof buf)
		return -1;
	memcpy(buf, s, len);
	buf[len] = '\0';
	if (options_parse_int(buf, 1, max, &v) < 0)
		return -1;
	*out = (int)v;
	return 0;
}

/* "RxC", "N", and with allow_range "A-B" (square sizes A..B). */
static int options_parse_size(const char *s, common_opts *o, bool allow_range, char *err, size_t errlen)
{
	const char *x = strpbrk(s, "xX"), *dash = strchr(s, '-');
	long max = o->max_side ? o->max_side : VARIANT_MAX_SIDE;
	if (x && !dash) {
		if (parse_side(s, (size_t)(x - s), max, &o->v.rows) == 0 && parse_side(x + 1, strlen(x + 1), max, &o->v.cols) == 0)
			goto single;
	} else if (dash && !x && allow_range) {
		if (parse_side(s, (size_t)(dash - s), VARIANT_MAX_SIDE, &o->v.rows) == 0 &&
		    parse_side(dash + 1, strlen(dash + 1), VARIANT_MAX_SIDE, &o->rows_hi) == 0 && o->v.rows <= o->rows_hi) {
			o->v.cols = o->v.rows;
			o->cols_hi = o->rows_hi;
			o->size_is_range = true;
			o->size_set = true;
			return 0;
		}
	} else if (!x && !dash && parse_side(s, strlen(s), max, &o->v.rows) == 0) {
		o->v.cols = o->v.rows;
		goto single;
	}
	if (allow_range)
		snprintf(err, errlen, _("bad size '%s': use RxC or N (1 to %ld), or a range A-B"), s, max);
	else
		snprintf(err, errlen, _("bad size '%s': use RxC or N (1 to %ld)"), s, max);
	return -1;
single:
	o->rows_hi = o->v.rows;
	o->cols_hi = o->v.cols;
	o->size_is_range = false;
	o->size_set = true;
	return 0;
}

/* The options every command with a board takes, as getopt's table. */
static const struct option common_long[] = {
	{ "size", required_argument, NULL, 's' },
	{ "rule", required_argument, NULL, 'r' },
	{ "grid", required_argument, NULL, 'G' },
	{ "board", required_argument, NULL, 'B' },
	{ "graph", required_argument, NULL, 'g' },
	{ "torus", no_argument, NULL, 'T' },
	{ "states", required_argument, NULL, 'k' },
	{ "forward-only", no_argument, NULL, 'F' },
	{ "seed", required_argument, NULL, 'S' },
	{ "help", no_argument, NULL, 'h' },
	{ "version", no_argument, NULL, 'V' },
	{ NULL, 0, NULL, 0 },
};
/* Their short spellings (the others' val is only a name for the switch). */
#define COMMON_LETTERS "srkh"

static const struct option *common_find(const char *name)
{
	for (const struct option *c = common_long; c->name; c++)
		if (strcmp(c->name, name) == 0)
			return c;
	return NULL;
}

int options_common(common_opts *o, const char *name, const char *arg, bool allow_range, char *err, size_t errlen)
{
	long v;
	const struct option *c = common_find(name);
	switch (c ? c->val : 0) {
	case 's':
		return options_parse_size(arg, o, allow_range, err, errlen) < 0 ? -1 : 1;
	case 'r':
		o->rule_spec = arg;
		return 1;
	case 'G': {
		/* A grid is square (no rule of its own) or a rule of that kind. */
		const rule_entry *e = rule_entry_find(arg);
		if (strcmp(arg, "square") != 0 && !(e && e->kind == RULE_HEX)) {
			snprintf(err, errlen, _("bad grid '%s': use square or hex"), arg);
			return -1;
		}
		o->shape = e ? e->name : NULL;
		return 1;
	}
	case 'B': {
		/* A board is a rule with one size of its own. */
		const rule_entry *e = rule_entry_find(arg);
		int rows, cols;
		if (!e || !rule_kind_size(e->kind, &rows, &cols)) {
			snprintf(err, errlen, _("bad board '%s': use merlin or cube"), arg);
			return -1;
		}
		o->shape = e->name;
		return 1;
	}
	case 'g':
		o->graph_path = arg;
		return 1;
	case 'T':
		o->v.torus = true;
		return 1;
	case 'k':
		if (options_parse_int(arg, VARIANT_MIN_K, VARIANT_MAX_K, &v) < 0) {
			snprintf(err, errlen, _("bad number of states '%s': use %d to %d"), arg, VARIANT_MIN_K, VARIANT_MAX_K);
			return -1;
		}
		o->v.k = (int)v;
		o->k_set = true;
		return 1;
	case 'F':
		o->v.forward_only = true;
		return 1;
	case 'S': {
		char *end;
		errno = 0;
		unsigned long long s = strtoull(arg, &end, 10);
		if (errno || end == arg || *end || arg[0] == '-') {
			snprintf(err, errlen, _("bad seed '%s': use a non-negative integer"), arg);
			return -1;
		}
		o->seed = s;
		o->seed_set = true;
		return 1;
	}
	case 'h':
		o->help = true;
		return 1;
	case 'V':
		o->version = true;
		return 1;
	}
	return 0;
}

/* The graph of --graph, a board file's patterns or a share code: kept for
 * the whole process (the variant and every rule point to it). */
static graph *the_graph;

void options_keep_graph(graph *g)
{
	graph_free(the_graph);
	the_graph = g;
}

static int load_graph(common_opts *o, char *err, size_t errlen)
{
	FILE *f = strcmp(o->graph_path, "-") == 0 ? stdin : fopen(o->graph_path, "r");
	if (!f) {
		snprintf(err, errlen, "%s: %s", o->graph_path, strerror(errno));
		return -1;
	}
	boardio_error be;
	graph *g = graphio_read(f, &be);
	if (f != stdin)
		fclose(f);
	if (!g) {
		if (be.line)
			snprintf(err, errlen, "%s:%d:%d: %s", o->graph_path, be.line, be.col, be.msg);
		else
			snprintf(err, errlen, "%s: %s", o->graph_path, be.msg);
		return -1;
	}
	options_keep_graph(g);
	bool torus = o->v.torus;
	variant_set_graph(&o->v, g);
	o->v.torus = torus;	/* refused below, with the reason */
	return 0;
}

/* Every size of the range fits the rule (hex on a torus: even rows). */
static int check_sizes(const common_opts *o, char *err, size_t errlen)
{
	rule r;
	variant_rule(&o->v, &r);
	if (!o->size_is_range)
		return rule_check_shape(&r, o->v.rows, o->v.cols, err, errlen) == LO_OK ? 0 : -1;
	for (int n = o->v.rows; n <= o->rows_hi; n++)
		if (rule_check_shape(&r, n, n, err, errlen) != LO_OK)
			return -1;
	return 0;
}

int options_finish(common_opts *o, rule *r, char *err, size_t errlen)
{
	char spec[64];
	bool rule_given = o->rule_spec != o->v.rule;
	if (rule_given + (o->shape != NULL) + (o->graph_path != NULL) > 1) {
		snprintf(err, errlen, "%s", _("give one of --rule, --grid hex, --board and --graph"));
		return -1;
	}
	o->rule_chosen = rule_given || o->shape || o->graph_path;
	if (o->graph_path) {
		if (o->size_set) {
			snprintf(err, errlen, "%s", _("--graph gives the size: no --size"));
			return -1;
		}
		if (load_graph(o, err, errlen) < 0)
			return -1;
	} else if (o->shape) {
		o->rule_spec = o->shape;
		const rule_entry *e = rule_entry_find(o->shape);
		int rows, cols;
		if (!o->size_set && e && rule_kind_size(e->kind, &rows, &cols)) {
			o->v.rows = o->rows_hi = rows;
			o->v.cols = o->cols_hi = cols;
		}
	} else if (rule_name_wants_seed(o->rule_spec)) {
		/* A fresh pattern each time unless --seed says which. */
		uint64_t seed = o->seed_set ? o->seed : seed_fresh() % 1000000000u;
		snprintf(spec, sizeof spec, "random:%llu", (unsigned long long)seed);
		o->rule_spec = spec;
	}
	if (!o->size_set) {	/* the default size, or the board's own */
		o->rows_hi = o->v.rows;
		o->cols_hi = o->v.cols;
	}
	/* After the loop: --torus may follow --rule, and the rule depends on it. */
	if (o->rule_spec != o->v.rule && variant_set_rule(&o->v, o->rule_spec, err, errlen) != LO_OK)
		return -1;
	o->rule_spec = o->v.rule;
	/* A size the board file gives is checked against the rule once read. */
	if ((o->size_set || !o->size_from_board) && check_sizes(o, err, errlen) < 0)
		return -1;
	if (r)
		variant_rule(&o->v, r);
	return 0;
}

const char *options_scores_dir(const char *given, bool none)
{
	struct stat st;
	if (none)
		return NULL;
	if (given)
		return given;
	/* The built-in directory counts when something is there: a missing
	 * one means this host keeps no leaderboard, and nothing is said. */
	return SCORES_DIR[0] && lstat(SCORES_DIR, &st) == 0 ? SCORES_DIR : NULL;
}

/* The help's --rule line, "  -r, --rule NAME" then the registry's names
 * from column col, wrapped at 80 columns under themselves. */
static void options_help_rule(int col)
{
	char names[400];
	rule_help_names(names, sizeof names);
	int at = printf("  -r, --rule NAME");
	const char *p = names;
	while (*p) {
		printf("%*s", col > at ? col - at : 1, "");
		/* As many words as fit before column 80 (columns, not bytes: a
		 * translation's letters may take several). */
		int width = 79 - col, take = (int)text_fit(p, width), last_space = -1;
		for (int i = 0; i < take; i++)
			if (p[i] == ' ')
				last_space = i;
		if (p[take] && last_space > 0)
			take = last_space;
		printf("%.*s\n", take, p);
		p += take;
		while (*p == ' ')
			p++;
		at = 0;
	}
}

int options_parse_time(const char *s, long *secs)
{
	char num[24];
	size_t n = strlen(s);
	long unit = 60, v;
	if (n && strchr("smh", s[n - 1])) {
		unit = s[n - 1] == 's' ? 1 : s[n - 1] == 'm' ? 60 : 3600;
		n--;
	}
	if (n < sizeof num)
		memcpy(num, s, n);
	num[n < sizeof num ? n : 0] = '\0';	/* too long: "", refused */
	if (options_parse_int(num, 0, OPTIONS_TIME_MAX / unit, &v) < 0)
		return -1;
	*secs = v * unit;
	return 0;
}

void options_time_words(long secs, char *buf, size_t len)
{
	if (secs % 60)
		snprintf(buf, len, P_("%ld second", "%ld seconds", secs), secs);
	else if (secs % 3600)
		snprintf(buf, len, P_("%ld minute", "%ld minutes", secs / 60), secs / 60);
	else
		snprintf(buf, len, P_("%ld hour", "%ld hours", secs / 3600), secs / 3600);
}

/* One option's value into its place.  0, or -1 with err. */
static int option_take(const option_spec *o, const char *arg, char *err, size_t errlen)
{
	long l;
	double d;
	if (o->given)
		*o->given = true;
	switch (o->kind) {
	case OPTION_FLAG:
		*(bool *)o->to = true;
		return 0;
	case OPTION_STRING:
		*(const char **)o->to = arg;
		return 0;
	case OPTION_INT:
		if (options_parse_int(arg, (long)o->lo, (long)o->hi, &l) == 0) {
			*(int *)o->to = (int)l;
			return 0;
		}
		if (!o->bad)
			snprintf(err, errlen, _("--%s wants a whole number from %ld to %ld, not '%s'"), o->name, (long)o->lo,
				 (long)o->hi, arg);
		break;
	case OPTION_REAL:
		if (options_parse_double(arg, o->lo, o->hi, &d) == 0) {
			*(double *)o->to = d;
			return 0;
		}
		if (!o->bad)
			snprintf(err, errlen, _("bad --%s '%s': use %g to %g"), o->name, arg, o->lo, o->hi);
		break;
	case OPTION_TIME:
		if (options_parse_time(arg, (long *)o->to) == 0)
			return 0;
		if (!o->bad)
			/* TRANSLATORS: keep the units s, m and h (45s, 30m, 2h): they are what the option reads. */
			snprintf(err, errlen, _("bad --%s '%s': use minutes, or a number with s, m or h (45s, 30m, 2h), "
						"up to a week; 0 for never"), o->name, arg);
		break;
	case OPTION_PARSE:
		return o->parse(arg, o->to, err, errlen);
	case OPTION_COMMON:
		return 0;	/* options_run() gives it to options_common() */
	}
	if (o->bad)	/* the table's N_(): read in the player's language */
		snprintf(err, errlen, _(o->bad), arg);
	return -1;
}

/* An argument is optional when the help shows it as [=...]. */
static bool arg_optional(const option_spec *o)
{
	return o->arg && strncmp(o->arg, "[=", 2) == 0;
}

int options_run(const options_def *d, int argc, char **argv, int *first)
{
	/* getopt's tables from ours: an option's val is its letter, or
	 * SPEC + its index in specs, or COMMON + its index in common_long
	 * for a common one the table does not list. */
	enum { MAX_OPTIONS = 64, SPEC = 256, COMMON = SPEC + MAX_OPTIONS };	/* serve has the most, 20 */
	struct option longs[MAX_OPTIONS + sizeof common_long / sizeof common_long[0]];
	char shorts[3 * MAX_OPTIONS + 8];
	int nl = 0, ns = 0;
	if (d->flags & OPTIONS_STOP)
		shorts[ns++] = '+';
	shorts[ns++] = ':';	/* a missing value is told from an unknown option */
	for (int i = 0; d->specs[i].name && i < MAX_OPTIONS; i++) {
		const option_spec *o = &d->specs[i];
		const struct option *c = o->kind == OPTION_COMMON ? common_find(o->name) : NULL;
		int has = c ? c->has_arg : arg_optional(o) ? optional_argument
				 : o->kind == OPTION_FLAG ? no_argument : required_argument;
		longs[nl++] = (struct option){ o->name, has, NULL, o->letter ? o->letter : SPEC + i };
		if (o->letter) {
			shorts[ns++] = (char)o->letter;
			if (has != no_argument)
				shorts[ns++] = ':';
		}
	}
	for (int c = 0; d->common && common_long[c].name; c++) {
		bool listed = false;
		for (int i = 0; d->specs[i].name; i++)
			listed |= strcmp(d->specs[i].name, common_long[c].name) == 0;
		if (listed)
			continue;
		bool letter = strchr(COMMON_LETTERS, common_long[c].val) != NULL;
		longs[nl++] = (struct option){ common_long[c].name, common_long[c].has_arg, NULL,
					       letter ? common_long[c].val : COMMON + c };
		if (letter) {
			shorts[ns++] = (char)common_long[c].val;
			if (common_long[c].has_arg)
				shorts[ns++] = ':';
		}
	}
	longs[nl] = (struct option){ NULL, 0, NULL, 0 };
	shorts[ns] = '\0';

	char err[4400];
	bool help = false;
	int opt;
	opterr = 0;
	optind = 0;	/* 0, not 1: glibc reads the '+' of a second table afresh */
	while ((opt = getopt_long(argc, argv, shorts, longs, NULL)) != -1) {
		if (opt == '?' || opt == ':') {
			if (opt == ':' && d->flags & OPTIONS_MISSING) {
				snprintf(err, sizeof err, _("option '%s' needs a value"), argv[optind - 1]);
				return options_usage_error(d->cmd, err);
			}
			if (d->unknown) {
				snprintf(err, sizeof err, _(d->unknown), argv[optind - 1]);
				return options_usage_error(d->cmd, err);
			}
			return options_unknown(d->cmd, longs, argv[optind - 1]);
		}
		const option_spec *o = NULL;
		const char *name = NULL;
		if (opt >= COMMON)
			name = common_long[opt - COMMON].name;
		else if (opt >= SPEC)
			o = &d->specs[opt - SPEC];
		else {	/* a letter: the table's, else a common one's */
			for (int i = 0; !o && d->specs[i].name; i++)
				if (d->specs[i].letter == opt)
					o = &d->specs[i];
			for (int c = 0; !o && !name && common_long[c].name; c++)
				if (common_long[c].val == opt)
					name = common_long[c].name;
		}
		if (o)
			name = o->name;
		if (strcmp(name, "help") == 0) {
			help = true;
			if (o && o->given)
				*o->given = true;
			continue;
		}
		if (o && o->kind != OPTION_COMMON) {
			if (option_take(o, optarg, err, sizeof err) < 0)
				return options_usage_error(d->cmd, err);
			continue;
		}
		if (o && o->given)
			*o->given = true;
		if (options_common(d->common, name, optarg, d->flags & OPTIONS_RANGE, err, sizeof err) < 0)
			return options_usage_error(d->cmd, err);
	}
	if (help) {	/* after the options, so that a bad one is still refused */
		d->help(d);
		return 0;
	}
	if (d->operands >= 0 && argc - optind > d->operands) {
		snprintf(err, sizeof err, _("unexpected argument '%s'"), argv[optind + d->operands]);
		return options_usage_error(d->cmd, err);
	}
	*first = optind;
	return OPTIONS_GO;
}

void options_help(const option_spec *specs, int col)
{
	for (const option_spec *o = specs; o->name; o++) {
		if (!o->help)
			continue;
		if (strcmp(o->name, "rule") == 0 && o->kind == OPTION_COMMON) {
			options_help_rule(col);
			continue;
		}
		int at = o->letter ? printf("  -%c, --%s", o->letter, o->name) : printf("      --%s", o->name);
		if (o->arg)
			at += printf(arg_optional(o) ? "%s" : " %s", o->arg);
		if (at >= col) {	/* at least one space before the help */
			putchar('\n');
			at = 0;
		}
		/* The help's lines, each under the first: the table's N_() text
		 * in the player's language ("" is gettext's header: never asked). */
		for (const char *p = *o->help ? _(o->help) : ""; *p;) {

			size_t n = strcspn(p, "\n");
			printf("%*s%.*s\n", col - at, "", (int)n, p);
			at = 0;
			p += n + (p[n] == '\n');
		}
	}
}
