/* SHA-256 against the FIPS 180-4 examples, and SSH keys built by hand:
 * every type we accept, and each way a key can be malformed. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "persist/sha256.h"
#include "persist/sshkey.h"
#include "tap.h"

static void hex(const unsigned char *d, size_t n, char *out)
{
	for (size_t i = 0; i < n; i++)
		sprintf(out + 2 * i, "%02x", d[i]);
}

static void sha_is(const void *data, size_t len, const char *want, const char *what)
{
	unsigned char d[32];
	char h[65];
	sha256(data, len, d);
	hex(d, 32, h);
	if (!tap_ok(strcmp(h, want) == 0, "sha256 %s", what))
		tap_diag("  got %s", h);
}

static void test_sha256(void)
{
	sha_is("", 0, "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855", "of \"\"");
	sha_is("abc", 3, "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad", "of \"abc\"");
	/* 56 bytes: the padding needs a second block. */
	const char *m448 = "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq";
	sha_is(m448, strlen(m448), "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1", "of 448 bits");
	const char *m896 = "abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopq"
			   "rsmnopqrstnopqrstu";
	sha_is(m896, strlen(m896), "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1", "of 896 bits");
	char x[64];
	memset(x, 'x', sizeof x);
	sha_is(x, 55, "d5e285683cd4efc02d021a5c62014694958901005d6f71e89e0989fac77e4072", "of 55 bytes (one block)");
	sha_is(x, 64, "7ce100971f64e7001e8fe5a51973ecdfe1ced42befe7ee8d5fd6219506b5393c", "of one whole block");

	char *million = malloc(1000000);
	if (!million)
		abort();
	memset(million, 'a', 1000000);
	sha_is(million, 1000000, "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0",
	       "of a million 'a'");
	/* The same in pieces of awkward sizes. */
	sha256_ctx c;
	unsigned char d[32];
	char h[65];
	sha256_init(&c);
	for (size_t done = 0, step = 1; done < 1000000; done += step, step = step % 97 + 13)
		sha256_update(&c, million + done, done + step > 1000000 ? 1000000 - done : step);
	sha256_final(&c, d);
	hex(d, 32, h);
	tap_ok(strcmp(h, "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0") == 0,
	       "sha256 of a million 'a' fed in pieces");
	free(million);
}

/* A key blob under construction. */
typedef struct blob {
	unsigned char b[20000];
	size_t n;
} blob;

static void put_u32(blob *k, uint32_t v)
{
	for (int i = 0; i < 4; i++)
		k->b[k->n++] = (unsigned char)(v >> (24 - 8 * i));
}

static void put_bytes(blob *k, const void *s, size_t n)
{
	put_u32(k, (uint32_t)n);
	memcpy(k->b + k->n, s, n);
	k->n += n;
}

static void put_str(blob *k, const char *s)
{
	put_bytes(k, s, strlen(s));
}

/* n filled with byte v, the first byte first (for mpints and points). */
static void put_filled(blob *k, size_t n, unsigned char first, unsigned char v)
{
	put_u32(k, (uint32_t)n);
	memset(k->b + k->n, v, n);
	if (n)
		k->b[k->n] = first;
	k->n += n;
}

static char *b64(const blob *k)
{
	static const char A[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
	static char out[30000];
	size_t o = 0;
	for (size_t i = 0; i < k->n; i += 3) {
		uint32_t v = (uint32_t)k->b[i] << 16 | (i + 1 < k->n ? k->b[i + 1] << 8 : 0) |
			     (i + 2 < k->n ? k->b[i + 2] : 0);
		out[o++] = A[v >> 18 & 63];
		out[o++] = A[v >> 12 & 63];
		out[o++] = i + 1 < k->n ? A[v >> 6 & 63] : '=';
		out[o++] = i + 2 < k->n ? A[v & 63] : '=';
	}
	out[o] = '\0';
	return out;
}

/* accept TYPE BASE64: sshkey_check takes it, and the digest is the blob's. */
static void accepts(const char *type, const blob *k, const char *what)
{
	unsigned char d[32], want[32];
	char err[300] = "";
	int rc = sshkey_check(type, b64(k), d, err, sizeof err);
	sha256(k->b, k->n, want);
	if (!tap_ok(rc == 0 && memcmp(d, want, 32) == 0, "accepts %s", what))
		tap_diag("  err: %s", err);
}

/* refused: -1 with a one-line reason containing WORD. */
static void refuses_b64(const char *type, const char *text, const char *word, const char *what)
{
	unsigned char d[32];
	char err[300] = "";
	int rc = sshkey_check(type, text, d, err, sizeof err);
	if (!tap_ok(rc == -1 && strstr(err, word) && !strchr(err, '\n'), "refuses %s", what))
		tap_diag("  rc %d, err: %s (want '%s')", rc, err, word);
}

static void refuses(const char *type, const blob *k, const char *word, const char *what)
{
	refuses_b64(type, b64(k), word, what);
}

static blob *ed25519(size_t pklen)
{
	static blob k;
	k.n = 0;
	put_str(&k, "ssh-ed25519");
	put_filled(&k, pklen, 0x11, 0x22);
	return &k;
}

/* RSA with e and an n of nbits bits (a multiple of 8, top bit set). */
static blob *rsa(const void *e, size_t elen, size_t nbits)
{
	static blob k;
	k.n = 0;
	put_str(&k, "ssh-rsa");
	put_bytes(&k, e, elen);
	unsigned char n[2100];
	n[0] = 0;
	memset(n + 1, 0xc3, nbits / 8);
	put_bytes(&k, n, nbits / 8 + 1);
	return &k;
}

static blob *ecdsa(const char *type, const char *curve, size_t qlen, unsigned char first)
{
	static blob k;
	k.n = 0;
	put_str(&k, type);
	put_str(&k, curve);
	put_filled(&k, qlen, first, 0x5a);
	return &k;
}

static void test_accepted(void)
{
	static const unsigned char e65537[] = { 1, 0, 1 }, e3[] = { 3 };
	accepts("ssh-ed25519", ed25519(32), "ssh-ed25519");
	accepts("ssh-rsa", rsa(e65537, 3, 1024), "ssh-rsa, 1024 bits");
	accepts("ssh-rsa", rsa(e3, 1, 4096), "ssh-rsa, 4096 bits, e = 3");
	accepts("ssh-rsa", rsa(e65537, 3, 16384), "ssh-rsa, 16384 bits");
	accepts("ecdsa-sha2-nistp256", ecdsa("ecdsa-sha2-nistp256", "nistp256", 65, 4), "ecdsa-sha2-nistp256");
	accepts("ecdsa-sha2-nistp384", ecdsa("ecdsa-sha2-nistp384", "nistp384", 97, 4), "ecdsa-sha2-nistp384");
	accepts("ecdsa-sha2-nistp521", ecdsa("ecdsa-sha2-nistp521", "nistp521", 133, 4), "ecdsa-sha2-nistp521");

	blob k = { .n = 0 };
	put_str(&k, "sk-ssh-ed25519@openssh.com");
	put_filled(&k, 32, 1, 2);
	put_str(&k, "ssh:");
	accepts("sk-ssh-ed25519@openssh.com", &k, "sk-ssh-ed25519@openssh.com");
	k.n = 0;
	put_str(&k, "sk-ecdsa-sha2-nistp256@openssh.com");
	put_str(&k, "nistp256");
	put_filled(&k, 65, 4, 9);
	put_str(&k, "ssh:lightsout");
	accepts("sk-ecdsa-sha2-nistp256@openssh.com", &k, "sk-ecdsa-sha2-nistp256@openssh.com");
	k.n = 0;
	put_str(&k, "ssh-dss");
	put_filled(&k, 129, 0, 0xb7);	/* p: a leading zero the top bit needs */
	put_filled(&k, 20, 0x7f, 0x11);
	put_filled(&k, 128, 0x21, 0x42);
	put_filled(&k, 128, 0x3e, 0x99);
	accepts("ssh-dss", &k, "ssh-dss");

	/* A key from ssh-keygen and the fingerprint ssh-keygen -l gave it. */
	const char *real = "AAAAC3NzaC1lZDI1NTE5AAAAIMF4Py6ZOWX7SsYGWwtLKgF8gBYIo9k7W5pyAxugZn2z";
	unsigned char d[32];
	char err[300] = "", fp[SSHKEY_FP_LEN];
	int rc = sshkey_check("ssh-ed25519", real, d, err, sizeof err);
	sshkey_fingerprint(d, fp);
	if (!tap_ok(rc == 0 && strcmp(fp, "SHA256:C1dNRO2wEoSDR+Orks161b4uZsom8dQ9Zhk0aRyr034") == 0,
		    "a real ed25519 key has ssh-keygen's fingerprint"))
		tap_diag("  rc %d, err %s, fingerprint %s", rc, err, fp);
	tap_is(strlen(fp), SSHKEY_FP_LEN - 1, "a fingerprint fills SSHKEY_FP_LEN");
}

static void test_refused(void)
{
	static const unsigned char e65537[] = { 1, 0, 1 };
	const char *good = "AAAAC3NzaC1lZDI1NTE5AAAAIMF4Py6ZOWX7SsYGWwtLKgF8gBYIo9k7W5pyAxugZn2z";
	char text[30000];

	/* The type. */
	refuses("ssh-rsa", ed25519(32), "says 'ssh-ed25519'", "an ed25519 key given as ssh-rsa");
	refuses("ssh-ed25519-cert-v01@openssh.com", ed25519(32), "ssh-ed25519-cert-v01@openssh.com is a certificate",
		"a certificate type");
	refuses("ssh-foo", ed25519(32), "ssh-foo", "an unknown type, named");
	refuses("", ed25519(32), "empty", "an empty type");
	refuses("ssh ed25519", ed25519(32), "space", "a type with a space");
	refuses("ssh-ed25519\n", ed25519(32), "unprintable", "a type with a newline");
	memset(text, 'a', 65);
	text[65] = '\0';
	refuses(text, ed25519(32), "longer than 64", "a type of 65 bytes");

	/* The base64. */
	refuses_b64("ssh-ed25519", "", "empty", "an empty key");
	strcpy(text, good);
	text[10] = '*';
	refuses_b64("ssh-ed25519", text, "alphabet (character 11)", "a character outside base64");
	text[10] = ' ';
	refuses_b64("ssh-ed25519", text, "alphabet", "a space inside the base64");
	snprintf(text, sizeof text, "%s\n", good);
	refuses_b64("ssh-ed25519", text, "multiple of 4", "a newline after the base64");
	snprintf(text, sizeof text, "%s", good);
	text[4] = '=';
	refuses_b64("ssh-ed25519", text, "'=' inside", "'=' inside the base64");
	blob *k = ed25519(32);
	k->b[k->n++] = 0;	/* 52 bytes: padded with "==" */
	snprintf(text, sizeof text, "%s", b64(k));
	text[strlen(text) - 2] = '\0';
	refuses_b64("ssh-ed25519", text, "multiple of 4", "padding left off");
	snprintf(text, sizeof text, "%s", b64(k));
	text[strlen(text) - 3] = 'B';	/* the bits under the padding */
	refuses_b64("ssh-ed25519", text, "padding", "stray bits under '=='");
	k->n--;
	k->b[k->n++] = 0;
	k->b[k->n++] = 0;	/* 53 bytes: padded with "=" */
	snprintf(text, sizeof text, "%s", b64(k));
	text[strlen(text) - 2] = 'B';
	refuses_b64("ssh-ed25519", text, "padding", "stray bits under '='");
	snprintf(text, sizeof text, "%s", b64(ed25519(32)));
	text[strlen(text) - 1] = '=';
	text[strlen(text) - 2] = '=';
	text[strlen(text) - 3] = '=';
	refuses_b64("ssh-ed25519", text, "'='", "three '='");

	/* Too long: refused before decoding, whatever the characters. */
	char *huge = malloc(1000001);
	if (!huge)
		abort();
	memset(huge, 'A', 1000000);
	huge[1000000] = '\0';
	refuses_b64("ssh-ed25519", huge, "longer than 16384", "a megabyte of base64");
	huge[1000000 - 1] = '!';
	refuses_b64("ssh-ed25519", huge, "longer than 16384", "a megabyte, refused before a character is read");
	free(huge);
	/* 16385 bytes: short enough base64, too long a blob. */
	k = ed25519(32);
	put_filled(k, 16385 - k->n - 4, 0, 0);
	refuses("ssh-ed25519", k, "longer than 16384", "a 16385-byte blob");

	/* The wire format. */
	k = ed25519(32);
	k->b[k->n++] = 0;
	refuses("ssh-ed25519", k, "1 bytes left over", "a byte after the last field");
	k = ed25519(32);
	k->n -= 32 + 2;	/* the pk's length cut in half */
	refuses("ssh-ed25519", k, "cut short before its public key", "a truncated length");
	k = ed25519(32);
	k->n -= 1;
	refuses("ssh-ed25519", k, "runs past the end", "a length past the end");
	k = ed25519(32);
	k->n = 3;
	refuses("ssh-ed25519", k, "cut short before its type", "a blob shorter than one length");
	k = ed25519(32);
	k->b[0] = 0x80;	/* the type string's length: 2^31 + 11 */
	refuses("ssh-ed25519", k, "cut short before its type", "a type length past the end");
	refuses("ssh-ed25519", ed25519(31), "31 bytes, not 32", "an ed25519 key of 31 bytes");
	refuses("ssh-ed25519", ed25519(33), "33 bytes, not 32", "an ed25519 key of 33 bytes");

	/* RSA and mpints. */
	static const unsigned char e_zero_lead[] = { 0, 1, 0, 1 }, e_neg[] = { 0x81 }, e_even[] = { 1, 0, 0 },
				   e_one[] = { 1 };
	refuses("ssh-rsa", rsa(e65537, 3, 512), "512 bits", "RSA with a 512-bit modulus");
	refuses("ssh-rsa", rsa(e65537, 3, 1016), "1016 bits", "RSA with a 1016-bit modulus");
	refuses("ssh-rsa", rsa(e65537, 3, 16392), "16392 bits", "RSA with a 16392-bit modulus");
	refuses("ssh-rsa", rsa(e_zero_lead, 4, 2048), "needless leading zero", "an mpint with a needless leading zero");
	refuses("ssh-rsa", rsa(e_neg, 1, 2048), "negative", "a negative mpint");
	refuses("ssh-rsa", rsa(e_even, 3, 2048), "odd", "an even RSA exponent");
	refuses("ssh-rsa", rsa(e_one, 1, 2048), "odd and above 1", "RSA exponent 1");
	refuses("ssh-rsa", rsa(e65537, 0, 2048), "odd and above 1", "RSA exponent 0");
	k = rsa(e65537, 3, 2048);
	k->b[k->n - 257] = 0x80;	/* n's leading zero made a sign bit */
	refuses("ssh-rsa", k, "modulus n is negative", "a negative modulus");
	static const unsigned char zero[] = { 0 };
	refuses("ssh-rsa", rsa(zero, 1, 2048), "needless leading zero", "zero written as one zero byte");
	blob dss = { .n = 0 };
	put_str(&dss, "ssh-dss");
	put_filled(&dss, 129, 0, 0xb7);
	put_filled(&dss, 21, 0, 0x11);	/* q: 00 11 ...: the zero is needless */
	put_filled(&dss, 128, 0x21, 0x42);
	put_filled(&dss, 128, 0x3e, 0x99);
	refuses("ssh-dss", &dss, "q has a needless leading zero", "DSA with a needless zero in q");
	dss.n = 0;
	put_str(&dss, "ssh-dss");
	put_filled(&dss, 129, 0, 0xb7);
	put_filled(&dss, 20, 0x7f, 0x11);
	put_filled(&dss, 128, 0x21, 0x42);
	refuses("ssh-dss", &dss, "cut short before its y", "DSA without y");

	/* ECDSA and the FIDO kinds. */
	refuses("ecdsa-sha2-nistp256", ecdsa("ecdsa-sha2-nistp256", "nistp384", 65, 4), "'nistp384', not 'nistp256'",
		"ecdsa-sha2-nistp256 naming curve nistp384");
	refuses("ecdsa-sha2-nistp384", ecdsa("ecdsa-sha2-nistp384", "nistp384", 65, 4), "65 bytes, not 97",
		"a nistp384 point of 65 bytes");
	refuses("ecdsa-sha2-nistp521", ecdsa("ecdsa-sha2-nistp521", "nistp521", 133, 2), "uncompressed",
		"a compressed point");
	refuses("ecdsa-sha2-nistp256", ecdsa("ecdsa-sha2-nistp256", "nistp\x1b[2J", 65, 4), "'nistp?[2J'",
		"a curve name with an escape, quoted safely");
	blob sk = { .n = 0 };
	put_str(&sk, "sk-ssh-ed25519@openssh.com");
	put_filled(&sk, 32, 1, 2);
	refuses("sk-ssh-ed25519@openssh.com", &sk, "cut short before its application", "sk-ed25519 without application");
	sk.n = 0;
	put_str(&sk, "sk-ecdsa-sha2-nistp256@openssh.com");
	put_str(&sk, "nistp521");
	put_filled(&sk, 65, 4, 9);
	put_str(&sk, "ssh:");
	refuses("sk-ecdsa-sha2-nistp256@openssh.com", &sk, "not 'nistp256'", "sk-ecdsa with another curve");
}

int main(void)
{
	test_sha256();
	test_accepted();
	test_refused();
	return tap_done();
}
