/* What the parts of the drawing share, and nothing a screen calls: screens
 * include draw.h alone.  One header with a section per part rather than
 * four: each part's list is a handful of lines, they all work on the one
 * view, and a reader finds who calls what across the parts in one place.
 * The parts call down this list and never up it (tests/callgraph.sh):
 * draw.c (the frame) -> cells.c -> chrome.c -> layout.c, and theme.c from
 * any. */
#ifndef LO_DRAW_PARTS_H
#define LO_DRAW_PARTS_H

#include <curses.h>

#include "ui/draw.h"

/* theme.c: the colour pairs of the theme in use. */
enum { PAIR_ON = 1, PAIR_FRAME, PAIR_TITLE, PAIR_WIN, PAIR_STATUS, PAIR_MARK, PAIR_CERT, PAIR_OFF, PAIR_VALUE };
#define PALETTE 6		/* pairs from PAIR_VALUE on: the k > 2 values */
attr_t theme_attr(const view *v, int pair);	/* A_NORMAL without colour */
bool theme_off_coloured(const view *v);		/* unlit cells have a colour */

/* layout.c: where the board and each cell go. */
void layout_min_size(const view *v, int *cols, int *lines);
void layout_cell_origin(const view *v, int row, int col, int *y, int *x);

/* chrome.c: all but the cells, and prose that fits its line. */
int chrome_cols(const char *s);	/* display columns of UTF-8 */
void chrome_title(view *v);
void chrome_border(view *v);
void chrome_status(view *v, double now);	/* when its words changed */
void chrome_too_small(view *v);

/* cells.c: the cells of the frame. */
void cells_sets(view *v);	/* the press sets this frame reads */
void cells_draw(view *v);	/* those whose key differs from the drawn */
void cells_edges(view *v);	/* a graph's edges, under the cells */

#endif
