/* A player's pace: keys let through at a rate after a burst (a token
 * bucket), so a flood of keys, pasted or scripted, costs the game what a
 * player's fingers would, and the rest can be read and dropped cheaply.
 * No curses and no clock of its own: the caller says when it is. */
#ifndef LO_PACE_H
#define LO_PACE_H

#include <stdbool.h>

/* Key repeat sends some 30 a second: a player never meets the bound; the
 * burst takes a quick hand, or a board's few dozen keys scripted at once. */
#define PACE_KEYS_PER_SECOND 60
#define PACE_KEYS_BURST 100

typedef struct pace {
	double rate;		/* keys a second, sustained */
	double burst;		/* keys at once after a rest */
	double tokens;		/* keys that may come now */
	double at;		/* when tokens was counted */
} pace;

/* Full: a burst may come at once. */
void pace_init(pace *p, double rate, double burst, double now);
/* May one key through now?  It is counted when it may. */
bool pace_take(pace *p, double now);

#endif
