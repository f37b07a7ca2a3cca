/* Rules: which cells a press changes.  A neighbourhood is a set: each cell
 * at most once, even where a torus wraps a mask onto itself.
 *
 * Most rules are one mask of offsets for every cell (uniform: plus, x,
 * box, knight, masks) or the cross.  The others give each cell its own
 * press set; they are solved by the dense path, as any matrix A is:
 *   random:SEED  each cell (r, c) its own subset of its 3x3 block, always
 *                with itself, drawn from SEED, r and c alone (so the same
 *                on every machine and any board size), as Flip's "Random";
 *   merlin       3x3, Parker Brothers' Magic Square: a corner presses its
 *                2x2 quadrant, an edge its side of three, the centre
 *                itself and the four edges;
 *   hex          hexagonal cells in offset rows (odd rows half a cell to
 *                the right): each cell and its six neighbours;
 *   cube         the Lights Out cube, 6 faces of 3x3 as a 6x9 board (row
 *                = face U L F R B D, column = 3 * row + column on the
 *                face): each sticker and its four neighbours, across face
 *                edges too;
 *   graph:ID     explicit press sets (engine/graph.h), one per cell. */
#ifndef LO_RULE_H
#define LO_RULE_H

#include <stdbool.h>
#include <stddef.h>

#include "engine/board.h"
#include "engine/graph.h"
#include "engine/result.h"

#define RULE_MASK_MAX 15		/* masks up to 15x15 */
#define RULE_MAX_OFFSETS (RULE_MASK_MAX * RULE_MASK_MAX)

typedef enum rule_kind {
	RULE_UNIFORM = 0,	/* offsets (or the cross's lines) the same everywhere */
	RULE_RANDOM, RULE_MERLIN, RULE_HEX, RULE_CUBE, RULE_GRAPH
} rule_kind;

typedef struct rule {
	char name[2 * RULE_MAX_OFFSETS];	/* "plus", "cross", "mask:010/111/010" */
	bool torus;
	bool lines;		/* cross: the whole row and column, not offsets */
	int n;			/* number of offsets */
	signed char dr[RULE_MAX_OFFSETS], dc[RULE_MAX_OFFSETS];
	rule_kind kind;		/* uniform, or the cell's own press set */
	uint64_t seed;		/* random */
	const graph *graph;	/* graph: shared, not owned */
} rule;

/* Parse "plus", "cross", "x", "box", "knight", "mask:ROWS/ROWS/...",
 * "random:SEED", "merlin", "hex" or "cube".  "graph:..." is refused: a
 * graph comes with rule_graph().  LO_OK, or LO_REFUSED with a message in err. */
lo_result rule_parse(rule *r, const char *spec, bool torus, char *err, size_t errlen);

/* The rule of explicit press sets g (never torus); its name is
 * "graph:" and g's digest in 16 hex digits. */
void rule_graph(rule *r, const graph *g);

/* Does the rule fit a rows x cols board?  Merlin is 3x3, the cube 6x9, a
 * graph has rows * cols vertices, hex on a torus needs an even number of
 * rows; no torus for merlin, cube and graphs.  LO_OK, or LO_REFUSED with err. */
lo_result rule_check_shape(const rule *r, int rows, int cols, char *err, size_t errlen);

/* Every cell the same mask (or the cross)? */
static inline bool rule_is_uniform(const rule *r)
{
	return r->kind == RULE_UNIFORM;
}

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
 * patterns double as certificates of unsolvability.  rule_is_symmetric
 * knows it for uniform rules, hex and the cube, and answers false for the
 * others; rule_is_symmetric_on looks at the cells of the board. */
bool rule_is_symmetric(const rule *r);
bool rule_is_symmetric_on(const rule *r, int rows, int cols);

/* The 3x3 pattern of random:SEED at (row, col): bit 3 * (dr + 1) + (dc + 1)
 * for offset (dr, dc); bit 4 (the cell itself) always set. */
unsigned rule_random_pattern(uint64_t seed, int row, int col);

/* The rule registry: every named rule once, with what the rest of the
 * program says or stores of it.  Help, menus, share codes and error texts
 * come from it; nothing else compares rule names. */
enum {
	RULE_PREFIX = 1 << 0,	/* the name is a prefix: "mask:", "random:", "graph:" */
	RULE_IN_MENU = 1 << 1,	/* offered by the settings menu as it is */
};
typedef struct rule_entry {
	const char *name;	/* as typed: "plus", or the prefix "mask:" */
	const char *mask;	/* the offsets ("010/111/010"), or NULL */
	rule_kind kind;
	bool lines;		/* cross: the whole row and column */
	int code_id;		/* in share codes: never reused */
	unsigned flags;
	const char *word;	/* for players: "classic" */
	const char *blurb;	/* what a press changes, one line */
} rule_entry;

/* Every entry, ended by one with a NULL name. */
extern const rule_entry rule_registry[];
/* The entry of a name or spec ("random:7" finds "random:"), or NULL. */
const rule_entry *rule_entry_find(const char *spec);

/* Whether a rule's name is the classic rule's (the registry's first). */
bool rule_name_is_classic(const char *name);
/* Whether spec names a graph's rule ("graph:ID") or a random one
 * ("random:SEED", or "random" alone). */
bool rule_name_is_graph(const char *spec);
bool rule_name_is_random(const char *spec);
/* Whether spec is the random rule without its seed ("random"): the
 * caller draws one and gives "random:SEED". */
bool rule_name_wants_seed(const char *spec);
/* The one size of a rule that has one (merlin 3x3, the cube 6x9); false
 * for a rule that fits boards of many sizes. */
bool rule_kind_size(rule_kind kind, int *rows, int *cols);

/* What --rule takes, from the registry, for the commands' help: "plus
 * (default), cross, ..., mask:ROW/ROW/..., random or random:SEED (each
 * cell its own pattern)" (the shapes have options of their own). */
void rule_help_names(char *buf, size_t len);
/* The entry of a share-code id, or NULL. */
const rule_entry *rule_entry_by_code(int id);
/* The classic game of the seeds: plus, no torus (chased row by row). */
bool rule_is_classic(const rule *r);

#endif
