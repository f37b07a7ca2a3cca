/* Saved games: round trip with the whole history, every field checked on
 * load, damaged files kept aside with a one-line message. */
#include <errno.h>
#include <locale.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "persist/atomic.h"
#include "engine/rule.h"
#include "persist/savegame.h"
#include "tap.h"

/* A 5x5 k=3 game: some presses, two undone (the redo tail). */
static void sample(saved_game *sg)
{
	savegame_init(sg);
	sg->v.rows = 4;
	sg->v.cols = 5;
	sg->v.k = 3;
	strcpy(sg->v.rule, "mask:010/111/010");
	sg->v.torus = true;
	sg->v.forward_only = true;
	sg->start = board_new(4, 5, 3);
	static const lo_move moves[] = { { 0, 0, 1 }, { 3, 4, -1 }, { 2, 2, 1 }, { 1, 3, 1 }, { 0, 4, -1 } };
	rule r;
	char err[200];
	rule_parse(&r, sg->v.rule, true, err, sizeof err);
	for (int i = 0; i < 5; i++)
		rule_press(&r, sg->start, i % 4, i, 2);	/* something to undo */
	sg->current = board_clone(sg->start);
	for (int i = 0; i < 5; i++)
		history_push(&sg->hist, moves[i]);
	for (int i = 0; i < 3; i++)
		rule_press(&r, sg->current, moves[i].row, moves[i].col, moves[i].times);
	sg->hist.pos = 3;
	sg->moves = 7;
	sg->elapsed = 83.25;
	sg->par = 6;
	sg->par_proven = true;
	strcpy(sg->mode, "practice");
	strcpy(sg->difficulty, "hard");
	sg->rung = 4;
	strcpy(sg->daily, "2024-02-29");
	sg->assisted = true;
	sg->game = 0x0123456789abcdefULL;
	sg->cur_row = 3;
	sg->cur_col = 1;
}

static int same(const saved_game *a, const saved_game *b)
{
	if (!variant_equal(&a->v, &b->v) || !board_equal(a->start, b->start) ||
	    !board_equal(a->current, b->current) || a->hist.len != b->hist.len || a->hist.pos != b->hist.pos ||
	    a->moves != b->moves || a->elapsed != b->elapsed || a->par != b->par || a->par_proven != b->par_proven ||
	    strcmp(a->mode, b->mode) || strcmp(a->difficulty, b->difficulty) || a->rung != b->rung ||
	    strcmp(a->daily, b->daily) || a->assisted != b->assisted || a->game != b->game ||
	    a->cur_row != b->cur_row || a->cur_col != b->cur_col)
		return 0;
	for (int i = 0; i < a->hist.len; i++)
		if (memcmp(&a->hist.moves[i], &b->hist.moves[i], sizeof(lo_move)))
			return 0;
	return 1;
}

/* Replace the first line starting with `key` by `line`, parse, expect err. */
static void expect_bad(const char *good, const char *key, const char *line, const char *want)
{
	char text[8192];
	const char *at = strstr(good, key);
	const char *eol = strchr(at, '\n');
	snprintf(text, sizeof text, "%.*s%s%s", (int)(at - good), good, line, eol);
	saved_game sg;
	char err[256] = "";
	int rc = savegame_parse(text, strlen(text), &sg, err, sizeof err);
	char shown[256];
	snprintf(shown, sizeof shown, "%s", line);
	for (char *p = shown; (p = strchr(p, '\n'));)
		*p = '|';
	tap_ok(rc < 0 && strstr(err, want) && !sg.start, "'%s' -> %s", shown, err);
}

int main(void)
{
	char dir[] = "/tmp/lo-persist-save.XXXXXX";
	if (!mkdtemp(dir)) {
		printf("Bail out! mkdtemp\n");
		return 1;
	}
	char path[512], err[4600];
	snprintf(path, sizeof path, "%s/game.save", dir);

	saved_game a, b;
	sample(&a);
	size_t len;
	char *text = savegame_format(&a, &len);
	tap_ok(text && strncmp(text, "lightsout-save 3\n", 17) == 0, "format starts with its version");
	tap_ok(text && strstr(text, "\nstart packed\n") && !strstr(text, "\ncurrent\n"),
	       "the start board once, packed; no current board (the history gives it)");
	tap_ok(text && strstr(text, "\nassisted yes\n"), "an assisted game says so: its wins are no records");
	tap_ok(savegame_parse(text, len, &b, err, sizeof err) == 0, "parse it back: %s", err);
	tap_ok(same(&a, &b), "every field survives, with the redo tail");
	savegame_free(&b);
	/* A German player's numbers have a comma: the save keeps the point
	 * (elapsed 83.250), and reads back under that locale. */
	if (setlocale(LC_NUMERIC, "de_DE.UTF-8")) {
		size_t dlen;
		char *de = savegame_format(&a, &dlen);
		tap_ok(de && strcmp(de, text) == 0, "under LC_NUMERIC=de_DE the same text");
		tap_ok(de && savegame_parse(de, dlen, &b, err, sizeof err) == 0 && same(&a, &b),
		       "and it parses back there: %s", err);
		if (de)
			savegame_free(&b);
		free(de);
		setlocale(LC_NUMERIC, "C");
	} else
		tap_skip("no de_DE.UTF-8 locale: the numbers under its LC_NUMERIC");

	persist_result res;
	tap_is(savegame_write(path, &a, &res), PERSIST_OK, "write");
	tap_is(savegame_read(path, &b, &res), PERSIST_OK, "read");
	tap_ok(same(&a, &b), "file round trip");
	savegame_free(&b);

	/* A fresh game: no history, par unknown, no mode. */
	saved_game c;
	savegame_init(&c);
	variant_default(&c.v);
	c.v.rows = c.v.cols = 1;
	strcpy(c.v.rule, "cross");
	c.start = board_new(1, 1, 2);
	c.current = board_new(1, 1, 2);
	char *t2 = savegame_format(&c, &len);
	tap_ok(savegame_parse(t2, len, &b, err, sizeof err) == 0 && same(&c, &b), "empty history, par unknown: %s", err);
	savegame_free(&b);
	free(t2);
	savegame_free(&c);

	/* A long game. */
	sample(&c);
	rule r;
	rule_parse(&r, c.v.rule, c.v.torus, err, sizeof err);
	c.hist.len = c.hist.pos;
	for (int i = 0; i < 20000; i++) {
		lo_move m = { i % 4, (i * 7) % 5, i % 3 ? 1 : -1 };
		history_push(&c.hist, m);
		rule_press(&r, c.current, m.row, m.col, m.times);
	}
	t2 = savegame_format(&c, &len);
	tap_ok(savegame_parse(t2, len, &b, err, sizeof err) == 0 && same(&c, &b) && b.hist.len == 20003,
	       "20003 moves: %s", err);
	savegame_free(&b);
	free(t2);
	savegame_free(&c);

	/* A graph game carries its press sets: it resumes without the file. */
	static const int gstart[] = { 0, 2, 4, 5 }, gset[] = { 0, 1, 1, 2, 2 };
	static const int grow[] = { 0, 0, 2 }, gcol[] = { 0, 4, 2 };
	graph *g = graph_build(3, gstart, gset, grow, gcol);
	savegame_init(&c);
	variant_set_graph(&c.v, g);
	c.v.k = 3;
	c.start = board_new(1, 3, 3);
	c.current = board_clone(c.start);
	lo_move gm = { 0, 1, -1 };
	history_push(&c.hist, gm);
	variant_rule(&c.v, &r);
	rule_press(&r, c.current, 0, 1, -1);
	t2 = savegame_format(&c, &len);
	tap_ok(t2 && strstr(t2, "\ngraph 3\n0 0: 1 2\n0 4: 2 3\n2 2: 3\n"), "a graph's press sets and places, saved");
	int parsed = savegame_parse(t2, len, &b, err, sizeof err);
	tap_ok(parsed == 0 && same(&c, &b) && b.graph && b.v.graph == b.graph && b.graph->digest == g->digest,
	       "a graph game read back with its own copy of the graph: %s", err);
	if (parsed == 0) {
		variant_rule(&b.v, &r);
		tap_ok(r.kind == RULE_GRAPH && rule_neighbours(&r, 1, 3, 0, 1, (int[8]){ 0 }) == 2,
		       "... whose rule presses as the original");
		savegame_free(&b);
	}
	/* Damaged press sets: named by line; another graph's sets refused. */
	expect_bad(t2, "0 4:", "0 4: 2 9", "line 9: vertex 2: expected vertices from 1 to 3");
	expect_bad(t2, "0 4:", "- -: 2 3", "line 9: vertex 2: coordinates on every vertex or none");
	expect_bad(t2, "0 4:", "0 4 2 3", "line 9: vertex 2: expected ':' after its place");
	expect_bad(t2, "0 4:", "0 4: 2", "line 7: graph: the rule is not the graph given");
	expect_bad(t2, "graph 3", "graph 0", "line 7: graph: expected 1 number from 1 to 10000");
	free(t2);
	savegame_free(&c);
	graph_free(g);

	/* Every field is checked, and the line named. */
	expect_bad(text, "lightsout-save", "lightsout-save 4", "line 1: format version 4");
	expect_bad(text, "lightsout-save", "hello", "line 1: not a lightsout saved game");
	expect_bad(text, "size", "size 0 5", "line 2: size: expected 2 numbers from 1 to 10000");
	expect_bad(text, "size", "size 4 5 6", "line 2: size: unexpected '6'");
	expect_bad(text, "size", "size 4x5", "line 2: size");
	expect_bad(text, "size", "bigness 4 5", "line 2: expected 'size'");
	expect_bad(text, "states", "states 37", "line 3: states");
	expect_bad(text, "rule", "rule hexagon", "line 4: rule: unknown rule");
	expect_bad(text, "torus", "torus maybe", "line 5: torus: expected yes or no");
	expect_bad(text, "forward-only", "forward-only 1", "line 6: forward-only: expected yes or no");
	expect_bad(text, "mode", "mode Practice!", "line 7: mode: expected a word");
	expect_bad(text, "difficulty", "difficulty extreme", "line 8: difficulty");
	expect_bad(text, "rung", "rung -1", "line 9: rung");
	expect_bad(text, "daily", "daily 2024-13-01", "line 10: daily");
	expect_bad(text, "daily", "daily 2024-02-31", "line 10: daily");
	expect_bad(text, "daily", "daily 2023-02-29", "line 10: daily");
	expect_bad(text, "assisted", "assisted maybe", "line 11: assisted: expected yes or no");
	expect_bad(text, "assisted", "helped no", "line 11: expected 'assisted'");
	expect_bad(text, "game ", "game 12", "line 12: game: expected the game's id");
	expect_bad(text, "game ", "game 00000000000000G1", "line 12: game: expected the game's id");
	expect_bad(text, "par", "par 6", "line 13: par");
	expect_bad(text, "moves", "moves many", "line 14: moves");
	expect_bad(text, "elapsed", "elapsed nan", "line 15: elapsed");
	expect_bad(text, "elapsed", "elapsed -1", "line 15: elapsed");
	expect_bad(text, "start", "begin", "line 16: expected 'start packed'");
	/* 4x5 cells of 2 bits: 7 base64 characters; '/' is 63, so a cell of 3. */
	expect_bad(text, "start packed\n", "start packed\n///////", "line 17: start: cell 1 has value 3, not below 3");
	expect_bad(text, "start packed\n", "start packed\nAAA", "start: a line of 3 characters, expected 7");
	expect_bad(text, "start packed\n", "start packed\nAAAAAA*", "start: '*' is not base64");
	expect_bad(text, "start packed\n", "start packed\nAAAAAAB", "start: stray bits after the last cell");
	expect_bad(text, "history", "history 5 6", "history: 6 moves applied of only 5");
	expect_bad(text, "history", "history 9 3", "history: file ends before 9 moves");
	expect_bad(text, "1 1 +1", "1 6 +1", "move 1: expected 'row col times' within 4x5");
	expect_bad(text, "1 1 +1", "1 1 0", "move 1: expected");
	expect_bad(text, "1 1 +1", "1 1 +3", "move 1: expected");
	expect_bad(text, "1 1 +1", "1 1 +1 x", "move 1: unexpected 'x'");
	expect_bad(text, "end", "fin", "expected 'end'");
	tap_ok(text && strstr(text, "\ncursor 4 2\nend\n"), "the cursor is kept, before the end");
	expect_bad(text, "cursor", "cursor 5 1", "cursor: expected 'row col' within 4x5");
	expect_bad(text, "cursor", "cursor 1", "cursor: expected 2 numbers");

	/* Version 1 saves (start and current as text) are still read, and
	 * checked the same way. */
	const char *v1 = "lightsout-save 1\nsize 1 2\nstates 2\nrule plus\ntorus no\nforward-only no\n"
			 "mode random\ndifficulty -\nrung 0\ndaily -\npar 1 proven\nmoves 1\nelapsed 1.000\n"
			 "start\n11\ncurrent\n00\nhistory 1 1\n1 1 +1\nend\n";
	tap_ok(savegame_parse(v1, strlen(v1), &b, err, sizeof err) == 0 && board_is_clear(b.current) &&
		       b.start->cells[0] == 1 && b.hist.len == 1,
	       "a version 1 save still reads: %s", err);
	savegame_free(&b);
	/* Version 2 had no assisted line: read as it always was. */
	const char *v2 = "lightsout-save 2\nsize 1 2\nstates 2\nrule plus\ntorus no\nforward-only no\n"
			 "mode random\ndifficulty -\nrung 0\ndaily -\npar 1 proven\nmoves 1\nelapsed 1.000\n"
			 "start packed\nw\nhistory 1 1\n1 1 +1\nend\n";
	tap_ok(savegame_parse(v2, strlen(v2), &b, err, sizeof err) == 0 && board_is_clear(b.current) && !b.assisted,
	       "a version 2 save still reads, unassisted: %s", err);
	tap_ok(b.cur_row == -1 && b.cur_col == -1, "a save without a cursor line reads, the cursor unknown");
	savegame_free(&b);
	expect_bad(v1, "00\nhistory", "01", "the current board is not the start board after the 1 move applied");
	expect_bad(v1, "start\n", "start\n12", "line 15: start row 1, column 2: '2' is not a value below 2");
	expect_bad(v1, "start\n", "start\n1", "line 15: start row 1 has 1 cells, expected 2");
	expect_bad(text, "end", "end\nmore", "text after 'end'");
	/* Moves dropped past HISTORY_MAX: the position is given whole, and
	 * the moves made still count. */
	const char *dropped = "lightsout-save 3\nsize 1 2\nstates 2\nrule plus\ntorus no\nforward-only no\n"
			      "mode random\ndifficulty -\nrung 0\ndaily -\nassisted no\ngame 0000000000000001\n"
			      "par 1 proven\nmoves 70001\nelapsed 1.000\nstart packed\nw\ndropped 70000\n"
			      "current packed\ng\nhistory 2 1\n1 1 +1\n1 2 +1\nend\n";
	tap_ok(savegame_parse(dropped, strlen(dropped), &b, err, sizeof err) == 0 && b.hist.dropped == 70000 &&
		       b.hist.len == 2 && b.hist.pos == 1 && b.current->cells[0] == 1 && b.current->cells[1] == 0 &&
		       b.start->cells[0] == 1 && b.start->cells[1] == 1,
	       "moves dropped: the position read whole, the kept moves and the count: %s", err);
	size_t again_len;
	char *again = savegame_format(&b, &again_len);
	tap_ok(again && strcmp(again, dropped) == 0, "and written back the same");
	free(again);
	savegame_free(&b);
	expect_bad(dropped, "dropped 70000", "dropped 0", "dropped: expected 1 number from 1 to 2000000000");
	expect_bad(dropped, "current packed", "current", "expected 'current packed'");
	expect_bad(dropped, "current packed\ng", "current packed\n/", "current: stray bits after the last cell");
	{
		saved_game d;
		char cut[8192];
		/* Only the last newline may go: every shorter cut is refused. */
		size_t tlen = strlen(text), refused = 0, first_accepted = 0;
		for (size_t n = 0; n < tlen - 1; n++) {
			memcpy(cut, text, n);
			if (savegame_parse(cut, n, &d, err, sizeof err) == 0) {
				savegame_free(&d);
				if (!first_accepted)
					first_accepted = n + 1;
			} else
				refused++;
		}
		tap_is(refused, tlen - 1, "each of the %zu cut-short files is refused (first accepted: byte %zu)",
		       tlen - 1, first_accepted ? first_accepted - 1 : 0);
		memcpy(cut, text, tlen - 1);
		tap_ok(savegame_parse(cut, tlen - 1, &d, err, sizeof err) == 0, "without its last newline it reads: %s",
		       err);
		savegame_free(&d);
	}

	/* A damaged file on disk: set aside, reported in one line, kept. */
	FILE *f = fopen(path, "w");
	fputs("lightsout-save 1\nsize 4\n", f);
	fclose(f);
	char msg[4600];
	tap_is(savegame_read(path, &b, &res), PERSIST_SET_ASIDE, "damaged file");
	persist_describe(&res, msg, sizeof msg);
	tap_ok(strstr(msg, "line 2: size") && strstr(msg, "kept as game.save.corrupt-") && !strchr(msg, '\n') &&
	       !strchr(msg, '/'), "one line naming the problem and the new base name: %s", msg);
	tap_ok(strstr(res.why, "line 2: size") != NULL, "the reason kept as its own field: %s", res.why);
	tap_ok(access(path, F_OK) != 0, "the damaged file is gone from its place");
	const char *kept = res.moved;
	size_t klen;
	char *ktext = atomic_read(kept, &klen, err, sizeof err);
	tap_ok(ktext && strcmp(ktext, "lightsout-save 1\nsize 4\n") == 0, "and kept, unchanged, as %s", kept);
	free(ktext);
	tap_is(savegame_read(path, &b, &res), PERSIST_NONE, "then there is no saved game");

	/* Not a regular file (a directory where the file should be): refused,
	 * and neither moved nor removed: only our own files are. */
	mkdir(path, 0700);
	tap_is(savegame_read(path, &b, &res), PERSIST_REFUSED, "a directory is refused: %s", res.why);
	tap_ok(access(path, F_OK) == 0, "and left where it is");
	tap_is(savegame_remove(path, &res), PERSIST_REFUSED, "and not removed");
	rmdir(path);

	/* On request (parses, but cannot be resumed): set aside. */
	tap_is(savegame_write(path, &a, &res), PERSIST_OK, "write again");
	tap_is(savegame_set_aside(path, "cannot be resumed", &res), PERSIST_SET_ASIDE, "set aside on request");
	tap_ok(access(path, F_OK) != 0 && access(res.moved, F_OK) == 0, "moved to %s", res.moved);

	tap_ok(savegame_write(path, &a, &res) == PERSIST_OK && savegame_remove(path, &res) == PERSIST_OK &&
	       access(path, F_OK) != 0, "remove after a win");
	tap_is(savegame_remove(path, &res), PERSIST_OK, "removing nothing is fine");

	free(text);
	savegame_free(&a);
	snprintf(msg, sizeof msg, "rm -rf %s", dir);
	if (system(msg) != 0)
		tap_diag("cleanup failed");
	return tap_done();
}
