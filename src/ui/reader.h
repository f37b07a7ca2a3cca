/* The screen-reader mode (--screen-reader, the settings' Reader line, the
 * lobby's s): every screen usable without sight.  The terminal's cursor
 * is shown and left on what has focus (the board's cell, a menu's line,
 * a page's first line, a field's end), and each key's effect is said once
 * in words on the message line: what the key changed, found by comparing
 * the game before the wait for the next key with the game after it, so
 * no screen's handler has to speak for itself.  The look is plain: ASCII,
 * cells as digits, no frame, no animation, no clock ticking. */
#ifndef LO_READER_H
#define LO_READER_H

#include <stdbool.h>

#include "ui/app.h"

/* The mode on or off at the start (curses open, nothing drawn yet). */
void reader_start(app *a, bool on);
/* The same during play: kept with the settings, said, all redrawn by the
 * caller's REACT_REDRAW. */
void reader_set(app *a, bool on);
bool reader_on(const app *a);

/* A screen says where its focus is, as it draws it, and what it is in
 * words ("Rows: 5"); the cursor goes there and the words are said when
 * they change.  Nothing where the mode is off. */
void reader_focus(app *a, int y, int x, const char *words);

/* Keys of their own: the lobby's s (the mode on and off) and the board's
 * w (the cursor's row read as text: "row 2: on off off on on"). */
reaction reader_toggle(app *a, int key);
reaction reader_read_row(app *a, int key);

/* A cell's state in a word: on and off for lights, else its value. */
void reader_cell_state(const board *b, int r, int c, char *buf, size_t len);
/* "10 lights on" (k = 2), "10 cells not 0". */
void reader_lit_words(const board *b, char *buf, size_t len);

#endif
