/* A solution's presses as text, through one buffer: the moves format's
 * lines and the JSON "presses" array, at the rate of the memory. */
#ifndef LO_SOLUTIONIO_H
#define LO_SOLUTIONIO_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "formats/outbuf.h"
#include "engine/bitboard.h"

/* The moves format: the weight, then a line per pressed cell, "R C" (with
 * " +V" when k > 2, V as search_signed says); vertices: "I" instead of
 * "R C" (a graph's one row). */
void solutionio_write_moves(FILE *f, const uint8_t *x, int rows, int cols, int k, bool fwd, bool vertices,
			    int weight);

/* [[R,C,V],...] for the pressed cells. */
void solutionio_put_json_presses(outbuf *o, const uint8_t *x, int rows, int cols, int k, bool fwd);

/* ["ROW","ROW",...]: rows of symbols (a certificate). */
void solutionio_put_json_rows(outbuf *o, const uint8_t *cells, int rows, int cols);

/* The same at a bit a cell (k = 2): the moves format (weight, then "R C"
 * lines), the JSON "presses" array ([[R,C,1],...]) and rows of symbols. */
void solutionio_write_moves_bits(FILE *f, const bitboard *x, long long weight);
void solutionio_put_json_presses_bits(outbuf *o, const bitboard *x);
/* Any k (false, nothing written, when out of memory for a row's bytes). */
bool solutionio_put_json_rows_bits(outbuf *o, const bitboard *b);

/* Any k, packed (bitboard_znew): the moves format ("R C +V" lines) and
 * the JSON "presses" array ([[R,C,V],...]), V as search_signed says;
 * false, nothing written, when out of memory for a row's bytes. */
bool solutionio_write_moves_zbits(FILE *f, const bitboard *x, bool fwd, long long weight);
bool solutionio_put_json_presses_zbits(outbuf *o, const bitboard *x, bool fwd);

#endif
