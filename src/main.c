/* lightsout: the game and its command-line tools, one binary. */
#include <locale.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "config.h"
#include "account/serve.h"
#include "cli/commands.h"
#include "engine/rule.h"
#include "formats/lang.h"
#include "i18n.h"
#include "formats/output.h"
#include "ui/cmd_play.h"
#include "ui/keys_doc.h"
#include "ui/watch.h"

typedef int (*command_fn)(int argc, char **argv);

/* The admin's serve --check is a command-line tool (cli/), the rest the
 * account's front door (account/, which starts the game in ui/). */
static int cmd_serve(int argc, char **argv)
{
	if (serve_check_wanted(argc, argv))
		return output_finish("serve", cmd_serve_check(argc, argv));
	/* dbclient and PuTTY send no locale, and a terminal today is UTF-8:
	 * a client that says nothing gets it (the ASCII look is a key away
	 * in the lobby); one that sends a locale keeps it. */
	if (!getenv("LC_ALL") && !getenv("LC_CTYPE") && !getenv("LANG") && setlocale(LC_CTYPE, "C.UTF-8"))
		setenv("LC_CTYPE", "C.UTF-8", 1);
	return serve_account(argc, argv);
}

/* Every command once, each cmd_NAME: its name, what runs it, whether it
 * reports its own end (the game and its doors; the others' standard
 * output is flushed and checked by output_finish() after them), and its
 * line of the usage (NULL: a spelling of the one before, not listed). */
static const struct command {
	const char *name;
	command_fn run;
	bool own_end;
	const char *args, *what;
} commands[] = {
	/* TRANSLATORS: each command's line of lightsout --help, after its
	 * syntax: keep it short (about 40 columns). */
	{ "play", cmd_play, true, "[options]", N_("play the game") },
	{ "solve", cmd_solve, false, "[options] [FILE|-]", N_("print a minimal solution of a board") },
	{ "analyze", cmd_analyze, false, "[options]", N_("rank, nullity, solutions, quiet patterns") },
	{ "analyse", cmd_analyze, false, NULL, NULL },
	{ "generate", cmd_generate, false, "[options]", N_("print a random solvable board") },
	{ "stats", cmd_stats, false, "[--file FILE]", N_("statistics of finished games") },
	{ "scores", cmd_scores, false, "[--daily DATE]", N_("this host's daily leaderboard") },
	{ "keys", cmd_keys, false, "[--man]", N_("the game's keys, screen by screen") },
	{ "serve", cmd_serve, true, "[options]", N_("the game for a public SSH account") },
	{ "watch", cmd_watch, true, "[--list] [NAME]", N_("watch a public account's live games") },
	{ "ssh-keys", cmd_sshkeys, false, "USER TYPE KEY", N_("accept any SSH key (sshd's AuthorizedKeysCommand)") },
};
#define NCOMMANDS ((int)(sizeof commands / sizeof commands[0]))

/* Edits (insert, delete, change, swap two neighbours) from a to b, capped:
 * "slove" is one from "solve". */
static int edits(const char *a, const char *b)
{
	int n = (int)strlen(a), m = (int)strlen(b);
	if (n > 30 || m > 30)
		return 99;
	int d[32][32];
	for (int i = 0; i <= n; i++)
		for (int j = 0; j <= m; j++) {
			if (!i || !j) {
				d[i][j] = i + j;
				continue;
			}
			int best = d[i - 1][j - 1] + (a[i - 1] != b[j - 1]);
			best = d[i - 1][j] + 1 < best ? d[i - 1][j] + 1 : best;
			best = d[i][j - 1] + 1 < best ? d[i][j - 1] + 1 : best;
			if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] && d[i - 2][j - 2] + 1 < best)
				best = d[i - 2][j - 2] + 1;
			d[i][j] = best;
		}
	return d[n][m];
}

/* The command a mistyped word most likely meant, or NULL. */
static const char *nearest(const char *word)
{
	const char *best = NULL;
	int least = 3;
	for (int i = 0; i < NCOMMANDS; i++) {
		int e = edits(word, commands[i].name);
		bool prefix = strlen(word) >= 2 && strncmp(commands[i].name, word, strlen(word)) == 0;
		if (prefix)
			e = 1;
		if (e < least) {
			least = e;
			best = commands[i].name;
		}
	}
	return best;
}

/* text from column col on, wrapped at words so that no line passes 79
 * columns (a German or French description is longer than the English
 * one); the lines after the first start at col. */
static void usage_wrapped(int col, const char *text)
{
	int room = 79 - col > 20 ? 79 - col : 20;
	while (*text) {
		size_t n = strlen(text);
		if (text_cols(text) > room) {
			size_t fit = text_fit(text, room), cut = fit;
			while (cut > 0 && text[cut] != ' ')
				cut--;
			n = cut ? cut : fit;
		}
		printf("%.*s\n", (int)n, text);
		text += n;
		while (*text == ' ')
			text++;
		if (*text)
			printf("%*s", col, "");
	}
}

static void usage(void)
{
	/* From the table, so a new command is listed the day it is added.
	 * The commands' lines stand under each other after the first's
	 * "Usage:", as wide as it is in the language. */
	const char *head = _("Usage:");
	for (int i = 0; i < NCOMMANDS; i++) {
		const struct command *c = &commands[i];
		if (!c->what)
			continue;
		char line[64];
		/* The first, play, is the command when none is given. */
		snprintf(line, sizeof line, i ? "lightsout %s %s" : "lightsout [%s] %s", c->name, c->args);
		if (i)
			printf("%*s", text_cols(head), "");
		else
			fputs(head, stdout);
		printf(" %-35s ", line);
		usage_wrapped(text_cols(head) + 37, _(c->what));
	}
	/* TRANSLATORS: the options stay as they are; "Rules:" heads the
	 * list of rules (their names, then what a press changes). */
	fputs(_("\n"
		"Common options: -s, --size RxC|N   -r, --rule NAME   --torus   -k, --states K\n"
		"                --forward-only   --seed N   --help   --version\n"
		"                --grid hex   --board merlin|cube   --graph FILE\n"
		"Rules:\n"),
	      stdout);
	/* From the registry, so a new rule is listed the day it is added. */
	for (const rule_entry *e = rule_registry; e->name; e++)
		if (e->kind != RULE_GRAPH) {
			printf("  %-12s ", e->kind == RULE_RANDOM ? "random" : e->flags & RULE_PREFIX ? "mask:ROW/..." : e->name);
			usage_wrapped(15, _(e->blurb));
		}
	fputs(_("'lightsout COMMAND --help' describes each command; 'man 6 lightsout' all of it.\n"), stdout);
}

int main(int argc, char **argv)
{
	lang_start();
	/* Past the file size limit (ulimit -f) a write fails with EFBIG, and
	 * says so like any failed write, instead of the signal killing us
	 * with no word, half a file written and the terminal as curses had it. */
	signal(SIGXFSZ, SIG_IGN);
	if (argc < 2)
		return cmd_play(argc, argv);
	const char *cmd = argv[1];
	if (strcmp(cmd, "--help") == 0 || strcmp(cmd, "-h") == 0 || strcmp(cmd, "help") == 0) {
		usage();
		return output_finish(NULL, 0);
	}
	if (strcmp(cmd, "--version") == 0 || strcmp(cmd, "-V") == 0) {
		printf("lightsout %s\n", PACKAGE_VERSION);
		return output_finish(NULL, 0);
	}
	for (int i = 0; i < NCOMMANDS; i++)
		if (strcmp(cmd, commands[i].name) == 0) {
			const struct command *c = &commands[i];
			if (c->own_end)
				return c->run(argc - 1, argv + 1);
			/* A spelling's messages use the name it spells. */
			return output_finish(c->what ? c->name : c[-1].name, c->run(argc - 1, argv + 1));
		}
	if (cmd[0] == '-')
		return cmd_play(argc, argv);
	const char *meant = nearest(cmd);
	if (meant) {
		fprintf(stderr, _("lightsout: unknown command '%s': did you mean '%s'?\nTry 'lightsout --help'.\n"), cmd,
			meant);
		return EXIT_USAGE;
	}
	fprintf(stderr, _("lightsout: unknown command '%s'\nTry 'lightsout --help'.\n"), cmd);

	return EXIT_USAGE;
}
