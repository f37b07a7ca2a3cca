/* lightsout stats: the table of finished games, from the statistics file. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "base/path.h"
#include "cli/commands.h"
#include "formats/options.h"
#include "persist/paths.h"
#include "persist/stats.h"
#include "i18n.h"

static void help(const options_def *d)
{
	fputs(_("Usage: lightsout stats [options]\n"
		"Print the statistics of finished games, one line per kind of board (size,\n"
		"rule, states): games played and won, moves over par, best time, streaks;\n"
		"then the result of each daily board.\n"
		"\n"), stdout);
	options_help(d->specs, 25);
	puts(_("\n"
	       "The file is $XDG_DATA_HOME/lightsout/stats (~/.local/share/lightsout/stats).\n"
	       "A damaged statistics file is renamed FILE.corrupt-DATE, never deleted;\n"
	       "a file given with --file is only read, never renamed or locked.\n"
	       "Exit status: 0 done, 2 usage error or a damaged or unreadable file."));
}

int cmd_stats(int argc, char **argv)
{
	const char *file = NULL;
	char path[PATH_LEN], err[4400];
	const option_spec specs[] = {
		/* TRANSLATORS: an option's help in --help, after the option at
		 * column 25: at most 55 columns a line. */
		{ "file", 0, OPTION_STRING, &file, .arg = "FILE", .help = N_("read FILE instead of the statistics file") },
		{ "help", 'h', OPTION_FLAG, .help = N_("this help") },
		{ NULL },
	};
	const options_def d = { .cmd = "stats", .specs = specs, .operands = 0, .help = help };
	int first, status = options_run(&d, argc, argv, &first);
	if (status != OPTIONS_GO)
		return status;
	if (file)
		snprintf(path, sizeof path, "%s", file);
	else if (paths_file(PATHS_DATA, PATHS_STATS, false, path, sizeof path, err, sizeof err) < 0) {
		/* notext: the command's name before a message said elsewhere */
		fprintf(stderr, "lightsout stats: %s\n", err);
		return EXIT_USAGE;
	}

	stats s;
	persist_result res;
	persist_status st;
	struct stat probe;
	if (file && lstat(path, &probe) < 0) {
		/* A file the user names must be there: "no games" would hide a typo. */
		/* notext: the command's name before a message said elsewhere */
		fprintf(stderr, "lightsout stats: %s: %s\n", path, strerror(errno));
		return EXIT_USAGE;
	}
	if (file)
		/* A file the user names is only read: no lock, nothing moved. */
		st = stats_read_only(path, &s, &res);
	else if (lstat(path, &probe) < 0 && errno == ENOENT) {
		/* Nothing recorded: no lock file, no directory made just to say so. */
		stats_init(&s);
		st = PERSIST_NONE;
	} else
		st = stats_load(path, &s, &res);
	if (st != PERSIST_OK && st != PERSIST_NONE) {
		persist_describe(&res, err, sizeof err);
		/* notext: the command's name before a message said elsewhere */
		fprintf(stderr, "lightsout stats: %s\n", err);
		stats_free(&s);
		return EXIT_USAGE;
	}
	size_t len = 0;
	status = 0;
	if (s.n == 0)
		printf(_("No games recorded yet (%s).\n"), path);

	else {
		char *table = stats_table(&s, &len);	/* before len is read */
		status = output_table("stats", table, len);
	}
	stats_free(&s);
	return status;
}
