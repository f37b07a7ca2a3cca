#include "engine/history.h"

#include <limits.h>
#include <stdlib.h>

void history_init(history *h)
{
	h->moves = NULL;
	h->first = h->len = h->pos = h->cap = h->dropped = 0;
}

void history_free(history *h)
{
	free(h->moves);
	history_init(h);
}

void history_clear(history *h)
{
	h->first = h->len = h->pos = h->dropped = 0;
}

/* The slot of the i-th move kept. */
static int history_slot(const history *h, int i)
{
	int at = h->first + i;
	return at < h->cap ? at : at - h->cap;
}

int history_push(history *h, lo_move m)
{
	if (h->pos == HISTORY_MAX) {
		/* Full: the oldest gives way, and undo stops one move later. */
		h->moves[h->first] = m;
		h->first = history_slot(h, 1);
		if (h->dropped < INT_MAX)
			h->dropped++;
		h->len = h->pos;
		return 0;
	}
	if (h->pos == h->cap) {
		/* Below HISTORY_MAX nothing was dropped: first is 0, the
		 * moves in order, and realloc keeps them so. */
		int cap = h->cap ? 2 * h->cap : 64;
		if (cap > HISTORY_MAX)
			cap = HISTORY_MAX;
		lo_move *p = realloc(h->moves, (size_t)cap * sizeof *p);
		if (!p)
			return -1;
		h->moves = p;
		h->cap = cap;
	}
	h->moves[history_slot(h, h->pos++)] = m;
	h->len = h->pos;
	return 0;
}

bool history_undo(history *h, lo_move *m)
{
	if (h->pos == 0)
		return false;
	*m = h->moves[history_slot(h, --h->pos)];
	return true;
}

bool history_redo(history *h, lo_move *m)
{
	if (h->pos == h->len)
		return false;
	*m = h->moves[history_slot(h, h->pos++)];
	return true;
}

lo_move history_at(const history *h, int i)
{
	return h->moves[history_slot(h, i)];
}

int history_count(const history *h)
{
	return h->dropped > INT_MAX - h->pos ? INT_MAX : h->dropped + h->pos;
}
