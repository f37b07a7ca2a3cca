/* The save file: its text written and read back, checked line by line
 * (savegame.h).  What goes in it is game/saved.c's, when game/saving.c's,
 * which file (game.save, game.save.2, ...) slot.c's. */
#include "persist/savegame.h"

#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "engine/rule.h"
#include "persist/aside.h"
#include "persist/atomic.h"
#include "base/clock.h"
#include "persist/kv.h"
#include "persist/lock.h"
#include "persist/parse.h"
#include "persist/textbuf.h"
#include "i18n.h"

/* Moves read: saves from before HISTORY_MAX held up to this many, and the
 * last HISTORY_MAX of them are kept. */
#define MAX_HISTORY 50000000
#define MAX_ELAPSED 1e9		/* seconds: some thirty years */

void savegame_init(saved_game *sg)
{
	memset(sg, 0, sizeof *sg);
	history_init(&sg->hist);
	sg->par = -1;
	sg->cur_row = sg->cur_col = -1;
}

void savegame_free(saved_game *sg)
{
	board_free(sg->start);
	board_free(sg->current);
	history_free(&sg->hist);
	graph_free(sg->graph);
	savegame_init(sg);
}

static const char *or_dash(const char *s)
{
	return s[0] ? s : "-";
}

static const char b64[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

/* Bits a cell takes: ceil(log2 k). */
static int cell_bits(int k)
{
	int b = 1;
	while ((1 << b) < k)
		b++;
	return b;
}

/* The cells, cell_bits(k) each, most significant first, in base64 lines
 * of 76 characters. */
static void put_packed(textbuf *t, const board *b)
{
	int bits = cell_bits(b->k), have = 0, col = 0;
	uint32_t acc = 0;
	size_t n = (size_t)board_size(b);
	for (size_t i = 0; i <= n; i++) {
		if (i < n) {
			acc = acc << bits | b->cells[i];
			have += bits;
		} else if (have % 6)
			acc <<= 6 - have % 6, have += 6 - have % 6;	/* the last character's padding */
		while (have >= 6) {
			have -= 6;
			textbuf_putc(t, b64[acc >> have & 63]);
			if (++col == 76) {
				textbuf_putc(t, '\n');
				col = 0;
			}
		}
	}
	if (col)
		textbuf_putc(t, '\n');
}

static void put_graph(textbuf *t, const graph *g)
{
	textbuf_printf(t, "graph %d\n", g->n);
	for (int j = 0; j < g->n; j++) {
		if (g->crow)
			textbuf_printf(t, "%d %d:", g->crow[j], g->ccol[j]);
		else
			textbuf_printf(t, "- -:");
		for (int i = g->start[j]; i < g->start[j + 1]; i++)
			textbuf_printf(t, " %d", g->set[i] + 1);
		textbuf_putc(t, '\n');
	}
}

char *savegame_format(const saved_game *sg, size_t *len)
{
	textbuf t;
	textbuf_init(&t);
	/* notext: file format (each line of this function) */
	textbuf_printf(&t, "lightsout-save %d\n", SAVEGAME_VERSION);
	textbuf_printf(&t, "size %d %d\nstates %d\nrule %s\ntorus %s\nforward-only %s\n",
		       sg->v.rows, sg->v.cols, sg->v.k, sg->v.rule,
		       sg->v.torus ? "yes" : "no", sg->v.forward_only ? "yes" : "no");
	if (sg->v.graph)
		put_graph(&t, sg->v.graph);
	textbuf_printf(&t, "mode %s\ndifficulty %s\nrung %d\ndaily %s\nassisted %s\ngame %016" PRIx64 "\n",
		       or_dash(sg->mode), or_dash(sg->difficulty), sg->rung, or_dash(sg->daily),
		       sg->assisted ? "yes" : "no", sg->game);
	if (sg->par < 0)
		textbuf_printf(&t, "par -1\n");
	else
		textbuf_printf(&t, "par %d %s\n", sg->par, sg->par_proven ? "proven" : "bound");
	locale_t old = parse_numbers_begin();
	textbuf_printf(&t, "moves %d\nelapsed %.3f\n", sg->moves, sg->elapsed);
	parse_numbers_end(old);
	/* The start once, packed; the current board is the start with the
	 * history applied, so a save grows with the moves, not the cells. */
	/* notext: file format */
	textbuf_printf(&t, "start packed\n");
	put_packed(&t, sg->start);
	/* Moves too old to undo are not kept: the position then comes
	 * whole, the history applied to it backwards is where undo stops. */
	if (sg->hist.dropped > 0) {
		textbuf_printf(&t, "dropped %d\ncurrent packed\n", sg->hist.dropped);
		put_packed(&t, sg->current);
	}
	textbuf_printf(&t, "history %d %d\n", sg->hist.len, sg->hist.pos);
	for (int i = 0; i < sg->hist.len; i++) {
		lo_move m = history_at(&sg->hist, i);
		textbuf_printf(&t, "%d %d %+d\n", m.row + 1, m.col + 1, m.times);
	}
	/* Optional, so that saves from before it still load. */
	if (sg->cur_row >= 0 && sg->cur_col >= 0)
		textbuf_printf(&t, "cursor %d %d\n", sg->cur_row + 1, sg->cur_col + 1);
	textbuf_printf(&t, "end\n");
	return textbuf_finish(&t, len);
}

/* ---- Parsing: a cursor over lines, each checked in order. ---- */

typedef struct cursor {
	kv_reader kv;		/* lines: a CR before the newline dropped, a NUL refused */
	bool oom;		/* the failure was memory, not the file */
} cursor;

static int bad(cursor *c, const char *fmt, ...)
{
	char msg[256];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	kv_fail(&c->kv, "%s", msg);
	if (strcmp(fmt, _("out of memory")) == 0)
		c->oom = true;
	return -1;
}

/* The next line (without its newline or a CR before it). */
static int next_line(cursor *c, const char **s, size_t *n)
{
	return kv_line(&c->kv, s, n) ? 0 : -1;
}

/* "key value...": the value words, copied into buf. */
static int keyed(cursor *c, const char *key, char *buf, size_t buflen)
{
	return kv_value(&c->kv, key, buf, buflen, NULL) ? 0 : -1;
}

/* A number in [lo, hi] at s, up to a space or the end; *rest after it. */
static int parse_long(const char *s, long lo, long hi, long *out, const char **rest)
{
	size_t n = strcspn(s, " ");
	long long v;
	if (!parse_int(s, n, lo, hi, false, &v))
		return -1;
	*out = (long)v;
	*rest = s + n;
	return 0;
}

/* Exactly n integers in [lo, hi] from the value of key. */
static int keyed_ints(cursor *c, const char *key, int n, long lo, long hi, long *out)
{
	char buf[256];
	if (keyed(c, key, buf, sizeof buf) < 0)
		return -1;
	const char *s = buf;
	for (int i = 0; i < n; i++) {
		while (*s == ' ')
			s++;
		if (parse_long(s, lo, hi, &out[i], &s) < 0)
			return bad(c,
				   P_("%s: expected %d number from %ld to %ld", "%s: expected %d numbers from %ld to %ld",
				      n),
				   key, n, lo, hi);
	}
	while (*s == ' ')
		s++;
	if (*s)
		return bad(c, _("%s: unexpected '%s'"), key, s);
	return 0;
}

static int keyed_bool(cursor *c, const char *key, bool *out)
{
	char buf[16];
	if (keyed(c, key, buf, sizeof buf) < 0)
		return -1;
	if (!parse_yes_no(buf, strlen(buf), true, out))
		return bad(c, _("%s: expected yes or no"), key);
	return 0;
}

/* A word of [a-z-], "-" meaning empty. */
static int keyed_word(cursor *c, const char *key, char *out, size_t outlen)
{
	char buf[64];
	if (keyed(c, key, buf, sizeof buf) < 0)
		return -1;
	if (buf[0] == '\0' || strspn(buf, "abcdefghijklmnopqrstuvwxyz-") != strlen(buf))
		return bad(c, _("%s: expected a word of letters"), key);
	if (strlen(buf) >= outlen)
		return bad(c, _("%s: '%s' too long"), key, buf);
	snprintf(out, outlen, "%s", strcmp(buf, "-") ? buf : "");
	return 0;
}

/* A number in [lo, hi] at *s (before end), ending at a space, a ':' or
 * the end, then spaces; *s moves past. */
static int take_long(const char **s, const char *end, long lo, long hi, long *out)
{
	const char *p = *s;
	size_t n = 0;
	long long v;
	while (p + n < end && p[n] >= '0' && p[n] <= '9')
		n++;
	if (!parse_int(p, n, lo, hi, false, &v) || (p + n < end && p[n] != ' ' && p[n] != ':'))
		return -1;
	for (p += n; p < end && *p == ' '; p++)
		;
	*s = p;
	*out = (long)v;
	return 0;
}

/* The press sets of a graph variant: "graph N", then N vertex lines. */
static int read_graph(cursor *c, saved_game *sg)
{
	long n, v;
	if (keyed_ints(c, "graph", 1, 1, GRAPH_MAX_VERTICES, &n) < 0)
		return -1;
	int *start = malloc((size_t)(n + 1) * sizeof *start), *crow = malloc((size_t)n * sizeof *crow);
	int *ccol = malloc((size_t)n * sizeof *ccol), *set = NULL, cap = 0, used = 0, coords = -1, rc = -1;
	if (!start || !crow || !ccol) {
		bad(c, _("out of memory"));
		goto done;
	}
	for (int j = 0; j < n; j++) {
		const char *s, *end;
		size_t len;
		if (next_line(c, &s, &len) < 0)
			goto done;
		end = s + len;
		bool has = !(len >= 4 && memcmp(s, "- -:", 4) == 0);
		if (coords >= 0 && has != coords) {
			bad(c, _("vertex %d: coordinates on every vertex or none"), j + 1);
			goto done;
		}
		coords = has;
		long row = 0, col = 0;
		if (!has)
			s += 3;
		else if (take_long(&s, end, 0, GRAPH_MAX_COORD - 1, &row) < 0 ||
			 take_long(&s, end, 0, GRAPH_MAX_COORD - 1, &col) < 0) {
			bad(c, _("vertex %d: expected 'ROW COL:' from 0 to %d"), j + 1, GRAPH_MAX_COORD - 1);
			goto done;
		}
		crow[j] = (int)row;
		ccol[j] = (int)col;
		if (s == end || *s != ':') {
			bad(c, _("vertex %d: expected ':' after its place"), j + 1);
			goto done;
		}
		for (s++; s < end && *s == ' '; s++)
			;
		start[j] = used;
		while (s < end) {
			if (take_long(&s, end, 1, n, &v) < 0) {
				bad(c, _("vertex %d: expected vertices from 1 to %ld"), j + 1, n);
				goto done;
			}
			if (used == cap) {
				if (cap >= GRAPH_MAX_ENTRIES) {
					bad(c, _("more than %d press-set members"), GRAPH_MAX_ENTRIES);
					goto done;
				}
				int ncap = cap ? 2 * cap : 64, *ns = realloc(set, (size_t)ncap * sizeof *ns);
				if (!ns) {
					bad(c, _("out of memory"));
					goto done;
				}
				set = ns;
				cap = ncap;
			}
			set[used++] = (int)v - 1;
		}
	}
	start[n] = used;
	sg->graph = graph_build((int)n, start, set, coords ? crow : NULL, coords ? ccol : NULL);
	if (!sg->graph)
		bad(c, _("out of memory"));
	else {
		sg->v.graph = sg->graph;
		rc = 0;
	}
done:
	free(start);
	free(crow);
	free(ccol);
	free(set);
	return rc;
}

static board *read_board(cursor *c, const char *key, int rows, int cols, int k)
{
	const char *s;
	size_t n;
	if (next_line(c, &s, &n) < 0)
		return NULL;
	if (n != strlen(key) || memcmp(s, key, n) != 0)
		return bad(c, _("expected '%s'"), key), NULL;
	/* Enough text left for the rows, before a large allocation. */
	if ((size_t)(c->kv.end - c->kv.p) < (size_t)rows * (size_t)(cols + 1) - 1)
		return bad(c, _("%s: file ends before %d rows of %d cells"), key, rows, cols), NULL;
	board *b = board_new(rows, cols, k);
	if (!b)
		return bad(c, _("out of memory")), NULL;
	for (int r = 0; r < rows; r++) {
		if (next_line(c, &s, &n) < 0)
			goto fail;
		if (n != (size_t)cols) {
			bad(c, _("%s row %d has %zu cells, expected %d"), key, r + 1, n, cols);
			goto fail;
		}
		for (int col = 0; col < cols; col++) {
			int ch = (unsigned char)s[col], v = -1;
			if (ch >= '0' && ch <= '9')
				v = ch - '0';
			else if (ch >= 'a' && ch <= 'z')
				v = ch - 'a' + 10;
			if (v < 0 || v >= k) {
				bad(c, _("%s row %d, column %d: '%c' is not a value below %d"), key, r + 1, col + 1,
				    ch >= ' ' && ch < 127 ? ch : '?', k);
				goto fail;
			}
			board_set(b, r, col, v);
		}
	}
	return b;
fail:
	board_free(b);
	return NULL;
}

/* A board of a version 2 save: "NAME packed" (start, or current when
 * moves were dropped), then base64. */
static board *read_packed(cursor *c, const char *name, int rows, int cols, int k)
{
	const char *s;
	size_t n;
	if (next_line(c, &s, &n) < 0)
		return NULL;
	size_t nl = strlen(name);
	if (n != nl + 7 || memcmp(s, name, nl) != 0 || memcmp(s + nl, " packed", 7) != 0)
		return bad(c, _("expected '%s packed'"), name), NULL;
	int bits = cell_bits(k);
	size_t cells = (size_t)rows * (size_t)cols, chars = (cells * (size_t)bits + 5) / 6;
	/* Enough text left for the cells, before a large allocation. */
	if ((size_t)(c->kv.end - c->kv.p) < chars + chars / 76)
		return bad(c, _("%s: file ends before %zu cells"), name, cells), NULL;
	board *b = board_new(rows, cols, k);
	if (!b)
		return bad(c, _("out of memory")), NULL;
	size_t i = 0, got = 0;
	uint32_t acc = 0;
	int have = 0;
	while (got < chars) {
		if (next_line(c, &s, &n) < 0)
			goto fail;
		size_t want = chars - got < 76 ? chars - got : 76;
		if (n != want) {
			bad(c, _("%s: a line of %zu characters, expected %zu"), name, n, want);
			goto fail;
		}
		for (size_t j = 0; j < n; j++) {
			const char *p = s[j] ? strchr(b64, s[j]) : NULL;
			if (!p) {
				bad(c, _("%s: '%c' is not base64"), name, s[j] >= ' ' && s[j] < 127 ? s[j] : '?');
				goto fail;
			}
			acc = acc << 6 | (uint32_t)(p - b64);
			have += 6;
			while (have >= bits && i < cells) {
				have -= bits;
				unsigned v = acc >> have & ((1u << bits) - 1);
				if ((int)v >= k) {
					bad(c, _("%s: cell %zu has value %u, not below %d"), name, i + 1, v, k);
					goto fail;
				}
				b->cells[i++] = (uint8_t)v;
			}
			acc &= (1u << have) - 1;	/* have < 6 + bits: no overflow */
		}
		got += n;
	}
	if (acc) {
		bad(c, _("%s: stray bits after the last cell"), name);
		goto fail;
	}
	return b;
fail:
	board_free(b);
	return NULL;
}

static int parse_body(cursor *c, saved_game *sg)
{
	long v[2];
	char buf[VARIANT_RULE_MAX + 8];
	const char *s;
	size_t n;

	if (next_line(c, &s, &n) < 0)
		return -1;
	if (n < 15 || memcmp(s, "lightsout-save ", 15) != 0)
		return bad(c, _("not a lightsout saved game"));
	snprintf(buf, sizeof buf, "%.*s", (int)(n - 15 < 20 ? n - 15 : 20), s + 15);
	long version;
	if (parse_long(buf, 1, 1000000, &version, &s) < 0 || *s)
		return bad(c, _("bad format version '%s'"), buf);
	/* Version 1 kept the start and current boards as text: still read. */
	if (version != SAVEGAME_VERSION && version != 2 && version != 1)
		return bad(c, _("format version %ld is not %d: saved by another lightsout"), version, SAVEGAME_VERSION);

	if (keyed_ints(c, "size", 2, 1, VARIANT_MAX_SIDE, v) < 0)
		return -1;
	sg->v.rows = (int)v[0];
	sg->v.cols = (int)v[1];
	if (keyed_ints(c, "states", 1, VARIANT_MIN_K, VARIANT_MAX_K, v) < 0)
		return -1;
	sg->v.k = (int)v[0];
	if (keyed(c, "rule", buf, sizeof buf) < 0)
		return -1;
	if (keyed_bool(c, "torus", &sg->v.torus) < 0 || keyed_bool(c, "forward-only", &sg->v.forward_only) < 0)
		return -1;
	int graph_line = c->kv.line + 1;
	if (rule_name_is_graph(buf) && read_graph(c, sg) < 0)
		return -1;
	char rerr[200];
	if (variant_set_rule(&sg->v, buf, rerr, sizeof rerr) != LO_OK) {
		if (sg->graph) {
			c->kv.line = graph_line;
			return bad(c, "graph: %s", rerr);
		}
		c->kv.line -= 2;
		return bad(c, "rule: %s", rerr);
	}
	if (variant_validate(&sg->v, rerr, sizeof rerr) != LO_OK) {
		c->kv.line -= 4;
		return bad(c, "size: %s", rerr);
	}
	rule r;
	variant_rule(&sg->v, &r);
	if (keyed_word(c, "mode", sg->mode, sizeof sg->mode) < 0 ||
	    keyed_word(c, "difficulty", sg->difficulty, sizeof sg->difficulty) < 0)
		return -1;
	if (sg->difficulty[0] && strcmp(sg->difficulty, "easy") && strcmp(sg->difficulty, "normal") &&
	    strcmp(sg->difficulty, "hard"))
		return bad(c, _("difficulty: expected easy, normal, hard or -"));
	if (keyed_ints(c, "rung", 1, 0, 1000000, v) < 0)
		return -1;
	sg->rung = (int)v[0];
	if (keyed(c, "daily", buf, sizeof buf) < 0)
		return -1;
	if (strcmp(buf, "-") != 0) {
		/* A day the calendar has (the leaderboard's check too). */
		if (!clock_date_valid(buf))
			return bad(c, _("daily: expected a date YYYY-MM-DD or -"));
		memcpy(sg->daily, buf, 11);
	}
	/* Before version 3 assistance was not kept (a hole: such a save
	 * resumes as unassisted, as it always did). */
	if (version >= 3 && keyed_bool(c, "assisted", &sg->assisted) < 0)
		return -1;
	if (version >= 3) {
		char *e;
		if (keyed(c, "game", buf, sizeof buf) < 0)
			return -1;
		errno = 0;
		unsigned long long id = strtoull(buf, &e, 16);
		if (strlen(buf) != 16 || strspn(buf, "0123456789abcdef") != 16 || *e || errno)
			return bad(c, _("game: expected the game's id, 16 hex digits"));
		sg->game = id;
	}
	if (keyed(c, "par", buf, sizeof buf) < 0)
		return -1;
	if (strcmp(buf, "-1") == 0)
		sg->par = -1;
	else {
		long p;
		if (parse_long(buf, 0, 100000000, &p, &s) < 0 || (strcmp(s, " proven") && strcmp(s, " bound")))
			return bad(c, _("par: expected -1, or a number and 'proven' or 'bound'"));
		sg->par = (int)p;
		sg->par_proven = s[1] == 'p';
	}
	if (keyed_ints(c, "moves", 1, 0, 2000000000, v) < 0)
		return -1;
	sg->moves = (int)v[0];
	if (keyed(c, "elapsed", buf, sizeof buf) < 0)
		return -1;
	char *e;
	errno = 0;
	locale_t old = parse_numbers_begin();
	double t = strtod(buf, &e);
	parse_numbers_end(old);
	if (e == buf || *e || errno || !isfinite(t) || t < 0 || t > MAX_ELAPSED)
		return bad(c, _("elapsed: expected seconds from 0 to %g"), MAX_ELAPSED);
	sg->elapsed = t;

	if (version == 1 ? !(sg->start = read_board(c, "start", sg->v.rows, sg->v.cols, sg->v.k)) ||
				   !(sg->current = read_board(c, "current", sg->v.rows, sg->v.cols, sg->v.k))
			 : !(sg->start = read_packed(c, "start", sg->v.rows, sg->v.cols, sg->v.k)))
		return -1;
	/* Moves dropped (too old to undo): the position is given whole. */
	long dropped = 0;
	if (version >= 2) {
		if (next_line(c, &s, &n) < 0)
			return -1;
		c->kv.line--;
		c->kv.p = s;
		if (n > 8 && memcmp(s, "dropped ", 8) == 0) {
			if (keyed_ints(c, "dropped", 1, 1, 2000000000, v) < 0)
				return -1;
			dropped = v[0];
			if (!(sg->current = read_packed(c, "current", sg->v.rows, sg->v.cols, sg->v.k)))
				return -1;
		}
	}

	if (keyed_ints(c, "history", 2, 0, MAX_HISTORY, v) < 0)
		return -1;
	long hlen = v[0], hpos = v[1];
	if (hpos > hlen)
		return bad(c, P_("history: %ld move applied of only %ld", "history: %ld moves applied of only %ld", hpos), hpos, hlen);
	if ((size_t)(c->kv.end - c->kv.p) < (size_t)hlen * 7)
		return bad(c, P_("history: file ends before %ld move", "history: file ends before %ld moves", hlen), hlen);
	/* The last HISTORY_MAX moves up to the position are kept (a save
	 * from before the bound may hold more); older ones count as
	 * dropped, and a redo tail past the bound is cut. */
	long lo = hpos > HISTORY_MAX ? hpos - HISTORY_MAX : 0, hi = hlen - lo > HISTORY_MAX ? lo + HISTORY_MAX : hlen;
	/* The moves applied are summed per cell and pressed once at the end:
	 * resuming costs a pass over the moves and one A x (the rule's own
	 * structure makes that cheap), not a press per move. */
	board *replay = board_clone(sg->start);
	uint8_t *x = calloc((size_t)board_size(sg->start) + 1, 1);
	if (!replay || !x) {
		board_free(replay);
		free(x);
		return bad(c, _("out of memory"));
	}
	int k = sg->v.k;
	for (long i = 0; i < hlen; i++) {
		long m[3];
		if (next_line(c, &s, &n) < 0)
			goto fail;
		if (n >= sizeof buf) {
			bad(c, _("move %ld: line too long"), i + 1);
			goto fail;
		}
		memcpy(buf, s, n);
		buf[n] = '\0';
		s = buf;
		long lim[3] = { sg->v.rows, sg->v.cols, sg->v.k - 1 };
		for (int j = 0; j < 3; j++) {
			while (*s == ' ')
				s++;
			if (parse_long(s, j < 2 ? 1 : -lim[2], lim[j], &m[j], &s) < 0 || (j == 2 && m[j] == 0)) {
				bad(c, _("move %ld: expected 'row col times' within %dx%d, times from %d to %d, not 0"),
				    i + 1, sg->v.rows, sg->v.cols, 1 - sg->v.k, sg->v.k - 1);
				goto fail;
			}
		}
		while (*s == ' ')
			s++;
		if (*s) {
			bad(c, _("move %ld: unexpected '%s'"), i + 1, s);
			goto fail;
		}
		lo_move mv = { (int)m[0] - 1, (int)m[1] - 1, (int)m[2] };
		if (i >= lo && i < hi && history_push(&sg->hist, mv) < 0) {
			bad(c, _("out of memory"));
			goto fail;
		}
		if (i < hpos) {
			uint8_t *at = &x[(size_t)mv.row * (size_t)sg->v.cols + (size_t)mv.col];
			*at = (uint8_t)((*at + mv.times % k + k) % k);
		}
	}
	rule_apply(&r, replay, x);
	free(x);
	x = NULL;
	/* history_push moved pos to the end; the redo tail starts at hpos. */
	sg->hist.pos = (int)(hpos - lo);
	sg->hist.dropped = (int)(dropped + lo);
	if (!sg->current) {
		sg->current = replay;	/* version 2: the replay is the position */
		replay = NULL;
	} else if (!dropped && !board_equal(replay, sg->current)) {
		bad(c, P_("the current board is not the start board after the %ld move applied",
		      "the current board is not the start board after the %ld moves applied", hpos), hpos);
		goto fail;
	}
	board_free(replay);
	if (next_line(c, &s, &n) < 0)
		return -1;
	if (n > 7 && memcmp(s, "cursor ", 7) == 0) {
		/* Where the cursor was, within the board (absent before it was kept). */
		c->kv.line--;
		c->kv.p = s;
		if (keyed_ints(c, "cursor", 2, 1, VARIANT_MAX_SIDE, v) < 0)
			return -1;
		if (v[0] > sg->v.rows || v[1] > sg->v.cols)
			return bad(c, _("cursor: expected 'row col' within %dx%d"), sg->v.rows, sg->v.cols);
		sg->cur_row = (int)v[0] - 1;
		sg->cur_col = (int)v[1] - 1;
		if (next_line(c, &s, &n) < 0)
			return -1;
	}
	if (n != 3 || memcmp(s, "end", 3) != 0)
		return bad(c, _("expected 'end'"));
	while (c->kv.p < c->kv.end) {
		if (next_line(c, &s, &n) < 0)
			return -1;
		if (n)
			return bad(c, _("text after 'end'"));
	}
	return 0;
fail:
	board_free(replay);
	free(x);
	return -1;
}

int savegame_parse(const char *text, size_t len, saved_game *sg, char *err, size_t errlen)
{
	cursor c = { .oom = false };
	kv_init(&c.kv, NULL, text, len, KV_CR | KV_NUL, err, errlen);
	savegame_init(sg);
	if (parse_body(&c, sg) < 0) {
		savegame_free(sg);
		errno = c.oom ? ENOMEM : EINVAL;
		return -1;
	}
	return 0;
}

persist_status savegame_write(const char *path, const saved_game *sg, persist_result *res)
{
	char err[300];
	size_t len;
	persist_result_init(res, path);
	char *text = savegame_format(sg, &len);
	if (!text)
		return persist_fail(res, PERSIST_NO_MEMORY, ENOMEM, NULL);
	int fd = lock_take(path, LOCK_WAIT_MS, err, sizeof err);
	if (fd < 0)
		persist_lock_errno(res, errno);
	else if (atomic_write(path, text, len, err, sizeof err) < 0)
		persist_write_errno(res, errno);
	lock_release(fd);
	free(text);
	return res->status;
}

persist_status savegame_read(const char *path, saved_game *sg, persist_result *res)
{
	char err[300];
	size_t len;
	savegame_init(sg);
	persist_result_init(res, path);
	int fd = lock_take(path, LOCK_WAIT_MS, err, sizeof err);
	if (fd < 0)
		return persist_lock_errno(res, errno);
	atomic_sweep(path, ATOMIC_STALE_SECONDS);
	char *text = atomic_read(path, &len, err, sizeof err);
	if (!text)
		/* Missing, unreadable now, or not a file of ours: left alone. */
		persist_errno(res, errno);
	else if (savegame_parse(text, len, sg, err, sizeof err) < 0) {
		if (errno == ENOMEM)
			/* Short of memory is not damage: the file stays. */
			persist_fail(res, PERSIST_NO_MEMORY, ENOMEM, NULL);
		else
			/* Damaged: kept for the player, who starts afresh. */
			aside_set(path, err, res);
	}
	free(text);
	lock_release(fd);
	return res->status;
}

persist_status savegame_set_aside(const char *path, const char *why, persist_result *res)
{
	char err[300];
	persist_result_init(res, path);
	int fd = lock_take(path, LOCK_WAIT_MS, err, sizeof err);
	if (fd < 0)
		return persist_lock_errno(res, errno);
	aside_set(path, why, res);
	lock_release(fd);
	return res->status;
}

persist_status savegame_remove(const char *path, persist_result *res)
{
	char err[300];
	persist_result_init(res, path);
	int fd = lock_take(path, LOCK_WAIT_MS, err, sizeof err);
	if (fd < 0)
		return persist_lock_errno(res, errno);
	struct stat st;
	if (lstat(path, &st) < 0) {
		if (errno != ENOENT)
			persist_errno(res, errno);
	} else if (!S_ISREG(st.st_mode) || st.st_uid != geteuid())
		/* Only our own file goes. */
		persist_fail(res, PERSIST_REFUSED, 0, _("not a regular file of ours"));
	else if (unlink(path) < 0)
		persist_errno(res, errno);
	lock_release(fd);
	return res->status;
}
