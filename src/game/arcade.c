#include "game/arcade.h"

#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "base/path.h"
#include "persist/host.h"

/* At most ten writes a second, however fast keys come (a paste, a held
 * key): a change within the interval waits for the next call. */
#define ARCADE_PUBLISH_EVERY 0.1
#define ARCADE_EYES_EVERY 1.0
#define ARCADE_MOVED_EVERY 5.0

void arcade_setup(arcade *ar, const char *host, const char *id, const char *name, bool guest)
{
	memset(ar, 0, sizeof *ar);
	ar->published_at = ar->eyes_at = ar->moved_at = -1e9;
	if (!host || !host[0] || !id || !id[0])
		return;
	snprintf(ar->host, sizeof ar->host, "%s", host);
	host_path(host, HOST_DIR_WATCH, ar->dir, sizeof ar->dir);
	host_path(host, HOST_DIR_LIVE, ar->locks, sizeof ar->locks);
	snprintf(ar->id, sizeof ar->id, "%s", id);
	snprintf(ar->name, sizeof ar->name, "%s", name ? name : "");
	ar->guest = guest;
	ar->open = true;
}

static const char *const place_words[] = {
	[PLACE_FREE] = "free", [PLACE_LOBBY] = "lobby", [PLACE_DAILY] = "daily", [PLACE_LADDER] = "ladder",
};

const char *arcade_place_word(arcade_place p)
{
	return (unsigned)p < sizeof place_words / sizeof *place_words ? place_words[p] : "free";
}

arcade_place arcade_place_parse(const char *word)
{
	for (size_t i = 0; i < sizeof place_words / sizeof *place_words; i++)
		if (!strcmp(word, place_words[i]))
			return (arcade_place)i;
	return PLACE_FREE;
}

bool arcade_on(const arcade *ar)
{
	return ar->dir[0] != '\0';
}

bool arcade_publish(arcade *ar, const game *g, int cr, int cc, const char *rival, int rival_moves, double now)
{
	if (!arcade_on(ar))
		return false;
	const board *b = g->cur;
	/* A move of the player's own (a press, an undo, a new board): never
	 * a rival's, never the clock, never the cursor the board screen
	 * places itself. */
	int moves = game_moves(g);
	if (ar->mine_seen && moves != ar->mine_moves && now - ar->moved_at >= ARCADE_MOVED_EVERY) {
		host_live_moved(ar->host, ar->id);
		ar->moved_at = now;
	}
	ar->mine_seen = true;
	ar->mine_moves = moves;
	static live_game lg;
	char text[LIVE_FILE_MAX + 1];
	memset(&lg, 0, offsetof(live_game, cells));
	snprintf(lg.id, sizeof lg.id, "%s", ar->id);
	snprintf(lg.name, sizeof lg.name, "%s", ar->name);
	lg.guest = ar->guest;
	lg.open = ar->open;
	variant_format(&g->cfg.v, lg.variant, sizeof lg.variant);
	lg.moves = moves;
	lg.won = g->won;
	lg.cr = cr < 0 ? 0 : cr;
	lg.cc = cc < 0 ? 0 : cc;
	lg.ncells = 0;
	/* Cells only for watchers welcome, on boards a file can carry; a
	 * cell as a board file writes it (every k has a symbol). */
	if (ar->open && !g->cfg.v.graph && board_size(b) <= LIVE_CELLS_MAX) {
		lg.ncells = board_size(b);
		live_cells_write(b->cells, lg.ncells, lg.cells);
	}
	snprintf(lg.race, sizeof lg.race, "%s", rival);
	snprintf(lg.place, sizeof lg.place, "%s", arcade_place_word(ar->place));
	lg.race_moves = rival_moves;
	/* The clock alone is no news: watchers run it from the file's time. */
	lg.elapsed = 0;
	if (live_format(&lg, text, sizeof text) >= 0 && strcmp(text, ar->last) != 0 &&
	    now - ar->published_at >= ARCADE_PUBLISH_EVERY) {
		ar->published_at = now;
		memcpy(ar->last, text, strlen(text) + 1);
		lg.elapsed = (long)game_elapsed(g, now);
		live_publish(ar->dir, &lg);
	}
	if (now - ar->eyes_at < ARCADE_EYES_EVERY)
		return false;
	ar->eyes_at = now;
	int eyes = live_eyes(ar->dir, ar->id);
	bool news = eyes != ar->eyes;
	ar->eyes = eyes;
	return news;
}

void arcade_end(arcade *ar)
{
	if (arcade_on(ar))
		live_withdraw(ar->dir, ar->id);
	ar->last[0] = '\0';
}

int arcade_list(const char *host, const char *self, live_game **out)
{
	char dir[PATH_LEN], locks[PATH_LEN];
	*out = NULL;
	if (host_path(host, HOST_DIR_WATCH, dir, sizeof dir) < 0 || host_path(host, HOST_DIR_LIVE, locks, sizeof locks) < 0)
		return -1;
	int n = live_list(dir, locks, out);
	if (n < 0 || !self || !self[0])
		return n;
	int kept = 0;
	for (int i = 0; i < n; i++)
		if (strcmp((*out)[i].id, self) != 0)
			(*out)[kept++] = (*out)[i];
	return kept;
}

/* The file's time and inode: a new file (a rename over it) is news. */
static bool feed_stat(const arcade_feed *f, long long *ns, ino_t *ino)
{
	char path[PATH_LEN];
	struct stat st;
	if (live_path(f->dir, f->id, path, sizeof path) < 0 || lstat(path, &st) < 0)
		return false;
	*ns = (long long)st.st_mtim.tv_sec * 1000000000LL + st.st_mtim.tv_nsec;
	*ino = st.st_ino;
	return true;
}

bool arcade_feed_open(arcade_feed *f, const char *host, const char *id)
{
	memset(f, 0, sizeof *f);
	f->eye = -1;
	if (host_path(host, HOST_DIR_WATCH, f->dir, sizeof f->dir) < 0 ||
	    host_path(host, HOST_DIR_LIVE, f->locks, sizeof f->locks) < 0)
		return false;
	snprintf(f->id, sizeof f->id, "%s", id);
	if (!feed_stat(f, &f->seen_ns, &f->seen_ino) || live_read(f->dir, f->locks, id, &f->lg) < 0)
		return false;
	f->eye = live_eye_open(f->dir, id);
	return true;
}

int arcade_feed_poll(arcade_feed *f)
{
	long long ns;
	ino_t ino;
	if (f->gone)
		return 0;
	if (!feed_stat(f, &ns, &ino)) {
		f->gone = true;
		return -1;
	}
	if (ns == f->seen_ns && ino == f->seen_ino)
		return 0;
	live_game lg;
	if (live_read(f->dir, f->locks, f->id, &lg) < 0) {
		f->gone = true;
		return -1;
	}
	f->seen_ns = ns;
	f->seen_ino = ino;
	f->lg = lg;
	return 1;
}

void arcade_feed_close(arcade_feed *f)
{
	if (f->eye >= 0)
		live_eye_close(f->dir, f->id, f->eye);
	f->eye = -1;
}
