/* One part of a split minimal search (lightsout solve --part I/N) as a
 * text block, and the merge of the parts (lightsout solve --merge).
 *
 *     lightsout-part 1             format version
 *     size 30x30
 *     rule plus
 *     torus no
 *     states 2
 *     forward-only no
 *     board 5f0c...                digest of the variant and the lit cells
 *     system 91aa...               digest of the solution and quiet patterns
 *     nullity 20
 *     combinations 1048576
 *     part 1/3
 *     range 0 349184               combinations first .. last - 1
 *     searched 349184              first .. this - 1 all searched
 *     finished yes
 *     weight 376
 *     lower-bound 376              no solution in the range is lighter
 *     presses 376                  then one "R C" (k > 2: "R C +V") each
 *     ...
 *     end
 *
 * Lines outside blocks are skipped, so a part's whole output (the grid
 * and the block), or many parts' concatenated, can be merged as it is. */
#ifndef LO_PARTFILE_H
#define LO_PARTFILE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "engine/rule.h"

#define PARTFILE_VERSION 1

typedef struct partfile {
	int rows, cols, k;
	bool torus, forward_only;
	char rule[sizeof ((rule *)0)->name];
	uint64_t board_digest, system_digest;
	int nullity;
	uint64_t combinations;
	uint64_t part, parts;		/* part I of N, 1 <= I <= N */
	uint64_t first, last;		/* its range */
	uint64_t searched;		/* first .. searched - 1 done */
	bool finished;
	int weight, lower_bound;
	uint8_t *x;			/* rows * cols forward press counts */
	/* Where the block was read from: for messages. */
	const char *source;
	int line;
} partfile;

typedef struct partfile_error {
	int line, col;			/* 1-based; 0 when not about a place */
	char msg[200];
} partfile_error;

/* FNV-1a over len bytes, from h (PARTFILE_DIGEST_START to begin). */
#define PARTFILE_DIGEST_START 0xcbf29ce484222325ULL
uint64_t partfile_digest(uint64_t h, const void *p, size_t len);

/* The block of p. */
void partfile_write(FILE *f, const partfile *p);

/* Every block in text (len bytes), appended to *parts (*count of them,
 * the array grown with realloc), each with source.  0, or -1 with err
 * (the line and column of the first problem; blocks read before it are
 * kept).  A block's weight must be its presses' weight. */
int partfile_parse(const char *text, size_t len, const char *source, partfile **parts, int *count,
		   partfile_error *err);

void partfile_free(partfile *parts, int count);

typedef struct partfile_merged {
	const partfile *best;		/* the lightest part (its presses) */
	bool optimal;			/* every part there once, and finished */
	int lower_bound;		/* no solution is lighter */
	int unfinished;			/* parts cut short */
	const partfile *first_unfinished;
} partfile_merged;

/* Check that the parts are of one board and one split, every part there
 * exactly once, their ranges tiling the combinations; then the best.
 * 0, or -1 with a message naming the file and line (msg). */
int partfile_merge(const partfile *parts, int count, partfile_merged *m, char *msg, size_t len);

#endif
