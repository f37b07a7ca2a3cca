#include "engine/history.h"

#include <stdlib.h>

void history_init(history *h)
{
	h->moves = NULL;
	h->len = h->pos = h->cap = 0;
}

void history_free(history *h)
{
	free(h->moves);
	history_init(h);
}

void history_clear(history *h)
{
	h->len = h->pos = 0;
}

int history_push(history *h, lo_move m)
{
	if (h->pos == h->cap) {
		int cap = h->cap ? 2 * h->cap : 64;
		lo_move *p = realloc(h->moves, (size_t)cap * sizeof *p);
		if (!p)
			return -1;
		h->moves = p;
		h->cap = cap;
	}
	h->moves[h->pos++] = m;
	h->len = h->pos;
	return 0;
}

bool history_undo(history *h, lo_move *m)
{
	if (h->pos == 0)
		return false;
	*m = h->moves[--h->pos];
	return true;
}

bool history_redo(history *h, lo_move *m)
{
	if (h->pos == h->len)
		return false;
	*m = h->moves[h->pos++];
	return true;
}

