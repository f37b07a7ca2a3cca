/* A helper for the shell tests, not a test itself:
 *   save PATH N     write version A, then B, then A... N times (0: for ever)
 *   check PATH      exit 0 and print A, B or none when the file is exactly
 *                   one of the versions (or missing); exit 1 otherwise
 *   record PATH N   record N won 4x4 games in the statistics at PATH
 *   played PATH     print the number of games in the statistics
 *   score DIR DATE MOVES MS [yes|no [VARIANT]]
 *                   record a daily result in the leaderboard directory DIR,
 *                   par 7; print the status word, kept or not, and why */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "persist/atomic.h"
#include "persist/paths.h"
#include "engine/rule.h"
#include "persist/savegame.h"
#include "persist/scores.h"
#include "persist/stats.h"

/* Two saves of different sizes, so that a torn write could not pass. */
static char *version(int which, size_t *len)
{
	saved_game sg;
	savegame_init(&sg);
	variant_default(&sg.v);
	sg.v.rows = sg.v.cols = which ? 60 : 7;
	sg.start = board_new(sg.v.rows, sg.v.cols, 2);
	rule r;
	char err[200];
	rule_parse(&r, "plus", false, err, sizeof err);
	for (int i = 0; i < sg.v.rows; i++)
		rule_press(&r, sg.start, i, (i * 3) % sg.v.cols, 1);
	sg.current = board_clone(sg.start);
	int n = which ? 30000 : 50;
	for (int i = 0; i < n; i++) {
		lo_move m = { (i * 5) % sg.v.rows, (i * 11) % sg.v.cols, 1 };
		history_push(&sg.hist, m);
		rule_press(&r, sg.current, m.row, m.col, 1);
	}
	sg.moves = n;
	sg.elapsed = which ? 1234.5 : 6;
	strcpy(sg.mode, which ? "daily" : "random");
	char *text = savegame_format(&sg, len);
	savegame_free(&sg);
	return text;
}

static const char *status_word(persist_status st)
{
	static const char *const w[] = { "ok", "none", "set-aside", "no-memory", "refused", "io", "busy" };
	return w[st];
}

int main(int argc, char **argv)
{
	char err[4600];
	persist_result res;
	/* read PATH: savegame_read, then its status word and its line. */
	if (argc >= 3 && strcmp(argv[1], "read") == 0) {
		saved_game sg;
		persist_status st = savegame_read(argv[2], &sg, &res);
		persist_describe(&res, err, sizeof err);
		printf("%s\n%s\n", status_word(st), err);
		savegame_free(&sg);
		return 0;
	}
	/* dir state|data: paths_dir with create, "ok" or its one line. */
	if (argc >= 3 && strcmp(argv[1], "dir") == 0) {
		char dir[4096];
		if (paths_dir(strcmp(argv[2], "state") ? PATHS_DATA : PATHS_STATE, true, dir, sizeof dir, err,
			      sizeof err) < 0) {
			printf("%s\n", err);
			return 1;
		}
		puts("ok");
		return 0;
	}
	/* load PATH: stats_load, the same way. */
	if (argc >= 3 && strcmp(argv[1], "load") == 0) {
		stats s;
		persist_status st = stats_load(argv[2], &s, &res);
		persist_describe(&res, err, sizeof err);
		printf("%s\n%s\n", status_word(st), err);
		stats_free(&s);
		return 0;
	}
	if (argc >= 4 && strcmp(argv[1], "save") == 0) {
		long n = atol(argv[3]);
		saved_game v[2];
		for (int i = 0; i < 2; i++) {
			size_t len;
			char *t = version(i, &len);
			if (savegame_parse(t, len, &v[i], err, sizeof err) < 0) {
				fprintf(stderr, "helper: %s\n", err);
				return 2;
			}
			free(t);
		}
		for (long i = 0; n == 0 || i < n; i++)
			if (savegame_write(argv[2], &v[i % 2], &res) != PERSIST_OK) {
				persist_describe(&res, err, sizeof err);
				fprintf(stderr, "helper: %s\n", err);
				return 1;
			}
		savegame_free(&v[0]);
		savegame_free(&v[1]);
		return 0;
	}
	if (argc >= 3 && strcmp(argv[1], "check") == 0) {
		size_t len, alen, blen;
		char *text = atomic_read(argv[2], &len, err, sizeof err);
		if (!text) {
			puts("none");
			return 0;
		}
		char *a = version(0, &alen), *b = version(1, &blen);
		int rc = 1;
		if (len == alen && memcmp(text, a, len) == 0)
			puts("A"), rc = 0;
		else if (len == blen && memcmp(text, b, len) == 0)
			puts("B"), rc = 0;
		else
			printf("neither A nor B: %zu bytes\n", len);
		free(a);
		free(b);
		free(text);
		return rc;
	}
	if (argc >= 4 && strcmp(argv[1], "record") == 0) {
		stats_result r;
		memset(&r, 0, sizeof r);
		variant_default(&r.key);
		r.key.rows = r.key.cols = 4;
		r.won = true;
		r.moves = 6;
		r.par = 4;
		r.seconds = 12.5;
		for (long i = atol(argv[3]); i > 0; i--)
			if (stats_record(argv[2], &r, &res) != PERSIST_OK) {
				persist_describe(&res, err, sizeof err);
				fprintf(stderr, "helper: %s\n", err);
				return 1;
			}
		return 0;
	}
	if (argc >= 6 && strcmp(argv[1], "score") == 0) {
		score s;
		bool kept;
		memset(&s, 0, sizeof s);
		snprintf(s.date, sizeof s.date, "%s", argv[3]);
		s.moves = atoi(argv[4]);
		s.ms = atoll(argv[5]);
		s.par = 7;
		s.assisted = argc >= 7 && strcmp(argv[6], "yes") == 0;
		if (argc >= 8 ? variant_parse(&s.v, argv[7], err, sizeof err) != LO_OK : (variant_default(&s.v), 0)) {
			fprintf(stderr, "%s\n", err);
			return 2;
		}
		persist_status st = scores_record(argv[2], &s, &kept, &res);
		printf("%s %s %s\n", status_word(st), kept ? "kept" : "not-kept", res.why);
		return st == PERSIST_OK ? 0 : 1;
	}
	if (argc >= 3 && strcmp(argv[1], "played") == 0) {
		stats s;
		if (stats_load(argv[2], &s, &res) != PERSIST_OK) {
			persist_describe(&res, err, sizeof err);
			fprintf(stderr, "helper: %s\n", err);
			return 1;
		}
		long played = 0;
		for (int i = 0; i < s.n; i++)
			played += s.entries[i].played;
		printf("%ld\n", played);
		stats_free(&s);
		return 0;
	}
	fprintf(stderr, "usage: test_persist_helper save|check|record|played PATH [N]\n");
	return 2;
}
