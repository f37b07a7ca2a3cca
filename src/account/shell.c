/* lightsout-shell: the public account's login shell.  It can only start
 * the game, the way git-shell guards a git account: whatever sshd or a
 * client asks for (-c COMMAND, a login shell, anything else) is ignored
 * (--help and --version alone, words sshd never gives, print and exit),
 * and it runs "lightsout serve" with the options an admin wrote, so a lost
 * ForceCommand or Match block in sshd's configuration gives nobody a shell.
 *
 * It runs what lies beside it in its own directory, which must be root's
 * and writable by no one else: the game "lightsout" (a link to the
 * installed one) and "serve.options" (a link to the admin's file, root's,
 * writable by root alone), its words given to serve as they are ('#' to
 * the end of a line is a comment; no quoting, no expansion).  No file: the
 * game's own limits.  The environment is a fixed list of what the game
 * reads from sshd; nothing else passes.  A small program of its own, not a
 * mode of the game: nothing of the game (curses, its options) runs before
 * the exec, and it is read in a minute.  Its refusals are in the client's
 * language where the host has that locale (the C library's gettext). */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <locale.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "i18n.h"

enum { MAX_WORDS = 64, MAX_FILE = 4096 };

/* What sshd sets that the game reads (the key, the address, the command
 * asked for, the terminal and the language: LANG and every locale
 * category the C library reads, as sshd's usual "AcceptEnv LANG LC_*"
 * takes them from the client, but not LANGUAGE), and the sanitizer
 * builds' options (sshd's SetEnv in the tests).  A client can only send
 * what sshd's AcceptEnv names. */
static const char *const kept_env[] = {
	"HOME", "USER", "LOGNAME", "TERM", "TZ",
	"LANG", "LC_ALL", "LC_CTYPE", "LC_MESSAGES", "LC_COLLATE", "LC_NUMERIC", "LC_TIME", "LC_MONETARY",
	"LC_PAPER", "LC_NAME", "LC_ADDRESS", "LC_TELEPHONE", "LC_MEASUREMENT", "LC_IDENTIFICATION",
	"SSH_USER_AUTH", "SSH_CONNECTION", "SSH_CLIENT", "SSH_TTY", "SSH_ORIGINAL_COMMAND",
	"ASAN_OPTIONS", "UBSAN_OPTIONS", "TSAN_OPTIONS",
};

static void refuse(const char *what, const char *why)
{
	/* TRANSLATORS: lightsout-shell, the public account's login shell,
	 * cannot start the game: the first %s is a file, the second why. */
	fprintf(stderr, _("lightsout-shell: %s: %s (the arcade is not set up right: tell its admin)\n"), what, why);
	exit(1);
}

/* Root's, and writable by no one else: what sshd asks of its own helpers. */
static const char *unsafe(const struct stat *st)
{
	return st->st_uid != 0 ? _("not owned by root")
		: st->st_mode & (S_IWGRP | S_IWOTH) ? _("writable by others than root") : NULL;
}

/* The options file's words, in place in buf; their count. */
static int read_options(const char *path, char *buf, char **words)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK);
	if (fd < 0) {
		if (errno == ENOENT)
			return 0;	/* no file: serve's own limits */
		refuse(path, strerror(errno));
	}
	struct stat st;
	if (fstat(fd, &st) < 0 || !S_ISREG(st.st_mode))
		refuse(path, _("not a regular file"));
	if (unsafe(&st))
		refuse(path, unsafe(&st));
	ssize_t n = read(fd, buf, MAX_FILE);
	if (n < 0)
		refuse(path, strerror(errno));
	char extra;
	if (n == MAX_FILE && read(fd, &extra, 1) > 0)
		refuse(path, _("longer than 4096 bytes"));
	close(fd);
	buf[n] = '\0';
	int count = 0;
	for (char *p = buf; *p;) {
		if (*p == '#') {
			*p++ = '\0';	/* it may end a word */
			p += strcspn(p, "\n");
			continue;
		}
		if (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r') {
			*p++ = '\0';
			continue;
		}
		if (count == MAX_WORDS)
			refuse(path, _("more than 64 words"));
		words[count++] = p;
		for (; *p && !strchr(" \t\n\r#", *p); p++)
			if ((unsigned char)*p < 0x20 || *p == 0x7f)
				refuse(path, _("a control character"));
	}
	return count;
}

/* --help and --version, for an admin at a terminal (and automake's
 * std-options check), as the one word given.  sshd never gives that: it
 * runs a login shell with no word ("-lightsout-shell") or "-c COMMAND",
 * so no client reaches this; it prints and exits, and starts nothing. */
static bool asked_about(int argc, char **argv)
{
	if (argc != 2)
		return false;
	if (strcmp(argv[1], "--version") == 0) {
		printf("lightsout-shell (%s) %s\n", PACKAGE, PACKAGE_VERSION);
		return true;
	}
	if (strcmp(argv[1], "--help") != 0)
		return false;
	/* TRANSLATORS: lightsout-shell --help; serve.options and "lightsout
	 * serve" stay as they are. */
	fputs(_("Usage: lightsout-shell\n"
		"The public account's login shell: whatever it is asked, it runs the game\n"
		"beside it as \"lightsout serve\" with the words of serve.options beside it,\n"
		"both in its own directory, which must be root's (docs/hosting.md).\n"
		"  --help      this help\n"
		"  --version   the version\n"),
	      stdout);
	return true;
}

int main(int argc, char **argv)
{
	char self[PATH_MAX], game[PATH_MAX + 16], options[PATH_MAX + 16];
#if ENABLE_NLS
	/* The messages only: the installed catalogs, never a directory
	 * named by the environment (the client's, through sshd). */
	if (setlocale(LC_ALL, "")) {
		bindtextdomain(PACKAGE, LOCALEDIR);
		textdomain(PACKAGE);
	}
#endif
	if (asked_about(argc, argv))
		return fflush(stdout) == 0 && !ferror(stdout) ? 0 : 1;
	ssize_t n = readlink("/proc/self/exe", self, sizeof self - 1);
	if (n <= 0)
		refuse("/proc/self/exe", n < 0 ? strerror(errno) : _("empty"));
	self[n] = '\0';
	char *slash = strrchr(self, '/');
	if (!slash || slash == self)
		refuse(self, _("not in a directory of its own"));

	*slash = '\0';
	struct stat st;
	if (stat(self, &st) < 0)
		refuse(self, strerror(errno));
	if (unsafe(&st))
		refuse(self, unsafe(&st));
	snprintf(game, sizeof game, "%s/lightsout", self);
	snprintf(options, sizeof options, "%s/serve.options", self);

	static char buf[MAX_FILE + 1];
	char *words[MAX_WORDS];
	int count = read_options(options, buf, words);
	char *args[MAX_WORDS + 3];
	args[0] = "lightsout";
	args[1] = "serve";
	for (int i = 0; i < count; i++)
		args[2 + i] = words[i];
	args[2 + count] = NULL;

	/* A fixed environment: the kept names' values, then PATH. */
	enum { KEPT = sizeof kept_env / sizeof kept_env[0] };
	char *env[KEPT + 2];
	int e = 0;
	for (int i = 0; i < KEPT; i++) {
		const char *v = getenv(kept_env[i]);
		if (!v)
			continue;
		size_t len = strlen(kept_env[i]) + strlen(v) + 2;
		env[e] = malloc(len);
		if (!env[e])
			refuse(_("environment"), strerror(ENOMEM));
		snprintf(env[e++], len, "%s=%s", kept_env[i], v);
	}
	env[e++] = "PATH=/usr/bin:/bin";
	env[e] = NULL;
	execve(game, args, env);
	refuse(game, strerror(errno));
	return 1;
}
