/* lightsout serve --check [ACCOUNT]: the admin's check of a public account
 * (cli/serve_check.c does it).  It shares the word serve with the
 * account's front door (account/serve.c) and nothing else: main sends a serve
 * that asks for the check here, so the game's side never links the tool
 * that runs sshd. */
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "cli/commands.h"
#include "cli/serve_check.h"
#include "formats/options.h"
#include "i18n.h"

/* The check's options, where the runner puts them; any of them before
 * "--" makes a serve the check. */
static bool checking;
static const char *account;
static serve_check_files files;

/* --check, or --check=ACCOUNT (--check ACCOUNT: the operand). */
static int parse_check(const char *arg, void *to, char *err, size_t errlen)
{
	(void)err, (void)errlen;
	checking = true;
	*(const char **)to = arg;
	return 0;
}

static const option_spec specs[] = {
	{ "check", 0, OPTION_PARSE, &account, .arg = "[=ACCOUNT]", .parse = parse_check },
	{ "sshd-config", 0, OPTION_STRING, &files.sshd_config, .arg = "FILE" },
	{ "pam-config", 0, OPTION_STRING, &files.pam, .arg = "FILE" },
	{ "shadow", 0, OPTION_STRING, &files.shadow, .arg = "FILE" },
	{ "help", 'h', OPTION_FLAG, .to = NULL },
	{ NULL },
};

/* The usage is written whole: its options share their lines. */
static void help(const options_def *d)
{
	(void)d;
	/* TRANSLATORS: "N problems" and "ready" are the check's last line
	 * (as translated there). */
	fputs(_("Usage: lightsout serve --check [ACCOUNT] [--sshd-config FILE] [--pam-config FILE]\n"
		"                               [--shadow FILE]\n"
		"Check the public account (default play) as sshd applies it and print each\n"
		"problem with its fix, then \"N problems\" or \"ready\" (as root).\n"
		"      --sshd-config FILE   this sshd_config, not the system's (likewise\n"
		"      --pam-config FILE    sshd's PAM stack, --shadow FILE the password file)\n"
		"Exit status: 0 ready, 1 problems found, 2 the check could not run.\n"), stdout);
}

bool serve_check_wanted(int argc, char **argv)
{
	for (int i = 1; i < argc && strcmp(argv[i], "--") != 0; i++)
		for (const option_spec *o = specs; o->name; o++) {
			size_t n = strlen(o->name);
			if (o->letter != 'h' && strncmp(argv[i], "--", 2) == 0 && strncmp(argv[i] + 2, o->name, n) == 0 &&
			    (argv[i][n + 2] == '\0' || argv[i][n + 2] == '='))
				return true;
		}
	return false;
}

int cmd_serve_check(int argc, char **argv)
{
	const options_def d = { .cmd = "serve --check", .specs = specs, .flags = OPTIONS_MISSING, .operands = -1,
				.help = help, .unknown = N_("'%s' is not an option of the check") };
	int first, status = options_run(&d, argc, argv, &first);
	if (status != OPTIONS_GO)
		return status;
	if (!checking)
		return options_usage_error("serve", _("--sshd-config, --pam-config and --shadow go with --check"));
	if (!account)
		account = first < argc ? argv[first++] : "play";
	if (first < argc) {
		char err[300];
		snprintf(err, sizeof err, _("unexpected '%.200s'"), argv[first]);

		return options_usage_error("serve --check", err);
	}
	int problems = serve_check(account, &files, stdout);
	return problems < 0 ? EXIT_USAGE : problems > 0;
}
