/* When the game touches its files (saving.h): the session's saver.  What
 * a save holds is saved.c's, the file's text persist/savegame.c's, which
 * file persist/slot.c's. */
#include "base/path.h"
#include "game/saving.h"

#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "game/practice.h"
#include "game/saved.h"
#include "i18n.h"
#include "persist/host.h"
#include "persist/lock.h"
#include "persist/name.h"
#include "persist/paths.h"
#include "persist/savegame.h"
#include "persist/scores.h"
#include "persist/stats.h"

/* prefix + msg into buf, cut to fit: these lines end on one screen line. */
static void msg_join(char *buf, size_t len, const char *prefix, const char *msg)
{
	size_t n = strlen(prefix), m = strlen(msg);
	n = n < len - 1 ? n : len - 1;
	m = m < len - 1 - n ? m : len - 1 - n;
	memmove(buf + n, msg, m);
	memcpy(buf, prefix, n);
	buf[n + m] = '\0';
}

/* Slot 1 holds a saved game and this run plays another board: a free
 * side slot with no game in it, so the saved one stays for later.  With
 * every slot holding a game, this one is not saved at all: no saved game
 * is ever written over without the player's say. */
static void keep_apart(saver *sa)
{
	char err[300];
	if (access(sa->save_path, F_OK) < 0)
		return;
	/* Which game is kept, and how to get it back, in few words: the
	 * title line holds them, not the key bar. */
	saved_game kept;
	persist_result res;
	char which[48];
	/* TRANSLATORS: completes "Your %s game is kept: lightsout resumes it" (else a size, "5x5"). */
	snprintf(which, sizeof which, "%s", _("saved"));
	savegame_init(&kept);
	if (savegame_read(sa->save_path, &kept, &res) == PERSIST_OK)
		snprintf(which, sizeof which, "%dx%d", kept.v.rows, kept.v.cols);	/* notext: a size */
	savegame_free(&kept);
	for (int i = 2; i <= SLOT_MAX; i++) {
		char side[PATH_LEN];
		slot other;
		if (slot_save_path(sa->base, i, side, sizeof side) < 0 || access(side, F_OK) == 0 ||
		    slot_take(sa->base, i, 0, &other, err, sizeof err) < 0)
			continue;
		slot_release(&sa->sl);
		sa->sl = other;
		snprintf(sa->save_path, sizeof sa->save_path, "%s", sa->sl.save);
		/* TRANSLATORS: %s is "saved" or a size ("5x5"); at most 60 columns. */
		snprintf(sa->aside, sizeof sa->aside, _("Your %s game is kept: lightsout resumes it"), which);
		return;
	}
	sa->save_path[0] = '\0';
	snprintf(sa->notice, sizeof sa->notice,
		 P_("This game will not be saved: your %d saved games are kept (a plain lightsout resumes them).",
		    /* notext: the plural of the message above (P_) */
		    "This game will not be saved: your %d saved games are kept (a plain lightsout resumes them).",
		    SLOT_MAX),
		 SLOT_MAX);
}

void saving_init(saver *sa, bool keep_saved)
{
	char err[300];
	memset(sa, 0, sizeof *sa);
	sa->sl.fd = -1;
	if (paths_file(PATHS_STATE, PATHS_SAVEGAME, true, sa->base, sizeof sa->base, err, sizeof err) < 0) {
		sa->base[0] = '\0';
		msg_join(sa->notice, sizeof sa->notice, _("Games will not be saved: "), err);
	} else if (slot_take(sa->base, 1, 0, &sa->sl, err, sizeof err) == 0 ||
		   (slot_busy(sa->base, 1, &sa->other) && slot_take_free(sa->base, &sa->sl, err, sizeof err) == 0)) {
		/* Another game owns slot 1: this one keeps its own save. */
		snprintf(sa->save_path, sizeof sa->save_path, "%s", sa->sl.save);
		/* Slot 1 holds no game but a game kept apart once does: that
		 * one is offered back instead of waiting for two games again. */
		for (int i = 2; i <= SLOT_MAX && sa->sl.index == 1 && access(sa->save_path, F_OK) < 0; i++) {
			char side[PATH_LEN];
			slot other;
			if (slot_save_path(sa->base, i, side, sizeof side) < 0 || access(side, F_OK) < 0 ||
			    slot_take(sa->base, i, 0, &other, err, sizeof err) < 0)
				continue;
			slot_release(&sa->sl);
			sa->sl = other;
			snprintf(sa->save_path, sizeof sa->save_path, "%s", sa->sl.save);
		}
		if (keep_saved && sa->sl.index == 1)
			keep_apart(sa);
	} else
		msg_join(sa->notice, sizeof sa->notice, _("Games will not be saved: "), err);
	if (paths_file(PATHS_DATA, PATHS_STATS, true, sa->stats_path, sizeof sa->stats_path, err, sizeof err) < 0) {
		sa->stats_path[0] = '\0';
		if (!sa->notice[0])
			msg_join(sa->notice, sizeof sa->notice, _("Statistics will not be kept: "), err);
	}
}

void saving_close(saver *sa)
{
	slot_release(&sa->sl);
	for (int i = 0; i < sa->ngraphs; i++)
		graph_free(sa->graphs[i]);
	free(sa->graphs);
	sa->graphs = NULL;
	sa->ngraphs = 0;
}

/* A resumed graph game's press sets live as long as the session: the game,
 * the settings menu and the records point to them. */
static bool keep_graph(saver *sa, saved_game *sg)
{
	if (!sg->graph)
		return true;
	graph **n = realloc(sa->graphs, (size_t)(sa->ngraphs + 1) * sizeof *n);
	if (!n)
		return false;
	sa->graphs = n;
	sa->graphs[sa->ngraphs++] = sg->graph;
	sg->graph = NULL;
	return true;
}

bool saving_load(saver *sa, play *p)
{
	saved_game sg;
	persist_result res;
	char msg[sizeof sa->notice], err[256];
	if (!sa->save_path[0])
		return false;
	switch (savegame_read(sa->save_path, &sg, &res)) {
	case PERSIST_OK:
		break;
	case PERSIST_NONE:
		return false;
	case PERSIST_SET_ASIDE: {
		/* Where it went first, the reason after, cut at the edge. */
		const char *name = strrchr(res.moved, '/');
		char line[sizeof res.moved + sizeof res.why + 8];
		snprintf(line, sizeof line, "%s: %s", name ? name + 1 : res.moved, res.why);
		msg_join(sa->notice, sizeof sa->notice, _("Saved game damaged, kept as "), line);
		return false;
	}
	case PERSIST_NO_MEMORY:
	case PERSIST_REFUSED:
	case PERSIST_IO:
	case PERSIST_BUSY:
		/* The file stays where it is for a later try, and this game
		 * saves nothing over it. */
		persist_describe(&res, msg, sizeof msg);
		msg_join(sa->notice, sizeof sa->notice, _("Saved game not loaded (kept; this game is not saved): "), msg);
		sa->save_path[0] = '\0';
		return false;
	}
	game g;
	lo_result rc = saved_to_game(&g, &sg, err, sizeof err);
	if (rc == LO_OK && !keep_graph(sa, &sg)) {
		game_free(&g);
		rc = LO_NOMEM;
	}
	if (rc == LO_NOMEM) {
		/* The save is fine and memory short: keep it where it is, and
		 * save nothing over it from this game. */
		snprintf(sa->notice, sizeof sa->notice, "%s",
			 _("Not enough memory to resume the saved game: it is kept, and this game is not saved."));
		sa->save_path[0] = '\0';
		savegame_free(&sg);
		return false;
	}
	if (rc != LO_OK) {
		/* A save the parser took but this game can never play: set it
		 * aside like a damaged one, so no new game writes over it. */
		savegame_free(&sg);
		if (savegame_set_aside(sa->save_path, err, &res) == PERSIST_SET_ASIDE) {
			const char *name = strrchr(res.moved, '/');
			char line[sizeof res.moved + sizeof err + 64];
			/* TRANSLATORS: the first %s is a file name, the second why. */
			snprintf(line, sizeof line, _("Cannot resume the saved game (kept as %s): %s"),
				 name ? name + 1 : res.moved, err);
			msg_join(sa->notice, sizeof sa->notice, "", line);
		} else {
			msg_join(sa->notice, sizeof sa->notice, _("Cannot resume the saved game: "), err);
			sa->save_path[0] = '\0';
		}
		return false;
	}
	play_from_saved(p, &sg);
	savegame_free(&sg);
	if (play_init(p, &g, p->mode, p->origin, err, sizeof err) != LO_OK) {
		msg_join(sa->notice, sizeof sa->notice, _("Cannot resume the saved game: "), err);
		return false;
	}
	sa->owned = true;
	return true;
}

void saving_changed(saver *sa, double now)
{
	if (!sa->unsaved)
		sa->changed_at = now;
	sa->unsaved++;
}

bool saving_due(const saver *sa, const play *p, double now)
{
	if (!sa->unsaved || sa->paused)
		return false;
	return !game_in_progress(&p->g) ||
	       (sa->unsaved >= SAVING_EVERY_MOVES && now - sa->saved_at >= SAVING_GAP_SECONDS) ||
	       now - sa->changed_at >= SAVING_EVERY_SECONDS;
}

static int forget(saver *sa, char *msg, size_t len)
{
	persist_result res;
	if (!sa->save_path[0] || !sa->owned)
		return 0;
	if (savegame_remove(sa->save_path, &res) != PERSIST_OK) {
		persist_describe(&res, msg, len);
		return -1;
	}
	sa->owned = false;
	return 0;
}

int saving_sync(saver *sa, play *p, double now, char *msg, size_t len)
{
	if (sa->paused)
		return 0;
	sa->unsaved = 0;
	sa->saved_at = now;
	if (!game_in_progress(&p->g))
		return forget(sa, msg, len);
	if (!sa->save_path[0])
		return 0;
	saved_game sg;
	savegame_init(&sg);
	if (!p->game)
		p->game = play_new_id();	/* before the first save: a crash can leave no other copy */
	saved_from_game(&sg, &p->g, now);
	play_to_saved(p, &sg);
	/* The boards and moves are the game's: no savegame_free(). */
	persist_result res;
	if (savegame_write(sa->save_path, &sg, &res) != PERSIST_OK) {
		char err[300];
		persist_describe(&res, err, sizeof err);
		msg_join(sa->exit_msg, sizeof sa->exit_msg, _("cannot save the game: "), err);
		msg_join(msg, len, _("Cannot save: "), err);
		return -1;
	}
	sa->exit_msg[0] = '\0';
	sa->owned = true;
	return 0;
}

/* "1st", "2nd", "3rd", "11th", "22nd" into buf. */
static void ordinal(int n, char *buf, size_t len)
{
	/* TRANSLATORS: ordinals, a place on the leaderboard: 1st, 2nd, 3rd,
	 * 4th (German "%d.", French "%de"). */
	const char *f = n == 1 ? C_("first place", "%dst")	/* French 1re, but 21e */
		: n % 100 >= 11 && n % 100 <= 13 ? _("%dth")
		: n % 10 == 1 ? _("%dst") : n % 10 == 2 ? _("%dnd") : n % 10 == 3 ? _("%drd") : _("%dth");
	snprintf(buf, len, f, n);
}

/* A line on a leaderboard that said no: where, and why. */
static void scores_why(const char *dir, const persist_result *res, char *buf, size_t len)
{
	if (res->status == PERSIST_REFUSED)
		snprintf(buf, len, "%.200s: %.180s", dir, res->why);
	else if (res->status == PERSIST_NO_MEMORY)
		snprintf(buf, len, "%s", _("out of memory"));
	else
		snprintf(buf, len, "%.200s: %s", dir, strerror(res->errnum));
}

/* A daily win into the host's leaderboard, and where it stands there: the
 * write says (the row just written, among the day's others). */
static void leaderboard(saver *sa, const play *p, const stats_result *r)
{
	score s;
	persist_result res;
	scores_place at;
	bool kept;
	char why[400];
	if (!sa->scores_dir[0] || !play_score(p, r, &s))
		return;
	/* A public account's players share a uid: the result says whose it is. */
	snprintf(s.pid, sizeof s.pid, "%s", sa->player_pid);
	snprintf(s.name, sizeof s.name, "%s", sa->player_name);
	s.guest = sa->player_guest;
	/* Two games of ours finishing at once would each rewrite our file:
	 * one at a time, under a lock in our own state directory. */
	char lockpath[PATH_LEN], err[300];
	int lfd = -1;
	if (paths_file(PATHS_STATE, "scores", true, lockpath, sizeof lockpath, err, sizeof err) == 0)
		lfd = lock_take(lockpath, LOCK_WAIT_MS, err, sizeof err);
	persist_status st = scores_record_ranked(sa->scores_dir, &s, &kept, &at, &res);
	if (lfd >= 0)
		lock_release(lfd);
	if (st == PERSIST_NONE)
		return;		/* no leaderboard here: nothing to say */
	if (st != PERSIST_OK) {
		scores_why(sa->scores_dir, &res, why, sizeof why);
		msg_join(sa->ranking, sizeof sa->ranking, _("Not on the leaderboard: "), why);
		sa->ranking_failed = true;
		return;
	}
	char place[32];
	ordinal(at.rank, place, sizeof place);
	/* TRANSLATORS: %s is a place ("1st"), %d the players on the board. */
	if (at.rank > 0 && kept)
		snprintf(sa->ranking, sizeof sa->ranking, _("%s of %d on this host"), place, at.of);
	else if (at.rank > 0)
		snprintf(sa->ranking, sizeof sa->ranking, _("%s of %d on this host (your earlier result)"), place, at.of);
}

/* Is the daily board of the result (its date and variant) in the
 * statistics already?  Then this is a replay: it counts as practice, and
 * not on the host's leaderboard.  Asked of the statistics as the record
 * reads them: the file is read once. */
static void daily_replay(const stats *st, stats_result *r, void *ctx)
{
	play *p = ctx;
	bool done = false;
	for (int i = 0; r->daily && i < st->ndaily && !done; i++)
		done = strcmp(st->daily[i].date, r->daily) == 0 && variant_equal(&st->daily[i].key, &r->key);
	if (!done)
		return;
	p->replay = true;
	r->daily = NULL;
	r->kind = STATS_PRACTICE;
}

int saving_finish(saver *sa, play *p, double now, char *msg, size_t len)
{
	stats_result r;
	persist_result res;
	int rc = 0;
	sa->unsaved = 0;
	sa->ranking[0] = '\0';
	sa->ranking_failed = false;
	if (!p->game)
		p->game = play_new_id();
	bool fresh = (sa->stats_path[0] || sa->scores_dir[0]) && play_result(p, &r, now);
	if (fresh && sa->stats_path[0] &&
	    stats_record_with(sa->stats_path, &r, p->mode == PLAY_DAILY ? daily_replay : NULL, p, &res) != PERSIST_OK) {
		persist_describe(&res, msg, len);
		rc = -1;
	}
	if (fresh)
		leaderboard(sa, p, &r);
	char gone[300];
	if (forget(sa, gone, sizeof gone) < 0 && rc == 0) {
		msg_join(msg, len, "", gone);
		rc = -1;
	}
	return rc;
}

char *saving_stats_text(const saver *sa, char *msg, size_t len)
{
	persist_result res;
	stats st;
	struct stat probe;	/* lstat: a FIFO must not be opened here */
	if (!sa->stats_path[0] || lstat(sa->stats_path, &probe) < 0) {
		/* Nothing recorded: no lock file made just to say so. */
		if (sa->stats_path[0] && errno != ENOENT) {
			msg_join(msg, len, "", strerror(errno));
			return NULL;
		}
		stats_init(&st);
	} else if (stats_load(sa->stats_path, &st, &res) != PERSIST_OK) {
		/* Damaged (now set aside) or unreadable: say so in one line. */
		persist_describe(&res, msg, len);
		return NULL;
	}
	size_t n;
	char *table = st.n ? stats_table(&st, &n) : strdup(_("No games recorded yet: win or give up a board.\n"));
	stats_free(&st);
	if (!table)
		msg_join(msg, len, "", _("out of memory"));
	return table;
}

void saving_daily_line(const saver *sa, const char *date, const variant *key, char *buf, size_t len)
{
	persist_result res;
	stats st;
	struct stat probe;
	buf[0] = '\0';
	if (!sa->stats_path[0] || lstat(sa->stats_path, &probe) < 0 || stats_load(sa->stats_path, &st, &res) != PERSIST_OK) {
		snprintf(buf, len, "%s", _("Today's daily board: not played yet."));
		return;
	}
	int streak = stats_daily_streak(&st, date);
	const stats_daily *d = stats_daily_find(&st, date, key);
	char today[200], par[40] = "";
	if (d && d->par >= 0)
		snprintf(par, sizeof par, _(" (par %d)"), d->par);
	long secs = d ? (long)d->seconds : 0;
	/* One sentence each, with a streak ("Daily streak: 3 days; today's
	 * daily board: ...") or alone ("Today's daily board: ..."). */
	bool alone = streak <= 0;
	if (!d)
		snprintf(today, sizeof today, "%s",
			 alone ? _("Today's daily board: not played yet.") : _("today's daily board: not played yet"));
	else if (d->won)
		/* TRANSLATORS: %s after the moves is " (par N)" or nothing, then the time
		 * (minutes:seconds), then ", assisted" or nothing. */
		snprintf(today, sizeof today,
			 alone ? P_("Today's daily board: won in %d move%s, %ld:%02ld%s.",
				    "Today's daily board: won in %d moves%s, %ld:%02ld%s.", d->moves)
			       : P_("today's daily board: won in %d move%s, %ld:%02ld%s",
				    "today's daily board: won in %d moves%s, %ld:%02ld%s", d->moves),
			 d->moves, par, secs / 60, secs % 60, d->assisted ? _(", assisted") : "");
	else
		snprintf(today, sizeof today,
			 alone ? P_("Today's daily board: given up after %d move.",
				    "Today's daily board: given up after %d moves.", d->moves)
			       : P_("today's daily board: given up after %d move",
				    "today's daily board: given up after %d moves", d->moves),
			 d->moves);
	if (alone)
		snprintf(buf, len, "%s", today);
	else
		/* TRANSLATORS: the second %s is "today's daily board: ..." */
		snprintf(buf, len,
			 P_("Daily streak: %d day; %s.",
			    /* notext: the plural of the message above (P_) */
			    "Daily streak: %d days; %s.", streak),
			 streak, today);
	stats_free(&st);
}

void saving_week_text(const saver *sa, const variant *key, char *buf, size_t len)
{
	persist_result res;
	stats st;
	struct stat probe;
	char date[16];
	game_config cfg = { .v = *key };
	bool have = sa->stats_path[0] && lstat(sa->stats_path, &probe) == 0 && stats_load(sa->stats_path, &st, &res) == PERSIST_OK;
	time_t now = time(NULL);
	practice_daily_seed(now, &cfg, date, sizeof date);
	int streak = have ? stats_daily_streak(&st, date) : 0;
	size_t n = strlen(buf);
	n += (size_t)snprintf(buf + n, n < len ? len - n : 0,
			      P_("Daily streak: %d day\n\nThis week's daily boards:\n",
				 "Daily streak: %d days\n\nThis week's daily boards:\n", streak),
			      streak);
	for (int i = 0; i < 7 && n < len; i++) {
		practice_daily_seed(now - (time_t)i * 86400, &cfg, date, sizeof date);
		const stats_daily *d = have ? stats_daily_find(&st, date, key) : NULL;
		long secs = d ? (long)d->seconds : 0;
		if (!d)
			/* TRANSLATORS: %s is a date (2026-11-27). */
			n += (size_t)snprintf(buf + n, len - n, _("  %s  not played\n"), date);
		else if (d->won)
			/* TRANSLATORS: a date, the moves, par, the time (minutes:seconds), then ", assisted" or nothing. */
			n += (size_t)snprintf(buf + n, len - n, P_("  %s  won, %d move (par %d), %ld:%02ld%s\n",
								       "  %s  won, %d moves (par %d), %ld:%02ld%s\n", d->moves),
					      date,
					      d->moves, d->par, secs / 60, secs % 60, d->assisted ? _(", assisted") : "");
		else
			n += (size_t)snprintf(buf + n, len - n, P_("  %s  given up after %d move\n", "  %s  given up after %d moves\n", d->moves),
					      date, d->moves);
	}
	if (have)
		stats_free(&st);
}

/* A public account's rows under the names their players have now (a
 * rename shows on the day's table at once). */
static void scores_current_names(const char *host, scores *t)
{
	for (int i = 0; host && host[0] && i < t->n; i++) {
		score *s = &t->s[i];
		char name[sizeof s->name];
		if (!s->pid[0] || s->guest)
			continue;
		host_player_name(host, s->pid, name, sizeof name);
		if (name[0])
			snprintf(s->name, sizeof s->name, "%s", name);
	}
}

char *saving_scores_text(const saver *sa, const char *host, const char *date, int cols, char *msg, size_t len)
{
	persist_result res;
	scores t;
	char why[400];
	if (!sa->scores_dir[0]) {
		msg_join(msg, len, "", _("No leaderboard on this host (lightsout --scores DIR names one)."));
		return NULL;
	}
	persist_status st = scores_load(sa->scores_dir, date, &t, &res);
	if (st == PERSIST_NONE) {
		msg_join(msg, len, _("No leaderboard on this host: no directory "), sa->scores_dir);
		return NULL;
	}
	if (st != PERSIST_OK) {
		scores_why(sa->scores_dir, &res, why, sizeof why);
		msg_join(msg, len, _("Leaderboard: "), why);
		return NULL;
	}
	scores_current_names(host, &t);
	size_t n;
	char *table = t.n ? scores_table_fit(&t, NULL, name_locale_utf8(), cols, &n) : NULL;
	if (!t.n) {
		char none[300];
		/* TRANSLATORS: %s is a date (2026-11-27). */
		snprintf(none, sizeof none, _("No daily results for %s yet: win today's daily board to be the first.\n"),
			 date);
		table = strdup(none);
	}
	/* The files skipped, in a line each: other users' doing, not ours. */
	if (table && t.skipped) {
		size_t tl = strlen(table), more = (size_t)(t.nnotes + 2) * (SCORES_NOTE_LEN + 16);
		char *all = realloc(table, tl + more);
		if (all) {
			size_t used = tl;
			used += (size_t)snprintf(all + used, tl + more - used,
						 P_("\n%d file skipped:\n", "\n%d files skipped:\n", t.skipped), t.skipped);
			for (int i = 0; i < t.nnotes; i++)
				used += (size_t)snprintf(all + used, tl + more - used, "  %s\n", t.notes[i]);
			table = all;
		}	/* else: the table without its notes */
	}
	scores_free(&t);
	if (!table)
		msg_join(msg, len, "", _("out of memory"));
	return table;
}

int saving_take_over(saver *sa, play *p, char *msg, size_t len)
{
	char err[300];
	slot one;
	/* It saves and quits at once; a stopped one (Ctrl-Z) does not, and
	 * plays on when continued: the request ends with this wait. */
	int asked = slot_take_over(sa->base, 1, sa->other, SAVING_TAKEOVER_MS, &one, err, sizeof err);
	if (asked == -1) {
		msg_join(msg, len, "", _("The other game cannot be reached: this one is kept apart."));
		return -1;
	}
	if (asked < 0) {
		msg_join(msg, len, "", _("The other game did not hand over (suspended?): this one is kept apart."));
		return -1;
	}
	slot_release(&sa->sl);
	sa->sl = one;
	sa->other = 0;
	snprintf(sa->save_path, sizeof sa->save_path, "%s", one.save);
	sa->owned = false;
	play taken;
	memset(&taken, 0, sizeof taken);
	taken.r = p->r;
	sa->notice[0] = '\0';
	if (!saving_load(sa, &taken)) {
		msg_join(msg, len, "", sa->notice[0] ? sa->notice : _("The other game had no board in progress."));
		return 0;
	}
	play_free(p);
	*p = taken;
	return 1;
}

int saving_cleared(const saver *sa)
{
	persist_result res;
	stats st;
	struct stat probe;
	if (!sa->stats_path[0] || lstat(sa->stats_path, &probe) < 0 || stats_load(sa->stats_path, &st, &res) != PERSIST_OK)
		return 0;
	long n = 0;
	/* Boards the player brought (a code, the editor, a seed) or raced
	 * are not the host's to vouch for. */
	for (int i = 0; i < st.n; i++) {
		const stats_entry *e = &st.entries[i];
		if (e->kind == STATS_NORMAL || e->kind == STATS_PRACTICE || e->kind == STATS_DAILY)
			n += e->won - e->assisted;
	}
	stats_free(&st);
	return n < 0 ? 0 : n > 1000000000 ? 1000000000 : (int)n;
}
