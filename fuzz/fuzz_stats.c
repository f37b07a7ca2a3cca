/* libFuzzer target: the statistics parser.  A file it accepts must format
 * to text that it accepts again, unchanged; every refusal names its line. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "persist/stats.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	stats s, again;
	char err[300];
	if (stats_parse((const char *)data, size, &s, err, sizeof err) != 0) {
		if (strncmp(err, "line ", 5) != 0 || s.entries || s.daily)
			abort();
		return 0;
	}
	for (int i = 1; i < s.n; i++)	/* sorted, no kind twice */
		if (variant_compare(&s.entries[i - 1].key, &s.entries[i].key) >= 0)
			abort();
	size_t len, len2;
	char *text = stats_format(&s, &len);
	if (!text || stats_parse(text, len, &again, err, sizeof err) != 0)
		abort();
	char *text2 = stats_format(&again, &len2);
	if (!text2 || len != len2 || memcmp(text, text2, len) != 0)
		abort();
	free(text);
	free(text2);
	stats_free(&s);
	stats_free(&again);
	return 0;
}
