#include "formats/graphio.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "i18n.h"

#define READ_MAX (64u << 20)

static void fail(boardio_error *e, int line, int col, const char *fmt, ...)
{
	va_list ap;
	e->line = line;
	e->col = col;
	va_start(ap, fmt);
	vsnprintf(e->msg, sizeof e->msg, fmt, ap);
	va_end(ap);
}

/* A cursor over one line. */
typedef struct cur {
	const char *p, *end, *start;
	int no;
} cur;

static void skip_space(cur *c)
{
	while (c->p < c->end && (*c->p == ' ' || *c->p == '\t' || *c->p == '\r'))
		c->p++;
}

static int col_of(const cur *c)
{
	return (int)(c->p - c->start) + 1;
}

static bool at_end(cur *c)
{
	skip_space(c);
	return c->p == c->end || *c->p == '#';
}

/* A decimal number in [lo, hi] at the graph file's cursor; -1 with err when not. */
static int scan_long(cur *c, long lo, long hi, const char *what, long *out, boardio_error *e)
{
	skip_space(c);
	if (c->p == c->end || !isdigit((unsigned char)*c->p)) {
		/* TRANSLATORS: %s is what was expected: "a vertex number", "a row", "a column" ... */
		fail(e, c->no, col_of(c), _("expected %s"), what);
		return -1;
	}
	const char *s = c->p;
	long v = 0;
	while (c->p < c->end && isdigit((unsigned char)*c->p)) {
		if (v <= hi)
			v = v * 10 + (*c->p - '0');
		c->p++;
	}
	if (v < lo || v > hi) {
		c->p = s;
		/* TRANSLATORS: %s is "a vertex number", "a row", "a column" ... */
		fail(e, c->no, col_of(c), _("%s out of range (%ld to %ld)"), what, lo, hi);
		return -1;
	}
	*out = v;
	return 0;
}

static bool word(cur *c, const char *w)
{
	size_t n = strlen(w);
	skip_space(c);
	if ((size_t)(c->end - c->p) >= n && memcmp(c->p, w, n) == 0 &&
	    ((size_t)(c->end - c->p) == n || !isalnum((unsigned char)c->p[n]))) {
		c->p += n;
		return true;
	}
	return false;
}

typedef struct acc {
	int n;
	int *line_of;		/* n: where vertex v was given, 0 if not yet */
	int **sets, *len;
	int *crow, *ccol;
	int coords;		/* -1 unknown, 0 none, 1 all */
	long entries;
} acc;

static void acc_free(acc *a)
{
	for (int v = 0; a->sets && v < a->n; v++)
		free(a->sets[v]);
	free(a->sets);
	free(a->len);
	free(a->line_of);
	free(a->crow);
	free(a->ccol);
}

static int parse_vertex(acc *a, cur *c, boardio_error *e)
{
	long v, w;
	const char *vstart = c->p;
	if (scan_long(c, 1, a->n, _("a vertex number"), &v, e) < 0)
		return -1;
	v--;
	if (a->line_of[v]) {
		c->p = vstart;
		fail(e, c->no, col_of(c), _("vertex %ld already given on line %d"), v + 1, a->line_of[v]);
		return -1;
	}
	a->line_of[v] = c->no;
	bool has = word(c, "at");
	if (a->coords >= 0 && has != (a->coords == 1)) {
		skip_space(c);
		fail(e, c->no, col_of(c), "%s", has ? _("coordinates here but not on the first vertex line")
					       : _("no 'at ROW COL': the first vertex line had coordinates"));
		return -1;
	}
	a->coords = has;
	if (has) {
		long r, q;
		if (scan_long(c, 0, GRAPH_MAX_COORD - 1, _("a row"), &r, e) < 0 ||
		    scan_long(c, 0, GRAPH_MAX_COORD - 1, _("a column"), &q, e) < 0)
			return -1;
		a->crow[v] = (int)r;
		a->ccol[v] = (int)q;
	}
	skip_space(c);
	if (c->p == c->end || *c->p != ':') {
		fail(e, c->no, col_of(c), _("expected ':' before the press set"));
		return -1;
	}
	c->p++;
	int cap = 0;
	while (!at_end(c)) {
		if (scan_long(c, 1, a->n, _("a vertex number"), &w, e) < 0)
			return -1;
		if (++a->entries > GRAPH_MAX_ENTRIES) {
			fail(e, c->no, col_of(c), _("more than %d press-set members in all"), GRAPH_MAX_ENTRIES);
			return -1;
		}
		if (a->len[v] == cap) {
			cap = cap ? 2 * cap : 8;
			int *p = realloc(a->sets[v], (size_t)cap * sizeof *p);
			if (!p) {
				fail(e, c->no, col_of(c), _("out of memory"));
				return -1;
			}
			a->sets[v] = p;
		}
		a->sets[v][a->len[v]++] = (int)w - 1;
	}
	return 0;
}

static int cmp_place(const void *x, const void *y)
{
	const long *a = x, *b = y;
	return (*a > *b) - (*a < *b);
}

/* No two vertices in one character place. */
static int check_places(const acc *a, boardio_error *e)
{
	long *key = malloc((size_t)a->n * sizeof *key);
	if (!key) {
		fail(e, 0, 0, _("out of memory"));
		return -1;
	}
	for (int v = 0; v < a->n; v++)
		key[v] = ((long)a->crow[v] * GRAPH_MAX_COORD + a->ccol[v]) * GRAPH_MAX_VERTICES + v;
	qsort(key, (size_t)a->n, sizeof *key, cmp_place);
	for (int i = 1; i < a->n; i++)
		if (key[i] / GRAPH_MAX_VERTICES == key[i - 1] / GRAPH_MAX_VERTICES) {
			int u = (int)(key[i - 1] % GRAPH_MAX_VERTICES), v = (int)(key[i] % GRAPH_MAX_VERTICES);
			fail(e, a->line_of[v], 1, _("vertices %d and %d are both at %d %d"), u + 1, v + 1, a->crow[v],
			     a->ccol[v]);
			free(key);
			return -1;
		}
	free(key);
	return 0;
}

static graph *finish(acc *a, boardio_error *e)
{
	for (int v = 0; v < a->n; v++)
		if (!a->line_of[v]) {
			fail(e, 0, 0, _("vertex %d has no line (every vertex 1 to %d needs one)"), v + 1, a->n);
			return NULL;
		}
	if (a->coords == 1 && check_places(a, e) < 0)
		return NULL;
	int *start = malloc(((size_t)a->n + 1) * sizeof *start);
	int *set = malloc(((size_t)a->entries + 1) * sizeof *set);
	graph *g = NULL;
	if (start && set) {
		start[0] = 0;
		for (int v = 0; v < a->n; v++) {
			if (a->len[v])
				memcpy(set + start[v], a->sets[v], (size_t)a->len[v] * sizeof *set);
			start[v + 1] = start[v] + a->len[v];
		}
		g = graph_build(a->n, start, set, a->coords == 1 ? a->crow : NULL, a->coords == 1 ? a->ccol : NULL);
	}
	if (!g)
		fail(e, 0, 0, _("out of memory"));
	free(start);
	free(set);
	return g;
}

graph *graphio_parse(const char *text, size_t len, boardio_error *e)
{
	acc a = { .coords = -1 };
	const char *p = text, *end = text + len;
	int no = 0;
	graph *g = NULL;
	memset(e, 0, sizeof *e);
	if (memchr(text, '\0', len)) {
		fail(e, 0, 0, _("a NUL byte: not a text file"));
		return NULL;
	}
	while (p < end) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		cur c = { p, nl ? nl : end, p, ++no };
		p = nl ? nl + 1 : end;
		if (at_end(&c))
			continue;
		if (a.n == 0) {
			long n;
			if (!word(&c, "graph")) {
				fail(e, no, col_of(&c), _("expected 'graph N' first"));
				goto out;
			}
			if (scan_long(&c, 1, GRAPH_MAX_VERTICES, _("the number of vertices"), &n, e) < 0)
				goto out;
			a.n = (int)n;
			a.line_of = calloc((size_t)n, sizeof *a.line_of);
			a.sets = calloc((size_t)n, sizeof *a.sets);
			a.len = calloc((size_t)n, sizeof *a.len);
			a.crow = calloc((size_t)n, sizeof *a.crow);
			a.ccol = calloc((size_t)n, sizeof *a.ccol);
			if (!a.line_of || !a.sets || !a.len || !a.crow || !a.ccol) {
				fail(e, 0, 0, _("out of memory"));
				goto out;
			}
		} else if (parse_vertex(&a, &c, e) < 0)
			goto out;
		if (!at_end(&c)) {
			fail(e, no, col_of(&c), _("unexpected '%c'"), *c.p);
			goto out;
		}
	}
	if (a.n == 0) {
		fail(e, 0, 0, _("empty: expected 'graph N' and one line per vertex"));
		goto out;
	}
	g = finish(&a, e);
out:
	acc_free(&a);
	return g;
}

graph *graphio_read(FILE *f, boardio_error *e)
{
	struct stat st;
	memset(e, 0, sizeof *e);
	if (fstat(fileno(f), &st) == 0 && S_ISDIR(st.st_mode)) {
		fail(e, 0, 0, _("is a directory"));
		return NULL;
	}
	size_t cap = 4096, len = 0;
	char *buf = malloc(cap);
	while (buf) {
		if (len == cap) {
			if (cap >= READ_MAX) {
				free(buf);
				fail(e, 0, 0, _("larger than %u bytes"), READ_MAX);
				return NULL;
			}
			char *nb = realloc(buf, cap * 2);
			if (!nb)
				break;
			buf = nb;
			cap *= 2;
		}
		size_t got = fread(buf + len, 1, cap - len, f);
		len += got;
		if (got == 0)
			break;
	}
	if (!buf) {
		fail(e, 0, 0, _("out of memory"));
		return NULL;
	}
	if (ferror(f)) {
		free(buf);
		fail(e, 0, 0, _("read error"));

		return NULL;
	}
	graph *g = graphio_parse(buf, len, e);
	free(buf);
	return g;
}
