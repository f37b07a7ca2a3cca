/* The linear system of a board shape: A x = -b over Z/k, where column j of A
 * is the neighbourhood of cell j.  Built and factored once per (size, rule,
 * k); then any board of that shape is solved in O(n^2). */
#ifndef LO_SYSTEM_H
#define LO_SYSTEM_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "engine/result.h"
#include "engine/rule.h"

typedef struct lo_system lo_system;

/* Dense elimination is cubic: bound the unknowns it takes on.  The classic
 * rule (plus, no torus, k = 2) is light-chased instead, up to a side of
 * SYSTEM_MAX_SIDE_CHASE, so are torus rules whose mask has one cell in its
 * top row (SYSTEM_MAX_SIDE_SWEEP), other local rules (k = 2, torus too)
 * use banded elimination (past it, without torus, the diagonal chase of
 * chaseshape.h), and the cross rule a system in rows + cols
 * unknowns.  For k > 2 every chaseable rule is chased over Z/k while the
 * unknowns it leaves stay within SYSTEM_MAX_UNKNOWNS_ZCHASE; other local
 * rules use banded elimination by the prime-power factors of k, with a
 * small dense remainder where a factor p^e has no unit pivot (zband.h). */
#define SYSTEM_MAX_UNKNOWNS_GF2 10000
#define SYSTEM_MAX_UNKNOWNS_ZMOD 2500	/* the dense fallback, k > 2 */
#define SYSTEM_MAX_UNKNOWNS_ZCHASE 2048	/* k > 2: what the chase leaves (2 cols on a torus); the classic
					 * rule's, through polynomials, SYSTEM_MAX_SIDE_CHASE */
#define SYSTEM_MAX_SIDE_CHASE 10000
#define SYSTEM_MAX_SIDE_SWEEP 2000	/* chased torus rules */
#define SYSTEM_MAX_UNKNOWNS_BAND 40000	/* other local rules, torus too */
#define SYSTEM_MAX_BAND_AREA 120000000LL	/* k = 2 past that: cells x band width */
#define SYSTEM_MAX_DIAG_WORK 3.0e10	/* other local rules past the band: cells x unknowns swept */
#define SYSTEM_MAX_UNKNOWNS_DIAG 32768	/* ... or unknowns, where M is read off a few chases (x, box) */
#define SYSTEM_MAX_LINES_GF2 20000	/* cross: rows + cols, k = 2 */
#define SYSTEM_MAX_LINES_ZMOD 1000	/* cross: rows + cols, k > 2 */
bool system_fits(int rows, int cols, const rule *r, int k);

/* Why a shape does not fit, for an error message: the back-end table
 * carries each back end's words. */
void system_limit_message(int rows, int cols, const rule *r, int k, char *buf, size_t len);
/* What building a shape's system takes, estimated before it is built from
 * the sizes the back end that would take it works with (band width,
 * unknowns left by a chase, cells): bytes at its peak and byte
 * operations.  false when no back end takes the shape.  The quiet
 * patterns kept for searching (nullity x cells bytes, known only once
 * built) are not counted: they are optional, and dropped when memory is
 * short. */
typedef struct system_cost {
	double bytes, work;
	const char *backend;	/* the back end's name */
} system_cost;
bool system_cost_of(int rows, int cols, const rule *r, int k, system_cost *c);
/* What every build adds to its big arrays: small ones, the allocator's. */
#define SYSTEM_COST_SMALL (256.0 * 1024)

/* The table's entries, for tests: how many, entry i's name, and whether
 * it owns the shape and has its words (then written to buf). */
int system_backends(void);
const char *system_backend_name(int i);
bool system_backend_limit(int i, int rows, int cols, const rule *r, int k, char *buf, size_t len);

/* NULL when out of memory or the board does not fit; system_create says
 * which: LO_OK (built, *out set), LO_TOO_LARGE or LO_NOMEM.  Past the
 * dense limit, a k with a square factor p^2 and a local rule is known to
 * fit only once eliminated (the band's dense remainder must be small):
 * system_fits() says yes, system_create() may still say LO_TOO_LARGE, and
 * system_limit_message() then says why. */
lo_system *system_new(int rows, int cols, const rule *r, int k);
lo_result system_create(int rows, int cols, const rule *r, int k, lo_system **out);
/* The same for rank, nullity, counts and solving only: the quiet patterns
 * (d of them, n cells each: most of the work on a singular giant board)
 * are not listed, so system_has_kernel may be false. */
lo_result system_create_counts(int rows, int cols, const rule *r, int k, lo_system **out);
/* Either of them, on at most `threads` threads: the builds that split
 * their work (the chase's sweep, the eliminations) keep to the calling
 * thread when it is 1, as --threads 1 asks; 0 is the engine's choice.
 * The caller knows the count (cli/cores.h): the engine reads no files. */
typedef struct system_ctl {
	bool counts_only;	/* as system_create_counts */
	int threads;
	/* The quiet patterns are kept up to this many bytes (0: the
	 * engine's own bound, 256 MiB); past it the search cannot run, and
	 * everything else works. */
	double kernel_max;
} system_ctl;
lo_result system_create_ctl(int rows, int cols, const rule *r, int k, const system_ctl *ctl, lo_system **out);
void system_free(lo_system *s);

int system_rows(const lo_system *s);
int system_cols(const lo_system *s);
int system_k(const lo_system *s);
int system_unknowns(const lo_system *s);	/* rows * cols */

/* rank = unknowns - nullity.  The kernel (quiet patterns: presses that change
 * nothing) is the direct sum of the cyclic groups generated by
 * system_kernel(s, i), of order system_kernel_order(s, i) (a divisor of k,
 * > 1); every kernel element is sum t_i * kernel(i), 0 <= t_i < order(i),
 * in exactly one way. */
int system_rank(const lo_system *s);
int system_nullity(const lo_system *s);
const uint8_t *system_kernel(const lo_system *s, int i);
/* Giant boards keep their quiet patterns only while they fit in memory:
 * when this is false, system_kernel must not be called. */
bool system_has_kernel(const lo_system *s);
int system_kernel_order(const lo_system *s, int i);

/* A proven lower bound on the presses of any solution in x's coset: the
 * board x clears needs sum |change| over its cells, and one press changes
 * at most max-neighbourhood cells by one step each. */
int system_press_bound(const lo_system *s, const uint8_t *x, bool forward_only);

/* Number of solutions of any solvable board (the kernel's size), decimal. */
void system_count(const lo_system *s, char *buf, size_t len);

/* Find forward press counts x (mod k) with cells + A x = 0: LO_OK.
 * LO_UNSOLVABLE when there are none; then cert (if not NULL) gets y with
 * y^T A = 0 and y . cells != 0 (mod k): proof that no presses can clear
 * the board.  LO_NOMEM when out of memory: x and cert mean nothing. */
lo_result system_solve(const lo_system *s, const uint8_t *cells, uint8_t *x, uint8_t *cert);


#endif
