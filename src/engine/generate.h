/* Random solvable boards: made from random presses, so always solvable. */
#ifndef LO_GENERATE_H
#define LO_GENERATE_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>

#include "engine/board.h"
#include "engine/result.h"
#include "engine/rng.h"
#include "engine/rule.h"
#include "engine/system.h"

typedef struct gen_result {
	int par;		/* minimal presses to clear the board */
	bool par_proven;	/* the minimal search completed */
	/* When no board was found: the par nearest the one asked (-1: none
	 * tried). */
	int closest;
	/* LO_OK, or why there is no board: LO_REFUSED (no board of that par
	 * exists), LO_NOMEM, LO_CANCELLED, LO_TIMED_OUT (the time or the
	 * tries allowed ran out); the detail is the message in err. */
	lo_status status;
} gen_result;

/* A board of a given par is drawn exactly, uniformly among the boards of
 * that par, through the kernel's cell classes (parclass.h) when the kernel
 * is small (5x5: a few ms at any par).  Past the classes' budget: from the
 * table of all k^n positions on small shapes, else by trying random
 * presses, each try with a minimal search of at most
 * GENERATE_SEARCH_SECONDS; that job stops after GENERATE_TRIES tries or its
 * time limit, whichever comes first. */
#define GENERATE_TRIES 400
#define GENERATE_SEARCH_SECONDS 1.0
#define GENERATE_TIME_LIMIT 30.0	/* seconds for the whole job, by default */

typedef struct gen_ctl {
	double time_limit;		/* seconds for the whole job; <= 0: GENERATE_TIME_LIMIT */
	atomic_int *cancel;		/* polled (also inside each search); non-zero stops the job */
	/* Called after each try from the generating thread. */
	void (*progress)(void *ctx, int tries, int closest, double seconds_left);
	void *ctx;
	int threads;			/* each search's (search_ctl.threads); 0: the engine's choice */
} gen_ctl;

/* Fill b (shape and k of the system) with a random non-empty solvable board.
 * par < 0: any; otherwise exactly par presses in an optimal solution.
 * Returns LO_OK, or res->status's code with its message in err when no
 * such board exists or none was found within the effort allowed
 * (res->closest says how far it got).  ctl may be NULL: the default time limit. */
lo_result generate_board_ctl(const lo_system *s, const rule *r, bool forward_only, int par, rng *g, board *b,
		       const gen_ctl *ctl, gen_result *res, char *err, size_t errlen);
/* The same with ctl NULL. */
lo_result generate_board(const lo_system *s, const rule *r, bool forward_only, int par,
		   rng *g, board *b, gen_result *res, char *err, size_t errlen);

/* The largest par any board of this shape has, when the shape is small
 * enough to know it (distribution), else -1. */
int generate_max_par(const lo_system *s, const rule *r, bool forward_only);

/* A board's wanted difficulty: any (no par asked), easy, normal, hard. */
typedef enum difficulty { DIFFICULTY_ANY, DIFFICULTY_EASY, DIFFICULTY_NORMAL, DIFFICULTY_HARD } difficulty;
#define DIFFICULTY_COUNT 4

/* The difficulty as files and --difficulty say it ("" for any, "easy",
 * "normal", "hard"), and back: false for a word that names none. */
const char *generate_difficulty_word(difficulty d);
bool generate_difficulty_parse(const char *word, difficulty *d);

/* Par range for a difficulty on this board (normal's for any). */
int generate_difficulty_par(const lo_system *s, const rule *r, bool forward_only, difficulty d, rng *g);

#endif
