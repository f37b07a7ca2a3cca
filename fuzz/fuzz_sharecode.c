/* libFuzzer target: the share-code decoder.  Input starting with '#' is a
 * payload wrapped in a valid length and checksum, so the fuzzer also
 * reaches the value checks behind the CRC.  Whatever decodes must encode
 * back to a code that decodes to the same board. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "engine/sharecode.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static const char b32[] = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";

static uint32_t crc32(uint32_t crc, const uint8_t *p, size_t n)
{
	crc = ~crc;
	while (n--) {
		crc ^= *p++;
		for (int i = 0; i < 8; i++)
			crc = crc & 1 ? (crc >> 1) ^ 0xEDB88320u : crc >> 1;
	}
	return ~crc;
}

static char *wrap(const uint8_t *d, size_t n)
{
	if (n > 120)
		n = 120;
	uint8_t all[128];
	all[0] = (uint8_t)n;
	memcpy(all + 1, d, n);
	uint8_t v = '1';
	uint32_t crc = crc32(crc32(0, &v, 1), all, n + 1);
	for (int i = 0; i < 4; i++)
		all[n + 1 + i] = (uint8_t)(crc >> (24 - 8 * i));
	size_t bits = (n + 5) * 8;
	char *code = malloc(3 + bits / 5 + 2);
	size_t j = 3;
	code[0] = 'L', code[1] = 'O', code[2] = '1';
	for (size_t b = 0; b < bits; b += 5, j++) {
		unsigned x = 0;
		for (size_t i = b; i < b + 5; i++)
			x = x << 1 | (i < bits ? (all[i / 8] >> (7 - i % 8)) & 1u : 0);
		code[j] = b32[x];
	}
	code[j] = '\0';
	return code;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *code;
	if (size > 0 && data[0] == '#')
		code = wrap(data + 1, size - 1);
	else {
		code = malloc(size + 1);
		memcpy(code, data, size);
		code[size] = '\0';
	}
	sharecode sc, again;
	char err[256];
	if (sharecode_decode(code, &sc, err, sizeof err) == LO_OK) {
		char *re = sharecode_encode(sc.board, &sc.v, err, sizeof err);
		if (!re || sharecode_decode(re, &again, err, sizeof err) != LO_OK)
			abort();
		if (!board_equal(sc.board, again.board) || !variant_equal(&sc.v, &again.v))
			abort();
		sharecode_free(&again);
		sharecode_free(&sc);
		free(re);
	} else if (!err[0] || sc.board)
		abort();
	free(code);
	return 0;
}
