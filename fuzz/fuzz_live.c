/* libFuzzer target: a live game's file (another program's, on a shared
 * host) parsed, then, when it parses, shown to a watcher through the real
 * drawing code at several terminal sizes, and a second file applied over
 * it as a poll would (a board of another size or rule in between). */
#include <curses.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "persist/live.h"
#include "ui/watch.h"

#include "fuzz_screen.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);


int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const int sizes[][2] = { { 6, 20 }, { 24, 80 }, { 9, 30 }, { 75, 160 } };
	static live_game lg, again;
	static watched w;
	char err[300];
	screen_open();
	/* Two files in one input, split at the first 0xff: the first shown,
	 * the second applied over it. */
	const uint8_t *cut = memchr(data, 0xff, size);
	size_t n1 = cut ? (size_t)(cut - data) : size;
	if (live_parse((const char *)data, n1, &lg, err, sizeof err) < 0) {
		if (strncmp(err, "line ", 5) != 0)
			abort();	/* every refusal says where */
		return 0;
	}
	memset(&w, 0, sizeof w);
	w.feed.eye = -1;
	if (!watched_show(&w, &lg, &gl, err, sizeof err)) {
		watched_close(&w);
		return 0;
	}
	for (size_t s = 0; s < sizeof sizes / sizeof sizes[0]; s++) {
		resize_term(sizes[s][0], sizes[s][1]);
		watched_draw(&w, true, 0);
		watched_draw(&w, false, 0.5);
	}
	if (cut && live_parse((const char *)cut + 1, size - n1 - 1, &again, err, sizeof err) == 0 &&
	    watched_show(&w, &again, &gl, err, sizeof err))
		watched_draw(&w, false, 1.0);
	watched_close(&w);
	return 0;
}
