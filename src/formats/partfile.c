#include "formats/partfile.h"

#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "engine/variant.h"
#include "i18n.h"

uint64_t partfile_digest(uint64_t h, const void *p, size_t len)
{
	const unsigned char *b = p;
	for (size_t i = 0; i < len; i++)
		h = (h ^ b[i]) * 0x100000001b3ULL;
	return h;
}

static int press_value(int v, int k, bool fwd)
{
	return fwd || 2 * v <= k ? v : v - k;
}

static int presses_weight(const uint8_t *x, int n, int k, bool fwd)
{
	int w = 0;
	for (int i = 0; i < n; i++)
		w += k == 2 || fwd || x[i] <= k - x[i] ? x[i] : k - x[i];
	return w;
}

void partfile_write(FILE *f, const partfile *p)
{
	int n = p->rows * p->cols, pressed = 0;
	for (int i = 0; i < n; i++)
		pressed += p->x[i] != 0;
	fprintf(f, "lightsout-part %d\nsize %dx%d\nrule %s\ntorus %s\nstates %d\nforward-only %s\n", PARTFILE_VERSION,
		p->rows, p->cols, p->rule, p->torus ? "yes" : "no", p->k, p->forward_only ? "yes" : "no");
	fprintf(f, "board %016" PRIx64 "\nsystem %016" PRIx64 "\nnullity %d\ncombinations %" PRIu64 "\n",
		p->board_digest, p->system_digest, p->nullity, p->combinations);
	fprintf(f, "part %" PRIu64 "/%" PRIu64 "\nrange %" PRIu64 " %" PRIu64 "\nsearched %" PRIu64 "\n", p->part,
		p->parts, p->first, p->last, p->searched);
	fprintf(f, "finished %s\nweight %d\nlower-bound %d\npresses %d\n", p->finished ? "yes" : "no", p->weight,
		p->lower_bound, pressed);
	for (int i = 0; i < n; i++) {
		if (!p->x[i])
			continue;
		if (p->k == 2)
			fprintf(f, "%d %d\n", i / p->cols + 1, i % p->cols + 1);
		else
			fprintf(f, "%d %d %+d\n", i / p->cols + 1, i % p->cols + 1,
				press_value(p->x[i], p->k, p->forward_only));
	}
	fputs("end\n", f);
}

/* The line being read: [at, end) without its newline (or \r\n). */
typedef struct cursor {
	const char *text, *at, *end;
	size_t len, next;
	int line;
	partfile_error *err;
} cursor;

static bool next_line(cursor *c)
{
	if (c->next >= c->len)
		return false;
	const char *s = c->text + c->next, *nl = memchr(s, '\n', c->len - c->next);
	c->at = s;
	c->end = nl ? nl : c->text + c->len;
	c->next = (size_t)(c->end - c->text) + (nl != NULL);
	if (c->end > c->at && c->end[-1] == '\r')
		c->end--;
	c->line++;
	return true;
}

__attribute__((format(printf, 3, 4))) static int fail(cursor *c, const char *where, const char *fmt, ...)
{
	va_list ap;
	c->err->line = c->line;
	c->err->col = where ? (int)(where - c->at) + 1 : 0;
	va_start(ap, fmt);
	vsnprintf(c->err->msg, sizeof c->err->msg, fmt, ap);
	va_end(ap);
	return -1;
}

/* The line must be "KEY VALUE": *value gets VALUE's start. */
static int key(cursor *c, const char *name, const char **value)
{
	size_t n = strlen(name);
	if (!next_line(c)) {
		c->line++;
		c->at = c->end = c->text + c->len;
		/* TRANSLATORS: %s is a key of the part's block (size, rule ...): keep it, and 'end'. */
		return fail(c, c->at, _("the part ends early: expected '%s', then the rest of the block up to 'end'"),
			    name);
	}
	if ((size_t)(c->end - c->at) <= n || memcmp(c->at, name, n) != 0 || c->at[n] != ' ')
		return fail(c, c->at, _("expected '%s VALUE'"), name);
	*value = c->at + n + 1;
	return 0;
}

/* A decimal number in [lo, hi] from *p in a part's line, which moves past it. */
static int scan_u64(cursor *c, const char **p, uint64_t lo, uint64_t hi, const char *what, uint64_t *out)
{
	const char *s = *p;
	uint64_t v = 0;
	if (s >= c->end || *s < '0' || *s > '9')
		/* TRANSLATORS: %s is a key of the file (states, weight ...) or "the row", "the column" ... */
		return fail(c, s, _("expected %s (a number)"), what);
	for (; s < c->end && *s >= '0' && *s <= '9'; s++) {
		if (v > (UINT64_MAX - (uint64_t)(*s - '0')) / 10)
			/* TRANSLATORS: %s is a key of the file (states, weight ...) or "the row", "the column" ... */
			return fail(c, *p, _("%s is too large"), what);
		v = v * 10 + (uint64_t)(*s - '0');
	}
	if (v < lo || v > hi)
		/* TRANSLATORS: the first %s is a key of the file (states, weight ...) or "the row", "the column" ... */
		return fail(c, *p, _("%s %" PRIu64 " is out of range (%" PRIu64 " to %" PRIu64 ")"), what, v, lo, hi);
	*p = s;
	*out = v;
	return 0;
}

static int line_end(cursor *c, const char *p)
{
	return p == c->end ? 0 : fail(c, p, _("unexpected text after the value"));
}

static int key_number(cursor *c, const char *name, uint64_t lo, uint64_t hi, uint64_t *out)
{
	const char *p;
	if (key(c, name, &p) < 0 || scan_u64(c, &p, lo, hi, name, out) < 0)
		return -1;
	return line_end(c, p);
}

static int key_int(cursor *c, const char *name, int lo, int hi, int *out)
{
	uint64_t v;
	if (key_number(c, name, (uint64_t)lo, (uint64_t)hi, &v) < 0)
		return -1;
	*out = (int)v;
	return 0;
}

static int key_bool(cursor *c, const char *name, bool *out)
{
	const char *p;
	if (key(c, name, &p) < 0)
		return -1;
	size_t n = (size_t)(c->end - p);
	if (n == 3 && memcmp(p, "yes", 3) == 0)
		*out = true;
	else if (n == 2 && memcmp(p, "no", 2) == 0)
		*out = false;
	else
		/* TRANSLATORS: yes and no are words of the file: keep them. */
		return fail(c, p, _("expected yes or no"));
	return 0;
}

static int key_digest(cursor *c, const char *name, uint64_t *out)
{
	const char *p;
	if (key(c, name, &p) < 0)
		return -1;
	uint64_t v = 0;
	for (int i = 0; i < 16; i++) {
		char ch = p + i < c->end ? p[i] : '\0';
		int d = ch >= '0' && ch <= '9' ? ch - '0' : ch >= 'a' && ch <= 'f' ? ch - 'a' + 10 : -1;
		if (d < 0)
			return fail(c, p + i, _("expected a digest of 16 hex digits (0-9, a-f)"));
		v = v << 4 | (uint64_t)d;
	}
	*out = v;
	return line_end(c, p + 16);
}

static void skip_spaces(cursor *c, const char **p)
{
	while (*p < c->end && **p == ' ')
		(*p)++;
}

/* One press line: "R C", or "R C V" for k > 2 (V signed, not 0). */
static int press(cursor *c, partfile *pf)
{
	uint64_t r, col;
	const char *p = c->at;
	if (scan_u64(c, &p, 1, (uint64_t)pf->rows, _("the row"), &r) < 0)
		return -1;
	const char *sep = p;
	skip_spaces(c, &p);
	if (p == sep)
		return fail(c, p, _("expected a space, then the column"));
	if (scan_u64(c, &p, 1, (uint64_t)pf->cols, _("the column"), &col) < 0)
		return -1;
	int v = 1, k = pf->k;
	sep = p;
	skip_spaces(c, &p);
	if (k > 2) {
		if (p == sep || p == c->end)
			return fail(c, p, _("expected the presses of the cell (e.g. +1 or -2)"));
		const char *at = p;
		int sign = *p == '-' ? -1 : 1;
		if (*p == '-' || *p == '+')
			p++;
		uint64_t m;
		if (scan_u64(c, &p, 1, (uint64_t)k - 1, _("the presses"), &m) < 0)
			return -1;
		v = sign * (int)m;
		bool fits = pf->forward_only ? v > 0 : 2 * v <= k && 2 * v > -k;
		if (!fits)
			return fail(c, at, pf->forward_only ? _("%+d presses: use 1 to k - 1 (forward only)")
				    : _("%+d presses: use values in (-k/2, k/2]"), v);
		v = (v + k) % k;
	}
	if (line_end(c, p) < 0)
		return -1;
	size_t i = (size_t)(r - 1) * (size_t)pf->cols + (size_t)(col - 1);
	if (pf->x[i])
		return fail(c, c->at, _("cell %d %d is pressed twice"), (int)r, (int)col);
	pf->x[i] = (uint8_t)v;
	return 0;
}

/* The fields after the version line, in their order. */
static int block(cursor *c, partfile *pf)
{
	const char *p;
	uint64_t v;
	if (key(c, "size", &p) < 0 || scan_u64(c, &p, 1, VARIANT_MAX_SIDE, _("the rows"), &v) < 0)
		return -1;
	pf->rows = (int)v;
	if (p >= c->end || *p != 'x')
		return fail(c, p, _("expected RxC"));
	p++;
	if (scan_u64(c, &p, 1, VARIANT_MAX_SIDE, _("the columns"), &v) < 0 || line_end(c, p) < 0)
		return -1;
	pf->cols = (int)v;
	if ((long)pf->rows * pf->cols > VARIANT_MAX_CELLS)
		return fail(c, c->at + 5, _("%dx%d is more than %ld cells"), pf->rows, pf->cols, VARIANT_MAX_CELLS);
	if (key(c, "rule", &p) < 0)
		return -1;
	size_t n = (size_t)(c->end - p);
	if (n == 0 || n >= sizeof pf->rule)
		return fail(c, p, _("expected a rule name (up to %zu characters)"), sizeof pf->rule - 1);
	for (size_t i = 0; i < n; i++)
		if ((unsigned char)p[i] <= ' ' || (unsigned char)p[i] >= 127)
			return fail(c, p + i, _("a rule name has no spaces or control characters"));
	memcpy(pf->rule, p, n);
	pf->rule[n] = '\0';
	if (key_bool(c, "torus", &pf->torus) < 0 || key_int(c, "states", VARIANT_MIN_K, VARIANT_MAX_K, &pf->k) < 0 ||
	    key_bool(c, "forward-only", &pf->forward_only) < 0 || key_digest(c, "board", &pf->board_digest) < 0 ||
	    key_digest(c, "system", &pf->system_digest) < 0 ||
	    key_int(c, "nullity", 0, pf->rows * pf->cols, &pf->nullity) < 0 ||
	    key_number(c, "combinations", 1, 1ULL << 62, &pf->combinations) < 0)
		return -1;
	if (key(c, "part", &p) < 0 || scan_u64(c, &p, 1, pf->combinations, _("the part"), &pf->part) < 0)
		return -1;
	if (p >= c->end || *p != '/')
		return fail(c, p, _("expected I/N"));
	p++;
	const char *at = p;
	if (scan_u64(c, &p, 1, pf->combinations, _("the number of parts"), &pf->parts) < 0 || line_end(c, p) < 0)
		return -1;
	if (pf->part > pf->parts)
		return fail(c, at, _("part %" PRIu64 " of %" PRIu64 ": there is no such part"), pf->part, pf->parts);
	if (key(c, "range", &p) < 0 || scan_u64(c, &p, 0, pf->combinations - 1, _("the range's first"), &pf->first) < 0)
		return -1;
	if (p >= c->end || *p != ' ')
		return fail(c, p, _("expected 'range FIRST LAST'"));
	p++;
	at = p;
	if (scan_u64(c, &p, pf->first + 1, pf->combinations, _("the range's end"), &pf->last) < 0 || line_end(c, p) < 0)
		return -1;
	if (key_number(c, "searched", pf->first, pf->last, &pf->searched) < 0 || key_bool(c, "finished", &pf->finished) < 0)
		return -1;
	if (pf->finished && pf->searched != pf->last)
		return fail(c, c->at, _("finished, but searched only up to %" PRIu64 " of %" PRIu64), pf->searched,
			    pf->last);
	int max_weight = pf->rows * pf->cols * (pf->k - 1);
	if (key_int(c, "weight", 0, max_weight, &pf->weight) < 0)
		return -1;
	int weight_line = c->line;
	if (key_int(c, "lower-bound", 0, pf->weight, &pf->lower_bound) < 0)
		return -1;
	if (pf->finished && pf->lower_bound != pf->weight)
		return fail(c, c->at + 12, _("a finished part's lower bound is its weight (%d)"), pf->weight);
	int count;
	if (key_int(c, "presses", 0, pf->rows * pf->cols, &count) < 0)
		return -1;
	pf->x = calloc((size_t)pf->rows * (size_t)pf->cols, 1);
	if (!pf->x)
		return fail(c, NULL, _("out of memory for a %dx%d part"), pf->rows, pf->cols);
	for (int i = 0; i < count; i++) {
		if (!next_line(c)) {
			c->line++;
			c->at = c->end = c->text + c->len;
			return fail(c, c->at, P_("the part ends after %d of its %d press", "the part ends after %d of its %d presses", count), i, count);
		}
		if (press(c, pf) < 0)
			return -1;
	}
	if (!next_line(c)) {
		c->line++;
		c->at = c->end = c->text + c->len;
		return fail(c, c->at, _("the part ends without its 'end' line"));
	}
	if ((size_t)(c->end - c->at) != 3 || memcmp(c->at, "end", 3) != 0)
		return fail(c, c->at, P_("expected 'end' after the %d press", "expected 'end' after the %d presses", count),
			    count);
	int w = presses_weight(pf->x, pf->rows * pf->cols, pf->k, pf->forward_only);
	if (w != pf->weight) {
		c->line = weight_line;
		return fail(c, NULL, _("the weight says %d but the presses add up to %d"), pf->weight, w);
	}
	return 0;
}

int partfile_parse(const char *text, size_t len, const char *source, partfile **parts, int *count,
		   partfile_error *err)
{
	cursor c = { .text = text, .len = len, .err = err };
	static const char head[] = "lightsout-part";
	size_t hn = sizeof head - 1;
	memset(err, 0, sizeof *err);
	while (next_line(&c)) {
		if ((size_t)(c.end - c.at) < hn || memcmp(c.at, head, hn) != 0)
			continue;	/* not a part: a grid, a message */
		const char *p = c.at + hn;
		uint64_t version;
		if (p >= c.end || *p != ' ')
			return fail(&c, p, _("expected 'lightsout-part VERSION'"));
		p++;
		if (scan_u64(&c, &p, 0, UINT32_MAX, _("the format version"), &version) < 0 || line_end(&c, p) < 0)
			return -1;
		if (version != PARTFILE_VERSION)
			return fail(&c, c.at + hn + 1, _("part format %" PRIu64 ": this lightsout reads format %d"),
				    version, PARTFILE_VERSION);
		partfile *grown = realloc(*parts, ((size_t)*count + 1) * sizeof *grown);
		if (!grown)
			return fail(&c, NULL, "%s", _("out of memory"));
		*parts = grown;
		partfile *pf = &grown[*count];
		memset(pf, 0, sizeof *pf);
		pf->source = source;
		pf->line = c.line;
		if (block(&c, pf) < 0) {
			free(pf->x);
			return -1;
		}
		(*count)++;
	}
	return 0;
}

void partfile_free(partfile *parts, int count)
{
	for (int i = 0; parts && i < count; i++)
		free(parts[i].x);
	free(parts);
}

static int by_part(const void *a, const void *b)
{
	const partfile *const *x = a, *const *y = b;
	if ((*x)->part != (*y)->part)
		return (*x)->part < (*y)->part ? -1 : 1;
	return (*x)->source == (*y)->source ? ((*x)->line > (*y)->line) - ((*x)->line < (*y)->line) : 0;
}

int partfile_merge(const partfile *parts, int count, partfile_merged *m, char *msg, size_t len)
{
	memset(m, 0, sizeof *m);
	if (count == 0) {
		snprintf(msg, len, "%s", _("no parts found (each is a block from 'lightsout solve --part I/N')"));
		return -1;
	}
	const partfile *a = &parts[0];
	for (int i = 1; i < count; i++) {
		const partfile *p = &parts[i];
		if (p->board_digest != a->board_digest || p->rows != a->rows || p->cols != a->cols || p->k != a->k ||
		    p->torus != a->torus || p->forward_only != a->forward_only || strcmp(p->rule, a->rule) != 0) {
			/* TRANSLATORS: %s:%d are a file and a line; "%s%s k=%d%s" a rule as the part writes it, keep it. */
			snprintf(msg, len, _("%s:%d: part %" PRIu64 "/%" PRIu64 " is of another board than %s:%d "
					     "(%dx%d %s%s k=%d%s, board %016" PRIx64 "; there %dx%d %s%s k=%d%s, board %016" PRIx64 ")"),
				 p->source, p->line, p->part, p->parts, a->source, a->line, p->rows, p->cols, p->rule,
				 p->torus ? " torus" : "", p->k, p->forward_only ? " forward-only" : "",
				 p->board_digest, a->rows, a->cols, a->rule, a->torus ? " torus" : "", a->k,
				 a->forward_only ? " forward-only" : "", a->board_digest);
			return -1;
		}
		if (p->system_digest != a->system_digest || p->nullity != a->nullity ||
		    p->combinations != a->combinations) {
			snprintf(msg, len, _("%s:%d: part %" PRIu64 "/%" PRIu64 " numbers its combinations otherwise than "
					     "%s:%d (system %016" PRIx64 ", there %016" PRIx64 "): the same board, made "
					     "by different versions of lightsout?"),
				 p->source, p->line, p->part, p->parts, a->source, a->line, p->system_digest,
				 a->system_digest);
			return -1;
		}
		if (p->parts != a->parts) {
			snprintf(msg, len, _("%s:%d: part %" PRIu64 "/%" PRIu64 " is of a split into %" PRIu64
					     ", %s:%d of one into %" PRIu64),
				 p->source, p->line, p->part, p->parts, p->parts, a->source, a->line, a->parts);
			return -1;
		}
	}
	const partfile **by = malloc((size_t)count * sizeof *by);
	if (!by) {
		snprintf(msg, len, "%s", _("out of memory"));
		return -1;
	}
	for (int i = 0; i < count; i++)
		by[i] = &parts[i];
	qsort(by, (size_t)count, sizeof *by, by_part);
	int rc = -1;
	for (int i = 1; i < count; i++)
		if (by[i]->part == by[i - 1]->part) {
			snprintf(msg, len, _("%s:%d: part %" PRIu64 "/%" PRIu64 " is given twice (also at %s:%d): "
					     "give each part once"),
				 by[i]->source, by[i]->line, by[i]->part, a->parts, by[i - 1]->source, by[i - 1]->line);
			goto out;
		}
	if ((uint64_t)count < a->parts) {
		/* Name the missing parts (the first few) and what they leave out. */
		char list[120] = "";
		size_t used = 0;
		int shown = 0, missing = 0;
		uint64_t gap_first = 0, gap_last = 0, want = 1;
		for (int i = 0; i <= count; i++) {
			uint64_t upto = i < count ? by[i]->part : a->parts + 1;
			for (; want < upto; want++, missing++) {
				if (missing == 0) {
					gap_first = i > 0 ? by[i - 1]->last : 0;
					gap_last = i < count ? by[i]->first : a->combinations;
				}
				if (shown < 8 && used < sizeof list) {
					used += (size_t)snprintf(list + used, sizeof list - used, "%s%" PRIu64,
								 shown ? ", " : "", want);
					shown++;
				}
			}
			want = upto + 1;
		}
		/* TRANSLATORS: the parts' numbers (%s%s: "3, 5, 9" then ", ..." when more), then the
		 * combinations of the first gap; the plural form says "among others". */
		snprintf(msg, len, P_("%d of the %" PRIu64 " parts is missing (part %s%s of %" PRIu64 "): "
				      "combinations %" PRIu64 " to %" PRIu64 " were not searched",
				      "%d of the %" PRIu64 " parts are missing (parts %s%s of %" PRIu64 "): "
				      "combinations %" PRIu64 " to %" PRIu64 " were not searched, among others", missing),
			 missing, a->parts, list, missing > shown ? ", ..." : "", a->parts, gap_first, gap_last - 1);
		goto out;
	}
	/* Now parts 1..N once each: their ranges must tile the combinations. */
	uint64_t at = 0;
	for (int i = 0; i < count; i++) {
		const partfile *p = by[i];
		if (p->first != at) {
			if (p->first > at)
				snprintf(msg, len, _("%s:%d: part %" PRIu64 "/%" PRIu64 " starts at combination %" PRIu64
						     " but the part before it ends at %" PRIu64 ": the ranges leave a gap"),
					 p->source, p->line, p->part, p->parts, p->first, at);
			else
				snprintf(msg, len, _("%s:%d: part %" PRIu64 "/%" PRIu64 " starts at combination %" PRIu64
						     " but the part before it ends at %" PRIu64 ": the ranges overlap"),
					 p->source, p->line, p->part, p->parts, p->first, at);
			goto out;
		}
		at = p->last;
	}
	if (at != a->combinations) {
		const partfile *p = by[count - 1];
		snprintf(msg, len, _("%s:%d: the last part ends at combination %" PRIu64 " of %" PRIu64), p->source, p->line,

			 at, a->combinations);
		goto out;
	}
	m->optimal = true;
	m->lower_bound = a->weight;
	for (int i = 0; i < count; i++) {
		const partfile *p = by[i];
		if (!m->best || p->weight < m->best->weight)
			m->best = p;
		int lb = p->finished ? p->weight : p->lower_bound;
		m->lower_bound = lb < m->lower_bound ? lb : m->lower_bound;
		if (!p->finished) {
			if (!m->unfinished)
				m->first_unfinished = p;
			m->unfinished++;
			m->optimal = false;
		}
	}
	if (m->lower_bound > m->best->weight)
		m->lower_bound = m->best->weight;
	rc = 0;
out:
	free(by);
	return rc;
}
