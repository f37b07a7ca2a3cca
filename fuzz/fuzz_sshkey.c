/* libFuzzer target: SSH public keys as sshd hands them over.  The input is
 * "TYPE BASE64", tried as it is and with everything after the space
 * base64-encoded first, so that the blob parser sees arbitrary blobs and
 * not only what survives the strict decoder.  Whatever is accepted must
 * be a blob that names TYPE, whose digest is its SHA-256, and whose base64
 * is spelled the one way. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "persist/sha256.h"
#include "persist/sshkey.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static const char A[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

static char *encode(const uint8_t *s, size_t n)
{
	char *out = malloc((n + 2) / 3 * 4 + 1), *o = out;
	if (!out)
		abort();
	for (size_t i = 0; i < n; i += 3) {
		uint32_t v = (uint32_t)s[i] << 16 | (i + 1 < n ? (uint32_t)s[i + 1] << 8 : 0) | (i + 2 < n ? s[i + 2] : 0);
		*o++ = A[v >> 18 & 63];
		*o++ = A[v >> 12 & 63];
		*o++ = i + 1 < n ? A[v >> 6 & 63] : '=';
		*o++ = i + 2 < n ? A[v & 63] : '=';
	}
	*o = '\0';
	return out;
}

/* Lenient decoding (padding and other bytes skipped): enough to look at
 * what the strict decoder accepted. */
static uint8_t *decode(const char *s, size_t *len)
{
	uint8_t *out = malloc(strlen(s) / 4 * 3 + 3);
	uint32_t acc = 0;
	int bits = 0;
	*len = 0;
	if (!out)
		abort();
	for (; *s; s++) {
		const char *p = strchr(A, *s);
		if (!p)
			continue;
		acc = acc << 6 | (uint32_t)(p - A);
		bits += 6;
		if (bits >= 8) {
			bits -= 8;
			out[(*len)++] = (uint8_t)(acc >> bits);
		}
	}
	return out;
}

static void try_key(const char *type, const char *b64)
{
	unsigned char digest[32], want[32];
	char err[300];
	err[0] = '\0';
	if (sshkey_check(type, b64, digest, err, sizeof err) < 0) {
		if (!err[0] || strchr(err, '\n'))
			abort();	/* refused without one line saying why */
		for (const char *p = err; *p; p++)
			if ((unsigned char)*p < 0x20 || (unsigned char)*p == 0x7f)
				abort();	/* a control character from the input reached the message */
		return;
	}
	size_t n, tn = strlen(type);
	uint8_t *blob = decode(b64, &n);
	if (n > SSHKEY_MAX_BLOB || n < 4 + tn)
		abort();
	uint32_t len = (uint32_t)blob[0] << 24 | (uint32_t)blob[1] << 16 | (uint32_t)blob[2] << 8 | blob[3];
	if (len != tn || memcmp(blob + 4, type, tn) != 0)
		abort();	/* accepted as TYPE a key that says otherwise */
	sha256(blob, n, want);
	if (memcmp(digest, want, 32) != 0)
		abort();
	char *again = encode(blob, n);
	if (strcmp(again, b64) != 0)
		abort();	/* two spellings of one key */
	char fp[SSHKEY_FP_LEN];
	sshkey_fingerprint(digest, fp);
	if (strlen(fp) != SSHKEY_FP_LEN - 1 || strncmp(fp, "SHA256:", 7) != 0)
		abort();
	free(again);
	free(blob);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const uint8_t *space = memchr(data, ' ', size);
	size_t tn = space ? (size_t)(space - data) : size;
	const uint8_t *rest = space ? space + 1 : data + size;
	size_t rn = size - (size_t)(rest - data);
	char *type = malloc(tn + 1), *text = malloc(rn + 1);
	if (!type || !text)
		abort();
	memcpy(type, data, tn);
	type[tn] = '\0';
	memcpy(text, rest, rn);
	text[rn] = '\0';
	try_key(type, text);
	char *b64 = encode(rest, rn);
	try_key(type, b64);
	free(b64);
	free(text);
	free(type);
	return 0;
}
