/* Options common to every command (and the game). */
#ifndef LO_OPTIONS_H
#define LO_OPTIONS_H

#include <getopt.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "engine/rule.h"

#define OPTIONS_MAX_SIDE 10000

enum {
	OPT_TORUS = 1000, OPT_FORWARD, OPT_SEED, OPT_HELP, OPT_VERSION,
	OPT_FIRST_COMMAND		/* commands number their own options from here */
};

#define OPTIONS_COMMON_LONG \
	{ "size", required_argument, NULL, 's' }, \
	{ "rule", required_argument, NULL, 'r' }, \
	{ "torus", no_argument, NULL, OPT_TORUS }, \
	{ "states", required_argument, NULL, 'k' }, \
	{ "forward-only", no_argument, NULL, OPT_FORWARD }, \
	{ "seed", required_argument, NULL, OPT_SEED }, \
	{ "help", no_argument, NULL, 'h' }, \
	{ "version", no_argument, NULL, OPT_VERSION }
#define OPTIONS_COMMON_SHORT "s:r:k:h"

typedef struct common_opts {
	bool size_set;
	int rows, cols;			/* first size of a range */
	int rows_hi, cols_hi;		/* last size (== first unless a range) */
	bool size_is_range;
	const char *rule_spec;		/* default "plus" */
	bool torus;
	bool k_set;
	int k;				/* default 2 */
	bool forward_only;
	bool seed_set;
	uint64_t seed;
	bool help, version;
} common_opts;

void options_init(common_opts *o);

/* Handle one getopt_long result.  Returns 1 when it was a common option,
 * 0 when not, -1 on a bad value (message in err). */
int options_common(common_opts *o, int opt, const char *arg, bool allow_range, char *err, size_t errlen);

/* The rule the options name. */
int options_rule(const common_opts *o, rule *r, char *err, size_t errlen);

/* "RxC", "N", and with allow_range "A-B" (square sizes A..B). */
int options_parse_size(const char *s, common_opts *o, bool allow_range, char *err, size_t errlen);

/* A decimal integer in [lo, hi]. */
int options_parse_int(const char *s, long lo, long hi, long *out);
int options_parse_double(const char *s, double lo, double hi, double *out);

#endif
