/* SSH public keys as sshd names them (TYPE and the base64 of the key's
 * wire-format blob): checked to be well-formed, and named by the SHA-256
 * fingerprint that `ssh-keygen -l` prints.  Nothing here proves that a
 * client holds the private key: sshd does that. */
#ifndef LO_SSHKEY_H
#define LO_SSHKEY_H

#include <stddef.h>

#define SSHKEY_MAX_BLOB 16384	/* bytes; the largest RSA key is about 2 KiB */
#define SSHKEY_MAX_TYPE 64
#define SSHKEY_FP_LEN 51	/* "SHA256:", 43 base64 characters, NUL */

/* 0 when TYPE and B64 make a well-formed key of a type we know (plain
 * keys: ed25519, RSA, ECDSA, DSA and the two FIDO kinds; no certificates),
 * with the SHA-256 of the decoded blob in digest; -1 with a one-line
 * reason in err otherwise (the reason quotes nothing unprintable). */
int sshkey_check(const char *type, const char *b64, unsigned char digest[32], char *err, size_t errlen);

/* "SHA256:" and the digest in unpadded standard base64, as ssh-keygen -l. */
void sshkey_fingerprint(const unsigned char digest[32], char out[SSHKEY_FP_LEN]);

#endif
