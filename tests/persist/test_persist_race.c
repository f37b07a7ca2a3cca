/* Races' files (persist/racestore.h): read back whole, refused where they are
 * wrong with the line, versions 1 and 2 still read; a race taken once and
 * decided once however many try at the same moment; a dead opener's race
 * swept; ranked only between two keys of two networks, each with the
 * history asked for, within each key's, each pair's and each network's
 * daily share and the day's bound; a void race and a forfeit before a
 * move are no result, filed nowhere; the day's table counts wins by
 * clearing apart from wins by forfeit, which never rank above them. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "persist/lock.h"
#include "persist/racestore.h"
#include "tap.h"

/* Today: results older than RACE_RESULTS_DAYS are swept. */
static char DAY[16];
#define KA "0123456789abcdef0123456789abcdef"
#define KB "fedcba9876543210fedcba9876543210"

static void side(race_side *s, const char *name, const char *key, const char *slot)
{
	memset(s, 0, sizeof *s);
	snprintf(s->name, sizeof s->name, "%s", name);
	snprintf(s->key, sizeof s->key, "%s", key);
	snprintf(s->slot, sizeof s->slot, "%s", slot);
}

static int hold(const char *host, const char *slot)
{
	char path[4300], err[200];
	snprintf(path, sizeof path, "%s/live/%s", host, slot);
	return lock_take(path, 0, err, sizeof err);
}

/* The day's results filed (ranked: only those that rank). */
static int filed(const char *host, bool ranked)
{
	char path[4300], cmd[4400];
	int n = 0;
	snprintf(path, sizeof path, "%s/races/results", host);
	if (ranked)
		snprintf(cmd, sizeof cmd, "cd '%s' && ls -A | grep '^%s\\.' | xargs -r grep -l '^ranked yes$' | wc -l",
			 path, DAY);
	else
		snprintf(cmd, sizeof cmd, "ls -A '%s' | grep -c '^%s\\.'", path, DAY);
	FILE *p = popen(cmd, "r");
	if (!p || fscanf(p, "%d", &n) != 1)
		n = -1;
	if (p)
		pclose(p);
	return n;
}

static void formats(void)
{
	char text[RACE_FILE_MAX + 1], err[300];
	race_offer o, ob;
	memset(&o, 0, sizeof o);
	snprintf(o.token, sizeof o.token, "k" KA ".0-1764000000000");
	side(&o.by, "alice", KA, "k" KA ".0");
	snprintf(o.by.addr, sizeof o.by.addr, "198.51.100.7");
	o.by.cleared = 7;
	snprintf(o.variant, sizeof o.variant, "3x3 plus k=2");
	o.par = 3;
	snprintf(o.cells, sizeof o.cells, "010111010");
	o.ncells = 9;
	int n = race_offer_format(&o, text, sizeof text);
	tap_ok(n > 0 && race_offer_parse(text, (size_t)n, &ob, err, sizeof err) == 0 && !strcmp(ob.by.name, "alice") &&
	       !strcmp(ob.by.key, KA) && !ob.to[0] && ob.par == 3 && ob.ncells == 9 && !strcmp(ob.token, o.token) &&
	       !strcmp(ob.by.addr, "198.51.100.7") && ob.by.cleared == 7,
	       "an offer reads back whole, its opener's address and history too");
	/* An offer of version 1 (before addresses): the address unknown. */
	const char *v1 = "lightsout-race 1\ntoken g1-1000\nby alice\nby-key -\nby-slot g1\nfor -\n"
			 "variant 3x3 plus k=2\npar 3\ncells 010111010\n";
	tap_ok(race_offer_parse(v1, strlen(v1), &ob, err, sizeof err) == 0 && !ob.by.addr[0] && ob.ncells == 9 &&
		       ob.by.cleared == -1,
	       "an offer of version 1 reads, its address and history unknown");
	const char *v2 = "lightsout-race 2\ntoken g1-1000\nby alice\nby-key -\nby-slot g1\nby-address 192.0.2.1\nfor -\n"
			 "variant 3x3 plus k=2\npar 3\ncells 010111010\n";
	tap_ok(race_offer_parse(v2, strlen(v2), &ob, err, sizeof err) == 0 && !strcmp(ob.by.addr, "192.0.2.1") &&
		       ob.by.cleared == -1,
	       "an offer of version 2 reads, its history unknown");
	static const struct {
		const char *from, *to, *line;
	} bad[] = {
		{ "lightsout-race 3", "lightsout-race 4", "line 1" },
		{ "token k", "token x", "line 2" },
		{ "by alice", "by \033[2J", "line 3" },
		{ "by-key " KA, "by-key 12", "line 4" },
		{ "by-slot k", "by-slot ../k", "line 5" },
		{ "by-address 198.51.100.7", "by-address 198.51.100.7 x", "line 6" },
		{ "by-cleared 7", "by-cleared x", "line 7" },
		{ "by-cleared 7", "by-cleared -2", "line 7" },
		{ "for -", "for \t", "line 8" },
		{ "variant 3x3 plus k=2", "variant 3x3 nosuch", "line 9" },
		{ "par 3", "par x", "line 10" },
		{ "cells 010111010", "cells 0101/1010", "line 11" },
		{ "cells 010111010\n", "cells 010111010\nmore\n", "line 12" },
	};
	for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
		char t[RACE_FILE_MAX + 100];
		const char *at = strstr(text, bad[i].from);
		snprintf(t, sizeof t, "%.*s%s%s", (int)(at - text), text, bad[i].to, at + strlen(bad[i].from));
		bool refused = race_offer_parse(t, strlen(t), &ob, err, sizeof err) < 0;
		tap_ok(refused && !strncmp(err, bad[i].line, strlen(bad[i].line)), "an offer refused where it is wrong: %s",
		       err);
	}
	race_join j, jb;
	memset(&j, 0, sizeof j);
	snprintf(j.token, sizeof j.token, "%s", o.token);
	side(&j.who, "bob", "", "g3");
	snprintf(j.who.addr, sizeof j.who.addr, "2001:0db8:0001:0002::/64");
	j.start_ms = 1764000003000LL;
	n = race_join_format(&j, text, sizeof text);
	tap_ok(n > 0 && race_join_parse(text, (size_t)n, &jb, err, sizeof err) == 0 && !jb.who.key[0] &&
	       !strcmp(jb.who.slot, "g3") && jb.start_ms == j.start_ms && !strcmp(jb.who.addr, j.who.addr),
	       "a join reads back (a guest: no key; an IPv6 /64)");
	race_result r, rb;
	memset(&r, 0, sizeof r);
	snprintf(r.token, sizeof r.token, "%s", o.token);
	r.winner = o.by;
	r.loser = j.who;
	r.moves = 4;
	r.par = 3;
	r.ms = 12345;
	r.loser_moves = 6;
	r.assisted = true;
	snprintf(r.variant, sizeof r.variant, "3x3 plus k=2");
	r.rank = RACE_UNRANKED_NETWORK;
	n = race_result_format(&r, text, sizeof text);
	tap_ok(n > 0 && race_result_parse(text, (size_t)n, &rb, err, sizeof err) == 0 && rb.moves == 4 &&
	       rb.ms == 12345 && rb.assisted && rb.kind == RACE_CLEARED && rb.rank == RACE_UNRANKED_NETWORK &&
	       !strcmp(rb.loser.name, "bob") && !strcmp(rb.loser.addr, j.who.addr) && rb.loser_moves == 6 &&
		       rb.winner.cleared == 7,
	       "a result reads back, unranked and why, the loser's moves too");
	static const struct {
		const char *from, *to, *line;
	} rbad[] = {
		{ "kind cleared", "kind forfeited", "line 13" },
		{ "loser-moves 6", "loser-moves many", "line 15" },
		{ "ranked no network", "ranked no", "line 19" },
		{ "ranked no network", "ranked yes network", "line 19" },
	};
	for (size_t i = 0; i < sizeof rbad / sizeof *rbad; i++) {
		char t[RACE_FILE_MAX + 100];
		const char *at = strstr(text, rbad[i].from);
		snprintf(t, sizeof t, "%.*s%s%s", (int)(at - text), text, rbad[i].to, at + strlen(rbad[i].from));
		bool refused = race_result_parse(t, strlen(t), &rb, err, sizeof err) < 0;
		tap_ok(refused && !strncmp(err, rbad[i].line, strlen(rbad[i].line)), "a result refused where it is wrong: %s",
		       err);
	}
	r.kind = RACE_FORFEIT;
	r.assisted = false;
	r.rank = RACE_RANKED;
	n = race_result_format(&r, text, sizeof text);
	tap_ok(n > 0 && race_result_parse(text, (size_t)n, &rb, err, sizeof err) == 0 && rb.kind == RACE_FORFEIT &&
	       rb.rank == RACE_RANKED, "a win by forfeit reads back as its own kind");
	r.kind = RACE_VOID;
	r.rank = RACE_UNRANKED_VOID;
	n = race_result_format(&r, text, sizeof text);
	tap_ok(n > 0 && race_result_parse(text, (size_t)n, &rb, err, sizeof err) == 0 && rb.kind == RACE_VOID &&
		       rb.rank == RACE_UNRANKED_VOID && !race_counts(&rb),
	       "a void race reads back as its own kind, and counts for nothing");
	const char *r2 = "lightsout-race-result 2\ntoken g1-1000\nwinner alice\nwinner-key " KA "\nwinner-slot g1\n"
			 "winner-address -\nloser bob\nloser-key " KB "\nloser-slot g2\nloser-address -\nkind %s\n"
			 "moves 0\npar 3\nms 1200\nassisted no\nranked yes\nvariant 3x3 plus k=2\n";
	snprintf(text, sizeof text, r2, "forfeit");
	tap_ok(race_result_parse(text, strlen(text), &rb, err, sizeof err) == 0 && rb.kind == RACE_FORFEIT &&
		       rb.loser_moves == -1 && race_counts(&rb) && rb.winner.cleared == -1,
	       "a forfeit of version 2 reads, the loser's moves unknown: it counts as it did");
	snprintf(text, sizeof text, r2, "void");
	tap_ok(race_result_parse(text, strlen(text), &rb, err, sizeof err) < 0 && !strncmp(err, "line 11", 7),
	       "version 2 had no void races: %s", err);
	/* A result of version 1 keeps its meaning: filed, so ranked between
	 * two keys; "forfeit yes" a forfeit. */
	const char *old = "lightsout-race-result 1\ntoken g1-1000\nwinner alice\nwinner-key " KA "\nwinner-slot g1\n"
			  "loser bob\nloser-key " KB "\nloser-slot g2\nmoves 0\npar 3\nms 1200\nassisted no\n"
			  "forfeit yes\nvariant 3x3 plus k=2\n";
	tap_ok(race_result_parse(old, strlen(old), &rb, err, sizeof err) == 0 && rb.kind == RACE_FORFEIT &&
	       rb.rank == RACE_RANKED && !rb.winner.addr[0], "a result of version 1: a ranked forfeit, addresses unknown");
}

/* The table's row of name: its rank, and its three counts; -1 if none. */
static int row(const char *table, const char *name, int *wins, int *fair, int *forfeits)
{
	char who[64];
	int rank;
	for (const char *l = table; l && *l; l = strchr(l, '\n') ? strchr(l, '\n') + 1 : NULL)
		if (sscanf(l, "%d %63s %d %d %d", &rank, who, wins, fair, forfeits) == 5 && !strcmp(who, name))
			return rank;
	return -1;
}

/* Open a race from slot and decide it: winner w against loser l, the rank
 * it got, or -1. */
static int history;	/* race_one's --race-history */
static int loser_moves = 2;	/* ... and the loser's moves (0: a forfeit before any) */
static int race_one(const char *host, const char *slot, long long ms, const race_side *w, const race_side *l,
		    race_kind kind)
{
	race_offer o;
	memset(&o, 0, sizeof o);
	snprintf(o.token, sizeof o.token, "%s-%lld", slot, ms);
	o.by = *w;
	snprintf(o.by.slot, sizeof o.by.slot, "%s", slot);
	snprintf(o.variant, sizeof o.variant, "2x2 plus k=2");
	o.par = -1;
	snprintf(o.cells, sizeof o.cells, "1111");
	o.ncells = 4;
	if (race_offer_publish(host, &o) < 0)
		return -1;
	race_result r;
	memset(&r, 0, sizeof r);
	snprintf(r.token, sizeof r.token, "%s", o.token);
	r.winner = *w;
	r.loser = *l;
	r.kind = kind;
	r.moves = kind == RACE_CLEARED ? 4 : 0;
	r.loser_moves = loser_moves;
	r.par = -1;
	r.ms = 1000 + ms % 1000;
	snprintf(r.variant, sizeof r.variant, "2x2 plus k=2");
	if (race_decide(host, slot, &r, DAY, history) != 0)
		return -1;
	race_result back;
	return race_decided(host, slot, o.token, &back) == 1 && back.rank == r.rank ? (int)r.rank : -1;
}

/* A fresh key of its own network (172.16.0.0/12, a /24 each) into o. */
/* Racer PREFIX<ID's low digits> of key ID, from the address ADDR (a
 * format of two numbers, a and b). */
static void racer(race_side *s, const char *prefix, int id, const char *addr, int a, int b)
{
	char key[RACE_KEY_LEN + 1], name[16], slot[LIVE_ID_MAX];
	snprintf(key, sizeof key, "%032x", id);
	snprintf(name, sizeof name, "%s%d", prefix, id & 0xff);
	snprintf(slot, sizeof slot, "k%s.0", key);
	side(s, name, key, slot);
	snprintf(s->addr, sizeof s->addr, addr, a, b);
}

static race_side *opponent(race_side *o)
{
	static int next;
	char key[RACE_KEY_LEN + 1], name[16], slot[LIVE_ID_MAX];
	next++;
	snprintf(key, sizeof key, "%032x", 0x1000 + next);
	snprintf(name, sizeof name, "p%d", next);
	snprintf(slot, sizeof slot, "k%s.0", key);
	side(o, name, key, slot);
	/* Each its own /24, spread over 16 blocks: no block's share fills. */
	snprintf(o->addr, sizeof o->addr, "172.%d.%d.1", 16 + next % 16, next / 16 % 250);
	return o;
}

#define KC "cccccccccccccccccccccccccccccccc"
#define KD "dddddddddddddddddddddddddddddddd"
#define KE "eeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee"
#define KF "ffffffffffffffffffffffffffffffff"

/* Who ranks: networks, shares, the day's bound; what the table shows. */
static void ranking(const char *host)
{
	char slot[48] = "k" KC ".0";
	race_side c, d, e, f;
	side(&c, "carol", KC, "k" KC ".0");
	side(&d, "dave", KD, "k" KD ".0");
	side(&e, "erin", KE, "k" KE ".0");
	side(&f, "frank", KF, "k" KF ".0");
	int lc = hold(host, slot);
	int before = filed(host, true);

	snprintf(c.addr, sizeof c.addr, "198.51.100.7");
	snprintf(d.addr, sizeof d.addr, "198.51.100.7");
	tap_is(race_one(host, slot, 1, &c, &d, RACE_CLEARED), RACE_UNRANKED_ADDRESS,
	       "two keys from one address: not ranked, and both read why");
	snprintf(d.addr, sizeof d.addr, "198.51.100.200");
	tap_is(race_one(host, slot, 2, &c, &d, RACE_CLEARED), RACE_UNRANKED_NETWORK, "two keys of one /24: not ranked");
	snprintf(c.addr, sizeof c.addr, "2001:0db8:0001:0002::/64");
	snprintf(d.addr, sizeof d.addr, "2001:0db8:0001:0003::/64");
	tap_is(race_one(host, slot, 3, &c, &d, RACE_CLEARED), RACE_UNRANKED_NETWORK, "two keys of one IPv6 /48: not ranked");
	tap_ok(filed(host, false) - filed(host, true) >= 3 && filed(host, true) == before,
	       "unranked results are filed, and none ranked");
	char words[200];
	tap_ok(!strcmp(race_rank_words(RACE_UNRANKED_NETWORK, 3, words, sizeof words), "both players are on one network"),
	       "the reason in a player's words");

	/* Forfeits: their own column, never unassisted, below any clear. */
	snprintf(c.addr, sizeof c.addr, "198.51.100.7");
	snprintf(d.addr, sizeof d.addr, "203.0.113.9");
	snprintf(e.addr, sizeof e.addr, "192.0.2.1");
	for (int i = 0; i < 3; i++)
		tap_is(race_one(host, slot, 10 + i, &d, &c, RACE_FORFEIT), RACE_RANKED, "dave wins by forfeit %d", i + 1);
	tap_is(race_one(host, slot, 20, &c, &e, RACE_CLEARED), RACE_RANKED, "carol clears a board first against erin");
	char *table = race_table_text(host, DAY, true);
	int wins = -1, fair = -1, forfeits = -1, cw = -1, cf = -1, cx = -1;
	int dave = row(table, "dave", &wins, &fair, &forfeits), carol = row(table, "carol", &cw, &cf, &cx);
	tap_ok(wins == 0 && fair == 0 && forfeits == 3, "dave: no board cleared, none unassisted, three by forfeit (%d %d %d)",
	       wins, fair, forfeits);
	tap_ok(cw == 1 && cf == 1 && cx == 0, "carol: one board cleared, unassisted");
	tap_ok(carol > 0 && dave > carol, "carol's one board cleared ranks above dave's three forfeits (%d, %d)", carol,
	       dave);
	tap_ok(table && strstr(table, "not ranked"), "the table says some races were not ranked");
	free(table);

	/* A pair of keys: RACE_PAIR_DAY ranked races a day together, in
	 * either order (dave has three by forfeit against carol). */
	tap_is(race_one(host, slot, 30, &c, &d, RACE_CLEARED), RACE_UNRANKED_PAIR,
	       "carol and dave's fourth race today is not ranked");
	tap_is(race_one(host, slot, 31, &d, &c, RACE_CLEARED), RACE_UNRANKED_PAIR, "whoever wins it");
	race_rank_words(RACE_UNRANKED_PAIR, 3, words, sizeof words);
	tap_ok(strstr(words, "pair's 3 ranked races") != NULL, "why, in words: %s", words);

	/* A key's daily share: each result counts for both of its keys. */
	int left = RACE_SHARE_DAY - 3, ranked = 0;	/* dave has three ranked */
	race_side o;
	for (int i = 0; i < left; i++)
		ranked += race_one(host, slot, 100 + i, &d, opponent(&o), RACE_CLEARED) == RACE_RANKED;
	tap_is(ranked, left, "dave's share of %d ranked races a day, each against another key", RACE_SHARE_DAY);
	tap_is(race_one(host, slot, 200, &d, opponent(&o), RACE_CLEARED), RACE_UNRANKED_SHARE, "his next one is not ranked");
	tap_is(race_one(host, slot, 201, &o, &d, RACE_CLEARED), RACE_UNRANKED_SHARE, "nor as the loser");
	tap_is(race_one(host, slot, 202, &e, &c, RACE_CLEARED), RACE_RANKED, "erin and carol still rank");

	/* A network's daily share: three keys of one /24, each against
	 * players of other networks; two full keys' shares fill it. */
	race_side n[3];
	for (int k = 0; k < 3; k++)
		racer(&n[k], "net", 0x5000 + k, "198.18.%d.%d", 0, k + 1);
	ranked = 0;
	for (int i = 0; i < RACE_NETWORK_DAY; i++)
		ranked += race_one(host, slot, 400 + i, &n[i / RACE_SHARE_DAY], opponent(&o), RACE_CLEARED) == RACE_RANKED;
	tap_is(ranked, RACE_NETWORK_DAY, "one network's %d ranked races, two keys' shares", RACE_NETWORK_DAY);
	tap_is(race_one(host, slot, 500, &n[2], opponent(&o), RACE_CLEARED), RACE_UNRANKED_NETWORK_SHARE,
	       "a third key of that network: not ranked, its network's share used up");
	tap_is(race_one(host, slot, 501, opponent(&o), &n[2], RACE_CLEARED), RACE_UNRANKED_NETWORK_SHARE,
	       "nor as the loser");
	race_rank_words(RACE_UNRANKED_NETWORK_SHARE, 3, words, sizeof words);
	tap_ok(strstr(words, "network's 40 ranked races") != NULL, "why, in words: %s", words);

	/* A block's daily share: ten keys on five /24s of one /16 (two keys
	 * a network, each network its share) fill it; a key on a sixth /24
	 * of that block is not ranked, one from another block is. */
	race_side b[11];
	for (int k = 0; k < 11; k++)
		racer(&b[k], "blk", 0x6000 + k, "198.19.%d.%d", k / 2, k % 2 + 1);
	ranked = 0;
	for (int i = 0; i < RACE_BLOCK_DAY; i++)
		ranked += race_one(host, slot, 2000 + i, &b[i / RACE_SHARE_DAY], opponent(&o), RACE_CLEARED) == RACE_RANKED;
	tap_is(ranked, RACE_BLOCK_DAY, "one block's %d ranked races: five networks' shares", RACE_BLOCK_DAY);
	tap_is(race_one(host, slot, 2500, &b[10], opponent(&o), RACE_CLEARED), RACE_UNRANKED_BLOCK_SHARE,
	       "a key on a sixth /24 of that block: not ranked, its block's share used up");
	tap_is(race_one(host, slot, 2501, opponent(&o), &b[10], RACE_CLEARED), RACE_UNRANKED_BLOCK_SHARE,
	       "nor as the loser");
	race_rank_words(RACE_UNRANKED_BLOCK_SHARE, 3, words, sizeof words);
	tap_ok(strstr(words, "block's 200 ranked races") != NULL, "why, in words: %s", words);
	tap_is(race_one(host, slot, 2502, opponent(&o), opponent(&b[0]), RACE_CLEARED), RACE_RANKED,
	       "two players of other blocks still rank");

	/* History: keys that had cleared too few boards alone (or unknown). */
	race_side h1, h2;
	opponent(&h1);
	opponent(&h2);
	history = 3;
	h1.cleared = 2;
	h2.cleared = 3;
	tap_is(race_one(host, slot, 600, &h2, &h1, RACE_CLEARED), RACE_UNRANKED_NEW,
	       "a key with 2 boards cleared alone, 3 wanted: not ranked");
	race_rank_words(RACE_UNRANKED_NEW, 3, words, sizeof words);
	tap_ok(!strcmp(words, "a player has cleared under 3 boards"), "why, in words: %s", words);
	h1.cleared = -1;
	tap_is(race_one(host, slot, 601, &h2, &h1, RACE_CLEARED), RACE_UNRANKED_NEW, "nor one whose history is unknown");
	h1.cleared = 3;
	tap_is(race_one(host, slot, 602, &h2, &h1, RACE_CLEARED), RACE_RANKED, "both with 3: ranked");
	history = 0;

	/* No result: a forfeit before the one who left made a move, a void
	 * race; neither filed, neither a win or a loss on a page. */
	race_side q1, q2;
	opponent(&q1);
	opponent(&q2);
	int files = filed(host, false), won = -1, lost = -1;
	loser_moves = 0;
	tap_is(race_one(host, slot, 700, &q1, &q2, RACE_FORFEIT), RACE_UNRANKED_EARLY,
	       "a forfeit before the leaver's first move: no result");
	tap_is(race_one(host, slot, 701, &q1, &q2, RACE_VOID), RACE_UNRANKED_VOID, "a void race: no result");
	tap_is(filed(host, false), files, "neither is filed");
	race_record(host, q1.key, 1, &won, &lost);
	tap_ok(won == 0 && lost == 0, "neither is a win (%d) on the winner's page", won);
	race_record(host, q2.key, 1, &won, &lost);
	tap_ok(won == 0 && lost == 0, "nor a loss (%d) on the other's", lost);
	tap_is(race_one(host, slot, 702, &q1, &q2, RACE_CLEARED), RACE_RANKED,
	       "a board cleared first ranks, however few moves the loser made");
	loser_moves = 1;
	tap_is(race_one(host, slot, 703, &q1, &q2, RACE_FORFEIT), RACE_RANKED, "a forfeit after one move ranks");
	race_record(host, q2.key, 1, &won, &lost);
	tap_is(lost, 2, "and both are losses on the loser's page");
	loser_moves = 2;

	/* The day's bound: the table full, a new result is not ranked (and
	 * wins planted by hand under it are read, version 1 ones too). */
	char path[4400], text[RACE_FILE_MAX + 1];
	const char *old = "lightsout-race-result 1\ntoken g1-%d\nwinner gina\nwinner-key " KA "\nwinner-slot g1\n"
			  "loser hal\nloser-key " KB "\nloser-slot g2\nmoves 4\npar 3\nms 1200\nassisted no\n"
			  "forfeit no\nvariant 3x3 plus k=2\n";
	int unranked = filed(host, false) - filed(host, true);
	for (int i = filed(host, true); i < RACE_RESULTS_DAY; i++) {
		snprintf(path, sizeof path, "%s/races/results/%s.g1-%d", host, DAY, i);
		snprintf(text, sizeof text, old, i);
		FILE *fp = fopen(path, "w");
		if (fp) {
			fputs(text, fp);
			fclose(fp);
		}
	}
	tap_is(filed(host, false) - unranked, RACE_RESULTS_DAY, "the day's table filled (%d)", RACE_RESULTS_DAY);
	tap_is(race_one(host, slot, 300, &e, &c, RACE_CLEARED), RACE_UNRANKED_FULL, "a result past it is not ranked");
	table = race_table_text(host, DAY, true);
	tap_ok(table && strstr(table, "  1  gina "), "version 1 results rank as they did");
	free(table);
	lock_release(lc);
}

static void course(const char *host)
{
	char slot_a[48] = "k" KA ".0", slot_b[48] = "k" KB ".1";
	char live[4300];
	snprintf(live, sizeof live, "%s/live", host);
	mkdir(live, 0700);
	tap_is(race_dir_open(host), 0, "the races' directories are made");
	int la = hold(host, slot_a), lb = hold(host, slot_b);
	race_offer o, *list;
	memset(&o, 0, sizeof o);
	snprintf(o.token, sizeof o.token, "%s-1000", slot_a);
	side(&o.by, "alice", KA, slot_a);
	snprintf(o.variant, sizeof o.variant, "2x2 plus k=2");
	o.par = -1;
	snprintf(o.cells, sizeof o.cells, "1111");
	o.ncells = 4;
	tap_ok(la >= 0 && lb >= 0 && race_offer_publish(host, &o) == 0, "alice opens a race");
	int n = race_list(host, slot_b, &list);
	tap_ok(n == 1 && !strcmp(list[0].by.name, "alice"), "bob lists it (%d)", n);
	free(list);
	n = race_list(host, slot_a, &list);
	tap_is(n, 0, "alice does not list her own");
	free(list);

	/* Three take it at once: exactly one gets it. */
	int takers = 3, won = 0;
	for (int i = 0; i < takers; i++) {
		pid_t pid = fork();
		if (pid == 0) {
			race_join j;
			memset(&j, 0, sizeof j);
			snprintf(j.token, sizeof j.token, "%s", o.token);
			side(&j.who, "bob", KB, slot_b);
			j.start_ms = 5000 + i;
			_exit(race_take(host, slot_a, o.token, &j) == 0 ? 0 : 1);
		}
	}
	for (int i = 0; i < takers; i++) {
		int st;
		wait(&st);
		won += WIFEXITED(st) && WEXITSTATUS(st) == 0;
	}
	tap_is(won, 1, "three take the race at once: one gets it");
	race_join j;
	tap_ok(race_taken(host, slot_a, o.token, &j) == 1 && j.start_ms >= 5000 && j.start_ms < 5003,
	       "alice sees it taken, and when both start");
	n = race_list(host, slot_b, &list);
	tap_is(n, 0, "a race taken is listed no more");
	free(list);
	tap_is(race_taken(host, slot_a, "k" KA ".0-999", &j), -1, "another race's token: gone");

	/* Both clear it at once: one result stands. */
	race_result r;
	tap_is(race_decided(host, slot_a, o.token, &r), 0, "not decided yet");
	won = 0;
	for (int i = 0; i < 2; i++) {
		pid_t pid = fork();
		if (pid == 0) {
			race_result mine;
			memset(&mine, 0, sizeof mine);
			snprintf(mine.token, sizeof mine.token, "%s", o.token);
			side(&mine.winner, i ? "bob" : "alice", i ? KB : KA, i ? slot_b : slot_a);
			side(&mine.loser, i ? "alice" : "bob", i ? KA : KB, i ? slot_a : slot_b);
			mine.moves = 4;
			mine.par = -1;
			mine.ms = 1000 + i;
			snprintf(mine.variant, sizeof mine.variant, "2x2 plus k=2");
			_exit(race_decide(host, slot_a, &mine, DAY, 0) == 0 ? 0 : 1);
		}
	}
	for (int i = 0; i < 2; i++) {
		int st;
		wait(&st);
		won += WIFEXITED(st) && WEXITSTATUS(st) == 0;
	}
	tap_is(won, 1, "both clear it at once: one win stands");
	tap_ok(race_decided(host, slot_a, o.token, &r) == 1 && (r.ms == 1000 || r.ms == 1001), "and both read it");
	tap_is(filed(host, true), 1, "one result ranked");
	race_result late = r;
	snprintf(late.winner.name, sizeof late.winner.name, "mallory");
	tap_ok(race_decide(host, slot_a, &late, DAY, 0) == 1 && strcmp(late.winner.name, "mallory") != 0,
	       "a later claim is answered with the win that stands");

	char *table = race_table_text(host, DAY, true);
	tap_ok(table && strstr(table, r.winner.name) && strstr(table, "    1           1           0 "),
	       "the day's table: one win, unassisted, none by forfeit");
	free(table);

	/* A race of one key against itself, or with a guest, is not ranked. */
	race_offer self = o;
	snprintf(self.token, sizeof self.token, "%s-2000", slot_a);
	race_offer_publish(host, &self);
	race_result rs;
	memset(&rs, 0, sizeof rs);
	snprintf(rs.token, sizeof rs.token, "%s", self.token);
	side(&rs.winner, "alice", KA, slot_a);
	side(&rs.loser, "alice", KA, "k" KA ".1");
	snprintf(rs.variant, sizeof rs.variant, "2x2 plus k=2");
	rs.par = -1;
	tap_ok(race_decide(host, slot_a, &rs, DAY, 0) == 0 && filed(host, false) == 1 && rs.rank == RACE_UNRANKED_SELF,
	       "one key against itself: not ranked (nor filed)");
	race_offer_publish(host, &self);
	side(&rs.loser, "guest-1a2b", "", "g0");
	tap_ok(race_decide(host, slot_a, &rs, DAY, 0) == 0 && filed(host, false) == 1 && rs.rank == RACE_UNRANKED_GUEST,
	       "against a guest: not ranked (nor filed)");

	/* The opener's game ends: its race is swept by the next lister. */
	race_offer_publish(host, &o);
	lock_release(la);
	n = race_list(host, slot_b, &list);
	free(list);
	char offer[4400];
	snprintf(offer, sizeof offer, "%s/races/%s.offer", host, slot_a);
	tap_ok(n == 0 && access(offer, F_OK) != 0, "a dead opener's race is swept");
	tap_ok(race_take(host, slot_a, o.token, &j) == -1, "and cannot be taken");
	lock_release(lb);
}

/* Words after a race: the last said from a slot in its race, fixed
 * ones only, read for that race alone. */
static void words(const char *host)
{
	const char *slot = "k" KA ".0", *token = "k" KA ".0-1000";
	int what = -1;
	long long at = 0;
	tap_ok(race_said(host, slot, token, &what, &at) < 0, "nothing said yet");
	tap_ok(race_say(host, slot, token, 2, 5000) == 0 && race_said(host, slot, token, &what, &at) == 0 &&
	       what == 2 && at == 5000 && !strcmp(race_say_words(what), "well played"), "said: well played, at 5000");
	tap_ok(race_said(host, slot, "k" KA ".0-2000", &what, &at) < 0, "another race's words are not this one's");
	tap_ok(race_say(host, slot, token, RACE_SAY_COUNT, 6000) < 0 && race_say(host, slot, token, -1, 6000) < 0,
	       "only the fixed words: no number past them");
	race_withdraw(host, slot);
	tap_ok(race_said(host, slot, token, &what, &at) < 0, "the slot's next race takes them away");
}

int main(void)
{
	char host[] = "/tmp/lightsout-race.XXXXXX";
	if (!mkdtemp(host))
		return 1;
	race_date(time(NULL), DAY, sizeof DAY);
	formats();
	course(host);
	ranking(host);
	words(host);
	char cmd[200];
	snprintf(cmd, sizeof cmd, "rm -rf '%s'", host);
	if (system(cmd) != 0)
		tap_diag("could not remove %s", host);
	return tap_done();
}
