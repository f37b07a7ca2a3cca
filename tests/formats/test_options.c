/* The declarative option runner: values into their places, each kind's
 * refusal in the command's words, the common options unlisted, options
 * stopping at the first operand, and the help laid out from the table. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "formats/options.h"
#include "formats/output.h"
#include "../lib/tap.h"

static bool helped;

/* --mode[=KIND]: KIND, or "plain" without one. */
static int parse_mode(const char *arg, void *to, char *err, size_t errlen)
{
	if (arg && strcmp(arg, "odd") != 0) {
		snprintf(err, errlen, "bad mode '%s'", arg);
		return -1;
	}
	*(const char **)to = arg ? arg : "plain";
	return 0;
}

static void help(const options_def *d)
{
	helped = true;
	options_help(d->specs, 20);
}

/* Run argv (a NULL-ended list) by d with stdout and stderr into out;
 * the runner's status, first the first operand. */
static int run(const options_def *d, char *out, size_t len, int *first, ...)
{
	char *argv[16];
	int argc = 0;
	va_list ap;
	va_start(ap, first);
	for (char *a; argc < 15 && (a = va_arg(ap, char *));)
		argv[argc++] = a;
	va_end(ap);
	argv[argc] = NULL;
	FILE *f = tmpfile();
	fflush(stdout);
	fflush(stderr);
	int so = dup(1), se = dup(2);
	dup2(fileno(f), 1);
	dup2(fileno(f), 2);
	int rc = options_run(d, argc, argv, first);
	fflush(stdout);
	fflush(stderr);
	dup2(so, 1);
	dup2(se, 2);
	close(so);
	close(se);
	rewind(f);
	size_t n = fread(out, 1, len - 1, f);
	out[n] = '\0';
	fclose(f);
	return rc;
}

int main(void)
{
	bool flag = false, seen = false;
	const char *name = NULL, *mode = NULL;
	int count = 7;
	double secs = 1;
	long idle = -1;
	common_opts o;
	const option_spec specs[] = {
		{ "size", 's', OPTION_COMMON, .arg = "RxC", .help = "the size", .given = &seen },
		{ "flag", 'f', OPTION_FLAG, &flag, .help = "a flag" },
		{ "name", 0, OPTION_STRING, &name, .arg = "NAME", .help = "a name\ntwo lines" },
		{ "count", 'c', OPTION_INT, &count, .arg = "N", .help = "a count", .lo = 1, .hi = 10 },
		{ "limit", 0, OPTION_REAL, &secs, .arg = "SECS", .help = "seconds", .lo = 0.5, .hi = 2,
		  .bad = "bad limit '%s': seconds" },
		{ "a-very-long-option", 0, OPTION_TIME, &idle, .arg = "TIME", .help = "on the next line" },
		{ "hidden", 0, OPTION_FLAG, &flag, .help = NULL },
		{ "mode", 0, OPTION_PARSE, &mode, .arg = "[=KIND]", .help = "a mode", .parse = parse_mode },
		{ NULL },
	};
	options_def d = { .cmd = "test", .specs = specs, .common = &o, .operands = 1, .help = help };
	char out[4096];
	int first = -1;

	options_init(&o);
	int rc = run(&d, out, sizeof out, &first, "test", "-f", "--name", "bob", "-c", "3", "--limit=1.5",
		     "--a-very-long-option", "2h", "-s", "4x6", "--torus", "file", NULL);
	tap_ok(rc == OPTIONS_GO && !out[0], "a table's options: go on, nothing said (%d, '%s')", rc, out);
	tap_ok(flag && name && !strcmp(name, "bob") && count == 3 && secs == 1.5 && idle == 7200,
	       "each value in its place (flag %d, name %s, count %d, limit %g, time %ld)", flag, name, count, secs,
	       idle);
	tap_ok(o.v.rows == 4 && o.v.cols == 6 && seen, "a listed common option reaches common_opts, marked given");
	tap_ok(o.v.torus, "an unlisted common option (--torus) is taken too");
	tap_ok(first == 12, "the operand after the options (first %d)", first);

	options_init(&o);
	rc = run(&d, out, sizeof out, &first, "test", "-c", "11", NULL);
	tap_ok(rc == EXIT_USAGE && strstr(out, "lightsout test: --count wants a whole number from 1 to 10, not '11'\n"
						"Try 'lightsout test --help'.\n"),
	       "an integer out of bounds: refused in the command's words ('%s')", out);
	rc = run(&d, out, sizeof out, &first, "test", "--limit", "3", NULL);
	tap_ok(rc == EXIT_USAGE && strstr(out, "lightsout test: bad limit '3': seconds\n"),
	       "a refusal of its own, with the value ('%s')", out);
	rc = run(&d, out, sizeof out, &first, "test", "--a-very-long-option", "8d", NULL);
	tap_ok(rc == EXIT_USAGE && strstr(out, "bad --a-very-long-option '8d': use minutes"),
	       "a time: its refusal names the option ('%s')", out);
	rc = run(&d, out, sizeof out, &first, "test", "--nmae", "x", NULL);
	tap_ok(rc == EXIT_USAGE && strstr(out, "unknown or incomplete option '--nmae': did you mean '--name'?"),
	       "a misspelt option: the nearest named ('%s')", out);
	rc = run(&d, out, sizeof out, &first, "test", "--name", NULL);
	tap_ok(rc == EXIT_USAGE && strstr(out, "unknown or incomplete option '--name'\n"),
	       "a value left out: no 'did you mean' the option itself ('%s')", out);
	d.flags = OPTIONS_MISSING;
	rc = run(&d, out, sizeof out, &first, "test", "--name", NULL);
	tap_ok(rc == EXIT_USAGE && strstr(out, "option '--name' needs a value"),
	       "OPTIONS_MISSING: the value asked for ('%s')", out);
	d.flags = 0;
	rc = run(&d, out, sizeof out, &first, "test", "a", "b", NULL);
	tap_ok(rc == EXIT_USAGE && strstr(out, "unexpected argument 'b'"), "past the operands allowed: refused ('%s')",
	       out);
	rc = run(&d, out, sizeof out, &first, "test", "a", "-f", NULL);
	tap_ok(rc == OPTIONS_GO && first == 2, "options after an operand are options (first %d)", first);
	d.flags = OPTIONS_STOP;
	d.operands = -1;
	rc = run(&d, out, sizeof out, &first, "test", "a", "-f", NULL);
	tap_ok(rc == OPTIONS_GO && first == 1, "OPTIONS_STOP: the operands from the first on (first %d)", first);
	d.flags = 0;

	rc = run(&d, out, sizeof out, &first, "test", "--mode", "x", NULL);
	tap_ok(rc == OPTIONS_GO && mode && !strcmp(mode, "plain") && first == 2,
	       "an optional value: not the next word (mode %s, first %d)", mode, first);
	rc = run(&d, out, sizeof out, &first, "test", "--mode=odd", NULL);
	tap_ok(rc == OPTIONS_GO && !strcmp(mode, "odd"), "an optional value after '=' (mode %s)", mode);
	rc = run(&d, out, sizeof out, &first, "test", "--mode=even", NULL);
	tap_ok(rc == EXIT_USAGE && strstr(out, "lightsout test: bad mode 'even'\n"),
	       "a parser's own refusal ('%s')", out);
	d.unknown = "'%s' is not an option of the test";
	rc = run(&d, out, sizeof out, &first, "test", "--nmae", NULL);
	tap_ok(rc == EXIT_USAGE && strstr(out, "lightsout test: '--nmae' is not an option of the test\n"),
	       "a command's own word for an unknown option ('%s')", out);
	d.unknown = NULL;

	options_init(&o);
	rc = run(&d, out, sizeof out, &first, "test", "--help", NULL);
	tap_ok(rc == 0 && helped, "--help: the command's help, status 0");
	const char *want = "  -s, --size RxC    the size\n"
			   "  -f, --flag        a flag\n"
			   "      --name NAME   a name\n"
			   "                    two lines\n"
			   "  -c, --count N     a count\n"
			   "      --limit SECS  seconds\n"
			   "      --a-very-long-option TIME\n"
			   "                    on the next line\n"
			   "      --mode[=KIND] a mode\n";
	tap_ok(strcmp(out, want) == 0, "the help from the table: columns, lines, a long name, nothing hidden\n%s", out);

	options_init(&o);
	rc = run(&d, out, sizeof out, &first, "test", "-s", "0", "--help", NULL);
	tap_ok(rc == EXIT_USAGE && strstr(out, "bad size"), "a bad value wins over --help ('%s')", out);

	char words[40];
	options_time_words(2700, words, sizeof words);
	tap_is(strcmp(words, "45 minutes"), 0, "45 minutes in words ('%s')", words);
	options_time_words(3600, words, sizeof words);
	tap_is(strcmp(words, "1 hour"), 0, "an hour in words ('%s')", words);
	long t;
	tap_ok(options_parse_time("45s", &t) == 0 && t == 45, "45s is 45 seconds");
	tap_ok(options_parse_time("30", &t) == 0 && t == 1800, "30 is 30 minutes");
	tap_ok(options_parse_time("169h", &t) < 0, "past a week: refused");
	return tap_done();
}
