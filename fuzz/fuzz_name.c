/* libFuzzer target: any bytes as a name.  The checks never crash and
 * never quote the name; a new name is always a readable one; the key is
 * always NAME_KEY_LEN hex digits; shown to a terminal that is not UTF-8,
 * nothing but printable ASCII, and a readable name is shown whole in
 * NAME_SHOWN_MAX; under UTF-8, never a C1 control (0xC2 0x80-0x9F). */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "persist/name.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *s = malloc(size + 1), why[300] = "", key[NAME_KEY_LEN + 1], out[NAME_SHOWN_MAX];
	if (!s)
		return 0;
	memcpy(s, data, size);
	s[size] = '\0';
	bool readable = name_check(s, why, sizeof why);
	if (name_check_new(s, why, sizeof why) && !readable)
		abort();
	if (strchr(why, '\033') || strchr(why, '\n'))
		abort();
	name_key(s, key, sizeof key);
	if (strlen(key) != NAME_KEY_LEN || strspn(key, "0123456789abcdef") != NAME_KEY_LEN)
		abort();
	name_for_terminal(s, false, out, sizeof out);
	for (const char *p = out; *p; p++)
		if ((unsigned char)*p < 0x20 || (unsigned char)*p > 0x7e)
			abort();
	if (readable && strlen(out) == sizeof out - 1 && strlen(s) > 0) {
		/* Full to the last byte is fine; cut short is not. */
		char bigger[NAME_SHOWN_MAX * 4];
		name_for_terminal(s, false, bigger, sizeof bigger);
		if (strcmp(bigger, out) != 0)
			abort();
	}
	name_for_terminal(s, true, out, sizeof out);
	for (const char *p = out; *p; p++)
		if ((unsigned char)*p < 0x20 || *p == 0x7f || ((unsigned char)p[0] == 0xc2 && (unsigned char)p[1] < 0xa0))
			abort();
	if (readable && strcmp(out, s) != 0)
		abort();
	free(s);
	return 0;
}
