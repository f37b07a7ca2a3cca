#include <stdlib.h>
#include <string.h>

#include "formats/boardio.h"
#include "formats/solutionio.h"
#include "engine/search.h"
#include "tap.h"

/* The text written to a temporary file by fn, as a new string. */
static char *captured(FILE *f, size_t *len)
{
	fflush(f);
	*len = (size_t)ftell(f);
	char *s = malloc(*len + 1);
	rewind(f);
	*len = fread(s, 1, *len, f);
	s[*len] = '\0';
	fclose(f);
	return s;
}

/* The formats as printf wrote them a press at a time: the oracle. */
static char *moves_by_printf(const uint8_t *x, int rows, int cols, int k, bool fwd, bool vertices, int weight,
			     size_t *len)
{
	FILE *f = tmpfile();
	fprintf(f, "%d\n", weight);
	for (int i = 0; i < rows * cols; i++) {
		if (!x[i])
			continue;
		if (vertices && k == 2)
			fprintf(f, "%d\n", i + 1);
		else if (vertices)
			fprintf(f, "%d %+d\n", i + 1, search_signed(x[i], k, fwd));
		else if (k == 2)
			fprintf(f, "%d %d\n", i / cols + 1, i % cols + 1);
		else
			fprintf(f, "%d %d %+d\n", i / cols + 1, i % cols + 1, search_signed(x[i], k, fwd));
	}
	return captured(f, len);
}

static char *json_by_printf(const uint8_t *x, int rows, int cols, int k, bool fwd, size_t *len)
{
	FILE *f = tmpfile();
	fprintf(f, "[");
	for (int i = 0, first = 1; i < rows * cols; i++)
		if (x[i]) {
			fprintf(f, "%s[%d,%d,%d]", first ? "" : ",", i / cols + 1, i % cols + 1, search_signed(x[i], k, fwd));
			first = 0;
		}
	fprintf(f, "][");
	for (int i = 0; i < rows; i++) {
		fprintf(f, "%s\"", i ? "," : "");
		for (int j = 0; j < cols; j++)
			fputc(boardio_symbol(x[i * cols + j]), f);
		fputc('"', f);
	}
	fprintf(f, "]");
	return captured(f, len);
}

/* k = 2 at a bit a cell: the same moves and json as printf's. */
static void same_bits(const uint8_t *x, int rows, int cols, const char *json, size_t json_len, const char *what)
{
	board *bx = board_new(rows, cols, 2);
	memcpy(bx->cells, x, (size_t)rows * cols);
	bitboard *p = bitboard_from_board(bx);
	long long weight = (long long)bitboard_count(p);
	size_t la, lb;
	FILE *f = tmpfile();
	solutionio_write_moves_bits(f, p, weight);
	char *a = captured(f, &la), *b = moves_by_printf(x, rows, cols, 2, false, false, (int)weight, &lb);
	tap_ok(la == lb && !memcmp(a, b, la), "moves at a bit a cell %dx%d %s (%zu bytes)", rows, cols, what, la);
	free(a);
	free(b);
	outbuf o;
	outbuf_open(&o, f = tmpfile());
	solutionio_put_json_presses_bits(&o, p);
	solutionio_put_json_rows_bits(&o, p);
	outbuf_close(&o);
	a = captured(f, &la);
	tap_ok(la == json_len && !memcmp(a, json, la), "json at a bit a cell %dx%d %s (%zu bytes)", rows, cols, what, la);
	free(a);
	board_free(bx);
	bitboard_free(p);
}

static void same_text(const uint8_t *x, int rows, int cols, int k, bool fwd, bool vertices, const char *what)
{
	size_t la, lb;
	FILE *f = tmpfile();
	solutionio_write_moves(f, x, rows, cols, k, fwd, vertices, 1234);
	char *a = captured(f, &la), *b = moves_by_printf(x, rows, cols, k, fwd, vertices, 1234, &lb);
	tap_ok(la == lb && !memcmp(a, b, la), "moves %dx%d k=%d%s%s %s (%zu bytes)", rows, cols, k, fwd ? " fwd" : "",
	       vertices ? " vertices" : "", what, la);
	free(a);
	free(b);
	if (vertices)
		return;
	outbuf o;
	outbuf_open(&o, f = tmpfile());
	solutionio_put_json_presses(&o, x, rows, cols, k, fwd);
	solutionio_put_json_rows(&o, x, rows, cols);
	outbuf_close(&o);
	a = captured(f, &la);
	b = json_by_printf(x, rows, cols, k, fwd, &lb);
	tap_ok(la == lb && !memcmp(a, b, la), "json %dx%d k=%d%s %s (%zu bytes)", rows, cols, k, fwd ? " fwd" : "", what,
	       la);
	free(a);
	if (k == 2)
		same_bits(x, rows, cols, b, lb, what);
	free(b);
}

int main(void)
{
	static const struct {
		int rows, cols, k;
		bool fwd, vertices;
	} cases[] = {
		{ 1, 1, 2, false, false }, { 3, 5, 2, false, false }, { 300, 301, 2, false, false },
		{ 17, 1000, 3, false, false }, { 17, 1000, 3, true, false }, { 40, 23, 36, false, false },
		{ 40, 23, 36, true, false }, { 1, 3000, 2, false, true }, { 1, 3000, 5, false, true },
		{ 2, 1100003, 4, false, false }, { 2, 1100003, 2, false, false },	/* past the column table */
		{ 100003, 1, 2, false, false }, { 700, 700, 2, false, false }, { 1000, 1000, 7, true, false },
		{ 1, 400000, 3, false, true },	/* many a buffer's flush */
	};
	unsigned r = 7;
	for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
		int rows = cases[c].rows, cols = cases[c].cols, k = cases[c].k;
		size_t n = (size_t)rows * cols;
		uint8_t *x = malloc(n);
		for (int density = 0; density < 3; density++) {
			for (size_t i = 0; i < n; i++) {
				r = r * 1103515245u + 12345u;
				/* none, about one in 50, about half pressed */
				bool on = density == 2 ? (r >> 16) % 2 : density == 1 ? (r >> 16) % 50 == 0 : false;
				x[i] = on ? (uint8_t)(1 + (r >> 8) % (unsigned)(k - 1)) : 0;
			}
			same_text(x, rows, cols, k, cases[c].fwd, cases[c].vertices,
				  density == 2 ? "half pressed" : density == 1 ? "sparse" : "none pressed");
		}
		free(x);
	}
	return tap_done();
}
