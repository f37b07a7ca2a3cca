#include "game/practice.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* FNV-1a: a stable mix of the date and the settings. */
static uint64_t mix(uint64_t h, const char *s)
{
	for (; *s; s++) {
		h ^= (unsigned char)*s;
		h *= 0x100000001b3ULL;
	}
	return h;
}

static void config_key(const game_config *cfg, char *buf, size_t len)
{
	snprintf(buf, len, "%dx%d k%d %s%s%s %s", cfg->v.rows, cfg->v.cols, cfg->v.k, cfg->v.rule,
		 cfg->v.torus ? " torus" : "", cfg->v.forward_only ? " fwd" : "", cfg->difficulty);
}

uint64_t practice_daily_seed(time_t now, const game_config *cfg, char *date, size_t datelen)
{
	struct tm tm;
	char key[VARIANT_RULE_MAX + 64];
	gmtime_r(&now, &tm);
	strftime(date, datelen, "%Y-%m-%d", &tm);
	config_key(cfg, key, sizeof key);
	return mix(mix(0xcbf29ce484222325ULL, date), key);
}

/* $XDG_STATE_HOME/lightsout, or ~/.local/state/lightsout; XDG paths count
 * only when absolute, as the spec says. */
static int state_dir(char *buf, size_t len)
{
	const char *xdg = getenv("XDG_STATE_HOME"), *home = getenv("HOME");
	int n;
	if (xdg && xdg[0] == '/')
		n = snprintf(buf, len, "%s/lightsout", xdg);
	else if (home && home[0] == '/')
		n = snprintf(buf, len, "%s/.local/state/lightsout", home);
	else
		return -1;
	return n > 0 && (size_t)n < len ? 0 : -1;
}

static int mkdir_p(char *path)
{
	for (char *p = path + 1; *p; p++) {
		if (*p != '/')
			continue;
		*p = '\0';
		int rc = mkdir(path, 0700);
		*p = '/';
		if (rc < 0 && errno != EEXIST)
			return -1;
	}
	return mkdir(path, 0700) < 0 && errno != EEXIST ? -1 : 0;
}

/* The ladder file: one line per shape, "RUNG KEY". */
static int ladder_path(char *buf, size_t len)
{
	char dir[4096];
	if (state_dir(dir, sizeof dir) < 0)
		return -1;
	int n = snprintf(buf, len, "%s/ladder", dir);
	return n > 0 && (size_t)n < len ? 0 : -1;
}

int ladder_load(const game_config *cfg)
{
	char path[4200], key[VARIANT_RULE_MAX + 64], line[VARIANT_RULE_MAX + 96];
	int rung = LADDER_FIRST_RUNG;
	if (ladder_path(path, sizeof path) < 0)
		return rung;
	FILE *f = fopen(path, "r");
	if (!f)
		return rung;
	config_key(cfg, key, sizeof key);
	while (fgets(line, sizeof line, f)) {
		char *sp = strchr(line, ' ');
		line[strcspn(line, "\n")] = '\0';
		if (sp && strcmp(sp + 1, key) == 0) {
			int v = atoi(line);
			if (v >= LADDER_FIRST_RUNG)
				rung = v;
		}
	}
	fclose(f);
	return rung;
}

int ladder_save(const game_config *cfg, int rung)
{
	char dir[4096], path[4200], tmp[4200], key[VARIANT_RULE_MAX + 64], line[VARIANT_RULE_MAX + 96];
	if (state_dir(dir, sizeof dir) < 0 || mkdir_p(dir) < 0 || ladder_path(path, sizeof path) < 0)
		return -1;
	snprintf(tmp, sizeof tmp, "%s/.ladder.XXXXXX", dir);
	int fd = mkstemp(tmp);
	if (fd < 0)
		return -1;
	FILE *out = fdopen(fd, "w");
	if (!out) {
		close(fd);
		unlink(tmp);
		return -1;
	}
	config_key(cfg, key, sizeof key);
	/* Keep the other shapes' rungs. */
	FILE *in = fopen(path, "r");
	if (in) {
		while (fgets(line, sizeof line, in)) {
			char *sp = strchr(line, ' ');
			line[strcspn(line, "\n")] = '\0';
			if (sp && strcmp(sp + 1, key) != 0)
				fprintf(out, "%s\n", line);
		}
		fclose(in);
	}
	fprintf(out, "%d %s\n", rung, key);
	if (fflush(out) != 0 || fsync(fileno(out)) != 0) {
		fclose(out);
		unlink(tmp);
		return -1;
	}
	if (fclose(out) != 0 || rename(tmp, path) < 0) {
		unlink(tmp);
		return -1;
	}
	return 0;
}
