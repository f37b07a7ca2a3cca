/* lightsout solve's giant boards: the classic rule at k = 2 kept at a bit
 * a cell from the reader through the chase to the writer, so a board
 * costs twice its packed size (the board, and its solution or
 * certificate; a wide board's transpose in their place), and a board is
 * as big as the memory the process may take (cli/memavail.h): a billion
 * cells in about 250 MB. */
#ifndef LO_SOLVE_BITS_H
#define LO_SOLVE_BITS_H

#include <stdbool.h>
#include <stddef.h>

#include "formats/boardio.h"
#include "formats/options.h"
#include "engine/bitboard.h"
#include "engine/rule.h"

enum format { FORMAT_GRID, FORMAT_MOVES, FORMAT_JSON };

/* What the reading may take: the memory left to the process, measured
 * once (solve_bits_limit), and the bound it sets (boardio_big's fits). */
typedef struct solve_bits_limit {
	long long avail;
	const char *from;	/* which bound: "MemAvailable", "ulimit -v", ... */
	boardio_big big;
} solve_bits_limit;

void solve_bits_limit_init(solve_bits_limit *l);

/* Whether board b of variant o (rule r) goes this way: the classic rule
 * at k = 2, and, within the sides the byte route solves (10000), only
 * where that route would give the same answer (a chase of more than 400
 * cells, and with the minimal search asked for, nullity 0 or quiet
 * patterns too large to keep); past them, always. */
bool solve_bits_takes(const common_opts *o, const rule *r, const bitboard *b, bool any);

/* Solve b (freed) and print as fmt says; the exit status. */
int solve_bits_run(const rule *r, bitboard *b, enum format fmt, bool any, int threads);

/* ---- k > 2 at ceil(log2 k) bits a cell: the classic rule without
 * torus, chased a row at a time (engine/zchase.h), a side of the board
 * at most 65536 (the unknowns the chase leaves, solved through the
 * polynomials of engine/zplus.h). */

/* Whether board b (k > 2) of variant o, rule r, may go this way: past the
 * byte route's reach (sides of 10000), or within it a chase of more than
 * 400 cells, which solve_zbits_run gives back when it has quiet patterns
 * and the minimal search is asked for. */
bool solve_zbits_takes(const common_opts *o, const rule *r, const bitboard *b);

/* Solve *b and print as fmt says: the exit status, *b freed (NULL);
 * SOLVE_BITS_DECLINED, *b kept, for a board within the byte route's
 * reach with quiet patterns, without --any (its minimal search). */
#define SOLVE_BITS_DECLINED (-1)
int solve_zbits_run(const common_opts *o, const rule *r, bitboard **b, enum format fmt, bool any, int threads);

#endif
