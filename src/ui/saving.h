/* When the session touches its files: the game in progress is saved on
 * quit, on a hang-up or terminate signal (from the main loop, never in the
 * handler) and every few moves, and offered back on the next start; a win
 * or a give-up goes into the statistics, and the save goes. */
#ifndef LO_SAVING_H
#define LO_SAVING_H

#include "ui/session.h"

/* Save after this many changes, or this long after the first unsaved one. */
#define SAVING_EVERY_MOVES 10
#define SAVING_EVERY_SECONDS 30.0

/* The files' paths (directories made 0700); a problem goes to s->notice. */
void saving_init(session *s);

/* Read the save into s->g (curses not needed yet): 1 when there is a game
 * to offer (s->offer_resume), 0 to start as usual (a damaged save is set
 * aside and s->notice says so). */
int saving_load(session *s);

/* At the start of the session: the notice, and the question "resume?".
 * Declining gives the saved game up and starts the board the command
 * line asked for.  Returns 0, or KEY_STOP / KEY_LOST. */
int saving_start(session *s);

/* The position changed (press, undo, restart, new board): save soon. */
void saving_changed(session *s, double now);
/* From the key loop: save when enough has changed or enough time passed. */
void saving_tick(session *s, double now);
/* Now: write the game when one is in progress, else forget the save this
 * session made.  A failure lands in s->v.msg and s->exit_msg. */
void saving_sync(session *s);

/* This attempt ended: record it (once) and forget the save. */
void saving_won(session *s);
void saving_gave_up(session *s);	/* only while a game is in progress */

/* S: the statistics table.  Returns 0, or KEY_STOP / KEY_LOST. */
int saving_stats_screen(session *s);

#endif
