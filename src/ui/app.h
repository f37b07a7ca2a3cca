/* The interactive game: its state, split by concern, and the one loop that
 * reads keys and hands them to the screen on top.
 *
 *   s      the session: what a move does to the game, its plan, its files
 *          and its records (game/session.h, no curses)
 *   v      what the player sees: cursor, layout    (ui/draw.h)
 *   steps  the game pressing for the player (t, T) (ui/steps.c)
 *   and what passes between screens: what a page is asked to show, what
 *   the settings leave for their opener, the question asked.  Each
 *   screen's working state (cursor, scroll, lists) is its own file's. */
#ifndef LO_APP_H
#define LO_APP_H

#include <stdbool.h>

#include "game/session.h"
#include "persist/live.h"
#include "persist/prefs.h"
#include "ui/draw.h"
#include "ui/glyphs.h"
#include "ui/pace.h"
#include "ui/screen.h"

#define APP_DEPTH 6
#define RACE_POLL_MS 100	/* a race's news reaches the racers within this */
#define WATCH_POLL_MS 50	/* a press reaches the watcher within this (plus a frame) */

/* Pseudo-keys from app_key() when the game must end. */
#define KEY_STOP (-2)		/* a signal asked us to stop */
#define KEY_LOST (-3)		/* standard input is gone */
#define KEY_IDLE (-4)		/* no move for the idle time (--idle) */

typedef struct steps {
	int pending_key;	/* a key waiting for the plan ("Solving...") */
	int cell;		/* the cell being pressed (lit), or -1 */
	bool playing;		/* T: press the whole plan */
	int speed;		/* T's speed, an index into its table (board.c) */
	double due;		/* when the lit cell is pressed, or T's next step */
} steps;

typedef struct question {
	char text[200];
	void (*yes)(app *a);
	void (*no)(app *a);	/* NULL: nothing */
} question;

/* A page of text asked for (app_open_page, app_open_prose): the pager
 * takes it when it opens, its scrolling its own. */
typedef struct page_ask {
	char title[64], footer[96];
	char *text;		/* handed over: the pager frees it */
	bool wrap;		/* prose: wrapped to the window, paragraphs reflowed */
} page_ask;

/* What the settings leave for the screen that opened them, whose back
 * hook takes it (ui/menu.c keeps the rest of the menu to itself). */
typedef struct settings_result {
	bool editing;		/* asked from the editor: Enter resizes, no new board */
	bool applied;		/* closed by Enter with something to change */
	game_config cfg;	/* ... then the board's kind chosen */
	play_mode mode;		/* ... and its mode: free play, daily, ladder */
} settings_result;

/* Our own game on a public account, published for watchers (ui/watch.c),
 * and who we are on its host ("" dir: not a public account).  The live
 * games' list and the game watched are the watch screens' own. */
typedef struct watching {
	/* The host directory, its watch/ and live/. */
	char host[4096], dir[4200], locks[4200];
	char id[LIVE_ID_MAX];
	char name[NAME_MAX_BYTES + 1];
	bool guest;
	bool open;		/* watchers welcome (the settings) */
	char last[LIVE_FILE_MAX + 1];	/* as last published, clock aside */
	int eyes;		/* watchers now */
	double eyes_at;		/* when they were last counted */
	/* A race being run (ui/race.c): the other racer and their moves, as
	 * published for watchers ("" no race). */
	char rival[NAME_MAX_BYTES + 1];
	int rival_moves;
} watching;

/* A share code being typed or pasted (P, or c in the lobby). */
#define CODE_ENTRY_MAX 16384	/* a few KB pasted: a board of some 250x250 */
typedef struct code_entry {
	char text[CODE_ENTRY_MAX + 1];
	size_t len;
	char why[200];		/* why the last code was refused, or "" */
	bool played;		/* Enter played it: the screen that opened the field goes too */
	board *pending;		/* decoded, waiting for the player to leave the board played */
	game_config cfg;	/* ... and its variant */
} code_entry;

struct app {
	session *s;
	view v;
	glyphs gl;
	steps st;
	bool mouse;
	bool remote;		/* over SSH: messages name no pid and no option */
	bool quiet;		/* presses draw nothing: T to the end redraws once */
	int fast_errors;	/* getch() failing at once: stdin is gone */
	const screen *stack[APP_DEPTH];
	int depth;
	settings_result settings;	/* the settings' result for their opener */
	page_ask page;
	watching w;		/* our game published for watchers, our host */
	/* Our game's file for watchers brought up to date before each wait
	 * for a key (a public account's player), or NULL. */
	void (*publish)(app *a, double now);
	/* The screen-reader mode's turn (ui/reader.c), NULL when it is off:
	 * before each wait for a key (the words, the cursor), and each key. */
	void (*reader_wait)(app *a);
	void (*reader_key)(app *a, int key);
	bool racing;		/* a race open, counting down or run (ui/race.c): its news polled often */
	int pattern;		/* analysis: quiet pattern shown */
	uint8_t *chase;		/* the chase step's marks (C) */
	question q;
	code_entry code;
	bool lobby;		/* start at the lobby (lightsout serve) */
	prefs prefs;		/* the settings kept for the next start */
	char prefs_path[4096];	/* "": none kept */
	int status;		/* exit status once quitting */
	bool quit;
	bool offer_resume;	/* pl is the saved game: ask before playing it */
	char end_msg[160];	/* why the game ended, if not by q */
	double idle;		/* seconds without a move that end the game; 0: never */
	double last_move;	/* when a move last changed the game (app_moved) */
	bool idled;		/* the game ended for want of moves */
	/* Keys at a player's pace (ui/pace.h); the rest are read and dropped. */
	double keys_per_second;	/* the pace (--keys-per-second); 0: no bound */
	pace keys;		/* every screen's */
	pace pasted;		/* the share code's field: a long code pasted at once */
	long dropped;		/* keys dropped by this flood */
	long dropped_said;	/* ... as last said */
	double dropped_at;	/* when the last was: a flood ends after PACE_FLOOD_GAP */
	int clip_rows, clip_cols;	/* the window larger than curses has, as said; 0: not */
	bool clip_due;		/* ... and yet to be said */
	/* The board the command line asked for, if the saved game is declined. */
	game_config fresh_cfg;
	/* The day's board's variant: the command line's alone, never a
	 * player's saved default, so the daily board is everyone's. */
	game_config daily_cfg;
	play_mode fresh_mode;
};

/* Run until the player quits, a signal asks to stop, or input ends.
 * Curses must be open and a.pl made (with offer_resume, the saved game:
 * the player is asked first).  Returns the exit status; end_msg and
 * sv.exit_msg say what to print once the terminal is restored. */
int app_run(app *a);
/* The same loop for one screen and no game (lightsout watch NAME): until
 * that screen closes, a signal or the end of input.  Curses must be open;
 * a->s is NULL. */
int app_run_screen(app *a, const screen *only);

/* The screens. */
extern const screen board_screen, editor_screen, analysis_screen, help_screen, pager_screen, menu_screen,
	question_screen, making_screen, watch_list_screen, watch_screen, code_screen, lobby_screen, race_screen;

void app_push(app *a, const screen *s);
/* Close screen s if it is on top (a job that ended by itself). */
void app_close(app *a, const screen *s);
const screen *app_top(const app *a);
void app_redraw(app *a);
/* A y/n question on the message line; yes or no runs when answered. */
void app_ask(app *a, const char *text, void (*yes)(app *a), void (*no)(app *a));
/* What the session says changed (session_event flags), drawn. */
void app_react(app *a, int ev);
/* The same events, for the idle time alone: a move that changed the game
 * (a press, undo, an edit, a new board) starts it again; the cursor, the
 * screens and the keys themselves do not (app_react calls it). */
void app_moved(app *a, int ev);

/* The session as this frame reads it (session_snapshot()). */
session_view app_session(const app *a);

/* The cursor keys (arrows, h j k l, Home 0 End $, PgUp g PgDn G). */
reaction app_cursor(app *a, int key);
/* The cursor to (r, c), clamped; the view scrolls to keep it shown. */
void app_cursor_to(app *a, int r, int c);
int app_cursor_cell(const app *a);
/* A press at the cursor by the player or a step, through the session. */
void app_press(app *a, int times);
void app_say(app *a, const char *msg);
/* Open the settings (editing: from the editor, for its shape) or a page
 * of text (taken: freed when the page closes). */
void app_open_menu(app *a, bool editing);
void app_open_page(app *a, const char *title, char *text, const char *footer);
/* The host's daily leaderboard as a page (L), any key back to `back`
 * ("the game", "the lobby"); or the message why there is none. */
void app_open_scores(app *a, const char *back);
/* The live games' list (W); false, said, where there is nobody to watch. */
bool app_open_watch(app *a);
/* The races (v, r): false, said, off a public account or while racing. */
bool app_open_race(app *a);
/* The same for prose: wrapped to the window, paragraphs reflowed. */
void app_open_prose(app *a, const char *title, char *text, const char *footer);
/* Keep the settings in play (the board's kind, preview, T's speed) for the
 * next start; a failure is said on the message line. */
void app_keep_prefs(app *a, const game_config *cfg);
/* End the game (status 0); a game in progress is saved for next time. */
void app_end(app *a);

/* Watching (ui/watch.c): the public account's directories for this
 * player's game (host dir and slot from serve), or nothing (a game of a
 * local account is not published); our game's file brought up to date (a
 * public account's player: the publish hook), and the end of it and of
 * watching (the live games' list is a screen: watch_list_screen). */
void watch_setup(watching *w, const char *host, const char *live_id, const char *name, bool guest);
void watch_publish(app *a, double now);
void watch_end(app *a);
/* A race's course between keys (from the publish hook) and its end with
 * the game (ui/race.c): race_screen is its screen. */
void race_tick(app *a, double now);
void race_end(app *a);

#endif
