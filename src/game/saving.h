/* When the game touches its files: the game in progress is saved on quit,
 * on a hang-up or terminate signal (from the main loop, never in the
 * handler) and every few moves, and offered back on the next start; a win
 * or a give-up goes into the statistics, and the save goes.  No curses:
 * what the player should read comes back in msg.  (saved.c turns the game
 * into a save; persist/savegame.c writes it; persist/slot.c names it.) */
#ifndef LO_SAVING_H
#define LO_SAVING_H

#include <stdbool.h>
#include <stddef.h>

#include "base/path.h"
#include "game/play.h"
#include "persist/slot.h"

/* Save after this many changes, or this long after the first unsaved one;
 * by count no sooner than SAVING_GAP_SECONDS after the last save: a save
 * holds up to HISTORY_MAX moves, and keys at 60 a second would otherwise
 * write one six times a second. */
#define SAVING_EVERY_MOVES 10
#define SAVING_EVERY_SECONDS 30.0
#define SAVING_GAP_SECONDS 2.0
/* How long a takeover waits for the other game to save and quit. */
#define SAVING_TAKEOVER_MS 5000

typedef struct saver {
	char base[PATH_LEN];	/* slot 1's save file: the slots' names come from it */
	slot sl;		/* the save slot this game owns (sl.save is its file) */
	char save_path[PATH_LEN], stats_path[PATH_LEN];	/* "": nowhere to keep it */
	pid_t other;		/* slot 1's owner when another game holds it, else 0 */
	bool owned;		/* the save file may hold this game */
	bool paused;		/* the editor changes cells outside the history */
	int unsaved;		/* changes since the last save */
	double changed_at;	/* when the first of them was made */
	double saved_at;	/* when the game was last written (0: not yet) */
	char notice[200];	/* one line to show at the start */
	char aside[80];		/* a lesser one, when the line is free */
	char exit_msg[300];	/* to print once the terminal is restored */
	char scores_dir[PATH_LEN];	/* the host's leaderboard directory, "" none */
	char player_pid[33];	/* a public account's player (lightsout serve), "" none */
	char player_name[33];
	bool player_guest;
	char player_keep[40];	/* a guest's board left is kept for so long, "" not */
	char ranking[160];	/* after a daily win: where we stand, or why not */
	bool ranking_failed;	/* ranking says why the result is not there */
	graph **graphs;		/* resumed graph games' press sets, kept to the end */
	int ngraphs;
} saver;

/* The files' paths (directories made 0700) and a save slot of our own:
 * slot 1 unless another running game owns it (then sa->other names it),
 * or unless keep_saved (the command line chose another board) and slot 1
 * holds a game: that game stays for later.  A problem goes to notice. */
void saving_init(saver *sa, bool keep_saved);
void saving_close(saver *sa);

/* Take over slot 1 from its owner: ask it to save and quit, wait for it
 * (a few seconds at most), then read its game into p.  Returns 1 with the
 * game in p, 0 when the other had none in progress, -1 with msg. */
int saving_take_over(saver *sa, play *p, char *msg, size_t len);

/* The saved game in our slot, if any, made into p (its game and plan):
 * true when there is one to offer back.  A damaged save, or one this game
 * can never play, is set aside and notice says so; one that memory is too
 * short for now stays, and this game saves nothing over it. */
bool saving_load(saver *sa, play *p);

/* The position changed (press, undo, restart, new board): save soon. */
void saving_changed(saver *sa, double now);
/* Should the loop save now?  Enough changes, or enough time. */
bool saving_due(const saver *sa, const play *p, double now);
/* Write the game when one is in progress, else forget the save this game
 * made.  Returns 0, or -1 with a line for the player in msg. */
int saving_sync(saver *sa, play *p, double now, char *msg, size_t len);

/* This attempt ended (won, or given up while in progress): record it once
 * and forget the save.  A daily win also goes to the host's leaderboard
 * (when there is one): sa->ranking then says where it stands, or in one
 * line why it could not be kept.  Returns 0, or -1 with msg. */
int saving_finish(saver *sa, play *p, double now, char *msg, size_t len);


/* The statistics table to show, malloc'd; NULL with msg. */
/* The player's daily streak and date's daily board of variant key, in a
 * line ("Daily streak: 3 days; today's daily board: won in ..."). */
void saving_daily_line(const saver *sa, const char *date, const variant *key, char *buf, size_t len);
/* The streak, then the daily boards of key's variant of the week to
 * today (practice_daily_seed's dates), a line each, appended to buf. */
void saving_week_text(const saver *sa, const variant *key, char *buf, size_t len);
/* The boards the host made for the player (random, practice, daily) that
 * the statistics say were won without help: a key's history for ranked
 * races.  0 without statistics. */
int saving_cleared(const saver *sa);
char *saving_stats_text(const saver *sa, char *msg, size_t len);

/* The host's daily leaderboard of date, malloc'd; NULL with msg (no
 * directory, unreadable).  Files skipped are counted at its end.  On a
 * public account (host its directory, else NULL or "") each row shows
 * the name its player has now. */
char *saving_scores_text(const saver *sa, const char *host, const char *date, int cols, char *msg, size_t len);

#endif
