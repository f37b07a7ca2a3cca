/* The family beyond one mask: known facts, checked against constructions
 * made here independently of the engine's code.
 *   - Merlin's Magic Square: every position solvable, one solution each.
 *   - Hexagonal boards: nullities from the engine equal those of a plain
 *     dense elimination over a hex grid built from cube coordinates.
 *   - The cube: each sticker presses 5, symmetric; its nullity equals that
 *     of stickers placed in space (neighbours at squared distance 2 or 4).
 *   - random:SEED is a fixed board: golden patterns for seed 42.
 *   - Graphs: sets merged and sorted, the digest names the rule. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/graph.h"
#include "engine/rule.h"
#include "engine/system.h"
#include "engine/variant.h"
#include "tap.h"

/* Rank of an n x n matrix over the prime field Z/p, by plain elimination. */
static int dense_rank(int *a, int n, int p)
{
	int rank = 0;
	for (int c = 0; c < n && rank < n; c++) {
		int piv = -1;
		for (int r = rank; r < n && piv < 0; r++)
			if (a[r * n + c] % p)
				piv = r;
		if (piv < 0)
			continue;
		for (int j = 0; j < n; j++) {
			int t = a[piv * n + j];
			a[piv * n + j] = a[rank * n + j];
			a[rank * n + j] = t;
		}
		int inv = 1;
		while (inv * a[rank * n + c] % p != 1)
			inv++;
		for (int r = 0; r < n; r++) {
			if (r == rank || a[r * n + c] % p == 0)
				continue;
			int f = a[r * n + c] * inv % p;
			for (int j = 0; j < n; j++)
				a[r * n + j] = ((a[r * n + j] - f * a[rank * n + j]) % p + p) % p;
		}
		rank++;
	}
	return rank;
}

static int engine_nullity(const char *spec, int rows, int cols, int k)
{
	rule r;
	char err[128];
	if (rule_parse(&r, spec, false, err, sizeof err) != LO_OK)
		return -1;
	lo_system *s = system_new(rows, cols, &r, k);
	int nul = s ? system_nullity(s) : -1;
	system_free(s);
	return nul;
}

/* Hex cells in odd-r offset rows as cube coordinates: neighbours are the
 * cells at hex distance 1. */
static int hex_nullity_dense(int rows, int cols, int p)
{
	int n = rows * cols, *a = calloc((size_t)n * n, sizeof *a);
	for (int i = 0; i < n; i++)
		for (int j = 0; j < n; j++) {
			int ri = i / cols, ci = i % cols, rj = j / cols, cj = j % cols;
			int xi = ci - (ri - (ri & 1)) / 2, xj = cj - (rj - (rj & 1)) / 2;
			int dx = xi - xj, dz = ri - rj, dy = -dx - dz;
			a[i * n + j] = abs(dx) <= 1 && abs(dy) <= 1 && abs(dz) <= 1;
		}
	int nul = n - dense_rank(a, n, p);
	free(a);
	return nul;
}

/* Stickers at 2c + N for cubies c in {-1,0,1}^3 on the face of normal N:
 * neighbours on a face are 2 apart, across an edge sqrt 2. */
static int cube_nullity_dense(int p)
{
	int pos[54][3], m = 0;
	for (int axis = 0; axis < 3; axis++)
		for (int sign = -1; sign <= 1; sign += 2)
			for (int u = -1; u <= 1; u++)
				for (int v = -1; v <= 1; v++) {
					int c[3];
					c[axis] = sign;
					c[(axis + 1) % 3] = u;
					c[(axis + 2) % 3] = v;
					for (int t = 0; t < 3; t++)
						pos[m][t] = 2 * c[t] + (t == axis ? sign : 0);
					m++;
				}
	int *a = calloc(54 * 54, sizeof *a);
	for (int i = 0; i < 54; i++)
		for (int j = 0; j < 54; j++) {
			int d = 0;
			for (int t = 0; t < 3; t++)
				d += (pos[i][t] - pos[j][t]) * (pos[i][t] - pos[j][t]);
			a[i * 54 + j] = d == 0 || d == 2 || d == 4;
		}
	int nul = 54 - dense_rank(a, 54, p);
	free(a);
	return nul;
}

static void merlin(void)
{
	rule r;
	char err[128];
	rule_parse(&r, "merlin", false, err, sizeof err);
	int nb[16], n = rule_neighbours(&r, 3, 3, 0, 0, nb);
	tap_ok(n == 4 && nb[0] == 0 && nb[1] == 1 && nb[2] == 3 && nb[3] == 4, "merlin corner: its 2x2 quadrant");
	n = rule_neighbours(&r, 3, 3, 1, 2, nb);
	tap_ok(n == 3 && nb[0] == 2 && nb[1] == 5 && nb[2] == 8, "merlin right edge: its side of three");
	n = rule_neighbours(&r, 3, 3, 1, 1, nb);
	tap_ok(n == 5 && nb[0] == 1 && nb[1] == 3 && nb[2] == 4 && nb[3] == 5 && nb[4] == 7,
	       "merlin centre: itself and the four edges");
	tap_ok(!rule_is_symmetric_on(&r, 3, 3), "merlin is directed (a corner presses the centre, not back)");
	lo_system *s = system_new(3, 3, &r, 2);
	board *b = board_new(3, 3, 2);
	uint8_t x[9];
	int cleared = 0;
	for (int pos = 0; pos < 512; pos++) {
		for (int i = 0; i < 9; i++)
			b->cells[i] = (uint8_t)(pos >> i & 1);
		if (system_solve(s, b->cells, x, NULL) != LO_OK)
			continue;
		rule_apply(&r, b, x);
		cleared += board_is_clear(b);
	}
	char count[32];
	system_count(s, count, sizeof count);
	tap_ok(system_nullity(s) == 0 && strcmp(count, "1") == 0 && cleared == 512,
	       "merlin: all 512 positions solved and cleared, exactly one solution each (nullity %d)",
	       system_nullity(s));
	board_free(b);
	system_free(s);
	tap_ok(rule_check_shape(&r, 4, 4, err, sizeof err) != LO_OK, "merlin on 4x4 refused: %s", err);
}

static void hex(void)
{
	int bad = 0, checked = 0;
	for (int p = 2; p <= 3; p++)
		for (int rows = 1; rows <= 8; rows++)
			for (int cols = 1; cols <= 8; cols++) {
				int e = engine_nullity("hex", rows, cols, p), d = hex_nullity_dense(rows, cols, p);
				checked++;
				if (e != d) {
					bad++;
					tap_diag("hex %dx%d k=%d: engine nullity %d, dense %d", rows, cols, p, e, d);
				}
			}
	tap_ok(bad == 0, "hex: nullities of all %d shapes up to 8x8, k = 2 and 3, agree two ways", checked);
	rule r;
	char err[128];
	rule_parse(&r, "hex", false, err, sizeof err);
	int nb[16];
	tap_is(rule_neighbours(&r, 5, 5, 2, 2, nb), 7, "hex inner cell: itself and six neighbours");
	tap_ok(nb[0] == 6 && nb[1] == 7 && nb[3] == 12, "even row: the row above at columns c-1 and c");
	tap_is(rule_neighbours(&r, 5, 5, 1, 2, nb), 7, "odd row inner cell: seven");
	tap_ok(nb[0] == 2 && nb[1] == 3, "odd row: the row above at columns c and c+1");
	rule_parse(&r, "hex", true, err, sizeof err);
	tap_ok(rule_check_shape(&r, 3, 4, err, sizeof err) != LO_OK, "hex torus with odd rows refused: %s", err);
	tap_ok(rule_check_shape(&r, 4, 3, err, sizeof err) == LO_OK, "hex torus with even rows accepted");
}

static void cube(void)
{
	rule r;
	char err[128];
	rule_parse(&r, "cube", false, err, sizeof err);
	int nb[16], five = 0;
	for (int c = 0; c < 54; c++)
		five += rule_neighbours(&r, 6, 9, c / 9, c % 9, nb) == 5;
	tap_is(five, 54, "cube: every sticker presses itself and four others");
	tap_ok(rule_is_symmetric_on(&r, 6, 9), "cube: a sticker's neighbours have it as a neighbour");
	/* F's top-left sticker (face 2, cell 0) touches U's bottom-left and L's top-right. */
	rule_neighbours(&r, 6, 9, 2, 0, nb);
	tap_ok(nb[0] == 6 && nb[1] == 11 && nb[2] == 18 && nb[3] == 19 && nb[4] == 21,
	       "cube: F's corner touches U's corner above and L's corner beside it");
	for (int p = 2; p <= 3; p++)
		tap_is(engine_nullity("cube", 6, 9, p), cube_nullity_dense(p), "cube k=%d: nullity agrees two ways", p);
}

static void random_rule(void)
{
	/* Golden: seed 42 on 5x5, the nine-bit patterns row by row.  A change
	 * here changes every random board already shared or saved. */
	static const unsigned golden[25] = {
		0x035, 0x15f, 0x15f, 0x17c, 0x095,
		0x092, 0x094, 0x199, 0x096, 0x016,
		0x07c, 0x0f9, 0x034, 0x132, 0x1de,
		0x116, 0x197, 0x173, 0x0d5, 0x014,
		0x09f, 0x09d, 0x03d, 0x13f, 0x11e,
	};
	int same = 0;
	for (int i = 0; i < 25; i++)
		same += rule_random_pattern(42, i / 5, i % 5) == golden[i];
	tap_is(same, 25, "random:42 on 5x5 is the recorded board");
	int self = 0;
	for (int i = 0; i < 400; i++)
		self += rule_random_pattern(7, i / 20, i % 20) >> 4 & 1;
	tap_is(self, 400, "random: every cell presses itself");
	rule r;
	char err[128];
	tap_ok(rule_parse(&r, "random:0042", false, err, sizeof err) == LO_OK && strcmp(r.name, "random:42") == 0,
	       "random:0042 reads as random:42");
	tap_ok(rule_parse(&r, "random:", false, err, sizeof err) != LO_OK, "random without a seed refused: %s", err);
	/* The same cell has the same pattern on any board size. */
	int a[16], b[16];
	rule_parse(&r, "random:42", false, err, sizeof err);
	int na = rule_neighbours(&r, 5, 5, 2, 2, a), nb = rule_neighbours(&r, 9, 7, 2, 2, b), same_nb = na == nb;
	for (int i = 0; same_nb && i < na; i++)
		same_nb = a[i] / 5 == b[i] / 7 && a[i] % 5 == b[i] % 7;
	tap_ok(same_nb, "random: cell (2,2) presses the same cells on 5x5 and 9x7");
}

static void graphs(void)
{
	int start[] = { 0, 3, 4, 4 }, set[] = { 2, 0, 2, 1 };
	graph *g = graph_build(3, start, set, NULL, NULL);
	tap_ok(g && g->start[1] == 2 && g->set[0] == 0 && g->set[1] == 2 && g->max_set == 2 && g->start[3] == 3,
	       "graph: sets sorted, repeats merged, an empty set kept");
	tap_ok(g && !graph_is_symmetric(g), "graph: 1 -> 3 without 3 -> 1 is directed");
	rule r;
	rule_graph(&r, g);
	char err[128];
	tap_ok(strncmp(r.name, "graph:", 6) == 0 && strlen(r.name) == 22, "graph rule named by digest: %s", r.name);
	tap_ok(rule_check_shape(&r, 1, 3, err, sizeof err) == LO_OK && rule_check_shape(&r, 1, 4, err, sizeof err) != LO_OK,
	       "graph: the board has as many cells as vertices");
	variant v;
	variant_default(&v);
	variant_set_graph(&v, g);
	tap_ok(variant_validate(&v, err, sizeof err) == LO_OK && variant_shape_of(&v) == SHAPE_GRAPH && v.cols == 3,
	       "variant of a graph: 1x3, shape graph");
	int bad[] = { 3 };
	int bstart[] = { 0, 1 };
	tap_ok(graph_build(1, bstart, bad, NULL, NULL) == NULL, "graph: a member out of range refused");
	graph_free(g);

	variant_default(&v);
	tap_ok(variant_parse(&v, "6x9 cube k=3", err, sizeof err) == LO_OK && variant_shape_of(&v) == SHAPE_CUBE,
	       "variant '6x9 cube k=3' reads back");
	tap_ok(variant_parse(&v, "4x4 hex k=2 torus", err, sizeof err) == LO_OK && variant_shape_of(&v) == SHAPE_HEX,
	       "variant '4x4 hex k=2 torus' reads back");
	tap_ok(variant_parse(&v, "3x3 hex k=2 torus", err, sizeof err) != LO_OK, "variant '3x3 hex k=2 torus' refused: %s",
	       err);
	tap_ok(variant_parse(&v, "5x5 merlin k=2", err, sizeof err) != LO_OK, "variant '5x5 merlin k=2' refused: %s", err);
	tap_ok(variant_parse(&v, "5x5 random:42 k=4", err, sizeof err) == LO_OK && variant_shape_of(&v) == SHAPE_GRID,
	       "variant '5x5 random:42 k=4' reads back");
	/* Statistics keep a graph game under its digest, without the sets. */
	err[0] = '\0';
	tap_ok(variant_parse(&v, "1x6 graph:2e58ab00eedf3601 k=2", err, sizeof err) == LO_OK &&
	       variant_shape_of(&v) == SHAPE_GRAPH && !v.graph && v.cols == 6,
	       "a graph key reads back as a name: %s", err);
	tap_ok(variant_parse(&v, "2x3 graph:2e58ab00eedf3601 k=2", err, sizeof err) == LO_OK && v.rows == 2,
	       "a 2x3 graph key (a board file's own patterns) reads back: %s", err);
	tap_ok(variant_parse(&v, "101x100 graph:2e58ab00eedf3601 k=2", err, sizeof err) != LO_OK,
	       "a graph key of more than 10000 vertices refused: %s", err);
	tap_ok(variant_parse(&v, "1x6 graph:2e58ab00eedf3601 k=2 torus", err, sizeof err) != LO_OK,
	       "a graph key with a torus refused: %s", err);
	tap_ok(variant_parse(&v, "1x6 graph:2e58 k=2", err, sizeof err) != LO_OK, "a short digest refused: %s", err);
}

int main(void)
{
	merlin();
	hex();
	cube();
	random_rule();
	graphs();
	return tap_done();
}
