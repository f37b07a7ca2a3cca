/* The session: what a move does to a game, decided in one place (as
 * Tatham's midend).  It owns the game being played and its plan (play),
 * the save policy (saver), the board being made in the background (maker)
 * and the rules of the records: what counts as assisted, what a win or a
 * give-up costs on the ladder, what goes into the statistics and onto the
 * host's leaderboard.  Screens hand it moves; each call returns what
 * changed as an event mask, with one line for the player in msg.  No
 * curses: tests/game/test_session.c plays it. */
#ifndef LO_SESSION_H
#define LO_SESSION_H

#include <stdbool.h>
#include <stddef.h>

#include "engine/generate.h"
#include "game/arcade.h"
#include "game/play.h"
#include "game/race.h"
#include "game/saving.h"

/* What a call changed: flags, or-ed. */
typedef enum session_event {
	SESSION_CELLS = 1 << 0,		/* the cells a press at the view's row, col changes */
	SESSION_BOARD = 1 << 1,		/* a new position or shape: everything */
	SESSION_PLAN = 1 << 2,		/* the plan or its proof has news */
	SESSION_WON = 1 << 3,		/* the board was just cleared */
	SESSION_SAVED = 1 << 4,
	SESSION_SAVE_FAILED = 1 << 5,
	SESSION_MESSAGE = 1 << 6,	/* msg has a line for the player */
	SESSION_MAKING = 1 << 7,	/* a board is being made in the background */
	SESSION_MADE = 1 << 8,		/* ...and is played now (or failed: msg) */
	SESSION_STATUS = 1 << 9,	/* moves, par or clock changed */
	SESSION_RANKED = 1 << 10,	/* a win's records written (between keys): the
					 * ladder's rung, the ranking, or msg why not */
	SESSION_RACE = 1 << 11,		/* the race's phase, count or rival's moves */
	SESSION_RACE_START = 1 << 12,	/* the race's board is played now (BOARD too) */
	SESSION_RACE_OVER = 1 << 13,	/* the race ended: the view's race says how */
	SESSION_RACE_CHALLENGE = 1 << 14,	/* a challenge to us: race->challenger */
	SESSION_RACE_TAKEN = 1 << 15,	/* our race was taken: race->them, the countdown on */
	SESSION_RACE_WORDS = 1 << 16,	/* the rival's words after a race: race->heard */
} session_event;

/* The session itself is the game layer's (game/session_impl.h): front
 * ends read a snapshot (session_view) and call the verbs below. */
typedef struct session session;

/* What the front end hands session_open(): the board asked for, where it
 * comes from, and who plays. */
typedef struct session_settings {
	game_config cfg;	/* the board's kind (when no saved game is offered) */
	play_mode mode;
	play_origin origin;	/* random, seeded, load or code */
	board *loaded;		/* the board to play (taken, freed), or NULL: one is made */
	uint64_t seed;		/* the boards' random numbers */
	bool keep_saved;	/* a board was chosen: a saved game stays for later */
	const char *scores_dir;	/* the host's leaderboard directory, or NULL */
	const char *note;	/* a line for the start (settings not used), or "" */
	const char *player_pid;	/* a public account's player (lightsout serve), or NULL */
	const char *player_name;
	bool player_guest;
	const char *player_keep;	/* ... a guest's board left is kept for so long ("1 hour"), or NULL */
	const char *player_key;	/* ... the fingerprint of the key they came with, or NULL */
	const gen_ctl *ctl;	/* making the first board: progress and cancel, or NULL */
	const char *host;	/* a public account's host directory, or NULL */
	const char *live_id;	/* ... and our game's slot there */
	const char *client;	/* sshd's SSH_CONNECTION (our address), or NULL */
	int race_history;	/* boards a key must have cleared alone for its races to rank */
} session_settings;

/* Why session_open() failed. */
typedef enum session_fail {
	SESSION_FAIL_SETTINGS,		/* a kind of board that cannot be */
	SESSION_FAIL_UNSOLVABLE,	/* the board loaded cannot be cleared (or measured) */
	SESSION_FAIL_MEMORY,
} session_fail;

/* A session: its files and save slot found, the game saved last time
 * offered back (unless a board was chosen), else the first board loaded
 * or made.  NULL with why and err. */
session *session_open(const session_settings *set, session_fail *why, char *err, size_t len);
/* Free it all; the save slot last (free only once its save is written):
 * after session_end(). */
void session_close(session *s);
/* Is the game played the one saved last time (the player is asked)? */
bool session_offers_resume(const session *s);
/* A line for the start, unless the session has one already. */
void session_note(session *s, const char *line);
/* What to print once the terminal is restored, or "". */
const char *session_exit_msg(const session *s);
/* Is a game in progress kept for next time (a player's, not a guest's)? */
bool session_kept(const session *s);
/* Whether the board's share code is held back, with why in a player's
 * words: a live race's board or a daily board not yet cleared would be
 * solved in a shell (lightsout solve --code) and ranked as unassisted.
 * Once cleared, the code is the player's to pass on. */
bool session_code_held(const session *s, char *why, size_t len);

/* What the front end reads to draw a frame: a snapshot, read only, good
 * until the next call that changes the session. */
typedef struct session_view {
	const game *g;		/* board (g->cur), moves, clock, settings (g->cfg), won */
	const lo_overlay *plan;	/* the plan: marks, shown, proof */
	play_mode mode;
	const char *daily;	/* the daily board's date, or "" */
	int rung;		/* the ladder's rung, else 0 */
	bool assisted;		/* a win on this board is assisted */
	bool perfect;		/* won in par (or fewer), unassisted */
	const char *ranking;	/* after a daily win: where it stands, or "" */
	const char *msg;	/* what the last call had to say, or "" */
	int row, col;		/* where the last press, undo or redo was */
	bool making;		/* a board is being made in the background */
	double make_since;
	const char *notice;	/* a line for the start, or "" */
	const char *aside;	/* a lesser one, when the line is free */
	long other;		/* the pid of the game that holds the save, else 0 */
	bool saves;		/* a game in progress is saved for next time */
	play_origin origin;
	int cur_row, cur_col;	/* the cursor saved with a resumed game, else as last
				 * told; -1 unknown */
	/* On a public account (lightsout serve): */
	bool arcade;		/* the game is published on a host */
	const char *host;	/* ... that host's directory, "" none */
	const char *name;	/* the player's name there, "" none */
	bool guest;
	const char *guest_keep;	/* a guest's board left is kept for so long ("1 hour"), or "" */
	int watchers;		/* watching our game now */
	bool watchers_open;	/* watchers welcome */
	const racer *race;	/* our part in a race: its phase, rival, result */
} session_view;
void session_snapshot(const session *s, session_view *v);
/* Where the player's cursor is: saved with the game, given back on resume. */
void session_cursor(session *s, int row, int col);

/* The statistics table, and the host's leaderboard of the day played
 * (the daily board's date, else today; in date): malloc'd, or NULL with
 * msg. */
char *session_stats_text(const session *s, char *msg, size_t len);
/* The player's daily streak and date's daily board of cfg's variant, in
 * a line for the lobby. */
void session_daily_line(const session *s, const char *date, const game_config *cfg, char *buf, size_t len);
/* The practice ladder's rung for cfg's shape: the one played, or the one
 * kept for that shape (read from its file: not for every frame). */
int session_ladder_rung(const session *s, const game_config *cfg);
/* The player's page on a public account: name, key fingerprint, daily
 * streak, the practice rung for cfg's shape, the week's daily boards of
 * daily's variant and the week's races won and lost; malloc'd, or NULL. */
char *session_player_text(const session *s, const game_config *cfg, const game_config *daily);
/* (cols: the window's width, for the tables' columns; 0 any) */
char *session_scores_text(const session *s, char *date, size_t datelen, int cols, char *msg, size_t len);

/* The press (+1 forward, -1 backward) at (row, col): counted, followed by
 * the plan, saved soon.  No file is touched on a key: a win says
 * SESSION_WON, and its records (the ladder, the statistics, the host's
 * leaderboard) are written by the next session_tick(), which says
 * SESSION_RANKED. */
int session_press(session *s, int row, int col, int times, double now);
/* Undo (redo false) or redo one press. */
int session_undo(session *s, bool redo, double now);
/* Back to the board's start: the same board, on the ladder too (an
 * attempt in progress counts as a loss). */
int session_restart(session *s, double now);
/* Make a board for cfg in mode, in the background; once it is there, the
 * board played now is given up when give_up: a loss when in progress, and
 * on the ladder a rung down when it was tried and not won (the board made
 * is the lower rung's). */
int session_new_board(session *s, const game_config *cfg, play_mode mode, bool give_up, double now);
/* A line to say once the board being made is played (the settings'
 * "saved as your default"); nothing when no board is being made. */
void session_say_when_made(session *s, const char *line);
/* Play board b (taken, freed) of cfg's variant at once, a free board of
 * the player's own (a share code pasted in the game): the board played
 * is given up as session_leaving(s, false) says.  Returns SESSION_BOARD,
 * or SESSION_MESSAGE with why not (the board played stays). */
int session_play_board(session *s, board *b, const game_config *cfg, double now);
/* Stop making a board: the one played stays. */
void session_stop_making(session *s);
/* Between keys, touching no file: the plan's news.  The front end calls
 * it every turn of its loop, before the frame. */
int session_poll(session *s);
/* Between keys, after the key's frame is on the screen (the files'
 * turn, as often as the front end allows): session_poll's news, and a
 * win's records, the race's course, a board made, a save due. */
int session_tick(session *s, double now);

/* Our game on a public account's host, between keys (the front end's
 * hook): published for watchers as the session stands (the cursor as
 * session_cursor last said, the race's rival); SESSION_STATUS when the
 * count of watchers changed. */
int session_publish(session *s, double now);
/* Where the player is, for the races' list of others: at the lobby, or
 * at the board (its mode says which: daily, ladder, free play). */
void session_where(session *s, bool lobby);
/* Watchers welcome or not (the player's setting). */
void session_watchers(session *s, bool open);
/* The host's live games being played (at a board, not yet cleared: a
 * player in the lobby is not), ours aside: their count with *out
 * (malloc'd), or -1 off a public account. */
int session_live_games(const session *s, live_game **out);

/* Races (game/race.c): the open races as a list (count, *out malloc'd);
 * races open to us (-1 where races are not run); the races won on date
 * (NULL: today) as a table, malloc'd, or NULL (utf8: names as the
 * terminal shows them). */
int session_race_list(const session *s, race_entry **out);
int session_races_open(const session *s);
char *session_races_text(const session *s, const char *date, bool utf8, int cols);
/* Open a race for the player called to ("" anyone) on a board like the
 * one played, made in the background; take the race of e (or challenge
 * its player): SESSION_RACE, or SESSION_MESSAGE with why not. */
int session_race_open(session *s, const char *to, double now);
int session_race_take(session *s, const race_entry *e, double now);
/* Leave the race: one open is taken back, one run is forfeited (the
 * other wins: SESSION_RACE_OVER), one counting down is not left (the
 * message says so). */
int session_race_leave(session *s, double now);
/* Called between keys wherever the player is: a new challenge to us
 * gives SESSION_RACE_CHALLENGE, looked for every few seconds. */
int session_race_heard(session *s, double now);
/* After a race, fixed words to the other racer (race_say_words(what)):
 * SESSION_RACE when they went, else SESSION_MESSAGE with why not. */
int session_race_say(session *s, int what);
/* After a race, on its board: a rematch with the same player on a new
 * board (one like it): their rematch taken when they asked first, else
 * ours opened for them.  SESSION_RACE, SESSION_MESSAGE with why not, or
 * 0 when there is no race to rematch (session_race_rematch_for says). */
int session_race_rematch(session *s, double now);
/* The player a rematch would be with ("" none): a race ended on this
 * board and no other race is on. */
const char *session_race_rematch_for(const session *s);
/* Take the challenge last told (SESSION_RACE_CHALLENGE) while it is still
 * open to us: as session_race_take, or 0 when there is none. */
int session_race_accept(session *s, double now);

/* What the player asked the solver for. */
typedef enum session_aid {
	SESSION_AID_PLAN,	/* the plan's marks shown (s) */
	SESSION_AID_STEP,	/* the game pressing the plan for the player (t, T) */
	SESSION_AID_HINT,	/* where to press next */
	SESSION_AID_CHASE,	/* a step of light chasing (C) */
	SESSION_AID_PROOF,	/* why the board cannot be cleared: no help to clear it */
	SESSION_AID_STOP,	/* a minimal plan's search stopped */
} session_aid;

/* Help of kind aid was given on this board: a plan, a hint, a step or a
 * chase makes every win on it assisted, whatever happens between
 * (restart, undo, save and resume, takeover); a step shows the plan.
 * In a race it makes the race void for both (the next session_tick()
 * says SESSION_RACE_OVER): the guard is session_help_held's, this is
 * what holds when a screen forgets it.  Returns SESSION_STATUS when the
 * board just became assisted. */
int session_help(session *s, session_aid aid);
/* Whether help (the solution, hints, steps, chasing) is held back now,
 * with why in a player's words for the key (s, i, t, T, C, Tab): in a
 * race, until it is decided. */
bool session_help_held(const session *s, const char *key, char *why, size_t len);

/* Is the plan there to use?  Asking for it starts the solver. */
typedef enum session_plan_state {
	SESSION_PLAN_READY,
	SESSION_PLAN_SOLVING,	/* asked: SESSION_PLAN from session_tick() says when */
	SESSION_PLAN_NONE,	/* the board cannot be cleared from here */
	SESSION_PLAN_NOMEM,
} session_plan_state;
session_plan_state session_plan_want(session *s);
/* Show (help) or hide the plan's marks: returns SESSION_PLAN, and
 * SESSION_STATUS when the board just became assisted. */
int session_plan_toggle(session *s);
/* Stop the search for a minimal plan, the best found kept: SESSION_PLAN,
 * or 0 when none was running. */
int session_plan_stop(session *s);

/* What leaving the board played for another costs: one of the same kind
 * (same_kind: n), or of other settings. */
typedef enum session_leave {
	SESSION_LEAVE_FREE,	/* nothing: not in progress */
	SESSION_LEAVE_LOSS,	/* the attempt in progress counts as a loss */
	SESSION_LEAVE_RUNG,	/* ...and practice goes down a rung */
	SESSION_LEAVE_NEVER,	/* one daily board a day: no other today */
} session_leave;
session_leave session_leaving(const session *s, bool same_kind);
/* Another board of the same kind, given up as session_leaving() says;
 * on a daily board, SESSION_MESSAGE says why not. */
int session_next_board(session *s, double now);

/* The player is away from the board (analysis, suspended) or back: the
 * clock stops and goes on (not in a race: its time is the wall's, the
 * same for both).  Returns SESSION_STATUS. */
int session_pause(session *s, bool away, double now);
/* The board is in view, nothing over it: its clock runs from the first
 * time it is shown (a player who studies it first is timed for that
 * too), not from the first press.  SESSION_STATUS when it started. */
int session_shown(session *s, double now);

/* A position not reached by a press (new board, restart): a new attempt,
 * and the plan starts again hidden.  session_resume is the same for the
 * game found saved at the start: the same attempt goes on. */
int session_fresh(session *s, double now);
int session_resume(session *s, double now);

/* The editor: the game is saved as it stands and its clock stops; cells
 * then change outside the history.  commit plays the edited position as
 * a board of the player's own, or goes on with the game as it was when
 * nothing changed; reshape gives the edited board cfg's shape. */
int session_edit_begin(session *s, double now);
int session_edit_reshape(session *s, const game_config *cfg);
int session_edit_commit(session *s, double now);
/* In the editor: the cell at (row, col) to value (modulo k), a step up
 * (+1) or down (-1), or every cell off.  SESSION_CELLS, or 0 outside the
 * board. */
int session_edit_set(session *s, int row, int col, int value);
int session_edit_step(session *s, int row, int col, int by);
int session_edit_clear(session *s);

/* The saved game offered at the start was declined: dropped uncounted,
 * and a board for cfg in mode is made instead. */
int session_resume_decline(session *s, const game_config *cfg, play_mode mode, double now);
/* Does another session still wait for this one's game (a takeover
 * request stands only while its asker waits)? */
bool session_asked_away(const session *s);
/* Move the game of the session that owns slot 1 here. */
int session_take_over(session *s, double now);

/* The session ends (quit, signal, lost terminal): a game in progress is
 * saved for next time, a race run is forfeited and our live game's file
 * goes.  Returns 0, or -1 when its last save failed. */
int session_end(session *s, double now);

#endif
