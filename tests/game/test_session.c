/* The session (the midend) without curses: presses, undo and redo, wins
 * recorded once, assistance that belongs to the board through save and
 * resume, restart and takeover, the editor, the ladder's rungs, and configs
 * compared field by field. */
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "base/path.h"
#include "game/maker.h"
#include "game/practice.h"
#include "game/session_impl.h"
#include "persist/lock.h"
#include "persist/stats.h"
#include "game_config.h"
#include "tap.h"

/* Allocations fail while fail_all is set (the test links with
 * --wrap=malloc and friends). */
static volatile bool fail_all;
void *__real_malloc(size_t n);
void *__real_calloc(size_t m, size_t n);
void *__real_realloc(void *p, size_t n);
void *__wrap_malloc(size_t n);
void *__wrap_calloc(size_t m, size_t n);
void *__wrap_realloc(void *p, size_t n);
void *__wrap_malloc(size_t n) { return fail_all ? NULL : __real_malloc(n); }
void *__wrap_calloc(size_t m, size_t n) { return fail_all ? NULL : __real_calloc(m, n); }
void *__wrap_realloc(void *p, size_t n) { return fail_all ? NULL : __real_realloc(p, n); }

/* File calls counted (the test links with FILE_WRAPS,
 * tests/lib/file_wraps.h): a key must make none. */
static volatile int file_calls;
/* Opens of two paths watched (the statistics file, the leaderboard's
 * directory): how often a win reads each. */
static const char *watched[2];
static volatile int watched_opens[2];
static void watch_open(const char *p)
{
	for (int i = 0; i < 2; i++)
		if (watched[i] && !strcmp(p, watched[i]))
			watched_opens[i]++;
}
#include "file_wraps.h"

/* Every file call counted; opens of the watched paths by name too. */
static void file_wrapped(const char *call, int dirfd, const char *p)
{
	file_calls++;
	if (dirfd == AT_FDCWD && (!strcmp(call, "open") || !strcmp(call, "openat")))
		watch_open(p);
}

static double now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

/* A 3x3 plus board that one press in the middle clears. */
static board *middle(void)
{
	board *b = board_new(3, 3, 2);
	static const int lit[] = { 1, 3, 4, 5, 7 };
	for (int i = 0; i < 5; i++)
		b->cells[lit[i]] = 1;
	return b;
}

/* A session playing b (freed here) as a loaded board, or a made board in
 * mode when b is NULL.  Returns false after a failed check. */
static bool start(session *s, board *b, play_mode mode, const game_config *cfg)
{
	char err[256];
	game g;
	memset(s, 0, sizeof *s);
	saving_init(&s->files, false);
	s->pl.mode = mode;
	rng_seed(&s->pl.r, 7);
	if (mode == PLAY_LADDER)
		s->pl.rung = ladder_load(cfg);
	if (game_init(&g, cfg, err, sizeof err) != LO_OK)
		return tap_ok(0, "game_init: %s", err);
	lo_result rc = b ? game_load(&g, b, 2.0, err, sizeof err) : play_generate(&s->pl, &g, err, sizeof err);
	board_free(b);
	if (rc != LO_OK) {
		game_free(&g);
		return tap_ok(0, "a board: %s", err);
	}
	if (play_init(&s->pl, &g, mode, b ? ORIGIN_LOAD : ORIGIN_RANDOM, err, sizeof err) != LO_OK)
		return tap_ok(0, "play_init: %s", err);
	session_fresh(s, now());
	return true;
}

static void finish(session *s)
{
	session_end(s, now());
	play_free(&s->pl);
	saving_close(&s->files);
}

/* The statistics entry of the 3x3 plus board loaded (a custom board). */
static stats_entry recorded(const session *s, stats_kind kind)
{
	stats st;
	persist_result res;
	stats_entry e;
	memset(&e, 0, sizeof e);
	if (stats_load(s->files.stats_path, &st, &res) == PERSIST_OK) {
		const stats_entry *f = stats_find(&st, &s->pl.g.cfg.v, kind);
		if (f)
			e = *f;
		stats_free(&st);
	}
	return e;
}

/* Ticks until the board being made is played (a few seconds at most). */
static int until_made(session *s)
{
	struct timespec ts = { 0, 5000000 };
	for (int i = 0; i < 2000; i++) {
		int ev = session_tick(s, now());
		if (ev & SESSION_MADE)
			return ev;
		nanosleep(&ts, NULL);
	}
	return 0;
}

static void test_press_undo(void)
{
	session s;
	game_config c = test_config(3, 3, 2, "plus", false);
	if (!start(&s, middle(), PLAY_FREE, &c))
		return;
	int ev = session_press(&s, 0, 0, +1, now());
	tap_ok(ev == (SESSION_CELLS | SESSION_STATUS) && s.row == 0 && s.col == 0 && game_moves(&s.pl.g) == 1,
	       "a press: its cells and the status change (events %#x)", ev);
	ev = session_undo(&s, false, now());
	tap_ok((ev & SESSION_CELLS) && game_moves(&s.pl.g) == 0, "undo");
	ev = session_undo(&s, false, now());
	tap_ok(ev == SESSION_MESSAGE && strcmp(s.msg, "Nothing to undo.") == 0, "nothing more to undo: said so");
	ev = session_undo(&s, true, now());
	tap_ok((ev & SESSION_CELLS) && game_moves(&s.pl.g) == 1, "redo");
	session_undo(&s, false, now());
	ev = session_press(&s, 1, 1, +1, now());
	tap_ok((ev & SESSION_WON) && s.pl.g.won, "the middle press wins");
	session_view v;
	session_snapshot(&s, &v);
	tap_ok(v.perfect, "in par, unassisted: perfect, as the session says");
	ev = session_tick(&s, now());
	tap_ok((ev & SESSION_RANKED) && !(session_tick(&s, now()) & SESSION_RANKED),
	       "the next tick writes its records, once (events %#x)", ev);
	stats_entry e = recorded(&s, STATS_CUSTOM);
	tap_ok(e.played == 1 && e.won == 1 && e.assisted == 0 && e.par_games == 1 && e.best_over_par == 0,
	       "recorded once, unassisted, in par: undone moves do not count (played %ld, won %ld, assisted %ld, "
	       "over par %ld)",
	       e.played, e.won, e.assisted, e.best_over_par);
	tap_ok(session_press(&s, 0, 0, +1, now()) == 0, "a won board takes no press");
	ev = session_undo(&s, false, now());
	tap_ok((ev & SESSION_BOARD) && !s.pl.g.won, "undo after the win: the whole board comes back");
	session_press(&s, 1, 1, +1, now());
	session_tick(&s, now());
	e = recorded(&s, STATS_CUSTOM);
	tap_is(e.played, 1, "winning again after an undo counts nothing more");
	finish(&s);
}

/* Saves by count come no sooner than SAVING_GAP_SECONDS after the last:
 * a save holds up to HISTORY_MAX moves, and moves at the keys' pace must
 * not write one six times a second. */
static void test_save_gap(void)
{
	session s;
	game_config c = test_config(3, 3, 2, "plus", false);
	if (!start(&s, middle(), PLAY_FREE, &c))
		return;
	double t = now();
	/* The corner, an even number of times: the board is never cleared. */
	for (int i = 0; i < SAVING_EVERY_MOVES; i++)
		session_press(&s, 0, 0, +1, t);
	tap_ok(session_tick(&s, t) & SESSION_SAVED, "%d moves: saved", SAVING_EVERY_MOVES);
	for (int i = 0; i < SAVING_EVERY_MOVES; i++)
		session_press(&s, 0, 0, +1, t + 0.5);
	int ev = session_tick(&s, t + 0.5);
	tap_ok(!(ev & SESSION_SAVED) && s.files.unsaved == SAVING_EVERY_MOVES,
	       "%d more half a second later: not saved yet (%d unsaved)", SAVING_EVERY_MOVES, s.files.unsaved);
	tap_ok(session_tick(&s, t + SAVING_GAP_SECONDS + 0.01) & SESSION_SAVED, "saved once the gap has passed");
	finish(&s);
}

/* A press the history has no memory for did not happen: the board, the
 * moves, the plan and the saver all stay as they were. */
static void test_press_nomem(void)
{
	session s;
	game_config c = test_config(3, 3, 2, "plus", false);
	if (!start(&s, middle(), PLAY_FREE, &c))
		return;
	int ev = 0, moves = 0, unsaved = 0;
	uint8_t before[9];
	fail_all = true;
	for (int i = 0; i < 1000; i++) {
		memcpy(before, s.pl.g.cur->cells, 9);
		moves = game_moves(&s.pl.g);
		unsaved = s.files.unsaved;
		if ((ev = session_press(&s, 0, 0, +1, now())) & SESSION_MESSAGE)
			break;
	}
	fail_all = false;
	tap_ok(ev == SESSION_MESSAGE && strstr(s.msg, "Out of memory"), "no memory for the history: said (%s)",
	       s.msg);
	tap_ok(memcmp(before, s.pl.g.cur->cells, 9) == 0 && game_moves(&s.pl.g) == moves && s.files.unsaved == unsaved,
	       "and nothing moved: board, %d moves, %d unsaved changes", moves, unsaved);
	ev = session_press(&s, 0, 0, +1, now());
	tap_ok((ev & SESSION_CELLS) && game_moves(&s.pl.g) == moves + 1, "with memory back, the press is made");
	finish(&s);
}

/* Killed after its win was recorded and before its save went: the save
 * comes back, and winning it again counts nothing more. */
static void test_counted_once(void)
{
	session s;
	char cmd[2 * PATH_LEN + 32];	/* two paths and the command round them */
	game_config c = test_config(3, 3, 2, "plus", false);
	if (!start(&s, middle(), PLAY_FREE, &c))
		return;
	session_press(&s, 0, 0, +1, now());
	char msg[300];
	tap_ok(saving_sync(&s.files, &s.pl, now(), msg, sizeof msg) == 0, "saved mid-game (%s)", msg);
	snprintf(cmd, sizeof cmd, "cp '%s' '%s.kept'", s.files.save_path, s.files.save_path);
	tap_ok(system(cmd) == 0, "the save copied aside");
	long before = recorded(&s, STATS_CUSTOM).won;
	session_undo(&s, false, now());
	session_press(&s, 1, 1, +1, now());
	session_tick(&s, now());
	tap_ok(s.pl.g.won && recorded(&s, STATS_CUSTOM).won == before + 1, "won and recorded");
	snprintf(cmd, sizeof cmd, "mv '%s.kept' '%s'", s.files.save_path, s.files.save_path);
	tap_ok(system(cmd) == 0, "the save put back, as a crash would leave it");
	finish(&s);

	memset(&s, 0, sizeof s);
	saving_init(&s.files, false);
	tap_ok(saving_load(&s.files, &s.pl), "the next start offers it again");
	session_resume(&s, now());
	session_undo(&s, false, now());
	int ev = session_press(&s, 1, 1, +1, now());
	session_tick(&s, now());
	stats_entry e = recorded(&s, STATS_CUSTOM);
	tap_ok((ev & SESSION_WON) && e.won == before + 1, "won again: the same game counts once (won %ld)", e.won);
	finish(&s);
}

/* A winning press touches no file (Tatham's midend: a key reaches the
 * move and nothing else): a daily win on the practice ladder's mode
 * would write the ladder, read and write the statistics, take the
 * leaderboard's lock and record the result; all of that is the next
 * tick's, and its records are there after it. */
static void test_win_no_files(void)
{
	session s;
	char dir[] = "/tmp/lo-scores.XXXXXX", date[16];
	game_config c = test_config(3, 3, 2, "plus", false);
	if (!tap_ok(mkdtemp(dir) != NULL, "a leaderboard directory"))
		return;
	for (int ladder = 0; ladder < 2; ladder++) {
		if (!start(&s, middle(), ladder ? PLAY_LADDER : PLAY_DAILY, &c))
			return;
		if (ladder)
			s.pl.rung = 1;
		else {
			play_scores_date(&s.pl, date, sizeof date);
			snprintf(s.pl.daily, sizeof s.pl.daily, "%.10s", date);
			snprintf(s.files.scores_dir, sizeof s.files.scores_dir, "%s", dir);
		}
		session_press(&s, 0, 0, +1, now());
		session_tick(&s, now());
		session_press(&s, 0, 0, +1, now());
		file_calls = 0;
		watched[0] = s.files.stats_path;
		watched[1] = s.files.scores_dir;
		watched_opens[0] = watched_opens[1] = 0;
		int ev = session_press(&s, 1, 1, +1, now());
		int calls = file_calls;
		tap_ok((ev & SESSION_WON) && !(ev & SESSION_RANKED) && calls == 0,
		       "%s: the winning press touches no file (%d calls, events %#x)", ladder ? "ladder" : "daily",
		       calls, ev);
		session_view v;
		session_snapshot(&s, &v);
		tap_ok(!v.perfect && game_moves(&s.pl.g) == 3 && s.pl.g.par == 1,
		       "3 moves over par 1: not perfect, as the session says");
		ev = session_tick(&s, now());
		calls = file_calls;
		int stats_opens = watched_opens[0], dir_opens = watched_opens[1];
		watched[0] = watched[1] = NULL;
		session_snapshot(&s, &v);
		if (ladder)
			tap_ok((ev & SESSION_RANKED) && calls > 0 && s.pl.rung == 2 && ladder_load(&c) == 2,
			       "ladder: the next tick climbs a rung and keeps it (%d calls, rung %d)", calls, s.pl.rung);
		else
			tap_ok((ev & SESSION_RANKED) && calls > 0 && recorded(&s, STATS_DAILY).won == 1 &&
				       strstr(v.ranking, "1st of 1"),
			       "daily: the next tick records the win and its rank (%d calls, '%s')", calls, v.ranking);
		/* The statistics read once (the replay's question asked of
		 * the record's own read), the leaderboard opened once (the
		 * rank from the row just written, no reload of the day). */
		tap_ok(stats_opens == 1, "%s: the statistics are read once for the win (%d opens)",
		       ladder ? "ladder" : "daily", stats_opens);
		if (!ladder)
			tap_ok(dir_opens == 1, "daily: the leaderboard is opened once for the win and its rank (%d opens)",
			       dir_opens);
		finish(&s);
	}
	char cmd[128];
	snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
	tap_ok(system(cmd) == 0, "the leaderboard directory removed");
}

/* A local game has no arcade: nothing published, no live games, no
 * races, and a race asked for says why not. */
static void test_no_arcade(void)
{
	session s;
	live_game *list;
	race_entry *races;
	game_config c = test_config(3, 3, 2, "plus", false);
	if (!start(&s, middle(), PLAY_FREE, &c))
		return;
	file_calls = 0;
	int ev = session_publish(&s, now());
	tap_ok(ev == 0 && file_calls == 0, "a local game publishes nothing (%d file calls)", file_calls);
	tap_ok(session_live_games(&s, &list) == -1 && !list, "no live games to list");
	tap_ok(session_race_list(&s, &races) == 0 && session_races_open(&s) == -1 &&
		       !session_races_text(&s, NULL, true, 0),
	       "no races to list, count or rank");
	ev = session_race_open(&s, "", now());
	tap_ok(ev == SESSION_MESSAGE && strstr(s.msg, "public account") && s.race.phase == RACE_IDLE,
	       "a race asked for: why not (%s)", s.msg);
	tap_is(session_race_leave(&s, now()), 0, "no race to leave");
	finish(&s);
}

static void test_forward_only(void)
{
	session s;
	game_config c = test_config(3, 3, 3, "plus", false);
	c.v.forward_only = true;
	board *b = board_new(3, 3, 3);
	b->cells[4] = 1;
	if (!start(&s, b, PLAY_FREE, &c))
		return;
	int ev = session_press(&s, 1, 1, -1, now());
	tap_ok(ev == SESSION_MESSAGE && game_moves(&s.pl.g) == 0 && strstr(s.msg, "Forward presses only"),
	       "--forward-only: a backward press is refused with the reason");
	finish(&s);
}

/* Help belongs to the board: a save and resume, a restart, keep it. */
static void test_assisted(void)
{
	session s;
	game_config c = test_config(3, 3, 2, "plus", false);
	if (!start(&s, middle(), PLAY_FREE, &c))
		return;
	long before = recorded(&s, STATS_CUSTOM).assisted;
	session_help(&s, SESSION_AID_HINT);
	session_press(&s, 0, 0, +1, now());
	tap_ok(session_end(&s, now()) == 0, "quit: the assisted game is saved");
	play_free(&s.pl);
	saving_close(&s.files);

	memset(&s, 0, sizeof s);
	saving_init(&s.files, false);
	tap_ok(saving_load(&s.files, &s.pl), "the next start finds it");
	session_fresh(&s, now());
	tap_ok(s.pl.assisted && game_moves(&s.pl.g) == 1, "resumed: still assisted, its move kept");
	session_undo(&s, false, now());
	int ev = session_press(&s, 1, 1, +1, now());
	session_tick(&s, now());
	stats_entry e = recorded(&s, STATS_CUSTOM);
	tap_ok((ev & SESSION_WON) && e.assisted == before + 1, "its win is recorded as assisted (%ld)", e.assisted);
	finish(&s);

	if (!start(&s, middle(), PLAY_FREE, &c))
		return;
	session_help(&s, SESSION_AID_HINT);
	session_press(&s, 0, 0, +1, now());
	ev = session_restart(&s, now());
	tap_ok((ev & SESSION_BOARD) && game_moves(&s.pl.g) == 0 && s.pl.assisted, "a restart keeps the help");
	session_press(&s, 1, 1, +1, now());
	session_tick(&s, now());
	e = recorded(&s, STATS_CUSTOM);
	tap_ok(e.assisted == before + 2, "the win after the restart is assisted (%ld)", e.assisted);
	finish(&s);
}

static void test_editor(void)
{
	session s;
	game_config c = test_config(3, 3, 2, "plus", false);
	if (!start(&s, middle(), PLAY_FREE, &c))
		return;
	session_press(&s, 0, 0, +1, now());
	session_edit_begin(&s, now());
	tap_ok(s.files.paused, "the editor pauses saving");
	int ev = session_edit_commit(&s, now());
	tap_ok((ev & SESSION_BOARD) && !s.pl.assisted && game_moves(&s.pl.g) == 1 && s.pl.origin == ORIGIN_LOAD,
	       "left without a change: the game goes on, unassisted");
	session_edit_begin(&s, now());
	board_set(s.pl.g.cur, 0, 0, 0);
	session_edit_commit(&s, now());
	tap_ok(s.pl.assisted && game_moves(&s.pl.g) == 0 && s.pl.origin == ORIGIN_EDIT,
	       "a changed cell: a board of the player's own, no record to beat");
	session_edit_begin(&s, now());
	game_config big = test_config(4, 5, 3, "plus", false);
	ev = session_edit_reshape(&s, &big);
	tap_ok((ev & SESSION_BOARD) && s.pl.g.cur->rows == 4 && s.pl.g.cur->cols == 5 && s.pl.g.cur->k == 3,
	       "reshape: the settings' shape");
	session_edit_commit(&s, now());
	tap_ok(!s.files.paused && s.pl.g.cur->rows == 4, "and played as edited");
	finish(&s);
}

static volatile sig_atomic_t handed;
static void on_usr1(int sig)
{
	(void)sig;
	handed = 1;
}

/* Another process owns slot 1 with an assisted game in progress: taking
 * it over brings the game, its moves and its help. */
static void test_take_over(void)
{
	int ready[2];
	game_config c = test_config(3, 3, 2, "plus", false);
	if (pipe(ready) < 0)
		return (void)tap_ok(0, "pipe");
	pid_t pid = fork();
	if (pid == 0) {
		session s;
		signal(SIGUSR1, on_usr1);
		close(ready[0]);
		if (!start(&s, middle(), PLAY_FREE, &c))
			_exit(1);
		session_help(&s, SESSION_AID_HINT);
		session_press(&s, 0, 0, +1, now());
		if (write(ready[1], "r", 1) != 1)
			_exit(1);
		struct timespec ts = { 0, 10000000 };
		for (int i = 0; i < 1000 && !handed; i++)
			nanosleep(&ts, NULL);
		finish(&s);	/* saves, and frees the slot */
		_exit(handed ? 0 : 1);
	}
	close(ready[1]);
	char ch;
	if (!tap_ok(read(ready[0], &ch, 1) == 1, "the other game is running"))
		return;
	close(ready[0]);
	session s;
	memset(&s, 0, sizeof s);
	saving_init(&s.files, false);
	tap_ok(s.files.other == pid, "slot 1 is the other game's");
	/* Something of our own first: it is replaced by the taken game. */
	game g;
	char err[256];
	game_init(&g, &c, err, sizeof err);
	play_init(&s.pl, &g, PLAY_FREE, ORIGIN_RANDOM, err, sizeof err);
	int ev = session_take_over(&s, now());
	tap_ok((ev & SESSION_BOARD) && s.pl.assisted && game_moves(&s.pl.g) == 1,
	       "taken over: the game, its move and its help (%s)", s.msg);
	int status;
	waitpid(pid, &status, 0);
	tap_ok(WIFEXITED(status) && WEXITSTATUS(status) == 0, "the other game handed over and quit");
	finish(&s);
}

static void test_ladder(void)
{
	session s;
	game_config c = test_config(4, 4, 2, "plus", false);
	ladder_save(&c, 2);
	if (!start(&s, NULL, PLAY_LADDER, &c))
		return;
	tap_ok(s.pl.rung == 2 && s.pl.g.par == 2, "the ladder's rung 2: a board of par 2 (par %d)", s.pl.g.par);
	/* Play its minimal solution: the plan knows it. */
	overlay_activate(&s.pl.ov, s.pl.g.cur);
	struct timespec ts = { 0, 2000000 };
	for (int i = 0; i < 2500 && (s.pl.ov.searching || !s.pl.ov.have); i++) {
		session_tick(&s, now());
		nanosleep(&ts, NULL);
	}
	session_help(&s, SESSION_AID_HINT);	/* the plan was used: still a rung up */
	int ev = 0;
	for (int i = 0; i < 16 && !s.pl.g.won; i++)
		if (overlay_mark(&s.pl.ov, i))
			ev = session_press(&s, i / 4, i % 4, +1, now());
	ev |= session_tick(&s, now());
	tap_ok((ev & SESSION_WON) && (ev & SESSION_RANKED) && s.pl.rung == 3 && ladder_load(&c) == 3, "a win climbs a rung, kept (rung %d)",
	       s.pl.rung);
	ev = session_new_board(&s, &c, PLAY_LADDER, true, now());
	tap_ok(ev == SESSION_MAKING, "a new board is made in the background");
	ev = until_made(&s);
	tap_ok((ev & SESSION_BOARD) && s.pl.g.par == 3 && !s.pl.assisted, "of par 3, and no help on it yet");
	int cell = 0;
	while (cell < 16 && board_get(s.pl.g.cur, cell / 4, cell % 4) == 0)
		cell++;
	session_press(&s, 0, 0, +1, now());
	if (s.pl.g.won)
		session_press(&s, 3, 3, +1, now());
	ev = session_restart(&s, now());
	tap_ok((ev & SESSION_BOARD) && s.pl.rung == 3 && game_moves(&s.pl.g) == 0,
	       "R on a board in progress: the same board, the same rung (rung %d)", s.pl.rung);
	tap_ok(session_leaving(&s, true) == SESSION_LEAVE_RUNG, "leaving it after the restart still costs a rung");
	ev = session_new_board(&s, &c, PLAY_LADDER, true, now());
	ev = until_made(&s);
	tap_ok((ev & SESSION_MESSAGE) && strstr(s.msg, "Down to rung 2") && s.pl.g.par == 2 && s.pl.rung == 2 &&
		       ladder_load(&c) == 2,
	       "n: a rung down, its board made and said: %s", s.msg);
	stats_entry e = recorded(&s, STATS_PRACTICE);
	tap_ok(e.played == 2 && e.won == 1, "the ladder's row: played 2, won 1 (%ld, %ld)", e.played, e.won);
	finish(&s);
}

static void test_config_equal(void)
{
	game_config a = test_config(5, 5, 2, "plus", false), b = a;
	snprintf(b.v.rule, sizeof b.v.rule, "%s", "plus-and-more");
	snprintf(b.v.rule, sizeof b.v.rule, "%s", "plus");
	tap_ok(memcmp(&a, &b, sizeof a) != 0 && game_config_equal(&a, &b),
	       "configs with different bytes after a string's end are equal");
	b.v.torus = true;
	tap_ok(!game_config_equal(&a, &b), "a torus is not");
	b = a;
	b.par = 7;
	tap_ok(!game_config_equal(&a, &b), "an exact par is not");
}

/* Which help makes a board assisted: the plan, a hint, a step, a chase;
 * the proof that it cannot be cleared, or stopping a search, does not. */
static void test_help_rules(void)
{
	static const struct {
		session_aid aid;
		bool assists;
		const char *name;
	} aids[] = {
		{ SESSION_AID_PLAN, true, "the plan" }, { SESSION_AID_STEP, true, "a step" },
		{ SESSION_AID_HINT, true, "a hint" }, { SESSION_AID_CHASE, true, "a chase step" },
		{ SESSION_AID_PROOF, false, "the proof" }, { SESSION_AID_STOP, false, "a search stopped" },
	};
	game_config c = test_config(3, 3, 2, "plus", false);
	for (size_t i = 0; i < sizeof aids / sizeof *aids; i++) {
		session s;
		if (!start(&s, middle(), PLAY_FREE, &c))
			return;
		int ev = session_help(&s, aids[i].aid);
		tap_ok(s.pl.assisted == aids[i].assists && (ev == SESSION_STATUS) == aids[i].assists,
		       "%s %s the board assisted", aids[i].name, aids[i].assists ? "makes" : "leaves not");
		if (aids[i].aid == SESSION_AID_STEP)
			tap_ok(s.pl.ov.shown, "a step shows the plan it follows");
		finish(&s);
	}
	session s;
	if (!start(&s, middle(), PLAY_FREE, &c))
		return;
	int ev = session_plan_toggle(&s);
	tap_ok((ev & SESSION_PLAN) && (ev & SESSION_STATUS) && s.pl.ov.shown && s.pl.assisted,
	       "the plan shown: assisted (events %#x)", ev);
	ev = session_plan_toggle(&s);
	tap_ok(ev == SESSION_PLAN && !s.pl.ov.shown && s.pl.assisted, "hidden again: still assisted");
	finish(&s);
	if (!start(&s, middle(), PLAY_FREE, &c))
		return;
	session_plan_state st = session_plan_want(&s);
	tap_ok(st == SESSION_PLAN_SOLVING || st == SESSION_PLAN_READY, "the plan asked for: solving (%d)", st);
	ev = session_plan_stop(&s);
	tap_ok((ev == 0 || ev == SESSION_PLAN) && !s.pl.assisted && !s.pl.ov.shown,
	       "asked for and stopped, never shown: no help");
	finish(&s);
}

/* One daily board a day: no other is made, whatever was played on it;
 * leaving another board costs as it stands. */
static void test_leaving(void)
{
	session s;
	game_config c = test_config(3, 3, 2, "plus", false);
	if (!start(&s, NULL, PLAY_DAILY, &c))
		return;
	tap_ok(session_leaving(&s, true) == SESSION_LEAVE_NEVER, "a daily board cannot be left for another");
	tap_ok(session_leaving(&s, false) == SESSION_LEAVE_FREE, "... but for other settings, yes");
	int ev = session_next_board(&s, now());
	tap_ok(ev == SESSION_MESSAGE && !s.mk && strstr(s.msg, "daily"), "n on it: no board made, said (%s)", s.msg);
	finish(&s);
	if (!start(&s, middle(), PLAY_FREE, &c))
		return;
	tap_ok(session_leaving(&s, true) == SESSION_LEAVE_FREE, "a board not pressed leaves for free");
	session_press(&s, 0, 0, +1, now());
	tap_ok(session_leaving(&s, true) == SESSION_LEAVE_LOSS, "one in progress: a loss");
	ev = session_next_board(&s, now());
	tap_ok((ev & SESSION_MAKING) && s.mk, "n: another board is made");
	ev = until_made(&s);
	tap_ok((ev & SESSION_BOARD) && game_moves(&s.pl.g) == 0, "and played");
	finish(&s);
}

/* A board handed over (a share code pasted in the game): played at once
 * as a free board of its own variant, the board left given up. */
static void test_play_board(void)
{
	session s;
	game_config c = test_config(3, 3, 2, "plus", false);
	if (!start(&s, NULL, PLAY_LADDER, &c))
		return;
	session_press(&s, 0, 0, +1, now());
	game_config t = test_config(3, 3, 3, "plus", true);
	board *b = board_new(3, 3, 3);
	b->cells[4] = 2;
	int ev = session_play_board(&s, b, &t, now());
	tap_ok((ev & SESSION_BOARD) && s.pl.mode == PLAY_FREE && s.pl.rung == 0 && s.pl.origin == ORIGIN_CODE,
	       "a code's board is played at once, as free play (events %#x, origin %s)", ev, play_origin_word(s.pl.origin));
	tap_ok(s.pl.g.cfg.v.k == 3 && s.pl.g.cfg.v.torus && board_get(s.pl.g.cur, 1, 1) == 2 && game_moves(&s.pl.g) == 0,
	       "with its own variant and cells");
	game_config bad = test_config(3, 3, 2, "plus", false);
	bad.v.rows = 0;
	ev = session_play_board(&s, board_new(3, 3, 2), &bad, now());
	tap_ok(ev == SESSION_MESSAGE && s.msg[0] && s.pl.g.cfg.v.k == 3, "a board that cannot be: said, the board played stays (%s)",
	       s.msg);
	finish(&s);
}

/* Away from the board (analysis, suspended) the clock stands still. */
static void test_pause(void)
{
	session s;
	game_config c = test_config(3, 3, 2, "plus", false);
	if (!start(&s, middle(), PLAY_FREE, &c))
		return;
	double t = now();
	session_press(&s, 0, 0, +1, t);
	int ev = session_pause(&s, true, t + 1);
	double at = game_elapsed(&s.pl.g, t + 1), later = game_elapsed(&s.pl.g, t + 50);
	tap_ok(ev == SESSION_STATUS && at == later, "away: the clock stops (%.1f, then %.1f)", at, later);
	session_pause(&s, false, t + 50);
	double back = game_elapsed(&s.pl.g, t + 52);
	tap_ok(back > at + 1.5 && back < at + 2.5, "back: it goes on from there (%.1f)", back);
	finish(&s);
}

/* The clock runs from the board shown, not from the first press: a
 * player who studies the board and then types the answer is timed for
 * the study too.  Shown again later, it does not start over. */
static void test_clock_shown(void)
{
	session s;
	game_config c = test_config(3, 3, 2, "plus", false);
	if (!start(&s, middle(), PLAY_FREE, &c))
		return;
	double t = now();
	tap_ok(game_elapsed(&s.pl.g, t + 5) == 0, "not shown yet: no time");
	int ev = session_shown(&s, t);
	tap_ok(ev == SESSION_STATUS, "shown: the clock starts");
	tap_ok(session_shown(&s, t + 3) == 0, "shown again: it runs on, not anew");
	session_press(&s, 1, 1, +1, t + 7);
	double at = game_elapsed(&s.pl.g, t + 100);
	tap_ok(s.pl.g.won && at > 6.9 && at < 7.1, "cleared by one press after 7 s of study: 7 s (%.2f)", at);
	tap_ok(session_shown(&s, t + 200) == 0 && game_elapsed(&s.pl.g, t + 300) == at, "a cleared board's clock stays stopped");
	finish(&s);
}

/* A race lost: the result stops the board's clock for good (a press, a
 * resume after a suspend or the analysis, the board shown again), until
 * the board starts again. */
static void test_clock_held(void)
{
	session s;
	game_config c = test_config(3, 3, 2, "plus", false);
	if (!start(&s, middle(), PLAY_FREE, &c))
		return;
	double t = now();
	session_shown(&s, t);
	game_clock_hold(&s.pl.g, t + 4);
	session_press(&s, 0, 0, +1, t + 7);
	session_pause(&s, true, t + 8);
	session_pause(&s, false, t + 9);
	session_shown(&s, t + 10);
	double at = game_elapsed(&s.pl.g, t + 100);
	tap_ok(!s.pl.g.won && at > 3.9 && at < 4.1, "held at 4 s: a press, a resume, shown again keep it (%.2f)", at);
	game_restart(&s.pl.g);
	tap_ok(game_clock_start(&s.pl.g, t + 200) && game_elapsed(&s.pl.g, t + 203) > 2.9,
	       "restarted: the clock runs again");
	finish(&s);
}

/* The editor's cells go through the session, modulo k. */
static void test_edit_cells(void)
{
	session s;
	game_config c = test_config(3, 3, 3, "plus", false);
	if (!start(&s, NULL, PLAY_FREE, &c))
		return;
	session_edit_begin(&s, now());
	int ev = session_edit_set(&s, 0, 1, 5);
	tap_ok(ev == SESSION_CELLS && board_get(s.pl.g.cur, 0, 1) == 2, "a value is taken modulo k (5 -> 2)");
	session_edit_step(&s, 0, 1, +1);
	tap_ok(board_get(s.pl.g.cur, 0, 1) == 0, "a step up from k-1 wraps to 0");
	session_edit_step(&s, 0, 1, -1);
	tap_ok(board_get(s.pl.g.cur, 0, 1) == 2, "and down from 0 to k-1");
	tap_ok(session_edit_set(&s, 3, 0, 1) == 0 && session_edit_step(&s, 0, -1, 1) == 0, "outside the board: nothing");
	ev = session_edit_clear(&s);
	bool dark = true;
	for (int i = 0; i < board_size(s.pl.g.cur); i++)
		dark = dark && s.pl.g.cur->cells[i] == 0;
	tap_ok((ev & SESSION_BOARD) && dark, "cleared: every cell off");
	session_edit_commit(&s, now());
	finish(&s);
}

/* session_open: a board chosen is played and the game saved stays; a
 * plain start offers the game saved last time back. */
static void test_open(void)
{
	char err[256];
	session_fail why;
	game_config c = test_config(3, 3, 2, "plus", false);
	session_settings set = { .cfg = c, .mode = PLAY_FREE, .origin = ORIGIN_LOAD, .loaded = middle(), .seed = 7,
				 .keep_saved = true, .note = "" };
	session *s = session_open(&set, &why, err, sizeof err);
	if (!tap_ok(s != NULL, "opened with a board loaded (%s)", s ? "" : err))
		return;
	tap_ok(!session_offers_resume(s) && s->pl.origin == ORIGIN_LOAD && s->pl.g.solvable,
	       "it is played, nothing offered");
	session_press(s, 0, 0, +1, now());
	tap_ok(session_kept(s), "in progress: kept for next time");
	tap_ok(session_end(s, now()) == 0, "ended: saved");
	session_close(s);

	set.loaded = NULL;
	set.keep_saved = false;
	set.note = "a line for the start";
	s = session_open(&set, &why, err, sizeof err);
	if (!tap_ok(s != NULL, "a plain start opens (%s)", s ? "" : err))
		return;
	tap_ok(session_offers_resume(s) && game_moves(&s->pl.g) == 1, "the game saved is offered back, its move kept");
	tap_ok(strcmp(s->files.notice, "a line for the start") == 0, "the note is there for the start");
	session_note(s, "another");
	tap_ok(strcmp(s->files.notice, "a line for the start") == 0, "a second note does not cover the first");
	session_resume(s, now());
	session_undo(s, false, now());
	int ev = session_press(s, 1, 1, +1, now());
	tap_ok((ev & SESSION_WON) && !session_kept(s), "won: nothing left to keep");
	session_end(s, now());
	session_close(s);

	game_config bad = test_config(3, 3, 2, "plus", false);
	bad.v.k = 1;
	set.cfg = bad;
	set.keep_saved = true;
	s = session_open(&set, &why, err, sizeof err);
	tap_ok(!s && why == SESSION_FAIL_SETTINGS && err[0], "a board that cannot be: refused (%s)", err);
	session_close(s);
}

/* A race run by two sessions of one host: the session plays the race's
 * board when both start, and a racer who leaves it (another board) has
 * forfeited by the next tick; the other is told it won. */
static session *racer_session(const char *host, const char *id, const char *name, int *lock)
{
	char err[256], path[4300];
	session_fail why;
	game_config c = test_config(3, 3, 2, "plus", false);
	snprintf(path, sizeof path, "%s/live/%s", host, id);
	*lock = lock_take(path, 0, err, sizeof err);
	session_settings set = { .cfg = c, .mode = PLAY_FREE, .origin = ORIGIN_LOAD, .loaded = middle(), .seed = 7,
				 .keep_saved = true, .note = "", .host = host, .live_id = id, .player_name = name,
				 .client = "198.51.100.7 40000 192.0.2.1 22" };
	return session_open(&set, &why, err, sizeof err);
}

/* Ticks s until one of the events want (a few seconds at most). */
static int tick_for(session *s, int want)
{
	struct timespec ts = { 0, 10000000 };
	int ev = 0;
	for (int i = 0; i < 800 && !(ev & want); i++) {
		ev = session_tick(s, now());
		if (!(ev & want))
			nanosleep(&ts, NULL);
	}
	return ev;
}

static void test_race(const char *dir)
{
	char host[300], path[400];
	int la, lb;
	snprintf(host, sizeof host, "%s/host", dir);
	mkdir(host, 0700);
	snprintf(path, sizeof path, "%s/live", host);
	mkdir(path, 0700);
	snprintf(path, sizeof path, "%s/watch", host);
	mkdir(path, 0700);
	session *a = racer_session(host, "k0123456789abcdef0123456789abcdef.0", "alice", &la);
	session *b = racer_session(host, "kfedcba9876543210fedcba9876543210.1", "bob", &lb);
	if (!tap_ok(a && b && la >= 0 && lb >= 0, "two players' sessions on one host"))
		return;
	int ev = session_race_open(a, "", now());
	tap_ok(ev == SESSION_RACE && (tick_for(a, SESSION_RACE) & SESSION_RACE) && a->race.phase == RACE_WAITING,
	       "alice opens a race: its board made between keys, then open");
	race_entry *list;
	int n = session_race_list(b, &list), at = -1;
	for (int i = 0; i < n; i++)
		if (list[i].take && !strcmp(list[i].name, "alice"))
			at = i;
	tap_ok(at >= 0 && session_race_take(b, &list[at], now()) == SESSION_RACE, "bob takes it");
	free(list);
	int ea = tick_for(a, SESSION_RACE_START), eb = tick_for(b, SESSION_RACE_START);
	tap_ok((ea & SESSION_RACE_START) && (ea & SESSION_BOARD) && (eb & SESSION_RACE_START) &&
		       a->pl.origin == ORIGIN_RACE && !memcmp(a->pl.g.cur->cells, b->pl.g.cur->cells, 9),
	       "both sessions play the race's board at once (events %#x, %#x)", ea, eb);
	session_play_board(b, middle(), &b->pl.g.cfg, now());
	eb = session_tick(b, now());
	tap_ok((eb & SESSION_RACE_OVER) && b->race.ended == RACE_END_DECIDED && !b->race.mine &&
		       b->race.result.kind == RACE_FORFEIT,
	       "bob plays another board: he has forfeited by the next tick");
	ea = tick_for(a, SESSION_RACE_OVER);
	tap_ok((ea & SESSION_RACE_OVER) && a->race.mine, "alice is told she won by forfeit");
	tap_ok(a->race.result.rank == RACE_UNRANKED_EARLY, "... before bob's first move: no result");

	/* Help in a race: held back with why; given anyway, the race is void
	 * for both.  Each racer's history goes with the race. */
	char why[200];
	ev = session_race_open(a, "", now());
	tick_for(a, SESSION_RACE);
	tap_ok(a->race.phase == RACE_WAITING && a->race.offer.by.cleared == saving_cleared(&a->files) &&
		       a->race.offer.by.cleared >= 0,
	       "alice's race carries her boards cleared alone (%d)", a->race.offer.by.cleared);
	n = session_race_list(b, &list), at = -1;
	for (int i = 0; i < n; i++)
		if (list[i].take && !strcmp(list[i].name, "alice"))
			at = i;
	tap_ok(at >= 0 && session_race_take(b, &list[at], now()) == SESSION_RACE, "bob takes another");
	free(list);
	tick_for(a, SESSION_RACE_START);
	tick_for(b, SESSION_RACE_START);
	tap_ok(session_help_held(a, "T", why, sizeof why) && strstr(why, "T: no help in a race"),
	       "in the race, help is held back, and why: %s", why);
	session_help(b, SESSION_AID_HINT);
	eb = session_tick(b, now());
	tap_ok((eb & SESSION_RACE_OVER) && b->race.result.kind == RACE_VOID && !b->race.mine,
	       "a hint reaches bob anyway: the race is void, said at his next tick");
	ea = tick_for(a, SESSION_RACE_OVER);
	tap_ok((ea & SESSION_RACE_OVER) && a->race.result.kind == RACE_VOID && a->race.mine, "and alice is told");
	tap_ok(!session_help_held(a, "T", why, sizeof why), "decided: help is there again");
	session_end(a, now());
	session_end(b, now());
	session_close(a);
	session_close(b);
	lock_release(la);
	lock_release(lb);
}

int main(void)
{
	char dir[] = "/tmp/lo-session.XXXXXX";
	if (!mkdtemp(dir)) {
		printf("Bail out! mkdtemp\n");
		return 1;
	}
	char state[64], data[64];
	snprintf(state, sizeof state, "%s/state", dir);
	snprintf(data, sizeof data, "%s/data", dir);
	setenv("XDG_STATE_HOME", state, 1);
	setenv("XDG_DATA_HOME", data, 1);
	setenv("XDG_CONFIG_HOME", data, 1);
	/* First, while no thread runs: it forks. */
	test_take_over();
	test_press_undo();
	test_save_gap();
	test_press_nomem();
	test_counted_once();
	test_forward_only();
	test_win_no_files();
	test_no_arcade();
	test_assisted();
	test_editor();
	test_ladder();
	test_config_equal();
	test_help_rules();
	test_leaving();
	test_play_board();
	test_pause();
	test_clock_shown();
	test_clock_held();
	test_edit_cells();
	/* In a state of its own: no game left by the tests above. */
	snprintf(state, sizeof state, "%s/open", dir);
	setenv("XDG_STATE_HOME", state, 1);
	test_open();
	test_race(dir);
	char cmd[128];
	snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
	if (system(cmd) != 0)
		tap_diag("could not remove %s", dir);
	return tap_done();
}
