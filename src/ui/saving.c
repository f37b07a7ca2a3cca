#include "ui/saving.h"

#include <curses.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "ui/pager.h"
#include "persist/paths.h"
#include "game/practice.h"
#include "game/saved.h"
#include "persist/savegame.h"
#include "persist/stats.h"
#include "ui/term.h"

/* prefix + msg into buf, cut to fit: these lines end on one screen line. */
static void say(char *buf, size_t len, const char *prefix, const char *msg)
{
	size_t n = strlen(prefix), m = strlen(msg);
	n = n < len - 1 ? n : len - 1;
	m = m < len - 1 - n ? m : len - 1 - n;
	memmove(buf + n, msg, m);
	memcpy(buf, prefix, n);
	buf[n + m] = '\0';
}

void saving_init(session *s)
{
	char err[300];
	s->save_path[0] = s->stats_path[0] = '\0';
	if (paths_file(PATHS_STATE, PATHS_SAVEGAME, true, s->save_path, sizeof s->save_path, err, sizeof err) < 0) {
		s->save_path[0] = '\0';
		say(s->notice, sizeof s->notice, "Games will not be saved: ", err);
	}
	if (paths_file(PATHS_DATA, PATHS_STATS, true, s->stats_path, sizeof s->stats_path, err, sizeof err) < 0) {
		s->stats_path[0] = '\0';
		if (!s->notice[0])
			say(s->notice, sizeof s->notice, "Statistics will not be kept: ", err);
	}
}

static const char *mode_word(const session *s)
{
	return s->mode == PRACTICE_DAILY ? "daily" : s->mode == PRACTICE_LADDER ? "practice" : s->origin;
}

int saving_load(session *s)
{
	saved_game sg;
	persist_result res;
	char msg[sizeof s->notice], err[256];
	if (!s->save_path[0])
		return 0;
	switch (savegame_read(s->save_path, &sg, &res)) {
	case PERSIST_OK:
		break;
	case PERSIST_NONE:
		return 0;
	case PERSIST_SET_ASIDE:
		/* Where it went first, the reason after, cut at the edge. */
	{
		char full[sizeof res.moved + sizeof res.why + 4];
		snprintf(full, sizeof full, "%s: %s",
			 strrchr(res.moved, '/') ? strrchr(res.moved, '/') + 1 : res.moved, res.why);
		say(s->notice, sizeof s->notice, "Saved game damaged, kept as ", full);
		return 0;
	}
	case PERSIST_NO_MEMORY:
	case PERSIST_REFUSED:
	case PERSIST_IO:
	case PERSIST_BUSY:
		/* The file stays where it is for a later try. */
		persist_describe(&res, msg, sizeof msg);
		say(s->notice, sizeof s->notice, "Saved game not loaded: ", msg);
		return 0;
	}
	if (saved_to_game(&s->g, &sg, err, sizeof err) < 0) {
		/* A save the parser took but this game cannot play (too large
		 * for memory, say): leave the file alone. */
		say(s->notice, sizeof s->notice, "Cannot resume the saved game: ", err);
		savegame_free(&sg);
		return 0;
	}
	s->mode = !strcmp(sg.mode, "daily") ? PRACTICE_DAILY : !strcmp(sg.mode, "practice") ? PRACTICE_LADDER :
									      PRACTICE_NONE;
	snprintf(s->origin, sizeof s->origin, "%s", s->mode == PRACTICE_NONE && sg.mode[0] ? sg.mode : "random");
	snprintf(s->daily, sizeof s->daily, "%s", sg.daily);
	s->rung = s->v.rung = 0;
	s->v.mode[0] = '\0';
	if (s->mode == PRACTICE_DAILY)
		snprintf(s->v.mode, sizeof s->v.mode, "daily %s", sg.daily);
	if (s->mode == PRACTICE_LADDER) {
		s->rung = s->v.rung = sg.rung > 0 ? sg.rung : LADDER_FIRST_RUNG;
		snprintf(s->v.mode, sizeof s->v.mode, "practice ladder");
	}
	s->save_owned = true;
	s->offer_resume = true;
	savegame_free(&sg);
	return 1;
}

/* Declined: the board the command line asked for, in place of the saved one. */
static void saving_fresh_board(session *s)
{
	char err[256];
	game next;
	if (game_init(&next, &s->fresh_cfg, err, sizeof err) < 0)
		goto fail;
	s->mode = s->fresh_mode;
	snprintf(s->origin, sizeof s->origin, "%s", s->fresh_origin);
	s->v.mode[0] = '\0';
	s->rung = s->v.rung = 0;
	if (session_install(s, &next, err, sizeof err) == 0)
		return;
fail:
	/* The saved board stays, from its start. */
	game_restart(&s->g);
	session_fresh(s);
	draw_message(&s->v, err);
}

int saving_start(session *s)
{
	if (s->notice[0])
		draw_message(&s->v, s->notice);
	if (!s->offer_resume)
		return 0;
	s->offer_resume = false;
	char q[160];
	long secs = (long)game_elapsed(&s->g, term_now());
	int moves = game_moves(&s->g);
	snprintf(q, sizeof q, "Resume the %dx%d game (%d move%s, %ld:%02ld)?", s->g.cfg.v.rows, s->g.cfg.v.cols, moves,
		 moves == 1 ? "" : "s", secs / 60, secs % 60);
	int ans = session_ask(s, q);
	if (ans == KEY_STOP || ans == KEY_LOST)
		return ans;
	if (ans) {
		draw_message(&s->v, "Resumed: u undoes the moves made before.");
		return 0;
	}
	saving_gave_up(s);
	saving_fresh_board(s);
	return 0;
}

void saving_changed(session *s, double now)
{
	if (!s->unsaved)
		s->changed_at = now;
	s->unsaved++;
}

void saving_tick(session *s, double now)
{
	if (!s->unsaved || s->v.what == VIEW_EDIT)
		return;
	if (!game_in_progress(&s->g) || s->unsaved >= SAVING_EVERY_MOVES || now - s->changed_at >= SAVING_EVERY_SECONDS)
		saving_sync(s);
}

static void saving_forget(session *s)
{
	persist_result res;
	char msg[sizeof s->v.msg];
	if (!s->save_path[0] || !s->save_owned)
		return;
	if (savegame_remove(s->save_path, &res) != PERSIST_OK) {
		persist_describe(&res, msg, sizeof msg);
		draw_message(&s->v, msg);
		return;
	}
	s->save_owned = false;
}

void saving_sync(session *s)
{
	char err[300];
	/* The editor changes cells outside the history: the position is no
	 * game yet, and the last save stays as it was. */
	if (s->v.what == VIEW_EDIT)
		return;
	s->unsaved = 0;
	if (!game_in_progress(&s->g)) {
		saving_forget(s);
		return;
	}
	if (!s->save_path[0])
		return;
	saved_game sg;
	savegame_init(&sg);
	saved_from_game(&sg, &s->g, term_now());
	snprintf(sg.mode, sizeof sg.mode, "%s", mode_word(s));
	sg.rung = s->mode == PRACTICE_LADDER ? s->rung : 0;
	snprintf(sg.daily, sizeof sg.daily, "%s", s->mode == PRACTICE_DAILY ? s->daily : "");
	/* The boards and moves are the game's: no savegame_free(). */
	persist_result res;
	if (savegame_write(s->save_path, &sg, &res) != PERSIST_OK) {
		persist_describe(&res, err, sizeof err);
		say(s->exit_msg, sizeof s->exit_msg, "cannot save the game: ", err);
		char line[sizeof s->v.msg];
		say(line, sizeof line, "Cannot save: ", err);
		draw_message(&s->v, line);
		return;
	}
	s->exit_msg[0] = '\0';
	s->save_owned = true;
}

static void saving_record(session *s)
{
	char msg[sizeof s->v.msg];
	persist_result res;
	stats_result r;
	if (s->recorded || !s->stats_path[0])
		return;
	s->recorded = true;
	saved_result(&r, &s->g, term_now(), s->mode == PRACTICE_DAILY ? s->daily : NULL);
	if (stats_record(s->stats_path, &r, &res) != PERSIST_OK) {
		persist_describe(&res, msg, sizeof msg);
		draw_message(&s->v, msg);
	}
}

void saving_won(session *s)
{
	saving_record(s);
	saving_forget(s);
	s->unsaved = 0;
}

void saving_gave_up(session *s)
{
	if (!game_in_progress(&s->g))
		return;
	saving_record(s);
	saving_forget(s);
	s->unsaved = 0;
}

int saving_stats_screen(session *s)
{
	char msg[sizeof s->v.msg];
	persist_result res;
	stats st;
	int rc = 0;
	struct stat probe;	/* lstat: a FIFO must not be opened here */
	if (!s->stats_path[0] || lstat(s->stats_path, &probe) < 0) {
		/* Nothing recorded: no lock file made just to say so. */
		stats_init(&st);
		if (s->stats_path[0] && errno != ENOENT) {
			snprintf(msg, sizeof msg, "%s", strerror(errno));
			rc = -1;
		}
	} else {
		rc = stats_load(s->stats_path, &st, &res) == PERSIST_OK ? 0 : -1;
		if (rc)
			persist_describe(&res, msg, sizeof msg);
	}
	if (rc != 0) {
		/* Damaged (now set aside) or unreadable: say so in one line. */
		stats_free(&st);
		draw_message(&s->v, msg);
		return 0;
	}
	size_t len;
	char *table = st.n ? stats_table(&st, &len) : strdup("No games recorded yet: win or give up a board.\n");
	stats_free(&st);
	if (!table) {
		draw_message(&s->v, "out of memory");
		return 0;
	}
	rc = pager_run(s, "Statistics of finished games",
		       table, "Arrows scroll; any other key returns to the game.");
	free(table);
	return rc;
}
