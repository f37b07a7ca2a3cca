/* Races on a public account (ui/race.c): the race screen (v on the board,
 * r in the lobby) and a race's course between keys. */
#ifndef LO_UI_RACE_H
#define LO_UI_RACE_H

#include <stdbool.h>

#include "persist/live.h"
#include "ui/screen.h"

/* Is there a host to race on (a public account's player with a name)? */
bool race_available(const app *a);
/* Races open to us now (for anyone, or a challenge to us); -1 without a host. */
int race_open_count(app *a);
/* Open the race screen, or say why not. */
void race_open(app *a);
/* A race is open, counting down or being run: keys are waited for briefly. */
bool race_running(void);
/* Between keys (the publish hook): our win, theirs, a forfeit, their
 * moves on the status line, a challenge for us said on the board. */
void race_tick(app *a, double now);
/* The races won on date (NULL: today), ranked, as a page's text
 * (malloc'd), or NULL when none. */
char *race_scores_text(app *a, const char *date);
/* While racing: "WHAT NAME wins by forfeit." in q, true; else false. */
bool race_leave_question(const app *a, const char *what, char *q, size_t len);
/* Our live file's race line. */
void race_live(live_game *lg);
/* The game ends: a race being run is forfeited, an open one taken back. */
void race_end(app *a);

#endif
