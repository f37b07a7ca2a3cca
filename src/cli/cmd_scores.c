/* lightsout scores: the host's daily leaderboard, from the shared directory. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "config.h"
#include "cli/commands.h"
#include "formats/options.h"
#include "persist/name.h"
#include "persist/scores.h"

static void help(const options_def *d)
{
	fputs("Usage: lightsout scores [options]\n"
	      "Print the daily leaderboard of this host: every player's best result on\n"
	      "each daily board of the day (rank, player, moves, par, time, assisted).\n"
	      "\n", stdout);
	options_help(d->specs, 25);
	puts("\n"
	     "A public account's leaderboard says each player's login (key or guest) in\n"
	     "a column of its own.  Where the locale is not UTF-8, a name's letters\n"
	     "outside ASCII are shown as \\uXXXX (and \\ as \\\\).\n"
	     "\n"
	     "A player is the owner of a file there, never a name written in it; a file\n"
	     "that is forged, a link, too large or damaged is skipped with a note on\n"
	     "standard error.  Assisted wins rank after the others.\n"
	     "Exit status: 0 done, 2 usage error or a directory that cannot be read.");
}

/* --daily DATE: a date as the leaderboard names its days. */
static int parse_date(const char *arg, void *to, char *err, size_t errlen)
{
	if (!scores_date_valid(arg)) {
		snprintf(err, errlen, "bad date '%.100s': use YYYY-MM-DD, e.g. %s", arg, (char *)to);
		return -1;
	}
	snprintf(to, 16, "%s", arg);
	return 0;
}

int cmd_scores(int argc, char **argv)
{
	const char *given = NULL;
	char date[16];
	time_t now = time(NULL);
	struct tm tm;
	gmtime_r(&now, &tm);
	strftime(date, sizeof date, "%Y-%m-%d", &tm);
	const option_spec specs[] = {
		{ "daily", 0, OPTION_PARSE, date, .arg = "DATE",
		  .help = "the day YYYY-MM-DD (default today, UTC, as --daily plays)", .parse = parse_date },
		{ "scores", 0, OPTION_STRING, &given, .arg = "DIR",
		  .help = SCORES_DIR[0] ? "the leaderboard directory (default " SCORES_DIR ")"
					: "the leaderboard directory (default none)" },
		{ "help", 'h', OPTION_FLAG, .help = "this help" },
		{ NULL },
	};
	const options_def d = { .cmd = "scores", .specs = specs, .operands = 0, .help = help };
	int first, status = options_run(&d, argc, argv, &first);
	if (status != OPTIONS_GO)
		return status;
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
	size_t len = 0;
	status = 0;
	if (t.n == 0)
		printf("No daily results for %s in %s.\n", date, dir);
	else {
		char *table = scores_table(&t, NULL, name_locale_utf8(), &len);	/* before len is read */
		status = output_table("scores", table, len);
	}
	scores_free(&t);
	return status;
}
