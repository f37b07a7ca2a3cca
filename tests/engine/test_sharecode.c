/* Share codes: round trips, and every way a code can be wrong.  Crafted
 * codes are built here from the format's description (an encoder written
 * independently of the one under test). */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/rng.h"
#include "engine/sharecode.h"
#include "tap.h"

/* The 5x5 classic board with three lights on its diagonal, as lightsout
 * wrote it before share codes had a version 2. */
#define OLD_CODE "LO1102GA0G4G040103K05GW6"

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

/* "LO" version, then base32 of: length byte, data, CRC-32 (version + rest). */
static char *craft(char version, const uint8_t *data, size_t n)
{
	uint8_t all[600];
	all[0] = (uint8_t)n;
	memcpy(all + 1, data, n);
	uint8_t v = (uint8_t)version;
	uint32_t crc = crc32(crc32(0, &v, 1), all, n + 1);
	for (int i = 0; i < 4; i++)
		all[n + 1 + i] = (uint8_t)(crc >> (24 - 8 * i));
	size_t bits = (n + 5) * 8;
	static char code[1200];
	code[0] = 'L', code[1] = 'O', code[2] = version;
	size_t j = 3;
	for (size_t b = 0; b < bits; b += 5, j++) {
		unsigned x = 0;
		for (size_t i = b; i < b + 5; i++)
			x = x << 1 | (i < bits ? (all[i / 8] >> (7 - i % 8)) & 1u : 0);
		code[j] = b32[x];
	}
	code[j] = '\0';
	return code;
}

static void expect_error(const char *code, const char *want, const char *what)
{
	sharecode sc;
	char err[256] = "";
	lo_result rc = sharecode_decode(code, &sc, err, sizeof err);
	tap_ok(rc != LO_OK && strstr(err, want) && !sc.board, "%s: %s", what, err);
	if (rc == LO_OK)
		sharecode_free(&sc);
}

/* The variant of board b under a rule spec, unchecked: the encoder checks. */
static variant of(const board *b, const char *spec, bool torus, bool fwd)
{
	variant v;
	variant_default(&v);
	v.rows = b->rows;
	v.cols = b->cols;
	v.k = b->k;
	snprintf(v.rule, sizeof v.rule, "%s", spec);
	v.torus = torus;
	v.forward_only = fwd;
	return v;
}

static int round_trip(int rows, int cols, int k, const char *spec, bool torus, bool fwd, uint64_t seed)
{
	board *b = board_new(rows, cols, k);
	rng g;
	rng_seed(&g, seed);
	for (int i = 0; i < rows * cols; i++)
		b->cells[i] = (uint8_t)rng_below(&g, (uint32_t)k);
	char err[256];
	variant v = of(b, spec, torus, fwd);
	char *code = sharecode_encode(b, &v, err, sizeof err);
	sharecode sc;
	/* Version 1 for what it carries (older lightsout reads those), 2 beyond. */
	bool v2 = !strcmp(spec, "hex") || !strcmp(spec, "merlin") || !strcmp(spec, "cube") || !strncmp(spec, "random:", 7);
	int ok = code && strncmp(code, v2 ? "LO2" : "LO1", 3) == 0 && strspn(code + 3, b32) == strlen(code + 3);
	ok = ok && sharecode_decode(code, &sc, err, sizeof err) == LO_OK;
	if (ok) {
		ok = board_equal(sc.board, b) && variant_equal(&sc.v, &v);
		sharecode_free(&sc);
	}
	tap_ok(ok, "round trip %dx%d k=%d %s%s%s (%zu characters)", rows, cols, k, spec,
	       torus ? " torus" : "", fwd ? " forward-only" : "", code ? strlen(code) : 0);
	free(code);
	board_free(b);
	return ok;
}

/* A graph with coordinates, its press sets carried whole. */
static void graph_round_trip(void)
{
	int start[] = { 0, 2, 3, 6, 6 }, set[] = { 0, 1, 3, 0, 1, 2 }, crow[] = { 0, 0, 2, 2 }, ccol[] = { 0, 4, 0, 4 };
	graph *g = graph_build(4, start, set, crow, ccol);
	variant v;
	variant_default(&v);
	variant_set_graph(&v, g);
	v.k = 3;
	board *b = board_new(1, 4, 3);
	b->cells[1] = 2;
	b->cells[2] = 1;
	char err[256];
	char *code = sharecode_encode(b, &v, err, sizeof err);
	sharecode sc;
	int ok = code && strncmp(code, "LO2", 3) == 0 && sharecode_decode(code, &sc, err, sizeof err) == LO_OK;
	if (ok) {
		ok = board_equal(sc.board, b) && variant_equal(&sc.v, &v) && sc.graph && sc.graph->digest == g->digest &&
		     sc.graph->crow && sc.graph->ccol[1] == 4;
		sharecode_free(&sc);
	}
	tap_ok(ok, "round trip of a directed graph with coordinates, k = 3: %s", code ? code : err);
	/* Every shorter prefix is refused (and frees what it read). */
	int refused = 0, tried = 0;
	for (size_t n = 4; code && n < strlen(code); n++, tried++) {
		char cut[256];
		snprintf(cut, sizeof cut, "%.*s", (int)n, code);
		if (sharecode_decode(cut, &sc, err, sizeof err) != LO_OK)
			refused++;
		else
			sharecode_free(&sc);
	}
	tap_is(refused, tried, "every cut graph code refused");
	free(code);
	board_free(b);
	graph_free(g);
}

int main(void)
{
	round_trip(5, 5, 2, "plus", false, false, 1);
	round_trip(5, 5, 2, "hex", false, false, 12);
	round_trip(4, 6, 3, "hex", true, false, 13);
	round_trip(3, 3, 2, "merlin", false, false, 14);
	round_trip(6, 9, 4, "cube", false, true, 15);
	round_trip(5, 5, 2, "random:42", false, false, 16);
	round_trip(7, 4, 5, "random:18446744073709551615", true, false, 17);
	graph_round_trip();
	{
		/* Written by version 1 of the format before version 2 existed. */
		sharecode old;
		char err[256];
		lo_result rc = sharecode_decode(OLD_CODE, &old, err, sizeof err);
		tap_ok(rc == LO_OK && old.board->rows == 5 && old.board->cells[0] == 1 && old.board->cells[24] == 1 &&
		       board_count_nonzero(old.board) == 3 && !strcmp(old.v.rule, "plus"), "an old version 1 code still reads");
		if (rc == LO_OK)
			sharecode_free(&old);
	}
	round_trip(1, 1, 2, "plus", false, false, 2);
	round_trip(7, 3, 4, "cross", true, true, 3);
	round_trip(4, 9, 36, "knight", false, false, 4);
	round_trip(6, 6, 3, "x", true, false, 5);
	round_trip(9, 9, 5, "box", false, true, 6);
	round_trip(8, 8, 2, "mask:010/111/010", false, false, 7);
	round_trip(10, 3, 7, "mask:00100/01110/11111/01110/00100", true, false, 8);
	round_trip(3, 3, 2, "mask:111111111111111/000000000000001/100000000000000", false, false, 9);
	round_trip(200, 150, 2, "plus", false, false, 10);
	round_trip(1, 10000, 2, "plus", false, false, 11);
	int all = 1;
	for (int i = 0; i < 300; i++) {
		static const char *const specs[] = { "plus", "cross", "x", "box", "knight", "mask:1" };
		all &= round_trip(1 + i % 13, 1 + i % 7, 2 + i % 35, specs[i % 6], i & 1, i & 2, 100 + (uint64_t)i);
	}
	tap_ok(all, "300 random round trips");

	/* A 5x5 classic board is short enough to type. */
	board *b = board_new(5, 5, 2);
	b->cells[0] = b->cells[12] = b->cells[24] = 1;
	char err[256];
	variant v = of(b, "plus", false, false);
	char *code = sharecode_encode(b, &v, err, sizeof err);
	tap_ok(code && strlen(code) <= 24, "5x5 code is short: %s", code);

	/* What copying and typing do to a code is forgiven. */
	char messy[128];
	size_t j = 0;
	for (size_t i = 0; code[i]; i++) {
		char c = code[i];
		if (i > 2 && i % 4 == 0)
			messy[j++] = i % 8 ? '-' : ' ';
		if (i < 3)
			;
		else if (c == '0')
			c = 'o';
		else if (c == '1')
			c = 'l';
		else if (c >= 'A' && c <= 'Z')
			c = (char)(c - 'A' + 'a');
		messy[j++] = c;
	}
	strcpy(messy + j, "\r\n");
	sharecode sc;
	tap_ok(sharecode_decode(messy, &sc, err, sizeof err) == LO_OK && board_equal(sc.board, b),
	       "lower case, dashes, spaces, o for 0, l for 1: %s", messy);
	sharecode_free(&sc);

	/* Every single changed character is caught (CRC-32 finds all 5-bit bursts). */
	int caught = 0, tried = 0;
	for (size_t i = 3; code[i]; i++)
		for (int sym = 0; sym < 32; sym++) {
			if (b32[sym] == code[i])
				continue;
			char typo[128];
			strcpy(typo, code);
			typo[i] = b32[sym];
			tried++;
			if (sharecode_decode(typo, &sc, err, sizeof err) != LO_OK)
				caught++;
			else
				sharecode_free(&sc);
		}
	tap_is(caught, tried, "all %d one-character typos refused", tried);
	/* Two neighbours swapped. */
	caught = tried = 0;
	for (size_t i = 3; code[i + 1]; i++) {
		if (code[i] == code[i + 1])
			continue;
		char typo[128];
		strcpy(typo, code);
		typo[i] = code[i + 1];
		typo[i + 1] = code[i];
		tried++;
		if (sharecode_decode(typo, &sc, err, sizeof err) != LO_OK)
			caught++;
		else
			sharecode_free(&sc);
	}
	tap_is(caught, tried, "all %d swaps of neighbours refused", tried);

	/* The errors, one by one. */
	char buf[256];
	expect_error("", "empty share code", "empty");
	expect_error("  \n", "empty share code", "blank");
	expect_error("XY1ABC", "must start with LO", "wrong prefix");
	expect_error("LO", "truncated after LO", "prefix only");
	expect_error("LO!ABC", "bad share code version '!'", "version not a digit");
	snprintf(buf, sizeof buf, "LO3%s", code + 3);
	expect_error(buf, "unsupported share code version 3", "newer version");
	snprintf(buf, sizeof buf, "%.8s!%s", code, code + 8);
	expect_error(buf, "bad character '!' at position 9", "punctuation");
	snprintf(buf, sizeof buf, "%.8sU%s", code, code + 8);
	expect_error(buf, "bad character 'U' at position 9", "U is not in the alphabet");
	snprintf(buf, sizeof buf, "%.8s\x01%s", code, code + 8);
	expect_error(buf, "bad character 0x01", "control character");
	snprintf(buf, sizeof buf, "%.*s", (int)strlen(code) - 1, code);
	expect_error(buf, "truncated", "last character lost");
	snprintf(buf, sizeof buf, "%.*s", (int)strlen(code) / 2, code);
	expect_error(buf, "truncated", "half a code");
	expect_error("LO1", "truncated", "version only");
	snprintf(buf, sizeof buf, "%sQ", code);
	expect_error(buf, "too long", "a character too many");
	snprintf(buf, sizeof buf, "%.10s%c%s", code, code[10] == 'Z' ? 'Y' : 'Z', code + 11);
	expect_error(buf, "checksum", "a typo");
	expect_error(craft('3', (const uint8_t *)"\5\5\2\4\0\0\0\0", 8), "unsupported share code version 3", "crafted newer version");

	/* Values out of range, behind a valid checksum. */
	const uint8_t rows0[] = { 0, 5, 2, 1 << 2, 0 };
	expect_error(craft('1', rows0, sizeof rows0), "size 0x5 out of range", "zero rows");
	const uint8_t rows_big[] = { 0x91, 0x4e, 5, 2, 1 << 2, 0 };	/* 10001 */
	expect_error(craft('1', rows_big, sizeof rows_big), "size 10001x5 out of range", "too many rows");
	const uint8_t k1[] = { 1, 1, 1, 1 << 2, 0 };
	expect_error(craft('1', k1, sizeof k1), "number of states 1 out of range", "k = 1");
	const uint8_t k37[] = { 1, 1, 37, 1 << 2, 0 };
	expect_error(craft('1', k37, sizeof k37), "number of states 37 out of range", "k = 37");
	const uint8_t rule9[] = { 1, 1, 2, 9 << 2, 0 };
	expect_error(craft('1', rule9, sizeof rule9), "rule 9 unknown", "unknown rule id");
	const uint8_t even_mask[] = { 1, 1, 2, 0, 0x22, 0xf0, 0 };
	expect_error(craft('1', even_mask, sizeof even_mask), "rule out of range", "even mask");
	const uint8_t empty_mask[] = { 1, 1, 2, 0, 0x11, 0x00, 0 };
	expect_error(craft('1', empty_mask, sizeof empty_mask), "presses no cell", "mask of zeros");
	const uint8_t cellv[] = { 1, 2, 3, 1 << 2, 0x70 };	/* cells 01 then 11 */
	expect_error(craft('1', cellv, sizeof cellv), "cell 2 has value 3, not below k = 3", "cell value 3 with k = 3");
	const uint8_t short_cells[] = { 3, 3, 2, 1 << 2, 0xff };	/* 9 cells, 8 bits */
	expect_error(craft('1', short_cells, sizeof short_cells), "fewer cells", "cells cut short");
	const uint8_t extra[] = { 1, 1, 2, 1 << 2, 0x80, 0 };
	expect_error(craft('1', extra, sizeof extra), "data after the cells", "a byte too many");
	const uint8_t stray[] = { 1, 1, 2, 1 << 2, 0x81 };
	expect_error(craft('1', stray, sizeof stray), "stray bits", "padding bits set");
	const uint8_t header[] = { 5, 5 };
	expect_error(craft('1', header, sizeof header), "header is incomplete", "header cut short");
	const uint8_t mask_cut[] = { 1, 1, 2, 0, 0x33 };
	expect_error(craft('1', mask_cut, sizeof mask_cut), "mask is incomplete", "mask cut short");
	const uint8_t ok1[] = { 1, 1, 2, 1 << 2, 0x80 };
	tap_ok(sharecode_decode(craft('1', ok1, sizeof ok1), &sc, err, sizeof err) == LO_OK && sc.board->cells[0] == 1,
	       "and the crafting is right: a 1x1 lit board decodes");
	sharecode_free(&sc);

	/* The encoder refuses what has no code. */
	b->cells[3] = 2;
	tap_ok(!sharecode_encode(b, &v, err, sizeof err) && strstr(err, "not below"),
	       "encode: value out of range: %s", err);
	b->cells[3] = 0;
	v = of(b, "hexagon", false, false);
	tap_ok(!sharecode_encode(b, &v, err, sizeof err) && strstr(err, "unknown rule"),
	       "encode: unknown rule: %s", err);
	free(code);
	board_free(b);
	return tap_done();
}
