/* A watched game: a live game's file made into a game the real drawing
 * code draws, the player's cursor on it; polled for news (ui/watch.h). */
#include <curses.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#include "formats/boardio.h"
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
	if (lg->moves > 0 && !lg->won && now_ns > w->seen_ns)
		secs += (long)((now_ns - w->seen_ns) / 1000000000LL);
	snprintf(clock, sizeof clock, "%ld:%02ld", secs / 60, secs % 60);
	/* The player's name as this terminal can show it (persist/name.h);
	 * escaped, a long one loses its end to fit the line. */
	char name[64], rival[96] = "";
	shown_name(w, name, sizeof name);
	if (lg->race[0]) {
		/* A race: the other racer's moves as this racer last saw them. */
		char other[64];
		name_for_terminal(lg->race, w->v.gl->utf8, other, sizeof other);
		snprintf(rival, sizeof rival, " %s racing %s: %d move%s", w->v.gl->dot, other, lg->race_moves,
			 lg->race_moves == 1 ? "" : "s");
	}
	snprintf(w->v.info, sizeof w->v.info, "Watching %s%s %s Moves %d %s %s%s%s", name,
		 lg->guest ? " (guest)" : "", w->v.gl->dot, lg->moves, w->v.gl->dot, clock, lg->won ? " · solved!" : "",
		 rival);
	/* A screen reader's: words, and no clock that would be spoken every
	 * second. */
	if (w->v.gl->reader)
		snprintf(w->v.info, sizeof w->v.info, "Watching %s%s, Moves %d%s%s", name, lg->guest ? " (guest)" : "",
			 lg->moves, lg->won ? ", solved!" : "", rival);
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
		snprintf(why, len, "%s does not take watchers.", name);
		return false;
	}
	if (!w->lg.ncells || variant_parse(&cfg.v, w->lg.variant, why, len) != LO_OK) {
		snprintf(why, len, "%s's board (%s) cannot be shown to watchers.", name, w->lg.variant);
		return false;
	}
	if (game_init(&w->g, &cfg, why, len) != LO_OK)
		return false;
	if (board_size(w->g.cur) != w->lg.ncells) {
		game_free(&w->g);
		snprintf(why, len, "%s's board does not match its size.", name);
		return false;
	}
	w->have = true;
	return true;
}

/* The file's cells and cursor onto the game drawn. */
static void apply_file(watched *w)
{
	board *b = w->g.cur;
	for (int i = 0; i < w->lg.ncells; i++) {
		int v = boardio_value(w->lg.cells[i]);	/* 0-9 a-z: live_parse checked */
		b->cells[i] = (uint8_t)(v < b->k ? v : 0);
	}
	w->v.cr = w->lg.cr < b->rows ? w->lg.cr : b->rows - 1;
	w->v.cc = w->lg.cc < b->cols ? w->lg.cc : b->cols - 1;
	char name[sizeof w->v.mode - 9];	/* the title's room: whole escapes only */
	shown_name(w, name, sizeof name);
	snprintf(w->v.mode, sizeof w->v.mode, "watching %s", name);
	info_line(w);
}

static bool file_time(const watched *w, long long *ns, ino_t *ino)
{
	char path[4300];
	struct stat st;
	if (live_path(w->dir, w->id, path, sizeof path) < 0 || lstat(path, &st) < 0)
		return false;
	*ns = (long long)st.st_mtim.tv_sec * 1000000000LL + st.st_mtim.tv_nsec;
	*ino = st.st_ino;
	return true;
}

bool watched_open(watched *w, const char *dir, const char *locks, const char *id, const glyphs *gl, char *why,
		  size_t len)
{
	live_game lg;
	memset(w, 0, sizeof *w);
	w->eye = -1;
	snprintf(w->dir, sizeof w->dir, "%s", dir);
	snprintf(w->locks, sizeof w->locks, "%s", locks);
	snprintf(w->id, sizeof w->id, "%s", id);
	if (!file_time(w, &w->seen_ns, &w->seen_ino) || live_read(w->dir, w->locks, id, &lg) < 0) {
		snprintf(why, len, "That game has ended.");
		return false;
	}
	if (!watched_show(w, &lg, gl, why, len))
		return false;
	w->eye = live_eye_open(w->dir, id);
	return true;
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
	snprintf(w->v.msg, sizeof w->v.msg, "Read-only: you see what %s sees.  q or Esc: stop watching.", name);
	if (!make_game(w, why, len))
		return false;
	w->v.g = &w->g;
	apply_file(w);
	return true;
}

bool watched_poll(watched *w)
{
	long long ns;
	ino_t ino;
	if (w->gone)
		return false;
	char before[sizeof w->v.info];
	snprintf(before, sizeof before, "%s", w->v.info);
	if (!file_time(w, &ns, &ino)) {
		w->gone = true;
		return true;
	}
	if (ns == w->seen_ns && ino == w->seen_ino) {
		if (w->have)
			info_line(w);	/* the clock */
		return strcmp(before, w->v.info) != 0;
	}
	live_game lg;
	if (live_read(w->dir, w->locks, w->id, &lg) < 0) {
		w->gone = true;
		return true;
	}
	w->seen_ns = ns;
	w->seen_ino = ino;
	bool remake = strcmp(lg.variant, w->lg.variant) != 0 || lg.open != w->lg.open || !w->have;
	w->lg = lg;
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
	if (w->gone || !w->have) {
		erase();
		mvaddnstr(LINES / 2, 2, w->gone ? "The game you watched has ended.  Any key returns." : w->v.msg, COLS - 4);
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
	if (w->eye >= 0)
		live_eye_close(w->dir, w->id, w->eye);
	w->eye = -1;
	if (w->have)
		game_free(&w->g);
	w->have = false;
	draw_free(&w->v);
}

