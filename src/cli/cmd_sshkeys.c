/* lightsout ssh-keys: sshd's AuthorizedKeysCommand for a public game
 * account.  Every well-formed key is let in, bound to the game: the key
 * only chooses which player it is (serve reads it back from sshd). */
#include <stdbool.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "base/path.h"
#include "cli/commands.h"
#include "persist/sshkey.h"
#include "i18n.h"

static void help(void)
{
	/* TRANSLATORS: the sshd_config lines stay as they are. */
	printf(_("Usage: lightsout ssh-keys USER TYPE KEY\n"
		 "Accept any well-formed SSH public key, for an account that serves the game\n"
		 "to anyone (lightsout serve): prints the authorized_keys line for the key,\n"
		 "limited to the game with a terminal (restrict,pty,command=\"... serve\").\n"
		 "sshd runs it; in sshd_config, for that account only:\n"
		 "\n"
		 "  Match User play\n"
		 "      AuthorizedKeysCommand /usr/local/bin/lightsout ssh-keys %%u %%t %%k\n"
		 "      AuthorizedKeysCommandUser nobody\n"
		 "\n"
		 "USER is not looked up: every account this reaches takes every key.\n"
		 "Key types: ssh-ed25519, ssh-rsa, ecdsa-sha2-nistp256/384/521, ssh-dss,\n"
		 "sk-ssh-ed25519@openssh.com, sk-ecdsa-sha2-nistp256@openssh.com; no certificates.\n"
		 "Exit status: 0 key accepted, 2 anything malformed (nothing on standard output).\n"));
}

/* What useradd would take: [a-z_][a-z0-9_.-]*, up to 32, an optional final '$'. */
static bool user_valid(const char *u)
{
	size_t n = strlen(u);
	if (n && u[n - 1] == '$')
		n--;
	if (n < 1 || n > 32 || !((u[0] >= 'a' && u[0] <= 'z') || u[0] == '_'))
		return false;
	for (size_t i = 1; i < n; i++)
		if (!((u[i] >= 'a' && u[i] <= 'z') || (u[i] >= '0' && u[i] <= '9') || strchr("_.-", u[i])))
			return false;
	return true;
}

/* The running binary's absolute path for command="...", or false when it
 * cannot be had or needs quoting that sshd's option syntax makes risky. */
static bool self_path(char *out, size_t len)
{
	ssize_t n = readlink("/proc/self/exe", out, len - 1);
	if (n <= 0 || (size_t)n >= len - 1 || out[0] != '/')
		return false;
	out[n] = '\0';
	for (ssize_t i = 0; i < n; i++) {
		unsigned char c = (unsigned char)out[i];
		if (c <= 0x20 || c == 0x7f || c == '"' || c == '\\')
			return false;
	}
	return true;
}

int cmd_sshkeys(int argc, char **argv)
{
	if (argc == 2 && (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0)) {
		help();
		return 0;
	}
	if (argc != 4) {
		fprintf(stderr, P_("lightsout ssh-keys: want USER TYPE KEY, got %d operand (see --help)\n",
				   "lightsout ssh-keys: want USER TYPE KEY, got %d operands (see --help)\n", argc - 1),
			argc - 1);
		return EXIT_USAGE;
	}
	if (!user_valid(argv[1])) {
		fprintf(stderr, _("lightsout ssh-keys: not a user name\n"));
		return EXIT_USAGE;
	}
	unsigned char digest[32];
	char err[300], fp[SSHKEY_FP_LEN], self[PATH_LEN];
	if (sshkey_check(argv[2], argv[3], digest, err, sizeof err) < 0) {
		/* notext: the command's name before a message said elsewhere */
		fprintf(stderr, "lightsout ssh-keys: %s\n", err);
		return EXIT_USAGE;
	}
	sshkey_fingerprint(digest, fp);
	/* notext: sshd reads it (an authorized_keys line) */
	if (self_path(self, sizeof self))

		printf("restrict,pty,command=\"%s serve\" %s %s lightsout-player-%s\n", self, argv[2], argv[3], fp);
	else
		printf("restrict,pty %s %s lightsout-player-%s\n", argv[2], argv[3], fp);
	return 0;
}
