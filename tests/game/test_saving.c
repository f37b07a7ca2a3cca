/* game/saving.c: when the game touches its files.  A save is due after
 * enough changes or enough time, written only while a game is in
 * progress, offered back on the next start, and gone once the attempt is
 * recorded; a second game of the same player gets a slot of its own. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "game/saving.h"
#include "persist/roster.h"
#include "persist/scores.h"
#include "game_config.h"
#include "tap.h"

static bool start(play *p, uint64_t seed)
{
	game g;
	char err[256];
	game_config c = test_config(4, 4, 2, "plus", false);
	memset(p, 0, sizeof *p);
	rng_seed(&p->r, seed);
	if (game_init(&g, &c, err, sizeof err) != LO_OK || play_generate(p, &g, err, sizeof err) != LO_OK ||
	    play_init(p, &g, PLAY_FREE, ORIGIN_RANDOM, err, sizeof err) != LO_OK) {
		tap_diag("%s", err);
		return false;
	}
	return true;
}

static bool exists(const char *path)
{
	return path[0] && access(path, F_OK) == 0;
}

static char *board_text(const board *b)
{
	static char buf[64];
	int n = 0;
	for (int r = 0; r < b->rows; r++)
		for (int c = 0; c < b->cols; c++)
			buf[n++] = (char)('0' + board_get(b, r, c));
	buf[n] = '\0';
	return buf;
}

int main(void)
{
	char dir[] = "/tmp/lo-saving.XXXXXX", msg[400];
	if (!mkdtemp(dir))
		return 1;
	setenv("XDG_STATE_HOME", dir, 1);
	setenv("XDG_DATA_HOME", dir, 1);

	saver sa;
	saving_init(&sa, false);
	tap_ok(sa.save_path[0] && strstr(sa.save_path, dir) == sa.save_path, "the save goes under XDG_STATE_HOME: %s",
	       sa.save_path);
	tap_ok(sa.other == 0 && !sa.notice[0], "slot 1 is ours, nothing to say: %s", sa.notice);

	play p;
	if (!tap_ok(start(&p, 7), "a free 4x4 board"))
		return tap_done();
	tap_ok(!saving_load(&sa, &p), "no saved game to offer on a first start");

	/* Due after SAVING_EVERY_MOVES changes, or SAVING_EVERY_SECONDS after
	 * the first unsaved one; never before. */
	game_press(&p.g, 0, 0, 1, 1.0);
	saving_changed(&sa, 1.0);
	tap_ok(!saving_due(&sa, &p, 1.5), "one change: not due yet");
	tap_ok(saving_due(&sa, &p, 1.0 + SAVING_EVERY_SECONDS + 0.1), "due %.0f s after the first change",
	       SAVING_EVERY_SECONDS);
	for (int i = 1; i < SAVING_EVERY_MOVES; i++)
		saving_changed(&sa, 2.0);
	tap_ok(saving_due(&sa, &p, 2.0), "due after %d changes", SAVING_EVERY_MOVES);

	/* Written while in progress; the start offers it back. */
	tap_ok(saving_sync(&sa, &p, 3.0, msg, sizeof msg) == 0 && exists(sa.save_path), "a game in progress is saved");
	tap_ok(!saving_due(&sa, &p, 3.0), "and nothing is due after the save");
	char cur[64];
	snprintf(cur, sizeof cur, "%s", board_text(p.g.cur));
	int moves = game_moves(&p.g);
	saving_close(&sa);
	play_free(&p);

	saver sv2;
	saving_init(&sv2, false);
	play q;
	memset(&q, 0, sizeof q);
	tap_ok(saving_load(&sv2, &q), "the next start offers the saved game back");
	tap_ok(!strcmp(board_text(q.g.cur), cur) && game_moves(&q.g) == moves,
	       "with its board and its %d moves", moves);

	/* A second game of the same player while the first runs: a slot of
	 * its own, and slot 1's save is left alone. */
	saver other;
	saving_init(&other, false);
	tap_ok(other.other == getpid() && strcmp(other.save_path, sv2.save_path) != 0,
	       "a second game gets another slot (%s), naming the owner of slot 1", other.save_path);
	saving_close(&other);

	/* Recorded once, and the save goes. */
	tap_ok(saving_finish(&sv2, &q, 10.0, msg, sizeof msg) == 0, "the attempt is recorded: %s", msg);
	tap_ok(!exists(sv2.save_path), "and the save is gone");
	tap_ok(exists(sv2.stats_path), "the statistics file is written");
	char *text = saving_stats_text(&sv2, msg, sizeof msg);
	tap_ok(text && strstr(text, "4x4"), "the statistics show the 4x4 attempt");
	free(text);

	/* Synced with nothing in progress: the save this game made is forgotten. */
	play_free(&q);
	if (!start(&q, 9))
		return tap_done();
	game_press(&q.g, 1, 1, 1, 12.0);
	tap_ok(saving_sync(&sv2, &q, 12.0, msg, sizeof msg) == 0 && exists(sv2.save_path), "a new game is saved");
	play_free(&q);
	if (!start(&q, 10))
		return tap_done();
	tap_ok(saving_sync(&sv2, &q, 11.0, msg, sizeof msg) == 0 && !exists(sv2.save_path),
	       "then a fresh board, no move made: the save it replaced is forgotten");
	saving_close(&sv2);
	play_free(&q);

	/* A public account's day: a row shows the name its player has now (a
	 * rename shows at once), read from the host's database. */
	const char *pid = "0123456789abcdef0123456789abcdef";
	char host[300], path[400];
	snprintf(host, sizeof host, "%s/host", dir);
	snprintf(path, sizeof path, "%s/players/%s", host, pid);
	char mk[1400];
	snprintf(mk, sizeof mk, "mkdir -p '%s' '%s/scores' && chmod 755 '%s/scores'", path, host, host);
	if (system(mk) != 0)
		tap_diag("could not make %s", host);
	score row;
	memset(&row, 0, sizeof row);
	char today[11];
	time_t now = time(NULL);
	strftime(today, sizeof today, "%Y-%m-%d", gmtime(&now));
	snprintf(row.date, sizeof row.date, "%s", today);
	variant_default(&row.v);
	row.moves = 9, row.par = 7, row.ms = 12000;
	snprintf(row.pid, sizeof row.pid, "%s", pid);
	snprintf(row.name, sizeof row.name, "bob");
	snprintf(sa.scores_dir, sizeof sa.scores_dir, "%s/scores", host);
	persist_result res;
	bool kept = false;
	tap_ok(scores_record(sa.scores_dir, &row, &kept, &res) == PERSIST_OK, "a row of bob's on the day's table: %s",
	       res.why);
	/* Its player is robert now, in the host's database. */
	host_player who = { .live_fd = -1 };
	host_limits lim = { .players = 10 };
	snprintf(who.pid, sizeof who.pid, "%s", pid);
	snprintf(who.dir, sizeof who.dir, "%s/players/%s", host, pid);
	snprintf(who.home, sizeof who.home, "%s/home", who.dir);
	tap_is(roster_register(host, &who, "robert", &lim, "", now, msg, sizeof msg), ROSTER_OK, "bob is robert now: %s",
	       msg);
	char *table = saving_scores_text(&sa, host, today, 80, msg, sizeof msg);
	tap_ok(table && strstr(table, "robert") && !strstr(table, "bob "),
	       "bob renamed robert: the day's row shows robert");
	free(table);

	/* The write says where the row stands, the day's other rows read in
	 * the same step: carol's better result is first of two, bob's worse
	 * second try keeps his earlier row (second), dave's best is first of
	 * three. */
	scores_place at;
	persist_status st;
	score carol = row, dave = row, worse = row;
	snprintf(carol.pid, sizeof carol.pid, "%s", "11111111111111111111111111111111");
	snprintf(carol.name, sizeof carol.name, "carol");
	carol.moves = 8;
	st = scores_record_ranked(sa.scores_dir, &carol, &kept, &at, &res);
	tap_ok(st == PERSIST_OK && kept && at.rank == 1 &&
		       at.of == 2,
	       "carol's better row: 1st of 2 (%d of %d)", at.rank, at.of);
	worse.moves = 12;
	st = scores_record_ranked(sa.scores_dir, &worse, &kept, &at, &res);
	tap_ok(st == PERSIST_OK && !kept && at.rank == 2 &&
		       at.of == 2,
	       "bob's worse try: his earlier row stands, 2nd of 2 (%d of %d)", at.rank, at.of);
	snprintf(dave.pid, sizeof dave.pid, "%s", "22222222222222222222222222222222");
	snprintf(dave.name, sizeof dave.name, "dave");
	dave.moves = 7;
	st = scores_record_ranked(sa.scores_dir, &dave, &kept, &at, &res);
	tap_ok(st == PERSIST_OK && kept && at.rank == 1 &&
		       at.of == 3,
	       "dave's best row: 1st of 3 (%d of %d)", at.rank, at.of);

	char cmd[300];
	snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
	if (system(cmd) != 0)
		tap_diag("could not remove %s", dir);
	return tap_done();
}
