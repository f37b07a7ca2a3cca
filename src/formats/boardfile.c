/* A board file under the command's options (boardfile.h); the text
 * itself is boardio.c's. */
#include "formats/boardfile.h"

#include <stdio.h>
#include <string.h>

#include "formats/boardio.h"
#include "engine/graph.h"
#include "engine/variant.h"
#include "i18n.h"

/* The file's variant line under the options: what they did not say comes
 * from the file (and r is made again); what they said differently is one
 * error naming both. */
static int take_variant(common_opts *o, const boardio_variant *fv, rule *r, char *err, size_t errlen)
{
	if (!fv->present)
		return 0;
	bool rule_differs = o->rule_chosen && strcmp(o->v.rule, fv->rule) != 0;
	bool k_differs = o->k_set && fv->k && o->v.k != fv->k;
	bool torus_differs = o->v.torus && !fv->torus, fwd_differs = o->v.forward_only && !fv->forward_only;
	if (rule_differs || k_differs || torus_differs || fwd_differs) {
		/* TRANSLATORS: the first %s%s%.0d%s%s is the file's rule line ("plus k=3 torus"), the second the
		 * options' (the same words): keep them together. */
		snprintf(err, errlen, _("line %d says rule %s%s%.0d%s%s, the options %s%s%.0d%s%s: give one or the other"),
			 fv->line, fv->rule, fv->k ? " k=" : "", fv->k, fv->torus ? " torus" : "",
			 fv->forward_only ? " forward-only" : "", o->v.rule, o->k_set ? " k=" : "", o->k_set ? o->v.k : 0,
			 o->v.torus ? " torus" : "", o->v.forward_only ? " forward-only" : "");
		return -1;
	}
	if (variant_set_rule(&o->v, fv->rule, err, errlen) != LO_OK)
		return -1;
	if (fv->k)
		o->v.k = fv->k;
	o->v.torus = fv->torus;
	o->v.forward_only = o->v.forward_only || fv->forward_only;
	return rule_parse(r, o->v.rule, o->v.torus, err, errlen) == LO_OK ? 0 : -1;
}

/* The file's patterns as the rule: g is kept as long as the process and
 * the variant becomes that graph on a rows x cols board.  Refused, g
 * freed, when the command line chose a rule or a torus. */
static int take_patterns(common_opts *o, graph *g, int rows, int cols, rule *r, char *err, size_t errlen)
{
	if (o->rule_chosen || o->v.torus) {
		snprintf(err, errlen, "%s", _("the board file's patterns are its rule: drop --rule, --grid, --board, --graph "
					      "and --torus"));

		graph_free(g);
		return -1;
	}
	options_keep_graph(g);
	variant_set_graph(&o->v, g);
	o->v.rows = rows;
	o->v.cols = cols;
	o->rule_spec = o->v.rule;
	variant_rule(&o->v, r);
	return 0;
}

/* Either reading: *b, or with big and k = 2 *bits. */
static boardfile_status read_either(FILE *f, const char *name, common_opts *o, rule *r, const boardio_big *big,
				    board **b, bitboard **bits, char *err, size_t errlen)
{
	rule spare;
	if (!r)
		r = &spare;
	boardio_error be;
	graph *patterns;
	boardio_variant fv;
	*bits = NULL;
	if (big)
		boardio_read_big(f, o->v.k, big, &patterns, &fv, b, bits, &be);
	else
		*b = boardio_read_variant(f, o->v.k, &patterns, &fv, &be);
	if (!*b && !*bits) {
		if (be.line)
			snprintf(err, errlen, "%s:%d:%d: %s", name, be.line, be.col, be.msg);
		else
			snprintf(err, errlen, "%s: %s", name, be.msg);
		return BOARDFILE_BAD;
	}
	int rows = *b ? (*b)->rows : (*bits)->rows, cols = *b ? (*b)->cols : (*bits)->cols;
	char why[2 * VARIANT_RULE_MAX + 200];	/* both rules' names and the words (a translation's longer) */
	if (take_variant(o, &fv, r, why, sizeof why) < 0) {
		snprintf(err, errlen, "%s: %s", name, why);
		graph_free(patterns);
		board_free(*b);
		bitboard_free(*bits);
		*b = NULL;
		*bits = NULL;
		return BOARDFILE_BAD;
	}
	/* Before the patterns, which make the variant the board's own size. */
	if (o->size_set && (o->v.rows != rows || o->v.cols != cols)) {
		graph_free(patterns);
		return BOARDFILE_SIZE;
	}
	/* Patterns come with a board of bytes (boardio_read_big). */
	if (patterns && take_patterns(o, patterns, rows, cols, r, err, errlen) < 0) {
		board_free(*b);
		*b = NULL;
		return BOARDFILE_PATTERNS;
	}
	return BOARDFILE_OK;
}

boardfile_status boardfile_read(FILE *f, const char *name, common_opts *o, rule *r, board **b, char *err,
				size_t errlen)
{
	bitboard *none;
	return read_either(f, name, o, r, NULL, b, &none, err, errlen);
}

boardfile_status boardfile_read_big(FILE *f, const char *name, common_opts *o, rule *r, const boardio_big *big,
				    board **b, bitboard **bits, char *err, size_t errlen)
{
	return read_either(f, name, o, r, big, b, bits, err, errlen);
}
