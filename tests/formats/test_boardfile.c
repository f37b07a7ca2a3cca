#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "formats/boardfile.h"
#include "tap.h"

/* text read as a board file named "f" under the options args (pairs of
 * a common option's long name and its value, ending at NULL), as solve
 * reads one. */
static boardfile_status read_as(const char *text, common_opts *o, rule *r, board **b, char *err, size_t errlen,
				...)
{
	options_init(o);
	o->size_from_board = true;
	va_list ap;
	va_start(ap, errlen);
	for (const char *name; (name = va_arg(ap, const char *)) != NULL;) {
		const char *arg = va_arg(ap, const char *);
		if (options_common(o, name, arg, false, err, errlen) != 1)
			tap_diag("option --%s %s: %s", name, arg ? arg : "", err);
	}
	va_end(ap);
	if (options_finish(o, r, err, errlen) < 0)
		tap_diag("options_finish: %s", err);
	FILE *f = tmpfile();
	fputs(text, f);
	rewind(f);
	err[0] = '\0';
	boardfile_status st = boardfile_read(f, "f", o, r, b, err, errlen);
	fclose(f);
	return st;
}

static void message_is(const char *got, const char *want)
{
	if (!tap_ok(!strcmp(got, want), "the message: %s", want))
		tap_diag("  got: %s", got);
}

#define PATTERNS "patterns\n010/111/010 010/111/010 010/111/010\n010/111/010 010/111/010 010/111/010\n"

int main(void)
{
	common_opts o;
	rule r;
	board *b;
	char err[300];

	boardfile_status st = read_as("101\n010\n", &o, &r, &b, err, sizeof err, NULL);
	tap_ok(st == BOARDFILE_OK && b && b->rows == 2 && b->cols == 3 && !strcmp(o.v.rule, "plus"),
	       "a plain board: read, the options' rule kept");
	board_free(b);

	st = read_as("rule hex k=3\n102\n010\n", &o, &r, &b, err, sizeof err, NULL);
	tap_ok(st == BOARDFILE_OK && b && !strcmp(o.v.rule, "hex") && o.v.k == 3 && b->k == 3,
	       "the file's variant line becomes the options' variant");
	board_free(b);

	st = read_as("rule hex\n101\n010\n", &o, &r, &b, err, sizeof err, "rule", "plus", NULL);
	tap_ok(st == BOARDFILE_BAD && !b, "a variant line the options contradict is refused");
	message_is(err, "f: line 1 says rule hex, the options plus: give one or the other");

	st = read_as("rule plus k=3\n101\n010\n", &o, &r, &b, err, sizeof err, "states", "4", NULL);
	tap_ok(st == BOARDFILE_BAD && !b, "so is a k the options contradict");
	message_is(err, "f: line 1 says rule plus k=3, the options plus k=4: give one or the other");

	st = read_as("101\n0?1\n", &o, &r, &b, err, sizeof err, NULL);
	tap_ok(st == BOARDFILE_BAD && !b && !strncmp(err, "f:2:2: unexpected '?'", 21),
	       "a bad cell: FILE:LINE:COL (%s)", err);

	st = read_as("", &o, &r, &b, err, sizeof err, NULL);
	tap_ok(st == BOARDFILE_BAD && !b, "no board at all");
	message_is(err, "f: empty input: no board");

	st = read_as("101\n010\n", &o, &r, &b, err, sizeof err, "size", "4x4", NULL);
	tap_ok(st == BOARDFILE_SIZE && b && b->rows == 2 && b->cols == 3 && o.v.rows == 4,
	       "not --size's size: the board comes back for the caller's words");
	board_free(b);

	st = read_as("101\n010\n" PATTERNS, &o, &r, &b, err, sizeof err, NULL);
	tap_ok(st == BOARDFILE_OK && b && o.v.graph && o.v.rows == 2 && o.v.cols == 3,
	       "patterns become the variant's graph at the board's size");
	board_free(b);

	st = read_as("101\n010\n" PATTERNS, &o, &r, &b, err, sizeof err, "rule", "plus", NULL);
	tap_ok(st == BOARDFILE_PATTERNS && !b, "patterns beside a chosen rule are refused");
	message_is(err, "the board file's patterns are its rule: drop --rule, --grid, --board, --graph and --torus");

	/* The patterns make the variant the board's size: --size is checked first. */
	st = read_as("101\n010\n" PATTERNS, &o, &r, &b, err, sizeof err, "size", "4x4", NULL);
	tap_ok(st == BOARDFILE_SIZE && b && b->rows == 2, "patterns do not hide a size --size contradicts");
	board_free(b);

	options_keep_graph(NULL);
	return tap_done();
}
