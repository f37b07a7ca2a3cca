/* lightsout stats: the table of finished games, from the statistics file. */
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <string.h>

#include "commands.h"
#include "options.h"
#include "paths.h"
#include "stats.h"

static void help(void)
{
	puts("Usage: lightsout stats [options]\n"
	     "Print the statistics of finished games, one line per kind of board (size,\n"
	     "rule, states): games played and won, moves over par, best time, streaks;\n"
	     "then the result of each daily board.\n"
	     "\n"
	     "      --file FILE        read FILE instead of the statistics file\n"
	     "  -h, --help             this help\n"
	     "\n"
	     "The file is $XDG_DATA_HOME/lightsout/stats (~/.local/share/lightsout/stats).\n"
	     "A damaged file is renamed FILE.corrupt-DATE, never deleted.\n"
	     "Exit status: 0 done, 2 usage error or a damaged or unreadable file.");
}

/* 75.2 -> "1:15.2"; an hour or more -> "1:02:03". */
static void format_time(double s, char *buf, size_t len)
{
	if (s < 0)
		snprintf(buf, len, "-");
	else if (s < 3600)
		snprintf(buf, len, "%d:%04.1f", (int)(s / 60), s - 60 * (int)(s / 60));
	else
		snprintf(buf, len, "%d:%02d:%02d", (int)(s / 3600), (int)s / 60 % 60, (int)s % 60);
}

static void print_table(const stats *s)
{
	char name[300], avg[32], best[32], t[32];
	printf("%-24s %6s %6s %5s %8s %8s %9s %6s %6s\n", "board", "played", "won", "won%",
	       "avg+par", "best+par", "best time", "streak", "best");
	for (int i = 0; i < s->n; i++) {
		const stats_entry *e = &s->entries[i];
		stats_key_name(&e->key, name, sizeof name);
		if (e->par_games)
			snprintf(avg, sizeof avg, "+%.1f", (double)e->over_par_sum / (double)e->par_games);
		else
			snprintf(avg, sizeof avg, "-");
		if (e->best_over_par >= 0)
			snprintf(best, sizeof best, "+%ld", e->best_over_par);
		else
			snprintf(best, sizeof best, "-");
		format_time(e->best_time, t, sizeof t);
		printf("%-24s %6ld %6ld %4ld%% %8s %8s %9s %6ld %6ld\n", name, e->played, e->won,
		       e->played ? (100 * e->won + e->played / 2) / e->played : 0, avg, best, t,
		       e->streak, e->best_streak);
	}
	if (s->ndaily)
		printf("\ndaily boards\n");
	for (int i = 0; i < s->ndaily; i++) {
		const stats_daily *d = &s->daily[i];
		stats_key_name(&d->key, name, sizeof name);
		format_time(d->seconds, t, sizeof t);
		if (d->won && d->par >= 0)
			printf("%s  %-24s won in %d moves (par %d), %s\n", d->date, name, d->moves, d->par, t);
		else if (d->won)
			printf("%s  %-24s won in %d moves, %s\n", d->date, name, d->moves, t);
		else
			printf("%s  %-24s not solved (%d moves, %s)\n", d->date, name, d->moves, t);
	}
}

int cmd_stats(int argc, char **argv)
{
	enum { OPT_FILE = OPT_FIRST_COMMAND };
	static const struct option longopts[] = {
		{ "file", required_argument, NULL, OPT_FILE },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	const char *file = NULL;
	char path[4096], err[4400];
	int opt;

	opterr = 0;
	optind = 1;
	while ((opt = getopt_long(argc, argv, "h", longopts, NULL)) != -1) {
		if (opt == 'h') {
			help();
			return 0;
		}
		if (opt == OPT_FILE)
			file = optarg;
		else {
			snprintf(err, sizeof err, "unknown or incomplete option '%s'", argv[optind - 1]);
			goto usage_error;
		}
	}
	if (optind < argc) {
		snprintf(err, sizeof err, "unexpected argument '%s'", argv[optind]);
		goto usage_error;
	}
	if (file)
		snprintf(path, sizeof path, "%s", file);
	else if (paths_file(PATHS_DATA, PATHS_STATS, false, path, sizeof path, err, sizeof err) < 0) {
		fprintf(stderr, "lightsout stats: %s\n", err);
		return EXIT_USAGE;
	}

	stats s;
	int rc;
	FILE *probe = fopen(path, "r");
	if (!probe && errno == ENOENT) {
		/* Nothing recorded: no lock file, no directory made just to say so. */
		stats_init(&s);
		rc = 0;
	} else {
		if (probe)
			fclose(probe);
		rc = stats_load(path, &s, err, sizeof err);
	}
	if (rc != 0) {
		fprintf(stderr, "lightsout stats: %s\n", err);
		stats_free(&s);
		return EXIT_USAGE;
	}
	if (s.n == 0)
		printf("No games recorded yet (%s).\n", path);
	else
		print_table(&s);
	stats_free(&s);
	return 0;

usage_error:
	fprintf(stderr, "lightsout stats: %s\nTry 'lightsout stats --help'.\n", err);
	return EXIT_USAGE;
}
