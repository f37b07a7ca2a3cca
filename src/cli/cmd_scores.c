/* lightsout scores: the host's daily leaderboard, from the shared directory. */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "config.h"
#include "cli/commands.h"
#include "formats/options.h"
#include "persist/name.h"
#include "persist/scores.h"

static void help(void)
{
	printf("Usage: lightsout scores [options]\n"
	       "Print the daily leaderboard of this host: every player's best result on\n"
	       "each daily board of the day (rank, player, moves, par, time, assisted).\n"
	       "\n"
	       "      --daily DATE       the day YYYY-MM-DD (default today, UTC, as --daily plays)\n"
	       "      --scores DIR       the leaderboard directory (default %s)\n"
	       "  -h, --help             this help\n"
	       "\n"
	       "A public account's leaderboard says each player's login (key or guest) in\n"
	       "a column of its own.  Where the locale is not UTF-8, a name's letters\n"
	       "outside ASCII are shown as \\uXXXX (and \\ as \\\\).\n"
	       "\n"
	       "A player is the owner of a file there, never a name written in it; a file\n"
	       "that is forged, a link, too large or damaged is skipped with a note on\n"
	       "standard error.  Assisted wins rank after the others.\n"
	       "Exit status: 0 done, 2 usage error or a directory that cannot be read.\n",
	       SCORES_DIR[0] ? SCORES_DIR : "none");
}

int cmd_scores(int argc, char **argv)
{
	enum { OPT_DAILY = OPT_FIRST_COMMAND, OPT_SCORES };
	static const struct option longopts[] = {
		{ "daily", required_argument, NULL, OPT_DAILY },
		{ "scores", required_argument, NULL, OPT_SCORES },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	const char *given = NULL;
	char date[16], err[4400];
	int opt;
	time_t now = time(NULL);
	struct tm tm;
	gmtime_r(&now, &tm);
	strftime(date, sizeof date, "%Y-%m-%d", &tm);

	opterr = 0;
	optind = 1;
	while ((opt = getopt_long(argc, argv, "h", longopts, NULL)) != -1) {
		if (opt == 'h') {
			help();
			return 0;
		}
		if (opt == OPT_DAILY) {
			if (!scores_date_valid(optarg)) {
				snprintf(err, sizeof err, "bad date '%.100s': use YYYY-MM-DD, e.g. %s", optarg, date);
				goto usage_error;
			}
			snprintf(date, sizeof date, "%s", optarg);
		} else if (opt == OPT_SCORES)
			given = optarg;
		else
			return options_unknown("scores", longopts, argv[optind - 1]);
	}
	if (optind < argc) {
		snprintf(err, sizeof err, "unexpected argument '%s'", argv[optind]);
		goto usage_error;
	}
	const char *dir = options_scores_dir(given, false);
	if (!dir) {
		if (SCORES_DIR[0])
			printf("No leaderboard on this host: %s does not exist (see --scores).\n", SCORES_DIR);
		else
			printf("No leaderboard directory was configured: give one with --scores DIR.\n");
		return 0;
	}

	scores t;
	persist_result res;
	persist_status st = scores_load(dir, date, &t, &res);
	if (st != PERSIST_OK) {
		if (st == PERSIST_NONE)
			fprintf(stderr, "lightsout scores: %s: no such directory\n", dir);
		else if (st == PERSIST_REFUSED)
			fprintf(stderr, "lightsout scores: refusing %s: %s\n", dir, res.why);
		else
			fprintf(stderr, "lightsout scores: %s: %s\n", dir,
				st == PERSIST_NO_MEMORY ? "out of memory" : strerror(res.errnum));
		return st == PERSIST_NO_MEMORY ? EXIT_NOMEM : EXIT_USAGE;
	}
	/* Other users' files: what was skipped, and why, in a line each. */
	for (int i = 0; i < t.nnotes; i++)
		fprintf(stderr, "lightsout scores: skipped %s\n", t.notes[i]);
	if (t.skipped > t.nnotes)
		fprintf(stderr, "lightsout scores: and %d more files skipped\n", t.skipped - t.nnotes);
	if (t.n == 0)
		printf("No daily results for %s in %s.\n", date, dir);
	else {
		size_t len;
		char *table = scores_table(&t, NULL, name_locale_utf8(), &len);
		if (!table) {
			fprintf(stderr, "lightsout scores: out of memory\n");
			scores_free(&t);
			return EXIT_NOMEM;
		}
		fwrite(table, 1, len, stdout);
		free(table);
	}
	scores_free(&t);
	return 0;

usage_error:
	return options_usage_error("scores", err);
}
