#include <string.h>

#include "cli/boardio.h"
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
	return tap_done();
}
