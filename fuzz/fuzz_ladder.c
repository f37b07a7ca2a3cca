/* libFuzzer target: the practice ladder's parser.  Every rung it gives is
 * within LADDER_RUNG_MAX; every refusal names its line. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "persist/ladder.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char err[300];
	long rung = -1;
	/* The key: the first line of the input, when there is one. */
	const char *nl = memchr(data, '\n', size);
	char key[128] = "4x4 k2 plus normal";
	if (nl && (size_t)(nl - (const char *)data) < sizeof key && nl != (const char *)data) {
		memcpy(key, data, (size_t)(nl - (const char *)data));
		key[nl - (const char *)data] = '\0';
	}
	int rc = ladder_parse((const char *)data, size, key, &rung, err, sizeof err);
	if (rc < 0 && strncmp(err, "line ", 5) != 0)
		abort();
	if (rc == 1 && (rung < 0 || rung > LADDER_RUNG_MAX))
		abort();
	if (rc == 0 && rung != -1)
		abort();
	return 0;
}
