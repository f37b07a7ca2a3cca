#include "cli/options.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "config.h"

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

int options_parse_double(const char *s, double lo, double hi, double *out)
{
	char *end;
	errno = 0;
	double v = strtod(s, &end);
	if (errno || end == s || *end || !(v >= lo && v <= hi))
		return -1;
	*out = v;
	return 0;
}

static int parse_side(const char *s, size_t len, int *out)
{
	char buf[16];
	long v;
	if (len == 0 || len >= sizeof buf)
		return -1;
	memcpy(buf, s, len);
	buf[len] = '\0';
	if (options_parse_int(buf, 1, VARIANT_MAX_SIDE, &v) < 0)
		return -1;
	*out = (int)v;
	return 0;
}

int options_parse_size(const char *s, common_opts *o, bool allow_range, char *err, size_t errlen)
{
	const char *x = strpbrk(s, "xX"), *dash = strchr(s, '-');
	if (x && !dash) {
		if (parse_side(s, (size_t)(x - s), &o->v.rows) == 0 && parse_side(x + 1, strlen(x + 1), &o->v.cols) == 0)
			goto single;
	} else if (dash && !x && allow_range) {
		if (parse_side(s, (size_t)(dash - s), &o->v.rows) == 0 &&
		    parse_side(dash + 1, strlen(dash + 1), &o->rows_hi) == 0 && o->v.rows <= o->rows_hi) {
			o->v.cols = o->v.rows;
			o->cols_hi = o->rows_hi;
			o->size_is_range = true;
			o->size_set = true;
			return 0;
		}
	} else if (!x && !dash && parse_side(s, strlen(s), &o->v.rows) == 0) {
		o->v.cols = o->v.rows;
		goto single;
	}
	snprintf(err, errlen, "bad size '%s': use RxC or N (1 to %d)%s", s, VARIANT_MAX_SIDE,
		 allow_range ? ", or a range A-B" : "");
	return -1;
single:
	o->rows_hi = o->v.rows;
	o->cols_hi = o->v.cols;
	o->size_is_range = false;
	o->size_set = true;
	return 0;
}

int options_common(common_opts *o, int opt, const char *arg, bool allow_range, char *err, size_t errlen)
{
	long v;
	switch (opt) {
	case 's':
		return options_parse_size(arg, o, allow_range, err, errlen) < 0 ? -1 : 1;
	case 'r':
		o->rule_spec = arg;
		return 1;
	case OPT_TORUS:
		o->v.torus = true;
		return 1;
	case 'k':
		if (options_parse_int(arg, VARIANT_MIN_K, VARIANT_MAX_K, &v) < 0) {
			snprintf(err, errlen, "bad number of states '%s': use %d to %d", arg, VARIANT_MIN_K, VARIANT_MAX_K);
			return -1;
		}
		o->v.k = (int)v;
		o->k_set = true;
		return 1;
	case OPT_FORWARD:
		o->v.forward_only = true;
		return 1;
	case OPT_SEED: {
		char *end;
		errno = 0;
		unsigned long long s = strtoull(arg, &end, 10);
		if (errno || end == arg || *end || arg[0] == '-') {
			snprintf(err, errlen, "bad seed '%s': use a non-negative integer", arg);
			return -1;
		}
		o->seed = s;
		o->seed_set = true;
		return 1;
	}
	case 'h':
		o->help = true;
		return 1;
	case OPT_VERSION:
		o->version = true;
		return 1;
	}
	return 0;
}

int options_finish(common_opts *o, rule *r, char *err, size_t errlen)
{
	/* After the loop: --torus may follow --rule, and the rule depends on it. */
	if (o->rule_spec != o->v.rule && variant_set_rule(&o->v, o->rule_spec, err, errlen) < 0)
		return -1;
	o->rule_spec = o->v.rule;
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
