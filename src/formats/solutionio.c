#include "formats/solutionio.h"

#include <stdlib.h>
#include <string.h>

#include "formats/boardio.h"
#include "engine/search.h"

/* Each press is row text, column number, value text: copied 16 bytes at a
 * time and advanced by their lengths, the columns' numbers made once. */
#define PIECE 16
#define COLUMN_TABLE_MAX 1100000	/* 9 bytes a column: 10 MB at most */

typedef struct piece {
	char s[PIECE];
	int len;
} piece;

typedef struct press_text {
	char row[PIECE], pre[PIECE];	/* before the row number, e.g. ",[" */
	int row_len, pre_len;
	piece val[BOARD_MAX_K];
	char *cols;			/* 8 bytes a column, or NULL: made per press */
	uint8_t *col_len;
} press_text;

static void piece_set(piece *p, const char *s)
{
	memset(p->s, 0, PIECE);
	p->len = (int)strlen(s);
	memcpy(p->s, s, (size_t)p->len);
}

static void columns_make(press_text *t, int cols)
{
	t->cols = NULL;
	if (cols > COLUMN_TABLE_MAX || !(t->cols = malloc((size_t)cols * 8)) ||
	    !(t->col_len = malloc((size_t)cols))) {
		free(t->cols);
		t->cols = NULL;
		return;
	}
	for (int j = 0; j < cols; j++)
		t->col_len[j] = (uint8_t)outbuf_format_u64(t->cols + (size_t)j * 8, (uint64_t)j + 1);
}

static void columns_free(press_text *t)
{
	if (t->cols) {
		free(t->cols);
		free(t->col_len);
	}
}

/* One press, at column j. */
static inline char *put_press(char *p, const press_text *t, int j, uint8_t v)
{
	memcpy(p, t->row, PIECE);
	p += t->row_len;
	if (t->cols) {
		memcpy(p, t->cols + (size_t)j * 8, 8);
		p += t->col_len[j];
	} else
		p += outbuf_format_u64(p, (uint64_t)j + 1);
	memcpy(p, t->val[v].s, PIECE);
	return p + t->val[v].len;
}

/* Each press of a row: pre, row text, column, value.  Eight cells at a
 * time, the pressed ones found from a mask (a branch per cell costs more
 * than the text when half are pressed). */
static void put_row(outbuf *o, const press_text *t, const uint8_t *x, int j, int cols)
{
	const uint64_t low7 = 0x7f7f7f7f7f7f7f7fu, highs = 0x8080808080808080u;
	for (; j + 8 <= cols; j += 8) {
		uint64_t w;
		memcpy(&w, x + j, 8);
		/* The high bit of each non-zero byte (values are below 0x80). */
		uint64_t m = ((w & low7) + low7) & highs;
		if (!m)
			continue;
		char *p = outbuf_room(o, 8 * (3 * PIECE + 20));
		do {
			int b = __builtin_ctzll(m) >> 3;
			memcpy(p, t->pre, PIECE);
			p = put_press(p + t->pre_len, t, j + b, x[j + b]);
			m &= m - 1;
		} while (m);
		o->p = p;
	}
	for (; j < cols; j++)
		if (x[j]) {
			char *p = outbuf_room(o, 3 * PIECE + 20);
			memcpy(p, t->pre, PIECE);
			o->p = put_press(p + t->pre_len, t, j, x[j]);
		}
}

/* The row's own text: its number and what follows it. */
static void row_set(press_text *t, int r, const char *after)
{
	memset(t->row, 0, PIECE);
	t->row_len = r ? outbuf_format_u64(t->row, (uint64_t)r) : 0;
	size_t n = strlen(after);
	memcpy(t->row + t->row_len, after, n);
	t->row_len += (int)n;
}

void solutionio_write_moves(FILE *f, const uint8_t *x, int rows, int cols, int k, bool fwd, bool vertices,
			    int weight)
{
	outbuf o;
	press_text t = { .pre_len = 0 };
	char s[PIECE];
	outbuf_open(&o, f);
	outbuf_int(&o, weight);
	*outbuf_room(&o, 1) = '\n';
	o.p++;
	for (int v = 0; v < k; v++) {
		if (k == 2)
			snprintf(s, sizeof s, "\n");
		else
			snprintf(s, sizeof s, " %+d\n", search_signed(v, k, fwd));
		piece_set(&t.val[v], s);
	}
	/* A graph's vertex numbers are its one row's columns. */
	columns_make(&t, vertices ? rows * cols : cols);
	if (vertices) {
		row_set(&t, 0, "");
		put_row(&o, &t, x, 0, rows * cols);
	} else
		for (int r = 0; r < rows; r++) {
			row_set(&t, r + 1, " ");
			put_row(&o, &t, x + (size_t)r * (size_t)cols, 0, cols);
		}
	columns_free(&t);
	outbuf_close(&o);
}

void solutionio_put_json_presses(outbuf *o, const uint8_t *x, int rows, int cols, int k, bool fwd)
{
	press_text t = { .pre = ",[", .pre_len = 2 };
	char s[PIECE];
	for (int v = 0; v < k; v++) {
		snprintf(s, sizeof s, ",%d]", search_signed(v, k, fwd));
		piece_set(&t.val[v], s);
	}
	columns_make(&t, cols);
	outbuf_puts(o, "[");
	/* The first press has no comma before it. */
	size_t n = (size_t)rows * (size_t)cols, first = 0;
	while (first < n && !x[first])
		first++;
	for (int r = (int)(first / (size_t)cols); first < n && r < rows; r++) {
		const uint8_t *row = x + (size_t)r * (size_t)cols;
		int from = 0;
		row_set(&t, r + 1, ",");
		if ((size_t)r == first / (size_t)cols) {
			from = (int)(first % (size_t)cols);
			char *p = outbuf_room(o, 3 * PIECE + 20);
			*p = '[';
			o->p = put_press(p + 1, &t, from, row[from]);
			from++;
		}
		put_row(o, &t, row, from, cols);
	}
	outbuf_puts(o, "]");
	columns_free(&t);
}

void solutionio_put_json_rows(outbuf *o, const uint8_t *cells, int rows, int cols)
{
	outbuf_puts(o, "[");
	for (int i = 0; i < rows; i++) {
		outbuf_puts(o, i ? ",\"" : "\"");
		boardio_put_symbols(o, cells + (size_t)i * (size_t)cols, (size_t)cols);
		outbuf_puts(o, "\"");
	}
	outbuf_puts(o, "]");
}

/* At a bit a cell (k = 2): each press of a row of bits from column j,
 * found a word at a time (bits past the row's end are clear). */
static void put_row_bits(outbuf *o, const press_text *t, const uint64_t *x, int j, int cols)
{
	for (int w = j / 64; w * 64 < cols; w++) {
		uint64_t m = x[w] & (w == j / 64 ? ~0ULL << (j % 64) : ~0ULL);
		while (m) {
			int c = w * 64 + __builtin_ctzll(m);
			m &= m - 1;
			char *p = outbuf_room(o, 3 * PIECE + 20);
			memcpy(p, t->pre, PIECE);
			o->p = put_press(p + t->pre_len, t, c, 1);
		}
	}
}

void solutionio_write_moves_bits(FILE *f, const bitboard *x, long long weight)
{
	outbuf o;
	press_text t = { .pre_len = 0 };
	outbuf_open(&o, f);
	outbuf_int(&o, weight);
	*outbuf_room(&o, 1) = '\n';
	o.p++;
	piece_set(&t.val[1], "\n");
	columns_make(&t, x->cols);
	for (int r = 0; r < x->rows; r++) {
		uint64_t tmp;
		row_set(&t, r + 1, " ");
		put_row_bits(&o, &t, bitboard_row(x, r, &tmp), 0, x->cols);
	}
	columns_free(&t);
	outbuf_close(&o);
}

void solutionio_put_json_presses_bits(outbuf *o, const bitboard *x)
{
	press_text t = { .pre = ",[", .pre_len = 2 };
	piece_set(&t.val[1], ",1]");
	columns_make(&t, x->cols);
	outbuf_puts(o, "[");
	bool first = true;
	size_t words = bitboard_stride(x->cols);
	for (int r = 0; r < x->rows; r++) {
		uint64_t tmp;
		const uint64_t *row = bitboard_row(x, r, &tmp);
		row_set(&t, r + 1, ",");
		int from = 0;
		if (first) {	/* the first press has no comma before it */
			size_t w = 0;
			while (w < words && !row[w])
				w++;
			if (w == words)
				continue;
			from = (int)w * 64 + __builtin_ctzll(row[w]);
			char *p = outbuf_room(o, 3 * PIECE + 20);
			*p = '[';
			o->p = put_press(p + 1, &t, from, 1);
			from++;
			first = false;
		}
		put_row_bits(o, &t, row, from, x->cols);
	}
	outbuf_puts(o, "]");
	columns_free(&t);
}

bool solutionio_put_json_rows_bits(outbuf *o, const bitboard *b)
{
	if (b->k != 2) {
		uint8_t *row = malloc((size_t)b->cols + 8);
		if (!row)
			return false;
		outbuf_puts(o, "[");
		for (int i = 0; i < b->rows; i++) {
			bitboard_zget_cells(b, i, row);
			outbuf_puts(o, i ? ",\"" : "\"");
			boardio_put_symbols(o, row, (size_t)b->cols);
			outbuf_puts(o, "\"");
		}
		outbuf_puts(o, "]");
		free(row);
		return true;
	}
	outbuf_puts(o, "[");
	for (int i = 0; i < b->rows; i++) {
		uint64_t tmp;
		outbuf_puts(o, i ? ",\"" : "\"");
		boardio_put_bits(o, bitboard_row(b, i, &tmp), b->cols);
		outbuf_puts(o, "\"");
	}
	outbuf_puts(o, "]");
	return true;
}

/* ---- Any k at ceil(log2 k) bits a cell (k > 2; bitboard_znew): each
 * row unpacked into bytes, then written as the byte routes write it. */

bool solutionio_write_moves_zbits(FILE *f, const bitboard *x, bool fwd, long long weight)
{
	if (x->k == 2) {
		solutionio_write_moves_bits(f, x, weight);
		return true;
	}
	outbuf o;
	press_text t = { .pre_len = 0 };
	char s[PIECE];
	uint8_t *row = malloc((size_t)x->cols + 8);
	if (!row)
		return false;
	outbuf_open(&o, f);
	outbuf_int(&o, weight);
	*outbuf_room(&o, 1) = '\n';
	o.p++;
	for (int v = 0; v < x->k; v++) {
		snprintf(s, sizeof s, " %+d\n", search_signed(v, x->k, fwd));
		piece_set(&t.val[v], s);
	}
	columns_make(&t, x->cols);
	for (int r = 0; r < x->rows; r++) {
		bitboard_zget_cells(x, r, row);
		row_set(&t, r + 1, " ");
		put_row(&o, &t, row, 0, x->cols);
	}
	columns_free(&t);
	free(row);
	outbuf_close(&o);
	return true;
}

bool solutionio_put_json_presses_zbits(outbuf *o, const bitboard *x, bool fwd)
{
	if (x->k == 2) {
		solutionio_put_json_presses_bits(o, x);
		return true;
	}
	press_text t = { .pre = ",[", .pre_len = 2 };
	char s[PIECE];
	uint8_t *row = malloc((size_t)x->cols + 8);
	if (!row)
		return false;
	for (int v = 0; v < x->k; v++) {
		snprintf(s, sizeof s, ",%d]", search_signed(v, x->k, fwd));
		piece_set(&t.val[v], s);
	}
	columns_make(&t, x->cols);
	outbuf_puts(o, "[");
	bool first = true;	/* the first press has no comma before it */
	for (int r = 0; r < x->rows; r++) {
		bitboard_zget_cells(x, r, row);
		int from = 0;
		row_set(&t, r + 1, ",");
		if (first) {
			while (from < x->cols && !row[from])
				from++;
			if (from == x->cols)
				continue;
			char *p = outbuf_room(o, 3 * PIECE + 20);
			*p = '[';
			o->p = put_press(p + 1, &t, from, row[from]);
			from++;
			first = false;
		}
		put_row(o, &t, row, from, x->cols);
	}
	outbuf_puts(o, "]");
	columns_free(&t);
	free(row);
	return true;
}
