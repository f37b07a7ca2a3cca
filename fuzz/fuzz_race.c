/* libFuzzer target: a race's three files (another game's, on a shared host)
 * parsed strictly, of version 1, 2 or 3: each refusal says its line, and
 * what parses formats back (as version 3) to a text that parses to the
 * same, addresses, histories, kind, rank and the loser's moves included. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "persist/racestore.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void refused_well(const char *err)
{
	if (strncmp(err, "line ", 5) != 0)
		abort();	/* every refusal says where */
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static race_offer o, o2;
	static race_join j, j2;
	static race_result r, r2;
	static char text[RACE_FILE_MAX + 1];
	char err[300];
	const char *in = (const char *)data;
	if (race_offer_parse(in, size, &o, err, sizeof err) < 0)
		refused_well(err);
	else {
		int n = race_offer_format(&o, text, sizeof text);
		if (n < 0 || race_offer_parse(text, (size_t)n, &o2, err, sizeof err) < 0 || strcmp(o.cells, o2.cells) ||
		    strcmp(o.token, o2.token) || o.par != o2.par || strcmp(o.by.addr, o2.by.addr) ||
		    o.by.cleared != o2.by.cleared)
			abort();
	}
	if (race_join_parse(in, size, &j, err, sizeof err) < 0)
		refused_well(err);
	else {
		int n = race_join_format(&j, text, sizeof text);
		if (n < 0 || race_join_parse(text, (size_t)n, &j2, err, sizeof err) < 0 || j.start_ms != j2.start_ms ||
		    strcmp(j.who.addr, j2.who.addr) || j.who.cleared != j2.who.cleared)
			abort();
	}
	if (race_result_parse(in, size, &r, err, sizeof err) < 0)
		refused_well(err);
	else {
		int n = race_result_format(&r, text, sizeof text);
		if (n < 0 || race_result_parse(text, (size_t)n, &r2, err, sizeof err) < 0 || r.ms != r2.ms ||
		    r.moves != r2.moves || strcmp(r.winner.name, r2.winner.name) || r.kind != r2.kind ||
		    r.rank != r2.rank || r.assisted != r2.assisted || strcmp(r.loser.addr, r2.loser.addr) ||
		    r.loser_moves != r2.loser_moves || r.winner.cleared != r2.winner.cleared)
			abort();
	}
	return 0;
}
