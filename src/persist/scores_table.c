/* The leaderboard as text: per board, each player's rank, name, login,
 * moves, par, time and assistance (scores_table). */
#include "persist/scores.h"

#include <pwd.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/text.h"
#include "i18n.h"
#include "persist/textbuf.h"

int scores_rank(const scores *t, const score *s, uid_t uid, int *of)
{
	int rank = 0, count = 0;
	for (int i = 0; i < t->n; i++)
		if (score_same_board(&t->s[i], s)) {
			count++;
			if (t->s[i].uid == uid && !strcmp(t->s[i].pid, s->pid) && !rank)
				rank = count;
		}
	*of = count;
	return rank;
}

/* "alice", or "uid 1234" when the system has no name for it; printable. */
static void scores_player(uid_t uid, char *buf, size_t len)
{
	struct passwd *pw = getpwuid(uid);
	if (!pw || !pw->pw_name || !pw->pw_name[0]) {
		snprintf(buf, len, "uid %lu", (unsigned long)uid);
		return;
	}
	snprintf(buf, len, "%.32s", pw->pw_name);
	/* A name is printed to terminals: nothing but printable ASCII. */
	for (char *p = buf; *p; p++)
		if ((unsigned char)*p < 0x21 || (unsigned char)*p > 0x7e)
			*p = '?';
}

static void format_ms(long long ms, char *buf, size_t len)
{
	long long tenths = ms / 100, s = ms / 1000;
	if (s < 3600)
		snprintf(buf, len, "%lld:%02lld.%lld", s / 60, s % 60, tenths % 10);
	else
		snprintf(buf, len, "%lld:%02lld:%02lld", s / 3600, s / 60 % 60, s % 60);
}

/* Each player's name once: the passwd database is read once per uid, not
 * once per row (3000 players of 16 boards took 3.8 s). */
typedef struct who {
	uid_t uid;
	char name[40];
} who;

static int who_cmp(const void *a, const void *b)
{
	uid_t x = ((const who *)a)->uid, y = ((const who *)b)->uid;
	return (x > y) - (x < y);
}

static who *names_of(const scores *t, int *n)
{
	who *w = malloc(((size_t)t->n + 1) * sizeof *w);
	*n = 0;
	if (!w)
		return NULL;
	for (int i = 0; i < t->n; i++)
		w[i].uid = t->s[i].uid;
	qsort(w, (size_t)t->n, sizeof *w, who_cmp);
	for (int i = 0; i < t->n; i++)
		if (!*n || w[*n - 1].uid != w[i].uid)
			w[(*n)++].uid = w[i].uid;
	for (int i = 0; i < *n; i++)
		scores_player(w[i].uid, w[i].name, sizeof w[i].name);
	return w;
}

/* A player's name as the table shows it, in buf (NAME_SHOWN_MAX bytes at
 * least); the columns it takes.  A passwd name is printable ASCII
 * already (scores_player); an arcade player's, written by the account,
 * is escaped where the terminal is not UTF-8. */
static int shown_name(const score *r, const who *names, int nnames, bool utf8, char *buf, size_t len)
{
	if (r->pid[0])
		return name_for_terminal(r->name, utf8, buf, len);
	who key = { .uid = r->uid };
	const who *found = names ? bsearch(&key, names, (size_t)nnames, sizeof *names, who_cmp) : NULL;
	if (found)
		snprintf(buf, len, "%s", found->name);
	else
		scores_player(r->uid, buf, len);
	return (int)strlen(buf);
}

char *scores_table(const scores *t, const score *only, bool utf8, size_t *len)
{
	return scores_table_fit(t, only, utf8, 0, len);
}

char *scores_table_fit(const scores *t, const score *only, bool utf8, int cols, size_t *len)
{
	/* Under 80 columns the columns close up and "assisted" is "help":
	 * 60 columns hold a row whole, none cut ("assi", "0:11."). */
	bool narrow = cols > 0 && cols < 80;
	textbuf out;
	textbuf_init(&out);
	int rank = 0, nnames, width = 16;
	bool arcade = false;
	who *names = names_of(t, &nnames);
	/* Arcade names are UTF-8: pad by columns, to the widest. */
	for (int i = 0; i < t->n; i++)
		if (t->s[i].pid[0]) {
			char name[NAME_SHOWN_MAX];
			int w = name_for_terminal(t->s[i].name, utf8, name, sizeof name);
			width = w > width ? w : width;
			arcade = true;
		}
	/* The headings and words, which a translation may lengthen: each
	 * column as wide as the widest of them, by the terminal's columns. */
	/* TRANSLATORS: the daily leaderboard's column headings; under 80
	 * columns a row must fit 60 (rank 4, moves 5, par 3, time 7). */
	const char *h_rank = C_("leaderboard", "rank"), *h_player = C_("leaderboard", "player");
	const char *h_login = C_("leaderboard", "login"), *h_moves = C_("leaderboard", "moves");
	const char *h_par = C_("leaderboard", "par"), *h_time = C_("leaderboard", "time");
	/* TRANSLATORS: the daily leaderboard's last column: whether the
	 * solver helped ("help" under 80 columns). */
	const char *h_help = narrow ? C_("leaderboard", "help") : C_("leaderboard", "assisted");
	/* TRANSLATORS: the daily leaderboard's login column: a player who
	 * came with an SSH key, or as a guest. */
	const char *w_guest = C_("leaderboard", "guest"), *w_key = C_("leaderboard", "key");
	const char *w_yes = C_("leaderboard", "yes"), *w_no = C_("leaderboard", "no");
	int rw = text_cols(h_rank) > 4 ? text_cols(h_rank) : 4;
	width = text_cols(h_player) > width ? text_cols(h_player) : width;
	int lw = 5;
	lw = text_cols(h_login) > lw ? text_cols(h_login) : lw;
	lw = text_cols(w_guest) > lw ? text_cols(w_guest) : lw;
	lw = text_cols(w_key) > lw ? text_cols(w_key) : lw;
	/* Moves follows the login column without a space of its own. */
	int mw = narrow ? 6 : 7, pw = narrow ? 4 : 7, tw = narrow ? 8 : 9;
	mw = text_cols(h_moves) + 1 > mw ? text_cols(h_moves) + 1 : mw;
	pw = text_cols(h_par) > pw ? text_cols(h_par) : pw;
	tw = text_cols(h_time) > tw ? text_cols(h_time) : tw;
	for (int i = 0; i < t->n; i++) {
		const score *r = &t->s[i];
		if (only && !score_same_board(r, only))
			continue;
		if (i == 0 || !score_same_board(&t->s[i - 1], r)) {
			char v[VARIANT_RULE_MAX + 64];
			variant_format(&r->v, v, sizeof v);
			textbuf_printf(&out, "%s", rank ? "\n" : "");
			/* TRANSLATORS: the heading over a daily board's rows: its
			 * date, its board (5x5 plus), and its difficulty. */
			if (r->level[0])
				textbuf_printf(&out, _("Daily %s, %s (%s)"), r->date, v, r->level);
			else
				textbuf_printf(&out, _("Daily %s, %s"), r->date, v);
			textbuf_printf(&out, "\n%*s%s  %s%*s ", rw - text_cols(h_rank), "", h_rank, h_player,
				       width - text_cols(h_player), "");
			if (arcade)
				textbuf_printf(&out, "%s%*s", h_login, lw - text_cols(h_login), "");
			textbuf_printf(&out, "%*s%s %*s%s %*s%s  %s\n", mw - text_cols(h_moves), "", h_moves,
				       pw - text_cols(h_par), "", h_par, tw - text_cols(h_time), "", h_time, h_help);
			rank = 0;
		}
		char name[NAME_SHOWN_MAX], par[16], tm[32];
		int shown = shown_name(r, names, nnames, utf8, name, sizeof name);
		if (r->par < 0)
			snprintf(par, sizeof par, "-");
		else
			snprintf(par, sizeof par, "%d", r->par);
		format_ms(r->ms, tm, sizeof tm);
		/* A guest is said in a column of its own, never in the name's:
		 * "bob (guest)" can be a name, the column cannot. */
		textbuf_printf(&out, "%*d  %s%*s ", rw, ++rank, name, width - shown, "");
		if (arcade) {
			const char *login = !r->pid[0] ? "" : r->guest ? w_guest : w_key;
			textbuf_printf(&out, "%s%*s", login, lw - text_cols(login), "");
		}
		textbuf_printf(&out, "%*d %*s %*s  %s\n", mw, r->moves, pw, par, tw, tm, r->assisted ? w_yes : w_no);
	}
	free(names);
	return textbuf_finish(&out, len);
}
