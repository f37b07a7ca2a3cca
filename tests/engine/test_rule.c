#include <string.h>

#include "engine/rule.h"
#include "tap.h"

static int nb(const char *spec, bool torus, int rows, int cols, int r, int c, int *out)
{
	rule ru;
	char err[128];
	if (rule_parse(&ru, spec, torus, err, sizeof err) != LO_OK)
		return -1;
	return rule_neighbours(&ru, rows, cols, r, c, out);
}

int main(void)
{
	int out[64];
	rule r;
	char err[128];

	tap_is(nb("plus", false, 3, 3, 1, 1, out), 5, "plus centre: 5 cells");
	tap_is(nb("plus", false, 3, 3, 0, 0, out), 3, "plus corner: 3 cells");
	tap_is(nb("plus", true, 3, 3, 0, 0, out), 5, "plus torus corner: 5 cells");
	tap_ok(out[0] == 0 && out[1] == 1 && out[2] == 2 && out[3] == 3 && out[4] == 6, "torus corner wraps to 2 and 6");
	tap_is(nb("plus", true, 1, 1, 0, 0, out), 1, "1x1 torus: the cell once, not five times");
	tap_is(nb("cross", false, 4, 5, 1, 2, out), 8, "cross: row + column - 1");
	tap_is(nb("x", false, 3, 3, 1, 1, out), 5, "x centre: 5 cells");
	tap_is(nb("box", false, 3, 3, 1, 1, out), 9, "box centre: 9 cells");
	tap_is(nb("knight", false, 5, 5, 2, 2, out), 9, "knight centre: 9 cells");
	tap_is(nb("knight", false, 5, 5, 0, 0, out), 3, "knight corner: 3 cells");
	tap_is(nb("mask:010/111/010", false, 3, 3, 1, 1, out), 5, "mask equal to plus");
	tap_ok(rule_parse(&r, "mask:01/11", false, err, sizeof err) != LO_OK && strstr(err, "odd"), "even mask refused: %s", err);
	tap_ok(rule_parse(&r, "mask:010/11/010", false, err, sizeof err) != LO_OK, "ragged mask refused: %s", err);
	tap_ok(rule_parse(&r, "mask:000/000/000", false, err, sizeof err) != LO_OK, "empty mask refused: %s", err);
	tap_ok(rule_parse(&r, "mask:0a0", false, err, sizeof err) != LO_OK, "bad mask character refused: %s", err);
	tap_ok(rule_parse(&r, "hexagon", false, err, sizeof err) != LO_OK && strstr(err, "hexagon"), "unknown rule named: %s", err);
	rule_parse(&r, "plus", false, err, sizeof err);
	tap_ok(rule_is_symmetric(&r), "plus is symmetric");
	rule_parse(&r, "mask:011/010/000", false, err, sizeof err);
	tap_ok(!rule_is_symmetric(&r), "a lopsided mask is not");

	board *b = board_new(3, 3, 4);
	rule_parse(&r, "plus", false, err, sizeof err);
	rule_press(&r, b, 1, 1, 1);
	rule_press(&r, b, 1, 1, -1);
	tap_ok(board_is_clear(b), "backward press undoes a forward press (k = 4)");
	rule_press(&r, b, 0, 0, 1);
	tap_ok(b->cells[0] == 1 && b->cells[1] == 1 && b->cells[3] == 1 && board_count_nonzero(b) == 3,
	       "corner press adds 1 to three cells");
	rule_press(&r, b, 0, 0, 3);
	tap_ok(board_is_clear(b), "four presses are the identity mod 4");
	board_free(b);

	/* The registry: each name parses as itself, the ids are unique, the
	 * error lists what a player may type. */
	int ids = 0;
	for (const rule_entry *e = rule_registry; e->name; e++) {
		char spec[64];
		snprintf(spec, sizeof spec, "%s%s", e->name,
			 !(e->flags & RULE_PREFIX) ? "" : e->kind == RULE_RANDOM ? "42" : "010/111/010");
		lo_result rc = rule_parse(&r, spec, false, err, sizeof err);
		bool ok = e->kind == RULE_GRAPH ? rc != LO_OK : rc == LO_OK && r.kind == e->kind && r.lines == e->lines &&
								 rule_entry_find(spec) == e;
		ids |= (ids >> e->code_id & 1) ? 1 << 30 : 1 << e->code_id;
		tap_ok(ok, "registry: %s parses as its entry (%s)", spec, rc != LO_OK ? err : r.name);
		tap_ok(e->word && e->blurb, "registry: %s has a word and a line for players", e->name);
	}
	tap_ok(!(ids & 1 << 30), "share-code ids unique");
	tap_ok(rule_entry_by_code(2) && strcmp(rule_entry_by_code(2)->name, "cross") == 0 && !rule_entry_by_code(29),
	       "ids find their entry");
	rule_parse(&r, "nope", false, err, sizeof err);
	tap_ok(strstr(err, "(plus, cross, x, box, knight, hex, merlin, cube, random or mask:ROWS/...)") != NULL,
	       "the names listed from the registry: %s", err);
	/* The cross's A x by row and column sums equals a press per cell. */
	rule_parse(&r, "cross", false, err, sizeof err);
	int same = 0, tries = 0;
	for (int k = 2; k <= 5; k++)
		for (int rows = 1; rows <= 7; rows += 3)
			for (int cols = 1; cols <= 9; cols += 4, tries++) {
				board *fast = board_new(rows, cols, k), *slow = board_new(rows, cols, k);
				uint8_t x[64];
				for (int i = 0; i < rows * cols; i++) {
					fast->cells[i] = slow->cells[i] = (uint8_t)((i * 7 + k) % k);
					x[i] = (uint8_t)((i * 5 + rows) % k);
				}
				rule_apply(&r, fast, x);
				for (int i = 0; i < rows * cols; i++)
					rule_press(&r, slow, i / cols, i % cols, x[i]);
				same += board_equal(fast, slow);
				board_free(fast);
				board_free(slow);
			}
	tap_ok(same == tries, "cross: A x by sums equals a press per cell (%d of %d shapes and k)", same, tries);
	rule_parse(&r, "plus", true, err, sizeof err);
	tap_ok(!rule_is_classic(&r), "plus on a torus is not the classic game");
	rule_parse(&r, "plus", false, err, sizeof err);
	tap_ok(rule_is_classic(&r), "plus is");
	/* The registry answers what the options once compared by name. */
	tap_ok(rule_name_wants_seed("random"), "random alone wants a seed");
	tap_ok(!rule_name_wants_seed("random:7") && !rule_name_wants_seed("rand") && !rule_name_wants_seed("plus"),
	       "random:7, rand and plus do not");
	int rows = 0, cols = 0;
	tap_ok(rule_kind_size(RULE_CUBE, &rows, &cols) && rows == 6 && cols == 9, "the cube is 6x9 (%dx%d)", rows, cols);
	tap_ok(rule_kind_size(RULE_MERLIN, &rows, &cols) && rows == 3 && cols == 3, "merlin is 3x3");
	tap_ok(!rule_kind_size(RULE_HEX, &rows, &cols) && !rule_kind_size(RULE_UNIFORM, &rows, &cols),
	       "hex and the uniform rules fit many sizes");
	return tap_done();
}
