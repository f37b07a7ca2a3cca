/* Watching live games on a public account: our own game's publishing
 * asked of the session between keys (and the status line's who), the
 * live games' list (W) and one game watched (screens, their state this
 * file's own), and `lightsout watch`. */
#include "ui/watch.h"

#include <curses.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "formats/lang.h"
#include "formats/options.h"
#include "formats/output.h"
#include "i18n.h"
#include "persist/host.h"
#include "persist/name.h"
#include "persist/paths.h"
#include "ui/app.h"
#include "ui/reader.h"
#include "ui/term.h"

#define LIVE_LIST_EVERY 1.0	/* seconds between listings on the screen */

/* The screens' own: the list (W) and the game being watched. */
static struct {
	live_game *list;
	int nlist, sel;
	double listed_at;
	char why[200];		/* why the game chosen cannot be watched */
	watched w;
} live;

/* ---- Our own game, published by the session ---- */

/* The status line's words for a public account's player: who plays and
 * how many watch, or during a race whom we race and their moves. */
static void who_line(app *a)
{
	session_view sv = app_session(a);
	const racer *r = sv.race;
	/* The line is short: a name escaped for a terminal that is not
	 * UTF-8 may lose its end (whole escapes only). */
	char name[40];
	if (!sv.arcade) {
		a->v.who[0] = '\0';
		return;
	}
	/* After the race, on its board: its final tally stays. */
	if (r->phase == RACE_ON || session_race_rematch_for(a->s)[0]) {
		name_for_terminal(r->them.name, a->gl.utf8, name, sizeof name);
		/* TRANSLATORS: the status line while racing: the other racer's
		 * name and their moves; short. */
		snprintf(a->v.who, sizeof a->v.who, P_("vs %s: %d move", "vs %s: %d moves", r->their_moves), name,
			 r->their_moves);
		return;
	}
	char me[NAME_MAX_BYTES + 1];
	name_for_terminal(sv.name, a->gl.utf8, me, sizeof me);
	if (sv.watchers > 0 && sv.guest)
		snprintf(a->v.who, sizeof a->v.who,
			 /* TRANSLATORS: the status line's who: the player's name,
			  * and how many watch their game; short. */
			 P_("%s (guest), %d watching", "%s (guest), %d watching", sv.watchers), me, sv.watchers);
	else if (sv.watchers > 0)
		snprintf(a->v.who, sizeof a->v.who, P_("%s, %d watching", "%s, %d watching", sv.watchers), me,
			 sv.watchers);
	else if (sv.guest)
		snprintf(a->v.who, sizeof a->v.who, _("%s (guest)"), me);
	else
		snprintf(a->v.who, sizeof a->v.who, "%s", me);
}

void watch_publish(app *a, double now)
{
	/* Where we are, for others' races' list: the lobby anywhere in the
	 * stack (its leaderboard, its help) is the lobby. */
	bool lobby = false;
	for (int i = 0; i < a->depth; i++)
		lobby |= a->stack[i] == &lobby_screen;
	session_where(a->s, lobby);
	int ev = session_publish(a->s, now);
	/* A challenge to us is told wherever the player is (the leaderboard,
	 * the help, the settings), but not over a question, which holds the
	 * message line: it waits for the answer. */
	if (app_top(a) != &question_screen)
		ev |= session_race_heard(a->s, now);
	if (ev)
		app_react(a, ev);
	who_line(a);
}

void watch_end(app *a)
{
	(void)a;
	watched_close(&live.w);
	free(live.list);
	live.list = NULL;
}

/* ---- The screens: the list of live games (W), then one game ---- */

/* The host's live games: those beside ours. */
static void list_refresh(app *a)
{
	free(live.list);
	live.list = NULL;
	/* lightsout watch has no game of its own, and no list. */
	int n = a->s ? session_live_games(a->s, &live.list) : 0;
	live.nlist = n > 0 ? n : 0;
	live.listed_at = term_now();
	if (live.sel >= live.nlist)
		live.sel = live.nlist ? live.nlist - 1 : 0;
}

/* "guest-1a2b       guest  5x5 plus k=2        12 moves   1:02  no watchers":
 * 77 columns at most under UTF-8.  A guest is said in a column of its
 * own, past any name: "bob (guest)" can be a name, the column cannot.
 * Narrower than that (room), the board's column goes, not the time's
 * digits at the edge. */
static void list_line(const live_game *g, bool utf8, int room, char *buf, size_t len)
{
	char name[NAME_SHOWN_MAX], rival[NAME_SHOWN_MAX + 64] = "", other[NAME_SHOWN_MAX];
	int pad = NAME_MAX_CHARS - name_for_terminal(g->name, utf8, name, sizeof name);
	if (g->race[0]) {
		name_for_terminal(g->race, utf8, other, sizeof other);
		/* TRANSLATORS: at a live game's line's end: whom the player
		 * races; keep the two spaces. */
		snprintf(rival, sizeof rival, _("  racing %s"), other);
	}
	/* The guest's column: 6 columns, padded by the word's columns. */
	/* TRANSLATORS: a live game's guest column: at most 6 columns. */
	const char *guest = g->guest ? C_("live-games", "guest") : "";
	int guest_pad = 6 - text_cols(guest);
	int shape_w = room >= 77 ? 16 : 0;
	/* TRANSLATORS: a live game's line's end: keep the two spaces. */
	const char *state = g->open ? "" : _("  no watchers");
	char moves[40];
	/* TRANSLATORS: a live game's moves, the number in 5 columns. */
	snprintf(moves, sizeof moves, P_("%5d move", "%5d moves", g->moves), g->moves);
	/* "1 move" is a column shorter than "2 moves": the times line up. */
	int moves_pad = 11 - text_cols(moves);
	snprintf(buf, len, "%s%*s %s%*s %-*.*s%s%s%*s %3ld:%02ld%s%s", name, pad > 0 ? pad : 0, "", guest,
		 guest_pad > 0 ? guest_pad : 0, "", shape_w, shape_w, g->variant, shape_w ? " " : "", moves,
		 moves_pad > 0 ? moves_pad : 0, "", g->elapsed / 60, g->elapsed % 60, state, rival);
}

/* A line at (y, x), cut to room columns. */
static void put_cut(int y, int x, const char *s, int room)
{
	mvaddnstr(y, x, s, (int)text_fit(s, room));
}

static void list_draw(app *a)
{
	erase();
	attrset(A_BOLD);
	put_cut(0, 1, _("Live games on this host"), COLS - 2);
	attrset(A_NORMAL);
	if (!live.nlist)
		put_cut(2, 2, _("Nobody else is playing right now."), COLS - 4);
	for (int i = 0; i < live.nlist && 2 + i < LINES - 2; i++) {
		char line[NAME_SHOWN_MAX + 100];
		list_line(&live.list[i], a->gl.utf8, COLS - 4, line, sizeof line);
		if (i == live.sel)
			attrset(A_REVERSE);
		put_cut(2 + i, 2, line, COLS - 4);
		attrset(A_NORMAL);
	}
	if (live.why[0])
		put_cut(LINES - 2, 2, live.why, COLS - 4);
	/* TRANSLATORS: the live games' last line: at most 58 columns. */
	put_cut(LINES - 1, 1, _("Up/Down choose, Enter watch, r refresh, Esc or q back"), COLS - 2);
}

static reaction list_move(app *a, int key)
{
	(void)a;
	int d = key == KEY_UP || key == 'k' ? -1 : 1;
	live.why[0] = '\0';
	if (live.nlist)
		live.sel = (live.sel + d + live.nlist) % live.nlist;
	return REACT_REDRAW;
}

static reaction list_again(app *a, int key)
{
	(void)key;
	live.why[0] = '\0';
	list_refresh(a);
	return REACT_REDRAW;
}

static reaction list_watch(app *a, int key)
{
	(void)key;
	if (!live.nlist)
		return REACT_NONE;
	live.why[0] = '\0';
	if (!watched_open(&live.w, app_session(a).host, live.list[live.sel].id, &a->gl, live.why, sizeof live.why)) {
		watched_close(&live.w);
		list_refresh(a);
		list_draw(a);
		return REACT_NONE;
	}
	live.why[0] = '\0';
	live.w.v.color = a->v.color;
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
	live.sel = 0;
	live.why[0] = '\0';
	list_refresh(a);
}

static void list_leave(app *a)
{
	(void)a;
	free(live.list);
	live.list = NULL;
	live.nlist = 0;
}

/* The list looked at again every second, the chosen game kept chosen:
 * the games being played and their clocks, as they are now.  Not in the
 * screen-reader mode, where a clock that changed every second would be
 * spoken every second (r looks again there). */
static void list_poll(app *a, double now)
{
	if (reader_on(a) || now - live.listed_at < LIVE_LIST_EVERY)
		return;
	char id[LIVE_ID_MAX] = "";
	if (live.nlist)
		snprintf(id, sizeof id, "%s", live.list[live.sel].id);
	list_refresh(a);
	for (int i = 0; i < live.nlist && id[0]; i++)
		if (!strcmp(live.list[i].id, id))
			live.sel = i;
	list_draw(a);
}

static const key_row list_rows[] = {
	{ { KEY_UP, KEY_DOWN, 'k', 'j' }, list_move, "\u2191 \u2193, j k", "Up Down, j k", N_("choose a game"), NULL, 0 },
	{ { '\n', '\r', KEY_ENTER, ' ' }, list_watch, "Enter", "Enter", N_("watch it"), NULL, 0 },
	{ { 'r', 'W' }, list_again, "r", "r", N_("look again"), NULL, 0 },
	{ { KEY_ESC, 'q' }, list_back, "Esc, q", "Esc, q", N_("back to your game"), NULL, 0 },
	{ { 0 }, NULL, NULL, NULL, NULL, NULL, 0 },
};

const screen watch_list_screen = {
	.name = "watch-list", .title = N_("Live games (W)"), .rows = list_rows, .draw = list_draw, .enter = list_enter,
	.leave = list_leave, .poll = list_poll,
};

/* In the screen-reader mode, the watched game in words where its
 * player's cursor is: said each time it changes (a press, a move). */
static void watching_focus(app *a)
{
	int y, x;
	if (!reader_on(a) || !live.w.have || !draw_cursor_last(&y, &x))
		return;
	const live_game *lg = &live.w.lg;
	const board *b = live.w.g.cur;
	if (lg->cr < 0 || lg->cr >= b->rows || lg->cc < 0 || lg->cc >= b->cols)
		return;
	char name[NAME_SHOWN_MAX], state[16], lit[48], words[160];
	name_for_terminal(lg->name, name_locale_utf8(), name, sizeof name);
	reader_cell_state(b, lg->cr, lg->cc, state, sizeof state);
	reader_lit_words(b, lit, sizeof lit);
	if (lg->won)
		snprintf(words, sizeof words, P_("%s cleared the board in %d move", "%s cleared the board in %d moves",
						 lg->moves), name, lg->moves);
	else
		/* TRANSLATORS: the watched player, their moves, their cursor's
		 * row and column, its cell ("on", "off" or a value), then "9
		 * lights on". */
		snprintf(words, sizeof words, _("%s, move %d: row %d, column %d: %s; %s"), name, lg->moves, lg->cr + 1,
			 lg->cc + 1, state, lit);
	reader_focus(a, y, x, words);
}

static void watching_draw(app *a)
{
	watched_draw(&live.w, true, term_now());
	watching_focus(a);
}

static void watching_poll(app *a, double now)
{
	if (watched_poll(&live.w)) {
		watched_draw(&live.w, false, now);
		watching_focus(a);
	}
}

static reaction watching_leave(app *a, int key)
{
	(void)key;
	watched_close(&live.w);
	list_refresh(a);
	return REACT_LEAVE | REACT_REDRAW;
}

/* Read-only: a key does nothing, but once the game has ended any key
 * goes back. */
static reaction watching_ignore(app *a, int key)
{
	return live.w.feed.gone ? watching_leave(a, key) : REACT_NONE;
}

static reaction watching_redraw(app *a, int key)
{
	(void)a;
	(void)key;
	clearok(curscr, TRUE);
	return REACT_REDRAW;
}

static const key_row watching_rows[] = {
	{ { KEY_ESC, 'q', 'Q' }, watching_leave, "Esc, q", "Esc, q", N_("stop watching"), NULL, 0 },
	{ { KEY_CTRL('l') }, watching_redraw, "Ctrl-L", "Ctrl-L", N_("redraw the screen"), NULL, 0 },
	{ { 0 }, NULL, N_("any other key"), N_("any other key"),
	  N_("nothing: watching is read-only (once the game ends: back)"), NULL, 0 },
	{ { 0 }, NULL, NULL, NULL, NULL, NULL, 0 },
};

const screen watch_screen = {
	.name = "watch", .title = N_("Watching a game"), .rows = watching_rows, .other = watching_ignore,
	.draw = watching_draw, .poll = watching_poll,
};

/* ---- lightsout watch ---- */

static void watch_usage(const options_def *d)
{
	fputs(_("Usage: lightsout watch [--dir DIR] [--list] [NAME]\n"
		"The live games of a public account (lightsout serve): --list prints them,\n"
		"one a line (name, guest or player, variant, moves, seconds); NAME watches\n"
		"that player's game, read-only, until q.\n"),
	      stdout);
	options_help(d->specs, 20);
}

/* A message, already in the player's language, after the command's name. */
static void watch_error(const char *msg)
{
	/* notext: the command's name before a message translated already */
	fprintf(stderr, "lightsout watch: %s\n", msg);
}

int cmd_watch(int argc, char **argv)
{
	const char *dir_arg = NULL;
	bool list = false;
	const option_spec specs[] = {
		/* TRANSLATORS: an option's help in --help, after the option at
		 * column 20: at most 60 columns a line. */
		{ "dir", 0, OPTION_STRING, &dir_arg, .arg = "DIR",
		  .help = N_("the account's host directory (default: this account's\n"
			     "$XDG_STATE_HOME/lightsout/host)") },
		{ "list", 0, OPTION_FLAG, &list, .help = N_("print the live games, one a line") },
		{ "help", 'h', OPTION_FLAG, .help = N_("this help") },
		{ NULL },
	};
	const options_def d = { .cmd = "watch", .specs = specs, .operands = 1, .help = watch_usage };
	int first, status = options_run(&d, argc, argv, &first);
	if (status != OPTIONS_GO)
		return status;
	char host[3100] = "", err[300];
	if (list && first < argc)
		return options_usage_error("watch", _("give --list or one NAME"));
	if (dir_arg)
		snprintf(host, sizeof host, "%s", dir_arg);
	if (!host[0]) {
		char state[3000];
		if (paths_dir(PATHS_STATE, false, state, sizeof state, err, sizeof err) < 0) {
			watch_error(err);
			return EXIT_USAGE;
		}
		snprintf(host, sizeof host, "%s/host", state);
	}
	char dir[3200];
	host_path(host, HOST_DIR_WATCH, dir, sizeof dir);
	live_game *games;
	int n = arcade_list(host, "", &games);
	if (n < 0) {
		/* TRANSLATORS: a directory, then why it cannot be read. */
		fprintf(stderr, _("lightsout watch: %s: %s (is it a public account's host directory? see --dir)\n"), dir,
			strerror(errno));
		return EXIT_USAGE;
	}
	if (list || first == argc) {
		bool utf8 = name_locale_utf8();
		for (int i = 0; i < n; i++) {
			char name[NAME_SHOWN_MAX], rival[NAME_SHOWN_MAX] = "";
			name_for_terminal(games[i].name, utf8, name, sizeof name);
			if (games[i].race[0])
				name_for_terminal(games[i].race, utf8, rival, sizeof rival);
			/* notext: --list's lines are tab-separated fields for scripts */
			printf("%s\t%s\t%s\t%d\t%ld%s%s%s\n", name, games[i].guest ? "guest" : "player", games[i].variant,
			       games[i].moves, games[i].elapsed, games[i].won ? "\tsolved" : "", rival[0] ? "\tracing " : "",
			       rival);
		}
		if (!list && n == 0)
			printf("%s", _("Nobody is playing right now.\n"));
		free(games);
		return 0;
	}
	const char *want = argv[first];
	int at = -1;
	for (int i = 0; i < n; i++)
		if (!strcmp(games[i].name, want))
			at = i;
	if (at < 0) {
		fprintf(stderr, _("lightsout watch: nobody called '%s' is playing ('lightsout watch --list')\n"), want);
		free(games);
		return 1;
	}
	char id[LIVE_ID_MAX];
	snprintf(id, sizeof id, "%s", games[at].id);
	free(games);
	if (!isatty(STDIN_FILENO) || !isatty(STDOUT_FILENO)) {
		fprintf(stderr, "%s", _("lightsout watch: watching needs a terminal; --list prints the games\n"));
		return EXIT_USAGE;
	}
	/* The watch screen in the game's one loop, with no game of our own. */
	static app a;
	if (term_open(false, TERM_MAX_ROWS, TERM_MAX_COLS, err, sizeof err) < 0) {
		watch_error(err);
		return EXIT_USAGE;
	}
	glyphs_init(&a.gl, false);
	a.v.gl = &a.gl;
	a.v.color = draw_colors_init(!getenv("NO_COLOR"), 0);
	char why[200];
	if (!watched_open(&live.w, host, id, &a.gl, why, sizeof why)) {
		term_close();
		watch_error(why);
		watched_close(&live.w);
		return 1;
	}
	live.w.v.color = a.v.color;
	status = app_run_screen(&a, &watch_screen);
	watched_close(&live.w);
	term_close();
	return status >= 128 ? 0 : status;
}
