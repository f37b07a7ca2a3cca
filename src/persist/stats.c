#include "persist/stats.h"

#include <errno.h>
#include <inttypes.h>
#include <limits.h>
#include <stdint.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/text.h"
#include "persist/aside.h"
#include "persist/atomic.h"
#include "persist/kv.h"
#include "persist/lock.h"
#include "persist/parse.h"
#include "engine/rule.h"
#include "persist/textbuf.h"
#include "i18n.h"

void stats_init(stats *s)
{
	memset(s, 0, sizeof *s);
}

void stats_free(stats *s)
{
	free(s->entries);
	free(s->daily);
	stats_init(s);
}

/* notext: file format */
static const char *const kind_names[STATS_KINDS] = { "-", "practice", "daily", "custom", "seeded" };
/* The table's heading over each kind's rows (the normal rows have none). */
static const char *const kind_headings[STATS_KINDS] = {
	NULL, N_("Practice ladder and daily replays (no records)"), N_("Daily boards (no records)"),
	N_("Boards of your own: edited, loaded, shared (no records)"),
	N_("Boards of a --seed (no records: a known seed is memory)"),
};

/* "-", "practice", "daily", "custom", "seeded": as the file names them. */
static const char *stats_kind_name(stats_kind k)
{
	return k < STATS_KINDS ? kind_names[k] : "-";
}

/* Entries sort by kind (normal rows first), then variant. */
static int key_cmp(const variant *a, stats_kind ka, const variant *b, stats_kind kb)
{
	if (ka != kb)
		return ka < kb ? -1 : 1;
	return variant_compare(a, b);
}

/* The first entry whose key is not below key (entries are sorted). */
static int lower_bound(const stats *s, const variant *key, stats_kind kind)
{
	int lo = 0, hi = s->n;
	while (lo < hi) {
		int mid = lo + (hi - lo) / 2;
		if (key_cmp(&s->entries[mid].key, s->entries[mid].kind, key, kind) < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

/* The day before date, as YYYY-MM-DD: the proleptic Gregorian calendar,
 * counted in days (no time zone in it). */
static void day_before(const char *date, char *out, size_t len)
{
	int y, m, d;
	if (sscanf(date, "%4d-%2d-%2d", &y, &m, &d) != 3 || m < 1 || m > 12 || d < 1) {
		snprintf(out, len, "0000-00-00");
		return;
	}
	if (--d == 0) {
		static const int days[] = { 31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31 };
		if (--m == 0) {
			m = 12;
			y--;
		}
		bool leap = (y % 4 == 0 && y % 100 != 0) || y % 400 == 0;
		d = days[m - 1] + (m == 2 && leap);
	}
	snprintf(out, len, "%04d-%02d-%02d", y, m, d);
}

static bool daily_won_on(const stats *s, const char *date)
{
	for (int i = 0; i < s->ndaily; i++)
		if (s->daily[i].won && !strcmp(s->daily[i].date, date))
			return true;
	return false;
}

int stats_daily_streak(const stats *s, const char *date)
{
	char day[16];
	int n = 0;
	snprintf(day, sizeof day, "%.10s", date);
	if (!daily_won_on(s, day))
		day_before(day, day, sizeof day);
	while (daily_won_on(s, day) && n < s->ndaily) {
		n++;
		day_before(day, day, sizeof day);
	}
	return n;
}

const stats_daily *stats_daily_find(const stats *s, const char *date, const variant *key)
{
	for (int i = 0; i < s->ndaily; i++)
		if (!strcmp(s->daily[i].date, date) && variant_equal(&s->daily[i].key, key))
			return &s->daily[i];
	return NULL;
}

const stats_entry *stats_find(const stats *s, const variant *key, stats_kind kind)
{
	int at = lower_bound(s, key, kind);
	return at < s->n && key_cmp(&s->entries[at].key, s->entries[at].kind, key, kind) == 0 ? &s->entries[at]
												: NULL;
}

static void entry_blank(stats_entry *e, const variant *key, stats_kind kind)
{
	memset(e, 0, sizeof *e);
	e->key = *key;
	e->kind = kind;
	e->best_over_par = -1;
	e->best_time = -1;
}

static stats_entry *entry_for(stats *s, const variant *key, stats_kind kind)
{
	/* Kept sorted, so the file and the table read in a stable order,
	 * and a kind is found by bisection. */
	int at = lower_bound(s, key, kind);
	if (at < s->n && key_cmp(&s->entries[at].key, s->entries[at].kind, key, kind) == 0)
		return &s->entries[at];
	stats_entry *n = realloc(s->entries, (size_t)(s->n + 1) * sizeof *n);
	if (!n)
		return NULL;
	s->entries = n;
	memmove(&n[at + 1], &n[at], (size_t)(s->n - at) * sizeof *n);
	s->n++;
	entry_blank(&n[at], key, kind);
	return &n[at];
}

static bool daily_better(const stats_daily *a, const stats_daily *b)
{
	if (a->won != b->won)
		return a->won;
	if (a->assisted != b->assisted)
		return !a->assisted;
	if (a->moves != b->moves)
		return a->moves < b->moves;
	return a->seconds < b->seconds;
}

static int daily_cmp(const stats_daily *a, const stats_daily *b)
{
	int c = strcmp(a->date, b->date);
	return c ? c : variant_compare(&a->key, &b->key);
}

static int daily_add(stats *s, const stats_daily *d)
{
	int at = s->ndaily;
	while (at > 0 && daily_cmp(&s->daily[at - 1], d) > 0)
		at--;
	if (at > 0 && daily_cmp(&s->daily[at - 1], d) == 0) {
		if (daily_better(d, &s->daily[at - 1]))
			s->daily[at - 1] = *d;
		return 0;
	}
	stats_daily *n = realloc(s->daily, (size_t)(s->ndaily + 1) * sizeof *n);
	if (!n)
		return -1;
	s->daily = n;
	memmove(&n[at + 1], &n[at], (size_t)(s->ndaily - at) * sizeof *n);
	n[at] = *d;
	s->ndaily++;
	return 0;
}

/* Remember a game's id, forgetting the oldest past STATS_GAMES. */
static void game_add(stats *s, uint64_t id)
{
	if (s->ngames == STATS_GAMES) {
		memmove(s->games, s->games + 1, (STATS_GAMES - 1) * sizeof *s->games);
		s->ngames--;
	}
	s->games[s->ngames++] = id;
}

int stats_update(stats *s, const stats_result *r)
{
	for (int i = 0; r->game && i < s->ngames; i++)
		if (s->games[i] == r->game)
			return 1;
	stats_entry *e = entry_for(s, &r->key, r->kind);
	if (!e)
		return -1;
	if (r->game)
		game_add(s, r->game);
	e->played++;
	if (r->won && r->assisted) {
		e->won++;
		e->assisted++;	/* no record, and the streak neither grows nor breaks */
	} else if (r->won) {
		e->won++;
		if (r->par >= 0) {
			long over = r->moves - r->par;
			if (over < 0)
				over = 0;	/* par was an upper bound beaten */
			e->par_games++;
			e->over_par_sum += over;
			if (e->best_over_par < 0 || over < e->best_over_par)
				e->best_over_par = over;
		}
		if (e->best_time < 0 || r->seconds < e->best_time)
			e->best_time = r->seconds;
		if (++e->streak > e->best_streak)
			e->best_streak = e->streak;
	} else
		e->streak = 0;
	if (r->daily && r->daily[0]) {
		stats_daily d = { .key = r->key, .won = r->won, .assisted = r->assisted, .moves = r->moves,
				  .par = r->par, .seconds = r->seconds };
		snprintf(d.date, sizeof d.date, "%s", r->daily);
		return daily_add(s, &d);
	}
	return 0;
}

static void put_key(textbuf *t, const variant *k)
{
	textbuf_printf(t, "%d %d %d %s %s %s", k->rows, k->cols, k->k, k->rule,
		       k->torus ? "yes" : "no", k->forward_only ? "yes" : "no");
}

char *stats_format(const stats *s, size_t *len)
{
	textbuf t;
	textbuf_init(&t);
	locale_t old = parse_numbers_begin();
	textbuf_printf(&t, "lightsout-stats %d\n", STATS_VERSION);
	/* notext: file format */
	textbuf_printf(&t, "# board rows cols k rule torus forward-only played won par-games "
		       "over-par-sum best-over-par best-time streak best-streak kind assisted\n");
	for (int i = 0; i < s->n; i++) {
		const stats_entry *e = &s->entries[i];
		textbuf_printf(&t, "board ");
		put_key(&t, &e->key);
		textbuf_printf(&t, " %ld %ld %ld %ld ", e->played, e->won, e->par_games, e->over_par_sum);
		if (e->best_over_par < 0)
			textbuf_printf(&t, "-");
		else
			textbuf_printf(&t, "%ld", e->best_over_par);
		if (e->best_time < 0)
			textbuf_printf(&t, " -");
		else
			textbuf_printf(&t, " %.3f", e->best_time);
		textbuf_printf(&t, " %ld %ld %s %ld\n", e->streak, e->best_streak, stats_kind_name(e->kind), e->assisted);
	}
	/* notext: file format */
	textbuf_printf(&t, "# daily date rows cols k rule torus forward-only won moves par seconds assisted\n");
	for (int i = 0; i < s->ndaily; i++) {
		const stats_daily *d = &s->daily[i];
		textbuf_printf(&t, "daily %s ", d->date);
		put_key(&t, &d->key);
		textbuf_printf(&t, " %s %d %d %.3f %s\n", d->won ? "yes" : "no", d->moves, d->par, d->seconds,
			       d->assisted ? "yes" : "no");
	}
	if (s->ngames)
		/* notext: file format */
		textbuf_printf(&t, "# game ids of the last games recorded, oldest first: each counts once\n");
	for (int i = 0; i < s->ngames; i++)
		textbuf_printf(&t, "game %016" PRIx64 "\n", s->games[i]);
	parse_numbers_end(old);
	return textbuf_finish(&t, len);
}

/* ---- Parsing ---- */

#define MAX_TOKENS 20

static int split(char *line, char **tok)
{
	int n = 0;
	for (char *p = strtok(line, " \t"); p; p = strtok(NULL, " \t")) {
		if (n == MAX_TOKENS)
			return -1;
		tok[n++] = p;
	}
	return n;
}

static bool num(const char *s, long lo, long hi, long *out)
{
	long long v;
	if (!parse_int_str(s, lo, hi, false, &v))
		return false;
	*out = (long)v;
	return true;
}

static bool seconds(const char *s, double *out)
{
	char *e;
	if (!(*s >= '0' && *s <= '9'))
		return false;
	locale_t old = parse_numbers_begin();
	double v = strtod(s, &e);
	parse_numbers_end(old);
	if (*e || !isfinite(v) || v < 0 || v > 1e9)
		return false;
	*out = v;
	return true;
}

static bool yesno(const char *s, bool *out)
{
	return parse_yes_no(s, strlen(s), true, out);
}

/* tok[0..5]: rows cols k rule torus forward-only. */
static const char *parse_key(char **tok, variant *k)
{
	long v[3];
	char err[200];
	variant_default(k);
	if (!num(tok[0], 1, VARIANT_MAX_SIDE, &v[0]) || !num(tok[1], 1, VARIANT_MAX_SIDE, &v[1]) ||
	    !num(tok[2], VARIANT_MIN_K, VARIANT_MAX_K, &v[2]))
		return _("bad size or number of states");
	k->rows = (int)v[0];
	k->cols = (int)v[1];
	k->k = (int)v[2];
	if (!yesno(tok[4], &k->torus) || !yesno(tok[5], &k->forward_only))
		return _("torus and forward-only must be yes or no");
	if (variant_set_rule(k, tok[3], err, sizeof err) != LO_OK || variant_validate(k, err, sizeof err) != LO_OK)
		return _("bad rule or size");
	return NULL;
}

/* Lines as read, with their numbers; sorted once at the end, so that
 * n lines cost n log n, not n^2. */
typedef struct board_line {
	stats_entry e;
	int line;
} board_line;

typedef struct daily_line {
	stats_daily d;
	int line;
} daily_line;

typedef struct parse_state {
	int version;		/* of the file: 1 had no kinds and no assisted wins */
	board_line *b;
	size_t nb, capb;
	daily_line *d;
	size_t nd, capd;
} parse_state;

static void *grow(void *p, size_t *cap, size_t n, size_t size)
{
	if (n < *cap)
		return p;
	size_t nc = *cap ? *cap * 2 : 64;
	if (nc > SIZE_MAX / size)
		return NULL;
	void *q = realloc(p, nc * size);
	if (q)
		*cap = nc;
	return q;
}

static const char *parse_board(char **tok, int n, parse_state *ps, int lineno)
{
	if (n != (ps->version == 1 ? 15 : 17))
		return ps->version == 1 ? _("a board line has 15 fields") : _("a board line has 17 fields");
	variant key;
	const char *why = parse_key(tok + 1, &key);
	if (why)
		return why;
	stats_kind kind = STATS_NORMAL;
	if (ps->version > 1) {
		for (kind = STATS_NORMAL; kind < STATS_KINDS && strcmp(tok[15], kind_names[kind]); kind++)
			;
		if (kind == STATS_KINDS)
			return _("kind: expected -, practice, daily, custom or seeded");
	}
	board_line *nb = grow(ps->b, &ps->capb, ps->nb, sizeof *nb);
	if (!nb)
		return _("out of memory");
	ps->b = nb;
	stats_entry *e = &nb[ps->nb].e;
	entry_blank(e, &key, kind);
	const long big = 1L << 40;
	if (!num(tok[7], 0, big, &e->played) || !num(tok[8], 0, e->played, &e->won) ||
	    !num(tok[9], 0, e->won, &e->par_games) || !num(tok[10], 0, big, &e->over_par_sum) ||
	    !num(tok[13], 0, e->played, &e->streak) || !num(tok[14], e->streak, e->played, &e->best_streak))
		return _("counts out of range");
	if (strcmp(tok[11], "-") == 0)
		e->best_over_par = -1;
	else if (!num(tok[11], 0, big, &e->best_over_par))
		return _("bad best over par");
	if (strcmp(tok[12], "-") == 0)
		e->best_time = -1;
	else if (!seconds(tok[12], &e->best_time))
		return _("bad best time");
	if (ps->version > 1 && !num(tok[16], 0, e->won, &e->assisted))
		return _("assisted wins out of range");
	nb[ps->nb++].line = lineno;
	return NULL;
}

static const char *parse_daily(char **tok, int n, parse_state *ps, int lineno)
{
	if (n != (ps->version == 1 ? 12 : 13))
		return ps->version == 1 ? _("a daily line has 12 fields") : _("a daily line has 13 fields");
	stats_daily d;
	memset(&d, 0, sizeof d);
	const char *date = tok[1];
	if (strlen(date) != 10 || strspn(date, "0123456789-") != 10 || date[4] != '-' || date[7] != '-' ||
	    strchr(date, '-') != date + 4 || strrchr(date, '-') != date + 7)
		return _("bad date (YYYY-MM-DD)");
	memcpy(d.date, date, 11);
	const char *why = parse_key(tok + 2, &d.key);
	if (why)
		return why;
	long moves, par;
	if (!yesno(tok[8], &d.won) || !num(tok[9], 0, 2000000000, &moves) ||
	    !num(tok[10], -1, 100000000, &par) || !seconds(tok[11], &d.seconds) ||
	    (ps->version > 1 && !yesno(tok[12], &d.assisted)))
		return _("bad result");
	d.moves = (int)moves;
	d.par = (int)par;
	daily_line *nd = grow(ps->d, &ps->capd, ps->nd, sizeof *nd);
	if (!nd)
		return _("out of memory");
	ps->d = nd;
	nd[ps->nd].d = d;
	nd[ps->nd++].line = lineno;
	return NULL;
}

static int board_line_cmp(const void *a, const void *b)
{
	const board_line *x = a, *y = b;
	int c = key_cmp(&x->e.key, x->e.kind, &y->e.key, y->e.kind);
	return c ? c : (x->line > y->line) - (x->line < y->line);
}

static int daily_line_cmp(const void *a, const void *b)
{
	const daily_line *x = a, *y = b;
	int c = daily_cmp(&x->d, &y->d);
	return c ? c : (x->line > y->line) - (x->line < y->line);
}

/* Sorted, duplicates found by their neighbours; *line the culprit. */
static const char *parse_finish(parse_state *ps, stats *s, int *line)
{
	if (ps->nb)
		qsort(ps->b, ps->nb, sizeof *ps->b, board_line_cmp);
	for (size_t i = 1; i < ps->nb; i++)
		if (key_cmp(&ps->b[i - 1].e.key, ps->b[i - 1].e.kind, &ps->b[i].e.key, ps->b[i].e.kind) == 0) {
			*line = ps->b[i].line;
			return _("the same board kind twice");
		}
	if (ps->nb > INT_MAX || ps->nd > INT_MAX)
		return _("too many lines");
	if (ps->nb) {
		s->entries = malloc(ps->nb * sizeof *s->entries);
		if (!s->entries)
			return _("out of memory");
		for (size_t i = 0; i < ps->nb; i++)
			s->entries[i] = ps->b[i].e;
		s->n = (int)ps->nb;
	}
	/* A daily board keeps its best result per date and kind, as
	 * stats_update does; among equals the first line read. */
	if (ps->nd) {
		qsort(ps->d, ps->nd, sizeof *ps->d, daily_line_cmp);
		s->daily = malloc(ps->nd * sizeof *s->daily);
		if (!s->daily)
			return _("out of memory");
		for (size_t i = 0; i < ps->nd; i++) {
			const stats_daily *d = &ps->d[i].d;
			if (s->ndaily && daily_cmp(&s->daily[s->ndaily - 1], d) == 0) {
				if (daily_better(d, &s->daily[s->ndaily - 1]))
					s->daily[s->ndaily - 1] = *d;
			} else
				s->daily[s->ndaily++] = *d;
		}
	}
	return NULL;
}

/* "game ID": 16 hex digits, not 0; more than STATS_GAMES keep the last. */
static const char *parse_game(char **tok, int n, stats *s)
{
	char *end;
	if (n != 2 || strlen(tok[1]) != 16 || strspn(tok[1], "0123456789abcdef") != 16)
		return _("a game line is 'game' and 16 hex digits");
	errno = 0;
	uint64_t id = (uint64_t)strtoull(tok[1], &end, 16);
	if (errno || *end || id == 0)
		return _("a game id is 16 hex digits, not 0");
	game_add(s, id);
	return NULL;
}

int stats_parse(const char *text, size_t len, stats *s, char *err, size_t errlen)
{
	stats_init(s);
	parse_state ps;
	memset(&ps, 0, sizeof ps);
	char line[1024], kverr[80];
	char *tok[MAX_TOKENS];
	const char *why = NULL, *ls;
	size_t n;
	int lineno = 1;
	kv_reader rd;
	kv_init(&rd, NULL, text, len, KV_CR, kverr, sizeof kverr);
	if (len > STATS_MAX_BYTES)
		why = _("larger than the statistics file can be");
	while (!why && rd.p < rd.end && kv_line(&rd, &ls, &n)) {
		lineno = rd.line;
		if (n >= sizeof line)
			why = _("line too long");
		else if (memchr(ls, '\0', n))
			why = _("NUL byte");
		else {
			memcpy(line, ls, n);
			line[n] = '\0';
		}
		if (!why && lineno == 1) {
			long v;
			if (strncmp(line, "lightsout-stats ", 16) != 0 || !num(line + 16, 1, 1000000, &v))
				why = _("not a lightsout statistics file");
			else if (v != STATS_VERSION && v != 2 && v != 1)
				why = _("format version is not 3: written by another lightsout");
			else
				ps.version = (int)v;
		} else if (!why && line[0] != '#') {
			int nt = split(line, tok);
			if (nt < 0)
				why = _("too many fields");
			else if (nt == 0)
				;
			else if (strcmp(tok[0], "board") == 0)
				why = parse_board(tok, nt, &ps, lineno);
			else if (strcmp(tok[0], "daily") == 0)
				why = parse_daily(tok, nt, &ps, lineno);
			else if (strcmp(tok[0], "game") == 0 && ps.version >= 3)
				why = parse_game(tok, nt, s);
			else
				why = ps.version >= 3 ? _("expected 'board', 'daily' or 'game'")
						      : _("expected 'board' or 'daily'");
		}
		if (why)
			break;
	}
	if (!why)
		lineno = rd.line + 1;	/* what the whole file breaks is said after it */
	if (!why && len == 0) {
		why = _("empty file");
		lineno = 1;
	}
	if (!why)
		why = parse_finish(&ps, s, &lineno);
	free(ps.b);
	free(ps.d);
	if (why) {
		snprintf(err, errlen, _("line %d: %s"), lineno, why);
		stats_free(s);
		errno = strcmp(why, _("out of memory")) == 0 ? ENOMEM : EINVAL;
		return -1;
	}
	return 0;
}

/* Under the lock (or read-only): the file at path into s, or why not. */
static persist_status load_file(const char *path, stats *s, bool may_move, persist_result *res)
{
	char err[300];
	size_t len;
	stats_init(s);
	char *text = atomic_read_max(path, STATS_MAX_BYTES, &len, err, sizeof err);
	if (!text) {
		/* Missing, unreadable now, not ours, too large: never replaced
		 * by a fresh file, never moved. */
		int e = errno;
		persist_errno(res, e);
		if (e == EFBIG)
			snprintf(res->why, sizeof res->why, _("larger than %d MB"), STATS_MAX_BYTES >> 20);
		return res->status;
	}
	if (stats_parse(text, len, s, err, sizeof err) == 0) {
		free(text);
		return PERSIST_OK;
	}
	int e = errno;
	free(text);
	if (e == ENOMEM)
		return persist_fail(res, PERSIST_NO_MEMORY, e, NULL);
	if (!may_move)
		return persist_fail(res, PERSIST_REFUSED, EINVAL, err);
	return aside_set(path, err, res);
}

persist_status stats_load(const char *path, stats *s, persist_result *res)
{
	char err[300];
	persist_result_init(res, path);
	int fd = lock_take(path, LOCK_WAIT_MS, err, sizeof err);
	if (fd < 0) {
		stats_init(s);
		return persist_lock_errno(res, errno);
	}
	atomic_sweep(path, ATOMIC_STALE_SECONDS);
	load_file(path, s, true, res);
	lock_release(fd);
	return res->status;
}

persist_status stats_read_only(const char *path, stats *s, persist_result *res)
{
	persist_result_init(res, path);
	return load_file(path, s, false, res);
}

persist_status stats_record(const char *path, const stats_result *r, persist_result *res)
{
	return stats_record_with(path, r, NULL, NULL, res);
}

persist_status stats_record_with(const char *path, const stats_result *r, stats_adjust *adjust, void *ctx,
				 persist_result *res)
{
	stats s;
	char err[300];
	stats_result mine = *r;
	persist_result_init(res, path);
	int fd = lock_take(path, LOCK_WAIT_MS, err, sizeof err);
	if (fd < 0)
		return persist_lock_errno(res, errno);
	persist_status st = load_file(path, &s, true, res);
	if (st == PERSIST_OK || st == PERSIST_NONE || st == PERSIST_SET_ASIDE) {
		/* A damaged file set aside: the result still counts, afresh. */
		size_t len;
		char *text = NULL;
		if (adjust)
			adjust(&s, &mine, ctx);
		int counted = stats_update(&s, &mine);
		if (counted == 1 && st != PERSIST_SET_ASIDE)
			res->status = PERSIST_OK;	/* this game is in already */
		else if (counted < 0 || !(text = stats_format(&s, &len)))
			persist_fail(res, PERSIST_NO_MEMORY, ENOMEM, NULL);
		else if (atomic_write(path, text, len, err, sizeof err) < 0)
			persist_write_errno(res, errno);
		else if (st == PERSIST_NONE)
			res->status = PERSIST_OK;
		free(text);
	}
	stats_free(&s);
	lock_release(fd);
	return res->status;
}

/* 75.2 -> "1:15.2"; an hour or more -> "1:02:03". */
/* The table's columns after the board's name. */
#define STATS_COLS 9

static void format_time(double s, char *buf, size_t len)
{
	if (s < 0)
		snprintf(buf, len, "-");
	else if (s < 3600)
		snprintf(buf, len, "%d:%04.1f", (int)(s / 60), s - 60 * (int)(s / 60));
	else
		snprintf(buf, len, "%d:%02d:%02d", (int)(s / 3600), (int)s / 60 % 60, (int)s % 60);
}

char *stats_table(const stats *s, size_t *len)
{
	char name[300], avg[32], best[32], t[32];
	textbuf out;
	textbuf_init(&out);
	/* The names' column as wide as the longest name: a long variant
	 * pushed its row's numbers out of line. */
	int w = 18, dw = 24;
	for (int i = 0; i < s->n; i++) {
		variant_format(&s->entries[i].key, name, sizeof name);
		w = (int)strlen(name) > w ? (int)strlen(name) : w;
	}
	for (int i = 0; i < s->ndaily; i++) {
		variant_format(&s->daily[i].key, name, sizeof name);
		dw = (int)strlen(name) > dw ? (int)strlen(name) : dw;
	}
	/* Two header lines, so the columns fit 80 and say what they count:
	 * moves over par on average and at best, the fastest win, the win
	 * streak now and at best, wins the solver helped with.  Each column
	 * as wide as its heading, which a translation may lengthen: by the
	 * terminal's columns, not bytes. */
	/* TRANSLATORS: the statistics table's column headings, each at most
	 * as wide as the English if possible (played 6, won 5, won% 4, avg
	 * 6, best 6, win 8, now 5, best 4, helped 6 columns); a longer one
	 * widens its column. */
	const char *head[STATS_COLS] = {
		C_("statistics", "played"), C_("statistics", "won"), C_("statistics", "won%"),
		C_("statistics", "avg"), C_("statistics", "best"), C_("statistics", "win"),
		C_("statistics", "now"), C_("statistics", "best"), C_("statistics", "helped"),
	};
	int cw[STATS_COLS] = { 6, 5, 4, 6, 6, 8, 5, 4, 6 };
	for (int c = 0; c < STATS_COLS; c++)
		cw[c] = text_cols(head[c]) > cw[c] ? text_cols(head[c]) : cw[c];
	/* TRANSLATORS: headings over two columns of the statistics table
	 * ("avg" and "best": 13 columns), over one ("win": 8), over two
	 * ("now" and "best": 10) and over one ("helped": 6). */
	const struct {
		int from, to;
		const char *words;
	} group[] = {
		{ 3, 4, C_("statistics", "moves over par") }, { 5, 5, C_("statistics", "fastest") },
		{ 6, 7, C_("statistics", "win streak") }, { 8, 8, C_("statistics", "solver") },
	};
	const char *heading = C_("statistics", "board");
	w = text_cols(heading) > w ? text_cols(heading) : w;
	textbuf_printf(&out, "%*s", w, "");
	for (int c = 0; c < group[0].from; c++)
		textbuf_printf(&out, " %*s", cw[c], "");
	for (size_t g = 0; g < sizeof group / sizeof group[0]; g++) {
		int span = group[g].to - group[g].from;
		for (int c = group[g].from; c <= group[g].to; c++)
			span += cw[c];
		/* As printf's "%13s": a longer heading runs on. */
		int pad = span - text_cols(group[g].words);
		textbuf_printf(&out, " %*s%s", pad > 0 ? pad : 0, "", group[g].words);
	}
	textbuf_printf(&out, "\n%s%*s", heading, w - text_cols(heading), "");
	for (int c = 0; c < STATS_COLS; c++)
		textbuf_printf(&out, " %*s%s", cw[c] - text_cols(head[c]), "", head[c]);
	textbuf_printf(&out, "\n");
	for (int i = 0; i < s->n; i++) {
		const stats_entry *e = &s->entries[i];
		/* Each kind under its own heading, after a blank line: the
		 * normal boards first, without one. */
		if (e->kind != STATS_NORMAL && (i == 0 || s->entries[i - 1].kind != e->kind))
			textbuf_printf(&out, "\n%s\n", _(kind_headings[e->kind]));
		variant_format(&e->key, name, sizeof name);
		if (e->par_games)
			snprintf(avg, sizeof avg, "+%.1f", (double)e->over_par_sum / (double)e->par_games);
		else
			snprintf(avg, sizeof avg, "-");
		if (e->best_over_par >= 0)
			snprintf(best, sizeof best, "+%ld", e->best_over_par);
		else
			snprintf(best, sizeof best, "-");
		format_time(e->best_time, t, sizeof t);
		/* The variant's name is ASCII: its bytes are its columns. */
		textbuf_printf(&out, "%-*s %*ld %*ld %*ld%% %*s %*s %*s %*ld %*ld %*ld\n", w, name, cw[0], e->played,
			       cw[1], e->won, cw[2] - 1, e->played ? (100 * e->won + e->played / 2) / e->played : 0,
			       cw[3], avg, cw[4], best, cw[5], t, cw[6], e->streak, cw[7], e->best_streak, cw[8],
			       e->assisted);
	}
	if (s->ndaily)
		textbuf_printf(&out, "\n%s\n", _("Each daily board's result"));
	for (int i = 0; i < s->ndaily; i++) {
		const stats_daily *d = &s->daily[i];
		variant_format(&d->key, name, sizeof name);
		format_time(d->seconds, t, sizeof t);
		textbuf_printf(&out, "%s  %-*s ", d->date, dw, name);
		/* TRANSLATORS: a daily board's result after its date and board;
		 * the last %s is the time (1:02.5).  The English says "moves"
		 * for one move too. */
		if (d->won && d->assisted)
			textbuf_printf(&out,
				       P_("won with help in %d moves, %s\n", "won with help in %d moves, %s\n", d->moves),
				       d->moves, t);
		else if (d->won && d->par >= 0)
			textbuf_printf(&out, P_("won in %d moves (par %d), %s\n", "won in %d moves (par %d), %s\n", d->moves),
				       d->moves, d->par, t);
		else if (d->won)
			textbuf_printf(&out, P_("won in %d moves, %s\n", "won in %d moves, %s\n", d->moves), d->moves, t);
		else
			textbuf_printf(&out, P_("not solved (%d moves, %s)\n", "not solved (%d moves, %s)\n", d->moves),
				       d->moves, t);
	}
	return textbuf_finish(&out, len);
}
