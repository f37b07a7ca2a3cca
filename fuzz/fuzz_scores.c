/* libFuzzer target: the leaderboard record parser, fed what any user of
 * the host may write in the shared directory.  A file it accepts must
 * format to exactly the same text; every refusal names its line. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "persist/scores.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	score recs[SCORES_MAX_RECORDS];
	char err[300], text[SCORES_FILE_MAX + 1];
	/* The reader never hands over more than SCORES_FILE_MAX bytes. */
	if (size > SCORES_FILE_MAX)
		size = SCORES_FILE_MAX;
	int n = scores_parse((const char *)data, size, NULL, recs, err, sizeof err);
	if (n < 0) {
		if (strncmp(err, "line ", 5) != 0)
			abort();
		return 0;
	}
	if (n > SCORES_MAX_RECORDS)
		abort();
	for (int i = 0; i < n; i++)
		if (!scores_date_valid(recs[i].date) || recs[i].moves < 0 || recs[i].ms < 0 || recs[i].par < -1 ||
		    strcmp(recs[i].date, recs[0].date) != 0)
			abort();
	/* Strict: the text is exactly what the writer would make of it. */
	int len = scores_format(recs, n, text, sizeof text);
	if (len < 0 || (size_t)len != size || memcmp(text, data, size) != 0)
		abort();
	/* The ranking and the table take anything the parser took. */
	scores t = { .s = recs, .n = n, .cap = n };
	scores_sort(&t);
	size_t tl;
	for (int utf8 = 0; utf8 < 2; utf8++) {
		char *table = scores_table(&t, NULL, utf8, &tl);
		if (!table)
			abort();
		/* Not UTF-8: nothing but ASCII reaches the terminal. */
		for (size_t i = 0; !utf8 && i < tl; i++)
			if ((unsigned char)table[i] >= 0x80)
				abort();
		free(table);
	}
	return 0;
}
