/* libFuzzer target: the saved-game loader.  A file it accepts must format
 * to text that it accepts again, unchanged. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "persist/savegame.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	saved_game sg, again;
	char err[300];
	if (savegame_parse((const char *)data, size, &sg, err, sizeof err) != 0) {
		if (strncmp(err, "line ", 5) != 0 || sg.start)
			abort();	/* every refusal names its line */
		return 0;
	}
	size_t len, len2;
	char *text = savegame_format(&sg, &len);
	if (!text || savegame_parse(text, len, &again, err, sizeof err) != 0)
		abort();
	char *text2 = savegame_format(&again, &len2);
	if (!text2 || len != len2 || memcmp(text, text2, len) != 0)
		abort();
	free(text);
	free(text2);
	savegame_free(&sg);
	savegame_free(&again);
	return 0;
}
