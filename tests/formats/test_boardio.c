#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "formats/boardio.h"
#include "tap.h"

static board *parse(const char *text, int k, boardio_error *e)
{
	return boardio_parse(text, strlen(text), k, e);
}

static void err_at(const char *text, int k, int line, int col, const char *what)
{
	boardio_error e;
	board *b = parse(text, k, &e);
	tap_ok(!b && e.line == line && e.col == col, "%s: line %d column %d: %s", what, e.line, e.col, e.msg);
	board_free(b);
}

/* Every symbol for each value, mixed: what the word-at-a-time reader and
 * its table must agree on. */
static char spelled(int v, unsigned r)
{
	if (v == 0 && r % 3 == 1)
		return r % 2 ? '.' : '-';
	if (v == 1 && r % 3 == 1)
		return r % 2 ? '#' : '+';
	if (v >= 10 && r % 2)
		return (char)('A' + v - 10);
	return boardio_symbol(v);
}

/* A rows x cols board of random symbols below k, read back from a file
 * (blocks cross rows) and from memory, and written back. */
static void big_board(int rows, int cols, int k, bool digits_only)
{
	size_t n = (size_t)rows * cols, len = n + (size_t)rows;
	uint8_t *want = malloc(n);
	char *text = malloc(len + 1), *p = text;
	unsigned r = 12345u + (unsigned)k;
	for (int i = 0; i < rows; i++) {
		for (int j = 0; j < cols; j++) {
			r = r * 1103515245u + 12345u;
			int v = (int)((r >> 16) % (unsigned)(digits_only && k > 10 ? 10 : k));
			want[(size_t)i * cols + j] = (uint8_t)v;
			*p++ = digits_only ? boardio_symbol(v) : spelled(v, r >> 8);
		}
		*p++ = '\n';
	}
	FILE *f = tmpfile();
	fwrite(text, 1, len, f);
	rewind(f);
	boardio_error e;
	board *b = boardio_read_patterns(f, k, NULL, &e), *m = boardio_parse(text, len, k, &e);
	tap_ok(b && m && b->rows == rows && b->cols == cols && !memcmp(b->cells, want, n) && !memcmp(m->cells, want, n),
	       "%dx%d k=%d %s: read from a file and from memory", rows, cols, k, digits_only ? "digits" : "all symbols");
	FILE *w = tmpfile();
	if (b)
		boardio_write(w, b);
	long wrote = ftell(w);
	rewind(w);
	char *back = malloc(len);
	bool same = wrote == (long)len && fread(back, 1, len, w) == len;
	for (size_t i = 0, q = 0; same && i < (size_t)rows; i++, q++)
		for (size_t j = 0; j < (size_t)cols; j++, q++)
			same = back[q] == boardio_symbol(want[i * cols + j]);
	tap_ok(same, "... and written back as its symbols");
	/* A bad cell deep in the last row, past a block: its place, exactly. */
	if (rows > 2 && cols > 20) {
		text[len - 1 - (size_t)cols + 13] = k == 36 ? '!' : boardio_symbol(k);
		rewind(f);
		fwrite(text, 1, len, f);
		rewind(f);
		board_free(b);
		b = boardio_read_patterns(f, k, NULL, &e);
		tap_ok(!b && e.line == rows && e.col == 14, "... a bad cell at %d:14: %d:%d: %s", rows, e.line, e.col, e.msg);
	}
	board_free(b);
	board_free(m);
	fclose(f);
	fclose(w);
	free(back);
	free(text);
	free(want);
}

/* The same as whitespace-separated numbers (spaces, tabs, runs of them). */
static void big_numbers(int rows, int cols, int k)
{
	size_t n = (size_t)rows * cols;
	uint8_t *want = malloc(n);
	char *text = malloc(n * 5 + (size_t)rows + 1), *p = text;
	unsigned r = 777u + (unsigned)k;
	size_t bad_at = 0;
	for (int i = 0; i < rows; i++) {
		for (int j = 0; j < cols; j++) {
			r = r * 1103515245u + 12345u;
			int v = (int)((r >> 16) % (unsigned)k);
			want[(size_t)i * cols + j] = (uint8_t)v;
			if (j)
				p += sprintf(p, "%s", r % 7 == 0 ? "\t" : r % 11 == 0 ? "  " : " ");
			if (i == rows - 1 && j == cols / 2)
				bad_at = (size_t)(p - text);
			p += sprintf(p, r % 13 == 0 && v < 10 ? "0%d" : "%d", v);
		}
		*p++ = '\n';
	}
	size_t len = (size_t)(p - text);
	FILE *f = tmpfile();
	fwrite(text, 1, len, f);
	rewind(f);
	boardio_error e;
	board *b = boardio_read_patterns(f, k, NULL, &e);
	tap_ok(b && b->rows == rows && b->cols == cols && !memcmp(b->cells, want, n), "%dx%d k=%d as numbers: %s",
	       rows, cols, k, b ? "read" : e.msg);
	board_free(b);
	/* A value not below k in the middle of the last row: named there. */
	size_t line_start = bad_at;
	while (line_start && text[line_start - 1] != '\n')
		line_start--;
	char *mod = malloc(len + 8);
	memcpy(mod, text, bad_at);
	int w = sprintf(mod + bad_at, "%d", k);
	size_t end = bad_at;
	while (text[end] >= '0' && text[end] <= '9')
		end++;
	memcpy(mod + bad_at + w, text + end, len - end);
	b = boardio_parse(mod, bad_at + (size_t)w + len - end, k, &e);
	tap_ok(!b && e.line == rows && e.col == (int)(bad_at - line_start) + 1, "... %d at %d:%zu: %d:%d: %s", k, rows,
	       bad_at - line_start + 1, e.line, e.col, e.msg);
	board_free(b);
	fclose(f);
	free(mod);
	free(text);
	free(want);
}

/* ---- Packed reading (boardio_read_big): the same boards as the byte
 * reader, at a bit a cell. */

typedef struct limit {
	long long cells;	/* what fits may take */
	int calls;
} limit;

static bool fits_cells(void *ctx, int k, long long rows, long long cols, bool whole, char *why, size_t len)
{
	limit *l = ctx;
	(void)k;
	l->calls++;
	if (rows * cols <= l->cells)
		return true;
	snprintf(why, len, "%lldx%lld%s needs more than %lld cells", rows, cols, whole ? "" : " or more", l->cells);
	return false;
}

static FILE *file_of(const char *text)
{
	FILE *f = tmpfile();
	fputs(text, f);
	rewind(f);
	return f;
}

/* text read both ways: the byte board and the bit board agree cell by
 * cell (or both refuse at one place). */
static void both_ways(const char *text, int k, bool want_bits, const char *what)
{
	boardio_error e1, e2;
	graph *g = NULL;
	boardio_variant v;
	FILE *f = file_of(text);
	board *b = boardio_read_variant(f, k, &g, &v, &e1), *b2 = NULL;
	fclose(f);
	graph_free(g);
	bitboard *bits = NULL;
	limit l = { 1LL << 40, 0 };
	boardio_big big = { .fits = fits_cells, .ctx = &l };
	f = file_of(text);
	bool ok = boardio_read_big(f, k, &big, &g, &v, &b2, &bits, &e2);
	fclose(f);
	bool same;
	if (!b)
		same = !ok && e1.line == e2.line && e1.col == e2.col && !strcmp(e1.msg, e2.msg);
	else if (bits) {
		board *u = bitboard_to_board(bits);
		same = want_bits && board_equal(b, u);
		board_free(u);
	} else
		same = !want_bits && b2 && board_equal(b, b2);
	tap_ok(same, "%s: packed as the bytes say (%s)", what, b ? (bits ? "bits" : "bytes") : e2.msg);
	board_free(b);
	board_free(b2);
	bitboard_free(bits);
	graph_free(g);
}

static void packed_reading(void)
{
	both_ways("101\n010\n111\n", 2, true, "symbols");
	both_ways("1 0 1\n0 1 0\n", 2, true, "numbers");
	both_ways("2 3\n101\n010\n", 2, true, "a size line");
	both_ways("1 1\n0 1\n", 2, true, "two numbers over a row of two: the first row");
	both_ways("1 2\n0 1\n", 2, true, "two numbers that are a size line at k = 2");
	both_ways("1 0\n", 2, true, "one row of two numbers");
	both_ways("\n\n#.#\r\n.#.  \n\n", 2, true, "blank lines, CR-LF and symbols");
	both_ways("rule plus k=3\n120\n012\n", 2, false, "the file's k = 3: bytes");
	both_ways("12\n01\n", 3, false, "k = 3 from the options: bytes");
	both_ways("101\n01\n", 2, true, "a short row refused");
	both_ways("101\n0x1\n", 2, true, "a bad symbol refused");
	both_ways("3 3\n101\n010\n", 2, true, "a size line that is not the board's");
	both_ways("  \f\n", 2, true, "blanks and a form feed: a row with no cells, refused");
	err_at("  \f\n", 2, 1, 1, "a row of blanks and a form feed has no cells");
	/* Rows across word edges and read blocks: a 3x200 and a 700x70. */
	char *text = malloc(700 * 71 + 1), *p = text;
	unsigned r = 7;
	for (int i = 0; i < 700; i++) {
		for (int j = 0; j < 70; j++)
			*p++ = (char)('0' + ((r = r * 1103515245u + 12345u) >> 16) % 2);
		*p++ = '\n';
	}
	*p = '\0';
	both_ways(text, 2, true, "700x70 random");
	free(text);

	/* The bound is the caller's: refused at the row that passes it, with
	 * its words, and no bound of 10^8 cells or 512 MiB of its own. */
	limit l = { 20, 0 };
	boardio_big big = { .fits = fits_cells, .ctx = &l };
	FILE *f = file_of("11111\n11111\n11111\n11111\n11111\n");
	board *b = NULL;
	bitboard *bits = NULL;
	boardio_error e;
	bool ok = boardio_read_big(f, 2, &big, NULL, NULL, &b, &bits, &e);
	fclose(f);
	tap_ok(!ok && !b && !bits && e.line == 5 && e.col == 1 && strstr(e.msg, "5x5 or more needs more than 20 cells"),
	       "the caller's bound refuses row 5 of 5x5 with its words: %d:%d: %s", e.line, e.col, e.msg);
	tap_ok(l.calls >= 5, "... asked at every row (%d calls)", l.calls);
	/* A size line is the whole board's: refused at line 1. */
	f = file_of("5 5\n11111\n11111\n11111\n11111\n11111\n");
	ok = boardio_read_big(f, 2, &big, NULL, NULL, &b, &bits, &e);
	fclose(f);
	tap_ok(!ok && e.line == 1 && e.col == 1 && strstr(e.msg, "5x5 needs more than 20 cells"),
	       "a size line past the caller's bound refused at once: %d:%d: %s", e.line, e.col, e.msg);
	/* Two numbers that are a row, not a size line, are not held to it. */
	l.cells = 4;
	f = file_of("1 1\n0 1\n");
	ok = boardio_read_big(f, 2, &big, NULL, NULL, &b, &bits, &e);
	fclose(f);
	tap_ok(ok && bits && bits->rows == 2, "'1 1' over '0 1' within 4 cells: the 2x2 board");
	bitboard_free(bits);
	/* Patterns: a small board's own press sets, so bytes. */
	f = file_of("11\n11\npatterns\n010/111/010 010/111/010\n010/111/010 010/111/010\n");
	graph *g = NULL;
	l.cells = 1000;
	ok = boardio_read_big(f, 2, &big, &g, NULL, &b, &bits, &e);
	fclose(f);
	tap_ok(ok && b && !bits && g, "a board with patterns comes as bytes, with its graph");
	board_free(b);
	graph_free(g);
}

/* The grid written from bits is the one written from bytes. */
static void packed_writing(void)
{
	int bad = 0;
	unsigned r = 11;
	static const int sides[] = { 1, 7, 8, 9, 63, 64, 65, 130, 1000 };
	for (int i = 0; i < 9; i++) {
		int rows = 3, cols = sides[i];
		board *b = board_new(rows, cols, 2);
		for (int j = 0; j < rows * cols; j++)
			b->cells[j] = (uint8_t)(((r = r * 1103515245u + 12345u) >> 16) % 2);
		bitboard *p = bitboard_from_board(b);
		FILE *f1 = tmpfile(), *f2 = tmpfile();
		boardio_write(f1, b);
		boardio_write_bits(f2, p);
		long n1 = ftell(f1), n2 = ftell(f2);
		char *s1 = malloc((size_t)n1 + 1), *s2 = malloc((size_t)n2 + 1);
		rewind(f1);
		rewind(f2);
		bad += n1 != n2 || fread(s1, 1, (size_t)n1, f1) != (size_t)n1 || fread(s2, 1, (size_t)n2, f2) != (size_t)n2 ||
		       memcmp(s1, s2, (size_t)n1);
		fclose(f1);
		fclose(f2);
		free(s1);
		free(s2);
		board_free(b);
		bitboard_free(p);
	}
	/* Across the output buffer's flushes, at any offset: 2.5 MB rows. */
	bitboard *p = bitboard_new(2, 1300001);
	board *b = board_new(2, 1300001, 2);
	for (int j = 0; j < 2 * 1300001; j += 3) {
		b->cells[j] = 1;
		bitboard_set(p, j / 1300001, j % 1300001, 1);
	}
	FILE *f1 = tmpfile(), *f2 = tmpfile();
	boardio_write(f1, b);
	boardio_write_bits(f2, p);
	long n = ftell(f1);
	bad += n != ftell(f2);
	char *s1 = malloc((size_t)n), *s2 = malloc((size_t)n);
	rewind(f1);
	rewind(f2);
	bad += fread(s1, 1, (size_t)n, f1) != (size_t)n || fread(s2, 1, (size_t)n, f2) != (size_t)n || memcmp(s1, s2, (size_t)n);
	fclose(f1);
	fclose(f2);
	free(s1);
	free(s2);
	board_free(b);
	bitboard_free(p);
	tap_is(bad, 0, "grids written from bits are the bytes' grids, row ends and buffer flushes at every offset");
}

int main(void)
{
	boardio_error e;
	board *b = parse("2 3\n101\n010\n", 2, &e);
	tap_ok(b && b->rows == 2 && b->cols == 3 && b->cells[0] == 1 && b->cells[4] == 1, "seed 001: size line and digits");
	board_free(b);
	b = parse("10\n01\n\npatterns\n1 1\n1 1\n", 2, &e);
	tap_ok(!b && e.line == 4 && strstr(e.msg, "own patterns"), "a patterns section where none is read: %d: %s",
	       e.line, e.msg);
	b = parse("+++-\n+--+\n+--+\n-+++\n", 2, &e);
	tap_ok(b && b->rows == 4 && b->cells[0] == 1 && b->cells[3] == 0 && b->cells[12] == 0, "seed 002: + and -");
	board_free(b);
	b = parse("3 2 0\n1 3 2\n", 4, &e);
	tap_ok(b && b->rows == 2 && b->cols == 3 && b->cells[0] == 3 && b->cells[5] == 2, "seed 003: integers");
	board_free(b);
	b = parse("2 3\n12 35 1\n0 7 2\n", 36, &e);
	tap_ok(b && b->rows == 2 && b->cols == 3 && b->cells[0] == 12 && b->cells[1] == 35, "two-digit integers");
	board_free(b);
	/* Two numbers over rows of two numbers: a size line or a row? */
	b = parse("1 1\n0 1\n", 2, &e);
	tap_ok(b && b->rows == 2 && b->cols == 2 && b->cells[0] == 1 && b->cells[3] == 1,
	       "'1 1' over '0 1' is the 2x2 board (no 1x1 reading)");
	board_free(b);
	b = parse("1 2\n0 1\n", 2, &e);
	tap_ok(b && b->rows == 1 && b->cols == 2 && b->cells[1] == 1, "'1 2' is a size line when 2 is not a cell value");
	board_free(b);
	b = parse("2 2\n01\n10\n", 3, &e);
	tap_ok(b && b->rows == 2 && b->cols == 2, "a size line over symbol rows is never a row");
	board_free(b);
	b = parse("12\n01\n", 3, &e);
	tap_ok(b && b->rows == 2 && b->cells[1] == 2, "the 2x2 board written as symbols");
	board_free(b);
	err_at("1 2\n0 1\n", 3, 1, 1, "'1 2' over '0 1' with k = 3 reads two ways");
	err_at("2 2\n12 35\n0 7\n", 36, 1, 1, "'2 2' over two rows of two numbers reads two ways");
	b = parse("2 2\n1 2\n0 1\n", 3, &e);
	tap_ok(!b && strstr(e.msg, "symbols without spaces"), "the refusal says how to write it: %s", e.msg);
	board_free(b);
	err_at("1 0 1\n010\n", 2, 2, 1, "number rows and symbol rows mixed");
	b = parse("1 0\n0 77777\n", 2, &e);
	tap_ok(!b && strstr(e.msg, "value 77777 "), "a value too large is quoted whole: %s", e.msg);
	board_free(b);
	b = parse("1 0\n0 2147483648\n", 2, &e);
	tap_ok(!b && strstr(e.msg, "value 2147483648 "), "a value past int is quoted whole: %s", e.msg);
	board_free(b);
	b = parse("\n\r\n.#.\r\n#z#\r\n\n", 36, &e);
	tap_ok(b && b->rows == 2 && b->cells[1] == 1 && b->cells[4] == 35, "CR-LF, blank margins, . # and letters");
	board_free(b);
	b = parse("3 2\n1 0\n", 4, &e);
	tap_ok(b && b->rows == 2 && b->cols == 2 && b->cells[0] == 3, "'3 2' is a row when the row count disagrees");
	board_free(b);

	err_at("", 2, 0, 0, "empty input");
	err_at("\n\n", 2, 0, 0, "only blank lines");
	err_at("101\n01\n", 2, 2, 3, "ragged row");
	err_at("101\n0x1\n", 2, 2, 2, "bad symbol");
	err_at("101\n021\n", 2, 2, 2, "value not below k");
	err_at("3 1 0\n1 9 2\n", 4, 2, 3, "integer not below k");
	err_at("101\n\n010\n", 2, 2, 1, "blank line inside");
	err_at("3 3\n101\n010\n", 2, 1, 1, "size line disagrees");
	err_at("99999 99999\n1\n", 2, 1, 1, "absurd size");
	err_at("1 2a 0\n", 36, 1, 4, "junk after a number");
	tap_is(boardio_symbol(35), 'z', "symbol for 35");

	big_board(1500, 1500, 2, true);
	big_board(700, 1003, 3, false);
	big_board(300, 300, 10, true);
	big_board(301, 299, 11, false);
	big_board(200, 3001, 36, false);
	big_board(200, 3001, 36, true);
	big_board(5, 7, 2, true);
	big_board(7, 1, 5, false);
	big_numbers(900, 700, 2);
	big_numbers(300, 301, 36);
	big_numbers(50, 3, 10);
	/* A row of one symbol over rows of many, and the other way. */
	err_at("10101010101\n1\n", 2, 2, 2, "a short row after long ones");
	err_at("1\n10101010101\n", 2, 2, 12, "a long row after a short one");
	err_at("0101010101010101\n01010101010101x1\n", 2, 2, 15, "a bad symbol in the second word of a row");
	err_at("0101010101010101\n0101010101010121\n", 2, 2, 15, "a digit not below k in the second word");
	err_at("0101010101010101\n0101 10101010121\n", 2, 2, 1, "numbers among symbol rows");
	packed_reading();
	packed_writing();
	return tap_done();
}
