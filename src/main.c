/* lightsout: the game and its command-line tools, one binary. */
#include <locale.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>

#include "config.h"
#include "cli/commands.h"
#include "cli/output.h"
#include "ui/cmd_play.h"
#include "ui/keys_doc.h"

static void usage(void)
{
	fputs("Usage: lightsout [play] [options]          play the game\n"
	      "       lightsout solve [options] [FILE|-]  print a minimal solution of a board\n"
	      "       lightsout analyze [options]         rank, nullity, solutions, quiet patterns\n"
	      "       lightsout generate [options]        print a random solvable board\n"
	      "       lightsout stats [--file FILE]       statistics of finished games\n"
	      "       lightsout scores [--daily DATE]     this host's daily leaderboard\n"
	      "       lightsout keys [--man]              the game's keys, screen by screen\n"
	      "\n"
	      "Common options: -s, --size RxC|N   -r, --rule NAME   --torus   -k, --states K\n"
	      "                --forward-only   --seed N   --help   --version\n"
	      "                --grid hex   --board merlin|cube   --graph FILE\n"
	      "Rules: plus, cross, x, box, knight, mask:ROW/ROW/... (e.g. mask:010/111/010),\n"
	      "       random (each cell its own 3x3 pattern, from --seed)\n"
	      "'lightsout COMMAND --help' describes each command; 'man 6 lightsout' all of it.\n",
	      stdout);
}

int main(int argc, char **argv)
{
	setlocale(LC_ALL, "");
	/* Past the file size limit (ulimit -f) a write fails with EFBIG, and
	 * says so like any failed write, instead of the signal killing us
	 * with no word, half a file written and the terminal as curses had it. */
	signal(SIGXFSZ, SIG_IGN);
	if (argc < 2)
		return play_main(argc, argv);
	const char *cmd = argv[1];
	if (strcmp(cmd, "--help") == 0 || strcmp(cmd, "-h") == 0 || strcmp(cmd, "help") == 0) {
		usage();
		return output_finish(NULL, 0);
	}
	if (strcmp(cmd, "--version") == 0) {
		printf("lightsout %s\n", PACKAGE_VERSION);
		return output_finish(NULL, 0);
	}
	if (strcmp(cmd, "play") == 0)
		return play_main(argc - 1, argv + 1);
	if (strcmp(cmd, "solve") == 0)
		return output_finish("solve", cmd_solve(argc - 1, argv + 1));
	if (strcmp(cmd, "analyze") == 0 || strcmp(cmd, "analyse") == 0)
		return output_finish("analyze", cmd_analyze(argc - 1, argv + 1));
	if (strcmp(cmd, "generate") == 0)
		return output_finish("generate", cmd_generate(argc - 1, argv + 1));
	if (strcmp(cmd, "stats") == 0)
		return output_finish("stats", cmd_stats(argc - 1, argv + 1));
	if (strcmp(cmd, "scores") == 0)
		return output_finish("scores", cmd_scores(argc - 1, argv + 1));
	if (strcmp(cmd, "keys") == 0)
		return output_finish("keys", keys_doc_main(argc - 1, argv + 1));
	if (cmd[0] == '-')
		return play_main(argc, argv);
	fprintf(stderr, "lightsout: unknown command '%s'\nTry 'lightsout --help'.\n", cmd);
	return EXIT_USAGE;
}
