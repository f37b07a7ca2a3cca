/* lightsout serve --check [ACCOUNT]: the admin's check of a public account
 * (cli/serve_check.c does it).  It shares the word serve with the
 * account's front door (account/serve.c) and nothing else: main sends a serve
 * that asks for the check here, so the game's side never links the tool
 * that runs sshd. */
#include <getopt.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "cli/commands.h"
#include "cli/serve_check.h"

/* The check's options; any of them before "--" makes a serve the check. */
static const struct option longs[] = {
	{ "check", optional_argument, NULL, 'c' },
	{ "sshd-config", required_argument, NULL, 's' },
	{ "pam-config", required_argument, NULL, 'p' },
	{ "shadow", required_argument, NULL, 'w' },
	{ "help", no_argument, NULL, 'h' },
	{ NULL, 0, NULL, 0 },
};

static void help(void)
{
	printf("Usage: lightsout serve --check [ACCOUNT] [--sshd-config FILE] [--pam-config FILE]\n"
	       "                               [--shadow FILE]\n"
	       "Check the public account (default play) as sshd applies it and print each\n"
	       "problem with its fix, then \"N problems\" or \"ready\" (as root).\n"
	       "      --sshd-config FILE   this sshd_config, not the system's (likewise\n"
	       "      --pam-config FILE    sshd's PAM stack, --shadow FILE the password file)\n"
	       "Exit status: 0 ready, 1 problems found, 2 the check could not run.\n");
}

bool serve_check_wanted(int argc, char **argv)
{
	for (int i = 1; i < argc && strcmp(argv[i], "--") != 0; i++)
		for (const struct option *o = longs; o->name; o++) {
			size_t n = strlen(o->name);
			if (o->val != 'h' && strncmp(argv[i], "--", 2) == 0 && strncmp(argv[i] + 2, o->name, n) == 0 &&
			    (argv[i][n + 2] == '\0' || argv[i][n + 2] == '='))
				return true;
		}
	return false;
}

int cmd_serve_check(int argc, char **argv)
{
	const char *account = NULL;
	serve_check_files files = { NULL, NULL, NULL };
	int c;
	opterr = 0;
	optind = 1;
	while ((c = getopt_long(argc, argv, "+h", longs, NULL)) != -1) {
		switch (c) {
		case 'c':	/* --check, --check=ACCOUNT or --check ACCOUNT */
			account = optarg ? optarg
					 : optind < argc && argv[optind][0] != '-' ? argv[optind++] : "play";
			break;
		case 's':
			files.sshd_config = optarg;
			break;
		case 'p':
			files.pam = optarg;
			break;
		case 'w':
			files.shadow = optarg;
			break;
		case 'h':
			help();
			return 0;
		default:
			if (optopt && optopt != 'h') {	/* a known option without its value */
				fprintf(stderr, "lightsout serve: '%s' needs a value\n", argv[optind - 1]);
				return EXIT_USAGE;
			}
			fprintf(stderr, "lightsout serve --check: '%s' is not an option of the check\n"
					"Try 'lightsout serve --check --help'.\n", argv[optind - 1]);
			return EXIT_USAGE;
		}
	}
	if (!account) {
		fprintf(stderr, "lightsout serve: --sshd-config, --pam-config and --shadow go with --check\n");
		return EXIT_USAGE;
	}
	if (optind < argc) {
		fprintf(stderr, "lightsout serve --check: unexpected '%s'\nTry 'lightsout serve --check --help'.\n",
			argv[optind]);
		return EXIT_USAGE;
	}
	int problems = serve_check(account, &files, stdout);
	return problems < 0 ? EXIT_USAGE : problems > 0;
}
