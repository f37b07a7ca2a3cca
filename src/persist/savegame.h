/* The game in progress, on disk: saved on quit, hang-up and every few
 * moves, offered back on the next start.  A plain struct, free of curses
 * and of the game's own structs, so the game converts both ways.
 *
 * The file is text, one "key value" per line in a fixed order, version on
 * the first line; the loader checks every value and names the line.  A
 * graph variant carries its press sets after the rule's lines ("graph N",
 * then "ROW COL: W W ..." per vertex, members from 1, "- -" when the graph
 * has no coordinates), so the save plays without the graph file. */
#ifndef LO_SAVEGAME_H
#define LO_SAVEGAME_H

#include <stdbool.h>
#include <stddef.h>

#include "engine/board.h"
#include "engine/history.h"
#include "engine/variant.h"
#include "persist/status.h"

#define SAVEGAME_VERSION 3	/* 1 and 2 are still read */

typedef struct saved_game {
	variant v;
	graph *graph;			/* a graph variant's press sets when read (v.graph), owned */
	board *start, *current;		/* owned; current = start + the moves applied
					 * (hist.dropped of them no longer kept) */
	history hist;			/* at most HISTORY_MAX moves; history_at(pos..len)
					 * can be redone */
	int moves;			/* presses counted for the score */
	double elapsed;			/* seconds on the clock */
	int par;			/* -1 unknown */
	bool par_proven;		/* false: par is an upper bound */
	char mode[16];			/* a word: "random", "daily", "practice", "load", "code" */
	char difficulty[8];		/* "", "easy", "normal", "hard" */
	int rung;			/* practice ladder rung, 0 outside practice */
	char daily[11];			/* YYYY-MM-DD of a daily board, else "" */
	bool assisted;			/* the solver helped on this board: no records */
	uint64_t game;			/* the attempt's id, 0 none: the records count it once */
	int cur_row, cur_col;		/* the player's cursor, -1 when not kept (a save
					 * before it was: a "cursor R C" line before "end") */
} saved_game;

/* Empty: no boards, empty history, par -1. */
void savegame_init(saved_game *sg);
/* Frees the boards, the history and the graph read with them. */
void savegame_free(saved_game *sg);

/* The file's text, malloc'd (NUL-terminated); NULL when out of memory. */
char *savegame_format(const saved_game *sg, size_t *len);

/* Parse and check text (start + history must give the current board,
 * unless moves were dropped: then the file gives it).  A save from before
 * HISTORY_MAX keeps the last HISTORY_MAX moves up to its position.
 * Returns 0, or -1 with "line N: ..." in err and errno ENOMEM (out of
 * memory, the text may be fine) or EINVAL (damaged); sg is then empty. */
int savegame_parse(const char *text, size_t len, saved_game *sg, char *err, size_t errlen);

/* Write under the lock, atomically.  PERSIST_OK; on failure (no memory,
 * busy, refused, I/O) the old file is intact. */
persist_status savegame_write(const char *path, const saved_game *sg, persist_result *res);

/* Read the saved game at path: PERSIST_OK (sg holds it), PERSIST_NONE,
 * PERSIST_SET_ASIDE (it did not parse: renamed, res->moved), and
 * otherwise (no memory, busy, refused, I/O) the file stays as it is.
 * Stale temporary files of killed writes beside it are removed. */
persist_status savegame_read(const char *path, saved_game *sg, persist_result *res);

/* Move the saved game aside on request (it parses, but cannot be resumed):
 * PERSIST_SET_ASIDE with res->moved, or why not. */
persist_status savegame_set_aside(const char *path, const char *why, persist_result *res);

/* Forget the saved game (won, given up, or taken back into play).  A
 * missing file is PERSIST_OK; anything but a regular file of ours is
 * refused, not removed. */
persist_status savegame_remove(const char *path, persist_result *res);

#endif
