/* The game's options: the table, the checks between them, the help
 * (playopts.h). */
#include "formats/playopts.h"

#include <stdio.h>
#include <string.h>

#include "config.h"
#include "formats/output.h"
#include "i18n.h"

/* --max-screen's range: below a standard terminal the bound would only
 * spoil the game; above tmux's largest window it bounds nothing. */
#define MAX_SCREEN_LO_ROWS 24
#define MAX_SCREEN_LO_COLS 80
#define MAX_SCREEN_HI 10000
/* --keys-per-second's most: far past any hand, still a bound. */
#define KEYS_PER_SECOND_MAX 10000
/* notext: an assertion; --keys-per-second's message spells the number out (one message). */
_Static_assert(KEYS_PER_SECOND_MAX == 10000, "the message of a bad --keys-per-second says 10000");

static void play_help(const options_def *d)
{
	fputs(_("Usage: lightsout [play] [options]\n"), stdout);
	fputs(_("Play Lights Out in the terminal: press cells to turn every light off.\n"), stdout);
	putchar('\n');
	options_help(d->specs, 27);
	putchar('\n');
	/* TRANSLATORS: at most 79 columns a line; keep the key ?. */
	puts(_("Without an option that chooses the board, the game in progress when you\n"
	       "last quit is offered back.  Press ? in the game for the keys."));
}

/* --max-screen's place: the options, and the default it names. */
typedef struct screen_arg {
	play_opts *o;
	const play_bounds *b;
} screen_arg;

/* --max-screen ROWSxCOLS into the screen_arg at to.  0, or -1 with err. */
static int parse_max_screen(const char *s, void *to, char *err, size_t errlen)
{
	play_opts *o = ((screen_arg *)to)->o;
	const play_bounds *b = ((screen_arg *)to)->b;
	char rows[16];
	const char *x = strchr(s, 'x');
	long r, c;
	if (!x || (size_t)(x - s) >= sizeof rows) {
		snprintf(err, errlen, _("bad --max-screen '%s': use ROWSxCOLS, such as %dx%d"), s, b->max_rows,
			 b->max_cols);
		return -1;
	}
	memcpy(rows, s, (size_t)(x - s));
	rows[x - s] = '\0';
	if (options_parse_int(rows, MAX_SCREEN_LO_ROWS, MAX_SCREEN_HI, &r) < 0 ||
	    options_parse_int(x + 1, MAX_SCREEN_LO_COLS, MAX_SCREEN_HI, &c) < 0) {
		snprintf(err, errlen, _("bad --max-screen '%s': rows %d to %d, columns %d to %d (ROWSxCOLS)"), s,
			 MAX_SCREEN_LO_ROWS, MAX_SCREEN_HI, MAX_SCREEN_LO_COLS, MAX_SCREEN_HI);
		return -1;
	}
	o->max_rows = (int)r;
	o->max_cols = (int)c;
	return 0;
}

/* --difficulty LEVEL. */
static int parse_difficulty(const char *arg, void *to, char *err, size_t errlen)
{
	difficulty d;
	if (!arg[0] || !generate_difficulty_parse(arg, &d)) {
		/* TRANSLATORS: easy, normal and hard are what --difficulty reads: keep them. */
		snprintf(err, errlen, _("bad difficulty '%s': use easy, normal or hard"), arg);
		return -1;
	}
	*(const char **)to = arg;
	return 0;
}

/* --practice[=ladder]: the ladder, the one mode there is. */
static int parse_practice(const char *arg, void *to, char *err, size_t errlen)
{
	if (arg && strcmp(arg, "ladder") != 0) {
		snprintf(err, errlen, _("bad practice mode '%s': the only mode is 'ladder'"), arg);
		return -1;
	}
	*(bool *)to = true;
	return 0;
}

static int usage_error(const char *msg)
{
	return options_usage_error("play", msg);
}

int playopts_parse(int argc, char **argv, const play_bounds *b, play_opts *o)
{
	/* The help's figures are the game's own. */
	char screen_help[300], keys_help[400], scores_help[200];
	/* TRANSLATORS: an option's help: each line at most 52 columns. */
	snprintf(screen_help, sizeof screen_help, _("draw in at most R rows and C columns of a larger\n"
						    "window (default %dx%d; it bounds the memory)"), b->max_rows, b->max_cols);
	/* TRANSLATORS: an option's help: each line at most 52 columns. */
	snprintf(keys_help, sizeof keys_help, _("take at most N keys a second after a burst of %d,\n"
						"read and drop the rest (default 0: all of them;\n"
						"%d for a public account's player)"), b->keys_burst, b->keys_per_second);
	if (SCORES_DIR[0])	/* TRANSLATORS: %s is a directory */
		snprintf(scores_help, sizeof scores_help, _("the host's daily leaderboard (default %s)"), SCORES_DIR);
	else
		snprintf(scores_help, sizeof scores_help, "%s", _("the host's daily leaderboard (default none)"));
	screen_arg screen = { o, b };
	bool *chosen = &o->board_chosen;	/* an option that says which board */
	const option_spec specs[] = {
		/* TRANSLATORS: the game's option help (lightsout play --help): each line at most 52 columns. */
		{ "size", 's', OPTION_COMMON, .arg = "RxC", .help = N_("board size (default 5x5)"), .given = chosen },
		{ "rule", 'r', OPTION_COMMON, .help = "", .given = chosen },
		{ "grid", 0, OPTION_COMMON, .arg = "hex", .help = N_("hexagonal cells in staggered rows"), .given = chosen },
		{ "board", 0, OPTION_COMMON, .arg = "NAME", .help = N_("merlin (the 3x3 Magic Square) or cube (drawn as a net)"),
		  .given = chosen },
		{ "graph", 0, OPTION_COMMON, .arg = "FILE", .help = N_("any press sets, drawn at their vertices' places"),
		  .given = chosen },
		{ "torus", 0, OPTION_COMMON, .help = N_("wrap around the edges"), .given = chosen },
		{ "states", 'k', OPTION_COMMON, .arg = "K", .help = N_("cell values modulo K (2 to 36, default 2)"), .given = chosen },
		{ "forward-only", 0, OPTION_COMMON, .help = N_("forward presses only (k > 2)"), .given = chosen },
		{ "seed", 0, OPTION_COMMON, .arg = "N", .help = N_("the same N gives the same boards"), .given = chosen },
		{ "par", 0, OPTION_INT, &o->par, .arg = "P", .help = N_("a board that needs exactly P presses"), .lo = 1,
		  .hi = 1000000, .bad = N_("bad par '%s': use a number of presses, 1 or more"), .given = chosen },
		{ "difficulty", 0, OPTION_PARSE, &o->difficulty, .arg = "LEVEL", .help = N_("easy, normal or hard"),
		  .parse = parse_difficulty, .given = chosen },
		{ "load", 0, OPTION_STRING, &o->load, .arg = "FILE", .help = N_("play the board in FILE (k from --states)"),
		  .given = chosen },
		{ "code", 0, OPTION_STRING, &o->code, .arg = "CODE",
		  .help = N_("play the board of a share code (its rule, k, torus);\n"
			     "--code @FILE reads a long one from FILE"), .given = chosen },
		{ "daily", 0, OPTION_FLAG, &o->daily, .help = N_("today's board: the same for everyone (UTC date)"),
		  .given = chosen },
		{ "practice", 0, OPTION_PARSE, &o->ladder, .arg = "[=ladder]",
		  .help = N_("par +1 a win, -1 leaving a board unsolved"), .parse = parse_practice, .given = chosen },
		{ "scores", 0, OPTION_STRING, &o->scores, .arg = "DIR", .help = scores_help },
		{ "no-scores", 0, OPTION_FLAG, &o->no_scores, .help = N_("keep daily wins off the host's leaderboard") },
		{ "ascii", 0, OPTION_FLAG, &o->ascii, .help = N_("ASCII only, even on a UTF-8 terminal") },
		{ "no-color", 0, OPTION_FLAG, &o->no_color, .help = N_("no colour (also when NO_COLOR is set)") },
		{ "no-colour", 0, OPTION_FLAG, &o->no_color, .help = NULL },	/* a spelling, not listed */
		{ "no-mouse", 0, OPTION_FLAG, &o->no_mouse, .help = N_("ignore the mouse") },
		{ "no-animation", 0, OPTION_FLAG, &o->no_animation, .help = N_("no flips and no celebration wave") },
		{ "screen-reader", 0, OPTION_FLAG, &o->reader,
		  .help = N_("for a screen reader or braille display: the cursor\non what has focus, each key's effect in words,\ncells as 0 and 1, no animation (kept: the\nsettings' Reader line, the lobby's s)") },
		{ "max-screen", 0, OPTION_PARSE, &screen, .arg = "RxC", .help = screen_help, .parse = parse_max_screen },
		{ "idle", 0, OPTION_TIME, &o->idle, .arg = "TIME",
		  .help = N_("no move for TIME (the cursor is none): save the game\n"
			     "and quit; minutes, or with a unit: 45s, 30m, 2h\n"
			     "(default 0: never)") },
		{ "keys-per-second", 0, OPTION_INT, &o->keys_per_second, .arg = "N",
		  .help = keys_help,
		  .lo = 0, .hi = KEYS_PER_SECOND_MAX,
		  .bad = N_("bad --keys-per-second '%s': use 1 to 10000, or 0 for no bound") },
		{ "lobby", 0, OPTION_FLAG, &o->lobby, .help = N_("start at the lobby (what lightsout serve does);\n"
								 "--daily, --practice, --load and --code skip it") },
		{ "help", 'h', OPTION_COMMON, .help = N_("this help") },
		{ NULL },
	};
	const options_def d = { .cmd = "play", .specs = specs, .common = &o->common, .flags = OPTIONS_MISSING,
				.operands = 0, .help = play_help };
	char err[256];
	int first;
	memset(o, 0, sizeof *o);
	options_init(&o->common);
	o->par = -1;
	o->max_rows = b->max_rows;
	o->max_cols = b->max_cols;
	o->keys_per_second = -1;
	o->idle = -1;
	int status = options_run(&d, argc, argv, &first);
	if (status == 0)
		return output_finish("play", 0);	/* --help */
	if (status != OPTIONS_GO)
		return status;
	if (o->common.version) {
		printf("lightsout %s\n", PACKAGE_VERSION);
		return output_finish("play", 0);
	}
	int modes = o->daily + o->ladder + (o->load != NULL) + (o->code != NULL);
	if (modes > 1)
		return usage_error(_("--daily, --practice, --load and --code do not mix"));
	if (o->code && (o->par > 0 || o->difficulty))
		return usage_error(_("--par and --difficulty do not apply to --code"));
	if (o->code && (o->common.k_set || o->common.v.torus || o->common.v.forward_only ||
			o->common.rule_spec != o->common.v.rule ||
			o->common.shape || o->common.graph_path))
		return usage_error(_("a share code sets its own rule, k and torus: drop --rule, --grid, --board, "
				     "--graph, --states, --torus and --forward-only"));
	if (o->par > 0 && o->difficulty)
		return usage_error(_("give --par or --difficulty, not both"));
	if ((o->daily || o->ladder || o->load) && (o->par > 0 || o->difficulty) && !o->daily)
		return usage_error(_("--par and --difficulty do not apply to --practice or --load"));
	if (o->scores && o->no_scores)
		return usage_error(_("give --scores or --no-scores, not both"));
	if (o->daily && o->common.seed_set)
		return usage_error(_("--daily chooses its own seed: drop --seed"));
	if (options_finish(&o->common, NULL, err, sizeof err) < 0)
		return usage_error(err);
	if (o->common.v.graph && !o->common.v.graph->crow)
		return usage_error(_(PLAYOPTS_GRAPH_UNPLACED));

	return OPTIONS_GO;
}

