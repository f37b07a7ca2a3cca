/* One line typed at a terminal before the game's screen opens (a new
 * player's name over SSH), with the editing keys people expect of a
 * prompt: Left, Right, Home, End, Delete, Backspace, Ctrl-A/E/B/F/K/U/W.
 * Escape sequences are keys, never text; any other byte is text (a
 * control character or a NUL byte is the caller's to refuse, by name). */
#ifndef LO_LINEEDIT_H
#define LO_LINEEDIT_H

#include <stddef.h>

#define LINEEDIT_MAX 64		/* bytes a line may hold: past a name's 32 */

/* Show prompt on out and read a line from the terminal in (its settings
 * restored after): the line's length in buf (not NUL-terminated; it may
 * hold NUL bytes), -1 when the player left (end of input, Ctrl-C, or
 * Ctrl-D on an empty line, or a signal), LINEEDIT_IDLE when no key came
 * for idle_ms, LINEEDIT_LATE when the line was not done within left_ms
 * whatever was typed (each <= 0: no such bound). */
#define LINEEDIT_IDLE (-2)
#define LINEEDIT_LATE (-3)
int lineedit_read(int in, int out, const char *prompt, char buf[LINEEDIT_MAX], long idle_ms, long left_ms);

#endif
