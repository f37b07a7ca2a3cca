#include "game/session_impl.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "engine/history.h"
#include "game/maker.h"
#include "game/practice.h"
#include "i18n.h"

static const char rung_unsaved[] = N_("The practice rung could not be saved: it holds until you quit.");

/* The player's name and what their games become, first, in one line of
 * 80 columns: a guest's games are not kept, only a board left unfinished,
 * for a while, where the host keeps it (account/serve.c says). */
static void open_player(session *s, const session_settings *set)
{
	snprintf(s->files.player_pid, sizeof s->files.player_pid, "%s", set->player_pid);
	snprintf(s->files.player_name, sizeof s->files.player_name, "%s", set->player_name ? set->player_name : "");
	s->files.player_guest = set->player_guest;
	snprintf(s->files.player_keep, sizeof s->files.player_keep, "%s", set->player_keep ? set->player_keep : "");
	if (set->player_guest && s->files.player_keep[0])
		snprintf(s->files.notice, sizeof s->files.notice,
			 /* TRANSLATORS: the first %s is the player's name, the second how
			  * long ("1 hour"); at most 80 columns with them. */
			 _("Playing as %s, a guest: a board you leave is kept for %s."), s->files.player_name,
			 s->files.player_keep);
	else if (set->player_guest)
		snprintf(s->files.notice, sizeof s->files.notice,
			 /* TRANSLATORS: %s is the player's name; at most 80 columns with it. */
			 _("Playing as %s, a guest: your games are not kept."), s->files.player_name);
	else if (!s->files.notice[0])
		snprintf(s->files.notice, sizeof s->files.notice, _("Playing as %s: your games are kept for your key."),
			 s->files.player_name);
}

/* The first board, as the settings ask: loaded, or made for the mode. */
static lo_result open_board(session *s, const session_settings *set, session_fail *why, char *err, size_t len)
{
	game g;
	board *loaded = set->loaded;
	bool was_loaded = loaded != NULL;
	*why = SESSION_FAIL_SETTINGS;
	lo_result rc = game_init(&g, &set->cfg, err, len);
	if (rc != LO_OK) {
		board_free(loaded);
		return rc;
	}
	s->pl.mode = set->mode;
	s->pl.origin = set->origin;
	if (set->mode == PLAY_LADDER)
		s->pl.rung = ladder_load(&set->cfg);
	s->pl.ctl = set->ctl;
	rc = loaded ? game_load(&g, loaded, GAME_PAR_SECONDS, err, len) : play_generate(&s->pl, &g, err, len);
	s->pl.ctl = NULL;
	board_free(loaded);
	if (rc != LO_OK) {
		*why = was_loaded ? SESSION_FAIL_UNSOLVABLE : SESSION_FAIL_SETTINGS;
		game_free(&g);
		return rc;
	}
	if ((rc = play_init(&s->pl, &g, set->mode, set->origin, err, len)) != LO_OK) {
		*why = SESSION_FAIL_MEMORY;
		return rc;
	}
	return LO_OK;
}

session *session_open(const session_settings *set, session_fail *why, char *err, size_t len)
{
	session *s = calloc(1, sizeof *s);
	if (!s) {
		board_free(set->loaded);
		*why = SESSION_FAIL_MEMORY;
		snprintf(err, len, "%s", _("out of memory"));
		return NULL;
	}
	rng_seed(&s->pl.r, set->seed);
	saving_init(&s->files, set->keep_saved);
	if (set->note)
		session_note(s, set->note);
	snprintf(s->files.scores_dir, sizeof s->files.scores_dir, "%s", set->scores_dir ? set->scores_dir : "");
	if (set->player_pid && set->player_pid[0])
		open_player(s, set);
	snprintf(s->key_fp, sizeof s->key_fp, "%s", set->player_key ? set->player_key : "");
	arcade_setup(&s->ar, set->host, set->live_id, set->player_name, set->player_guest);
	racer_init(&s->race, &s->ar, set->client);
	s->race.history = set->race_history;
	/* A plain `lightsout`: the game left last time comes first (another
	 * running game owning the save keeps it, unless the player moves it
	 * over). */
	s->offer_resume = !set->keep_saved && saving_load(&s->files, &s->pl);
	if (s->offer_resume)
		board_free(set->loaded);
	else if (open_board(s, set, why, err, len) != LO_OK) {
		saving_close(&s->files);
		free(s);
		return NULL;
	}
	return s;
}

void session_close(session *s)
{
	if (!s)
		return;
	session_stop_making(s);
	maker_cancel(s->race.mk);
	board_free(s->edit_from);
	play_free(&s->pl);
	/* Last: the slot is free only once its save is written. */
	saving_close(&s->files);
	free(s);
}

bool session_offers_resume(const session *s)
{
	return s->offer_resume;
}

void session_say_when_made(session *s, const char *line)
{
	if (s->mk && !s->after_made[0])
		snprintf(s->after_made, sizeof s->after_made, "%s", line);
}

void session_note(session *s, const char *line)
{
	if (!s->files.notice[0])
		snprintf(s->files.notice, sizeof s->files.notice, "%s", line);
}

const char *session_exit_msg(const session *s)
{
	return s->files.exit_msg;
}

bool session_kept(const session *s)
{
	return !s->files.player_guest && s->files.save_path[0] && game_in_progress(&s->pl.g);
}

bool session_code_held(const session *s, char *why, size_t len)
{
	const game *g = &s->pl.g;
	if (g->won)
		return false;
	if (s->pl.origin == ORIGIN_RACE)
		snprintf(why, len, "%s", _("The share code of a race's board is shown once the board is cleared."));
	else if (s->pl.mode == PLAY_DAILY)
		snprintf(why, len, "%s", _("The share code of the daily board is shown once you have cleared it."));
	else
		return false;
	return true;
}

void session_snapshot(const session *s, session_view *v)
{
	*v = (session_view){
		.g = &s->pl.g,
		.plan = &s->pl.ov,
		.mode = s->pl.mode,
		.daily = s->pl.daily,
		.rung = s->pl.rung,
		.assisted = s->pl.assisted,
		.perfect = s->pl.g.won && s->pl.g.par >= 0 && game_moves(&s->pl.g) <= s->pl.g.par && !s->pl.assisted,
		.ranking = s->ranking,
		.msg = s->msg,
		.row = s->row,
		.col = s->col,
		.making = s->mk != NULL,
		.make_since = s->make_since,
		.notice = s->files.notice,
		.aside = s->files.aside,
		.other = (long)s->files.other,
		.saves = s->files.save_path[0] != '\0',
		.origin = s->pl.origin,
		.cur_row = s->pl.cur_row,
		.cur_col = s->pl.cur_col,
		.arcade = arcade_on(&s->ar),
		.host = s->ar.host,
		.name = s->ar.name,
		.guest = s->ar.guest,
		.guest_keep = s->files.player_keep,
		.watchers = s->ar.eyes,
		.watchers_open = s->ar.open,
		.race = &s->race,
	};
}

void session_cursor(session *s, int row, int col)
{
	s->pl.cur_row = row;
	s->pl.cur_col = col;
}

char *session_stats_text(const session *s, char *msg, size_t len)
{
	return saving_stats_text(&s->files, msg, len);
}

void session_daily_line(const session *s, const char *date, const game_config *cfg, char *buf, size_t len)
{
	saving_daily_line(&s->files, date, &cfg->v, buf, len);
}

int session_ladder_rung(const session *s, const game_config *cfg)
{
	if (s->pl.mode == PLAY_LADDER && s->pl.rung > 0 && game_config_equal(cfg, &s->pl.g.cfg))
		return s->pl.rung;
	return ladder_load(cfg);
}

#define PLAYER_PAGE_MAX 2048

char *session_player_text(const session *s, const game_config *cfg, const game_config *daily)
{
	char *t = malloc(PLAYER_PAGE_MAX);
	if (!t)
		return NULL;
	const char *name = s->ar.name[0] ? s->ar.name : s->files.player_name;
	/* TRANSLATORS: "Name:" and "Key:" are one above the other: pad both
	 * with spaces so that their values start in the same column. */
	char guest[120] = "";
	if (s->files.player_guest && s->files.player_keep[0])
		/* TRANSLATORS: after the guest's name; %s is how long ("1 hour"). */
		snprintf(guest, sizeof guest, _(", a guest: only a board you leave is kept, for %s"), s->files.player_keep);
	else if (s->files.player_guest)
		snprintf(guest, sizeof guest, "%s", _(", a guest: nothing is kept"));
	int n = snprintf(t, PLAYER_PAGE_MAX, _("Name:  %s%s\n"), name[0] ? name : _("(none: a local game)"), guest);
	/* TRANSLATORS: %s is the key's fingerprint, or "none". */
	n += snprintf(t + n, PLAYER_PAGE_MAX - (size_t)n, _("Key:   %s\n"), s->key_fp[0] ? s->key_fp : _("none"));
	/* TRANSLATORS: the rung, then the board's size (rows x columns). */
	n += snprintf(t + n, PLAYER_PAGE_MAX - (size_t)n, _("Practice rung: %d (%dx%d)\n"), session_ladder_rung(s, cfg),
		      cfg->v.rows, cfg->v.cols);
	saving_week_text(&s->files, &daily->v, t, PLAYER_PAGE_MAX);
	n = (int)strlen(t);
	if (racer_available(&s->ar) && s->race.me.key[0]) {
		int won, lost;
		race_record(s->ar.host, s->race.me.key, 7, &won, &lost);
		char w[64], l[64];
		/* TRANSLATORS: races this week: "3 won", then "1 lost". */
		snprintf(w, sizeof w, P_("%d won", "%d won", won), won);
		snprintf(l, sizeof l, P_("%d lost", "%d lost", lost), lost);
		/* TRANSLATORS: the two %s are "3 won" and "1 lost". */
		snprintf(t + n, PLAYER_PAGE_MAX - (size_t)n, _("\nRaces this week: %s, %s\n"), w, l);
	} else if (racer_available(&s->ar))
		snprintf(t + n, PLAYER_PAGE_MAX - (size_t)n, "%s", _("\nRaces: a guest's are not kept\n"));
	return t;
}

char *session_scores_text(const session *s, char *date, size_t datelen, int cols, char *msg, size_t len)
{
	play_scores_date(&s->pl, date, datelen);
	return saving_scores_text(&s->files, s->ar.host, date, cols, msg, len);
}

bool session_on_race_board(const session *s)
{
	return s->pl.origin == ORIGIN_RACE;
}

int session_say(session *s, const char *msg)
{
	snprintf(s->msg, sizeof s->msg, "%s", msg);
	return SESSION_MESSAGE;
}

/* The board was just cleared, on a key: no file is touched here (a
 * winning press costs what any press costs); the records are the next
 * tick's (record_win). */
static int won(session *s)
{
	s->pl.tried = false;	/* won: leaving it now costs nothing */
	s->win_due = true;
	return SESSION_WON | SESSION_STATUS;
}

/* Between keys, after a win: the ladder climbs, the record is made and a
 * daily win finds its place on the host's leaderboard. */
static int record_win(session *s, double now)
{
	char msg[300];
	int ev = SESSION_RANKED | SESSION_STATUS;
	s->win_due = false;
	bool kept = play_climb(&s->pl, +1) == LO_OK;
	int rc = saving_finish(&s->files, &s->pl, now, msg, sizeof msg);
	snprintf(s->ranking, sizeof s->ranking, "%.90s", s->files.ranking_failed ? "" : s->files.ranking);
	if (rc < 0)
		ev |= session_say(s, msg);
	else if (s->files.ranking_failed)
		ev |= session_say(s, s->files.ranking);
	if (!kept)
		ev |= session_say(s, _(rung_unsaved));
	return ev;
}

void session_settle(session *s, double now)
{
	if (s->win_due)
		record_win(s, now);
}

/* An attempt given up (restart, or leaving the board) counts as a loss;
 * leaving a board tried and not won (new board, other settings) also
 * costs a ladder rung, however its attempts ended: a restart, or undoing
 * to the start, is no way around it. */
static int give_up(session *s, double now, bool leaving)
{
	char msg[300];
	int ev = 0;
	session_settle(s, now);
	if (leaving && s->pl.tried && s->pl.mode == PLAY_LADDER && play_climb(&s->pl, -1) != LO_OK)
		ev |= session_say(s, _(rung_unsaved));
	if (game_in_progress(&s->pl.g) && saving_finish(&s->files, &s->pl, now, msg, sizeof msg) < 0)
		ev |= session_say(s, msg);
	return ev;
}

int session_press(session *s, int row, int col, int times, double now)
{
	game *g = &s->pl.g;
	s->msg[0] = '\0';
	if (g->won)
		return 0;
	if (times < 0 && g->cfg.v.forward_only)
		return session_say(s, _("Forward presses only in this game (--forward-only)."));
	/* Out of memory for the history: the press did not happen, and
	 * nothing may act as if it had. */
	if (game_press(g, row, col, times, now) < 0)
		return session_say(s, _("Out of memory: the press was not made."));
	s->row = row;
	s->col = col;
	s->pl.tried = true;
	saving_changed(&s->files, now);
	overlay_moved(&s->pl.ov, g->cur, row * g->cur->cols + col, times);
	int ev = SESSION_CELLS | SESSION_STATUS;
	if (g->won)
		ev |= won(s);
	return ev;
}

int session_undo(session *s, bool redo, double now)
{
	game *g = &s->pl.g;
	bool was_won = g->won;
	int row, col, times;
	session_settle(s, now);
	s->msg[0] = '\0';
	if (!(redo ? game_redo(g, &row, &col, &times, now) : game_undo(g, &row, &col, &times, now))) {
		char why[300];
		snprintf(why, sizeof why,
			 P_("No undo further back: only the last %d moves are kept.",
			    /* notext: the plural of the message above (P_) */
			    "No undo further back: only the last %d moves are kept.", HISTORY_MAX),
			 HISTORY_MAX);
		return session_say(s, redo ? _("Nothing to redo.") : game_undo_capped(g) ? why : _("Nothing to undo."));
	}
	s->row = row;
	s->col = col;
	overlay_moved(&s->pl.ov, g->cur, row * g->cur->cols + col, times);
	saving_changed(&s->files, now);
	/* The celebration covered the board: all of it comes back. */
	int ev = (was_won ? SESSION_BOARD : SESSION_CELLS) | SESSION_STATUS;
	if (g->won)
		ev |= won(s);
	return ev;
}

int session_fresh(session *s, double now)
{
	/* The plan belongs to one board: a new position starts without it
	 * shown, and the solver starts again from it. */
	s->pl.ov.shown = s->pl.ov.active = false;
	saving_changed(&s->files, now);
	play_fresh(&s->pl);
	s->ranking[0] = '\0';
	if (!s->pl.g.solvable)
		return SESSION_BOARD | session_say(s, _("This board cannot be cleared: s shows why."));
	return SESSION_BOARD;
}

int session_resume(session *s, double now)
{
	uint64_t id = s->pl.game;
	int ev = session_fresh(s, now);
	s->pl.game = id;
	return ev;
}

int session_restart(session *s, double now)
{
	s->msg[0] = '\0';
	/* The same board again, on the ladder too: going down a rung is
	 * leaving it (session_new_board), a choice of its own. */
	give_up(s, now, false);
	char kept[sizeof s->msg];
	snprintf(kept, sizeof kept, "%s", s->msg);
	game_restart(&s->pl.g);
	int ev = session_fresh(s, now);
	if (kept[0] && !s->msg[0])
		ev |= session_say(s, kept);
	return ev;
}

int session_new_board(session *s, const game_config *cfg, play_mode mode, bool give_up_old, double now)
{
	char err[256];
	maker_cancel(s->mk);
	s->after_made[0] = '\0';
	/* Leaving a ladder board tried and not won: the board made is the
	 * rung below's (the rung itself goes down once it is there). */
	play from = s->pl;
	bool down = give_up_old && mode == PLAY_LADDER && s->pl.mode == PLAY_LADDER && s->pl.tried;
	if (down && from.rung > LADDER_FIRST_RUNG) {
		from.rung--;
		snprintf(s->after_made, sizeof s->after_made, _("Down to rung %d: a board of par %d."), from.rung,
			 from.rung);
	}
	s->mk = maker_start(&from, cfg, mode, err, sizeof err);
	if (!s->mk)
		return session_say(s, err);
	s->make_gives_up = give_up_old;
	s->make_since = now;
	return SESSION_MAKING;
}

/* Board b (taken) played as free play of origin, the old one given up. */
static int session_play_given(session *s, board *b, const game_config *cfg, play_origin origin, double now)
{
	char err[256];
	game next;
	s->msg[0] = '\0';
	if (game_init(&next, cfg, err, sizeof err) != LO_OK) {
		board_free(b);
		return session_say(s, err);
	}
	/* Par searched briefly, as for an edited board: the plan proves it
	 * later, and the game answers at once. */
	lo_result rc = game_load(&next, b, SESSION_EDIT_PAR_SECONDS, err, sizeof err);
	board_free(b);
	if (rc != LO_OK) {
		game_free(&next);
		return session_say(s, err);
	}
	session_stop_making(s);
	int ev = give_up(s, now, true);
	if (play_replace(&s->pl, &next, err, sizeof err) != LO_OK)
		return ev | session_say(s, err);
	s->pl.mode = PLAY_FREE;
	s->pl.rung = 0;
	s->pl.daily[0] = '\0';
	s->pl.origin = origin;
	char kept[sizeof s->msg];
	snprintf(kept, sizeof kept, "%s", s->msg);
	ev |= session_fresh(s, now);
	if (kept[0] && !s->msg[0])
		ev |= session_say(s, kept);
	return ev;
}

int session_play_board(session *s, board *b, const game_config *cfg, double now)
{
	return session_play_given(s, b, cfg, ORIGIN_CODE, now);
}


session_leave session_leaving(const session *s, bool same_kind)
{
	if (same_kind && s->pl.mode == PLAY_DAILY)
		return SESSION_LEAVE_NEVER;
	if (s->pl.mode == PLAY_LADDER && s->pl.tried && s->pl.rung > LADDER_FIRST_RUNG)
		return SESSION_LEAVE_RUNG;
	return game_in_progress(&s->pl.g) ? SESSION_LEAVE_LOSS : SESSION_LEAVE_FREE;
}

int session_next_board(session *s, double now)
{
	s->msg[0] = '\0';
	/* The daily board is the day's: another is tomorrow's. */
	if (s->pl.mode == PLAY_DAILY)
		return session_say(s, _("One daily board a day: R restarts it."));
	game_config cfg = s->pl.g.cfg;
	return session_new_board(s, &cfg, s->pl.mode, true, now);
}

int session_pause(session *s, bool away, double now)
{
	if (s->race.phase == RACE_ON && session_on_race_board(s))
		return 0;
	if (away)
		game_clock_pause(&s->pl.g, now);
	else
		game_clock_resume(&s->pl.g, now);
	return SESSION_STATUS;
}

int session_shown(session *s, double now)
{
	return game_clock_start(&s->pl.g, now) ? SESSION_STATUS : 0;
}

void session_stop_making(session *s)
{
	maker_cancel(s->mk);
	s->mk = NULL;
}

/* A race's course between keys: its board played when both start, the
 * result when it is decided. */
static int session_race_course(session *s, double now)
{
	char why[300];
	int news = racer_tick(&s->race, &s->ar, &s->pl.g, session_on_race_board(s), s->pl.assisted, why, sizeof why) |
		   racer_tally(&s->race, &s->ar);
	int ev = (news & RACER_NEWS ? SESSION_RACE : 0) | (news & RACER_OVER ? SESSION_RACE_OVER : 0) |
		 (news & RACER_TAKEN ? SESSION_RACE_TAKEN : 0);
	if (news & RACER_SAY)
		ev |= session_say(s, why);
	/* The race's clock ends with it: a board not cleared keeps the
	 * time of the result. */
	if ((news & RACER_OVER) && session_on_race_board(s) && !s->pl.g.won)
		game_clock_hold(&s->pl.g, now);
	if (news & RACER_START) {
		game_config cfg;
		board *b = racer_board(&s->race, &cfg, why, sizeof why);
		int got = b ? session_play_given(s, b, &cfg, ORIGIN_RACE, now) : session_say(s, why);
		racer_started(&s->race, got & SESSION_BOARD);
		/* One race time: both clocks run from the common start, not
		 * from when this tick came round or the board was drawn. */
		if (got & SESSION_BOARD)
			game_clock_since(&s->pl.g, now - racer_since(&s->race));
		ev |= got | SESSION_RACE | (got & SESSION_BOARD ? SESSION_RACE_START : 0);
	}
	return ev;
}

/* The board made in the background replaces the one played. */
static int made(session *s, double now)
{
	char err[256];
	game next;
	play from;
	maker *m = s->mk;
	s->mk = NULL;
	s->msg[0] = '\0';
	if (maker_finish(m, &next, &from, err, sizeof err) != LO_OK)
		return SESSION_MADE | session_say(s, err);	/* the old board stays, as it was */
	int ev = SESSION_MADE;
	if (s->make_gives_up)
		ev |= give_up(s, now, true);	/* in the old board's own mode */
	if (play_replace(&s->pl, &next, err, sizeof err) != LO_OK)
		return ev | session_say(s, err);
	s->pl.r = from.r;
	s->pl.mode = from.mode;
	s->pl.rung = from.rung;
	s->pl.origin = from.origin;
	snprintf(s->pl.daily, sizeof s->pl.daily, "%s", from.daily);
	char kept[sizeof s->msg];
	snprintf(kept, sizeof kept, "%s", s->msg);
	ev |= session_fresh(s, now);
	if (s->after_made[0])
		ev |= session_say(s, s->after_made);
	else if (kept[0] && !s->msg[0])
		ev |= session_say(s, kept);
	s->after_made[0] = '\0';
	return ev;
}

int session_poll(session *s)
{
	int ev = 0;
	game *g = &s->pl.g;
	lo_overlay *ov = &s->pl.ov;
	if (overlay_poll(ov)) {
		ev |= SESSION_PLAN;
		/* Par of a board from the editor was bounded: the plan may
		 * prove it. */
		if (g->solvable && !g->par_proven && game_moves(g) == 0 && ov->minimal) {
			g->par = ov->weight;
			g->par_proven = true;
			ev |= SESSION_STATUS;
		}
	}
	return ev;
}

int session_tick(session *s, double now)
{
	int ev = s->win_due ? record_win(s, now) : 0;
	ev |= session_race_course(s, now);
	if (s->mk && maker_done(s->mk))
		ev |= made(s, now);	/* a give-up's records, the new board's save */
	ev |= session_poll(s);
	if (saving_due(&s->files, &s->pl, now)) {
		char msg[300];
		if (saving_sync(&s->files, &s->pl, now, msg, sizeof msg) < 0)
			ev |= SESSION_SAVE_FAILED | session_say(s, msg);
		else
			ev |= SESSION_SAVED;
	}
	return ev;
}

/* The race is run on the board played: no help until it is decided. */
static bool racing(const session *s)
{
	return s->race.phase == RACE_ON && session_on_race_board(s);
}

bool session_help_held(const session *s, const char *key, char *why, size_t len)
{
	if (!racing(s))
		return false;
	/* LIGHTSOUT_TEST_FAULT=race-help: the guard forgotten, as a screen
	 * that forgot it would be, so that tests see what holds then. */
	const char *fault = getenv("LIGHTSOUT_TEST_FAULT");
	if (fault && !strcmp(fault, "race-help"))
		return false;
	/* TRANSLATORS: %s is the key pressed (s, i, t, T, C or Tab). */
	snprintf(why, len, _("%s: no help in a race; s, i, t, T and C come back once it is decided."), key);
	return true;
}

int session_help(session *s, session_aid aid)
{
	bool was = s->pl.assisted;
	switch (aid) {
	case SESSION_AID_STEP:
		s->pl.ov.shown = true;	/* the steps follow the marks */
		/* fall through */
	case SESSION_AID_PLAN:
	case SESSION_AID_HINT:
	case SESSION_AID_CHASE:
		s->pl.assisted = true;
		/* Help reached a racer: the race is nobody's, said to both. */
		if (racing(s)) {
			s->race.my_moves = game_moves(&s->pl.g);
			racer_void(&s->race, &s->ar);
		}
		break;
	case SESSION_AID_PROOF:
	case SESSION_AID_STOP:
		break;
	}
	return s->pl.assisted && !was ? SESSION_STATUS : 0;
}

session_plan_state session_plan_want(session *s)
{
	lo_overlay *ov = &s->pl.ov;
	if (ov->nomem)
		return SESSION_PLAN_NOMEM;
	if (!ov->active || !ov->have) {
		overlay_activate(ov, s->pl.g.cur);
		return SESSION_PLAN_SOLVING;
	}
	return ov->solvable ? SESSION_PLAN_READY : SESSION_PLAN_NONE;
}

int session_plan_toggle(session *s)
{
	lo_overlay *ov = &s->pl.ov;
	ov->shown = !ov->shown;
	if (!ov->shown)
		return SESSION_PLAN;
	overlay_activate(ov, s->pl.g.cur);
	return SESSION_PLAN | session_help(s, SESSION_AID_PLAN);
}

int session_plan_stop(session *s)
{
	lo_overlay *ov = &s->pl.ov;
	if (!ov->searching || !ov->active)
		return 0;
	overlay_stop(ov);
	session_help(s, SESSION_AID_STOP);
	return SESSION_PLAN;
}

int session_resume_decline(session *s, const game_config *cfg, play_mode mode, double now)
{
	char msg[300];
	int ev = 0;
	/* Forgotten but not counted: the question said so. */
	s->msg[0] = '\0';
	s->pl.recorded = true;
	if (saving_finish(&s->files, &s->pl, now, msg, sizeof msg) < 0)
		ev |= session_say(s, msg);
	return ev | session_new_board(s, cfg, mode, false, now);
}

bool session_asked_away(const session *s)
{
	return slot_asked(s->files.base, s->files.sl.index);
}

int session_take_over(session *s, double now)
{
	char msg[300];
	session_settle(s, now);
	s->msg[0] = '\0';
	int rc = saving_take_over(&s->files, &s->pl, msg, sizeof msg);
	if (rc != 1)
		return session_say(s, msg);
	/* The game taken over is the same attempt: its id goes on. */
	uint64_t id = s->pl.game;
	int ev = session_fresh(s, now);
	s->pl.game = id;
	return ev | session_say(s, _("Taken over: the other session's game, moves and all (u undoes them)."));
}

int session_end(session *s, double now)
{
	char msg[300];
	session_settle(s, now);
	session_stop_making(s);
	if (racing(s))
		s->race.my_moves = game_moves(&s->pl.g);
	racer_end(&s->race, &s->ar);
	arcade_end(&s->ar);
	board_free(s->edit_from);
	s->edit_from = NULL;
	/* A position in the editor is no game yet: the last save stays. */
	return saving_sync(&s->files, &s->pl, now, msg, sizeof msg);
}
