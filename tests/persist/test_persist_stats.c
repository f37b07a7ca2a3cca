/* Statistics: counting, the file format, merging under the lock, and a
 * damaged file kept aside. */
#include <locale.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "persist/atomic.h"
#include "persist/stats.h"
#include "tap.h"

static stats_result result(int rows, const char *spec, bool won, int moves, int par, double secs)
{
	stats_result r;
	memset(&r, 0, sizeof r);
	variant_default(&r.key);
	r.key.rows = r.key.cols = rows;
	strcpy(r.key.rule, spec);
	r.won = won;
	r.moves = moves;
	r.par = par;
	r.seconds = secs;
	return r;
}

/* The daily streak: days in a row, over a month's, a leap year's and a
 * year's end, counted up to today or, before today's win, to yesterday. */
static void streaks(void)
{
	stats s;
	stats_init(&s);
	static const struct {
		const char *date;
		bool won;
	} days[] = {
		{ "2023-12-30", true }, { "2023-12-31", true }, { "2024-01-01", true }, { "2024-02-27", true },
		{ "2024-02-28", true }, { "2024-02-29", true }, { "2024-03-01", true }, { "2024-03-02", false },
		{ "2024-03-03", true },
	};
	for (size_t i = 0; i < sizeof days / sizeof *days; i++) {
		stats_result r = result(5, "plus", days[i].won, 9, 7, 40);
		r.kind = STATS_DAILY;
		r.daily = days[i].date;
		stats_update(&s, &r);
	}
	tap_is(stats_daily_streak(&s, "2024-01-01"), 3, "a streak over a year's end");
	tap_is(stats_daily_streak(&s, "2024-03-01"), 4, "over a leap day");
	tap_is(stats_daily_streak(&s, "2024-03-02"), 4, "today not won yet: up to yesterday");
	tap_is(stats_daily_streak(&s, "2024-03-03"), 1, "a day given up ends it");
	tap_is(stats_daily_streak(&s, "2024-03-05"), 0, "a day missed ends it");
	variant v;
	variant_default(&v);
	v.rows = v.cols = 5;
	strcpy(v.rule, "plus");
	const stats_daily *d = stats_daily_find(&s, "2024-03-02", &v);
	tap_ok(d && !d->won && d->moves == 9, "a day's daily board as played");
	tap_ok(!stats_daily_find(&s, "2024-03-04", &v), "and none where none was played");
	stats_free(&s);
}

int main(void)
{
	streaks();
	char dir[] = "/tmp/lo-persist-stats.XXXXXX";
	if (!mkdtemp(dir)) {
		printf("Bail out! mkdtemp\n");
		return 1;
	}
	char path[512], msg[4600];
	snprintf(path, sizeof path, "%s/stats", dir);

	stats s;
	stats_init(&s);
	stats_result r = result(5, "plus", true, 9, 7, 40.5);
	stats_update(&s, &r);
	r = result(5, "plus", true, 7, 7, 55);
	stats_update(&s, &r);
	r = result(5, "plus", false, 3, 7, 10);
	stats_update(&s, &r);
	r = result(5, "plus", true, 8, 7, 30.25);
	stats_update(&s, &r);
	r = result(5, "plus", true, 12, -1, 99);
	stats_update(&s, &r);
	r = result(3, "cross", true, 2, 3, 1);	/* par was only a bound */
	stats_update(&s, &r);
	const stats_entry *e = stats_find(&s, &r.key, STATS_NORMAL);
	tap_ok(e && e->best_over_par == 0 && e->over_par_sum == 0, "beating a par bound counts as par");
	r = result(5, "plus", false, 0, 7, 0);
	r.key.torus = true;
	stats_update(&s, &r);
	tap_is(s.n, 3, "three kinds of board (torus is its own kind)");
	tap_ok(strcmp(s.entries[0].key.rule, "cross") == 0, "sorted by size first");
	r = result(5, "plus", true, 0, 0, 0);
	e = stats_find(&s, &r.key, STATS_NORMAL);
	tap_ok(e && e->played == 5 && e->won == 4, "played 5, won 4");
	tap_ok(e->par_games == 3 && e->over_par_sum == 3 && e->best_over_par == 0, "over par: sum 3 in 3 games, best 0");
	tap_ok(e->best_time == 30.25, "best time 30.25");
	tap_ok(e->streak == 2 && e->best_streak == 2, "streak 2 after a loss, best 2");

	/* Daily boards: one per date and kind, the best kept. */
	r = result(5, "plus", false, 20, 7, 100);
	r.daily = "2024-05-02";
	stats_update(&s, &r);
	r.won = true, r.moves = 11;
	stats_update(&s, &r);
	r.moves = 9;
	stats_update(&s, &r);
	r.won = false, r.moves = 1;
	stats_update(&s, &r);
	r.daily = "2024-05-01";
	r.won = true, r.moves = 7;
	stats_update(&s, &r);
	tap_is(s.ndaily, 2, "two daily results");
	tap_ok(strcmp(s.daily[0].date, "2024-05-01") == 0 && s.daily[1].won && s.daily[1].moves == 9,
	       "sorted by date; the best result of 2024-05-02 kept (won in 9)");

	/* Game ids: a game counts once, whatever crash leaves its save. */
	r = result(5, "plus", true, 20, 7, 100);
	r.game = 0xa1;
	long before = stats_find(&s, &r.key, r.kind)->played;
	tap_is(stats_update(&s, &r), 0, "a game with an id counts");
	tap_is(stats_update(&s, &r), 1, "the same id again: counted already");
	tap_ok(stats_find(&s, &r.key, r.kind)->played == before + 1, "played once more, not twice");

	/* The file format. */
	size_t len;
	char *text = stats_format(&s, &len);
	stats t;
	char err[256];
	tap_ok(stats_parse(text, len, &t, err, sizeof err) == 0, "parse the format back: %s", err);
	char *text2 = stats_format(&t, &len);
	tap_ok(strcmp(text, text2) == 0, "and it formats the same");
	free(text2);
	stats_free(&t);
	/* A German player's numbers have a comma (41,300): the file's keep
	 * the point, and read back under that locale. */
	if (setlocale(LC_NUMERIC, "de_DE.UTF-8")) {
		text2 = stats_format(&s, &len);
		tap_ok(strcmp(text, text2) == 0, "under LC_NUMERIC=de_DE the same text (30.250, not 30,250)");
		tap_ok(stats_parse(text2, len, &t, err, sizeof err) == 0 && t.n == s.n, "and it parses back there: %s", err);
		free(text2);
		stats_free(&t);
		setlocale(LC_NUMERIC, "C");
	} else
		tap_skip("no de_DE.UTF-8 locale: the numbers under its LC_NUMERIC");

	static const struct { const char *from, *to, *want; } bad[] = {
		{ "lightsout-stats 3", "lightsout-stats 4", "line 1: format version is not 3" },
		{ "lightsout-stats 3", "stats", "line 1: not a lightsout statistics file" },
		{ "board 3 3 2 cross no no 1", "board 3 3 2 cross no no", "line 3: a board line has 17 fields" },
		{ " 1 1 - 0", " 1 1 lesson 0", "line 3: kind: expected" },
		{ " 1 1 - 0", " 1 1 - 2", "line 3: assisted wins out of range" },
		{ "board 3 3 2 cross", "board 3 3 2 hexagon", "line 3: bad rule" },
		{ "board 3 3 2 cross no", "board 3 3 2 cross maybe", "line 3: torus and forward-only" },
		{ "board 3 3 2 cross no no 1 1", "board 3 3 2 cross no no 1 2", "line 3: counts out of range" },
		{ "board 3 3 2", "board 0 3 2", "line 3: bad size" },
		{ "board 3 3 2", "bored 3 3 2", "line 3: expected 'board', 'daily' or 'game'" },
		{ "game 00000000000000a1", "game 00000000000000x1", "a game line is 'game' and 16 hex digits" },
		{ "game 00000000000000a1", "game 0000000000000000", "a game id is 16 hex digits, not 0" },
		{ "daily 2024-05-01", "daily 2024/05/01", "bad date" },
	};
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		char buf[4096];
		const char *at = strstr(text, bad[i].from);
		if (!tap_ok(at != NULL, "the sample has '%s'", bad[i].from))
			continue;
		snprintf(buf, sizeof buf, "%.*s%s%s", (int)(at - text), text, bad[i].to, at + strlen(bad[i].from));
		int rc = stats_parse(buf, strlen(buf), &t, err, sizeof err);
		tap_ok(rc < 0 && strstr(err, bad[i].want) && t.n == 0, "%s -> %s", bad[i].to, err);
	}
	{
		char buf[8192];
		snprintf(buf, sizeof buf, "%s%s", text, strchr(text, '\n') + 1 + strcspn(strchr(text, '\n') + 1, "\n") + 1);
		tap_ok(stats_parse(buf, strlen(buf), &t, err, sizeof err) < 0 && strstr(err, "the same board kind twice"),
		       "duplicate kind: %s", err);
	}

	/* Honest records: an assisted win counts as won and assisted, never for
	 * best time, moves over par or the streak; kinds are rows apart. */
	{
		stats h;
		stats_init(&h);
		stats_result w = result(4, "plus", true, 3, 3, 50.0), aw = result(4, "plus", true, 1, 3, 2.0);
		aw.assisted = true;
		stats_update(&h, &w);
		stats_update(&h, &aw);
		const stats_entry *he = stats_find(&h, &w.key, STATS_NORMAL);
		tap_ok(he && he->played == 2 && he->won == 2 && he->assisted == 1, "an assisted win is played, won, assisted");
		tap_ok(he && he->best_time == 50.0 && he->best_over_par == 0 && he->streak == 1 && he->par_games == 1,
		       "and sets no best time, no moves over par, no streak");
		stats_result pw = result(4, "plus", true, 1, 1, 0.5);
		pw.kind = STATS_PRACTICE;
		stats_update(&h, &pw);
		tap_ok(he == stats_find(&h, &w.key, STATS_NORMAL) || stats_find(&h, &w.key, STATS_NORMAL)->best_time == 50.0,
		       "a practice win leaves the normal row's best time alone");
		const stats_entry *pe = stats_find(&h, &w.key, STATS_PRACTICE);
		tap_ok(pe && pe->won == 1 && pe->best_time == 0.5, "and has a row of its own");
		size_t tl;
		char *table = stats_table(&h, &tl);
		tap_ok(table && strstr(table, "\nPractice ladder and daily replays (no records)\n"),
	       "the table shows practice boards apart, after a blank line");
		free(table);
		/* A long variant's name widens the names' column: every row's
		 * numbers stay under their headings. */
		stats_result lw = result(4, "mask:01110/11111/11011/11111/01110", true, 3, 3, 5.0);
		stats_update(&h, &lw);
		table = stats_table(&h, &tl);
		int at = -1;
		bool lined = table != NULL;
		for (char *line = table; line && *line; line = strchr(line, '\n') + 1) {
			char *played = strstr(line, "played"), *eol = strchr(line, '\n');
			/* The "played" heading's end and each row's second number's end. */
			if (played && played < eol)
				at = (int)(played - line) + 6;
			else if (at > 0 && eol - line > at && line[0] != ' ' && line[0] != '\n' && strchr(line, '%'))
				lined &= line[at - 1] >= '0' && line[at - 1] <= '9' && line[at] == ' ';
			if (!eol)
				break;
		}
		tap_ok(lined && at > 0, "a long variant's row keeps its columns under the headings");
		free(table);
		stats_free(&h);
		/* Version 1 files (no kinds, no assisted wins) still read. */
		const char *v1 = "lightsout-stats 1\nboard 3 3 2 cross no no 1 1 1 0 0 1.000 1 1\n"
				 "daily 2024-05-01 3 3 2 cross no no yes 4 4 1.000\n";
		tap_ok(stats_parse(v1, strlen(v1), &h, err, sizeof err) == 0 && h.n == 1 && h.entries[0].kind == STATS_NORMAL &&
			       h.ndaily == 1 && !h.daily[0].assisted,
		       "a version 1 file still reads: %s", err);
		stats_free(&h);
	}

	/* Recording in the file. */
	r = result(5, "plus", true, 9, 7, 40.5);
	persist_result res;
	tap_is(stats_record(path, &r, &res), PERSIST_OK, "record into a new file");
	tap_is(stats_record(path, &r, &res), PERSIST_OK, "and again");
	stats_free(&t);
	tap_ok(stats_load(path, &t, &res) == PERSIST_OK && t.n == 1 && t.entries[0].played == 2, "load: played 2");
	stats_free(&t);

	/* Merge-safe: 8 processes record 50 games each at the same time. */
	for (int p = 0; p < 8; p++)
		if (fork() == 0) {
			stats_result mine = result(4 + p % 2, "plus", p % 3 != 0, 5, 4, p + 1.0);
			int fails = 0;
			for (int i = 0; i < 50; i++)
				fails += stats_record(path, &mine, &res) != PERSIST_OK;
			_exit(fails ? 1 : 0);
		}
	int status, failed = 0;
	for (int p = 0; p < 8; p++) {
		wait(&status);
		failed += !WIFEXITED(status) || WEXITSTATUS(status) != 0;
	}
	tap_is(failed, 0, "every concurrent record succeeded");
	stats_load(path, &t, &res);
	long played = 0;
	for (int i = 0; i < t.n; i++)
		played += t.entries[i].played;
	tap_is(played, 2 + 8 * 50, "no result lost: 402 games");
	stats_free(&t);

	/* A damaged file is kept aside, and recording starts afresh. */
	FILE *f = fopen(path, "a");
	fputs("board 1 1 2 plus no no 1 5 0 0 - - 0 0 - 0\n", f);
	fclose(f);
	tap_is(stats_record(path, &r, &res), PERSIST_SET_ASIDE, "record into a damaged file");
	persist_describe(&res, msg, sizeof msg);
	tap_ok(strstr(msg, "counts out of range") && strstr(msg, "kept as stats.corrupt-") && !strchr(msg, '\n'),
	       "one line naming the problem and where it went: %s", msg);
	tap_ok(access(res.moved, F_OK) == 0, "kept");
	tap_ok(stats_load(path, &t, &res) == PERSIST_OK && t.n == 1 && t.entries[0].played == 1,
	       "the new file holds the new result");
	stats_free(&t);

	free(text);
	stats_free(&s);
	snprintf(msg, sizeof msg, "rm -rf %s", dir);
	if (system(msg) != 0)
		tap_diag("cleanup failed");
	return tap_done();
}
