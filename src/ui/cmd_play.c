/* `lightsout play`: the first board as the options say (formats/playopts.c
 * reads them), then the curses session. */
#ifndef _DEFAULT_SOURCE
#define _DEFAULT_SOURCE		/* RLIMIT_AS, M_ARENA_MAX */
#endif
#include "base/path.h"
#include "base/seed.h"
#include "ui/cmd_play.h"

#include <curses.h>
#include <errno.h>
#ifdef __GLIBC__
#include <malloc.h>
#endif
#include <sys/resource.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "config.h"
#include "formats/boardfile.h"
#include "formats/codearg.h"
#include "formats/lang.h"
#include "formats/options.h"
#include "formats/playopts.h"
#include "formats/output.h"
#include "game/budget.h"
#include "game/practice.h"
#include "i18n.h"
#include "persist/prefs.h"
#include "persist/paths.h"
#include "ui/app.h"
#include "ui/reader.h"
#include "engine/sharecode.h"
#include "ui/term.h"

/* A message, already in the player's language, after the command's name. */
static void play_error(const char *msg)
{
	/* notext: the command's name before a message translated already */
	fprintf(stderr, "lightsout play: %s\n", msg);
}

static void play_config(const play_opts *o, game_config *cfg)
{
	memset(cfg, 0, sizeof *cfg);
	cfg->v = o->common.v;
	cfg->par = (int)o->par;
	if (!o->difficulty || !generate_difficulty_parse(o->difficulty, &cfg->difficulty))
		cfg->difficulty = DIFFICULTY_ANY;	/* playopts.c took only these words */
}

/* The --load board; its size wins unless --size disagrees. */
static board *play_load(play_opts *o, game_config *cfg)
{
	FILE *f = strcmp(o->load, "-") == 0 ? NULL : fopen(o->load, "r");
	if (!f) {
		/* TRANSLATORS: a file name, then why it cannot be opened. */
		fprintf(stderr, _("lightsout play: cannot open %s: %s\n"), o->load,
			strcmp(o->load, "-") == 0 ? _("standard input is the game's keyboard") : strerror(errno));
		return NULL;
	}
	board *b;
	char err[300];
	boardfile_status st = boardfile_read(f, o->load, &o->common, NULL, &b, err, sizeof err);
	fclose(f);
	if (st == BOARDFILE_SIZE) {
		/* TRANSLATORS: a board file's name, its size, then --size's. */
		fprintf(stderr, _("lightsout play: %s is %dx%d, not %dx%d as --size says\n"), o->load, b->rows, b->cols,
			o->common.v.rows, o->common.v.cols);
		board_free(b);
		return NULL;
	}
	if (st != BOARDFILE_OK) {
		if (st == BOARDFILE_PATTERNS)
			/* notext: a file's name, then a message translated already */
			fprintf(stderr, "lightsout play: %s: %s\n", o->load, err);
		else
			play_error(err);
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
		fprintf(stderr, "%s", _("lightsout play: the game reads its keys from standard input: give the code, "
					"or @FILE\n"));
		return NULL;
	}
	if (codearg_read(o->code, &sc, err, sizeof err) < 0) {
		if (o->code[0] == '@')
			play_error(err);
		else
			/* TRANSLATORS: %s is why the code was refused. */
			fprintf(stderr, _("lightsout play: bad share code: %s\n"), err);
		return NULL;
	}
	board *b = sc.board;
	sc.board = NULL;
	if (o->common.size_set && (b->rows != cfg->v.rows || b->cols != cfg->v.cols)) {
		fprintf(stderr, _("lightsout play: the share code is for a %dx%d board, not %dx%d as --size says\n"),
			b->rows, b->cols, cfg->v.rows, cfg->v.cols);
		board_free(b);
		sharecode_free(&sc);
		return NULL;
	}
	if (sc.graph && !sc.graph->crow) {
		play_error(_(PLAYOPTS_GRAPH_UNPLACED));
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
		generate_difficulty_parse(p->difficulty, &c.difficulty);	/* prefs.c took only these */
	char err[200];
	if (variant_validate(&c.v, err, sizeof err) != LO_OK) {
		if (!note[0])
			/* TRANSLATORS: %.150s is why the settings cannot be used. */
			snprintf(note, len, _("Saved settings not used: %.150s"), err);
		return;
	}
	/* Where the board's kind came from, said once. */
	if (!variant_equal(&c.v, &cfg->v) && !note[0]) {
		const rule_entry *e = rule_entry_find(c.v.rule);
		/* TRANSLATORS: "Your default from the settings: plus torus 5x5, 3
		 * states (m changes it).": the rule's word (as the settings say it), " torus" or
		 * nothing, the size, then ", 3 states", ", more states" or nothing. */
		snprintf(note, len, _("Your default from the settings: %.40s%s %dx%d%s (m changes it)."),
			 e && e->word && !(e->flags & RULE_PREFIX) ? _(e->word) : c.v.rule, c.v.torus ? _(" torus") : "",
			 c.v.rows, c.v.cols, c.v.k == 2 ? "" : c.v.k == 3 ? _(", 3 states") : _(", more states"));
	}
	*cfg = c;
}

/* A sanitizer's build reserves terabytes of shadow and allocates beside
 * every block: no address-space bound can hold under it. */
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
#define PLAY_SANITIZED 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer)
#define PLAY_SANITIZED 1
#endif
#endif
#ifndef PLAY_SANITIZED
#define PLAY_SANITIZED 0
#endif

/* The address space the process holds now, in bytes; 0 when unknown. */
static double address_space(void)
{
	FILE *f = fopen("/proc/self/statm", "r");
	unsigned long pages = 0;
	if (!f)
		return 0;
	if (fscanf(f, "%lu", &pages) != 1)
		pages = 0;
	fclose(f);
	return (double)pages * (double)sysconf(_SC_PAGESIZE);
}

/* What making one board may cost (serve's --board-memory and --board-cpu;
 * 0, no bound): a board past it is refused, its making's threads get a
 * backstop on their CPU (game/budget.h), and with a bound on bytes the
 * process's address space is bounded too (RLIMIT_AS: what it holds now,
 * twice the bytes and PLAY_AS_ROOM). */
#define PLAY_AS_ROOM (64.0 * 1024 * 1024)
static void play_budget(double bytes, double seconds)
{
	budget_set(bytes, seconds);
	if (bytes <= 0 || PLAY_SANITIZED)
		return;
#ifdef M_ARENA_MAX
	/* One heap for every thread: glibc would reserve 64 MiB of address
	 * space for each thread's own, which the bound below would count. */
	mallopt(M_ARENA_MAX, 1);
#endif
	/* The backstop: whatever the estimate missed, the process cannot
	 * grow past what it holds now, a board twice over and room for the
	 * threads' stacks and the screen. */
	double now = address_space();
	if (now <= 0)
		return;
	struct rlimit rl;
	if (getrlimit(RLIMIT_AS, &rl) != 0)
		return;
	rlim_t want = (rlim_t)(now + 2 * bytes + PLAY_AS_ROOM);
	if (rl.rlim_max != RLIM_INFINITY && want > rl.rlim_max)
		want = rl.rlim_max;
	if (rl.rlim_cur == RLIM_INFINITY || want < rl.rlim_cur) {
		rl.rlim_cur = want;
		setrlimit(RLIMIT_AS, &rl);
	}
}

/* The line that says why the game ended by itself (--idle), and what of it
 * is kept: a won game is over; a guest's board is serve's to keep, and it
 * says so after us. */
static void idle_said(const app *a, const player_handoff *h, long idle, int rc)
{
	char when[40];
	options_time_words(idle, when, sizeof when);
	if (rc == 0 && session_kept(a->s) && h)
		/* TRANSLATORS: %s is how long ("30 minutes"). */
		printf(_("No move for %s: your game is saved; log in again to go on.\n"), when);
	else if (rc == 0 && session_kept(a->s))
		printf(_("No move for %s: your game is saved; start lightsout again to go on.\n"), when);
	else
		printf(_("No move for %s: the session ended.\n"), when);
}

/* A guest leaving an unfinished board takes its share code along: the
 * board is kept for a while at most, and only for its address. */
static void guest_code_said(const app *a, const player_handoff *h)
{
	const game *g = app_session(a).g;
	char why[300];
	if (!h || !h->guest || !game_in_progress(g) || session_code_held(a->s, why, sizeof why))
		return;
	char *code = sharecode_encode(g->start, &g->cfg.v, why, sizeof why);
	if (!code)
		return;
	/* The code on a line of its own: a double click takes it whole. */
	printf("%s\n  %s\n", _("Your board's share code, to play it again from its start (c in the lobby):"), code);
	free(code);
}

/* The game, for a public account's player (h) or the local user (NULL). */
static int play_main(const player_handoff *h, int argc, char **argv)
{
	play_opts o;
	game_config cfg;
	const play_bounds bounds = { TERM_MAX_ROWS, TERM_MAX_COLS, PACE_KEYS_BURST, PACE_KEYS_PER_SECOND };
	if (h)
		paths_set_home(h->home);	/* every file of the player's there */
	int rc = playopts_parse(argc, argv, &bounds, &o);
	if (rc != OPTIONS_GO)
		return rc;
	if (o.idle < 0)
		o.idle = h ? h->idle : 0;
	if (h) {
		/* A stranger sees first what there is to do; the host's
		 * leaderboard unless the admin's options say otherwise. */
		o.lobby = true;
		if (!o.scores && !o.no_scores)
			o.scores = h->scores;
		play_budget(h->board_bytes, h->board_seconds);
	}
	play_config(&o, &cfg);
	/* The settings the player kept, under what the command line says. */
	static app a;	/* static: the crash handler may still see it */
	char note[200] = "";
	if (paths_file(PATHS_CONFIG, PATHS_CONFIG_FILE, false, a.kept.path, sizeof a.kept.path, note, sizeof note) < 0)
		a.kept.path[0] = '\0';
	else
		prefs_load(a.kept.path, &a.kept.prefs, note, sizeof note);
	/* The language chosen in the settings, over the terminal's: every
	 * word from here on is in it.  A code this build lacks is said. */
	if (a.kept.prefs.has_lang && !lang_choose(a.kept.prefs.lang) && !note[0])
		snprintf(note, sizeof note, _("config: no language '%.8s'; the terminal's"), a.kept.prefs.lang);
	/* A bad code is a usage error, found before the terminal is needed. */
	board *loaded = NULL;
	if (o.code && !(loaded = play_code(&o, &cfg)))
		return EXIT_USAGE;
	if (!isatty(STDIN_FILENO) || !isatty(STDOUT_FILENO)) {
		board_free(loaded);
		fprintf(stderr, "%s", _("lightsout play: the game needs a terminal on standard input and output;\n"
					"use 'lightsout solve', 'analyze' or 'generate' in scripts and pipes\n"));
		return EXIT_USAGE;
	}

	char err[256];
	a.start.daily_cfg = cfg;
	if (!o.code && !o.load)
		play_prefs(&o, &a.kept.prefs, &cfg, note, sizeof note);
	/* A kind of board kept before a host's bound, or a bound lowered
	 * since: the host's own board, and why, rather than no game. */
	char past[sizeof note];
	if (!o.code && !o.load && budget_check(&cfg, past, sizeof past) != LO_OK &&
	    budget_check(&a.start.daily_cfg, err, sizeof err) == LO_OK) {
		snprintf(note, sizeof note, "%s", past);
		cfg = a.start.daily_cfg;
	}
	if (o.load && !(loaded = play_load(&o, &cfg)))
		return EXIT_USAGE;
	/* What the front door just did comes first (a settings note waits). */
	if (h && h->note[0])
		snprintf(note, sizeof note, "%s", h->note);
	play_mode mode = o.daily ? PLAY_DAILY : o.ladder ? PLAY_LADDER : PLAY_FREE;
	play_origin origin = o.code ? ORIGIN_CODE : o.load ? ORIGIN_LOAD : o.common.seed_set ? ORIGIN_SEEDED : ORIGIN_RANDOM;
	/* What to start if a saved game is offered and declined. */
	a.start.fresh_cfg = cfg;
	a.start.fresh_mode = mode;
	const char *scores_dir = options_scores_dir(o.scores, o.no_scores);
	/* In the player's language, chosen above. */
	char keep[40] = "";
	if (h && h->keep > 0)
		options_time_words(h->keep, keep, sizeof keep);
	session_settings set = {
		.cfg = cfg,
		.mode = mode,
		.origin = origin,
		.loaded = loaded,
		.seed = o.common.seed_set ? o.common.seed : seed_fresh(),
		.keep_saved = o.board_chosen,
		.scores_dir = scores_dir,
		.note = note,
		.player_pid = h ? h->pid : "",
		.player_name = h ? h->name : "",
		.player_guest = h && h->guest,
		.player_keep = keep,
		.player_key = h ? h->key : "",
		.host = h ? h->host : NULL,
		.live_id = h ? h->slot : "",
		.client = getenv("SSH_CONNECTION"),
		.race_history = h ? h->race_history : 0,
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
		play_error(err);
		return why == SESSION_FAIL_UNSOLVABLE ? EXIT_UNSOLVABLE : EXIT_USAGE;
	}
	a.start.offer_resume = session_offers_resume(a.s);
	if (h)
		a.publish = watch_publish;
	session_watchers(a.s, !a.kept.prefs.has_watchers || a.kept.prefs.watchers);
	if (o.common.graph_path && cfg.v.graph) {
		/* The status names the graph by its file: printable ASCII only. */
		const char *base = strrchr(o.common.graph_path, '/');
		snprintf(a.v.graph_name, sizeof a.v.graph_name, "%s", base ? base + 1 : o.common.graph_path);
		for (char *c = a.v.graph_name; *c; c++)
			if ((unsigned char)*c < 0x21 || (unsigned char)*c > 0x7e)
				*c = '?';
		a.v.graph_digest = cfg.v.graph->digest;
	}

	a.reader.look_ascii = o.ascii || (a.kept.prefs.has_ascii && a.kept.prefs.ascii);
	glyphs_init(&a.gl, a.reader.look_ascii);
	a.v.gl = &a.gl;
	a.v.preview = a.kept.prefs.has_preview ? a.kept.prefs.preview : true;
	a.st.speed = a.kept.prefs.has_speed ? a.kept.prefs.speed - 1 : 0;
	a.v.flash = -1;
	a.v.g = app_session(&a).g;
	a.mouse = !o.no_mouse;
	a.pace.idle = (double)o.idle;
	/* A public account's players share the host: their keys come at a
	 * player's pace unless the admin says otherwise; a local game takes
	 * what its own user sends. */
	a.pace.keys_per_second = o.keys_per_second >= 0 ? (double)o.keys_per_second
			    : h ? PACE_KEYS_PER_SECOND : 0;
	/* A board the options chose (the admin's --daily) is played at once. */
	a.start.lobby = o.lobby && !o.daily && !o.ladder && !o.load && !o.code;
	a.v.lobby = a.start.lobby;
	if (term_open(a.mouse, o.max_rows, o.max_cols, err, sizeof err) < 0) {
		play_error(err);
		session_close(a.s);
		return EXIT_USAGE;
	}
	a.v.no_suspend = !term_can_suspend();
	a.remote = getenv("SSH_CONNECTION") != NULL || h;
	a.v.theme = a.kept.prefs.has_theme ? draw_theme_find(a.kept.prefs.theme) : 0;
	if (a.v.theme < 0) {
		a.v.theme = 0;	/* a theme this version does not have: the first */
		char line[160];
		/* TRANSLATORS: %.15s is a theme's name from the config file. */
		snprintf(line, sizeof line, _("config: no theme '%.15s'; classic colours"), a.kept.prefs.theme);
		session_note(a.s, line);
	}
	a.v.color = draw_colors_init(want_color(&o) && (!a.kept.prefs.has_colour || a.kept.prefs.colour), a.v.theme);
	/* Animations cost bytes: none on a slow link, none when asked. */
	a.v.anim.on = !o.no_animation && want_color(&o) && (!a.kept.prefs.has_animation || a.kept.prefs.animation) &&
		      baudrate() >= 19200;
	a.v.anim.cell = -1;
	a.reader.look_anim = a.v.anim.on;
	reader_start(&a, o.reader || (a.kept.prefs.has_reader && a.kept.prefs.reader));
	rc = app_run(&a);
	watch_end(&a);
	term_close();
	if (a.end.msg[0])
		play_error(a.end.msg);
	if (session_exit_msg(a.s)[0])
		play_error(session_exit_msg(a.s));
	if (a.end.idled)
		idle_said(&a, h, o.idle, rc);
	guest_code_said(&a, h);
	draw_free(&a.v);
	session_close(a.s);
	return rc;
}

int cmd_play(int argc, char **argv)
{
	return play_main(NULL, argc, argv);
}

int play_handed(const player_handoff *h)
{
	/* The admin's options as a command line of their own. */
	char **argv = calloc((size_t)h->noptions + 2, sizeof *argv);
	if (!argv)
		return EXIT_USAGE;
	argv[0] = "play";
	for (int i = 0; i < h->noptions; i++)
		argv[i + 1] = h->options[i];
	int rc = play_main(h, h->noptions + 1, argv);
	free(argv);
	return rc;
}
