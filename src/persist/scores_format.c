/* The leaderboard's record format: a player's file of a day parsed and
 * written (scores.h tells the format), and how two results compare. */
#include "persist/scores.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/clock.h"
#include "persist/kv.h"
#include "persist/parse.h"
#include "persist/scores_impl.h"
#include "i18n.h"

void scores_init(scores *t)
{
	memset(t, 0, sizeof *t);
}

void scores_free(scores *t)
{
	free(t->s);
	scores_init(t);
}

bool scores_date_valid(const char *d)
{
	return clock_date_valid(d);
}

/* A decimal scores_number without sign or leading zero, at most max. */
bool scores_number(const char *s, size_t n, long long max, long long *out)
{
	return parse_int(s, n, 0, max, true, out);
}

bool scores_level_valid(const char *s)
{
	return !strcmp(s, "") || !strcmp(s, "easy") || !strcmp(s, "normal") || !strcmp(s, "hard");
}

/* The next space-separated field of the line [*p, end): its start and
 * length; false at the end of the line. */
static bool field(const char **p, const char *end, const char **f, size_t *n)
{
	const char *s = *p;
	if (s >= end)
		return false;
	const char *sp = memchr(s, ' ', (size_t)(end - s));
	*f = s;
	*n = (size_t)((sp ? sp : end) - s);
	*p = sp ? sp + 1 : end;
	return true;
}

/* One record line (without its newline).  NULL, or why not. */
static const char *parse_record(const char *s, size_t n, score *r)
{
	const char *p = s, *end = s + n, *f;
	size_t fl;
	long long v;
	memset(r, 0, sizeof *r);
	if (memchr(s, '\0', n))
		return _("NUL byte");
	if (!field(&p, end, &f, &fl) || fl != 10)
		return _("expected a date YYYY-MM-DD");
	memcpy(r->date, f, 10);
	r->date[10] = '\0';
	if (!scores_date_valid(r->date))
		return _("expected a date YYYY-MM-DD");
	if (!field(&p, end, &f, &fl) || fl >= sizeof r->level)
		return _("expected a difficulty (-, easy, normal or hard)");
	if (!(fl == 1 && f[0] == '-')) {
		memcpy(r->level, f, fl);
		r->level[fl] = '\0';
		if (!scores_level_valid(r->level) || fl == 0)
			return _("expected a difficulty (-, easy, normal or hard)");
	}
	if (!field(&p, end, &f, &fl) || !scores_number(f, fl, SCORES_MAX_MOVES, &v))
		return _("expected the scores_number of moves");
	r->moves = (int)v;
	if (!field(&p, end, &f, &fl))
		return _("expected the par");
	if (fl == 1 && f[0] == '-')
		r->par = -1;
	else if (scores_number(f, fl, SCORES_MAX_MOVES, &v))
		r->par = (int)v;
	else
		return _("expected the par");
	if (!field(&p, end, &f, &fl) || !scores_number(f, fl, SCORES_MAX_MS, &r->ms))
		return _("expected the milliseconds");
	if (!field(&p, end, &f, &fl) || !parse_yes_no(f, fl, true, &r->assisted))
		return _("expected assisted yes or no");
	/* The rest is the variant, exactly as variant_format() writes it. */
	size_t vl = (size_t)(end - p);
	char text[VARIANT_RULE_MAX + 64], back[VARIANT_RULE_MAX + 64], err[300];
	if (p >= end || vl >= sizeof text)
		return _("expected the variant");
	memcpy(text, p, vl);
	text[vl] = '\0';
	if (variant_parse(&r->v, text, err, sizeof err) != LO_OK)
		return _("not a variant");
	variant_format(&r->v, back, sizeof back);
	if (strcmp(back, text) != 0)
		return _("the variant is not written as lightsout writes it");
	return NULL;
}

/* Same player: the uid, and the arcade player's id under it. */
static bool score_same_player(const score *a, const score *b)
{
	return a->uid == b->uid && !strcmp(a->pid, b->pid);
}

/* "player PID key|guest NAME": an arcade player's line; NULL when it is
 * one, with the player in r, else why not. */
static const char *parse_player(const char *s, size_t n, score *r)
{
	char line[SCORES_PID_LEN + NAME_MAX_BYTES + 32], why[200];
	if (n >= sizeof line)
		return _("a player line too long");
	memcpy(line, s, n);
	line[n] = '\0';
	if (strncmp(line, "player ", 7) != 0)
		return _("not a player line");
	const char *pid = line + 7;
	if (strspn(pid, "0123456789abcdef") != SCORES_PID_LEN || pid[SCORES_PID_LEN] != ' ')
		return _("a player id is 32 hex digits");
	const char *kind = pid + SCORES_PID_LEN + 1, *name;
	if (!strncmp(kind, "key ", 4))
		r->guest = false, name = kind + 4;
	else if (!strncmp(kind, "guest ", 6))
		r->guest = true, name = kind + 6;
	else
		return _("a player is 'key' or 'guest'");
	size_t nl = strlen(name);
	if (nl >= sizeof r->name || !name_check(name, why, sizeof why))
		return _("not a player's name");
	memcpy(r->pid, pid, SCORES_PID_LEN);
	r->pid[SCORES_PID_LEN] = '\0';
	memcpy(r->name, name, nl + 1);
	return NULL;
}

bool score_same_board(const score *a, const score *b)
{
	return !strcmp(a->date, b->date) && !strcmp(a->level, b->level) && variant_equal(&a->v, &b->v);
}

int scores_parse(const char *text, size_t len, const char *date, score *out, char *err, size_t errlen)
{
	kv_reader rd;
	const char *p;
	size_t ln;
	int n = 0;
	score who = { .pid = "" };
	if (len == 0) {
		snprintf(err, errlen, _("line 1: empty"));
		return -1;
	}
	kv_init(&rd, NULL, text, len, 0, err, errlen);
	while (rd.p < rd.end && kv_line(&rd, &p, &ln)) {
		const char *why = NULL;
		if (rd.line == 1) {
			if (ln != strlen(SCORES_HEADER) || memcmp(p, SCORES_HEADER, ln) != 0)
				why = _("not a lightsout scores file of version 1");
		} else if (rd.line == 2 && ln >= 7 && !memcmp(p, "player ", 7))
			why = parse_player(p, ln, &who);
		else if (n == SCORES_MAX_RECORDS)
			why = _("more than 16 records");
		else if ((why = parse_record(p, ln, &out[n])) == NULL) {
			if (date && strcmp(out[n].date, date) != 0)
				why = _("a record of another date");
			else if (n > 0 && strcmp(out[n].date, out[0].date) != 0)
				why = _("records of two dates");
			for (int i = 0; !why && i < n; i++)
				if (score_same_board(&out[i], &out[n]))
					why = _("the same board twice");
			n++;
		}
		/* A file cut short in its last line is not a whole file. */
		if (!why && rd.p >= rd.end && text[len - 1] != '\n')
			why = _("no newline at the end");
		if (why)
			return kv_fail(&rd, "%s", why), -1;
	}
	for (int i = 0; i < n; i++) {
		memcpy(out[i].pid, who.pid, sizeof who.pid);
		memcpy(out[i].name, who.name, sizeof who.name);
		out[i].guest = who.guest;
	}
	return n;
}

int scores_format(const score *s, int n, char *buf, size_t cap)
{
	size_t used = 0;
	if (n < 0 || n > SCORES_MAX_RECORDS)
		return -1;
	int w = snprintf(buf, cap, "%s\n", SCORES_HEADER);
	if (w < 0 || (size_t)w >= cap)
		return -1;
	used = (size_t)w;
	if (n > 0 && s[0].pid[0]) {
		/* notext: file format */
		w = snprintf(buf + used, cap - used, "player %s %s %s\n", s[0].pid, s[0].guest ? "guest" : "key",
			     s[0].name);
		if (w < 0 || (size_t)w >= cap - used)
			return -1;
		used += (size_t)w;
	}
	for (int i = 0; i < n; i++) {
		char v[VARIANT_RULE_MAX + 64], par[16];
		variant_format(&s[i].v, v, sizeof v);
		if (s[i].par < 0)
			snprintf(par, sizeof par, "-");
		else
			snprintf(par, sizeof par, "%d", s[i].par);
		/* notext: file format */
		w = snprintf(buf + used, cap - used, "%s %s %d %s %lld %s %s\n", s[i].date,
			     s[i].level[0] ? s[i].level : "-", s[i].moves, par, s[i].ms, s[i].assisted ? "yes" : "no", v);
		if (w < 0 || (size_t)w >= cap - used)
			return -1;
		used += (size_t)w;
	}
	return used > SCORES_FILE_MAX ? -1 : (int)used;
}

int score_compare(const score *a, const score *b)
{
	if (a->assisted != b->assisted)
		return a->assisted ? 1 : -1;
	if (a->moves != b->moves)
		return a->moves < b->moves ? -1 : 1;
	if (a->ms != b->ms)
		return a->ms < b->ms ? -1 : 1;
	if (a->uid != b->uid)
		return a->uid < b->uid ? -1 : 1;
	return strcmp(a->pid, b->pid);
}

int scores_board_compare(const score *a, const score *b)
{
	int c = strcmp(a->date, b->date);
	if (!c)
		c = variant_compare(&a->v, &b->v);
	if (!c)
		c = strcmp(a->level, b->level);
	return c;
}

static int sort_compare(const void *x, const void *y)
{
	const score *a = x, *b = y;
	int c = scores_board_compare(a, b);
	return c ? c : score_compare(a, b);
}

/* By board, then player, then best first: a player's results on one board
 * side by side. */
static int player_compare(const void *x, const void *y)
{
	const score *a = x, *b = y;
	int c = scores_board_compare(a, b);
	if (c)
		return c;
	if (a->uid != b->uid)
		return a->uid < b->uid ? -1 : 1;
	c = strcmp(a->pid, b->pid);
	return c ? c : score_compare(a, b);
}

void scores_sort(scores *t)
{
	if (t->n < 2)
		return;
	/* A player may have two files (the usual name and the one written
	 * when another user squatted it): the best result per board counts. */
	qsort(t->s, (size_t)t->n, sizeof *t->s, player_compare);
	int kept = 1;
	for (int i = 1; i < t->n; i++)
		if (!score_same_player(&t->s[i], &t->s[kept - 1]) || scores_board_compare(&t->s[i], &t->s[kept - 1]))
			t->s[kept++] = t->s[i];
	t->n = kept;
	qsort(t->s, (size_t)t->n, sizeof *t->s, sort_compare);
}
