#include "engine/sharecode.h"

#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/rule.h"
#include "i18n.h"

/* Version 1 payload, as bytes before base32:
 *   varint n          bytes of data that follow (so "truncated" can be told)
 *   data (n bytes):   varint rows, varint cols, byte k,
 *                     byte flags: bit 0 torus, bit 1 forward-only, bits 2-7 rule id,
 *                     rule id 0 (mask): byte (mask rows << 4 | mask cols), then
 *                     the mask bits; then the cells, bits_for(k) bits each;
 *                     bit fields MSB first, zero-padded to a byte
 *   crc32 (4 bytes, big-endian) over the version digit, n and the data.
 *
 * Version 2 is version 1 with more rule ids after the mask's place:
 *   6 hex, 7 merlin, 8 cube (nothing more);
 *   9 random: 8 bytes of seed, big-endian;
 *   10 graph: varint n, then each vertex's press set as varint count and
 *      varint members (0-based), then a byte 1 with varint row, col per
 *      vertex, or a byte 0 (no coordinates).
 * The encoder writes version 1 for every variant version 1 carries (so
 * older lightsout reads them), version 2 for the others; both are read. */

static const char alphabet[] = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
/* Rule ids are the registry's (engine/rule.c): 0 a mask, then the named
 * rules; a random or graph rule carries its seed or its press sets. */
#define RULE_IDS_V1 6		/* ids below this are in version 1 */

static uint32_t crc32_update(uint32_t crc, const uint8_t *p, size_t n)
{
	crc = ~crc;
	while (n--) {
		crc ^= *p++;
		for (int i = 0; i < 8; i++)
			crc = (crc >> 1) ^ (0xEDB88320u & -(crc & 1));
	}
	return ~crc;
}

static int bits_for(int k)
{
	int bits = 0;
	while ((1 << bits) < k)
		bits++;
	return bits;
}

/* A growing byte buffer with a bit writer. */
typedef struct bytes {
	uint8_t *p;
	size_t len, cap;
	int nbits;		/* bits used in the last byte; 0 or 8 = byte aligned */
	bool oom;
} bytes;

static void put_byte(bytes *b, uint8_t v)
{
	if (b->oom)
		return;
	if (b->len == b->cap) {
		size_t cap = b->cap ? 2 * b->cap : 64;
		uint8_t *p = realloc(b->p, cap);
		if (!p) {
			b->oom = true;
			return;
		}
		b->p = p;
		b->cap = cap;
	}
	b->p[b->len++] = v;
	b->nbits = 8;
}

static void put_varint(bytes *b, uint32_t v)
{
	while (v >= 0x80) {
		put_byte(b, (uint8_t)(v | 0x80));
		v >>= 7;
	}
	put_byte(b, (uint8_t)v);
}

static void put_bits(bytes *b, unsigned v, int n)
{
	for (int i = n - 1; i >= 0; i--) {
		if (b->nbits == 8 || b->len == 0)
			put_byte(b, 0), b->nbits = 0;
		if (b->oom)
			return;
		b->p[b->len - 1] |= (uint8_t)(((v >> i) & 1) << (7 - b->nbits));
		b->nbits++;
	}
}

static void align(bytes *b)
{
	b->nbits = 8;
}

/* The mask rows of a "mask:" spec, validated by rule_parse() first. */
static void mask_shape(const char *m, int *rows, int *cols)
{
	*rows = 1;
	*cols = (int)strcspn(m, "/");
	for (const char *p = m; *p; p++)
		if (*p == '/')
			(*rows)++;
}

char *sharecode_encode(const board *b, const variant *v, char *err, size_t errlen)
{
	const char *rule_spec = v->rule;
	bool torus = v->torus, forward_only = v->forward_only;
	if (b->rows != v->rows || b->cols != v->cols || b->k != v->k || variant_validate(v, err, errlen) != LO_OK) {
		if (b->rows != v->rows || b->cols != v->cols || b->k != v->k)
			snprintf(err, errlen, _("a %dx%d board with k = %d is not of its variant"), b->rows, b->cols, b->k);
		return NULL;
	}
	/* variant_validate() took the rule: it is in the registry. */
	const rule_entry *e = rule_entry_find(rule_spec);
	int id = e ? e->code_id : 0;
	rule_kind kind = e ? e->kind : RULE_UNIFORM;
	int code_version = id < RULE_IDS_V1 ? 1 : 2;

	bytes data = { 0 };
	put_varint(&data, (uint32_t)b->rows);
	put_varint(&data, (uint32_t)b->cols);
	put_byte(&data, (uint8_t)b->k);
	put_byte(&data, (uint8_t)((torus ? 1 : 0) | (forward_only ? 2 : 0) | id << 2));
	if (id == 0) {
		const char *m = rule_spec + strlen(e->name);	/* rule_parse() accepted it: "mask:..." */
		int mr, mc;
		mask_shape(m, &mr, &mc);
		put_byte(&data, (uint8_t)(mr << 4 | mc));
		for (const char *p = m; *p; p++)
			if (*p != '/')
				put_bits(&data, *p == '1', 1);
		align(&data);
	} else if (kind == RULE_RANDOM) {
		rule r;
		variant_rule(v, &r);
		for (int i = 7; i >= 0; i--)
			put_byte(&data, (uint8_t)(r.seed >> (8 * i)));
	} else if (kind == RULE_GRAPH) {
		const graph *g = v->graph;
		put_varint(&data, (uint32_t)g->n);
		for (int j = 0; j < g->n; j++) {
			put_varint(&data, (uint32_t)(g->start[j + 1] - g->start[j]));
			for (int t = g->start[j]; t < g->start[j + 1]; t++)
				put_varint(&data, (uint32_t)g->set[t]);
		}
		put_byte(&data, g->crow != NULL);
		for (int j = 0; g->crow && j < g->n; j++) {
			put_varint(&data, (uint32_t)g->crow[j]);
			put_varint(&data, (uint32_t)g->ccol[j]);
		}
	}
	int bits = bits_for(b->k);
	for (int i = 0; i < b->rows * b->cols; i++) {
		if (b->cells[i] >= b->k) {
			snprintf(err, errlen, _("cell %d has value %d, not below k = %d"), i + 1, b->cells[i], b->k);
			free(data.p);
			return NULL;
		}
		put_bits(&data, b->cells[i], bits);
	}
	align(&data);
	if (data.len > UINT32_MAX / 2) {
		snprintf(err, errlen, "%s", _("board too large for a share code"));
		free(data.p);
		return NULL;
	}

	bytes all = { 0 };
	put_varint(&all, (uint32_t)data.len);
	for (size_t i = 0; i < data.len && !data.oom; i++)
		put_byte(&all, data.p[i]);
	free(data.p);
	uint8_t version = (uint8_t)('0' + code_version);
	uint32_t crc = crc32_update(0, &version, 1);
	crc = all.oom ? 0 : crc32_update(crc, all.p, all.len);
	for (int i = 3; i >= 0; i--)
		put_byte(&all, (uint8_t)(crc >> (8 * i)));

	size_t nchars = (all.len * 8 + 4) / 5;
	char *code = all.oom ? NULL : malloc(3 + nchars + 1);
	if (!code) {
		snprintf(err, errlen, "%s", _("out of memory"));
		free(all.p);
		return NULL;
	}
	code[0] = 'L';
	code[1] = 'O';
	code[2] = (char)version;
	for (size_t i = 0; i < nchars; i++) {
		unsigned sym = 0;
		for (int j = 0; j < 5; j++) {
			size_t bit = i * 5 + (size_t)j;
			unsigned x = bit < all.len * 8 ? (all.p[bit / 8] >> (7 - bit % 8)) & 1 : 0;
			sym = sym << 1 | x;
		}
		code[3 + i] = alphabet[sym];
	}
	code[3 + nchars] = '\0';
	free(all.p);
	return code;
}

/* Crockford's reading: case-blind, O is 0, I and L are 1; -1 otherwise. */
static int symbol_value(int c)
{
	if (c >= 'a' && c <= 'z')
		c -= 'a' - 'A';
	if (c == 'O')
		return 0;
	if (c == 'I' || c == 'L')
		return 1;
	const char *p = c ? strchr(alphabet, c) : NULL;
	return p ? (int)(p - alphabet) : -1;
}

static bool ignorable(int c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '-';
}

/* A reader over the decoded bytes; every get checks the end. */
typedef struct reader {
	const uint8_t *p;
	size_t len, pos;
	int bit;		/* next bit in p[pos], 0 = most significant */
} reader;

static int get_byte(reader *r, unsigned *v)
{
	if (r->bit)
		r->pos++, r->bit = 0;
	if (r->pos >= r->len)
		return -1;
	*v = r->p[r->pos++];
	return 0;
}

static int get_varint(reader *r, uint32_t *v)
{
	*v = 0;
	for (int shift = 0; shift < 32; shift += 7) {
		unsigned byte;
		if (get_byte(r, &byte) < 0)
			return -1;
		*v |= (uint32_t)(byte & 0x7f) << shift;
		if (!(byte & 0x80))
			return 0;
	}
	return -2;		/* too long to be a size */
}

static int get_bits(reader *r, int n, unsigned *v)
{
	*v = 0;
	for (int i = 0; i < n; i++) {
		if (r->pos >= r->len)
			return -1;
		*v = *v << 1 | ((r->p[r->pos] >> (7 - r->bit)) & 1);
		if (++r->bit == 8)
			r->pos++, r->bit = 0;
	}
	return 0;
}

static lo_result fail(char *err, size_t errlen, const char *msg, uint8_t *buf)
{
	snprintf(err, errlen, "%s", msg);
	free(buf);
	return LO_REFUSED;
}

/* A graph's press sets, as version 2 writes them; NULL or why not (N_(): read it through _()). */
static const char *read_graph(reader *r, uint32_t rows, uint32_t cols, graph **out)
{
	uint32_t n, len, w;
	unsigned has;
	if (get_varint(r, &n))
		return N_("share code truncated: the graph is incomplete");
	if (n < 1 || n > GRAPH_MAX_VERTICES || (uint64_t)rows * cols != n)
		return N_("share code graph size out of range");
	/* Every member takes a byte at least: bound the sets by what is left. */
	size_t most = r->len - r->pos;
	int *start = malloc(((size_t)n + 1) * sizeof *start), *set = malloc((most + 1) * sizeof *set);
	int *crow = malloc((size_t)n * sizeof *crow), *ccol = malloc((size_t)n * sizeof *ccol);
	const char *msg = NULL;
	if (!start || !set || !crow || !ccol) {
		msg = N_("out of memory");
		goto out;
	}
	start[0] = 0;
	for (uint32_t j = 0; j < n && !msg; j++) {
		if (get_varint(r, &len) || len > most - (size_t)start[j]) {
			msg = N_("share code truncated: the graph is incomplete");
			break;
		}
		start[j + 1] = start[j] + (int)len;
		for (int t = start[j]; t < start[j + 1] && !msg; t++) {
			if (get_varint(r, &w))
				msg = N_("share code truncated: the graph is incomplete");
			else if (w >= n)
				msg = N_("share code graph vertex out of range");
			set[t] = (int)w;
		}
	}
	if (!msg && get_byte(r, &has))
		msg = N_("share code truncated: the graph is incomplete");
	if (!msg && has > 1)
		msg = N_("share code graph coordinates flag out of range");
	for (uint32_t j = 0; !msg && has && j < n; j++) {
		uint32_t a, b;
		if (get_varint(r, &a) || get_varint(r, &b))
			msg = N_("share code truncated: the graph is incomplete");
		else if (a >= GRAPH_MAX_COORD || b >= GRAPH_MAX_COORD)
			msg = N_("share code graph coordinates out of range");
		else
			crow[j] = (int)a, ccol[j] = (int)b;
	}
	if (!msg && !(*out = graph_build((int)n, start, set, has ? crow : NULL, has ? ccol : NULL)))
		msg = N_("out of memory");
out:
	free(start);
	free(set);
	free(crow);
	free(ccol);
	return msg;
}

lo_result sharecode_decode(const char *code, sharecode *out, char *err, size_t errlen)
{
	memset(out, 0, sizeof *out);
	const char *s = code;
	while (*s && ignorable(*s))
		s++;
	if (!*s) {
		snprintf(err, errlen, "%s", _("empty share code"));
		return LO_REFUSED;
	}
	if ((s[0] != 'L' && s[0] != 'l') || (s[1] != 'O' && s[1] != 'o')) {
		snprintf(err, errlen, "%s", _("not a lightsout share code: it must start with LO"));
		return LO_REFUSED;
	}
	if (s[2] < '0' || s[2] > '9') {
		snprintf(err, errlen, s[2] ? _("bad share code version '%c': expected a digit after LO")
			 : _("share code truncated after LO"), s[2]);
		return LO_REFUSED;
	}
	if (s[2] - '0' < 1 || s[2] - '0' > SHARECODE_VERSION) {
		snprintf(err, errlen, _("unsupported share code version %c (this lightsout reads version %d)"),
			 s[2], SHARECODE_VERSION);
		return LO_REFUSED;
	}
	uint8_t version = (uint8_t)s[2];

	/* Characters to bits to bytes. */
	size_t n = strlen(s + 3);
	uint8_t *buf = malloc(n * 5 / 8 + 1);
	if (!buf) {
		fail(err, errlen, _("out of memory"), NULL);
		return LO_NOMEM;
	}
	size_t nbytes = 0, nchars = 0;
	unsigned acc = 0;
	int accbits = 0;
	for (const char *p = s + 3; *p; p++) {
		if (ignorable(*p))
			continue;
		int v = symbol_value((unsigned char)*p);
		if (v < 0) {
			unsigned char c = (unsigned char)*p;
			if (c > ' ' && c < 127)
				snprintf(err, errlen, _("bad character '%c' at position %ld of the share code"),
					 c, (long)(p - code) + 1);
			else
				snprintf(err, errlen, _("bad character 0x%02x at position %ld of the share code"),
					 c, (long)(p - code) + 1);
			free(buf);
			return LO_REFUSED;
		}
		nchars++;
		acc = (acc << 5 | (unsigned)v) & 0x1fff;
		accbits += 5;
		if (accbits >= 8) {
			buf[nbytes++] = (uint8_t)(acc >> (accbits - 8));
			accbits -= 8;
		}
	}
	bool pad_clean = (acc & ((1u << accbits) - 1)) == 0;

	reader r = { buf, nbytes, 0, 0 };
	uint32_t n_data;
	int rc = get_varint(&r, &n_data);
	if (rc == -1)
		return fail(err, errlen, _("share code truncated: too short to hold a board"), buf);
	/* A length no board can have is a typo, not a truncation. */
	size_t most = 16 + 29 + ((size_t)VARIANT_MAX_CELLS * 6 + 7) / 8;
	if (rc == -2 || n_data > most)
		n_data = UINT32_MAX;
	size_t want = n_data == UINT32_MAX ? SIZE_MAX : r.pos + n_data + 4;
	if (n_data != UINT32_MAX && nbytes < want) {
		snprintf(err, errlen, _("share code truncated: %zu of %zu characters"),
			 nchars, (want * 8 + 4) / 5);
		free(buf);
		return LO_REFUSED;
	}
	if (n_data != UINT32_MAX && nchars > (want * 8 + 4) / 5) {
		snprintf(err, errlen, _("share code too long: %zu characters after the end"),
			 nchars - (want * 8 + 4) / 5);
		free(buf);
		return LO_REFUSED;
	}
	if (n_data == UINT32_MAX || !pad_clean)
		return fail(err, errlen, _("bad share code checksum: a character is mistyped"), buf);
	uint32_t crc = crc32_update(crc32_update(0, &version, 1), buf, want - 4);
	uint32_t stored = (uint32_t)buf[want - 4] << 24 | (uint32_t)buf[want - 3] << 16 |
			  (uint32_t)buf[want - 2] << 8 | buf[want - 1];
	if (crc != stored)
		return fail(err, errlen, _("bad share code checksum: a character is mistyped"), buf);

	/* The checksum holds: now the values. */
	r.len = want - 4;
	uint32_t rows, cols;
	unsigned k, flags;
	if (get_varint(&r, &rows) || get_varint(&r, &cols) || get_byte(&r, &k) || get_byte(&r, &flags))
		return fail(err, errlen, _("share code truncated: the header is incomplete"), buf);
	if (rows < 1 || cols < 1 || rows > VARIANT_MAX_SIDE || cols > VARIANT_MAX_SIDE) {
		snprintf(err, errlen, _("share code size %lux%lu out of range (1 to %d)"),
			 (unsigned long)rows, (unsigned long)cols, VARIANT_MAX_SIDE);
		free(buf);
		return LO_REFUSED;
	}
	if (k < BOARD_MIN_K || k > BOARD_MAX_K) {
		snprintf(err, errlen, _("share code number of states %u out of range (%d to %d)"),
			 k, BOARD_MIN_K, BOARD_MAX_K);
		free(buf);
		return LO_REFUSED;
	}
	int id = (int)(flags >> 2);
	const rule_entry *e = rule_entry_by_code(id);
	if (!e || (version == '1' && id >= RULE_IDS_V1)) {
		snprintf(err, errlen, _("share code rule %d unknown (a newer lightsout made it?)"), id);
		free(buf);
		return LO_REFUSED;
	}
	char spec[VARIANT_RULE_MAX];
	variant_default(&out->v);
	out->v.rows = (int)rows;
	out->v.cols = (int)cols;
	out->v.k = (int)k;
	out->v.torus = flags & 1;
	out->v.forward_only = flags & 2;
	if (e->kind == RULE_RANDOM) {
		uint64_t seed = 0;
		unsigned byte;
		for (int i = 0; i < 8; i++) {
			if (get_byte(&r, &byte))
				return fail(err, errlen, _("share code truncated: the seed is incomplete"), buf);
			seed = seed << 8 | byte;
		}
		snprintf(spec, sizeof spec, "random:%llu", (unsigned long long)seed);
	} else if (e->kind == RULE_GRAPH) {
		const char *gerr = read_graph(&r, rows, cols, &out->graph);
		if (gerr)
			return fail(err, errlen, _(gerr), buf);
		out->v.graph = out->graph;
		snprintf(spec, sizeof spec, "graph:%016" PRIx64, out->graph->digest);
	} else if (id > 0)
		snprintf(spec, sizeof spec, "%s", e->name);
	else {
		unsigned shape, bit;
		if (get_byte(&r, &shape))
			return fail(err, errlen, _("share code truncated: the mask is incomplete"), buf);
		int mr = (int)(shape >> 4), mc = (int)(shape & 15);
		if (mr == 0 || mc == 0)
			return fail(err, errlen, _("share code mask size out of range"), buf);
		char *q = spec + sprintf(spec, "mask:");
		for (int i = 0; i < mr; i++) {
			for (int j = 0; j < mc; j++) {
				if (get_bits(&r, 1, &bit))
					return fail(err, errlen, _("share code truncated: the mask is incomplete"), buf);
				*q++ = bit ? '1' : '0';
			}
			*q++ = i + 1 < mr ? '/' : '\0';
		}
		if (r.bit)
			r.pos++, r.bit = 0;
	}
	char rerr[200];
	if (variant_set_rule(&out->v, spec, rerr, sizeof rerr) != LO_OK || variant_validate(&out->v, rerr, sizeof rerr) != LO_OK) {
		snprintf(err, errlen, _("share code rule out of range: %s"), rerr);
		sharecode_free(out);
		free(buf);
		return LO_REFUSED;
	}
	int bits = bits_for((int)k);
	size_t cells = (size_t)rows * cols;
	const char *late = NULL;
	lo_result why = LO_REFUSED;
	if ((r.len - r.pos) * 8 < cells * (size_t)bits)
		late = _("share code truncated: fewer cells than the size says");
	else if (r.len - r.pos != (cells * (size_t)bits + 7) / 8)
		late = _("share code has data after the cells");
	else if (!(out->board = board_new((int)rows, (int)cols, (int)k)))
		late = _("out of memory"), why = LO_NOMEM;
	if (late) {
		sharecode_free(out);
		fail(err, errlen, late, buf);
		return why;
	}
	for (size_t i = 0; i < cells; i++) {
		unsigned v;
		get_bits(&r, bits, &v);
		if (v >= k) {
			snprintf(err, errlen, _("share code cell %zu has value %u, not below k = %u"), i + 1, v, k);
			sharecode_free(out);
			free(buf);
			return LO_REFUSED;
		}
		out->board->cells[i] = (uint8_t)v;
	}
	unsigned pad;
	if (r.bit && (get_bits(&r, 8 - r.bit, &pad), pad != 0)) {
		sharecode_free(out);
		return fail(err, errlen, _("share code has stray bits after the cells"), buf);
	}
	free(buf);
	return LO_OK;
}

void sharecode_free(sharecode *sc)
{
	board_free(sc->board);
	sc->board = NULL;
	graph_free(sc->graph);
	sc->graph = NULL;
	sc->v.graph = NULL;
}
