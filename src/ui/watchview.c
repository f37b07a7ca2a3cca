/* A watched game: a live game's file made into a game the real drawing
 * code draws, the player's cursor on it; polled for news (ui/watch.h). */
#include <curses.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "formats/lang.h"
#include "i18n.h"
#include "persist/name.h"
#include "ui/watch.h"

/* The player's name as this terminal can show it (persist/name.h), as
 * every other screen prints a name: a name is another's input. */
static void shown_name(const watched *w, char *buf, size_t len)
{
	name_for_terminal(w->lg.name, w->v.gl->utf8, buf, len);
}

static void info_line(watched *w)
{
	const live_game *lg = &w->lg;
	char clock[32];
	long secs = lg->elapsed;
	struct timespec ts;
	clock_gettime(CLOCK_REALTIME, &ts);
	long long now_ns = (long long)ts.tv_sec * 1000000000LL + ts.tv_nsec;
	/* The player's clock runs between publications: from the file's time. */
	if (lg->moves > 0 && !lg->won && now_ns > w->feed.seen_ns)
		secs += (long)((now_ns - w->feed.seen_ns) / 1000000000LL);
	snprintf(clock, sizeof clock, "%ld:%02ld", secs / 60, secs % 60);
	/* The player's name as this terminal can show it (persist/name.h);
	 * escaped, a long one loses its end to fit the line. */
	char name[64], who[96], rival[128] = "";
	shown_name(w, name, sizeof name);
	if (lg->guest)
		/* TRANSLATORS: a watched player's name, a guest's. */
		snprintf(who, sizeof who, _("%s (guest)"), name);
	else
		snprintf(who, sizeof who, "%s", name);
	if (lg->race[0]) {
		/* A race: the other racer's moves as this racer last saw them. */
		char other[64];
		name_for_terminal(lg->race, w->v.gl->utf8, other, sizeof other);
		/* TRANSLATORS: after a watched game's line: a dot (·), the
		 * other racer's name and their moves. */
		snprintf(rival, sizeof rival, P_(" %s racing %s: %d move", " %s racing %s: %d moves", lg->race_moves),
			 w->v.gl->dot, other, lg->race_moves);
	}
	/* TRANSLATORS: "Watching bob · Moves 12 · 1:02 · solved! ...": the
	 * name, a dot, the moves, a dot, the clock, then " · solved!" or
	 * nothing and the race's words or nothing. */
	snprintf(w->v.info, sizeof w->v.info, _("Watching %s %s Moves %d %s %s%s%s"), who, w->v.gl->dot, lg->moves,
		 w->v.gl->dot, clock, lg->won ? _(" · solved!") : "", rival);
	/* A screen reader's: words, and no clock that would be spoken every
	 * second. */
	if (w->v.gl->reader)
		/* TRANSLATORS: the same for a screen reader, without the clock:
		 * the name, the moves, ", solved!" or nothing, the race's words. */
		snprintf(w->v.info, sizeof w->v.info, _("Watching %s, Moves %d%s%s"), who, lg->moves,
			 lg->won ? _(", solved!") : "", rival);
}

/* Make a game of the file's variant; false when it cannot be drawn here. */
static bool make_game(watched *w, char *why, size_t len)
{
	game_config cfg;
	char name[NAME_SHOWN_MAX];
	memset(&cfg, 0, sizeof cfg);
	cfg.par = -1;
	if (w->have)
		game_free(&w->g);
	w->have = false;
	shown_name(w, name, sizeof name);
	if (!w->lg.open) {
		snprintf(why, len, _("%s does not take watchers."), name);
		return false;
	}
	if (!w->lg.ncells || variant_parse(&cfg.v, w->lg.variant, why, len) != LO_OK) {
		/* TRANSLATORS: a player's name, then their board (5x5 plus). */
		snprintf(why, len, _("%s's board (%s) cannot be shown to watchers."), name, w->lg.variant);
		return false;
	}
	if (game_init(&w->g, &cfg, why, len) != LO_OK)
		return false;
	if (board_size(w->g.cur) != w->lg.ncells) {
		game_free(&w->g);
		snprintf(why, len, _("%s's board does not match its size."), name);
		return false;
	}
	w->have = true;
	return true;
}

/* The file's cells and cursor onto the game drawn. */
static void apply_file(watched *w)
{
	board *b = w->g.cur;
	live_cells_read(w->lg.cells, w->lg.ncells, b->k, b->cells);
	w->v.cr = w->lg.cr < b->rows ? w->lg.cr : b->rows - 1;
	w->v.cc = w->lg.cc < b->cols ? w->lg.cc : b->cols - 1;
	/* TRANSLATORS: the title line's right side: a player's name. */
	const char *fmt = _("watching %s");
	/* The title's room past the words: the name keeps whole escapes. */
	char name[sizeof w->v.title];
	size_t words = strlen(fmt) - 2, room = words < sizeof name ? sizeof name - words : 1;
	shown_name(w, name, room);
	snprintf(w->v.title, sizeof w->v.title, fmt, name);
	info_line(w);
}

bool watched_open(watched *w, const char *host, const char *id, const glyphs *gl, char *why, size_t len)
{
	memset(w, 0, sizeof *w);
	if (!arcade_feed_open(&w->feed, host, id)) {
		snprintf(why, len, "%s", _("That game has ended."));
		return false;
	}
	return watched_show(w, &w->feed.lg, gl, why, len);
}

bool watched_show(watched *w, const live_game *lg, const glyphs *gl, char *why, size_t len)
{
	w->lg = *lg;
	w->v.gl = gl;
	w->v.what = VIEW_INFO;
	w->v.hint = -1;
	w->v.flash = -1;
	w->v.anim.cell = -1;
	w->v.cr = w->v.cc = 0;
	char name[NAME_SHOWN_MAX];
	shown_name(w, name, sizeof name);
	snprintf(w->v.msg, sizeof w->v.msg, _("Read-only: you see what %s sees.  q or Esc: stop watching."), name);
	if (!make_game(w, why, len))
		return false;
	w->v.g = &w->g;
	apply_file(w);
	return true;
}

bool watched_poll(watched *w)
{
	if (w->feed.gone)
		return false;
	char before[sizeof w->v.info];
	snprintf(before, sizeof before, "%s", w->v.info);
	int news = arcade_feed_poll(&w->feed);
	if (news < 0)
		return true;
	if (news == 0) {
		if (w->have)
			info_line(w);	/* the clock */
		return strcmp(before, w->v.info) != 0;
	}
	const live_game *lg = &w->feed.lg;
	bool remake = strcmp(lg->variant, w->lg.variant) != 0 || lg->open != w->lg.open || !w->have;
	w->lg = *lg;
	if (remake) {
		char why[sizeof w->v.msg];
		if (!make_game(w, why, sizeof why)) {
			snprintf(w->v.msg, sizeof w->v.msg, "%s", why);
			return true;
		}
		w->v.g = &w->g;
		w->v.ds.vr = -1;	/* a new board: all of it */
	}
	apply_file(w);
	return true;
}

void watched_draw(watched *w, bool all, double now)
{
	if (w->feed.gone || !w->have) {
		erase();
		const char *say = w->feed.gone ? _("The game you watched has ended.  Any key returns.") : w->v.msg;
		mvaddnstr(LINES / 2, 2, say, (int)text_fit(say, COLS - 4));
		return;
	}
	if (all || w->v.ds.vr < 0) {
		draw_layout(&w->v);
		draw_all(&w->v, now);
	} else
		draw_frame(&w->v, now);
}

void watched_close(watched *w)
{
	arcade_feed_close(&w->feed);
	if (w->have)
		game_free(&w->g);
	w->have = false;
	draw_free(&w->v);
}

