/* `lightsout play`: options, the first board, then the curses session. */
#include "ui/cmd_play.h"

#include <curses.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "config.h"
#include "formats/boardfile.h"
#include "formats/codearg.h"
#include "formats/options.h"
#include "formats/output.h"
#include "game/practice.h"
#include "persist/prefs.h"
#include "persist/paths.h"
#include "ui/app.h"
#include "ui/reader.h"
#include "engine/sharecode.h"
#include "ui/term.h"

/* The built-in leaderboard directory, for the help. */
#define SCORES_DIR_SHOWN (SCORES_DIR[0] ? SCORES_DIR : "none")
/* The game draws a graph at its vertices' places; the CLI needs none. */
#define GRAPH_UNPLACED "the game draws a graph whose vertices have places ('V at ROW COL: ...'); " \
		       "solve, analyze and generate take any graph"

enum {
	OPT_PAR = OPT_FIRST_COMMAND, OPT_DIFFICULTY, OPT_LOAD, OPT_ASCII, OPT_NO_COLOR, OPT_NO_MOUSE, OPT_NO_ANIMATION,
	OPT_DAILY, OPT_PRACTICE, OPT_CODE, OPT_SCORES, OPT_NO_SCORES, OPT_MAX_SCREEN, OPT_IDLE, OPT_LOBBY,
	OPT_KEYS_PER_SECOND, OPT_SCREEN_READER
};

/* --max-screen's range: below a standard terminal the bound would only
 * spoil the game; above tmux's largest window it bounds nothing. */
#define MAX_SCREEN_LO_ROWS 24
#define MAX_SCREEN_LO_COLS 80
#define MAX_SCREEN_HI 10000
/* --idle's most: a week. */
#define IDLE_MAX_SECONDS (7L * 24 * 3600)
/* --keys-per-second's most: far past any hand, still a bound. */
#define KEYS_PER_SECOND_MAX 10000

static void play_help(void)
{
	fputs("Usage: lightsout [play] [options]\n"
	     "Play Lights Out in the terminal: press cells to turn every light off.\n"
	     "\n"
	     "  -s, --size RxC           board size (default 5x5)\n"
	     , stdout);
	options_help_rule(27);
	printf(	     "      --grid hex           hexagonal cells in staggered rows\n"
	     "      --board NAME         merlin (the 3x3 Magic Square) or cube (drawn as a net)\n"
	     "      --graph FILE         any press sets, drawn at their vertices' places\n"
	     "      --torus              wrap around the edges\n"
	     "  -k, --states K           cell values modulo K (2 to 36, default 2)\n"
	     "      --forward-only       forward presses only (k > 2)\n"
	     "      --seed N             the same N gives the same boards\n"
	     "      --par P              a board that needs exactly P presses\n"
	     "      --difficulty LEVEL   easy, normal or hard\n"
	     "      --load FILE          play the board in FILE (k from --states)\n"
	     "      --code CODE          play the board of a share code (its rule, k, torus);\n"
	     "                           --code @FILE reads a long one from FILE\n"
	     "      --daily              today's board: the same for everyone (UTC date)\n"
	     "      --practice[=ladder]  par +1 a win, -1 leaving a board unsolved\n"
	     "      --scores DIR         the host's daily leaderboard (default %s)\n"
	     "      --no-scores          keep daily wins off the host's leaderboard\n"
	     "      --ascii              ASCII only, even on a UTF-8 terminal\n"
	     "      --no-color           no colour (also when NO_COLOR is set)\n"
	     "      --no-mouse           ignore the mouse\n"
	     "      --no-animation       no flips and no celebration wave\n"
	     "      --screen-reader      for a screen reader or braille display: the cursor\n"
	     "                           on what has focus, each key's effect in words,\n"
	     "                           cells as 0 and 1, no animation (kept: the\n"
	     "                           settings' Reader line, the lobby's s)\n"
	     "      --max-screen RxC     draw in at most R rows and C columns of a larger\n"
	     "                           window (default %dx%d; it bounds the memory)\n"
	     "      --idle TIME          no move for TIME (the cursor is none): save the game\n"
	     "                           and quit; minutes, or with a unit: 45s, 30m, 2h\n"
	     "                           (default 0: never)\n"
	     "      --keys-per-second N  take at most N keys a second after a burst of %d,\n"
	     "                           read and drop the rest (default 0: all of them;\n"
	     "                           %d for a public account's player)\n"
	     "      --lobby              start at the lobby (what lightsout serve does);\n"
	     "                           --daily, --practice, --load and --code skip it\n"
	     "  -h, --help               this help\n"
	     "\n"
	     "Without an option that chooses the board, the game in progress when you\n"
	     "last quit is offered back.  Press ? in the game for the keys.\n", SCORES_DIR_SHOWN, TERM_MAX_ROWS,
	     TERM_MAX_COLS, PACE_KEYS_BURST, PACE_KEYS_PER_SECOND);
}

typedef struct play_opts {
	common_opts common;
	long par;
	const char *difficulty, *load, *code, *scores;
	bool ascii, no_color, no_mouse, no_animation, daily, ladder, no_scores, lobby, reader;
	bool rule_given;
	bool board_chosen;		/* an option that says which board: no resume offer */
	int max_rows, max_cols;		/* --max-screen */
	long idle;			/* --idle, in seconds; 0: never */
	long keys_per_second;		/* --keys-per-second; 0: no bound, -1: not given */
} play_opts;

/* --max-screen ROWSxCOLS.  0, or -1 with err. */
static int parse_max_screen(const char *s, play_opts *o, char *err, size_t errlen)
{
	char rows[16];
	const char *x = strchr(s, 'x');
	long r, c;
	if (!x || (size_t)(x - s) >= sizeof rows) {
		snprintf(err, errlen, "bad --max-screen '%s': use ROWSxCOLS, such as %dx%d", s, TERM_MAX_ROWS,
			 TERM_MAX_COLS);
		return -1;
	}
	memcpy(rows, s, (size_t)(x - s));
	rows[x - s] = '\0';
	if (options_parse_int(rows, MAX_SCREEN_LO_ROWS, MAX_SCREEN_HI, &r) < 0 ||
	    options_parse_int(x + 1, MAX_SCREEN_LO_COLS, MAX_SCREEN_HI, &c) < 0) {
		snprintf(err, errlen, "bad --max-screen '%s': rows %d to %d, columns %d to %d (ROWSxCOLS)", s,
			 MAX_SCREEN_LO_ROWS, MAX_SCREEN_HI, MAX_SCREEN_LO_COLS, MAX_SCREEN_HI);
		return -1;
	}
	o->max_rows = (int)r;
	o->max_cols = (int)c;
	return 0;
}

int play_parse_idle(const char *s, long *secs, char *err, size_t errlen)
{
	char num[24];
	size_t n = strlen(s);
	long unit = 60, v;
	if (n && strchr("smh", s[n - 1])) {
		unit = s[n - 1] == 's' ? 1 : s[n - 1] == 'm' ? 60 : 3600;
		n--;
	}
	if (n < sizeof num)
		memcpy(num, s, n);
	num[n < sizeof num ? n : 0] = '\0';	/* too long: "", refused */
	if (options_parse_int(num, 0, IDLE_MAX_SECONDS / unit, &v) < 0) {
		snprintf(err, errlen, "bad --idle '%s': use minutes, or a number with s, m or h (45s, 30m, 2h), "
			 "up to a week; 0 for never", s);
		return -1;
	}
	*secs = v * unit;
	return 0;
}

void play_idle_words(long secs, char *buf, size_t len)
{
	long n = secs % 60 ? secs : secs % 3600 ? secs / 60 : secs / 3600;
	const char *unit = secs % 60 ? "second" : secs % 3600 ? "minute" : "hour";
	snprintf(buf, len, "%ld %s%s", n, unit, n == 1 ? "" : "s");
}

static int usage_error(const char *msg)
{
	return options_usage_error("play", msg);
}

/* Returns -1 to go on, else the exit status. */
static int play_parse(int argc, char **argv, play_opts *o)
{
	static const struct option longopts[] = {
		OPTIONS_COMMON_LONG,
		{ "par", required_argument, NULL, OPT_PAR },
		{ "difficulty", required_argument, NULL, OPT_DIFFICULTY },
		{ "load", required_argument, NULL, OPT_LOAD },
		{ "ascii", no_argument, NULL, OPT_ASCII },
		{ "no-color", no_argument, NULL, OPT_NO_COLOR },
		{ "no-colour", no_argument, NULL, OPT_NO_COLOR },
		{ "no-mouse", no_argument, NULL, OPT_NO_MOUSE },
		{ "no-animation", no_argument, NULL, OPT_NO_ANIMATION },
		{ "daily", no_argument, NULL, OPT_DAILY },
		{ "practice", optional_argument, NULL, OPT_PRACTICE },
		{ "code", required_argument, NULL, OPT_CODE },
		{ "scores", required_argument, NULL, OPT_SCORES },
		{ "no-scores", no_argument, NULL, OPT_NO_SCORES },
		{ "max-screen", required_argument, NULL, OPT_MAX_SCREEN },
		{ "idle", required_argument, NULL, OPT_IDLE },
		{ "lobby", no_argument, NULL, OPT_LOBBY },
		{ "screen-reader", no_argument, NULL, OPT_SCREEN_READER },
		{ "keys-per-second", required_argument, NULL, OPT_KEYS_PER_SECOND },
		{ NULL, 0, NULL, 0 },
	};
	char err[256];
	memset(o, 0, sizeof *o);
	options_init(&o->common);
	o->par = -1;
	o->max_rows = TERM_MAX_ROWS;
	o->max_cols = TERM_MAX_COLS;
	o->keys_per_second = -1;
	opterr = 0;
	optind = 1;
	int opt;
	while ((opt = getopt_long(argc, argv, ":" OPTIONS_COMMON_SHORT, longopts, NULL)) != -1) {
		if (opt != 'h' && opt != OPT_VERSION && opt != OPT_ASCII && opt != OPT_NO_COLOR &&
		    opt != OPT_NO_MOUSE && opt != OPT_NO_ANIMATION && opt != OPT_SCORES && opt != OPT_NO_SCORES &&
		    opt != OPT_MAX_SCREEN && opt != OPT_IDLE && opt != OPT_LOBBY && opt != OPT_KEYS_PER_SECOND &&
		    opt != OPT_SCREEN_READER && opt != ':' && opt != '?')
			o->board_chosen = true;
		if (opt == 'r')
			o->rule_given = true;
		int rc = options_common(&o->common, opt, optarg, false, err, sizeof err);
		if (rc < 0)
			return usage_error(err);
		if (rc > 0)
			continue;
		switch (opt) {
		case OPT_PAR:
			if (options_parse_int(optarg, 1, 1000000, &o->par) < 0) {
				snprintf(err, sizeof err, "bad par '%s': use a number of presses, 1 or more", optarg);
				return usage_error(err);
			}
			break;
		case OPT_DIFFICULTY:
			if (strcmp(optarg, "easy") && strcmp(optarg, "normal") && strcmp(optarg, "hard")) {
				snprintf(err, sizeof err, "bad difficulty '%s': use easy, normal or hard", optarg);
				return usage_error(err);
			}
			o->difficulty = optarg;
			break;
		case OPT_LOAD:
			o->load = optarg;
			break;
		case OPT_CODE:
			o->code = optarg;
			break;
		case OPT_ASCII:
			o->ascii = true;
			break;
		case OPT_NO_COLOR:
			o->no_color = true;
			break;
		case OPT_NO_MOUSE:
			o->no_mouse = true;
			break;
		case OPT_NO_ANIMATION:
			o->no_animation = true;
			break;
		case OPT_DAILY:
			o->daily = true;
			break;
		case OPT_SCORES:
			o->scores = optarg;
			break;
		case OPT_NO_SCORES:
			o->no_scores = true;
			break;
		case OPT_MAX_SCREEN:
			if (parse_max_screen(optarg, o, err, sizeof err) < 0)
				return usage_error(err);
			break;
		case OPT_IDLE:
			if (play_parse_idle(optarg, &o->idle, err, sizeof err) < 0)
				return usage_error(err);
			break;
		case OPT_SCREEN_READER:
			o->reader = true;
			break;
		case OPT_LOBBY:
			o->lobby = true;
			break;
		case OPT_KEYS_PER_SECOND:
			if (options_parse_int(optarg, 0, KEYS_PER_SECOND_MAX, &o->keys_per_second) < 0) {
				snprintf(err, sizeof err, "bad --keys-per-second '%s': use 1 to %d, or 0 for no bound",
					 optarg, KEYS_PER_SECOND_MAX);
				return usage_error(err);
			}
			break;
		case OPT_PRACTICE:
			if (optarg && strcmp(optarg, "ladder") != 0) {
				snprintf(err, sizeof err, "bad practice mode '%s': the only mode is 'ladder'", optarg);
				return usage_error(err);
			}
			o->ladder = true;
			break;
		case ':':
			snprintf(err, sizeof err, "option '%s' needs a value", argv[optind - 1]);
			return usage_error(err);
		default:
			return options_unknown("play", longopts, argv[optind - 1]);
		}
	}
	if (o->common.help) {
		play_help();
		return output_finish("play", 0);
	}
	if (o->common.version) {
		printf("lightsout %s\n", PACKAGE_VERSION);
		return output_finish("play", 0);
	}
	if (optind < argc) {
		snprintf(err, sizeof err, "unexpected argument '%s'", argv[optind]);
		return usage_error(err);
	}
	int modes = o->daily + o->ladder + (o->load != NULL) + (o->code != NULL);
	if (modes > 1)
		return usage_error("--daily, --practice, --load and --code do not mix");
	if (o->code && (o->par > 0 || o->difficulty))
		return usage_error("--par and --difficulty do not apply to --code");
	if (o->code && (o->common.k_set || o->common.v.torus || o->common.v.forward_only || o->rule_given ||
			o->common.shape || o->common.graph_path))
		return usage_error("a share code sets its own rule, k and torus: drop --rule, --grid, --board, "
				   "--graph, --states, --torus and --forward-only");
	if (o->par > 0 && o->difficulty)
		return usage_error("give --par or --difficulty, not both");
	if ((o->daily || o->ladder || o->load) && (o->par > 0 || o->difficulty) && !o->daily)
		return usage_error("--par and --difficulty do not apply to --practice or --load");
	if (o->scores && o->no_scores)
		return usage_error("give --scores or --no-scores, not both");
	if (o->daily && o->common.seed_set)
		return usage_error("--daily chooses its own seed: drop --seed");
	if (options_finish(&o->common, NULL, err, sizeof err) < 0)
		return usage_error(err);
	if (o->common.v.graph && !o->common.v.graph->crow)
		return usage_error(GRAPH_UNPLACED);
	return -1;
}

static void play_config(const play_opts *o, game_config *cfg)
{
	memset(cfg, 0, sizeof *cfg);
	cfg->v = o->common.v;
	cfg->par = (int)o->par;
	snprintf(cfg->difficulty, sizeof cfg->difficulty, "%s", o->difficulty ? o->difficulty : "");
}

/* The --load board; its size wins unless --size disagrees. */
static board *play_load(play_opts *o, game_config *cfg)
{
	FILE *f = strcmp(o->load, "-") == 0 ? NULL : fopen(o->load, "r");
	if (!f) {
		fprintf(stderr, "lightsout play: cannot open %s: %s\n", o->load,
			strcmp(o->load, "-") == 0 ? "standard input is the game's keyboard" : strerror(errno));
		return NULL;
	}
	board *b;
	char err[300];
	boardfile_status st = boardfile_read(f, o->load, &o->common, NULL, &b, err, sizeof err);
	fclose(f);
	if (st == BOARDFILE_SIZE) {
		fprintf(stderr, "lightsout play: %s is %dx%d, not %dx%d as --size says\n", o->load, b->rows, b->cols,
			o->common.v.rows, o->common.v.cols);
		board_free(b);
		return NULL;
	}
	if (st != BOARDFILE_OK) {
		if (st == BOARDFILE_PATTERNS)
			fprintf(stderr, "lightsout play: %s: %s\n", o->load, err);
		else
			fprintf(stderr, "lightsout play: %s\n", err);
		return NULL;
	}
	cfg->v = o->common.v;
	cfg->v.rows = b->rows;
	cfg->v.cols = b->cols;
	return b;
}

static bool want_color(const play_opts *o)
{
	const char *nc = getenv("NO_COLOR");
	return !o->no_color && !(nc && nc[0]);
}

/* The --code board; its settings replace the config's.  NULL after a
 * message on stderr. */
static board *play_code(const play_opts *o, game_config *cfg)
{
	char err[300];
	sharecode sc;
	if (!strcmp(o->code, "-")) {
		fprintf(stderr, "lightsout play: the game reads its keys from standard input: give the code, "
				"or @FILE\n");
		return NULL;
	}
	if (codearg_read(o->code, &sc, err, sizeof err) < 0) {
		fprintf(stderr, "lightsout play: %s%s\n", o->code[0] == '@' ? "" : "bad share code: ", err);
		return NULL;
	}
	board *b = sc.board;
	sc.board = NULL;
	if (o->common.size_set && (b->rows != cfg->v.rows || b->cols != cfg->v.cols)) {
		fprintf(stderr, "lightsout play: the share code is for a %dx%d board, not %dx%d as --size says\n",
			b->rows, b->cols, cfg->v.rows, cfg->v.cols);
		board_free(b);
		sharecode_free(&sc);
		return NULL;
	}
	if (sc.graph && !sc.graph->crow) {
		fprintf(stderr, "lightsout play: %s\n", GRAPH_UNPLACED);
		board_free(b);
		sharecode_free(&sc);
		return NULL;
	}
	cfg->v = sc.v;
	options_keep_graph(sc.graph);	/* the variant points to it */
	sc.graph = NULL;
	sharecode_free(&sc);
	return b;
}

/* The player's saved settings under what the command line did not say:
 * a board option's own fields win.  A saved shape this rule cannot take
 * is dropped with a note. */
static void play_prefs(const play_opts *o, const prefs *p, game_config *cfg, char *note, size_t len)
{
	game_config c = *cfg;
	/* A variant asked for on the command line starts from the classic
	 * rules, not from the saved default; the daily board is everyone's. */
	bool own_rule = o->common.rule_chosen || o->code || o->load || o->common.size_set || o->common.k_set ||
			o->common.v.torus || o->daily;
	if (p->has_size && !o->common.size_set && !own_rule) {
		c.v.rows = p->rows;
		c.v.cols = p->cols;
	}
	if (p->has_rule && !own_rule) {
		char err[200];
		if (variant_set_rule(&c.v, p->rule, err, sizeof err) != LO_OK)
			snprintf(c.v.rule, sizeof c.v.rule, "%s", cfg->v.rule);
	}
	if (p->has_torus && !o->common.v.torus && !own_rule)
		c.v.torus = p->torus;
	if (p->has_k && !own_rule)
		c.v.k = p->k;
	if (p->has_difficulty && !o->difficulty && o->par <= 0 && !o->load && !o->code)
		snprintf(c.difficulty, sizeof c.difficulty, "%s", p->difficulty);
	char err[200];
	if (variant_validate(&c.v, err, sizeof err) != LO_OK) {
		if (!note[0])
			snprintf(note, len, "Saved settings not used: %.150s", err);
		return;
	}
	/* Where the board's kind came from, said once. */
	if (!variant_equal(&c.v, &cfg->v) && !note[0]) {
		const rule_entry *e = rule_entry_find(c.v.rule);
		snprintf(note, len, "Your default from the settings: %.40s%s %dx%d%s (m changes it).",
			 e && e->word && !(e->flags & RULE_PREFIX) ? e->word : c.v.rule, c.v.torus ? " torus" : "",
			 c.v.rows, c.v.cols, c.v.k == 2 ? "" : c.v.k == 3 ? ", 3 states" : ", more states");
	}
	*cfg = c;
}

/* A public account's player (lightsout serve), or none. */
static struct {
	char pid[33], name[33];
	bool guest;
	char host[4096], slot[40];
	char note[200];
} player;

void play_set_player(const char *pid, const char *name, bool guest, const char *host, const char *live_id)
{
	snprintf(player.pid, sizeof player.pid, "%s", pid);
	snprintf(player.name, sizeof player.name, "%s", name);
	player.guest = guest;
	snprintf(player.host, sizeof player.host, "%s", host);
	snprintf(player.slot, sizeof player.slot, "%s", live_id);
}

void play_set_note(const char *line)
{
	snprintf(player.note, sizeof player.note, "%s", line);
}

/* The line that says why the game ended by itself (--idle), and what of it
 * is kept: a guest's game is not, a won game is over. */
static void idle_said(const app *a, long idle, int rc)
{
	char when[40];
	play_idle_words(idle, when, sizeof when);
	const char *again = player.pid[0] ? "log in again" : "start lightsout again";
	if (rc == 0 && session_kept(a->s))
		printf("No move for %s: your game is saved; %s to go on.\n", when, again);
	else if (rc == 0 && player.guest && player.pid[0])
		printf("No move for %s: the session ended (a guest's game is not kept).\n", when);
	else
		printf("No move for %s: the session ended.\n", when);
}

int play_main(int argc, char **argv)
{
	play_opts o;
	game_config cfg;
	int rc = play_parse(argc, argv, &o);
	if (rc >= 0)
		return rc;
	play_config(&o, &cfg);
	/* The settings the player kept, under what the command line says. */
	static app a;	/* static: the crash handler may still see it */
	char note[200] = "";
	if (paths_file(PATHS_CONFIG, PATHS_CONFIG_FILE, false, a.prefs_path, sizeof a.prefs_path, note, sizeof note) < 0)
		a.prefs_path[0] = '\0';
	else
		prefs_load(a.prefs_path, &a.prefs, note, sizeof note);
	/* A bad code is a usage error, found before the terminal is needed. */
	board *loaded = NULL;
	if (o.code && !(loaded = play_code(&o, &cfg)))
		return EXIT_USAGE;
	if (!isatty(STDIN_FILENO) || !isatty(STDOUT_FILENO)) {
		board_free(loaded);
		fprintf(stderr, "lightsout play: the game needs a terminal on standard input and output;\n"
				"use 'lightsout solve', 'analyze' or 'generate' in scripts and pipes\n");
		return EXIT_USAGE;
	}

	char err[256];
	a.daily_cfg = cfg;
	if (!o.code && !o.load)
		play_prefs(&o, &a.prefs, &cfg, note, sizeof note);
	if (o.load && !(loaded = play_load(&o, &cfg)))
		return EXIT_USAGE;
	/* What the front door just did comes first (a settings note waits). */
	if (player.note[0])
		snprintf(note, sizeof note, "%s", player.note);
	play_mode mode = o.daily ? PLAY_DAILY : o.ladder ? PLAY_LADDER : PLAY_FREE;
	const char *origin = o.code ? "code" : o.load ? "load" : o.common.seed_set ? "seeded" : "random";
	/* What to start if a saved game is offered and declined. */
	a.fresh_cfg = cfg;
	a.fresh_mode = mode;
	const char *scores_dir = options_scores_dir(o.scores, o.no_scores);
	session_settings set = {
		.cfg = cfg,
		.mode = mode,
		.origin = origin,
		.loaded = loaded,
		.seed = o.common.seed_set ? o.common.seed : (uint64_t)time(NULL) ^ ((uint64_t)getpid() << 32),
		.keep_saved = o.board_chosen,
		.scores_dir = scores_dir,
		.note = note,
		.player_pid = player.pid,
		.player_name = player.name,
		.player_guest = player.guest,
		.host = player.pid[0] ? player.host : NULL,
		.live_id = player.slot,
		.client = getenv("SSH_CONNECTION"),
	};
	/* Before the terminal is taken: a long search says so. */
	output_progress ps;
	gen_ctl ctl = { 0 };
	output_progress_start(&ps, &ctl);
	set.ctl = &ctl;
	session_fail why;
	a.s = session_open(&set, &why, err, sizeof err);
	output_progress_end(&ps);
	if (!a.s) {
		fprintf(stderr, "lightsout play: %s\n", err);
		return why == SESSION_FAIL_UNSOLVABLE ? EXIT_UNSOLVABLE : EXIT_USAGE;
	}
	a.offer_resume = session_offers_resume(a.s);
	if (player.pid[0])
		a.publish = watch_publish;
	session_watchers(a.s, !a.prefs.has_watchers || a.prefs.watchers);
	if (o.common.graph_path && cfg.v.graph) {
		/* The status names the graph by its file: printable ASCII only. */
		const char *base = strrchr(o.common.graph_path, '/');
		snprintf(a.v.graph_name, sizeof a.v.graph_name, "%s", base ? base + 1 : o.common.graph_path);
		for (char *c = a.v.graph_name; *c; c++)
			if ((unsigned char)*c < 0x21 || (unsigned char)*c > 0x7e)
				*c = '?';
		a.v.graph_digest = cfg.v.graph->digest;
	}

	glyphs_init(&a.gl, o.ascii || (a.prefs.has_ascii && a.prefs.ascii));
	a.v.gl = &a.gl;
	a.v.preview = a.prefs.has_preview ? a.prefs.preview : true;
	a.st.speed = a.prefs.has_speed ? a.prefs.speed - 1 : 0;
	a.v.flash = -1;
	a.v.g = app_session(&a).g;
	a.mouse = !o.no_mouse;
	a.idle = (double)o.idle;
	/* A public account's players share the host: their keys come at a
	 * player's pace unless the admin says otherwise; a local game takes
	 * what its own user sends. */
	a.keys_per_second = o.keys_per_second >= 0 ? (double)o.keys_per_second
			    : player.pid[0] ? PACE_KEYS_PER_SECOND : 0;
	/* A board the options chose (the admin's --daily) is played at once. */
	a.lobby = o.lobby && !o.daily && !o.ladder && !o.load && !o.code;
	a.v.lobby = a.lobby;
	if (term_open(a.mouse, o.max_rows, o.max_cols, err, sizeof err) < 0) {
		fprintf(stderr, "lightsout play: %s\n", err);
		session_close(a.s);
		return EXIT_USAGE;
	}
	a.v.no_suspend = !term_can_suspend();
	a.remote = getenv("SSH_CONNECTION") != NULL || player.host[0];
	a.v.theme = a.prefs.has_theme ? draw_theme_find(a.prefs.theme) : 0;
	if (a.v.theme < 0) {
		a.v.theme = 0;	/* a theme this version does not have: the first */
		char line[80];
		snprintf(line, sizeof line, "config: no theme '%.15s'; classic colours", a.prefs.theme);
		session_note(a.s, line);
	}
	a.v.color = draw_colors_init(want_color(&o) && (!a.prefs.has_colour || a.prefs.colour), a.v.theme);
	/* Animations cost bytes: none on a slow link, none when asked. */
	a.v.anim.on = !o.no_animation && want_color(&o) && (!a.prefs.has_animation || a.prefs.animation) &&
		      baudrate() >= 19200;
	a.v.anim.cell = -1;
	reader_start(&a, o.reader || (a.prefs.has_reader && a.prefs.reader));
	rc = app_run(&a);
	watch_end(&a);
	term_close();
	if (a.end_msg[0])
		fprintf(stderr, "lightsout play: %s\n", a.end_msg);
	if (session_exit_msg(a.s)[0])
		fprintf(stderr, "lightsout play: %s\n", session_exit_msg(a.s));
	if (a.idled)
		idle_said(&a, o.idle, rc);
	draw_free(&a.v);
	session_close(a.s);
	return rc;
}
