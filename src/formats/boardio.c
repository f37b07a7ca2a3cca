/* The board text format: boardio.h says the format; boardfile.c is a
 * file of it read under a command's options. */
#define _DEFAULT_SOURCE	/* madvise, MADV_HUGEPAGE */
#include "formats/boardio.h"

#include <ctype.h>
#include <limits.h>
#include <pthread.h>
#include <stdint.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>
#include <sys/stat.h>

#include "engine/rule.h"
#include "engine/variant.h"
#include "i18n.h"

#define READ_MAX (512u << 20)	/* bytes: a 10000 x 10000 board with CR-LF fits */
/* A line longer than any row can be: 10000 cells, each a 15x15 mask and a
 * space (a patterns row), is about 2.4 MB.  Past it the reader stops at
 * once, so one endless line costs a few MB, not the whole input. */
#define LINE_MAX_BYTES ((size_t)VARIANT_MAX_SIDE * (RULE_MASK_MAX * (RULE_MASK_MAX + 1) + 1))

static void fail(boardio_error *e, int line, int col, const char *fmt, ...)
{
	va_list ap;
	e->line = line;
	e->col = col;
	va_start(ap, fmt);
	vsnprintf(e->msg, sizeof e->msg, fmt, ap);
	va_end(ap);
}

/* A symbol's value (0-9, a-z or A-Z, '.', '#', '+', '-'), or -1 for another
 * character. */
static int boardio_value(int c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'z')
		return c - 'a' + 10;
	if (c >= 'A' && c <= 'Z')
		return c - 'A' + 10;
	switch (c) {
	case '.': case '-': return 0;
	case '#': case '+': return 1;
	}
	return -1;
}

char boardio_symbol(int v)
{
	return (char)(v < 10 ? '0' + v : 'a' + v - 10);
}

typedef struct line {
	const char *p;
	int len, no;
} line;

/* Whether a row is whitespace-separated numbers (else one symbol a cell). */
static bool is_number_row(const line *l)
{
	return memchr(l->p, ' ', (size_t)l->len) || memchr(l->p, '\t', (size_t)l->len);
}

/* Cells of one row appended to out (NULL to count only); -1 on error. */
static int parse_row(const line *l, int k, uint8_t *out, boardio_error *e)
{
	bool tokens = is_number_row(l);
	int n = 0;
	for (int i = 0; i < l->len;) {
		int c = (unsigned char)l->p[i];
		if (tokens && isspace(c)) {
			i++;
			continue;
		}
		int start = i, v;
		if (tokens && isdigit(c)) {
			long acc = 0;
			while (i < l->len && isdigit((unsigned char)l->p[i])) {
				if (acc < 1000)
					acc = acc * 10 + (l->p[i] - '0');
				i++;
			}
			if (i < l->len && !isspace((unsigned char)l->p[i])) {
				fail(e, l->no, i + 1, _("unexpected '%c' in a number"), l->p[i]);
				return -1;
			}
			v = (int)acc;
		} else {
			v = boardio_value(c);
			if (v < 0 || (tokens && i + 1 < l->len && !isspace((unsigned char)l->p[i + 1]))) {
				if (isprint(c))
					fail(e, l->no, i + 1, _("unexpected '%c': cells are 0-9, a-z, '.', '#', '+' or '-'"), c);
				else
					fail(e, l->no, i + 1, _("unexpected byte 0x%02x"), c);
				return -1;
			}
			i++;
		}
		if (v >= k) {
			int digits = i - start;
			if (isalpha(c))
				fail(e, l->no, start + 1, _("'%c' means %d, not below the number of states %d (see --states)"),
				     c, v, k);
			else	/* quoted as written, however long */
				/* TRANSLATORS: %.*s%s is the value as written (cut at 40 digits, then "..."). */
				fail(e, l->no, start + 1, _("value %.*s%s is not below the number of states %d (see --states)"),
				     digits > 40 ? 40 : digits, l->p + start, digits > 40 ? "..." : "", k);
			return -1;
		}
		if (out)
			out[n] = (uint8_t)v;
		n++;
	}
	return n;
}

/* A row of symbols into cells, when every one is a value below k: 8
 * digits at a time while they last, a table for the rest.  False (out
 * partly written) on anything else, which parse_row then names. */
static bool symbols_fill(const char *p, int len, int k, uint8_t *out)
{
	const uint64_t ones = 0x0101010101010101u, highs = 0x8080808080808080u;
	uint64_t lo = ones * (0x80 - '0'), hi = ones * (uint64_t)(0x80 - '0' - (k < 10 ? k : 10));
	int i = 0;
	for (; i + 8 <= len; i += 8) {
		uint64_t w;
		memcpy(&w, p + i, 8);
		/* Bytes below 0x80: adding never carries into the next one,
		 * and the high bit says c >= '0', then c >= '0' + the bound. */
		if ((w & highs) || ((w + lo) & ~(w + hi) & highs) != highs)
			break;
		w -= ones * '0';
		memcpy(out + i, &w, 8);
	}
	for (; i < len; i++) {
		int v = boardio_value((unsigned char)p[i]);
		if (v < 0 || v >= k)
			return false;
		out[i] = (uint8_t)v;
	}
	return true;
}

/* A row of numbers (one or two digits, blanks between) into exactly
 * cols cells below k; false on anything else, which parse_row then
 * reads slowly and names. */
static bool numbers_fill(const char *p, int len, int k, uint8_t *out, int cols)
{
	int n = 0, i = 0;
	while (i < len) {
		while (i < len && (p[i] == ' ' || p[i] == '\t'))
			i++;
		if (i == len)
			break;
		unsigned v = (unsigned char)p[i] - '0';
		if (v > 9 || n == cols)
			return false;
		i++;
		if (i < len && (unsigned)((unsigned char)p[i] - '0') <= 9u)
			v = v * 10 + (unsigned)(p[i++] - '0');
		if (v >= (unsigned)k || (i < len && p[i] != ' ' && p[i] != '\t'))
			return false;
		out[n++] = (uint8_t)v;
	}
	return n == cols;
}

/* "R C": exactly two decimal numbers. */
static bool size_line(const line *l, long *r, long *c)
{
	char buf[64];
	int used = 0;
	if (l->len >= (int)sizeof buf || !is_number_row(l))
		return false;
	memcpy(buf, l->p, (size_t)l->len);
	buf[l->len] = '\0';
	/* Numbers past a long are not wrapped or clamped into a size: they
	 * stay out of range (-2), and the message quotes the line as given. */
	char *p = buf, *end;
	long v[2];
	for (int i = 0; i < 2; i++) {
		while (*p == ' ' || *p == '\t')
			p++;
		errno = 0;
		v[i] = strtol(p, &end, 10);
		if (end == p)
			return false;
		if (errno == ERANGE)
			v[i] = -2;
		p = end;
	}
	while (*p == ' ' || *p == '\t')
		p++;
	used = (int)(p - buf);
	*r = v[0];
	*c = v[1];
	return used == l->len;
}

/* The input in big blocks (a line never costs a call per character),
 * with only the current line's block in memory: nothing is indexed
 * before the limits are checked.  From a stream (f) or from text already
 * in memory (f NULL, buf the text). */
#define READ_BLOCK ((size_t)1 << 20)

typedef struct reader {
	FILE *f;
	size_t read_max;	/* READ_MAX, or no bound where the caller's fits bounds the board */
	char *buf;
	size_t cap, start, end;	/* the unread bytes: buf[start, end) */
	size_t at;		/* bytes before buf[start] */
	int no;
	bool eof, nomem, toolong, ioerr;
	bool linelong;		/* line no + 1 is longer than any row */
} reader;

/* More input after buf[start, end) (moved to the front); false at the
 * end or on a problem. */
static bool refill(reader *rd)
{
	size_t have = rd->end - rd->start;
	if (!rd->f || rd->eof)
		return false;
	if (rd->start) {
		memmove(rd->buf, rd->buf + rd->start, have);
		rd->start = 0;
		rd->end = have;
	}
	if (rd->cap - have < READ_BLOCK / 2) {
		size_t cap = rd->cap ? 2 * rd->cap : READ_BLOCK;
		char *p = realloc(rd->buf, cap);
		if (!p) {
			rd->nomem = true;
			return false;
		}
		rd->buf = p;
		rd->cap = cap;
	}
	/* Past read_max + 1 bytes the answer is known: too long. */
	size_t room = rd->cap - rd->end, left = rd->read_max + 1 - (rd->at + rd->end);
	size_t got = fread(rd->buf + rd->end, 1, room < left ? room : left, rd->f);
	rd->end += got;
	if (got == 0) {
		rd->eof = true;
		if (ferror(rd->f))
			rd->ioerr = true;
		return false;
	}
	return true;
}

/* Whether a line of n bytes so far is past a bound (said in rd), as a
 * character at a time would find it: the first byte past a bound stops the
 * reading, read_max's before the line's. */
static bool past_bound(reader *rd, size_t n)
{
	if (rd->at + n > rd->read_max && rd->read_max - rd->at <= LINE_MAX_BYTES) {
		rd->toolong = true;
		return true;
	}
	if (n > LINE_MAX_BYTES) {
		rd->linelong = rd->toolong = true;
		return true;
	}
	return false;
}

/* The next line, CR and trailing blanks trimmed; false at the end or on a
 * problem (nomem, toolong, ioerr). */
static bool next_line(reader *rd, line *l)
{
	const char *nl;
	size_t n;
	for (;;) {
		n = rd->end - rd->start;
		nl = n ? memchr(rd->buf + rd->start, '\n', n) : NULL;	/* no buffer yet at first */
		if (nl) {
			n = (size_t)(nl - (rd->buf + rd->start));
			break;
		}
		if (past_bound(rd, n))
			return false;
		if (!refill(rd)) {
			if (rd->nomem || rd->ioerr)
				return false;
			n = rd->end - rd->start;
			if (n == 0)
				return false;
			break;
		}
	}
	if (past_bound(rd, n))
		return false;
	l->p = rd->buf ? rd->buf + rd->start : "";
	size_t used = n + (nl != NULL);
	rd->start += used;
	rd->at += used;
	while (n > 0 && (l->p[n - 1] == '\r' || l->p[n - 1] == ' ' || l->p[n - 1] == '\t'))
		n--;
	l->len = (int)n;
	l->no = ++rd->no;
	return true;
}

/* The rows after the first line: all of one format and one length.  At a
 * byte a cell in cells, or (big) packed in words (a bit a cell at k = 2,
 * ceil(log2 k) bits up to big->max_k), cells then holding the row being
 * read. */
typedef struct row_set {
	uint8_t *cells;
	size_t cap;
	long count;
	int cols;
	bool numbers;
	const boardio_big *big;	/* packing: its fits bounds the board */
	int k;			/* packing: the cells' k (their bits a cell) */
	uint64_t *words;
	size_t wcap;		/* words */
	size_t wzero;		/* packing dense rows: the words cleared so far */
} row_set;

/* Big cells in huge pages where the kernel gives them on request: a
 * 64 MB board is then 32 page faults, not 16384 (a third of the time a
 * whole solve --any took). */
static void advise_huge(void *p, size_t n)
{
#ifdef MADV_HUGEPAGE
	/* The whole pages of the block, not its 2 MB-aligned middle: advice on
	 * part of a mapping splits it, and a split mapping cannot be grown by
	 * mremap (EFAULT), so realloc would copy, old and new at once. */
	const uintptr_t huge = (uintptr_t)2 << 20, page = (uintptr_t)sysconf(_SC_PAGESIZE);
	uintptr_t from = (uintptr_t)p & ~(page - 1), to = ((uintptr_t)p + n + page - 1) & ~(page - 1);
	if (n >= 4 * huge && to > from)
		madvise((void *)from, to - from, MADV_HUGEPAGE);
#else
	(void)p;
	(void)n;
#endif
}

uint8_t *boardio_cells_alloc(size_t n)
{
	uint8_t *p = malloc(n ? n : 1);
	if (p)
		advise_huge(p, n);
	return p;
}

/* Room for the next row of n cells. */
static int rows_grow(row_set *t, int n, boardio_error *e)
{
	size_t need = (size_t)(t->count + 1) * (size_t)n;
	if (need <= t->cap)
		return 0;
	size_t cap = t->cap ? t->cap : 4096;
	while (cap < need)
		cap *= 2;
	uint8_t *p = realloc(t->cells, cap);
	if (!p) {
		fail(e, 0, 0, _("out of memory reading a board of %ld rows of %d cells"), t->count + 1, n);
		return -1;
	}
	t->cells = p;
	t->cap = cap;
	advise_huge(p, cap);
	return 0;
}

/* Packing: the words of rows of n cells, on their words or dense
 * (bitboard.h: rows narrower than a word packed back to back). */
static size_t rows_words(const row_set *t, long rows, int n)
{
	if (bitboard_dense(n, t->k)) {
		size_t per = (size_t)(64 / bitboard_width(t->k));
		return ((size_t)rows * (size_t)n + per - 1) / per;
	}
	return (size_t)rows * bitboard_zstride(n, t->k);
}

/* Packing dense rows: a view of t's words as a board of rows rows. */
static bitboard dense_view(row_set *t, long rows, int n)
{
	int w = bitboard_width(t->k);
	return (bitboard){ .rows = (int)rows, .cols = n, .stride = 0, .bits = t->words, .k = t->k, .width = w,
			   .per = 64 / w };
}

/* Packing dense rows: words up to `to` cleared (a row is written into
 * its neighbours' words). */
static void words_clear(row_set *t, size_t to)
{
	if (to > t->wzero) {
		memset(t->words + t->wzero, 0, (to - t->wzero) * sizeof *t->words);
		t->wzero = to;
	}
}

/* Packing: room for the next row's bits, growing by a quarter (big
 * blocks move by remapping, not copying, and an address-space limit
 * such as ulimit -v is not spent on a doubling). */
static int words_grow(row_set *t, int n, boardio_error *e)
{
	size_t need = rows_words(t, t->count + 1, n);
	if (need > t->wcap) {
		size_t cap = t->wcap + t->wcap / 4 + ((size_t)1 << 17);
		cap = cap < need ? need : cap;
		uint64_t *p = realloc(t->words, cap * sizeof *p);
		if (!p) {
			fail(e, 0, 0, _("out of memory reading a board of %ld rows of %d cells"), t->count + 1, n);
			return -1;
		}
		t->words = p;
		t->wcap = cap;
		advise_huge(p, cap * sizeof *p);
	}
	if ((size_t)n > t->cap) {
		uint8_t *p = realloc(t->cells, (size_t)n);
		if (!p) {
			fail(e, 0, 0, _("out of memory reading a row of %d cells"), n);
			return -1;
		}
		t->cells = p;
		t->cap = (size_t)n;
	}
	return 0;
}

/* Where the next row of n cells is read to: its place in cells, or when
 * packing the one row cells holds.  NULL after fail. */
static uint8_t *row_room(row_set *t, int n, boardio_error *e)
{
	if (t->big)
		return words_grow(t, n, e) < 0 ? NULL : t->cells;
	return rows_grow(t, n, e) < 0 ? NULL : t->cells + (size_t)t->count * (size_t)n;
}

/* The row just read is the board's: packed into its words when packing. */
static void row_done(row_set *t, int n)
{
	if (t->big && n && bitboard_dense(n, t->k)) {
		uint64_t row;
		bitboard v = dense_view(t, t->count + 1, n);
		words_clear(t, rows_words(t, t->count + 1, n));
		bitboard_zpack_row(t->cells, n, t->k, &row);
		bitboard_put_row(&v, (int)t->count, &row);
	} else if (t->big && n)
		bitboard_zpack_row(t->cells, n, t->k, t->words + (size_t)t->count * bitboard_zstride(n, t->k));
	t->count++;
}

/* Whether rows x n cells (and the undecided first line's extra cells)
 * may be read: BOARDIO_MAX_CELLS at a byte a cell, the caller's fits when
 * packing.  False after fail, at line no. */
static bool rows_fit(const row_set *t, long rows, int n, long extra, int no, boardio_error *e)
{
	if (t->big) {
		char why[sizeof e->msg];
		why[0] = '\0';
		if (t->big->fits(t->big->ctx, t->k, rows + (extra > 0), n, false, why, sizeof why))
			return true;
		if (e)
			fail(e, no, 1, "%s", why);
		return false;
	}
	if ((double)rows * n + extra <= BOARDIO_MAX_CELLS)
		return true;
	if (e)
		fail(e, no, 1, _("board larger than %d cells"), BOARDIO_MAX_CELLS);
	return false;
}

static int rows_add(row_set *t, const line *l, long prev_cells, int k, boardio_error *e)
{
	bool numbers = is_number_row(l);
	bool above = t->count > 0;
	int n;
	/* The usual row: symbols, as many as the rows above, straight into
	 * their place; anything else is read twice, to count and say what is
	 * wrong first. */
	if (above && numbers == t->numbers && t->cols > 1 && (numbers || l->len == t->cols) &&
	    rows_fit(t, t->count + 1, t->cols, prev_cells, l->no, NULL)) {
		uint8_t *dst = row_room(t, t->cols, e);
		if (!dst)
			return -1;
		if (numbers ? numbers_fill(l->p, l->len, k, dst, t->cols) : symbols_fill(l->p, l->len, k, dst)) {
			row_done(t, t->cols);
			return 0;
		}
	}
	n = parse_row(l, k, NULL, e);
	if (n < 0)
		return -1;
	if (above && n != t->cols) {
		fail(e, l->no, l->len + 1, P_("row has %d cell, the rows above have %d", "row has %d cells, the rows above have %d", n),
		     n, t->cols);
		return -1;
	}
	if (above && numbers != t->numbers && n > 1 && t->cols > 1) {
		fail(e, l->no, 1, "%s", numbers ? _("this row is numbers separated by spaces but the rows above are symbols: "
						     "use one form for the whole board")
		     : _("this row is symbols but the rows above are numbers: use one form for the whole board"));
		return -1;
	}
	if (!rows_fit(t, t->count + 1, n, prev_cells, l->no, e))
		return -1;
	uint8_t *dst = n ? row_room(t, n, e) : NULL;
	if (n && !dst)
		return -1;
	/* An empty row has no cells, and maybe no buffer yet (NULL + 0 is
	 * undefined behaviour). */
	parse_row(l, k, dst, e);
	if (t->count == 0 || n > 1)
		t->numbers = numbers;
	t->cols = n;
	row_done(t, n);
	return 0;
}

/* What a read made: a board at a byte a cell, or when packing at a bit. */
typedef struct made {
	board *b;
	bitboard *bits;
} made;

/* Packing: the board's bits, first (a row, or NULL) packed above t's
 * rows.  t's words become the board's (t->words NULL then). */
static bool make_bits(const uint8_t *first, int first_n, row_set *t, made *m, boardio_error *e)
{
	long nrows = t->count + (first ? 1 : 0);
	int cols = first ? first_n : t->cols;
	size_t stride = bitboard_zstride(cols, t->k), words = rows_words(t, nrows, cols);
	uint64_t *p = t->words;
	if (first || words < t->wcap)	/* room for the first row, or the growth's spare returned */
		p = realloc(t->words, (words ? words : 1) * sizeof *p);
	if (p)
		t->words = p;
	if (p && first && bitboard_dense(cols, t->k)) {
		/* Each row a row down, the last first, then the first row. */
		bitboard v = dense_view(t, nrows, cols);
		uint64_t row, tmp;
		words_clear(t, words);
		for (long r = t->count - 1; r >= 0; r--)
			bitboard_put_row(&v, (int)r + 1, bitboard_row(&v, (int)r, &tmp));
		bitboard_zpack_row(first, first_n, t->k, &row);
		bitboard_put_row(&v, 0, &row);
	} else if (p && first) {
		if (t->count)
			memmove(p + stride, p, (size_t)t->count * stride * sizeof *p);
		bitboard_zpack_row(first, first_n, t->k, p);
	}
	if (p && (m->bits = bitboard_zadopt((int)nrows, cols, t->k, p)))
		t->words = NULL;
	if (!m->bits)
		fail(e, 0, 0, _("out of memory for a %ld x %d board"), nrows, cols);
	return m->bits != NULL;
}

/* The board: first (a row, or NULL) over t's rows.  t's cells become the
 * board's when they are all of it (t->cells NULL then). */
static board *make_board(const uint8_t *first, int first_n, row_set *t, int k, boardio_error *e)
{
	long nrows = t->count + (first ? 1 : 0);
	int cols = first ? first_n : t->cols;
	size_t n = (size_t)nrows * (size_t)cols;
	board *b = NULL;
	if (!first && t->cells) {
		uint8_t *fit = n < t->cap ? realloc(t->cells, n) : t->cells;	/* the growth's spare returned */
		if (fit)
			t->cells = fit;
		if ((b = board_adopt((int)nrows, cols, k, t->cells)))
			t->cells = NULL;
	} else if ((b = board_new((int)nrows, cols, k))) {
		if (first)
			memcpy(b->cells, first, (size_t)first_n);
		if (t->count)
			memcpy(b->cells + (first ? first_n : 0), t->cells, (size_t)t->count * (size_t)t->cols);
	}
	if (!b)
		fail(e, 0, 0, _("out of memory for a %ld x %d board"), nrows, cols);
	return b;
}

/* "rule NAME [k=K] [torus] [forward-only]" into v: NULL, or what is wrong
 * (*col where). */
static const char *variant_line(const line *l, boardio_variant *v, int *col)
{
	char buf[VARIANT_RULE_MAX + 64], *save = NULL;
	if (l->len >= (int)sizeof buf)
		return *col = 1, _("the rule line is too long");
	memcpy(buf, l->p, (size_t)l->len);
	buf[l->len] = '\0';
	memset(v, 0, sizeof *v);
	v->present = true;
	v->line = l->no;
	strtok_r(buf, " \t", &save);	/* "rule" */
	for (char *w = strtok_r(NULL, " \t", &save); w; w = strtok_r(NULL, " \t", &save)) {
		*col = (int)(w - buf) + 1;
		if (!v->rule[0]) {
			variant t;
			char err[160];
			variant_default(&t);
			if (variant_set_rule(&t, w, err, sizeof err) != LO_OK)
				return _("not a rule lightsout knows");
			snprintf(v->rule, sizeof v->rule, "%s", t.rule);
		} else if (!strncmp(w, "k=", 2)) {
			char *end;
			long n = strtol(w + 2, &end, 10);
			if (*end || end == w + 2 || n < VARIANT_MIN_K || n > VARIANT_MAX_K)
				return _("k=K with K from 2 to 36");
			v->k = (int)n;
		} else if (!strcmp(w, "torus"))
			v->torus = true;
		else if (!strcmp(w, "forward-only"))
			v->forward_only = true;
		else
			/* TRANSLATORS: k=K, torus and forward-only are words of the file: keep them. */
			return _("expected k=K, torus or forward-only");
	}
	if (!v->rule[0])
		/* TRANSLATORS: "rule NAME [k=K] [torus] [forward-only]" is the line as the file writes it: keep it. */
		return *col = 6, _("a rule line names its rule: rule NAME [k=K] [torus] [forward-only]");
	return NULL;
}

void boardio_variant_line(const variant *v, char *buf, size_t len)
{
	buf[0] = '\0';
	if (rule_name_is_classic(v->rule) && v->k == 2 && !v->torus && !v->forward_only)
		return;
	if (v->graph)
		return;		/* a graph's press sets are not a name: the patterns carry them */
	snprintf(buf, len, "rule %s%s%.0d%s%s\n", v->rule, v->k != 2 ? " k=" : "", v->k != 2 ? v->k : 0,
		 v->torus ? " torus" : "", v->forward_only ? " forward-only" : "");
}

/* The board, up to the end or a "patterns" line (*patterns_no its line);
 * a "rule" line before it into *hdr. */
static made read_board(reader *rdp, int k, const boardio_big *big, int *patterns_no, boardio_variant *hdr,
		       boardio_error *e)
{
	reader rd = *rdp;
	row_set t = { 0 };
	line l;
	made m = { 0 };
	uint8_t *first = NULL;	/* the first line's cells, when it is a row */
	int first_n = -1, first_no = 0;
	bool first_numbers = false, have_size = false;
	long hr = -1, hc = -1;
	char size_text[64] = "";
	boardio_error first_err = { 0 };
	int blank_no = 0;	/* a blank line after the board started */

	while (next_line(&rd, &l)) {
		if (l.len == 0) {
			if (first_no && !blank_no)
				blank_no = l.no;
			continue;
		}
		if (memchr(l.p, '\0', (size_t)l.len)) {
			fail(e, l.no, (int)((const char *)memchr(l.p, '\0', (size_t)l.len) - l.p) + 1,
			     _("unexpected NUL byte: is this a text file?"));
			goto out;
		}
		if (first_no && l.len == 8 && memcmp(l.p, "patterns", 8) == 0) {
			*patterns_no = l.no;
			break;
		}
		if (blank_no) {
			fail(e, blank_no, 1, _("blank line inside the board"));
			goto out;
		}
		if (!first_no && l.len > 5 && !memcmp(l.p, "rule ", 5)) {
			/* The file's own variant, before the board: its k is the
			 * cells' bound. */
			int col = 1;
			const char *why = hdr->present ? (col = 1, _("a second rule line")) : variant_line(&l, hdr, &col);
			if (why) {
				fail(e, l.no, col, "%s", why);
				goto out;
			}
			if (hdr->k)
				k = hdr->k;
			continue;
		}
		if (first_no) {
			if (rows_add(&t, &l, first && !have_size ? first_n : 0, k, e) < 0)
				goto out;
			continue;
		}
		/* The first line: a row, a size line "R C", or (two numbers) maybe
		 * either; which is decided once the rows below are known.  Its k
		 * is known now: k = 2 (or up to big->max_k, at ceil(log2 k)
		 * bits a cell) is packed when the caller asked. */
		first_no = l.no;
		t.big = big && (k == 2 || k <= big->max_k) ? big : NULL;
		t.k = k;
		first_numbers = is_number_row(&l);
		have_size = size_line(&l, &hr, &hc);
		if (!have_size) {
			/* A row: the first of t's, read as the others are. */
			if (rows_add(&t, &l, 0, k, e) < 0)
				goto out;
			first_n = t.cols;
			continue;
		}
		snprintf(size_text, sizeof size_text, "%.*s", l.len < 60 ? l.len : 60, l.p);
		/* Packing, a size line too large for the caller is refused at
		 * once, with the whole board's figure (as a row, two numbers
		 * below k are a board that fits). */
		char why[sizeof e->msg];
		if (t.big && hr >= 1 && hc >= 1 && hr <= INT_MAX && hc <= INT_MAX &&
		    !t.big->fits(t.big->ctx, k, hr, hc, true, why, sizeof why)) {
			fail(e, l.no, 1, "%s", why);
			goto out;
		}
		first_n = parse_row(&l, k, NULL, &first_err);
		if (first_n >= 0) {
			first = malloc((size_t)first_n + 1);
			if (!first) {
				fail(e, 0, 0, _("out of memory"));
				goto out;
			}
			parse_row(&l, k, first, &first_err);
		}
	}
	if (rd.nomem) {
		fail(e, 0, 0, _("out of memory reading line %d"), rd.no + 1);
		goto out;
	}
	if (rd.linelong) {
		fail(e, rd.no + 1, 1, _("a line longer than any row of a board can be (%zu characters)"), LINE_MAX_BYTES);
		goto out;
	}
	if (rd.toolong) {
		fail(e, 0, 0, _("input larger than %u MiB"), READ_MAX >> 20);
		goto out;
	}
	if (rd.ioerr) {
		fail(e, 0, 0, _("read error: %s"), strerror(errno));
		goto out;
	}
	if (!first_no) {
		fail(e, 0, 0, _("empty input: no board"));
		goto out;
	}
	if (!have_size || t.count == 0) {
		/* The first line is the first row (rows_add checked the rest
		 * against it, except after a would-be size line alone). */
		if (first_n < 0) {
			*e = first_err;
			goto out;
		}
		goto make;
	}
	/* Two numbers, then rows: a size line when they give the board's size,
	 * a row when the whole input is a board with them; never both. */
	bool as_size = hr == t.count && hc == t.cols;
	bool as_row = first_n == t.cols && first_numbers == t.numbers;
	if (as_size && as_row) {
		fail(e, first_no, 1,
		     _("'%ld %ld' reads as the size line of a %ldx%ld board and as the first row of a %ldx%d board: "
		       "write rows as symbols without spaces ('%ld %ld' as '%c%c')"),
		     hr, hc, hr, hc, t.count + 1, t.cols, hr, hc, boardio_symbol((int)hr), boardio_symbol((int)hc));
		goto out;
	}
	if (as_row)
		goto make;
	/* Packing, the rows were bounded by the caller's fits as they came. */
	long most = t.big ? INT_MAX : BOARDIO_MAX_CELLS;
	if (hr < 1 || hc < 1 || hr > most || hc > most || (!t.big && hr * hc > BOARDIO_MAX_CELLS)) {
		if (t.big)
			fail(e, first_no, 1, _("size line '%s' is out of range (sides 1 to %d)"), size_text, INT_MAX);
		else
			fail(e, first_no, 1, _("size line '%s' is out of range (1 to %d cells)"), size_text, BOARDIO_MAX_CELLS);
		goto out;
	}
	if (!as_size) {
		fail(e, first_no, 1, _("size line says %ld x %ld but the board is %ld x %d"), hr, hc, t.count, t.cols);
		goto out;
	}
	free(first);
	first = NULL;
make:
	/* Blanks alone between numbers' spaces (a form feed) are no cells. */
	if ((first ? first_n : t.cols) == 0) {
		fail(e, first_no, 1, _("a row with no cells"));
		goto out;
	}
	if (t.big)
		make_bits(first, first_n, &t, &m, e);
	else
		m.b = make_board(first, first_n, &t, k, e);
out:
	free(first);
	free(t.cells);
	free(t.words);
	*rdp = rd;
	return m;
}

/* Add one press set to a growing list; false when out of memory. */
static bool set_add(int **set, size_t *cap, size_t n, int v)
{
	if (n == *cap) {
		size_t c = *cap ? 2 * *cap : 256;
		int *p = realloc(*set, c * sizeof *p);
		if (!p)
			return false;
		*set = p;
		*cap = c;
	}
	(*set)[n] = v;
	return true;
}

/* The "patterns" section after an R x C board: R lines of C masks, the
 * press sets of a graph at the cells' own places. */
static graph *read_patterns(reader *rd, const board *b, int at, boardio_error *e)
{
	int rows = b->rows, cols = b->cols, n = rows * cols, r = 0;
	int *start = malloc(((size_t)n + 1) * sizeof *start), *crow = malloc((size_t)n * sizeof *crow);
	int *ccol = malloc((size_t)n * sizeof *ccol), *set = NULL;
	size_t cap = 0, used = 0;
	graph *g = NULL;
	line l;
	if (!start || !crow || !ccol) {
		fail(e, 0, 0, _("out of memory"));
		goto out;
	}
	while (next_line(rd, &l)) {
		if (l.len == 0)
			continue;
		if (r == rows) {
			fail(e, l.no, 1, P_("the patterns are %d line, one per row of the board",
					    "the patterns are %d lines, one per row of the board", rows), rows);
			goto out;
		}
		int c = 0;
		for (int i = 0; i < l.len;) {
			while (i < l.len && (l.p[i] == ' ' || l.p[i] == '\t'))
				i++;
			if (i == l.len)
				break;
			int from = i;
			while (i < l.len && l.p[i] != ' ' && l.p[i] != '\t')
				i++;
			if (c == cols) {
				fail(e, l.no, from + 1, P_("more than %d pattern on row %d", "more than %d patterns on row %d", cols),
				     cols, r + 1);
				goto out;
			}
			char spec[RULE_MASK_MAX * (RULE_MASK_MAX + 1) + 8], err[160] = "";
			rule m;
			bool fits = i - from <= RULE_MASK_MAX * (RULE_MASK_MAX + 1);
			snprintf(spec, sizeof spec, "mask:%.*s", i - from, l.p + from);
			if (!fits || rule_parse(&m, spec, false, err, sizeof err) != LO_OK) {
				fail(e, l.no, from + 1, _("cell (%d, %d): %s"), r + 1, c + 1, fits ? err : _("mask too large"));
				goto out;
			}
			int j = r * cols + c;
			start[j] = (int)used;
			crow[j] = r;
			ccol[j] = c;
			for (int q = 0; q < m.n; q++) {
				int rr = r + m.dr[q], cc = c + m.dc[q];
				if (rr >= 0 && rr < rows && cc >= 0 && cc < cols && !set_add(&set, &cap, used++, rr * cols + cc)) {
					fail(e, 0, 0, _("out of memory"));
					goto out;
				}
			}
			c++;
		}
		if (c < cols) {
			fail(e, l.no, l.len + 1, P_("row %d has %d pattern, expected %d", "row %d has %d patterns, expected %d", c),
			     r + 1, c, cols);
			goto out;
		}
		r++;
	}
	if (rd->nomem || rd->toolong || rd->ioerr) {
		fail(e, rd->linelong ? rd->no + 1 : 0, rd->linelong ? 1 : 0,
		     "%s", rd->nomem ? _("out of memory") : rd->linelong ? _("a line longer than any row of a board can be")
		     : rd->toolong ? _("input too large") : _("read error"));
		goto out;
	}
	if (r < rows) {
		fail(e, at, 1, _("the patterns give %d of the board's %d rows"), r, rows);
		goto out;
	}
	start[n] = (int)used;
	if (!(g = graph_build(n, start, set, crow, ccol)))
		fail(e, 0, 0, _("out of memory"));
out:
	free(start);
	free(crow);
	free(ccol);
	free(set);
	return g;
}

/* The board, and its patterns when asked for (else a section is refused);
 * packed (k = 2) when big is not NULL, bounded by its fits. */
static made read_all(FILE *f, const char *text, size_t len, int k, const boardio_big *big, graph **patterns,
		     boardio_variant *hdr, boardio_error *e)
{
	reader rd = { .f = f, .read_max = big ? SIZE_MAX / 4 : READ_MAX };
	int at = 0;
	if (!f) {
		rd.buf = (char *)text;
		rd.end = rd.cap = len;
		rd.eof = true;
	}
	boardio_variant none;
	if (!hdr)
		hdr = &none;
	memset(hdr, 0, sizeof *hdr);
	made m = read_board(&rd, k, big, &at, hdr, e);
	bool ok = m.b || m.bits;
	if (ok && hdr == &none && none.present) {
		/* A reader that cannot take the file's variant says so rather
		 * than read its cells under another rule. */
		fail(e, none.line, 1, _("the file names its variant: read it with solve or play --load"));
		ok = false;
	}
	if (patterns)
		*patterns = NULL;
	int rows = m.b ? m.b->rows : m.bits ? m.bits->rows : 0, cols = m.b ? m.b->cols : m.bits ? m.bits->cols : 0;
	if (ok && at && !patterns) {
		fail(e, at, 1, _("a board with its own patterns is read by solve and play only"));
		ok = false;
	} else if (ok && at) {
		if ((long)rows * cols > GRAPH_MAX_VERTICES) {
			fail(e, at, 1, _("patterns are for boards of up to %d cells"), GRAPH_MAX_VERTICES);
			ok = false;
		} else {
			/* Patterns are a graph's, on a small board: bytes. */
			if (m.bits && !(m.b = bitboard_to_board(m.bits)))
				fail(e, 0, 0, _("out of memory"));
			bitboard_free(m.bits);
			m.bits = NULL;
			ok = m.b && (*patterns = read_patterns(&rd, m.b, at, e));
		}
	}
	if (!ok) {
		board_free(m.b);
		bitboard_free(m.bits);
		m.b = NULL;
		m.bits = NULL;
	}
	if (f)
		free(rd.buf);
	return m;
}

board *boardio_parse(const char *text, size_t len, int k, boardio_error *e)
{
	memset(e, 0, sizeof *e);
	if (len == 0) {
		fail(e, 0, 0, _("empty input: no board"));
		return NULL;
	}
	return read_all(NULL, text, len, k, NULL, NULL, NULL, e).b;
}

static bool is_dir(FILE *f, boardio_error *e)
{
	struct stat st;
	memset(e, 0, sizeof *e);
	if (fstat(fileno(f), &st) == 0 && S_ISDIR(st.st_mode)) {
		fail(e, 0, 0, _("is a directory"));

		return true;
	}
	return false;
}

board *boardio_read_variant(FILE *f, int k, graph **patterns, boardio_variant *v, boardio_error *e)
{
	return is_dir(f, e) ? NULL : read_all(f, NULL, 0, k, NULL, patterns, v, e).b;
}

bool boardio_read_big(FILE *f, int k, const boardio_big *big, graph **patterns, boardio_variant *v, board **b,
		      bitboard **bits, boardio_error *e)
{
	made m = { 0 };
	if (!is_dir(f, e))
		m = read_all(f, NULL, 0, k, big, patterns, v, e);
	*b = m.b;
	*bits = m.bits;
	return m.b || m.bits;
}

board *boardio_read_patterns(FILE *f, int k, graph **patterns, boardio_error *e)
{
	return boardio_read_variant(f, k, patterns, NULL, e);
}

void boardio_put_symbols(outbuf *o, const uint8_t *cells, size_t n)
{
	const uint64_t ones = 0x0101010101010101u, highs = 0x8080808080808080u;
	while (n) {
		size_t m = outbuf_space(o), i = 0;
		char *p = o->p;
		m = n < m ? n : m;
		/* 8 digits at a time: values below 10 (all are below 0x80)
		 * reach the high bit only from 10 up. */
		for (; i + 8 <= m; i += 8) {
			uint64_t w;
			memcpy(&w, cells + i, 8);
			if ((w + ones * (0x80 - 10)) & highs)
				break;
			w += ones * '0';
			memcpy(p + i, &w, 8);
		}
		for (; i < m; i++)
			p[i] = boardio_symbol(cells[i]);
		o->p += m;
		cells += m;
		n -= m;
	}
}

void boardio_write_cells(FILE *f, const uint8_t *cells, int rows, int cols)
{
	outbuf o;
	outbuf_open(&o, f);
	for (int i = 0; i < rows; i++) {
		boardio_put_symbols(&o, cells + (size_t)i * (size_t)cols, (size_t)cols);
		*outbuf_room(&o, 1) = '\n';
		o.p++;
	}
	outbuf_close(&o);
}

void boardio_write(FILE *f, const board *b)
{
	boardio_write_cells(f, b->cells, b->rows, b->cols);
}

/* The eight digits ('0', '1') of each byte of bits, first cell first. */
static uint64_t digits8[256];

static void digits8_make(void)
{
	for (int v = 0; v < 256; v++) {
		char d[8];
		for (int i = 0; i < 8; i++)
			d[i] = (char)('0' + (v >> i & 1));
		memcpy(&digits8[v], d, 8);
	}
}

void boardio_put_bits(outbuf *o, const uint64_t *row, int n)
{
	static pthread_once_t once = PTHREAD_ONCE_INIT;
	pthread_once(&once, digits8_make);
	int j = 0;
	while (j < n) {
		size_t m = outbuf_space(o);
		int end = n - j < (int)m ? n : j + (int)m;
		char *p = o->p;
		int i = j;
		for (; i < end && i % 8; i++)	/* to a byte of the bits */
			p[i - j] = (char)('0' + (row[i / 64] >> (i % 64) & 1));
		/* 8 cells a table entry: their eight digits. */
		for (; i + 8 <= end; i += 8)
			memcpy(p + (i - j), &digits8[row[i / 64] >> (i % 64) & 0xff], 8);
		for (; i < end; i++)
			p[i - j] = (char)('0' + (row[i / 64] >> (i % 64) & 1));
		o->p += end - j;
		j = end;
	}
}

bool boardio_write_bits(FILE *f, const bitboard *b)
{
	outbuf o;
	if (b->k != 2) {
		/* Any k: a row unpacked at a time, then its symbols. */
		uint8_t *row = malloc((size_t)b->cols + 8);
		if (!row)
			return false;
		outbuf_open(&o, f);
		for (int i = 0; i < b->rows; i++) {
			bitboard_zget_cells(b, i, row);
			boardio_put_symbols(&o, row, (size_t)b->cols);
			*outbuf_room(&o, 1) = '\n';
			o.p++;
		}
		free(row);
		outbuf_close(&o);
		return true;
	}
	outbuf_open(&o, f);
	for (int i = 0; i < b->rows; i++) {
		uint64_t tmp;
		boardio_put_bits(&o, bitboard_row(b, i, &tmp), b->cols);
		*outbuf_room(&o, 1) = '\n';
		o.p++;
	}
	outbuf_close(&o);
	return true;
}
