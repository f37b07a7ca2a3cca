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
	/* The diagonal chase (chaseshape_make_diag, no torus): the pivot, the
	 * press forced by a cell, is (h, sc) from it, sc > 0 the last column
	 * of the presses h rows below; 0 for the straight chase. */
	int sc;
	int urows, unknowns;	/* unknown press rows 0..urows-1 (+ sc columns) */
	/* Presses that change a cell, relative to it, each once; det is the
	 * one h rows below. */
	int npress, det;
	int pdr[RULE_MAX_OFFSETS], pdc[RULE_MAX_OFFSETS];
} chaseshape;

/* Whether the rule can be chased on this shape. */
bool chaseshape_supports(const rule *r, int rows, int cols);

/* Fills s; false when the rule cannot be chased on this shape. */
bool chaseshape_make(chaseshape *s, const rule *r, int rows, int cols);

/* Any symmetric local rule without torus: the pivot is the last press of
 * a cell in reading order (its lowest row, rightmost there), so every
 * other press of the cell is an earlier cell's pivot or an unknown.  The
 * straight chase (chaseshape_make's) when the lowest row has one cell;
 * else the diagonal one (sc > 0): unknowns are the first h rows and the
 * first sc columns below them (numbered a column at a time), residual
 * cells the last h rows and the last sc columns above them, h C +
 * (R - h) sc of each.  Whether, and how many unknowns (0: not chaseable). */
bool chaseshape_supports_diag(const rule *r, int rows, int cols);
long long chaseshape_diag_unknowns(const rule *r, int rows, int cols);
bool chaseshape_make_diag(chaseshape *s, const rule *r, int rows, int cols);

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

/* Unknown press (r, c): its index, or -1 when a cell forces it. */
static inline int chaseshape_unknown_index(const chaseshape *s, int r, int c)
{
	if (r < s->urows)
		return r * s->cols + c;
	return c < s->sc ? s->urows * s->cols + c * (s->rows - s->urows) + (r - s->urows) : -1;
}

/* Unknown i -> its press (*r, *c). */
static inline void chaseshape_unknown_cell(const chaseshape *s, int i, int *r, int *c)
{
	int top = s->urows * s->cols;
	if (i < top) {
		*r = i / s->cols;
		*c = i % s->cols;
	} else {
		*r = s->urows + (i - top) % (s->rows - s->urows);
		*c = (i - top) / (s->rows - s->urows);
	}
}

/* The cells forced pivots: rows [p0, p1) of the board, columns
 * [0, C - sc); the pivot of (p, col) is (p + h, col + sc). */
static inline int chaseshape_chased_cols(const chaseshape *s)
{
	return s->cols - s->sc;
}

/* Residual row q (0 <= q < urows) -> its board row. */
static inline int chaseshape_residual_row(const chaseshape *s, int q)
{
	if (!s->torus)
		return s->rows - s->h + q;
	return q < s->h ? q : s->rows - 2 * s->h + q;
}

/* Residual equation q (0 <= q < unknowns) -> its cell (*p, *col). */
static inline void chaseshape_residual(const chaseshape *s, int q, int *p, int *col)
{
	int top = s->urows * s->cols;
	if (q < top) {
		*p = chaseshape_residual_row(s, q / s->cols);
		*col = q % s->cols;
	} else {
		*p = (q - top) / s->sc;
		*col = s->cols - s->sc + (q - top) % s->sc;
	}
}

#endif
