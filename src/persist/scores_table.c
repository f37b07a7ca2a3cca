/* The leaderboard as text: per board, each player's rank, name, login,
 * moves, par, time and assistance (scores_table). */
#include "persist/scores.h"

#include <pwd.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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

void scores_player(uid_t uid, char *buf, size_t len)
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
	textbuf out;
	textbuf_init(&out);
	int rank = 0, nnames, width = 16;
	bool arcade = false;
	who *names = names_of(t, &nnames);
	/* Arcade names are UTF-8: pad by columns, to the widest. */
	for (int i = 0; i < t->n; i++)
		if (t->s[i].pid[0]) {
			char name[NAME_SHOWN_MAX];
			int cols = name_for_terminal(t->s[i].name, utf8, name, sizeof name);
			width = cols > width ? cols : width;
			arcade = true;
		}
	for (int i = 0; i < t->n; i++) {
		const score *r = &t->s[i];
		if (only && !score_same_board(r, only))
			continue;
		if (i == 0 || !score_same_board(&t->s[i - 1], r)) {
			char v[VARIANT_RULE_MAX + 64];
			variant_format(&r->v, v, sizeof v);
			textbuf_printf(&out, "%sDaily %s, %s%s%s%s\n", rank ? "\n" : "", r->date, v,
				       r->level[0] ? " (" : "", r->level, r->level[0] ? ")" : "");
			textbuf_printf(&out, "%4s  %-*s %s%7s %7s %9s  %s\n", "rank", width, "player",
				       arcade ? "login" : "", "moves", "par", "time", "assisted");
			rank = 0;
		}
		char name[NAME_SHOWN_MAX], par[16], tm[32];
		int cols = shown_name(r, names, nnames, utf8, name, sizeof name);
		if (r->par < 0)
			snprintf(par, sizeof par, "-");
		else
			snprintf(par, sizeof par, "%d", r->par);
		format_ms(r->ms, tm, sizeof tm);
		/* A guest is said in a column of its own, never in the name's:
		 * "bob (guest)" can be a name, the column cannot. */
		textbuf_printf(&out, "%4d  %s%*s %s%7d %7s %9s  %s\n", ++rank, name, width - cols, "",
			       !arcade ? "" : !r->pid[0] ? "     " : r->guest ? "guest" : "key  ", r->moves, par, tm,
			       r->assisted ? "yes" : "no");
	}
	free(names);
	return textbuf_finish(&out, len);
}
