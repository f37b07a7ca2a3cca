#include "engine/rule.h"

#include <inttypes.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/rng.h"
#include "i18n.h"

/* Share-code ids are stored in codes players keep: append, never renumber.
 * The words and blurbs are marked N_(): read them through _(). */
const rule_entry rule_registry[] = {
	/* TRANSLATORS: a rule's word in the settings ("classic") and what a press changes in its rule (a line of
	 * at most 50 columns); the rule's name (plus, cross, x ...) stays as it is. */
	{ "plus", "010/111/010", RULE_UNIFORM, false, 1, RULE_IN_MENU, N_("classic"),
	  N_("the cell and its four neighbours") },
	{ "cross", NULL, RULE_UNIFORM, true, 2, RULE_IN_MENU, N_("cross"), N_("the cell's whole row and column") },
	{ "x", "101/010/101", RULE_UNIFORM, false, 3, RULE_IN_MENU, N_("diagonals"),
	  N_("the cell and its four diagonal neighbours") },
	{ "box", "111/111/111", RULE_UNIFORM, false, 4, RULE_IN_MENU, N_("box"), N_("the 3x3 block around the cell") },
	{ "knight", "01010/10001/00100/10001/01010", RULE_UNIFORM, false, 5, RULE_IN_MENU, N_("knight"),
	  N_("the cell and the eight cells a knight's move away") },
	{ "hex", NULL, RULE_HEX, false, 6, RULE_IN_MENU, N_("hexagons"), N_("the hexagonal cell and its six neighbours") },
	{ "merlin", NULL, RULE_MERLIN, false, 7, RULE_IN_MENU, N_("Merlin"),
	  N_("a corner its quadrant, an edge its side, the centre itself and the edges") },
	{ "cube", NULL, RULE_CUBE, false, 8, RULE_IN_MENU, N_("cube"),
	  N_("the sticker and its four neighbours, across the cube's edges") },
	{ "random:", NULL, RULE_RANDOM, false, 9, RULE_PREFIX, N_("random patterns"),
	  N_("each cell its own part of its 3x3 block") },
	{ "graph:", NULL, RULE_GRAPH, false, 10, RULE_PREFIX, N_("graph"), N_("the vertex's own press set") },
	{ "mask:", NULL, RULE_UNIFORM, false, 0, RULE_PREFIX, N_("mask"), N_("the cells of the mask around the cell") },
	{ NULL, NULL, RULE_UNIFORM, false, 0, 0, NULL, NULL },
};

const rule_entry *rule_entry_find(const char *spec)
{
	for (const rule_entry *e = rule_registry; e->name; e++)
		if (e->flags & RULE_PREFIX ? strncmp(spec, e->name, strlen(e->name)) == 0 : strcmp(spec, e->name) == 0)
			return e;
	return NULL;
}

const rule_entry *rule_entry_by_code(int id)
{
	for (const rule_entry *e = rule_registry; e->name; e++)
		if (e->code_id == id)
			return e;
	return NULL;
}

bool rule_name_is_classic(const char *name)
{
	return strcmp(name, rule_registry[0].name) == 0;
}

bool rule_name_is_graph(const char *spec)
{
	const rule_entry *e = rule_entry_find(spec);
	return e && e->kind == RULE_GRAPH;
}

bool rule_name_is_random(const char *spec)
{
	const rule_entry *e = rule_entry_find(spec);
	return (e && e->kind == RULE_RANDOM) || rule_name_wants_seed(spec);
}

bool rule_name_wants_seed(const char *spec)
{
	for (const rule_entry *e = rule_registry; e->name; e++)
		if (e->kind == RULE_RANDOM)
			return strncmp(spec, e->name, strlen(e->name) - 1) == 0 && spec[strlen(e->name) - 1] == '\0';
	return false;
}

bool rule_kind_size(rule_kind kind, int *rows, int *cols)
{
	switch (kind) {
	case RULE_MERLIN:
		*rows = *cols = 3;
		return true;
	case RULE_CUBE:
		*rows = 6;	/* the faces */
		*cols = 9;	/* the stickers of a face */
		return true;
	default:
		return false;
	}
}

bool rule_is_classic(const rule *r)
{
	return !r->torus && rule_name_is_classic(r->name);
}

static int mask_parse(rule *r, const char *m, char *err, size_t errlen)
{
	int rows = 0, width = -1, col = 0;
	char grid[RULE_MASK_MAX][RULE_MASK_MAX];

	for (const char *p = m;; p++) {
		if (*p == '/' || *p == '\0') {
			if (width < 0)
				width = col;
			else if (col != width) {
				snprintf(err, errlen, P_("mask row %d has %d cell, expected %d", "mask row %d has %d cells, expected %d", col),
					 rows + 1, col, width);
				return -1;
			}
			rows++;
			col = 0;
			if (*p == '\0')
				break;
			continue;
		}
		if (*p != '0' && *p != '1') {
			snprintf(err, errlen, _("mask character %ld is '%c': use 0, 1 and /"), (long)(p - m) + 1, *p);
			return -1;
		}
		if (rows >= RULE_MASK_MAX || col >= RULE_MASK_MAX) {
			snprintf(err, errlen, _("mask larger than %dx%d"), RULE_MASK_MAX, RULE_MASK_MAX);
			return -1;
		}
		grid[rows][col++] = *p;
	}
	if (width == 0 || rows % 2 == 0 || width % 2 == 0) {
		snprintf(err, errlen, _("mask must be an odd number of rows of equal odd width (got %dx%d)"), rows, width);
		return -1;
	}
	r->n = 0;
	for (int i = 0; i < rows; i++)
		for (int j = 0; j < width; j++)
			if (grid[i][j] == '1') {
				r->dr[r->n] = (signed char)(i - rows / 2);
				r->dc[r->n] = (signed char)(j - width / 2);
				r->n++;
			}
	if (r->n == 0) {
		snprintf(err, errlen, "%s", _("mask presses no cell"));
		return -1;
	}
	return 0;
}

static lo_result parse_random(rule *r, const char *seed, char *err, size_t errlen)
{
	/* Digits only, and no wrap past 2^64 - 1. */
	unsigned long long v = 0;
	bool ok = *seed != '\0';
	for (const char *p = seed; ok && *p; p++) {
		unsigned d = (unsigned)(*p - '0');
		ok = d <= 9 && v <= (ULLONG_MAX - d) / 10;
		v = v * 10 + d;
	}
	if (!ok) {
		/* TRANSLATORS: random:N is what --rule takes: keep it. */
		snprintf(err, errlen, _("random needs a seed: random:N with N a non-negative integer (got '%s')"), seed);
		return LO_REFUSED;
	}
	r->kind = RULE_RANDOM;
	r->seed = v;
	snprintf(r->name, sizeof r->name, "random:%llu", v);
	return LO_OK;
}

/* "plus, cross, x, box, knight, hex, merlin, cube, random" into buf and
 * "mask:ROWS/..." returned: the names a player may type, from the
 * registry, the last apart for the message's "or". */
static const char *rule_list(char *buf, size_t len)
{
	size_t n = 0, cut = 0;
	buf[0] = '\0';
	for (const rule_entry *e = rule_registry; e->name && n < len; e++) {
		if (e->kind == RULE_GRAPH)
			continue;	/* comes with --graph FILE, not typed */
		cut = n;
		n += (size_t)snprintf(buf + n, len - n, "%s%s%s", n == 0 ? "" : ", ",
				      e->kind == RULE_RANDOM ? "random" : e->name,
				      e->flags & RULE_PREFIX && e->kind == RULE_UNIFORM ? "ROWS/..." : "");
	}
	buf[cut] = '\0';
	return buf + cut + 2;
}

void rule_help_names(char *buf, size_t len)
{
	char others[200];
	size_t n = 0;
	const rule_entry *random = NULL;
	others[0] = '\0';
	for (const rule_entry *e = rule_registry + 1; e->name && n < sizeof others; e++) {
		if (e->kind == RULE_RANDOM)
			random = e;
		if (e->kind != RULE_UNIFORM)
			continue;	/* shapes (--grid, --board), graphs (--graph) and random: below */
		n += (size_t)snprintf(others + n, sizeof others - n, "%s%s%s", n ? ", " : "", e->name,
				      e->flags & RULE_PREFIX ? "ROW/ROW/..." : "");
	}
	/* TRANSLATORS: --rule's help: the default rule's name, the other rules' names, random's prefix
	 * ("random:"), what random does; keep the names, "random" and SEED. */
	snprintf(buf, len, _("%s (default), %s, random or %sSEED (%s)"), rule_registry[0].name, others,
		 random ? random->name : "random:", random ? _(random->blurb) : "");
}

lo_result rule_parse(rule *r, const char *spec, bool torus, char *err, size_t errlen)
{
	memset(r, 0, sizeof *r);
	r->torus = torus;
	const rule_entry *e = rule_entry_find(spec);
	if (!e) {
		char names[200];
		const char *last = rule_list(names, sizeof names);
		/* TRANSLATORS: the rules' names: "plus, cross, ..., random" or "mask:ROWS/..." */
		snprintf(err, errlen, _("unknown rule '%s' (%s or %s)"), spec, names, last);
		return LO_REFUSED;
	}
	if (e->kind == RULE_RANDOM)
		return parse_random(r, spec + strlen(e->name), err, errlen);
	if (e->kind == RULE_GRAPH) {
		snprintf(err, errlen, "%s", _("a graph rule comes with its graph (--graph FILE)"));
		return LO_REFUSED;
	}
	if (strlen(spec) >= sizeof r->name) {
		snprintf(err, errlen, "%s", _("rule name too long"));
		return LO_REFUSED;
	}
	r->kind = e->kind;
	r->lines = e->lines;
	const char *mask = e->flags & RULE_PREFIX ? spec + strlen(e->name) : e->mask;
	if (mask && mask_parse(r, mask, err, errlen) < 0)
		return LO_REFUSED;
	strcpy(r->name, spec);
	return LO_OK;
}

void rule_graph(rule *r, const graph *g)
{
	memset(r, 0, sizeof *r);
	r->kind = RULE_GRAPH;
	r->graph = g;
	snprintf(r->name, sizeof r->name, "graph:%016" PRIx64, g->digest);
}

lo_result rule_check_shape(const rule *r, int rows, int cols, char *err, size_t errlen)
{
	bool no_torus = false;
	int want_rows = 0, want_cols = 0;
	rule_kind_size(r->kind, &want_rows, &want_cols);
	switch (r->kind) {
	case RULE_MERLIN:
		if (rows != want_rows || cols != want_cols) {
			snprintf(err, errlen, _("merlin is 3x3, not %dx%d"), rows, cols);
			return LO_REFUSED;
		}
		no_torus = true;
		break;
	case RULE_CUBE:
		if (rows != want_rows || cols != want_cols) {
			snprintf(err, errlen, _("the cube is 6 faces of 9 stickers (6x9), not %dx%d"), rows, cols);
			return LO_REFUSED;
		}
		no_torus = true;
		break;
	case RULE_GRAPH:
		if ((long)rows * cols != r->graph->n) {
			snprintf(err, errlen, P_("the graph has %d vertex, not %dx%d", "the graph has %d vertices, not %dx%d",
						 r->graph->n), r->graph->n, rows, cols);
			return LO_REFUSED;
		}
		no_torus = true;
		break;
	case RULE_HEX:
		if (r->torus && rows % 2) {
			snprintf(err, errlen, _("hex on a torus needs an even number of rows (offset rows must meet), not %d"),
				 rows);
			return LO_REFUSED;
		}
		break;
	default:
		break;
	}
	if (no_torus && r->torus) {
		if (r->kind == RULE_GRAPH)
			snprintf(err, errlen, "%s", _("a graph has no torus form"));
		else	/* TRANSLATORS: %s is a rule's name (merlin, cube) */
			snprintf(err, errlen, _("%s has no torus form"), r->name);

		return LO_REFUSED;
	}
	return LO_OK;
}

int rule_max_cells(const rule *r, int rows, int cols)
{
	switch (r->kind) {
	case RULE_RANDOM:
		return 9;
	case RULE_MERLIN:
		return 5;
	case RULE_HEX:
		return 7;
	case RULE_CUBE:
		return 5;
	case RULE_GRAPH:
		return r->graph->max_set;
	default:
		return r->lines ? rows + cols - 1 : r->n;
	}
}

unsigned rule_random_pattern(uint64_t seed, int row, int col)
{
	/* One splitmix64 draw per cell from (seed, row, col) alone: no state
	 * carried from cell to cell, so any board size and order agree. */
	rng g;
	rng_seed(&g, seed * 0x9e3779b97f4a7c15ULL ^ ((uint64_t)(uint32_t)row << 32 | (uint32_t)col));
	rng_next(&g);
	return (unsigned)(rng_next(&g) >> 55) | 1u << 4;
}

/* Merlin's patterns on 3x3, as masks over the board (bit = cell index). */
static unsigned merlin_pattern(int cell)
{
	static const unsigned p[9] = {
		0x01b, 0x007, 0x036,	/* corner: its 2x2; top edge: the top row */
		0x049, 0x0ba, 0x124,	/* left edge: left column; centre: plus */
		0x0d8, 0x1c0, 0x1b0,
	};
	return p[cell];
}

/* The cube: faces U L F R B D with normal n, and the unit steps "right"
 * and "down" of the unfolded net
 *         U
 *       L F R B
 *         D
 * so that sticker (face, i, j) sits on cubie n + (j - 1) right + (i - 1) down. */
static const int cube_axes[6][3][3] = {
	{ { 0, 1, 0 }, { 1, 0, 0 }, { 0, 0, 1 } },	/* U */
	{ { -1, 0, 0 }, { 0, 0, 1 }, { 0, -1, 0 } },	/* L */
	{ { 0, 0, 1 }, { 1, 0, 0 }, { 0, -1, 0 } },	/* F */
	{ { 1, 0, 0 }, { 0, 0, -1 }, { 0, -1, 0 } },	/* R */
	{ { 0, 0, -1 }, { -1, 0, 0 }, { 0, -1, 0 } },	/* B */
	{ { 0, -1, 0 }, { 1, 0, 0 }, { 0, 0, -1 } },	/* D */
};

static int dot3(const int *a, const int *b)
{
	return a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
}

/* The cell index of the sticker on cubie c facing normal n. */
static int cube_cell(const int *c, const int *n)
{
	for (int f = 0; f < 6; f++)
		if (dot3(cube_axes[f][0], n) == 1)
			return f * 9 + 3 * (dot3(c, cube_axes[f][2]) + 1) + dot3(c, cube_axes[f][1]) + 1;
	return -1;	/* not reached: n is a face normal */
}

static int cube_neighbours(int row, int col, int *out)
{
	const int (*ax)[3] = cube_axes[row];
	int i = col / 3 - 1, j = col % 3 - 1, c[3], m = 0;
	for (int a = 0; a < 3; a++)
		c[a] = ax[0][a] + j * ax[1][a] + i * ax[2][a];
	out[m++] = row * 9 + col;
	for (int s = 0; s < 4; s++) {
		/* Steps right, left, down, up on the face; off its edge the
		 * neighbour is the same cubie's sticker on the next face. */
		const int *d = ax[1 + s / 2];
		int sign = s % 2 ? -1 : 1, t[3], dn[3];
		bool inside = true;
		for (int a = 0; a < 3; a++) {
			t[a] = c[a] + sign * d[a];
			dn[a] = sign * d[a];
			inside = inside && t[a] >= -1 && t[a] <= 1;
		}
		out[m++] = inside ? cube_cell(t, ax[0]) : cube_cell(c, dn);
	}
	return m;
}

static int cmp_int(const void *a, const void *b)
{
	int x = *(const int *)a, y = *(const int *)b;
	return (x > y) - (x < y);
}

static int wrap(int v, int n)
{
	v %= n;
	return v < 0 ? v + n : v;
}

/* The offsets of a cell's own press set, for the kinds that have them. */
static int cell_offsets(const rule *r, int row, int col, signed char *dr, signed char *dc)
{
	int n = 0;
	if (r->kind == RULE_HEX) {
		/* Offset rows: odd rows sit half a cell to the right, so their
		 * neighbours above and below are columns c and c + 1. */
		int s = row % 2 ? 0 : -1;
		static const signed char hr[7] = { 0, 0, 0, -1, -1, 1, 1 };
		for (int i = 0; i < 7; i++) {
			dr[n] = hr[i];
			dc[n] = (signed char)(i == 1 ? -1 : i == 2 ? 1 : i >= 3 ? s + (i % 2 == 0) : 0);
			n++;
		}
		return n;
	}
	unsigned p = r->kind == RULE_RANDOM ? rule_random_pattern(r->seed, row, col) : merlin_pattern(row * 3 + col);
	for (int b = 0; b < 9; b++)
		if (p >> b & 1) {
			if (r->kind == RULE_MERLIN) {
				dr[n] = (signed char)(b / 3 - row);
				dc[n] = (signed char)(b % 3 - col);
			} else {
				dr[n] = (signed char)(b / 3 - 1);
				dc[n] = (signed char)(b % 3 - 1);
			}
			n++;
		}
	return n;
}

int rule_neighbours(const rule *r, int rows, int cols, int row, int col, int *out)
{
	int n = 0;
	if (r->kind == RULE_GRAPH) {
		const graph *g = r->graph;
		int j = row * cols + col;
		n = g->start[j + 1] - g->start[j];
		memcpy(out, g->set + g->start[j], (size_t)n * sizeof *out);
		return n;
	}
	if (r->kind == RULE_CUBE) {
		n = cube_neighbours(row, col, out);
		qsort(out, (size_t)n, sizeof *out, cmp_int);
		return n;
	}
	if (r->kind != RULE_UNIFORM) {
		signed char dr[9], dc[9];
		int m = cell_offsets(r, row, col, dr, dc);
		for (int i = 0; i < m; i++) {
			int y = row + dr[i], x = col + dc[i];
			if (r->torus) {
				y = wrap(y, rows);
				x = wrap(x, cols);
			} else if (y < 0 || y >= rows || x < 0 || x >= cols)
				continue;
			out[n++] = y * cols + x;
		}
		goto sorted;
	}
	if (r->lines) {
		/* Row and column in increasing index order, the centre once. */
		for (int i = 0; i < row; i++)
			out[n++] = i * cols + col;
		for (int j = 0; j < cols; j++)
			out[n++] = row * cols + j;
		for (int i = row + 1; i < rows; i++)
			out[n++] = i * cols + col;
		return n;
	}
	for (int i = 0; i < r->n; i++) {
		int y = row + r->dr[i], x = col + r->dc[i];
		if (r->torus) {
			y = wrap(y, rows);
			x = wrap(x, cols);
		} else if (y < 0 || y >= rows || x < 0 || x >= cols)
			continue;
		out[n++] = y * cols + x;
	}
sorted:
	qsort(out, (size_t)n, sizeof *out, cmp_int);
	int m = 0;
	for (int i = 0; i < n; i++)
		if (m == 0 || out[m - 1] != out[i])
			out[m++] = out[i];
	return m;
}

void rule_press(const rule *r, board *b, int row, int col, int times)
{
	int k = b->k, d = ((times % k) + k) % k;
	int buf[RULE_MAX_OFFSETS];
	if (d == 0)
		return;
	if (r->kind == RULE_GRAPH) {
		const graph *g = r->graph;
		int j = row * b->cols + col;
		for (int t = g->start[j]; t < g->start[j + 1]; t++)
			b->cells[g->set[t]] = (uint8_t)((b->cells[g->set[t]] + d) % k);
		return;
	}
	if (r->lines) {
		/* Too many cells for the stack buffer on big boards: walk directly. */
		for (int j = 0; j < b->cols; j++)
			b->cells[row * b->cols + j] = (uint8_t)((b->cells[row * b->cols + j] + d) % k);
		for (int i = 0; i < b->rows; i++)
			if (i != row)
				b->cells[i * b->cols + col] = (uint8_t)((b->cells[i * b->cols + col] + d) % k);
		return;
	}
	int n = rule_neighbours(r, b->rows, b->cols, row, col, buf);
	for (int i = 0; i < n; i++)
		b->cells[buf[i]] = (uint8_t)((b->cells[buf[i]] + d) % k);
}

/* The cross: a press changes its whole row and column, the cell itself
 * once, so cell (i, j) gains the row's presses plus the column's, minus its
 * own counted twice: O(R C) for the whole vector, not a line per press. */
static void cross_apply(board *b, const uint8_t *x)
{
	int rows = b->rows, cols = b->cols, k = b->k;
	long *row = calloc((size_t)rows, sizeof *row), *col = calloc((size_t)cols, sizeof *col);
	if (!row || !col) {
		free(row);
		free(col);
		for (int i = 0; i < rows; i++)	/* no memory: the slow way, still right */
			for (int j = 0; j < cols; j++)
				if (x[(size_t)i * cols + j]) {
					rule r = { .lines = true };
					rule_press(&r, b, i, j, x[(size_t)i * cols + j]);
				}
		return;
	}
	for (int i = 0; i < rows; i++)
		for (int j = 0; j < cols; j++) {
			row[i] += x[(size_t)i * cols + j];
			col[j] += x[(size_t)i * cols + j];
		}
	for (int i = 0; i < rows; i++)
		for (int j = 0; j < cols; j++) {
			size_t at = (size_t)i * cols + j;
			long add = (row[i] + col[j] - x[at]) % k;
			b->cells[at] = (uint8_t)((b->cells[at] + add) % k);
		}
	free(row);
	free(col);
}

void rule_apply(const rule *r, board *b, const uint8_t *x)
{
	if (r->kind == RULE_UNIFORM && r->lines) {
		cross_apply(b, x);
		return;
	}
	for (int i = 0; i < b->rows; i++)
		for (int j = 0; j < b->cols; j++)
			if (x[i * b->cols + j])
				rule_press(r, b, i, j, x[i * b->cols + j]);
}

bool rule_is_symmetric(const rule *r)
{
	if (r->kind == RULE_HEX || r->kind == RULE_CUBE)
		return true;
	if (r->kind != RULE_UNIFORM)
		return false;
	if (r->lines)
		return true;
	/* Symmetric iff the offset set is closed under negation. */
	for (int i = 0; i < r->n; i++) {
		bool found = false;
		for (int j = 0; j < r->n && !found; j++)
			found = r->dr[j] == -r->dr[i] && r->dc[j] == -r->dc[i];
		if (!found)
			return false;
	}
	return true;
}

bool rule_is_symmetric_on(const rule *r, int rows, int cols)
{
	if (r->kind == RULE_GRAPH)
		return graph_is_symmetric(r->graph);
	if (r->kind != RULE_RANDOM)
		return r->kind == RULE_MERLIN ? false : rule_is_symmetric(r);
	/* Each cell's set is within its 3x3 block: check every pair there. */
	int a[9], b[9];
	for (int i = 0; i < rows; i++)
		for (int j = 0; j < cols; j++) {
			int m = rule_neighbours(r, rows, cols, i, j, a), self = i * cols + j;
			for (int t = 0; t < m; t++) {
				int u = rule_neighbours(r, rows, cols, a[t] / cols, a[t] % cols, b);
				bool back = false;
				for (int q = 0; q < u; q++)
					back = back || b[q] == self;
				if (!back)
					return false;
			}
		}
	return true;
}
