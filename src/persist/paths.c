#include "persist/paths.h"

#include <errno.h>
#include <pwd.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/path.h"
#include "i18n.h"

static int paths_check_dir(const char *dir, char *err, size_t errlen);

static const char *home_dir(void)
{
	const char *h = getenv("HOME");
	if (h && h[0] == '/')
		return h;
	struct passwd *pw = getpwuid(getuid());
	return pw && pw->pw_dir && pw->pw_dir[0] == '/' ? pw->pw_dir : NULL;
}

int paths_mkdirs(const char *dir, char *err, size_t errlen)
{
	char p[PATH_LEN];
	if (snprintf(p, sizeof p, "%s", dir) >= (int)sizeof p) {
		snprintf(err, errlen, _("%.60s...: path too long"), dir);
		return -1;
	}
	for (char *s = p + 1;; s++) {
		if (*s != '/' && *s != '\0')
			continue;
		char c = *s;
		*s = '\0';
		if (mkdir(p, 0700) < 0 && errno != EEXIST) {
			snprintf(err, errlen, _("cannot create %s: %s"), p, strerror(errno));
			return -1;
		}
		*s = c;
		if (c == '\0')
			break;
	}
	struct stat st;
	if (stat(p, &st) < 0 || !S_ISDIR(st.st_mode)) {
		snprintf(err, errlen, _("%s is not a directory"), p);
		return -1;
	}
	return 0;
}

/* Each kind's XDG variable, its default under the home directory, and
 * its folder in a public account's player's home. */
static const struct {
	const char *var, *home, *player;
} kinds[] = {
	[PATHS_STATE] = { "XDG_STATE_HOME", ".local/state", "state" },
	[PATHS_DATA] = { "XDG_DATA_HOME", ".local/share", "data" },
	[PATHS_CONFIG] = { "XDG_CONFIG_HOME", ".config", "config" },
};

static char player_home[4096];	/* a public account's player's, or "" */

void paths_set_home(const char *dir)
{
	snprintf(player_home, sizeof player_home, "%s", dir ? dir : "");
}

int paths_dir(paths_kind kind, bool create, char *buf, size_t len, char *err, size_t errlen)
{
	const char *xdg = getenv(kinds[kind].var);
	int n;
	if (player_home[0])
		n = snprintf(buf, len, "%s/%s/lightsout", player_home, kinds[kind].player);
	else if (xdg && xdg[0] == '/')
		n = snprintf(buf, len, "%s/lightsout", xdg);
	else {
		const char *home = home_dir();
		if (!home) {
			snprintf(err, errlen, _("no home directory: set HOME or %s"), kinds[kind].var);
			return -1;
		}
		n = snprintf(buf, len, "%s/%s/lightsout", home, kinds[kind].home);
	}
	if (n < 0 || (size_t)n >= len) {
		snprintf(err, errlen, _("directory name too long"));
		return -1;
	}
	if (create && paths_mkdirs(buf, err, errlen) < 0)
		return -1;
	return paths_check_dir(buf, err, errlen);
}

/* 0 when dir is missing or is a directory of ours that nobody else can
 * write; -1 with one line in err otherwise (the directory is not used). */
static int paths_check_dir(const char *dir, char *err, size_t errlen)
{
	struct stat st;
	if (stat(dir, &st) < 0)
		return 0;	/* missing: made 0700 when needed */
	if (!S_ISDIR(st.st_mode)) {
		snprintf(err, errlen, _("%s is not a directory"), dir);
		return -1;
	}
	/* Another user could replace our files there, or plant links. */
	if (st.st_uid != geteuid()) {
		snprintf(err, errlen, _("refusing %s: owned by another user"), dir);
		return -1;
	}
	if (st.st_mode & (S_IWGRP | S_IWOTH)) {
		snprintf(err, errlen, _("refusing %s: writable by others (chmod 700 it)"), dir);
		return -1;
	}
	return 0;
}

int paths_file(paths_kind kind, const char *name, bool create, char *buf, size_t len,
	       char *err, size_t errlen)
{
	if (paths_dir(kind, create, buf, len, err, errlen) < 0)
		return -1;
	size_t used = strlen(buf);
	if (snprintf(buf + used, len - used, "/%s", name) >= (int)(len - used)) {
		snprintf(err, errlen, _("file name too long"));
		return -1;
	}
	return 0;
}
