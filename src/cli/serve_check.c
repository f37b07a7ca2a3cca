/* lightsout serve --check ACCOUNT: the public account as sshd will really
 * apply it (sshd -T for that user), the programs it runs, the password and
 * PAM rule that let guests in, and the players' directory.  Each problem
 * is printed with its fix; nothing is changed. */
#include "base/path.h"
#include "cli/serve_check.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <pwd.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "persist/host.h"
#include "persist/roster.h"
#include "i18n.h"

/* The installed login shell (make install: $(pkglibexecdir)). */
#ifndef LO_SHELL_PATH
#define LO_SHELL_PATH "/usr/local/libexec/lightsout/lightsout-shell"
#endif

typedef struct report {
	FILE *out;
	int problems;
} report;

static void say_ok(report *r, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void say_ok(report *r, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	/* TRANSLATORS: the labels of serve --check's lines ("ok:", "PROBLEM:",
	 * "fix:", "note:") are padded to one width, so that what follows
	 * them lines up: keep the four equally wide (9 columns in English;
	 * "fix:" is indented two). */
	fputs(_("ok:      "), r->out);
	vfprintf(r->out, fmt, ap);
	fputc('\n', r->out);
	va_end(ap);
}

/* A problem and, on the next line, what fixes it (NULL: nothing to run). */
static void say_problem(report *r, const char *fix, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static void say_problem(report *r, const char *fix, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	fputs(_("PROBLEM: "), r->out);
	vfprintf(r->out, fmt, ap);
	fputc('\n', r->out);
	if (fix)
		fprintf(r->out, _("  fix:   %s\n"), fix);
	va_end(ap);
	r->problems++;
}

/* Whether an SSH server answers on this host's port (localhost, IPv4 then
 * IPv6, a second at most each): its greeting line into banner, or false. */
static bool port_answers(long port, char *banner, size_t len)
{
	struct sockaddr_in v4 = { .sin_family = AF_INET, .sin_port = htons((uint16_t)port),
				  .sin_addr.s_addr = htonl(INADDR_LOOPBACK) };
	struct sockaddr_in6 v6 = { .sin6_family = AF_INET6, .sin6_port = htons((uint16_t)port),
				   .sin6_addr = IN6ADDR_LOOPBACK_INIT };
	const struct sockaddr *to[2] = { (const struct sockaddr *)&v4, (const struct sockaddr *)&v6 };
	const socklen_t to_len[2] = { sizeof v4, sizeof v6 };
	banner[0] = '\0';
	for (int i = 0; i < 2; i++) {
		int fd = socket(to[i]->sa_family, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
		if (fd < 0)
			continue;
		struct pollfd p = { .fd = fd, .events = POLLOUT };
		int err = 0;
		socklen_t el = sizeof err;
		bool up = (connect(fd, to[i], to_len[i]) == 0 || errno == EINPROGRESS) && poll(&p, 1, 1000) == 1 &&
			  getsockopt(fd, SOL_SOCKET, SO_ERROR, &err, &el) == 0 && err == 0;
		if (up) {
			p.events = POLLIN;
			ssize_t n = poll(&p, 1, 1000) == 1 ? read(fd, banner, len - 1) : 0;
			banner[n > 0 ? n : 0] = '\0';
			banner[strcspn(banner, "\r\n")] = '\0';
		}
		close(fd);
		if (up)
			return true;
	}
	return false;
}

/* What useradd takes, so that the name is safe in sshd's -C list. */
static bool account_valid(const char *a)
{
	size_t n = strlen(a);
	if (n < 1 || n > 32 || a[0] == '-')
		return false;
	for (size_t i = 0; i < n; i++)
		if (!((a[i] >= 'a' && a[i] <= 'z') || (a[i] >= 'A' && a[i] <= 'Z') || (a[i] >= '0' && a[i] <= '9') ||
		      strchr("_.-", a[i]) || (a[i] == '$' && i == n - 1)))
			return false;
	return true;
}

/* Split s in place at blanks; the number of words (at most max). */
static int split_words(char *s, char **w, int max)
{
	int n = 0;
	for (char *save = NULL, *t = strtok_r(s, " \t\r\n", &save); t && n < max; t = strtok_r(NULL, " \t\r\n", &save))
		w[n++] = t;
	return n;
}

/* ---- 1. the account ---- */

/* Whether path is a lightsout-shell (the account's login shell). */
static bool is_login_shell(const char *path)
{
	const char *base = strrchr(path, '/') ? strrchr(path, '/') + 1 : path;
	return path[0] == '/' && strcmp(base, "lightsout-shell") == 0;
}

static void check_account(report *r, const char *account, const struct passwd *pw)
{
	char fix[2 * PATH_MAX + 100];
	struct stat st;
	errno = 0;
	if (!pw->pw_dir || pw->pw_dir[0] != '/') {
		snprintf(fix, sizeof fix, "usermod --home /var/lib/lightsout-%s --move-home %s", account, account);
		say_problem(r, fix, _("%s has no home directory in the password file"), account);
	} else if (stat(pw->pw_dir, &st) < 0 || !S_ISDIR(st.st_mode)) {
		bool missing = errno == ENOENT;
		snprintf(fix, sizeof fix, "mkdir -m 711 %s && chown %s: %s", pw->pw_dir, account, pw->pw_dir);
		if (missing)
			say_problem(r, fix, _("%s's home %s is missing"), account, pw->pw_dir);
		else
			say_problem(r, fix, _("%s's home %s is not a directory"), account, pw->pw_dir);
	} else if (st.st_uid != pw->pw_uid) {
		snprintf(fix, sizeof fix, "chown %s: %s", account, pw->pw_dir);
		say_problem(r, fix, _("%s's home %s belongs to uid %u, not to %s"), account, pw->pw_dir,
			    (unsigned)st.st_uid, account);
	} else {
		say_ok(r, _("account %s (uid %u), its home %s is its own"), account, (unsigned)pw->pw_uid, pw->pw_dir);
	}
	if (pw->pw_uid == 0) {
		/* TRANSLATORS: %s is the login shell's path; the command stays as it is. */
		snprintf(fix, sizeof fix, _("useradd --system --create-home --shell %s play, and check that account"),
			 LO_SHELL_PATH);
		say_problem(r, fix, _("%s is root: strangers must not play as root"), account);
	}
	/* sshd runs every command, ForceCommand's too, through the account's
	 * login shell: only lightsout-shell starts the game whatever it is
	 * asked, so that a lost ForceCommand gives nobody a shell. */
	const char *sh = pw->pw_shell && pw->pw_shell[0] ? pw->pw_shell : "/bin/sh";
	snprintf(fix, sizeof fix, "usermod --shell %s %s", LO_SHELL_PATH, account);
	if (is_login_shell(sh) && access(sh, X_OK) == 0)
		say_ok(r, _("%s's login shell %s can only start the game"), account, sh);
	else if (is_login_shell(sh))
		say_problem(r, fix, _("%s's login shell %s cannot run: nobody can play"), account, sh);
	else
		say_problem(r, fix, _("%s's login shell is %s: should sshd ever not force the game on %s (a lost "
				      "ForceCommand or Match block), anyone can log in with a shell"), account, sh, account);
}

/* ---- 2. what sshd applies to the account ---- */

enum { S_AKC, S_AKCUSER, S_EXPOSE, S_FORCE, S_METHODS, S_TTY, S_NOFWD, S_PAM, S_PUBKEY, S_KBD, S_PORT, S_N };
static const char *const setting_names[S_N] = {
	"authorizedkeyscommand", "authorizedkeyscommanduser", "exposeauthinfo", "forcecommand",
	"authenticationmethods", "permittty", "disableforwarding", "usepam", "pubkeyauthentication",
	"kbdinteractiveauthentication", "port",
};

/* sshd: on PATH, or in the sbin directories a plain PATH lacks. */
static bool find_sshd(char *out, size_t len)
{
	const char *env = getenv("PATH");
	char dirs[PATH_LEN];
	snprintf(dirs, sizeof dirs, "%s:/usr/sbin:/usr/local/sbin", env ? env : "");
	for (char *save = NULL, *d = strtok_r(dirs, ":", &save); d; d = strtok_r(NULL, ":", &save)) {
		struct stat st;
		if (d[0] == '/' && snprintf(out, len, "%s/sshd", d) < (int)len && stat(out, &st) == 0 &&
		    S_ISREG(st.st_mode) && access(out, X_OK) == 0)
			return true;
	}
	return false;
}

/* Run argv[0] with argv (no shell): its output and errors together, at
 * most 1 MiB, in a string to free; its wait status in *status (-1 when it
 * could not be started).  NULL only when out of memory or pipes. */
static char *run_capture(char *const argv[], int *status)
{
	int fd[2];
	*status = -1;
	if (pipe(fd) < 0)
		return NULL;
	fflush(NULL);
	pid_t pid = fork();
	if (pid < 0) {
		close(fd[0]);
		close(fd[1]);
		return NULL;
	}
	if (pid == 0) {
		int null = open("/dev/null", O_RDONLY);
		if (null >= 0)
			dup2(null, STDIN_FILENO);
		dup2(fd[1], STDOUT_FILENO);
		dup2(fd[1], STDERR_FILENO);
		close(fd[0]);
		close(fd[1]);
		execv(argv[0], argv);
		fprintf(stderr, "%s: %s\n", argv[0], strerror(errno));
		_exit(127);
	}
	close(fd[1]);
	size_t cap = 65536, n = 0;
	char *buf = malloc(cap + 1);
	for (;;) {
		char chunk[8192];
		ssize_t got = read(fd[0], chunk, sizeof chunk);
		if (got < 0 && errno == EINTR)
			continue;
		if (got <= 0)
			break;
		if (!buf || n + (size_t)got > (1u << 20))
			continue;	/* drain the rest: sshd must not block */
		if (n + (size_t)got > cap) {
			char *more = realloc(buf, 2 * cap + 1);
			if (!more) {
				free(buf);
				buf = NULL;
				continue;
			}
			buf = more;
			cap *= 2;
		}
		memcpy(buf + n, chunk, (size_t)got);
		n += (size_t)got;
	}
	close(fd[0]);
	while (waitpid(pid, status, 0) < 0 && errno == EINTR)
		;
	if (buf)
		buf[n] = '\0';
	return buf;
}

/* Parse sshd -T's "key value" lines in place: value pointers into text. */
static void parse_settings(char *text, const char *val[S_N])
{
	for (char *line = text, *next; line && *line; line = next) {
		next = strchr(line, '\n');
		if (next)
			*next++ = '\0';
		char *sp = strchr(line, ' ');
		if (!sp)
			continue;
		*sp = '\0';
		for (int i = 0; i < S_N; i++)
			if (!val[i] && strcmp(line, setting_names[i]) == 0)
				val[i] = sp + 1;
	}
}

/* What the ForceCommand line says about serve. */
typedef struct serve_line {
	char prog[PATH_MAX];	/* "" when ForceCommand is not lightsout serve */
	char shell[PATH_MAX];	/* ForceCommand's lightsout-shell, or "" */
	bool guests;		/* guests let in (no --guests 0) */
	char dir[PATH_MAX];	/* --dir, or "" */
	bool pam;		/* UsePAM (true when sshd did not say) */
	long port;		/* sshd's first port (22 when it did not say) */
} serve_line;

/* lightsout-shell's command line, as it makes it: DIR/lightsout serve
 * and the words of DIR/serve.options ('#' to the end of a line dropped),
 * in out. */
static void shell_command(const char *shell, char *out, size_t len)
{
	char dir[PATH_MAX], line[4200];
	snprintf(dir, sizeof dir, "%s", shell);
	*strrchr(dir, '/') = '\0';
	/* notext: a command line */
	int n = snprintf(out, len, "%s/lightsout serve", dir);
	snprintf(line, sizeof line, "%s/serve.options", dir);
	FILE *f = fopen(line, "r");
	if (!f)
		return;
	while (n >= 0 && (size_t)n < len && fgets(line, sizeof line, f)) {
		line[strcspn(line, "#\n")] = '\0';
		n += snprintf(out + n, len - (size_t)n, " %s", line);
	}
	fclose(f);
}

static void parse_force(const char *force, serve_line *s)
{
	char copy[8192], *w[256];
	s->prog[0] = s->dir[0] = s->shell[0] = '\0';
	s->guests = HOST_GUESTS > 0;
	s->pam = true;
	s->port = 22;
	snprintf(copy, sizeof copy, "%s", force);
	int n = split_words(copy, w, 256);
	if (n == 1 && is_login_shell(w[0])) {
		snprintf(s->shell, sizeof s->shell, "%s", w[0]);
		shell_command(s->shell, copy, sizeof copy);
		n = split_words(copy, w, 256);
	}
	if (n < 2 || strcmp(w[1], "serve") != 0)
		return;
	snprintf(s->prog, sizeof s->prog, "%s", w[0]);
	for (int i = 2; i < n && strcmp(w[i], "--") != 0; i++) {
		const char *v = NULL;
		if (strncmp(w[i], "--guests=", 9) == 0 || strncmp(w[i], "--dir=", 6) == 0)
			v = strchr(w[i], '=') + 1;
		else if ((strcmp(w[i], "--guests") == 0 || strcmp(w[i], "--dir") == 0) && i + 1 < n)
			v = w[i + 1];
		if (!v)
			continue;
		if (w[i][2] == 'g')
			s->guests = strtol(v, NULL, 10) != 0;
		else
			snprintf(s->dir, sizeof s->dir, "%s", v);
	}
}

/* path's directory, in buf. */
static const char *dirname_of(const char *path, char *buf, size_t len)
{
	snprintf(buf, len, "%s", path);
	char *slash = strrchr(buf, '/');
	if (slash)
		*slash = '\0';
	return buf;
}

/* Whether the space-separated lists of AuthenticationMethods hold one
 * that is method alone (a key, or keyboard-interactive, suffices). */
static bool method_alone(const char *methods, const char *method)
{
	char copy[2048], *w[64];
	snprintf(copy, sizeof copy, "%s", methods);
	int n = split_words(copy, w, 64);
	for (int i = 0; i < n; i++)
		if (strcmp(w[i], method) == 0 || strcmp(w[i], "any") == 0)
			return true;
	return false;
}

/* The settings sshd applies; the ForceCommand's serve line into s and the
 * AuthorizedKeysCommand's program into akc (both "" when unknown). */
static void check_sshd(report *r, const char *account, const char *config, bool shell_safe, serve_line *s, char *akc,
		       size_t akclen)
{
	char sshd[PATH_MAX], criteria[200], fix[PATH_MAX + 200], dir[PATH_MAX];
	akc[0] = '\0';
	parse_force("", s);
	if (!find_sshd(sshd, sizeof sshd)) {
		/* notext: the fix is a command */
		say_problem(r, "apt-get install openssh-server",
			    _("sshd is not installed (not on PATH, /usr/sbin or /usr/local/sbin)"));
		return;
	}
	snprintf(criteria, sizeof criteria, "user=%s,host=localhost,addr=127.0.0.1", account);
	char *argv[] = { sshd, "-T", "-C", criteria, config ? "-f" : NULL, (char *)config, NULL };
	int status;
	char *text = run_capture(argv, &status);
	if (!text) {
		say_problem(r, NULL, _("cannot run %s: %s"), sshd, strerror(errno));
		return;
	}
	if (status != 0) {
		size_t n = strlen(text);
		while (n && text[n - 1] == '\n')
			text[--n] = '\0';
		say_problem(r, _("correct the configuration, then check again (sshd -t tells the same)"),
			    _("%s -T %s%s refuses the configuration: %s"), sshd, config ? "-f " : "", config ? config : "",
			    n ? text : _("(no message)"));
		free(text);
		return;
	}
	const char *val[S_N] = { NULL };
	parse_settings(text, val);
	for (int i = 0; i < S_N; i++)
		if (!val[i])
			val[i] = "";
	if (strcmp(val[S_AKC], "none") == 0 && strcmp(val[S_FORCE], "none") == 0) {
		snprintf(fix, sizeof fix, _("append contrib/sshd_config.lightsout-public to %s with 'Match User %s'"),
			 config ? config : "/etc/ssh/sshd_config", account);
		if (shell_safe)
			say_problem(r, fix, _("sshd applies no lightsout recipe to %s (no AuthorizedKeysCommand, no "
					      "ForceCommand)"), account);
		else
			say_problem(r, fix, _("sshd applies no lightsout recipe to %s (no AuthorizedKeysCommand, no "
					      "ForceCommand): anyone can log in with a shell"), account);
		free(text);
		return;
	}
	/* AuthorizedKeysCommand PROGRAM ssh-keys %u %t %k */
	char copy[4200], *w[16];
	snprintf(copy, sizeof copy, "%s", val[S_AKC]);
	int n = split_words(copy, w, 16);
	if (n == 5 && strcmp(w[1], "ssh-keys") == 0 && strcmp(w[2], "%u") == 0 && strcmp(w[3], "%t") == 0 &&
	    strcmp(w[4], "%k") == 0) {
		snprintf(akc, akclen, "%s", w[0]);
		say_ok(r, _("AuthorizedKeysCommand runs %s ssh-keys"), akc);
	} else {
		/* notext: the fix is sshd_config's line */
		say_problem(r, "AuthorizedKeysCommand /usr/local/bin/lightsout ssh-keys %u %t %k",
			    _("AuthorizedKeysCommand is '%s', not lightsout ssh-keys %%u %%t %%k: keys are not players"),
			    val[S_AKC]);
	}
	struct passwd *kpw = strcmp(val[S_AKCUSER], "none") ? getpwnam(val[S_AKCUSER]) : NULL;
	if (!kpw)
		/* notext: the fix is sshd_config's line */
		say_problem(r, "AuthorizedKeysCommandUser nobody",
			    _("AuthorizedKeysCommandUser '%s' is no account: sshd runs no keys command"), val[S_AKCUSER]);
	else if (kpw->pw_uid == 0 || strcmp(kpw->pw_name, account) == 0)
		/* notext: the fix is sshd_config's line */
		say_problem(r, "AuthorizedKeysCommandUser nobody",
			    _("AuthorizedKeysCommandUser is %s: the keys command should run as nobody, not root or the "
			      "account"),
			    kpw->pw_name);
	else
		say_ok(r, "AuthorizedKeysCommandUser %s", kpw->pw_name);
	if (strcmp(val[S_EXPOSE], "yes") == 0)
		/* notext: sshd_config's line */
		say_ok(r, "ExposeAuthInfo yes");
	else
		/* notext: the fix is sshd_config's line */
		say_problem(r, "ExposeAuthInfo yes",
			    _("ExposeAuthInfo is '%s': serve cannot tell which key logged in, and refuses everyone"),
			    val[S_EXPOSE]);
	parse_force(val[S_FORCE], s);
	s->pam = strcmp(val[S_PAM], "yes") == 0;
	if (strtol(val[S_PORT], NULL, 10) > 0)
		s->port = strtol(val[S_PORT], NULL, 10);
	if (s->shell[0] && s->prog[0] && s->guests)
		say_ok(r, _("ForceCommand runs %s: %s serve with %s/serve.options (guests on)"), s->shell, s->prog,
		       dirname_of(s->shell, dir, sizeof dir));
	else if (s->shell[0] && s->prog[0])
		say_ok(r, _("ForceCommand runs %s: %s serve with %s/serve.options (guests off)"), s->shell, s->prog,
		       dirname_of(s->shell, dir, sizeof dir));
	else if (s->prog[0] && s->guests)
		say_ok(r, _("ForceCommand runs %s serve (guests on)"), s->prog);
	else if (s->prog[0])
		say_ok(r, _("ForceCommand runs %s serve (guests off)"), s->prog);
	else if (shell_safe)
		say_problem(r, "ForceCommand " LO_SHELL_PATH,
			    _("ForceCommand is '%s', not lightsout-shell or lightsout serve: the login shell still starts "
			      "the game, but sshd should force it too"), val[S_FORCE]);
	else
		say_problem(r, "ForceCommand " LO_SHELL_PATH,
			    _("ForceCommand is '%s', not lightsout-shell or lightsout serve: anyone can log in with a "
			      "shell"), val[S_FORCE]);
	if (akc[0] && s->prog[0]) {
		char ra[PATH_MAX], rs[PATH_MAX];
		struct stat sa, ss;
		if (realpath(akc, ra) && realpath(s->prog, rs) && stat(ra, &sa) == 0 && stat(rs, &ss) == 0 &&
		    (sa.st_dev != ss.st_dev || sa.st_ino != ss.st_ino)) {
			snprintf(fix, sizeof fix, _("point AuthorizedKeysCommand and ForceCommand at the same installed %s"),
				 s->prog);
			say_problem(r, fix, _("AuthorizedKeysCommand runs %s but ForceCommand runs %s: one game, one path"),
				    ra, rs);
		}
	}
	bool methods_ok = method_alone(val[S_METHODS], "publickey") &&
			  (!s->guests || method_alone(val[S_METHODS], "keyboard-interactive"));
	if (methods_ok)
		say_ok(r, "AuthenticationMethods %s", val[S_METHODS]);
	else if (s->guests)
		/* notext: the fix is sshd_config's line */
		say_problem(r, "AuthenticationMethods publickey keyboard-interactive",
			    _("AuthenticationMethods is '%s': a key alone, or keyboard-interactive alone for guests, "
			      "must let one in"), val[S_METHODS]);
	else
		/* notext: the fix is sshd_config's line */
		say_problem(r, "AuthenticationMethods publickey",
			    _("AuthenticationMethods is '%s': a key alone must let one in"), val[S_METHODS]);
	if (strcmp(val[S_PUBKEY], "yes") != 0)
		/* notext: the fix is sshd_config's line */
		say_problem(r, "PubkeyAuthentication yes", _("PubkeyAuthentication is '%s': keys cannot log in"),
			    val[S_PUBKEY]);
	if (s->guests && strcmp(val[S_KBD], "yes") != 0)
		say_problem(r, _("KbdInteractiveAuthentication yes (or --guests 0 on the ForceCommand line)"),
			    _("KbdInteractiveAuthentication is '%s': guests cannot log in"), val[S_KBD]);
	if (s->guests && strcmp(val[S_PAM], "yes") != 0)
		say_problem(r, _("UsePAM yes (or --guests 0 on the ForceCommand line)"),
			    _("UsePAM is '%s': guests are let in by sshd's PAM stack"), val[S_PAM]);
	if (strcmp(val[S_TTY], "yes") == 0 && strcmp(val[S_NOFWD], "yes") == 0)
		/* notext: sshd_config's lines */
		say_ok(r, "PermitTTY yes, DisableForwarding yes");
	if (strcmp(val[S_TTY], "yes") != 0)
		/* notext: the fix is sshd_config's line */
		say_problem(r, "PermitTTY yes", _("PermitTTY is '%s': the game needs a terminal"), val[S_TTY]);
	if (strcmp(val[S_NOFWD], "yes") != 0)
		/* notext: the fix is sshd_config's line */
		say_problem(r, "DisableForwarding yes",
			    _("DisableForwarding is '%s': strangers could forward ports through the host"), val[S_NOFWD]);
	free(text);
}

/* ---- 3. the programs sshd runs ---- */

/* Why st breaks sshd's rule for what it runs as root's helper (a
 * sentence of the path's, to translate), or NULL. */
static const char *unsafe_mode(const struct stat *st)
{
	return st->st_uid != 0 ? N_("%s is not owned by root") : (st->st_mode & S_IWOTH) ? N_("%s is writable by others")
		: (st->st_mode & S_IWGRP) ? N_("%s is writable by its group") : NULL;
}

/* sshd's rule for the AuthorizedKeysCommand (its safe_path()): the real
 * path a regular file, it and every directory above it up to / owned by
 * root and writable by no one else.  false with the first offence in why
 * (and *missing when there is no such file). */
static bool path_safe(const char *prog, char *why, size_t len, bool *missing)
{
	*missing = false;
	char real[PATH_MAX];
	struct stat st;
	if (prog[0] != '/') {
		snprintf(why, len, _("%s is not an absolute path"), prog);
		return false;
	}
	if (!realpath(prog, real) || stat(real, &st) < 0) {
		snprintf(why, len, "%s: %s", prog, strerror(errno));
		*missing = true;
		return false;
	}
	if (!S_ISREG(st.st_mode)) {
		snprintf(why, len, _("%s is not a regular file"), real);
		return false;
	}
	const char *bad = unsafe_mode(&st);
	while (!bad && strcmp(real, "/") != 0) {
		char *slash = strrchr(real, '/');
		if (slash == real)
			slash[1] = '\0';
		else
			*slash = '\0';
		if (stat(real, &st) < 0) {
			snprintf(why, len, "%s: %s", real, strerror(errno));
			return false;
		}
		bad = unsafe_mode(&st);
	}
	if (bad)
		snprintf(why, len, _(bad), real);
	return !bad;
}

/* Whether pw may run prog: x on the file and every directory above it
 * (by the mode bits of the class pw falls in; supplementary groups not
 * counted).  false with the first that stops it in at. */
static bool path_runs_as(const char *prog, const struct passwd *pw, char *at, size_t len)
{
	char real[PATH_MAX];
	struct stat st;
	if (!realpath(prog, real))
		return true;	/* said by path_safe */
	for (;;) {
		if (stat(real, &st) < 0)
			return true;
		mode_t x = st.st_uid == pw->pw_uid ? S_IXUSR : st.st_gid == pw->pw_gid ? S_IXGRP : S_IXOTH;
		if (pw->pw_uid != 0 && !(st.st_mode & x)) {
			snprintf(at, len, "%s", real);
			return false;
		}
		if (strcmp(real, "/") == 0)
			return true;
		char *slash = strrchr(real, '/');
		if (slash == real)
			slash[1] = '\0';
		else
			*slash = '\0';
	}
}

static void check_programs(report *r, const char *account, const char *akc, const char *force, const char *shell)
{
	const char *fix = _("make install (or install the program under /usr/local/bin), then point "
			    "AuthorizedKeysCommand and ForceCommand at the installed path");
	char why[PATH_MAX + 100], at[PATH_MAX];
	bool missing;
	if (akc[0]) {
		if (path_safe(akc, why, sizeof why, &missing))
			say_ok(r, _("sshd will run %s for keys: it and every directory above it are root's alone"), akc);
		else if (missing)
			say_problem(r, fix, _("the keys command is missing (%s): every key-holder silently becomes a guest"),
				    why);
		else
			/* TRANSLATORS: "Unsafe AuthorizedKeysCommand" is sshd's log, in English. */
			say_problem(r, fix,
				    _("sshd will not run the keys command: %s.  sshd logs \"Unsafe AuthorizedKeysCommand\" "
				      "and every key-holder silently becomes a guest"), why);
		struct passwd *nobody = getpwnam("nobody");
		if (nobody && !path_runs_as(akc, nobody, at, sizeof at)) {
			char f[PATH_MAX + 20];
			snprintf(f, sizeof f, "chmod o+x %s", at);
			/* TRANSLATORS: nobody is the account the keys command runs as. */
			say_problem(r, f, _("nobody cannot run %s: %s is closed to others"), akc, at);
		}
	}
	if (force[0] && strcmp(force, akc) != 0) {
		if (path_safe(force, why, sizeof why, &missing))
			say_ok(r, _("the game %s and every directory above it are root's alone"), force);
		else if (missing)
			say_problem(r, fix, _("the game in ForceCommand is missing (%s): nobody can play"), why);
		else
			say_problem(r, fix,
				    _("the game in ForceCommand is where others can change it: %s.  Whoever can write "
				      "there plays every player"), why);
	}
	if (shell[0]) {
		if (path_safe(shell, why, sizeof why, &missing))
			say_ok(r, _("the shell %s and every directory above it are root's alone"), shell);
		else if (missing)
			say_problem(r, fix, _("the shell in ForceCommand is missing: %s"), why);
		else
			say_problem(r, fix, _("the shell in ForceCommand is unsafe: %s"), why);
	}
	struct passwd *pw = getpwnam(account);
	if (force[0] && pw && !path_runs_as(force, pw, at, sizeof at)) {
		char f[PATH_MAX + 20];
		snprintf(f, sizeof f, "chmod o+x %s", at);
		say_problem(r, f, _("%s cannot run %s: %s is closed to it"), account, force, at);
	}
}

/* ---- 4. the password and sshd's PAM rule for guests ---- */

static void check_password(report *r, const char *account, const struct passwd *pw, const char *shadow,
			   bool pam_on)
{
	char fix[200], *line = NULL;
	size_t cap = 0, alen = strlen(account);
	FILE *f = fopen(shadow, "r");
	if (!f) {
		say_problem(r, NULL, _("cannot read %s: %s"), shadow, strerror(errno));
		return;
	}
	char *hash = NULL;
	while (!hash && getline(&line, &cap, f) > 0)
		if (strncmp(line, account, alen) == 0 && line[alen] == ':') {
			hash = line + alen + 1;
			hash[strcspn(hash, ":\n")] = '\0';
		}
	fclose(f);
	if (!hash)	/* no shadow entry: the password file's field counts */
		hash = strcmp(pw->pw_passwd, "x") == 0 ? "*" : pw->pw_passwd;
	snprintf(fix, sizeof fix, "usermod -p '*' %s", account);
	if (!hash[0])
		say_problem(r, fix, _("%s has an empty password: every local user can su to %s"), account, account);
	else if (hash[0] == '!' && !pam_on)
		say_problem(r, fix, _("%s's password is locked ('!') and sshd runs without PAM: sshd refuses the "
				      "account"), account);
	else if (hash[0] == '*' || hash[0] == '!')
		say_ok(r, _("%s has no password that su or login accept"), account);
	else
		say_problem(r, fix, _("%s has a password: whoever knows it can su to %s, outside the game"), account,
			    account);
	free(line);
}

/* Whether the words of an auth line are the guests' rule: pam_succeed_if
 * on the user name, done when it holds, for account. */
static bool guest_rule(char **w, int n, const char *account)
{
	int i = 1;
	bool done = false, ignore = false;
	if (i < n && strcasecmp(w[i], "sufficient") == 0) {
		done = ignore = true;
		i++;
	} else if (i < n && w[i][0] == '[') {
		for (; i < n; i++) {
			char *t = w[i] + (w[i][0] == '[');
			done |= strncasecmp(t, "success=done", 12) == 0;
			ignore |= strncasecmp(t, "default=ignore", 14) == 0;
			if (strchr(w[i], ']')) {
				i++;
				break;
			}
		}
	}
	if (!done || !ignore || i >= n)
		return false;
	const char *mod = strrchr(w[i], '/') ? strrchr(w[i], '/') + 1 : w[i];
	if (strcmp(mod, "pam_succeed_if.so") != 0)
		return false;
	bool user = false;
	for (i++; i < n; i++) {
		if (strcmp(w[i], "use_uid") == 0)
			return false;	/* the caller's user, not the one logging in */
		if (strcmp(w[i], "user") != 0 || i + 2 >= n)
			continue;
		if (strcmp(w[i + 1], "=") == 0 && strcmp(w[i + 2], account) == 0)
			user = true;
		if (strcmp(w[i + 1], "in") == 0) {
			char list[1024];
			snprintf(list, sizeof list, "%s", w[i + 2]);
			for (char *save = NULL, *u = strtok_r(list, ":", &save); u; u = strtok_r(NULL, ":", &save))
				user |= strcmp(u, account) == 0;
		}
	}
	return user;
}

static void check_pam(report *r, const char *account, const char *pam)
{
	char fix[400], *line = NULL;
	size_t cap = 0;
	FILE *f = fopen(pam, "r");
	/* TRANSLATORS: the PAM line after the colon stays as it is. */
	snprintf(fix, sizeof fix, _("add this line at the top of %s:  auth [success=done default=ignore] "
				    "pam_succeed_if.so quiet user = %s"), pam, account);
	if (!f) {
		say_problem(r, fix, _("cannot read %s (%s): guests cannot log in"), pam, strerror(errno));
		return;
	}
	/* 1: the rule comes first; 0: not seen; -1: seen after another auth line. */
	int found = 0;
	bool other_auth = false;
	while (found != 1 && getline(&line, &cap, f) > 0) {
		char *w[64];
		line[strcspn(line, "#")] = '\0';
		int n = split_words(line, w, 64);
		if (n == 0)
			continue;
		bool auth = strcasecmp(w[0], "auth") == 0 || strcasecmp(w[0], "-auth") == 0;
		if (auth && guest_rule(w, n, account))
			found = other_auth ? -1 : 1;
		else if (auth || (strcmp(w[0], "@include") == 0 && n > 1 && strcmp(w[1], "common-auth") == 0))
			other_auth = true;
	}
	free(line);
	fclose(f);
	if (found == 1)
		say_ok(r, _("%s lets guests of %s in before any other auth line"), pam, account);
	else if (found)
		say_problem(r, fix, _("%s has the guests' rule after another auth line: guests cannot log in"), pam);
	else
		say_problem(r, fix, _("%s has no rule letting guests in: guests cannot log in"), pam);
}

/* ---- 5. the players' directory ---- */

/* The names a re-key found alike (persist/roster.h's ROSTER_COLLIDE):
 * their players need a word from the keeper.  Read without following a
 * link: the directory is the account's, and we are root. */
static void check_collide(report *r, const char *account, const char *dir)
{
	char path[PATH_MAX + 40], fix[2 * PATH_MAX], line[512];
	snprintf(path, sizeof path, "%s/" ROSTER_COLLIDE, dir);
	int fd = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
	struct stat st;
	FILE *f = fd >= 0 && fstat(fd, &st) == 0 && S_ISREG(st.st_mode) ? fdopen(fd, "r") : NULL;
	int pairs = 0;
	if (!f && fd >= 0)
		close(fd);
	while (f && fgets(line, sizeof line, f))
		pairs += line[0] != '#' && line[0] != '\n';
	if (f)
		fclose(f);
	if (pairs) {
		/* TRANSLATORS: "ssh -t %s@HOST rename" and "rm %s" are commands. */
		snprintf(fix, sizeof fix, _("ask the second player of each line to choose another name "
					    "(ssh -t %s@HOST rename), then rm %s"), account, path);
		say_problem(r, fix, P_("%d player's name looks like another's since the names' rule changed: see %s",
				       "%d players' names look like another's since the names' rule changed: see %s",
				       pairs), pairs, path);
	}
}

static void check_dir(report *r, const char *account, const struct passwd *pw, const char *dir)
{
	char path[PATH_MAX], fix[PATH_MAX + 100];
	struct stat st;
	snprintf(path, sizeof path, "%s", dir);
	/* Every directory from / down: local users reach scores/ and watch/
	 * by name through each. */
	bool closed = false;
	for (char *p = path + 1;; p++) {
		bool end = *p == '\0';
		if (*p != '/' && !end)
			continue;
		*p = '\0';
		if (stat(path, &st) < 0) {
			say_ok(r, _("%s is not made yet: serve makes it at the first login"), path);
			return;
		}
		if (!(st.st_mode & S_IXOTH)) {
			snprintf(fix, sizeof fix, "chmod o+x %s", path);
			say_problem(r, fix, _("%s is closed to others: local users cannot read the leaderboard or watch"),
				    path);
			closed = true;
		}
		if (end)
			break;
		*p = '/';
	}
	if (!S_ISDIR(st.st_mode)) {
		say_problem(r, NULL, _("%s is not a directory: serve cannot keep its players there"), dir);
	} else if (st.st_uid != pw->pw_uid) {
		snprintf(fix, sizeof fix, "chown -R %s: %s", account, dir);
		say_problem(r, fix, _("%s belongs to uid %u, not to %s"), dir, (unsigned)st.st_uid, account);
	} else if (st.st_mode & (S_IWGRP | S_IWOTH)) {
		/* notext: a command */
		snprintf(fix, sizeof fix, "chmod go-w %s", dir);

		say_problem(r, fix, _("%s is writable by others: they could change every player's files"), dir);
	} else if (!closed) {
		say_ok(r, _("the players' directory %s is %s's, open to others to read"), dir, account);
	}
	check_collide(r, account, dir);
}

int serve_check(const char *account, const serve_check_files *files, FILE *out)
{
	static const serve_check_files none = { NULL, NULL, NULL };
	report r = { out, 0 };
	if (!files)
		files = &none;
	if (!account_valid(account)) {
		fprintf(out, _("'%s' cannot be an account name\n"), account);
		return -1;
	}
	if (geteuid() != 0) {
		fprintf(out, _("The check must run as root: sshd -T reads the host keys, and the check reads "
			       "/etc/shadow (sudo lightsout serve --check %s)\n"), account);
		return -1;
	}
	char fix[300];
	struct passwd pwbuf, *pw = getpwnam(account);
	char pwstr[3][PATH_MAX];
	if (pw) {
		/* Kept: later getpwnam() calls reuse the static result. */
		pwbuf = *pw;
		snprintf(pwstr[0], sizeof pwstr[0], "%s", pw->pw_dir ? pw->pw_dir : "");
		snprintf(pwstr[1], sizeof pwstr[1], "%s", pw->pw_shell ? pw->pw_shell : "");
		snprintf(pwstr[2], sizeof pwstr[2], "%s", pw->pw_passwd ? pw->pw_passwd : "");
		pwbuf.pw_name = (char *)account;
		pwbuf.pw_dir = pwstr[0];
		pwbuf.pw_shell = pwstr[1];
		pwbuf.pw_passwd = pwstr[2];
		pw = &pwbuf;
		check_account(&r, account, pw);
	} else {
		snprintf(fix, sizeof fix, "useradd --system --create-home --home-dir /var/lib/lightsout-%s "
			 "--shell %s %s", account, LO_SHELL_PATH, account);
		say_problem(&r, fix, _("there is no account %s"), account);
	}
	serve_line s;
	char akc[PATH_MAX];
	bool shell_safe = pw && is_login_shell(pw->pw_shell) && access(pw->pw_shell, X_OK) == 0;
	check_sshd(&r, account, files->sshd_config, shell_safe, &s, akc, sizeof akc);
	check_programs(&r, account, akc, s.prog, s.shell);
	if (pw)
		check_password(&r, account, pw, files->shadow ? files->shadow : "/etc/shadow", s.pam);
	if (s.guests)
		check_pam(&r, account, files->pam ? files->pam : "/etc/pam.d/sshd");
	char dir[PATH_MAX + 40] = "";
	if (s.dir[0])
		snprintf(dir, sizeof dir, "%s", s.dir);
	else if (pw && pw->pw_dir[0] == '/')
		snprintf(dir, sizeof dir, "%s/.local/state/lightsout/host", pw->pw_dir);	/* as serve */
	if (pw && dir[0] == '/')
		check_dir(&r, account, pw, dir);
	if (r.problems) {
		fprintf(out, P_("%d problem\n", "%d problems\n", r.problems), r.problems);
	} else {
		char host[256] = "HOST";
		if (gethostname(host, sizeof host) < 0 || !host[0])
			snprintf(host, sizeof host, "HOST");
		host[sizeof host - 1] = '\0';
		/* Whether the players can reach it now: said, not a problem (the
		 * package's check runs before its server starts). */
		char banner[128];
		if (s.port > 0 && s.port < 65536 && port_answers(s.port, banner, sizeof banner))
			say_ok(&r, _("port %ld answers here (%s)"), s.port, banner[0] ? banner : _("no greeting"));
		else
			/* TRANSLATORS: "note:" is as wide as "ok:" and "PROBLEM:" (with their spaces). */
			fprintf(out, _("note:    nothing answers on port %ld here yet: start the server "
				       "(systemctl start lightsout-arcade, or sshd -f CONFIG)\n"), s.port);
		/* TRANSLATORS: the last line of serve --check when all is well:
		 * "ready:" then the command that plays. */
		if (s.port == 22)
			fprintf(out, _("ready: ssh %s@%s\n"), account, host);
		else	/* the arcade's own sshd (2222) */
			fprintf(out, _("ready: ssh -p %ld %s@%s\n"), s.port, account, host);

	}
	return r.problems;
}
