/* The interactive game: its state, split by concern, and the one loop that
 * reads keys and hands them to the screen on top (ui/run.c).
 *
 *   s      the session: what a move does to the game, its plan, its files
 *          and its records (game/session.h, no curses)
 *   v      what the player sees: cursor, layout    (ui/draw.h)
 *   steps  the game pressing for the player (t, T) (ui/steps.c)
 *   and what passes between screens: what a page is asked to show, what
 *   the settings leave for their opener, a code played.  Each screen's
 *   working state (cursor, scroll, lists, the question, the code typed,
 *   the pattern shown, the chase's marks) is its own file's. */
#ifndef LO_APP_H
#define LO_APP_H

#include <stdbool.h>

#include "base/path.h"
#include "game/session.h"
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

/* A share code's field takes this much typed or pasted: a few KB, a
 * board of some 250x250 (ui/entercode.c). */
#define CODE_ENTRY_MAX 16384

struct app {
	session *s;
	view v;
	glyphs gl;
	steps st;
	bool mouse;
	bool remote;		/* over SSH: messages name no pid and no option */
	bool quiet;		/* presses draw nothing: T to the end redraws once */
	const screen *stack[APP_DEPTH];
	int depth;
	settings_result settings;	/* the settings' result for their opener */
	page_ask page;
	/* Our game's file for watchers brought up to date before each wait
	 * for a key (a public account's player), or NULL. */
	void (*publish)(app *a, double now);
	/* The screen-reader mode (ui/reader.c): its turn, NULL when it is
	 * off, before each wait for a key (the words, the cursor) and each
	 * key; and the look the options and settings chose (--ascii,
	 * --no-animation), taken back when the mode, which has its own, ends. */
	struct app_reader {
		void (*wait)(app *a);
		void (*key)(app *a, int key);
		bool look_ascii, look_anim;
	} reader;
	bool code_played;	/* the share code's field played a board: its opener goes too */
	/* The settings kept for the next start, and their file ("": none kept). */
	struct app_kept {
		prefs prefs;
		char path[PATH_LEN];
	} kept;
	/* How the game ends. */
	struct app_end {
		int status;	/* exit status once quitting */
		bool quit;
		char msg[160];	/* why the game ended, if not by q */
		bool idled;	/* the game ended for want of moves */
	} end;
	/* The player's pace: keys (ui/pace.h; the rest are read and dropped)
	 * and moves. */
	struct app_pace {
		double keys_per_second;	/* --keys-per-second; 0: no bound */
		double idle;		/* seconds without a move that end the game; 0: never */
		double last_move;	/* when a move last changed the game (app_moved) */
	} pace;
	/* How the game starts. */
	struct app_start {
		bool lobby;		/* at the lobby (lightsout serve) */
		bool offer_resume;	/* the session resumed a saved game: ask before playing it */
		/* The board the command line asked for, if the saved game is declined. */
		game_config fresh_cfg;
		play_mode fresh_mode;
		/* The day's board's variant: the command line's alone, never a
		 * player's saved default, so the daily board is everyone's. */
		game_config daily_cfg;
	} start;
};

/* The loop (ui/run.c).  Run until the player quits, a signal asks to stop, or input ends.
 * Curses must be open and a.s opened (with offer_resume, the saved game:
 * the player is asked first).  Returns the exit status; end_msg and
 * session_exit_msg() say what to print once the terminal is restored. */
int app_run(app *a);
/* The same loop for one screen and no game (lightsout watch NAME): until
 * that screen closes, a signal or the end of input.  Curses must be open;
 * a->s is NULL. */
int app_run_screen(app *a, const screen *only);

/* The screens. */
extern const screen board_screen, editor_screen, analysis_screen, help_screen, pager_screen, menu_screen,
	question_screen, making_screen, watch_list_screen, watch_screen, code_screen, lobby_screen, race_screen;

void app_push(app *a, const screen *s);
/* Close the screen on top; the one below is told (its back hook). */
void app_pop(app *a);
/* What changed since the last frame, drawn: the cells whose look changed,
 * the status line when its words did.  Only where the board shows. */
void app_frame(app *a);
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
 * next start: written by app_prefs_write, not on the key. */
void app_keep_prefs(app *a, const game_config *cfg);
/* A key's work that reads or writes files (a page of the statistics),
 * done at the host's turn, after the key's frame: one at a time, the last
 * asked. */
void app_later(app *a, void (*fn)(app *a));
void app_later_run(app *a);
/* The settings kept since the last call, written (the loop calls it at
 * the host's turn and as the game ends); a failure is said on the
 * message line. */
void app_prefs_write(app *a);
/* End the game (status 0); a game in progress is saved for next time. */
void app_end(app *a);

/* Our game on a public account between keys (ui/watch.c, the publish
 * hook): the session publishes it, and the status line says who plays,
 * who watches and whom we race. */
void watch_publish(app *a, double now);
/* The watch screens' state freed once the game ends. */
void watch_end(app *a);

#endif
