#include "cli/boardio.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define READ_MAX (512u << 20)	/* bytes: a 10000 x 10000 board with CR-LF fits */

static void fail(boardio_error *e, int line, int col, const char *fmt, ...)
{
	va_list ap;
	e->line = line;
	e->col = col;
	va_start(ap, fmt);
	vsnprintf(e->msg, sizeof e->msg, fmt, ap);
	va_end(ap);
}

static int symbol_value(int c)
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

/* Cells of one row into out (NULL to count only); -1 on error. */
static int parse_row(const line *l, int k, uint8_t *out, boardio_error *e)
{
	bool tokens = memchr(l->p, ' ', (size_t)l->len) || memchr(l->p, '\t', (size_t)l->len);
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
				fail(e, l->no, i + 1, "unexpected '%c' in a number", l->p[i]);
				return -1;
			}
			v = (int)acc;
		} else {
			v = symbol_value(c);
			if (v < 0 || (tokens && i + 1 < l->len && !isspace((unsigned char)l->p[i + 1]))) {
				if (isprint(c))
					fail(e, l->no, i + 1, "unexpected '%c': cells are 0-9, a-z, '.', '#', '+' or '-'", c);
				else
					fail(e, l->no, i + 1, "unexpected byte 0x%02x", c);
				return -1;
			}
			i++;
		}
		if (v >= k) {
			if (isalpha(c))
				fail(e, l->no, start + 1, "'%c' means %d, not below the number of states %d (see --states)",
				     c, v, k);
			else
				fail(e, l->no, start + 1, "value %d is not below the number of states %d (see --states)", v, k);
			return -1;
		}
		if (out)
			out[n] = (uint8_t)v;
		n++;
	}
	return n;
}

/* "R C": exactly two decimal numbers. */
static bool size_line(const line *l, long *r, long *c)
{
	char buf[64];
	int used = 0;
	if (l->len >= (int)sizeof buf)
		return false;
	memcpy(buf, l->p, (size_t)l->len);
	buf[l->len] = '\0';
	return sscanf(buf, " %ld %ld %n", r, c, &used) == 2 && used == l->len;
}

board *boardio_parse(const char *text, size_t len, int k, boardio_error *e)
{
	memset(e, 0, sizeof *e);
	/* Split into lines, trimming CR and trailing blanks. */
	size_t cap = 16, nl = 0;
	line *lines = malloc(cap * sizeof *lines);
	if (!lines) {
		fail(e, 0, 0, "out of memory");
		return NULL;
	}
	for (size_t i = 0, no = 1; i < len; no++) {
		size_t j = i;
		while (j < len && text[j] != '\n')
			j++;
		size_t end = j;
		while (end > i && (text[end - 1] == '\r' || text[end - 1] == ' ' || text[end - 1] == '\t'))
			end--;
		if (memchr(text + i, '\0', end - i)) {
			fail(e, (int)no, (int)((const char *)memchr(text + i, '\0', end - i) - (text + i)) + 1,
			     "unexpected NUL byte: is this a text file?");
			free(lines);
			return NULL;
		}
		if (nl == cap) {
			line *p = realloc(lines, (cap *= 2) * sizeof *lines);
			if (!p) {
				free(lines);
				fail(e, 0, 0, "out of memory");
				return NULL;
			}
			lines = p;
		}
		lines[nl++] = (line){ text + i, (int)(end - i), (int)no };
		i = j + 1;
	}
	size_t first = 0, last = nl;
	while (first < last && lines[first].len == 0)
		first++;
	while (last > first && lines[last - 1].len == 0)
		last--;
	board *b = NULL;
	if (first == last) {
		fail(e, 0, 0, "empty input: no board");
		goto out;
	}
	long hr = -1, hc = -1;
	bool have_size = false;
	/* "R C" is a size line, unless it is the first row of a board of
	 * whitespace-separated numbers with a different row count. */
	const line *next = &lines[first + 1];
	if (last - first > 1 && size_line(&lines[first], &hr, &hc) &&
	    (hr == (long)(last - first - 1) || !memchr(next->p, ' ', (size_t)next->len))) {
		/* Each side first: the product of two huge sides overflows. */
		if (hr < 1 || hc < 1 || hr > BOARDIO_MAX_CELLS || hc > BOARDIO_MAX_CELLS || hr * hc > BOARDIO_MAX_CELLS) {
			fail(e, lines[first].no, 1, "size %ld x %ld is out of range", hr, hc);
			goto out;
		}
		have_size = true;
		first++;
	}
	int rows = (int)(last - first), cols = -1;
	for (size_t i = first; i < last; i++) {
		if (lines[i].len == 0) {
			fail(e, lines[i].no, 1, "blank line inside the board");
			goto out;
		}
		int n = parse_row(&lines[i], k, NULL, e);
		if (n < 0)
			goto out;
		if (cols < 0)
			cols = n;
		else if (n != cols) {
			fail(e, lines[i].no, lines[i].len + 1, "row has %d cells, the rows above have %d", n, cols);
			goto out;
		}
		if ((long)rows * cols > BOARDIO_MAX_CELLS) {
			fail(e, lines[i].no, 1, "board larger than %d cells", BOARDIO_MAX_CELLS);
			goto out;
		}
	}
	if (have_size && (hr != rows || hc != cols)) {
		fail(e, lines[first - 1].no, 1, "size line says %ld x %ld but the board is %d x %d", hr, hc, rows,
		     cols);
		goto out;
	}
	b = board_new(rows, cols, k);
	if (!b) {
		fail(e, 0, 0, "cannot make a %d x %d board", rows, cols);
		goto out;
	}
	for (size_t i = first; i < last; i++)
		parse_row(&lines[i], k, b->cells + (i - first) * (size_t)cols, e);
out:
	free(lines);
	return b;
}

board *boardio_read(FILE *f, int k, boardio_error *e)
{
	size_t cap = 4096, len = 0;
	char *buf = malloc(cap);
	memset(e, 0, sizeof *e);
	while (buf) {
		if (len == cap) {
			if (cap >= READ_MAX) {
				free(buf);
				fail(e, 0, 0, "input larger than %u MiB", READ_MAX >> 20);
				return NULL;
			}
			char *p = realloc(buf, cap *= 2);
			if (!p)
				break;
			buf = p;
		}
		size_t got = fread(buf + len, 1, cap - len, f);
		len += got;
		if (got == 0)
			break;
	}
	if (!buf) {
		fail(e, 0, 0, "out of memory");
		return NULL;
	}
	if (ferror(f)) {
		free(buf);
		fail(e, 0, 0, "read error");
		return NULL;
	}
	board *b = boardio_parse(buf, len, k, e);
	free(buf);
	return b;
}

void boardio_write_cells(FILE *f, const uint8_t *cells, int rows, int cols)
{
	for (int i = 0; i < rows; i++) {
		for (int j = 0; j < cols; j++)
			fputc(boardio_symbol(cells[i * cols + j]), f);
		fputc('\n', f);
	}
}

void boardio_write(FILE *f, const board *b)
{
	boardio_write_cells(f, b->cells, b->rows, b->cols);
}
