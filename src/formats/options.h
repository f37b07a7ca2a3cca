/* Every command's options: the ones common to the commands with a board
 * (and the game), and the one runner that parses a command's declared
 * table of options (options_run) and prints their help (options_help). */
#ifndef LO_OPTIONS_H
#define LO_OPTIONS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "engine/rule.h"
#include "engine/variant.h"
#include "i18n.h"

typedef struct common_opts {
	variant v;			/* its size is the first of a range */
	bool size_set;
	bool size_from_board;		/* no --size: a board file will give it (solve) */
	long max_side;			/* --size's largest side; 0: VARIANT_MAX_SIDE (giant boards: more) */
	int rows_hi, cols_hi;		/* last size (== first unless a range) */
	bool size_is_range;
	const char *rule_spec;		/* as given: options_finish() reads it */
	const char *shape;		/* --grid hex, --board merlin|cube: a rule and a size */
	const char *graph_path;		/* --graph FILE */
	bool rule_chosen;		/* --rule, --grid, --board or --graph (options_finish) */
	bool k_set;
	bool seed_set;
	uint64_t seed;
	bool help, version;
} common_opts;

void options_init(common_opts *o);

/* A usage error of command cmd: "lightsout CMD: MSG" then "Try 'lightsout
 * CMD --help'." on stderr.  Returns EXIT_USAGE, the exit status. */
int options_usage_error(const char *cmd, const char *msg);

/* One common option by its long name.  Returns 1 when it was a common
 * option, 0 when not, -1 on a bad value (message in err). */
int options_common(common_opts *o, const char *name, const char *arg, bool allow_range, char *err, size_t errlen);

/* After the last option: the rule spec read into o->v (once), and its
 * offsets into r unless r is NULL.  "random" takes --seed (or the clock)
 * as random:SEED; --board and --grid choose a rule (and merlin, cube their
 * size); --graph reads the file into a graph that lives as long as the
 * process.  The rule is checked against every size given.  Returns 0, or
 * -1 with err (a graph file's errors as FILE:LINE:COL: ...). */
int options_finish(common_opts *o, rule *r, char *err, size_t errlen);

/* g (or NULL) becomes the one graph kept as long as the process, in place
 * of the one kept before (which nothing may point to any more). */
void options_keep_graph(graph *g);

/* A decimal integer in [lo, hi]. */
int options_parse_int(const char *s, long lo, long hi, long *out);

/* A time such as --idle's: N minutes, or N with a unit (45s, 30m, 2h), up
 * to a week; 0 for never.  0 with the seconds, or -1. */
#define OPTIONS_TIME_MAX (7L * 24 * 3600)
int options_parse_time(const char *s, long *secs);
/* "30 minutes", "45 seconds", "1 hour": a time in words. */
void options_time_words(long secs, char *buf, size_t len);

/* A number in a help text: OPTIONS_SHOW(HOST_GUESTS) is "50". */
#define OPTIONS_SHOW(n) OPTIONS_SHOW_(n)
#define OPTIONS_SHOW_(n) #n

/* A command's options, declared once: each its names, its kind of
 * argument, where the value goes and its help.  options_run() parses argv
 * from the table with the messages every command gives, and
 * options_help() prints the options' part of --help from it. */
typedef enum option_kind {
	OPTION_FLAG,		/* bool *to: true */
	OPTION_STRING,		/* const char **to: the argument as given */
	OPTION_INT,		/* int *to: an integer from lo to hi */
	OPTION_REAL,		/* double *to: a number from lo to hi */
	OPTION_TIME,		/* long *to: seconds, as options_parse_time() reads them */
	OPTION_PARSE,		/* parse(arg, to, err, errlen): 0, or -1 with err */
	OPTION_COMMON,		/* a common option (options_common): into the run's common_opts */
} option_kind;

typedef struct option_spec {
	const char *name;	/* --NAME; NULL ends the table */
	int letter;		/* -L, or 0 */
	option_kind kind;
	void *to;		/* where the value goes */
	const char *arg;	/* the argument as the help shows it ("N"; "[=ladder]": optional); NULL: none */
	const char *help;	/* the help's text, a line each "\n", marked N_() (printed through _());
				 * NULL: not listed (a spelling, --version) */
	double lo, hi;		/* OPTION_INT's and OPTION_REAL's bounds */
	const char *bad;	/* a refused value's message, the value for its %s, marked N_(); NULL: the kind's own */
	int (*parse)(const char *arg, void *to, char *err, size_t errlen);
	bool *given;		/* if not NULL: set when the option is given */
} option_spec;

enum {
	OPTIONS_RANGE = 1,	/* --size takes a range A-B */
	OPTIONS_STOP = 2,	/* options end at the first operand (serve's -- PLAY-OPTIONS) */
	OPTIONS_MISSING = 4,	/* a value left out is "option '--X' needs a value" (the game's word) */
};

typedef struct options_def {
	const char *cmd;		/* "analyze": messages say "lightsout analyze: ..." */
	const option_spec *specs;	/* up to { NULL } */
	common_opts *common;		/* the common options go here; NULL: the command has none */
	int flags;			/* OPTIONS_* */
	int operands;			/* how many at most; -1 any number */
	void (*help)(const struct options_def *d);	/* --help: prints it all, options_help() for the options */
	const char *unknown;		/* an option not in the table, the word for its %s (N_());
					 * NULL: "unknown or incomplete option", the nearest named */
} options_def;

/* The board's shape, --rule to --states, as solve, analyze and generate
 * list it (the game words its own: it draws the shapes). */
#define OPTIONS_SHAPE_SPECS \
	{ "rule", 'r', OPTION_COMMON, .help = "" }, \
	{ "grid", 0, OPTION_COMMON, .arg = "hex", .help = N_("hexagonal cells in offset rows, each with six neighbours") }, \
	{ "board", 0, OPTION_COMMON, .arg = "NAME", .help = N_("merlin (the 3x3 Magic Square) or cube (6 faces of 3x3)") }, \
	{ "graph", 0, OPTION_COMMON, .arg = "FILE", .help = N_("any press sets: 'graph N', then 'V: W W ...' per vertex") }, \
	{ "torus", 0, OPTION_COMMON, .help = N_("wrap around the edges") }, \
	{ "states", 'k', OPTION_COMMON, .arg = "K", .help = N_("cell values modulo K (2 to 36, default 2)") }

#define OPTIONS_GO (-1)
/* Parse argv (argv[0] the command) by d: every option not in d->specs
 * but common is taken too (when d->common), unlisted.  OPTIONS_GO with
 * *first the first operand, or the exit status: 0 after --help,
 * EXIT_USAGE after a usage error's message. */
int options_run(const options_def *d, int argc, char **argv, int *first);

/* The options of specs, one a line: "  -L, --NAME ARG" and the help from
 * column col (the next line when the name reaches it), its further lines
 * under it; --rule's from the registry (options_help_rule). */
void options_help(const option_spec *specs, int col);

/* The host's daily leaderboard directory: given (--scores DIR), else the
 * built-in one (configure --with-scores-dir, default /var/games/lightsout)
 * when something exists there; NULL for none (none: --no-scores). */
const char *options_scores_dir(const char *given, bool none);

#endif
