#include "engine/chaseshape.h"

#include <string.h>

static int top_rows(const rule *r)
{
	int h = 0;
	for (int i = 0; i < r->n; i++)
		h = -r->dr[i] > h ? -r->dr[i] : h;
	return h;
}

bool chaseshape_supports(const rule *r, int rows, int cols)
{
	if (r->lines || !rule_is_symmetric(r) || rows < 1 || cols < 1)
		return false;
	int h = top_rows(r), top = 0, e = 0;
	for (int i = 0; i < r->n; i++)
		if (r->dr[i] == -h) {
			top++;
			e = r->dc[i];
		}
	if (top != 1 || h == 0)
		return false;
	/* Rows must not wrap onto each other; without torus, the determined
	 * press must stay on the board. */
	return r->torus ? rows > 2 * h : e == 0 && rows > h;
}

bool chaseshape_make(chaseshape *s, const rule *r, int rows, int cols)
{
	if (!chaseshape_supports(r, rows, cols))
		return false;
	memset(s, 0, sizeof *s);
	s->rows = rows;
	s->cols = cols;
	s->torus = r->torus;
	s->h = top_rows(r);
	/* Presses changing cell (p, j) sit at (p - dr, j - dc), each once. */
	for (int i = 0; i < r->n; i++) {
		int dr = -r->dr[i], dc = -r->dc[i];
		bool dup = false;
		for (int q = 0; q < s->npress && !dup; q++)
			dup = s->pdr[q] == dr && (r->torus ? chaseshape_wrap(s->pdc[q] - dc, cols) == 0 : s->pdc[q] == dc);
		if (dup)
			continue;
		if (r->dr[i] == -s->h) {
			s->det = s->npress;
			s->e = r->dc[i];
		}
		s->pdr[s->npress] = dr;
		s->pdc[s->npress++] = dc;
	}
	s->urows = r->torus ? 2 * s->h : s->h;
	s->unknowns = s->urows * cols;
	return true;
}

/* The pivot of a cell: its lowest press row h, and the last column sc
 * there. */
static void diag_pivot(const rule *r, int *h, int *sc)
{
	*h = top_rows(r);
	*sc = 0;
	for (int i = 0; i < r->n; i++)
		if (-r->dr[i] == *h && -r->dc[i] > *sc)
			*sc = -r->dc[i];
}

bool chaseshape_supports_diag(const rule *r, int rows, int cols)
{
	if (chaseshape_supports(r, rows, cols))
		return true;
	if (r->lines || r->torus || !rule_is_symmetric(r) || rows < 1 || cols < 1)
		return false;
	int h, sc;
	diag_pivot(r, &h, &sc);
	return sc > 0 && rows > h && cols > sc;
}

long long chaseshape_diag_unknowns(const rule *r, int rows, int cols)
{
	chaseshape s;
	if (chaseshape_supports(r, rows, cols))
		return chaseshape_make(&s, r, rows, cols) ? s.unknowns : 0;
	if (!chaseshape_supports_diag(r, rows, cols))
		return 0;
	int h, sc;
	diag_pivot(r, &h, &sc);
	return (long long)h * cols + (long long)(rows - h) * sc;
}

bool chaseshape_make_diag(chaseshape *s, const rule *r, int rows, int cols)
{
	if (chaseshape_supports(r, rows, cols))
		return chaseshape_make(s, r, rows, cols);
	if (!chaseshape_supports_diag(r, rows, cols) || chaseshape_diag_unknowns(r, rows, cols) > 1 << 30)
		return false;
	memset(s, 0, sizeof *s);
	s->rows = rows;
	s->cols = cols;
	diag_pivot(r, &s->h, &s->sc);
	s->det = -1;
	for (int i = 0; i < r->n; i++) {
		int dr = -r->dr[i], dc = -r->dc[i];
		bool dup = false;
		for (int q = 0; q < s->npress && !dup; q++)
			dup = s->pdr[q] == dr && s->pdc[q] == dc;
		if (dup)
			continue;
		if (dr == s->h && dc == s->sc)
			s->det = s->npress;
		s->pdr[s->npress] = dr;
		s->pdc[s->npress++] = dc;
	}
	s->e = -s->sc;
	s->urows = s->h;
	s->unknowns = (int)chaseshape_diag_unknowns(r, rows, cols);
	return s->det >= 0;
}
