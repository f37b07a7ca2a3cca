/* libFuzzer target: what a share code or a graph decodes to, drawn.  A code
 * that decodes is still hostile until it is drawn and played safely, so
 * this goes past the parser: the decoded board and rule (or a graph built
 * from the bytes: any press sets, places on a grid) become a game, drawn
 * through the real drawing code at several terminal sizes with the cursor,
 * the preview, a flash, a step's press and the win's wave. */
#include <curses.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/graph.h"
#include "engine/sharecode.h"
#include "game/game.h"
#include "ui/draw.h"
#include "ui/glyphs.h"

#include "fuzz_screen.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);


/* A graph from the bytes: R x C cells (up to 16 x 16), each pressing the
 * cells its bytes name, placed on the grid (as a share code's graph). */
static graph *graph_of(const uint8_t *d, size_t n, int *rows, int *cols)
{
	if (n < 2)
		return NULL;
	*rows = 1 + d[0] % 16;
	*cols = 1 + d[1] % 16;
	int v = *rows * *cols, m = 0;
	int *start = malloc((size_t)(v + 1) * sizeof *start), *set = malloc((size_t)v * (size_t)(v + 8) * sizeof *set);
	int *crow = malloc((size_t)v * sizeof *crow), *ccol = malloc((size_t)v * sizeof *ccol);
	size_t at = 2;
	for (int j = 0; j < v; j++) {
		start[j] = m;
		int len = at < n ? d[at++] % 8 : 0;
		if (at < n && d[at - 1] == 0xff)
			len = v;	/* a cell pressing every cell */
		for (int t = 0; t < len; t++)
			set[m++] = len == v ? t : at < n ? d[at++] % v : j;
		if (!len)
			set[m++] = j;
		crow[j] = j / *cols;
		ccol[j] = j % *cols;
	}
	start[v] = m;
	graph *g = graph_build(v, start, set, crow, ccol);
	free(start), free(set), free(crow), free(ccol);
	return g;
}

static void draw_game(game *g, const uint8_t *d, size_t n)
{
	static const int sizes[][2] = { { 6, 20 }, { 24, 80 }, { 75, 160 }, { 9, 30 }, { 100, 300 } };
	view v;
	memset(&v, 0, sizeof v);
	v.g = g;
	v.gl = &gl;
	v.hint = v.flash = v.anim.cell = -1;
	v.anim.on = true;
	int cells = board_size(g->cur);
	for (size_t s = 0; s < sizeof sizes / sizeof sizes[0]; s++) {
		resize_term(sizes[s][0], sizes[s][1]);
		v.preview = s % 2 == 0;
		v.cr = (int)(n > s ? d[s] : s) % g->cur->rows;
		v.cc = (int)(n > s + 1 ? d[s + 1] : s) % g->cur->cols;
		draw_layout(&v);
		draw_all(&v, 0);
		v.flash = (int)(s * 7) % cells;
		draw_frame(&v, 0.01);
		v.flash = -1;
		game_press(g, v.cr, v.cc, 1, 0);
		draw_animate(&v, v.cr * g->cur->cols + v.cc, s % 2 == 1, 1.0);
		draw_frame(&v, 1.05);
		draw_frame(&v, 2.0);
	}
	draw_free(&v);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char err[256];
	game g;
	game_config c;
	screen_open();
	memset(&c, 0, sizeof c);
	c.par = -1;
	if (size > 2 && data[0] == 'L') {
		/* A share code as text. */
		char *code = malloc(size + 1);
		memcpy(code, data, size);
		code[size] = '\0';
		sharecode sc;
		lo_result rc = sharecode_decode(code, &sc, err, sizeof err);
		free(code);
		if (rc != LO_OK)
			return 0;
		c.v = sc.v;
		if ((long)c.v.rows * c.v.cols <= 2500 && game_init(&g, &c, err, sizeof err) == LO_OK) {
			if (game_load(&g, sc.board, 0.001, err, sizeof err) == LO_OK)
				draw_game(&g, data, size);
			game_free(&g);
		}
		sharecode_free(&sc);
		return 0;
	}
	int rows, cols;
	graph *gr = graph_of(data, size, &rows, &cols);
	if (!gr)
		return 0;
	variant_set_graph(&c.v, gr);
	c.v.rows = rows;
	c.v.cols = cols;
	c.v.k = 2 + (size > 2 ? data[2] % 3 : 0);
	if (game_init(&g, &c, err, sizeof err) == LO_OK) {
		draw_game(&g, data, size);
		game_free(&g);
	}
	graph_free(gr);
	return 0;
}
