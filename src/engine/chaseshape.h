/* What light chasing sees of a rule on a shape, for the GF(2) chase
 * (chase.h) and the Z/k one (zchase.h) alike: the rule is symmetric and its
 * mask has one cell in its top row, h rows up, so the press h rows below a
 * cell is the only one of the cell's presses below it: forced once the
 * rows above are known.  The first h rows of presses (2h on a torus) are
 * the unknowns; the last h rows of cells (the first h and last h on a
 * torus) are the residual equations on them. */
#ifndef LO_CHASESHAPE_H
#define LO_CHASESHAPE_H

#include <stdbool.h>

#include "engine/rule.h"

typedef struct chaseshape {
	int rows, cols;
	bool torus;
	int h, e;		/* the mask's top row is the one cell (-h, e) */
	int urows, unknowns;	/* unknown press rows 0..urows-1 */
	/* Presses that change a cell, relative to it, each once; det is the
	 * one h rows below. */
	int npress, det;
	int pdr[RULE_MAX_OFFSETS], pdc[RULE_MAX_OFFSETS];
} chaseshape;

/* Whether the rule can be chased on this shape. */
bool chaseshape_supports(const rule *r, int rows, int cols);

/* Fills s; false when the rule cannot be chased on this shape. */
bool chaseshape_make(chaseshape *s, const rule *r, int rows, int cols);

static inline int chaseshape_wrap(int v, int n)
{
	v %= n;
	return v < 0 ? v + n : v;
}

/* Press q of those changing cell (p, col) at (*r, *cc): false when it is
 * off the board. */
static inline bool chaseshape_press(const chaseshape *s, int p, int col, int q, int *r, int *cc)
{
	*r = p + s->pdr[q];
	*cc = col + s->pdc[q];
	if (s->torus) {
		*r = chaseshape_wrap(*r, s->rows);
		*cc = chaseshape_wrap(*cc, s->cols);
		return true;
	}
	return *r >= 0 && *r < s->rows && *cc >= 0 && *cc < s->cols;
}

/* Residual row q (0 <= q < urows) -> its board row. */
static inline int chaseshape_residual_row(const chaseshape *s, int q)
{
	if (!s->torus)
		return s->rows - s->h + q;
	return q < s->h ? q : s->rows - 2 * s->h + q;
}

#endif
