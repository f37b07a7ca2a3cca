/* SHA-256 (FIPS 180-4), small and plain: SSH key fingerprints need it and
 * a whole crypto library for one hash is not worth the dependency. */
#ifndef LO_SHA256_H
#define LO_SHA256_H

#include <stddef.h>
#include <stdint.h>

#define SHA256_LEN 32

typedef struct sha256_ctx {
	uint32_t h[8];
	uint64_t bytes;			/* hashed so far, for the final length */
	unsigned char block[64];	/* a partial block waiting for more */
	size_t used;
} sha256_ctx;

void sha256_init(sha256_ctx *c);
void sha256_update(sha256_ctx *c, const void *data, size_t len);
/* The digest; c must be initialised again before reuse. */
void sha256_final(sha256_ctx *c, unsigned char out[SHA256_LEN]);

/* The digest of len bytes at data, in one call. */
void sha256(const void *data, size_t len, unsigned char out[SHA256_LEN]);

/* HMAC-SHA-256 (RFC 2104) of msg under key: a name made from a secret. */
void sha256_hmac(const void *key, size_t klen, const void *msg, size_t mlen, unsigned char out[SHA256_LEN]);

#endif
