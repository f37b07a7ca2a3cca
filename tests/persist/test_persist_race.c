/* Races' files (persist/race.h): read back whole, refused where they are
 * wrong with the line; a race taken once and decided once however many
 * try at the same moment; a dead opener's race swept; ranked only between
 * two keys; the day's table counts wins. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "persist/lock.h"
#include "persist/race.h"
#include "tap.h"

#define DAY "2026-11-25"
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

static int results(const char *host)
{
	char path[4300], cmd[4400];
	int n = 0;
	snprintf(path, sizeof path, "%s/races/results", host);
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
	snprintf(o.variant, sizeof o.variant, "3x3 plus k=2");
	o.par = 3;
	snprintf(o.cells, sizeof o.cells, "010111010");
	o.ncells = 9;
	int n = race_offer_format(&o, text, sizeof text);
	tap_ok(n > 0 && race_offer_parse(text, (size_t)n, &ob, err, sizeof err) == 0 && !strcmp(ob.by.name, "alice") &&
	       !strcmp(ob.by.key, KA) && !ob.to[0] && ob.par == 3 && ob.ncells == 9 && !strcmp(ob.token, o.token),
	       "an offer reads back whole");
	static const struct {
		const char *from, *to, *line;
	} bad[] = {
		{ "lightsout-race 1", "lightsout-race 2", "line 1" },
		{ "token k", "token x", "line 2" },
		{ "by alice", "by \033[2J", "line 3" },
		{ "by-key " KA, "by-key 12", "line 4" },
		{ "by-slot k", "by-slot ../k", "line 5" },
		{ "for -", "for \t", "line 6" },
		{ "variant 3x3 plus k=2", "variant 3x3 nosuch", "line 7" },
		{ "par 3", "par x", "line 8" },
		{ "cells 010111010", "cells 0101/1010", "line 9" },
		{ "cells 010111010\n", "cells 010111010\nmore\n", "line 10" },
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
	j.start_ms = 1764000003000LL;
	n = race_join_format(&j, text, sizeof text);
	tap_ok(n > 0 && race_join_parse(text, (size_t)n, &jb, err, sizeof err) == 0 && !jb.who.key[0] &&
	       !strcmp(jb.who.slot, "g3") && jb.start_ms == j.start_ms, "a join reads back (a guest: no key)");
	race_result r, rb;
	memset(&r, 0, sizeof r);
	snprintf(r.token, sizeof r.token, "%s", o.token);
	r.winner = o.by;
	r.loser = j.who;
	r.moves = 4;
	r.par = 3;
	r.ms = 12345;
	r.assisted = true;
	snprintf(r.variant, sizeof r.variant, "3x3 plus k=2");
	n = race_result_format(&r, text, sizeof text);
	tap_ok(n > 0 && race_result_parse(text, (size_t)n, &rb, err, sizeof err) == 0 && rb.moves == 4 &&
	       rb.ms == 12345 && rb.assisted && !rb.forfeit && !strcmp(rb.loser.name, "bob"), "a result reads back");
	char *at = strstr(text, "forfeit no");
	memcpy(at, "forfeit  o", 10);
	tap_ok(race_result_parse(text, strlen(text), &rb, err, sizeof err) < 0 && !strncmp(err, "line 13", 7),
	       "a result refused where it is wrong: %s", err);
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
			_exit(race_decide(host, slot_a, &mine, DAY) == 0 ? 0 : 1);
		}
	}
	for (int i = 0; i < 2; i++) {
		int st;
		wait(&st);
		won += WIFEXITED(st) && WEXITSTATUS(st) == 0;
	}
	tap_is(won, 1, "both clear it at once: one win stands");
	tap_ok(race_decided(host, slot_a, o.token, &r) == 1 && (r.ms == 1000 || r.ms == 1001), "and both read it");
	tap_is(results(host), 1, "one result ranked");
	race_result late = r;
	snprintf(late.winner.name, sizeof late.winner.name, "mallory");
	tap_ok(race_decide(host, slot_a, &late, DAY) == 1 && strcmp(late.winner.name, "mallory") != 0,
	       "a later claim is answered with the win that stands");

	char *table = race_table_text(host, DAY, true);
	tap_ok(table && strstr(table, r.winner.name) && strstr(table, "    1 "), "the day's table: one win");
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
	tap_ok(race_decide(host, slot_a, &rs, DAY) == 0 && results(host) == 1, "one key against itself: not ranked");
	race_offer_publish(host, &self);
	side(&rs.loser, "guest-1a2b", "", "g0");
	tap_ok(race_decide(host, slot_a, &rs, DAY) == 0 && results(host) == 1, "against a guest: not ranked");

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

int main(void)
{
	char host[] = "/tmp/lightsout-race.XXXXXX";
	if (!mkdtemp(host))
		return 1;
	formats();
	course(host);
	char cmd[200];
	snprintf(cmd, sizeof cmd, "rm -rf '%s'", host);
	if (system(cmd) != 0)
		tap_diag("could not remove %s", host);
	return tap_done();
}
