/* Watching live games on a public account: our own game published (the
 * core's a->w says who and where), the live games' list (W) and one game
 * watched (screens, their state this file's own), and `lightsout watch`. */
#include "ui/watch.h"

#include <curses.h>
#include <stddef.h>
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "formats/boardio.h"
#include "formats/output.h"
#include "persist/host.h"
#include "persist/name.h"
#include "persist/paths.h"
#include "ui/app.h"
#include "ui/term.h"

/* The screens' own: the list (W) and the game being watched (no
 * watcher's file held yet: watch_end closes nothing). */
static struct {
	live_game *list;
	int nlist, sel;
	watched w;
} W = { .w.eye = -1 };

/* ---- Our own game, published ---- */

/* At most ten writes a second, however fast keys come (a paste, a held
 * key): a change within the interval waits, and the latest state is
 * written at the first call after it (the loop calls between keys and at
 * least every half second), so a watcher always sees the last position. */
#define WATCH_PUBLISH_EVERY 0.1
static double published_at = -1e9;

static void who_line(watching *w, view *v, bool utf8)
{
	/* The line is short: a name escaped for a terminal that is not
	 * UTF-8 may lose its end (whole escapes only). */
	char name[NAME_MAX_BYTES + 1];
	if (!w->dir[0])
		return;
	name_for_terminal(w->name, utf8, name, sizeof name);
	if (w->eyes > 0)
		snprintf(v->who, sizeof v->who, "%s%s, %d watching", name, w->guest ? " (guest)" : "", w->eyes);
	else
		snprintf(v->who, sizeof v->who, "%s%s", name, w->guest ? " (guest)" : "");
}

void watch_setup(watching *w, const char *host, const char *live_id, const char *name, bool guest)
{
	w->host[0] = w->dir[0] = w->locks[0] = '\0';
	w->eyes = 0;
	w->eyes_at = -1e9;
	w->last[0] = '\0';
	if (!host || !host[0] || !live_id || !live_id[0])
		return;
	snprintf(w->host, sizeof w->host, "%s", host);
	host_path(host, HOST_DIR_WATCH, w->dir, sizeof w->dir);
	host_path(host, HOST_DIR_LIVE, w->locks, sizeof w->locks);
	snprintf(w->id, sizeof w->id, "%s", live_id);
	snprintf(w->name, sizeof w->name, "%s", name);
	w->guest = guest;
}

void watch_publish(app *a, double now)
{
	watching *w = &a->w;
	if (!w->dir[0])
		return;
	const game *g = app_session(a).g;
	const board *b = g->cur;
	static live_game lg;
	char text[LIVE_FILE_MAX + 1];
	memset(&lg, 0, offsetof(live_game, cells));
	snprintf(lg.id, sizeof lg.id, "%s", w->id);
	snprintf(lg.name, sizeof lg.name, "%s", w->name);
	lg.guest = w->guest;
	lg.open = w->open;
	variant_format(&g->cfg.v, lg.variant, sizeof lg.variant);
	lg.moves = game_moves(g);
	lg.won = g->won;
	lg.cr = a->v.cr;
	lg.cc = a->v.cc;
	lg.ncells = 0;
	/* Cells only for watchers welcome, on boards a file can carry; a
	 * cell as a board file writes it (every k has a symbol). */
	if (w->open && !g->cfg.v.graph && board_size(b) <= LIVE_CELLS_MAX) {
		lg.ncells = board_size(b);
		for (int i = 0; i < lg.ncells; i++)
			lg.cells[i] = boardio_symbol(b->cells[i]);
		lg.cells[lg.ncells] = '\0';
	}
	snprintf(lg.race, sizeof lg.race, "%s", w->rival);
	lg.race_moves = w->rival_moves;
	/* The clock alone is no news: watchers run it from the file's time. */
	lg.elapsed = 0;
	if (live_format(&lg, text, sizeof text) >= 0 && strcmp(text, w->last) != 0 &&
	    now - published_at >= WATCH_PUBLISH_EVERY) {
		published_at = now;
		memcpy(w->last, text, strlen(text) + 1);
		lg.elapsed = (long)game_elapsed(g, now);
		live_publish(w->dir, &lg);
	}
	if (now - w->eyes_at >= 1.0) {
		w->eyes_at = now;
		int eyes = live_eyes(w->dir, w->id);
		if (eyes != w->eyes || !a->v.who[0]) {
			w->eyes = eyes;
			who_line(w, &a->v, a->gl.utf8);
		}
	}
}

void watch_end(app *a)
{
	if (a->w.dir[0])
		live_withdraw(a->w.dir, a->w.id);
	watched_close(&W.w);
	free(W.list);
	W.list = NULL;
}

/* ---- The screens: the list of live games (W), then one game ---- */

/* The host's live games: those beside ours in its watch/. */
static void list_refresh(app *a)
{
	free(W.list);
	W.list = NULL;
	W.nlist = 0;
	if (!a->w.dir[0])
		return;
	int n = live_list(a->w.dir, a->w.locks, &W.list);
	/* Our own game is not one to watch. */
	int kept = 0;
	for (int i = 0; i < n; i++)
		if (strcmp(W.list[i].id, a->w.id) != 0)
			W.list[kept++] = W.list[i];
	W.nlist = kept;
	if (W.sel >= kept)
		W.sel = kept ? kept - 1 : 0;
}

/* "guest-1a2b       guest  5x5 plus k=2        12 moves   1:02  no watchers":
 * 77 columns at most under UTF-8.  A guest is said in a column of its
 * own, past any name: "bob (guest)" can be a name, the column cannot. */
static void list_line(const live_game *g, bool utf8, char *buf, size_t len)
{
	char name[NAME_SHOWN_MAX], rival[NAME_SHOWN_MAX + 16] = "";
	int pad = NAME_MAX_CHARS - name_for_terminal(g->name, utf8, name, sizeof name);
	if (g->race[0]) {
		memcpy(rival, "  racing ", 10);
		name_for_terminal(g->race, utf8, rival + 9, sizeof rival - 9);
	}
	snprintf(buf, len, "%s%*s %-6s %-16.16s %5d moves %3ld:%02ld%s%s", name, pad > 0 ? pad : 0, "",
		 g->guest ? "guest" : "", g->variant, g->moves, g->elapsed / 60, g->elapsed % 60,
		 g->won ? "  solved" : g->open ? "" : "  no watchers", rival);
}

static void list_draw(app *a)
{
	erase();
	attrset(A_BOLD);
	mvaddnstr(0, 1, "Live games on this host", COLS - 2);
	attrset(A_NORMAL);
	if (!W.nlist)
		mvaddnstr(2, 2, "Nobody else is playing right now.", COLS - 4);
	for (int i = 0; i < W.nlist && 2 + i < LINES - 2; i++) {
		char line[NAME_SHOWN_MAX + 100];
		list_line(&W.list[i], a->gl.utf8, line, sizeof line);
		if (i == W.sel)
			attrset(A_REVERSE);
		mvaddnstr(2 + i, 2, line, COLS - 4);
		attrset(A_NORMAL);
	}
	mvaddnstr(LINES - 1, 1, "Up/Down choose, Enter watch, r refresh, Esc or q back", COLS - 2);
}

static reaction list_move(app *a, int key)
{
	(void)a;
	int d = key == KEY_UP || key == 'k' ? -1 : 1;
	if (W.nlist)
		W.sel = (W.sel + d + W.nlist) % W.nlist;
	return REACT_REDRAW;
}

static reaction list_again(app *a, int key)
{
	(void)key;
	list_refresh(a);
	return REACT_REDRAW;
}

static reaction list_watch(app *a, int key)
{
	(void)key;
	char why[200];
	if (!W.nlist)
		return REACT_NONE;
	if (!watched_open(&W.w, a->w.dir, a->w.locks, W.list[W.sel].id, &a->gl, why, sizeof why)) {
		watched_close(&W.w);
		list_refresh(a);
		list_draw(a);
		mvaddnstr(LINES - 2, 2, why, COLS - 4);
		return REACT_NONE;
	}
	W.w.v.color = a->v.color;
	app_push(a, &watch_screen);
	return REACT_REDRAW;
}

static reaction list_back(app *a, int key)
{
	(void)a;
	(void)key;
	return REACT_LEAVE | REACT_REDRAW;
}

static void list_enter(app *a)
{
	W.sel = 0;
	list_refresh(a);
}

static void list_leave(app *a)
{
	(void)a;
	free(W.list);
	W.list = NULL;
	W.nlist = 0;
}

static const key_row list_rows[] = {
	{ { KEY_UP, KEY_DOWN, 'k', 'j' }, list_move, "\u2191 \u2193, j k", "Up Down, j k", "choose a game", NULL, 0 },
	{ { '\n', '\r', KEY_ENTER, ' ' }, list_watch, "Enter", "Enter", "watch it", NULL, 0 },
	{ { 'r', 'W' }, list_again, "r", "r", "look again", NULL, 0 },
	{ { KEY_ESC, 'q' }, list_back, "Esc, q", "Esc, q", "back to your game", NULL, 0 },
	{ { 0 }, NULL, NULL, NULL, NULL, NULL, 0 },
};

const screen watch_list_screen = {
	.name = "watch-list", .title = "Live games (W)", .rows = list_rows, .draw = list_draw, .enter = list_enter,
	.leave = list_leave,
};

static void watching_draw(app *a)
{
	(void)a;
	watched_draw(&W.w, true, term_now());
}

static void watching_poll(app *a, double now)
{
	(void)a;
	if (watched_poll(&W.w))
		watched_draw(&W.w, false, now);
}

static reaction watching_leave(app *a, int key)
{
	(void)key;
	watched_close(&W.w);
	list_refresh(a);
	return REACT_LEAVE | REACT_REDRAW;
}

/* Read-only: a key does nothing, but once the game has ended any key
 * goes back. */
static reaction watching_ignore(app *a, int key)
{
	return W.w.gone ? watching_leave(a, key) : REACT_NONE;
}

static reaction watching_redraw(app *a, int key)
{
	(void)a;
	(void)key;
	clearok(curscr, TRUE);
	return REACT_REDRAW;
}

static const key_row watching_rows[] = {
	{ { KEY_ESC, 'q', 'Q' }, watching_leave, "Esc, q", "Esc, q", "stop watching", NULL, 0 },
	{ { KEY_CTRL('l') }, watching_redraw, "Ctrl-L", "Ctrl-L", "redraw the screen", NULL, 0 },
	{ { 0 }, NULL, "any other key", "any other key", "nothing: watching is read-only (once the game ends: back)",
	  NULL, 0 },
	{ { 0 }, NULL, NULL, NULL, NULL, NULL, 0 },
};

const screen watch_screen = {
	.name = "watch", .title = "Watching a game", .rows = watching_rows, .other = watching_ignore,
	.draw = watching_draw, .poll = watching_poll,
};

/* ---- lightsout watch ---- */

static void watch_usage(void)
{
	printf("Usage: lightsout watch [--dir DIR] [--list] [NAME]\n"
	       "The live games of a public account (lightsout serve): --list prints them,\n"
	       "one a line (name, guest or player, variant, moves, seconds); NAME watches\n"
	       "that player's game, read-only, until q.\n"
	       "      --dir DIR   the account's host directory (default: this account's\n"
	       "                  $XDG_STATE_HOME/lightsout/host)\n");
}

int watch_main(int argc, char **argv)
{
	static const struct option longs[] = {
		{ "dir", required_argument, NULL, 'd' },
		{ "list", no_argument, NULL, 'l' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	char host[3100] = "", err[300];
	bool list = false;
	int c;
	opterr = 0;
	optind = 1;
	while ((c = getopt_long(argc, argv, "h", longs, NULL)) != -1) {
		if (c == 'd')
			snprintf(host, sizeof host, "%s", optarg);
		else if (c == 'l')
			list = true;
		else if (c == 'h') {
			watch_usage();
			return 0;
		} else {
			fprintf(stderr, "lightsout watch: unknown option '%s'\nTry 'lightsout watch --help'.\n",
				argv[optind - 1]);
			return EXIT_USAGE;
		}
	}
	if (optind < argc - 1 || (list && optind < argc)) {
		fprintf(stderr, "lightsout watch: give --list or one NAME\n");
		return EXIT_USAGE;
	}
	if (!host[0]) {
		char state[3000];
		if (paths_dir(PATHS_STATE, false, state, sizeof state, err, sizeof err) < 0) {
			fprintf(stderr, "lightsout watch: %s\n", err);
			return EXIT_USAGE;
		}
		snprintf(host, sizeof host, "%s/host", state);
	}
	char dir[3200], locks[3200];
	host_path(host, HOST_DIR_WATCH, dir, sizeof dir);
	host_path(host, HOST_DIR_LIVE, locks, sizeof locks);
	live_game *games;
	int n = live_list(dir, locks, &games);
	if (n < 0) {
		fprintf(stderr, "lightsout watch: %s: %s (is it a public account's host directory? see --dir)\n", dir,
			strerror(errno));
		return EXIT_USAGE;
	}
	if (list || optind == argc) {
		bool utf8 = name_locale_utf8();
		for (int i = 0; i < n; i++) {
			char name[NAME_SHOWN_MAX], rival[NAME_SHOWN_MAX] = "";
			name_for_terminal(games[i].name, utf8, name, sizeof name);
			if (games[i].race[0])
				name_for_terminal(games[i].race, utf8, rival, sizeof rival);
			printf("%s\t%s\t%s\t%d\t%ld%s%s%s\n", name, games[i].guest ? "guest" : "player", games[i].variant,
			       games[i].moves, games[i].elapsed, games[i].won ? "\tsolved" : "", rival[0] ? "\tracing " : "",
			       rival);
		}
		if (!list && n == 0)
			printf("Nobody is playing right now.\n");
		free(games);
		return 0;
	}
	const char *want = argv[optind];
	int at = -1;
	for (int i = 0; i < n; i++)
		if (!strcmp(games[i].name, want))
			at = i;
	if (at < 0) {
		fprintf(stderr, "lightsout watch: nobody called '%s' is playing ('lightsout watch --list')\n", want);
		free(games);
		return 1;
	}
	char id[LIVE_ID_MAX];
	snprintf(id, sizeof id, "%s", games[at].id);
	free(games);
	if (!isatty(STDIN_FILENO) || !isatty(STDOUT_FILENO)) {
		fprintf(stderr, "lightsout watch: watching needs a terminal; --list prints the games\n");
		return EXIT_USAGE;
	}
	/* The watch screen in the game's one loop, with no game of our own. */
	static app a;
	if (term_open(false, TERM_MAX_ROWS, TERM_MAX_COLS, err, sizeof err) < 0) {
		fprintf(stderr, "lightsout watch: %s\n", err);
		return EXIT_USAGE;
	}
	glyphs_init(&a.gl, false);
	a.v.gl = &a.gl;
	a.v.color = draw_colors_init(!getenv("NO_COLOR"), 0);
	char why[200];
	if (!watched_open(&W.w, dir, locks, id, &a.gl, why, sizeof why)) {
		term_close();
		fprintf(stderr, "lightsout watch: %s\n", why);
		watched_close(&W.w);
		return 1;
	}
	W.w.v.color = a.v.color;
	int status = app_run_screen(&a, &watch_screen);
	watched_close(&W.w);
	term_close();
	return status >= 128 ? 0 : status;
}
