#include "persist/sshkey.h"

#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "persist/sha256.h"
#include "i18n.h"

static const char B64[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

/* The longest base64 that may still decode to SSHKEY_MAX_BLOB bytes:
 * anything longer is refused before a byte is decoded. */
#define MAX_B64 ((SSHKEY_MAX_BLOB + 2) / 3 * 4)

/* What a field of the blob holds (RFC 4253 §6.6, RFC 5656 §3.1, RFC 8709
 * §4, OpenSSH PROTOCOL.u2f). */
enum field_kind { F_NONE, F_PK25519, F_MPINT, F_RSA_E, F_RSA_N, F_CURVE, F_POINT, F_STRING };

typedef struct field {
	enum field_kind kind;
	const char *name;
} field;

typedef struct key_type {
	const char *name;
	const char *curve;	/* ECDSA: the curve name the blob repeats */
	size_t point;		/* ECDSA: bytes of 0x04 || X || Y */
	field fields[5];	/* up to the first F_NONE */
} key_type;

static const key_type TYPES[] = {
	{ "ssh-ed25519", NULL, 0, { { F_PK25519, N_("public key") } } },
	{ "ssh-rsa", NULL, 0, { { F_RSA_E, N_("exponent e") }, { F_RSA_N, N_("modulus n") } } },
	{ "ecdsa-sha2-nistp256", "nistp256", 65, { { F_CURVE, N_("curve") }, { F_POINT, N_("point Q") } } },
	{ "ecdsa-sha2-nistp384", "nistp384", 97, { { F_CURVE, N_("curve") }, { F_POINT, N_("point Q") } } },
	{ "ecdsa-sha2-nistp521", "nistp521", 133, { { F_CURVE, N_("curve") }, { F_POINT, N_("point Q") } } },
	{ "sk-ssh-ed25519@openssh.com", NULL, 0, { { F_PK25519, N_("public key") }, { F_STRING, N_("application") } } },
	{ "sk-ecdsa-sha2-nistp256@openssh.com", "nistp256", 65,
	  { { F_CURVE, N_("curve") }, { F_POINT, N_("point Q") }, { F_STRING, N_("application") } } },
	{ "ssh-dss", NULL, 0, { { F_MPINT, "p" }, { F_MPINT, "q" }, { F_MPINT, "g" }, { F_MPINT, "y" } } },
};
#define NTYPES (sizeof TYPES / sizeof TYPES[0])

static int b64_value(unsigned char c)
{
	const char *p = c ? strchr(B64, c) : NULL;
	return p ? (int)(p - B64) : -1;
}

/* Strict base64 of n characters (n a positive multiple of 4) into out
 * (n / 4 * 3 bytes): the alphabet only, '=' only as the last one or two
 * characters, and no stray bits under the padding, so that one blob has
 * one spelling.  The decoded length, or -1 with err. */
static long b64_decode(const char *s, size_t n, unsigned char *out, char *err, size_t errlen)
{
	size_t pad = s[n - 1] == '=' ? s[n - 2] == '=' ? 2 : 1 : 0;
	uint32_t acc = 0;
	for (size_t i = 0; i < n - pad; i++) {
		int v = b64_value((unsigned char)s[i]);
		if (v < 0) {
			if (s[i] == '=')
				snprintf(err, errlen, _("the key's base64 has '=' inside it (character %zu)"), i + 1);
			else
				snprintf(err, errlen, _("the key's base64 has a character outside its alphabet (character %zu)"),
					 i + 1);
			return -1;
		}
		acc = acc << 6 | (uint32_t)v;
		if (i % 4 == 3) {
			out[i / 4 * 3] = (unsigned char)(acc >> 16);
			out[i / 4 * 3 + 1] = (unsigned char)(acc >> 8);
			out[i / 4 * 3 + 2] = (unsigned char)acc;
		}
	}
	size_t len = (n - pad) / 4 * 3;
	/* The last group: 2 characters (12 bits) hold a byte, 3 (18 bits) two. */
	if ((pad == 2 && acc & 0xf) || (pad == 1 && acc & 0x3)) {
		snprintf(err, errlen, _("the key's base64 padding is wrong (stray bits before '=')"));
		return -1;
	}
	if (pad == 2)
		out[len++] = (unsigned char)(acc >> 4);
	else if (pad == 1) {
		out[len++] = (unsigned char)(acc >> 10);
		out[len++] = (unsigned char)(acc >> 2);
	}
	return (long)len;
}

/* s as printable ASCII for a message: at most 64 characters, '?' for any
 * other byte, so a hostile blob cannot write to a log or a terminal. */
static void printable(const unsigned char *s, size_t n, char *out, size_t len)
{
	size_t i = 0;
	for (; i < n && i < 64 && i + 1 < len; i++)
		out[i] = s[i] > 0x20 && s[i] < 0x7f ? (char)s[i] : '?';
	out[i] = '\0';
}

typedef struct reader {
	const unsigned char *p;
	size_t left;
} reader;

/* The next uint32-length string: 0, or -1 when too few bytes are left
 * for the length (1) or for what it announces (2) as *why. */
static int read_string(reader *r, const unsigned char **s, size_t *len, int *why)
{
	if (r->left < 4) {
		*why = 1;
		return -1;
	}
	uint32_t n = (uint32_t)r->p[0] << 24 | (uint32_t)r->p[1] << 16 | (uint32_t)r->p[2] << 8 | r->p[3];
	if (n > r->left - 4) {
		*why = 2;
		return -1;
	}
	*s = r->p + 4;
	*len = n;
	r->p += 4 + (size_t)n;
	r->left -= 4 + (size_t)n;
	return 0;
}

static size_t mpint_bits(const unsigned char *s, size_t n)
{
	while (n && !*s) {
		s++;
		n--;
	}
	if (!n)
		return 0;
	size_t bits = (n - 1) * 8;
	for (unsigned c = s[0]; c; c >>= 1)
		bits++;
	return bits;
}

/* One field's contents against its kind: NULL when good, else what is
 * wrong (a constant, or written into msg). */
static const char *field_problem(const key_type *t, enum field_kind kind, const unsigned char *s, size_t n,
				 char *msg, size_t len)
{
	char name[72];
	switch (kind) {
	case F_PK25519:
		if (n == 32)
			return NULL;
		snprintf(msg, len, _("is %zu bytes, not 32"), n);
		return msg;
	case F_MPINT:
	case F_RSA_E:
	case F_RSA_N:
		/* RFC 4251 §5: two's complement, no needless leading byte. */
		if (n && s[0] & 0x80)
			return _("is negative");
		if (n && s[0] == 0 && (n == 1 || !(s[1] & 0x80)))
			return _("has a needless leading zero byte");
		if (kind == F_RSA_E && (!n || !(s[n - 1] & 1) || mpint_bits(s, n) < 2))
			return _("is not odd and above 1");
		if (kind == F_RSA_N && (mpint_bits(s, n) < 1024 || mpint_bits(s, n) > 16384)) {
			snprintf(msg, len, _("has %zu bits (1024 to 16384 accepted)"), mpint_bits(s, n));
			return msg;
		}
		return NULL;
	case F_CURVE:
		if (n == strlen(t->curve) && memcmp(s, t->curve, n) == 0)
			return NULL;
		printable(s, n, name, sizeof name);
		snprintf(msg, len, _("is '%s', not '%s'"), name, t->curve);
		return msg;
	case F_POINT:
		if (n != t->point) {
			snprintf(msg, len, _("is %zu bytes, not %zu"), n, t->point);
			return msg;
		}
		return s[0] != 0x04 ? _("is not an uncompressed point (0x04 first)") : NULL;
	case F_STRING:
	case F_NONE:
		break;
	}
	return NULL;
}

/* TYPE itself: printable, no spaces, not too long, and one we know. */
static const key_type *type_find(const char *type, char *err, size_t errlen)
{
	size_t n = type ? strnlen(type, SSHKEY_MAX_TYPE + 1) : 0;
	if (!n) {
		snprintf(err, errlen, _("the key type is empty"));
		return NULL;
	}
	if (n > SSHKEY_MAX_TYPE) {
		snprintf(err, errlen, _("the key type is longer than %d bytes"), SSHKEY_MAX_TYPE);
		return NULL;
	}
	for (size_t i = 0; i < n; i++)
		if ((unsigned char)type[i] <= 0x20 || (unsigned char)type[i] >= 0x7f) {
			snprintf(err, errlen, _("the key type has a space or an unprintable character"));
			return NULL;
		}
	for (size_t i = 0; i < NTYPES; i++)
		if (strcmp(type, TYPES[i].name) == 0)
			return &TYPES[i];
	static const char cert[] = "-cert-v01@openssh.com";
	if (n > strlen(cert) && strcmp(type + n - strlen(cert), cert) == 0)
		snprintf(err, errlen, _("key type %s is a certificate: only plain keys are accepted"), type);
	else
		snprintf(err, errlen, _("key type %s is not one we accept"), type);
	return NULL;
}

/* The blob against its type: the type string first, then exactly the
 * type's fields, nothing left over. */
static int blob_check(const key_type *t, const unsigned char *blob, size_t len, char *err, size_t errlen)
{
	reader r = { blob, len };
	const unsigned char *s;
	size_t n;
	int why = 0;
	char name[72], msg[100];
	if (read_string(&r, &s, &n, &why) < 0) {
		snprintf(err, errlen, _("the key is cut short before its type name"));
		return -1;
	}
	if (n != strlen(t->name) || memcmp(s, t->name, n) != 0) {
		printable(s, n, name, sizeof name);
		snprintf(err, errlen, _("key type %s was given but the key says '%s'"), t->name, name);
		return -1;
	}
	for (const field *f = t->fields; f < t->fields + 5 && f->kind != F_NONE; f++) {
		if (read_string(&r, &s, &n, &why) < 0) {
			if (why == 1)
				snprintf(err, errlen, _("%s key: cut short before its %s"), t->name, _(f->name));
			else
				snprintf(err, errlen, _("%s key: the length of its %s runs past the end of the key"), t->name,
					 _(f->name));
			return -1;
		}
		const char *bad = field_problem(t, f->kind, s, n, msg, sizeof msg);
		if (bad) {
			/* TRANSLATORS: the key's type (ssh-rsa), one of its fields
			 * ("exponent e", "point Q") and what is wrong with it ("is
			 * negative", "has 512 bits ..."). */
			snprintf(err, errlen, _("%s key: %s %s"), t->name, _(f->name), bad);
			return -1;
		}
	}
	if (r.left) {
		snprintf(err, errlen, _("%s key: %zu bytes left over after its last field"), t->name, r.left);
		return -1;
	}
	return 0;
}

int sshkey_check(const char *type, const char *b64, unsigned char digest[32], char *err, size_t errlen)
{
	unsigned char blob[MAX_B64 / 4 * 3];
	memset(digest, 0, 32);
	const key_type *t = type_find(type, err, errlen);
	if (!t)
		return -1;
	size_t n = b64 ? strnlen(b64, MAX_B64 + 1) : 0;
	if (!n) {
		snprintf(err, errlen, _("the key is empty"));
		return -1;
	}
	if (n > MAX_B64) {
		snprintf(err, errlen, _("the key is longer than %d bytes"), SSHKEY_MAX_BLOB);
		return -1;
	}
	if (n % 4) {
		snprintf(err, errlen, _("the key's base64 has %zu characters, not a multiple of 4"), n);
		return -1;
	}
	long len = b64_decode(b64, n, blob, err, errlen);
	if (len < 0)
		return -1;
	if (len > SSHKEY_MAX_BLOB) {
		snprintf(err, errlen, _("the key is longer than %d bytes"), SSHKEY_MAX_BLOB);
		return -1;
	}
	if (blob_check(t, blob, (size_t)len, err, errlen) < 0)
		return -1;
	sha256(blob, (size_t)len, digest);
	return 0;
}

void sshkey_fingerprint(const unsigned char digest[32], char out[SSHKEY_FP_LEN])
{
	char *o = out + sizeof "SHA256:" - 1;
	memcpy(out, "SHA256:", sizeof "SHA256:" - 1);
	/* Unpadded: 32 bytes are ten groups of three and two left, 43 characters. */
	for (int i = 0; i < 32; i += 3) {
		uint32_t v = (uint32_t)digest[i] << 16 | (i + 1 < 32 ? (uint32_t)digest[i + 1] << 8 : 0) |
			     (i + 2 < 32 ? digest[i + 2] : 0);
		int chars = i + 2 < 32 ? 4 : i + 1 < 32 ? 3 : 2;
		for (int j = 0; j < chars; j++)
			*o++ = B64[v >> (18 - 6 * j) & 63];
	}
	*o = '\0';
}
