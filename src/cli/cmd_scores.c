/* lightsout scores: the host's daily leaderboard, from the shared directory. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "base/clock.h"
#include "config.h"
#include "i18n.h"
#include "cli/commands.h"
#include "formats/options.h"
#include "persist/name.h"
#include "persist/scores.h"

static void help(const options_def *d)
{
	fputs(_("Usage: lightsout scores [options]\n"
		"Print the daily leaderboard of this host: every player's best result on\n"
		"each daily board of the day (rank, player, moves, par, time, assisted).\n"
		"\n"), stdout);
	options_help(d->specs, 25);
	puts(_("\n"
	       "A public account's leaderboard says each player's login (key or guest) in\n"
	       "a column of its own.  Where the locale is not UTF-8, a name's letters\n"
	       "outside ASCII are shown as \\uXXXX (and \\ as \\\\).\n"
	       "\n"
	       "A player is the owner of a file there, never a name written in it; a file\n"
	       "that is forged, a link, too large or damaged is skipped with a note on\n"
	       "standard error.  Assisted wins rank after the others.\n"
	       "Exit status: 0 done, 2 usage error or a directory that cannot be read."));
}

/* --daily DATE: a date as the leaderboard names its days. */
static int parse_date(const char *arg, void *to, char *err, size_t errlen)
{
	if (!scores_date_valid(arg)) {
		snprintf(err, errlen, _("bad date '%.100s': use YYYY-MM-DD, e.g. %s"), arg, (char *)to);
		return -1;
	}
	snprintf(to, 16, "%s", arg);
	return 0;
}

int cmd_scores(int argc, char **argv)
{
	const char *given = NULL;
	char date[16];
	clock_date(time(NULL), date);
	/* The configured directory in its help, translated here (the
	 * runner's own lookup of it finds nothing and leaves it). */
	char scores_help[sizeof SCORES_DIR + 200];
	if (SCORES_DIR[0])
		snprintf(scores_help, sizeof scores_help, _("the leaderboard directory (default %s)"), SCORES_DIR);
	else
		snprintf(scores_help, sizeof scores_help, "%s", _("the leaderboard directory (default none)"));
	const option_spec specs[] = {
		/* TRANSLATORS: an option's help in --help, after the option at
		 * column 25: at most 55 columns a line. */
		{ "daily", 0, OPTION_PARSE, date, .arg = "DATE",
		  .help = N_("the day YYYY-MM-DD (default today, UTC, as --daily plays)"), .parse = parse_date },
		{ "scores", 0, OPTION_STRING, &given, .arg = "DIR", .help = scores_help },
		{ "help", 'h', OPTION_FLAG, .help = N_("this help") },
		{ NULL },
	};
	const options_def d = { .cmd = "scores", .specs = specs, .operands = 0, .help = help };
	int first, status = options_run(&d, argc, argv, &first);
	if (status != OPTIONS_GO)
		return status;
	const char *dir = options_scores_dir(given, false);
	if (!dir) {
		if (SCORES_DIR[0])
			printf(_("No leaderboard on this host: %s does not exist (see --scores).\n"), SCORES_DIR);
		else
			printf(_("No leaderboard directory was configured: give one with --scores DIR.\n"));
		return 0;
	}

	scores t;
	persist_result res;
	persist_status st = scores_load(dir, date, &t, &res);
	if (st != PERSIST_OK) {
		if (st == PERSIST_NONE)
			fprintf(stderr, _("lightsout scores: %s: no such directory\n"), dir);
		else if (st == PERSIST_REFUSED)
			fprintf(stderr, _("lightsout scores: refusing %s: %s\n"), dir, res.why);
		else
			/* notext: the command's name before a message said elsewhere */
			fprintf(stderr, "lightsout scores: %s: %s\n", dir,
				st == PERSIST_NO_MEMORY ? _("out of memory") : strerror(res.errnum));
		return st == PERSIST_NO_MEMORY ? EXIT_NOMEM : EXIT_USAGE;
	}
	/* Other users' files: what was skipped, and why, in a line each. */
	for (int i = 0; i < t.nnotes; i++)
		fprintf(stderr, _("lightsout scores: skipped %s\n"), t.notes[i]);
	if (t.skipped > t.nnotes)
		/* TRANSLATORS: the English says "files" for any count. */
		fprintf(stderr, P_("lightsout scores: and %d more files skipped\n",
				   "lightsout scores: and %d more files skipped\n", t.skipped - t.nnotes),
			t.skipped - t.nnotes);
	size_t len = 0;
	status = 0;
	if (t.n == 0)
		printf(_("No daily results for %s in %s.\n"), date, dir);

	else {
		char *table = scores_table(&t, NULL, name_locale_utf8(), &len);	/* before len is read */
		status = output_table("scores", table, len);
	}
	scores_free(&t);
	return status;
}
