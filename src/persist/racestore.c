#include "persist/racestore.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "base/text.h"
#include "persist/atomic.h"
#include "base/clock.h"
#include "persist/host.h"
#include "persist/kv.h"
#include "persist/network.h"
#include "persist/parse.h"

#include "persist/lock.h"
#include "persist/textbuf.h"
#include "i18n.h"

/* Version 2 added each racer's address, a result's kind and its rank;
 * version 3 each racer's boards cleared alone, a result's loser's moves
 * and the void kind.  Older versions still read (an unknown address and
 * history; a result ranked as it was filed then). */
#define OFFER_HEADER "lightsout-race"
#define JOIN_HEADER "lightsout-race-join"
#define RESULT_HEADER "lightsout-race-result"
#define RACE_FILE_VERSION 3

/* A result's "ranked" line: file format, never translated. */
static const char *const rank_names[] = {
	[RACE_RANKED] = "yes",
	[RACE_UNRANKED_GUEST] = /* notext: file format */ "no guest",
	[RACE_UNRANKED_SELF] = /* notext: file format */ "no self",
	[RACE_UNRANKED_ADDRESS] = /* notext: file format */ "no address",
	[RACE_UNRANKED_NETWORK] = /* notext: file format */ "no network",
	[RACE_UNRANKED_SHARE] = /* notext: file format */ "no share",
	[RACE_UNRANKED_FULL] = /* notext: file format */ "no full",
	[RACE_UNRANKED_VOID] = /* notext: file format */ "no void",
	[RACE_UNRANKED_EARLY] = /* notext: file format */ "no early",
	[RACE_UNRANKED_NEW] = /* notext: file format */ "no new",
	[RACE_UNRANKED_PAIR] = /* notext: file format */ "no pair",
	[RACE_UNRANKED_NETWORK_SHARE] = /* notext: file format */ "no network-share",
	[RACE_UNRANKED_BLOCK_SHARE] = /* notext: file format */ "no block-share",
};

/* A result's "kind" line: file format, never translated. */
static const char *const kind_names[] = {
	[RACE_CLEARED] = "cleared",
	[RACE_FORFEIT] = "forfeit",
	[RACE_VOID] = "void",
};

/* ---- The files' texts ---- */

static int side_format(const race_side *s, const char *role, char *buf, size_t cap)
{
	/* notext: file format */
	int n = snprintf(buf, cap, "%s %s\n%s-key %s\n%s-slot %s\n%s-address %s\n%s-cleared %d\n", role, s->name,
			 role, s->key[0] ? s->key : "-", role, s->slot, role, s->addr[0] ? s->addr : "-", role,
			 s->cleared < 0 ? -1 : s->cleared);
	return n < 0 || (size_t)n >= cap ? -1 : n;
}

int race_offer_format(const race_offer *o, char *buf, size_t cap)
{
	char side[200];
	if (side_format(&o->by, "by", side, sizeof side) < 0)
		return -1;
	/* notext: file format */
	int n = snprintf(buf, cap, OFFER_HEADER " %d\ntoken %s\n%sfor %s\nvariant %s\npar %d\ncells %s\n",
			 RACE_FILE_VERSION, o->token, side, o->to[0] ? o->to : "-", o->variant, o->par, o->cells);
	return n < 0 || (size_t)n >= cap ? -1 : n;
}

int race_join_format(const race_join *j, char *buf, size_t cap)
{
	char side[200];
	if (side_format(&j->who, "who", side, sizeof side) < 0)
		return -1;
	/* notext: file format */
	int n = snprintf(buf, cap, JOIN_HEADER " %d\ntoken %s\n%sstart %lld\n", RACE_FILE_VERSION, j->token, side,
			 j->start_ms);
	return n < 0 || (size_t)n >= cap ? -1 : n;
}

int race_result_format(const race_result *r, char *buf, size_t cap)
{
	char won[200], lost[200];
	if (side_format(&r->winner, "winner", won, sizeof won) < 0 ||
	    side_format(&r->loser, "loser", lost, sizeof lost) < 0)
		return -1;
	/* notext: file format */
	int n = snprintf(buf, cap, RESULT_HEADER " %d\ntoken %s\n%s%skind %s\nmoves %d\nloser-moves %d\npar %d\n"
			 "ms %lld\nassisted %s\nranked %s\nvariant %s\n", RACE_FILE_VERSION, r->token, won, lost,
			 kind_names[r->kind], r->moves, r->loser_moves < 0 ? -1 : r->loser_moves, r->par, r->ms,
			 r->assisted ? "yes" : "no", rank_names[r->rank], r->variant);
	return n < 0 || (size_t)n >= cap ? -1 : n;
}

/* A parser over a copy of the text, line by line, "KEY VALUE". */
typedef struct reader {
	kv_reader kv;
	char v[RACE_FILE_MAX + 1];	/* the value last read */
	int version;		/* the file's: 1 or 2 */
} reader;

static bool reader_init(reader *rd, const char *text, size_t len, const char *header, char *err, size_t errlen)
{
	const char *s;
	size_t n, hl = strlen(header);
	if (len > RACE_FILE_MAX || memchr(text, '\0', len)) {
		snprintf(err, errlen, _("line 1: not a race file"));
		return false;
	}
	kv_init(&rd->kv, NULL, text, len, KV_NEWLINE, err, errlen);
	if (!kv_line(&rd->kv, &s, &n) || n != hl + 2 || memcmp(s, header, hl) != 0 || s[hl] != ' ' ||
	    s[hl + 1] < '1' || s[hl + 1] > '0' + RACE_FILE_VERSION) {
		snprintf(err, errlen, _("line 1: not a lightsout %s of version 1 to %d"), header + 10, RACE_FILE_VERSION);
		return false;
	}
	rd->version = s[hl + 1] - '0';
	return true;
}

/* The next line's value after "key ", or NULL (the error said). */
static char *reader_value(reader *rd, const char *key)
{
	char what[40];
	/* TRANSLATORS: %s is a key of a race file (token, variant, par). */
	snprintf(what, sizeof what, _("%s wanted"), key);
	return kv_value(&rd->kv, key, rd->v, sizeof rd->v, what) ? rd->v : NULL;
}

static bool reader_end(reader *rd)
{
	return kv_end(&rd->kv, _("more than a race file"));
}

static bool fail(reader *rd, const char *what)
{
	return kv_fail(&rd->kv, "%s", what);
}

static bool copy(reader *rd, char *out, size_t cap, const char *v, const char *what)
{
	if (!v)
		return false;
	if (strlen(v) >= cap)
		return fail(rd, what);
	memcpy(out, v, strlen(v) + 1);
	return true;
}

/* A race file's integer field in [min, max]; a bad one fails the read, named. */
static bool field_int(reader *rd, const char *v, long long min, long long max, long long *out, const char *what)
{
	if (!v)
		return false;
	return parse_int_str(v, min, max, false, out) || fail(rd, what);
}

static bool yes_no(reader *rd, const char *v, bool *out, const char *what)
{
	if (!v)
		return false;
	return parse_yes_no(v, strlen(v), true, out) || fail(rd, what);
}

static bool token_ok(const char *t)
{
	const char *dash = strrchr(t, '-');
	char slot[LIVE_ID_MAX];
	if (!dash || (size_t)(dash - t) >= sizeof slot || !dash[1] || strspn(dash + 1, "0123456789") != strlen(dash + 1))
		return false;
	memcpy(slot, t, (size_t)(dash - t));
	slot[dash - t] = '\0';
	return live_slot_valid(slot) && strlen(dash + 1) <= 16;
}

static bool side_parse(reader *rd, const char *role, race_side *s)
{
	char key[24], why[200];
	const char *v = reader_value(rd, role);
	if (!copy(rd, s->name, sizeof s->name, v, _("a player's name")))
		return false;
	if (!name_check(s->name, why, sizeof why))
		return fail(rd, _("a player's name"));
	snprintf(key, sizeof key, "%s-key", role);
	if (!(v = reader_value(rd, key)))
		return false;
	if (!strcmp(v, "-"))
		s->key[0] = '\0';
	else if (strlen(v) != RACE_KEY_LEN || strspn(v, "0123456789abcdef") != RACE_KEY_LEN)
		return fail(rd, _("a key's player id (32 hex digits) or -"));
	else
		memcpy(s->key, v, RACE_KEY_LEN + 1);
	snprintf(key, sizeof key, "%s-slot", role);
	if (!copy(rd, s->slot, sizeof s->slot, reader_value(rd, key), _("a live game's slot")))
		return false;
	if (!live_slot_valid(s->slot))
		return fail(rd, _("a live game's slot"));
	s->addr[0] = '\0';
	s->cleared = -1;
	if (rd->version < 2)
		return true;	/* from before addresses: unknown */
	snprintf(key, sizeof key, "%s-address", role);
	if (!(v = reader_value(rd, key)))
		return false;
	/* As roster_address writes one: IPv4 dotted, or an IPv6 /64. */
	if (strcmp(v, "-") != 0) {
		if (strlen(v) >= sizeof s->addr || strspn(v, "0123456789abcdef.:/") != strlen(v))
			return fail(rd, _("a client's address or -"));
		memcpy(s->addr, v, strlen(v) + 1);
	}
	if (rd->version < 3)
		return true;	/* from before histories: unknown */
	long long n;
	snprintf(key, sizeof key, "%s-cleared", role);
	if (!field_int(rd, reader_value(rd, key), -1, 1000000000, &n, _("boards cleared (a count, or -1)")))
		return false;
	s->cleared = (int)n;
	return true;
}

static bool token_parse(reader *rd, char *token)
{
	const char *v = reader_value(rd, "token");
	if (!copy(rd, token, RACE_TOKEN_MAX, v, _("a race's token")))
		return false;
	return token_ok(token) || fail(rd, _("a race's token"));
}

static bool variant_value(reader *rd, char *out, size_t cap)
{
	variant var;
	char why[200];
	const char *v = reader_value(rd, "variant");
	if (!copy(rd, out, cap, v, _("a variant")))
		return false;
	return variant_parse(&var, out, why, sizeof why) == LO_OK || fail(rd, _("a variant"));
}

int race_offer_parse(const char *text, size_t len, race_offer *o, char *err, size_t errlen)
{
	static reader rd;
	long long n;
	char why[200];
	if (!reader_init(&rd, text, len, OFFER_HEADER, err, errlen) || !token_parse(&rd, o->token) ||
	    !side_parse(&rd, "by", &o->by))
		return -1;
	const char *v = reader_value(&rd, "for");
	if (!copy(&rd, o->to, sizeof o->to, v, _("a player's name or -")))
		return -1;
	if (!strcmp(o->to, "-"))
		o->to[0] = '\0';
	else if (!name_check(o->to, why, sizeof why))
		return fail(&rd, _("a player's name or -")), -1;
	if (!variant_value(&rd, o->variant, sizeof o->variant) ||
	    !field_int(&rd, reader_value(&rd, "par"), -1, 100000, &n, _("par")))
		return -1;
	o->par = (int)n;
	if (!copy(&rd, o->cells, sizeof o->cells, reader_value(&rd, "cells"), _("cells: too many")))
		return -1;
	o->ncells = (int)strlen(o->cells);
	if (!o->ncells || strspn(o->cells, "0123456789abcdefghijklmnopqrstuvwxyz") != (size_t)o->ncells)
		return fail(&rd, _("cells: digits and letters, one a cell")), -1;
	return reader_end(&rd) ? 0 : -1;
}

int race_join_parse(const char *text, size_t len, race_join *j, char *err, size_t errlen)
{
	static reader rd;
	if (!reader_init(&rd, text, len, JOIN_HEADER, err, errlen) || !token_parse(&rd, j->token) ||
	    !side_parse(&rd, "who", &j->who) ||
	    !field_int(&rd, reader_value(&rd, "start"), 0, 1LL << 50, &j->start_ms, _("start (epoch milliseconds)")))
		return -1;
	return reader_end(&rd) ? 0 : -1;
}

/* A version 1 result: filed only when ranked, between two keys. */
static race_rank rank_v1(const race_result *r)
{
	return !r->winner.key[0] || !r->loser.key[0]	   ? RACE_UNRANKED_GUEST
	       : !strcmp(r->winner.key, r->loser.key) ? RACE_UNRANKED_SELF
						      : RACE_RANKED;
}

int race_result_parse(const char *text, size_t len, race_result *r, char *err, size_t errlen)
{
	static reader rd;
	long long moves, par, loser_moves;
	bool forfeit = false;
	size_t kind = RACE_CLEARED;
	const char *v;
	if (!reader_init(&rd, text, len, RESULT_HEADER, err, errlen) || !token_parse(&rd, r->token) ||
	    !side_parse(&rd, "winner", &r->winner) || !side_parse(&rd, "loser", &r->loser))
		return -1;
	if (rd.version >= 2) {
		if (!(v = reader_value(&rd, "kind")))
			return -1;
		kind = 0;
		while (kind < sizeof kind_names / sizeof *kind_names && strcmp(v, kind_names[kind]) != 0)
			kind++;
		/* Version 2 knew two kinds. */
		if (kind == sizeof kind_names / sizeof *kind_names || (rd.version < 3 && kind == RACE_VOID))
			return fail(&rd, rd.version < 3 ? _("kind cleared or forfeit") : _("kind cleared, forfeit or void")),
			       -1;
	}
	if (!field_int(&rd, reader_value(&rd, "moves"), 0, 1000000000, &moves, _("moves")))
		return -1;
	r->loser_moves = -1;
	if (rd.version >= 3 && !field_int(&rd, reader_value(&rd, "loser-moves"), -1, 1000000000, &loser_moves,
					  _("loser-moves (a count, or -1)")))
		return -1;
	if (rd.version >= 3)
		r->loser_moves = (int)loser_moves;
	if (!field_int(&rd, reader_value(&rd, "par"), -1, 100000, &par, _("par")) ||
	    !field_int(&rd, reader_value(&rd, "ms"), 0, 1LL << 50, &r->ms, _("milliseconds")) ||
	    !yes_no(&rd, reader_value(&rd, "assisted"), &r->assisted, _("assisted yes or no")))
		return -1;
	if (rd.version < 2) {
		if (!yes_no(&rd, reader_value(&rd, "forfeit"), &forfeit, _("forfeit yes or no")))
			return -1;
		kind = forfeit ? RACE_FORFEIT : RACE_CLEARED;
		r->rank = rank_v1(r);
	} else {
		if (!(v = reader_value(&rd, "ranked")))
			return -1;
		size_t i = 0;
		while (i < sizeof rank_names / sizeof *rank_names && strcmp(v, rank_names[i]) != 0)
			i++;
		if (i == sizeof rank_names / sizeof *rank_names)
			return fail(&rd, _("ranked yes, or no and why")), -1;
		r->rank = (race_rank)i;
	}
	if (!variant_value(&rd, r->variant, sizeof r->variant))
		return -1;
	r->kind = (race_kind)kind;
	r->moves = (int)moves;
	r->par = (int)par;
	return reader_end(&rd) ? 0 : -1;
}

/* ---- The files ---- */

void race_date(time_t t, char *date, size_t len)
{
	char day[CLOCK_DATE_LEN];
	clock_date(t, day);
	snprintf(date, len, "%s", day);
}

bool race_offer_for(const race_offer *o, const char *name)
{
	return !o->to[0] || !strcmp(o->to, name);
}

/* The races' part of the host directory: races/ (results: races/results/),
 * and name in it when name is not NULL; spelled here alone. */
static void races_path(const char *host, bool results, const char *name, char *out, size_t len)
{
	snprintf(out, len, "%s/races%s%s%s", host, results ? "/results" : "", name ? "/" : "", name ? name : "");
}

static void path_of(const char *host, const char *slot, const char *ext, char *out, size_t len)
{
	char name[LIVE_ID_MAX + 16];
	snprintf(name, sizeof name, "%s.%s", slot, ext);
	races_path(host, false, name, out, len);
}

int race_dir_open(const char *host)
{
	char path[4200];
	races_path(host, false, NULL, path, sizeof path);
	if (mkdir(path, 0700) < 0 && errno != EEXIST)
		return -1;
	races_path(host, true, NULL, path, sizeof path);
	if (mkdir(path, 0700) < 0 && errno != EEXIST)
		return -1;
	return 0;
}

/* A race file whole, read as atomic_read_max reads a file that must be
 * ours (regular, never through a link, bounded): malloc'd, or NULL. */
static char *read_file(const char *path, size_t *len)
{
	char why[200];
	return atomic_read_max(path, RACE_FILE_MAX, len, why, sizeof why);
}

/* Write text to path only if nothing is there: 0 written, 1 there already,
 * -1 not written (atomic_create: whole or not at all, one writer wins). */
static int put_once(const char *path, const char *text, size_t len)
{
	return atomic_create(path, text, len, 0600, 0, 0);
}

static void remove_race(const char *host, const char *slot)
{
	char path[4200];
	static const char *const ext[] = { "won", "join", "offer", "say" };
	for (size_t i = 0; i < sizeof ext / sizeof *ext; i++) {
		path_of(host, slot, ext[i], path, sizeof path);
		unlink(path);
	}
}

#define SAY_HEADER "lightsout-race-say"

const char *race_say_words(int what)
{
	/* TRANSLATORS: what one racer says to the other after a race. */
	static const char *const words[RACE_SAY_COUNT] = { N_("good game"), N_("again?"), N_("well played") };
	return what >= 0 && what < RACE_SAY_COUNT ? _(words[what]) : "";
}

int race_say(const char *host, const char *slot, const char *token, int what, long long at_ms)
{
	char text[RACE_TOKEN_MAX + 96], path[4200], err[200];
	if (!live_slot_valid(slot) || !token_ok(token) || what < 0 || what >= RACE_SAY_COUNT || race_dir_open(host) < 0)
		return -1;
	/* notext: file format */
	int n = snprintf(text, sizeof text, SAY_HEADER " %d\ntoken %s\nsay %d\nat %lld\n", RACE_FILE_VERSION, token, what,
			 at_ms);
	if (n < 0 || (size_t)n >= sizeof text)
		return -1;
	path_of(host, slot, "say", path, sizeof path);
	return atomic_write(path, text, (size_t)n, err, sizeof err);
}

int race_said(const char *host, const char *slot, const char *token, int *what, long long *at_ms)
{
	static reader rd;
	char path[4200], err[200], got[RACE_TOKEN_MAX];
	size_t len;
	long long w;
	if (!live_slot_valid(slot))
		return -1;
	path_of(host, slot, "say", path, sizeof path);
	char *text = read_file(path, &len);
	bool ok = text && reader_init(&rd, text, len, SAY_HEADER, err, sizeof err) && token_parse(&rd, got) &&
		  field_int(&rd, reader_value(&rd, "say"), 0, RACE_SAY_COUNT - 1, &w, _("say (a message's number)")) &&
		  field_int(&rd, reader_value(&rd, "at"), 0, 1LL << 50, at_ms, _("at (epoch milliseconds)")) &&
		  reader_end(&rd);
	free(text);
	if (!ok || strcmp(got, token) != 0)
		return -1;
	*what = (int)w;
	return 0;
}

bool race_slot_alive(const char *host, const char *slot)
{
	char locks[4200];
	return live_slot_valid(slot) && host_path(host, HOST_DIR_LIVE, locks, sizeof locks) == 0 &&
	       live_slot_alive(locks, slot);
}

int race_offer_publish(const char *host, const race_offer *o)
{
	char text[RACE_FILE_MAX + 1], path[4200], err[200];
	int n = race_offer_format(o, text, sizeof text);
	if (n < 0 || !live_slot_valid(o->by.slot) || race_dir_open(host) < 0)
		return -1;
	remove_race(host, o->by.slot);
	path_of(host, o->by.slot, "offer", path, sizeof path);
	return atomic_write(path, text, (size_t)n, err, sizeof err);
}

void race_withdraw(const char *host, const char *slot)
{
	if (live_slot_valid(slot))
		remove_race(host, slot);
}

int race_offer_read(const char *host, const char *slot, race_offer *o)
{
	char path[4200], err[200];
	size_t n;
	if (!live_slot_valid(slot))
		return -1;
	path_of(host, slot, "offer", path, sizeof path);
	char *text = read_file(path, &n);
	bool ok = text && race_offer_parse(text, n, o, err, sizeof err) == 0 && !strcmp(o->by.slot, slot);
	free(text);
	return ok ? 0 : -1;
}

static int cmp_token(const void *a, const void *b)
{
	const char *ta = strrchr(((const race_offer *)a)->token, '-');
	const char *tb = strrchr(((const race_offer *)b)->token, '-');
	long long x = 0, y = 0;	/* digits, as token_ok checked */
	parse_int_str(ta + 1, 0, LLONG_MAX, false, &x);
	parse_int_str(tb + 1, 0, LLONG_MAX, false, &y);
	return (x > y) - (x < y);
}

int race_list(const char *host, const char *slot, race_offer **out)
{
	char path[4200];
	*out = NULL;
	races_path(host, false, NULL, path, sizeof path);
	DIR *d = opendir(path);
	if (!d)
		return errno == ENOENT ? 0 : -1;
	race_offer *list = NULL;
	int n = 0, cap = 0, read = 0;
	struct dirent *e;
	while ((e = readdir(d)) && read < RACE_LIST_MAX) {
		char id[LIVE_ID_MAX];
		size_t l = strlen(e->d_name);
		if (l < 7 || l - 6 >= sizeof id || strcmp(e->d_name + l - 6, ".offer") != 0)
			continue;
		memcpy(id, e->d_name, l - 6);
		id[l - 6] = '\0';
		if (!live_slot_valid(id) || !strcmp(id, slot))
			continue;
		read++;
		if (!race_slot_alive(host, id)) {
			remove_race(host, id);	/* its opener is gone */
			continue;
		}
		path_of(host, id, "join", path, sizeof path);
		if (access(path, F_OK) == 0)
			continue;	/* taken */
		if (n == cap) {
			int nc = cap ? cap * 2 : 8;
			race_offer *grown = realloc(list, (size_t)nc * sizeof *list);
			if (!grown)
				break;
			list = grown;
			cap = nc;
		}
		if (race_offer_read(host, id, &list[n]) == 0)
			n++;
	}
	closedir(d);
	if (n > 1)
		qsort(list, (size_t)n, sizeof *list, cmp_token);
	*out = list;
	return n;
}

/* Is the offer of slot still the race token?  */
static bool still(const char *host, const char *slot, const char *token)
{
	static race_offer o;
	return race_offer_read(host, slot, &o) == 0 && !strcmp(o.token, token);
}

int race_take(const char *host, const char *slot, const char *token, race_join *j)
{
	char text[RACE_FILE_MAX + 1], path[4200], err[200];
	size_t len;
	if (!still(host, slot, token) || !race_slot_alive(host, slot))
		return -1;
	int n = race_join_format(j, text, sizeof text);
	if (n < 0)
		return -1;
	path_of(host, slot, "join", path, sizeof path);
	int rc = put_once(path, text, (size_t)n);
	if (rc != 1)
		return rc;
	char *theirs = read_file(path, &len);
	bool ok = theirs && race_join_parse(theirs, len, j, err, sizeof err) == 0;
	free(theirs);
	return ok ? 1 : -1;
}

int race_taken(const char *host, const char *slot, const char *token, race_join *j)
{
	char path[4200], err[200];
	size_t len;
	if (!live_slot_valid(slot))
		return -1;
	path_of(host, slot, "join", path, sizeof path);
	char *text = read_file(path, &len);
	if (!text)
		return still(host, slot, token) ? 0 : -1;
	bool ok = race_join_parse(text, len, j, err, sizeof err) == 0 && !strcmp(j->token, token);
	free(text);
	return ok ? 1 : -1;
}

/* The day's results as the ranking counts them. */
typedef struct day_count {
	int ranked, unranked;
	int share[2];		/* ranked results of the two keys asked about */
	int pair;		/* ... of the two together */
	int net[2];		/* ... in which each one's network took part */
	int block[2];		/* ... and each one's block */
} day_count;

/* Did side s's network (wide: its block) take part in result r? */
static bool network_in(const race_side *s, const race_result *r, bool wide)
{
	bool (*same)(const char *, const char *) = wide ? network_block_same : network_same;
	return same(s->addr, r->winner.addr) || same(s->addr, r->loser.addr);
}

/* Is file name one of date's results (DATE.TOKEN)? */
static bool of_day(const char *name, const char *date)
{
	/* A token after the date: never a temporary of put_once's. */
	return strlen(name) > 11 && name[10] == '.' && !strncmp(name, date, 10) && strlen(name + 11) < RACE_TOKEN_MAX &&
	       token_ok(name + 11);
}

/* Results older than RACE_RESULTS_DAYS go; those of date are counted,
 * ranked or not, and the ranked ones of the racers of `of` (its winner
 * and loser): each key's, the pair's, each network's. */
static void results_count(const char *host, const char *date, const race_result *of, day_count *c)
{
	const char *const k[2] = { of->winner.key, of->loser.key };
	const race_side *side[2] = { &of->winner, &of->loser };
	char path[4200], oldest[16], err[200];
	static race_result r;
	memset(c, 0, sizeof *c);
	race_date(time(NULL) - (time_t)RACE_RESULTS_DAYS * 86400, oldest, sizeof oldest);
	races_path(host, true, NULL, path, sizeof path);
	DIR *d = opendir(path);
	if (!d)
		return;
	struct dirent *e;
	int seen = 0;
	while ((e = readdir(d))) {
		if (strlen(e->d_name) < 12 || e->d_name[10] != '.')
			continue;
		races_path(host, true, e->d_name, path, sizeof path);
		if (strncmp(e->d_name, oldest, 10) < 0) {
			unlink(path);
			continue;
		}
		if (!of_day(e->d_name, date) || seen++ >= RACE_RESULTS_DAY + RACE_UNRANKED_DAY)
			continue;
		size_t len;
		char *text = read_file(path, &len);
		bool ok = text && race_result_parse(text, len, &r, err, sizeof err) == 0;
		free(text);
		if (!ok)
			continue;
		if (r.rank != RACE_RANKED) {
			c->unranked++;
			continue;
		}
		c->ranked++;
		for (int i = 0; i < 2; i++) {
			c->share[i] += !strcmp(r.winner.key, k[i]) || !strcmp(r.loser.key, k[i]);
			c->net[i] += network_in(side[i], &r, false);
			c->block[i] += network_in(side[i], &r, true);
		}
		c->pair += (!strcmp(r.winner.key, k[0]) && !strcmp(r.loser.key, k[1])) ||
			   (!strcmp(r.winner.key, k[1]) && !strcmp(r.loser.key, k[0]));
	}
	closedir(d);
}

void race_record(const char *host, const char *key, int days, int *won, int *lost)
{
	char path[4200], oldest[16], err[200];
	static race_result r;
	*won = *lost = 0;
	if (!key[0])
		return;
	days = days < 1 ? 1 : days > RACE_RESULTS_DAYS ? RACE_RESULTS_DAYS : days;
	race_date(time(NULL) - (time_t)(days - 1) * 86400, oldest, sizeof oldest);
	races_path(host, true, NULL, path, sizeof path);
	DIR *d = opendir(path);
	if (!d)
		return;
	struct dirent *e;
	/* Bounded as a day's results are: a page, not a scan of the month. */
	int read = 0;
	while ((e = readdir(d)) && read < days * (RACE_RESULTS_DAY + RACE_UNRANKED_DAY)) {
		if (strlen(e->d_name) < 12 || e->d_name[10] != '.' || strncmp(e->d_name, oldest, 10) < 0 ||
		    !of_day(e->d_name, e->d_name))
			continue;
		races_path(host, true, e->d_name, path, sizeof path);
		size_t len;
		char *text = read_file(path, &len);
		read++;
		bool ok = text && race_result_parse(text, len, &r, err, sizeof err) == 0;
		free(text);
		if (ok && race_counts(&r)) {
			*won += !strcmp(r.winner.key, key);
			*lost += !strcmp(r.loser.key, key);
		}
	}
	closedir(d);
}

bool race_counts(const race_result *r)
{
	/* A forfeit's loser's moves unknown (an older file): it counted then. */
	return r->kind != RACE_VOID && !(r->kind == RACE_FORFEIT && r->loser_moves == 0);
}

/* Whether r ranks, from its racers and the day's results so far (c);
 * history: the boards each key must have cleared alone. */
static race_rank rank_of(const race_result *r, const day_count *c, int history)
{
	const race_side *w = &r->winner, *l = &r->loser;
	/* No result at all first: neither is a win for anyone. */
	if (r->kind == RACE_VOID)
		return RACE_UNRANKED_VOID;
	if (!race_counts(r))
		return RACE_UNRANKED_EARLY;
	if (!w->key[0] || !l->key[0])
		return RACE_UNRANKED_GUEST;
	if (!strcmp(w->key, l->key))
		return RACE_UNRANKED_SELF;
	/* Both games started on one address, or two of one network: one
	 * person's two keys, as far as the host can tell. */
	if (w->addr[0] && !strcmp(w->addr, l->addr))
		return RACE_UNRANKED_ADDRESS;
	if (network_same(w->addr, l->addr))
		return RACE_UNRANKED_NETWORK;
	/* Keys made for the race (throwaway keys farming wins) have no
	 * boards of their own cleared yet. */
	if (history > 0 && (w->cleared < history || l->cleared < history))
		return RACE_UNRANKED_NEW;
	if (c->pair >= RACE_PAIR_DAY)
		return RACE_UNRANKED_PAIR;
	if (c->share[0] >= RACE_SHARE_DAY || c->share[1] >= RACE_SHARE_DAY)
		return RACE_UNRANKED_SHARE;
	/* Each network a share of the day's table: one person's few
	 * networks cannot fill it. */
	if (c->net[0] >= RACE_NETWORK_DAY || c->net[1] >= RACE_NETWORK_DAY)
		return RACE_UNRANKED_NETWORK_SHARE;
	if (c->block[0] >= RACE_BLOCK_DAY || c->block[1] >= RACE_BLOCK_DAY)
		return RACE_UNRANKED_BLOCK_SHARE;
	if (c->ranked >= RACE_RESULTS_DAY)
		return RACE_UNRANKED_FULL;
	return RACE_RANKED;
}

/* The share's number is in its sentence, whole for the translators. */
/* notext: a compile-time check */
_Static_assert(RACE_SHARE_DAY == 20, "race_rank_words says 20 ranked races a day");

const char *race_rank_words(race_rank rank, int history, char *buf, size_t len)
{
	static const char *const words[] = {
		[RACE_RANKED] = "",
		[RACE_UNRANKED_GUEST] = N_("a guest's races are not ranked"),
		[RACE_UNRANKED_SELF] = N_("one key against itself"),
		[RACE_UNRANKED_ADDRESS] = N_("both players came from one address"),
		[RACE_UNRANKED_NETWORK] = N_("both players are on one network"),
		[RACE_UNRANKED_SHARE] = N_("a player has had the day's 20 ranked races"),
		[RACE_UNRANKED_FULL] = N_("the day's table is full"),
		[RACE_UNRANKED_VOID] = N_("help reached a racer, so nothing counts"),
		[RACE_UNRANKED_EARLY] = N_("no move was made before leaving, so nothing counts"),
		[RACE_UNRANKED_NEW] = "",
		[RACE_UNRANKED_PAIR] = "",
		[RACE_UNRANKED_NETWORK_SHARE] = "",
		[RACE_UNRANKED_BLOCK_SHARE] = "",
	};
	buf[0] = '\0';
	if (rank == RACE_UNRANKED_NEW)
		snprintf(buf, len,
			 /* TRANSLATORS: why a race is not ranked (after "not
			  * ranked: "); %d is the boards each player must have
			  * cleared without help. */
			 P_("a player has cleared under %d board", "a player has cleared under %d boards", history),
			 history);
	else if (rank == RACE_UNRANKED_PAIR)
		snprintf(buf, len,
			 P_("the pair's %d ranked race today is used up", "the pair's %d ranked races today are used up",
			    RACE_PAIR_DAY),
			 RACE_PAIR_DAY);
	else if (rank == RACE_UNRANKED_NETWORK_SHARE)
		snprintf(buf, len,
			 P_("a network's %d ranked race today is used up", "a network's %d ranked races today are used up",
			    RACE_NETWORK_DAY),
			 RACE_NETWORK_DAY);
	else if (rank == RACE_UNRANKED_BLOCK_SHARE)
		snprintf(buf, len,
			 /* TRANSLATORS: a block is a wider range of networks
			  * (an IPv4 /16), as serve's --guests-per-block says. */
			 P_("an address block's %d ranked race today is used up",
			    "an address block's %d ranked races today are used up", RACE_BLOCK_DAY),
			 RACE_BLOCK_DAY);
	else if ((size_t)rank < sizeof words / sizeof *words && words[rank][0])
		snprintf(buf, len, "%s", _(words[rank]));
	return buf;
}

int race_decide(const char *host, const char *slot, race_result *r, const char *date, int history)
{
	char text[RACE_FILE_MAX + 1], path[4200], err[200];
	size_t len;
	if (!live_slot_valid(slot) || !token_ok(r->token))
		return -1;
	path_of(host, slot, "won", path, sizeof path);
	if (!still(host, slot, r->token))
		return -1;
	/* Between two keys the result is filed: counting the day's results
	 * and filing this one are one step, so that two races decided at one
	 * moment cannot both take a share's last place. */
	/* A void race or no result is filed nowhere: nobody's win or loss. */
	bool keys = r->winner.key[0] && r->loser.key[0] && strcmp(r->winner.key, r->loser.key) != 0 &&
		    race_counts(r);
	day_count c;
	memset(&c, 0, sizeof c);
	int lfd = -1;
	if (keys) {
		char lock[4200];
		races_path(host, true, NULL, lock, sizeof lock);
		lfd = lock_take(lock, LOCK_WAIT_MS, err, sizeof err);
		results_count(host, date, r, &c);
	}
	r->rank = rank_of(r, &c, history);
	int n = race_result_format(r, text, sizeof text);
	int rc = n < 0 ? -1 : put_once(path, text, (size_t)n);
	if (rc == 0 && keys && (r->rank == RACE_RANKED || c.unranked < RACE_UNRANKED_DAY)) {
		char filed[4300], name[16 + RACE_TOKEN_MAX];
		snprintf(name, sizeof name, "%.10s.%s", date, r->token);
		races_path(host, true, name, filed, sizeof filed);
		put_once(filed, text, (size_t)n);
	}
	if (lfd >= 0)
		lock_release(lfd);
	if (rc == 1) {
		char *theirs = read_file(path, &len);
		bool ok = theirs && race_result_parse(theirs, len, r, err, sizeof err) == 0;
		free(theirs);
		return ok ? 1 : -1;
	}
	return rc;
}

int race_decided(const char *host, const char *slot, const char *token, race_result *r)
{
	char path[4200], err[200];
	size_t len;
	if (!live_slot_valid(slot))
		return -1;
	path_of(host, slot, "won", path, sizeof path);
	char *text = read_file(path, &len);
	if (!text)
		return still(host, slot, token) ? 0 : -1;
	bool ok = race_result_parse(text, len, r, err, sizeof err) == 0 && !strcmp(r->token, token);
	free(text);
	return ok ? 1 : -1;
}

/* ---- The day's table ---- */

typedef struct tally {
	char key[RACE_KEY_LEN + 1];
	char name[NAME_MAX_BYTES + 1];
	int cleared, fair, forfeits;	/* wins: boards cleared, of them unassisted, by forfeit */
	long long best_ms;	/* fastest board cleared, or -1 */
} tally;

/* Boards cleared first rank above wins by forfeit, whatever their count:
 * unassisted clears, then clears, then forfeits, then the fastest. */
static int cmp_tally(const void *a, const void *b)
{
	const tally *x = a, *y = b;
	if (x->fair != y->fair)
		return y->fair - x->fair;
	if (x->cleared != y->cleared)
		return y->cleared - x->cleared;
	if (x->forfeits != y->forfeits)
		return y->forfeits - x->forfeits;
	if (x->best_ms != y->best_ms)
		return x->best_ms < 0 ? 1 : y->best_ms < 0 ? -1 : x->best_ms < y->best_ms ? -1 : 1;
	return strcmp(x->name, y->name);
}

char *race_table_text(const char *host, const char *date, bool utf8)
{
	return race_table_fit(host, date, utf8, 0);
}

char *race_table_fit(const char *host, const char *date, bool utf8, int cols)
{
	bool narrow = cols > 0 && cols < 80;
	char path[4200], err[200];
	races_path(host, true, NULL, path, sizeof path);
	DIR *d = opendir(path);
	if (!d)
		return NULL;
	tally *t = NULL;
	int n = 0, cap = 0, seen = 0, unranked = 0;
	struct dirent *e;
	static race_result r;
	while ((e = readdir(d)) && seen < RACE_RESULTS_DAY + RACE_UNRANKED_DAY) {
		size_t len;
		if (!of_day(e->d_name, date))
			continue;
		seen++;
		races_path(host, true, e->d_name, path, sizeof path);
		char *text = read_file(path, &len);
		bool ok = text && race_result_parse(text, len, &r, err, sizeof err) == 0 && r.winner.key[0];
		free(text);
		if (!ok)
			continue;
		if (r.rank != RACE_RANKED) {
			unranked++;
			continue;
		}
		int i = 0;
		while (i < n && strcmp(t[i].key, r.winner.key) != 0)
			i++;
		if (i == n) {
			if (n == cap) {
				int nc = cap ? cap * 2 : 16;
				tally *grown = realloc(t, (size_t)nc * sizeof *t);
				if (!grown)
					break;
				t = grown;
				cap = nc;
			}
			memset(&t[n], 0, sizeof t[n]);
			memcpy(t[n].key, r.winner.key, sizeof t[n].key);
			t[n].best_ms = -1;
			n++;
		}
		snprintf(t[i].name, sizeof t[i].name, "%s", r.winner.name);	/* the name now (a rename) */
		if (r.kind == RACE_FORFEIT) {
			t[i].forfeits++;
			continue;
		}
		t[i].cleared++;
		t[i].fair += !r.assisted;
		if (t[i].best_ms < 0 || r.ms < t[i].best_ms)
			t[i].best_ms = r.ms;
	}
	closedir(d);
	if (!n) {
		free(t);
		return NULL;
	}
	qsort(t, (size_t)n, sizeof *t, cmp_tally);
	/* The columns as wide as their headings, which a translation may
	 * lengthen: by the terminal's columns, not bytes. */
	/* TRANSLATORS: the day's table of races won; under 80 columns
	 * (narrow) each line at most 58 columns. */
	const char *intro = narrow ? _("Races won on %s\n(ranked apart from the daily board)\n"
				       "Wins are boards cleared first; wins by forfeit\n(the other left) rank below.\n\n")
				   : _("Races won on %s (ranked apart from the daily board)\n"
				       "Wins are boards cleared first; wins by forfeit (the other left) rank below.\n\n");
	const char *head[] = {
		C_("race-table", "wins"),
		narrow ? C_("race-table", "unaided") : C_("race-table", "unassisted"),
		narrow ? C_("race-table", "forfeits") : C_("race-table", "by forfeit"),
		C_("race-table", "fastest"),
	};
	int width[] = { 5, narrow ? 7 : 10, narrow ? 8 : 10, 7 };
	const char *player = C_("race-table", "player");
	int namew = text_cols(player) > NAME_MAX_CHARS ? text_cols(player) : NAME_MAX_CHARS;
	textbuf out;
	textbuf_init(&out);
	textbuf_printf(&out, intro, date);
	textbuf_printf(&out, "  #  %s%*s ", player, namew - text_cols(player), "");
	for (int c = 0; c < 4; c++) {
		int w = text_cols(head[c]);
		width[c] = w > width[c] ? w : width[c];
		textbuf_printf(&out, "%s%*s%s", c ? "  " : "", width[c] - w, "", head[c]);
	}
	textbuf_printf(&out, "\n");
	for (int i = 0; i < n; i++) {
		char name[NAME_SHOWN_MAX], best[24] = "-";
		int pad = namew - name_for_terminal(t[i].name, utf8, name, sizeof name);
		if (t[i].best_ms >= 0)
			snprintf(best, sizeof best, "%lld:%02lld.%lld", t[i].best_ms / 60000,
				 t[i].best_ms / 1000 % 60, t[i].best_ms / 100 % 10);
		textbuf_printf(&out, "%3d  %s%*s %*d  %*d  %*d  %*s\n", i + 1, name, pad > 0 ? pad : 0, "", width[0],
			       t[i].cleared, width[1], t[i].fair, width[2], t[i].forfeits, width[3], best);
	}
	/* The reasons in short: each racer was told theirs in full. */
	if (unranked)
		textbuf_printf(&out, narrow ? P_("\n%d race today not ranked (one network,\na new player, or a share used up).\n",
						 "\n%d races today not ranked (one network,\na new player, or a share used up).\n",
						 unranked)
				       : P_("\n%d race today not ranked (one network, a new player, or a share used up).\n",
					    "\n%d races today not ranked (one network, a new player, or a share used up).\n",
					    unranked),
			       unranked);
	free(t);
	size_t len;
	return textbuf_finish(&out, &len);
}
