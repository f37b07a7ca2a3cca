/* Options common to every command (and the game). */
#ifndef LO_OPTIONS_H
#define LO_OPTIONS_H

#include <getopt.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "engine/rule.h"
#include "engine/variant.h"

enum {
	OPT_TORUS = 1000, OPT_FORWARD, OPT_SEED, OPT_HELP, OPT_VERSION, OPT_GRID, OPT_BOARD, OPT_GRAPH,
	OPT_FIRST_COMMAND		/* commands number their own options from here */
};

#define OPTIONS_COMMON_LONG \
	{ "size", required_argument, NULL, 's' }, \
	{ "rule", required_argument, NULL, 'r' }, \
	{ "grid", required_argument, NULL, OPT_GRID }, \
	{ "board", required_argument, NULL, OPT_BOARD }, \
	{ "graph", required_argument, NULL, OPT_GRAPH }, \
	{ "torus", no_argument, NULL, OPT_TORUS }, \
	{ "states", required_argument, NULL, 'k' }, \
	{ "forward-only", no_argument, NULL, OPT_FORWARD }, \
	{ "seed", required_argument, NULL, OPT_SEED }, \
	{ "help", no_argument, NULL, 'h' }, \
	{ "version", no_argument, NULL, OPT_VERSION }
#define OPTIONS_COMMON_SHORT "s:r:k:h"

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

/* The help's --rule line, "  -r, --rule NAME" then the registry's names
 * from column col, wrapped at 80 columns under themselves. */
void options_help_rule(int col);

/* A usage error of command cmd: "lightsout CMD: MSG" then "Try 'lightsout
 * CMD --help'." on stderr.  Returns EXIT_USAGE, the exit status. */
int options_usage_error(const char *cmd, const char *msg);

/* The usage error for an option getopt refused (arg as given):
 * "unknown or incomplete option '--sise': did you mean '--size'?", the
 * nearest of longopts (by edits, or a prefix) when one is near.  Returns
 * EXIT_USAGE. */
int options_unknown(const char *cmd, const struct option *longopts, const char *arg);

/* Handle one getopt_long result.  Returns 1 when it was a common option,
 * 0 when not, -1 on a bad value (message in err). */
int options_common(common_opts *o, int opt, const char *arg, bool allow_range, char *err, size_t errlen);

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
int options_parse_double(const char *s, double lo, double hi, double *out);

/* The host's daily leaderboard directory: given (--scores DIR), else the
 * built-in one (configure --with-scores-dir, default /var/games/lightsout)
 * when something exists there; NULL for none (none: --no-scores). */
const char *options_scores_dir(const char *given, bool none);

#endif
