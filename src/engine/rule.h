/* Rules: which cells a press changes.  A neighbourhood is a set: each cell
 * at most once, even where a torus wraps a mask onto itself. */
#ifndef LO_RULE_H
#define LO_RULE_H

#include <stdbool.h>
#include <stddef.h>

#include "engine/board.h"

#define RULE_MASK_MAX 15		/* masks up to 15x15 */
#define RULE_MAX_OFFSETS (RULE_MASK_MAX * RULE_MASK_MAX)

typedef struct rule {
	char name[2 * RULE_MAX_OFFSETS];	/* "plus", "cross", "mask:010/111/010" */
	bool torus;
	bool lines;		/* cross: the whole row and column, not offsets */
	int n;			/* number of offsets */
	signed char dr[RULE_MAX_OFFSETS], dc[RULE_MAX_OFFSETS];
} rule;

/* Parse "plus", "cross", "x", "box", "knight" or "mask:ROWS/ROWS/...".
 * Returns 0, or -1 with a message in err. */
int rule_parse(rule *r, const char *spec, bool torus, char *err, size_t errlen);

/* Upper bound on the size of any neighbourhood on a rows x cols board. */
int rule_max_cells(const rule *r, int rows, int cols);

/* The cell indices (row-major) a press at (row, col) changes, each once,
 * in increasing order.  Returns their number. */
int rule_neighbours(const rule *r, int rows, int cols, int row, int col, int *out);

/* Press (row, col) `times` times (negative: backward), modulo b->k. */
void rule_press(const rule *r, board *b, int row, int col, int times);

/* Apply a whole press vector x (rows*cols counts mod k) to b. */
void rule_apply(const rule *r, board *b, const uint8_t *x);

/* Does the rule treat every pair symmetrically (A = A^T)?  Then quiet
 * patterns double as certificates of unsolvability. */
bool rule_is_symmetric(const rule *r);

/* Names of the built-in rules, NULL-terminated, for help and menus. */
extern const char *const rule_names[];

#endif
