/* A variant of the game: what defines a kind of board, apart from its
 * cells.  One struct, as Tatham's game_params: the command line, the game,
 * the save file, the statistics, the share code and the practice ladder all
 * carry it, so a new field is added here once and every format follows.
 *
 * The rule is kept as its canonical name ("plus", "mask:010/111/010",
 * "random:42", "hex", "merlin", "cube", "graph:<digest>"), checked when the
 * variant is made from outside input; variant_rule() expands that checked
 * name into offsets and cannot fail.  The name says the shape too
 * (variant_shape): a grid, offset hexagonal rows, the cube's net, or a
 * graph, whose press sets are not a name: v->graph points to them.  A
 * variant read back from a key ("1x7 graph:<digest> k=2" in statistics)
 * names its graph without the sets: it compares, formats and validates,
 * but only a variant with v->graph can give its rule. */
#ifndef LO_VARIANT_H
#define LO_VARIANT_H

#include <stdbool.h>
#include <stddef.h>

#include "engine/board.h"
#include "engine/result.h"
#include "engine/rule.h"

#define VARIANT_MAX_SIDE 10000			/* rows or columns */
#define VARIANT_MAX_CELLS 100000000L		/* rows * cols */
#define VARIANT_MIN_K BOARD_MIN_K
#define VARIANT_MAX_K BOARD_MAX_K
#define VARIANT_RULE_MAX 256			/* a rule's name, with its NUL */

typedef struct variant {
	int rows, cols;
	int k;				/* cells are values mod k */
	char rule[VARIANT_RULE_MAX];	/* canonical name, as rule_parse() makes it */
	bool torus;
	bool forward_only;		/* no backward presses (k > 2) */
	const graph *graph;		/* rule "graph:...": its press sets (not owned) */
} variant;

typedef enum variant_shape {
	SHAPE_GRID,		/* rows x cols squares (every uniform rule, random, merlin) */
	SHAPE_HEX,		/* offset rows of hexagons */
	SHAPE_CUBE,		/* six 3x3 faces, drawn as a net */
	SHAPE_GRAPH,		/* vertices, drawn at their coordinates if any */
} variant_shape;

variant_shape variant_shape_of(const variant *v);

/* The press sets of g as v's rule: rows 1, cols g->n.  No torus. */
void variant_set_graph(variant *v, const graph *g);

/* The classic game: 5x5, plus, k = 2. */
void variant_default(variant *v);

/* Read a rule spec from outside input (option, file, code), keeping its
 * canonical name.  LO_OK, or LO_REFUSED with a message in err. */
lo_result variant_set_rule(variant *v, const char *spec, char *err, size_t errlen);

/* Sides, cells, k and rule within bounds, and the rule fits the size
 * (rule_check_shape).  LO_OK, or LO_REFUSED with err. */
lo_result variant_validate(const variant *v, char *err, size_t errlen);

/* The rule's offsets, for a variant whose rule was set or validated
 * (a graph's with its press sets). */
void variant_rule(const variant *v, rule *r);

/* "5x5 plus k=2 torus forward-only": for tables, titles and keys.
 * variant_parse() reads exactly that text back. */
void variant_format(const variant *v, char *buf, size_t len);
lo_result variant_parse(variant *v, const char *text, char *err, size_t errlen);

bool variant_equal(const variant *a, const variant *b);
/* A total order (size, k, rule, torus, forward-only), for sorted tables. */
int variant_compare(const variant *a, const variant *b);

#endif
