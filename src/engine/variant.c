#include "engine/variant.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "i18n.h"

void variant_default(variant *v)
{
	memset(v, 0, sizeof *v);
	v->rows = v->cols = 5;
	v->k = 2;
	strcpy(v->rule, "plus");
}

/* A graph rule is not parsed from its name: its press sets are v->graph. */
static lo_result parse_rule(const variant *v, rule *r, const char *spec, char *err, size_t errlen)
{
	if (v->graph && rule_name_is_graph(spec)) {
		rule_graph(r, v->graph);
		if (strcmp(r->name, spec) != 0) {
			snprintf(err, errlen, _("the rule is not the graph given (%.40s)"), r->name);
			return LO_REFUSED;
		}
		r->torus = v->torus;
		return LO_OK;
	}
	return rule_parse(r, spec, v->torus, err, errlen);
}

void variant_set_graph(variant *v, const graph *g)
{
	rule r;
	rule_graph(&r, g);
	v->graph = g;
	v->rows = 1;
	v->cols = g->n;
	v->torus = false;
	strcpy(v->rule, r.name);
}

/* A graph named by its digest alone, as statistics and leaderboards keep
 * it: a key, not a playable rule (no press sets to expand). */
static bool graph_name_only(const variant *v, const char *spec)
{
	return !v->graph && rule_name_is_graph(spec) && strlen(spec) == 22 &&
	       strspn(spec + 6, "0123456789abcdef") == 16;
}

variant_shape variant_shape_of(const variant *v)
{
	const rule_entry *e = rule_entry_find(v->rule);
	rule_kind kind = e ? e->kind : RULE_UNIFORM;
	return kind == RULE_HEX ? SHAPE_HEX : kind == RULE_CUBE ? SHAPE_CUBE : kind == RULE_GRAPH ? SHAPE_GRAPH
											: SHAPE_GRID;
}

lo_result variant_set_rule(variant *v, const char *spec, char *err, size_t errlen)
{
	rule r;
	if (graph_name_only(v, spec)) {
		strcpy(v->rule, spec);
		return LO_OK;
	}
	if (parse_rule(v, &r, spec, err, errlen) != LO_OK)
		return LO_REFUSED;
	if (strlen(r.name) >= sizeof v->rule) {
		snprintf(err, errlen, "%s", _("rule too long"));
		return LO_REFUSED;
	}
	strcpy(v->rule, r.name);
	return LO_OK;
}

lo_result variant_validate(const variant *v, char *err, size_t errlen)
{
	if (v->rows < 1 || v->cols < 1 || v->rows > VARIANT_MAX_SIDE || v->cols > VARIANT_MAX_SIDE) {
		snprintf(err, errlen, _("size %dx%d: sides go from 1 to %d"), v->rows, v->cols, VARIANT_MAX_SIDE);
		return LO_REFUSED;
	}
	if ((long)v->rows * v->cols > VARIANT_MAX_CELLS) {
		snprintf(err, errlen, _("board larger than %ld cells"), VARIANT_MAX_CELLS);
		return LO_REFUSED;
	}
	if (v->k < VARIANT_MIN_K || v->k > VARIANT_MAX_K) {
		snprintf(err, errlen, _("k = %d: use %d to %d states"), v->k, VARIANT_MIN_K, VARIANT_MAX_K);
		return LO_REFUSED;
	}
	if (!memchr(v->rule, '\0', sizeof v->rule)) {
		snprintf(err, errlen, "%s", _("rule too long"));
		return LO_REFUSED;
	}
	if (graph_name_only(v, v->rule)) {
		if ((long)v->rows * v->cols > GRAPH_MAX_VERTICES || v->torus) {
			snprintf(err, errlen, _("a graph has up to %d vertices, with no torus"), GRAPH_MAX_VERTICES);
			return LO_REFUSED;
		}
		return LO_OK;
	}
	rule r;
	if (parse_rule(v, &r, v->rule, err, errlen) != LO_OK)
		return LO_REFUSED;
	return rule_check_shape(&r, v->rows, v->cols, err, errlen);
}

void variant_rule(const variant *v, rule *r)
{
	char err[160];
	if (parse_rule(v, r, v->rule, err, sizeof err) != LO_OK)
		abort();	/* only checked variants get here */
}

void variant_format(const variant *v, char *buf, size_t len)
{
	/* notext: the variant as files and the leaderboard write it */
	snprintf(buf, len, "%dx%d %s k=%d%s%s", v->rows, v->cols, v->rule, v->k, v->torus ? " torus" : "",
		 v->forward_only ? " forward-only" : "");
}

lo_result variant_parse(variant *v, const char *text, char *err, size_t errlen)
{
	variant t;
	char spec[VARIANT_RULE_MAX + 1], flags[2][16];
	int used = 0;
	variant_default(&t);
	flags[0][0] = flags[1][0] = '\0';
	int n = sscanf(text, "%5dx%5d %256s k=%2d%n", &t.rows, &t.cols, spec, &t.k, &used);
	if (n != 4) {
		/* TRANSLATORS: "RxC RULE k=K [torus] [forward-only]" is how a variant is written: keep it. */
		snprintf(err, errlen, _("'%s' is not RxC RULE k=K [torus] [forward-only]"), text);
		return LO_REFUSED;
	}
	const char *p = text + used;
	for (int i = 0; i < 2 && *p; i++) {
		int m = 0;
		if (sscanf(p, " %15s%n", flags[i], &m) != 1)
			break;
		p += m;
		if (!strcmp(flags[i], "torus") && i == 0 && !t.torus)
			t.torus = true;
		else if (!strcmp(flags[i], "forward-only"))
			t.forward_only = true;
		else {
			snprintf(err, errlen, _("unknown flag '%s'"), flags[i]);
			return LO_REFUSED;
		}
	}
	if (*p) {
		snprintf(err, errlen, _("unexpected '%s' after the variant"), p);

		return LO_REFUSED;
	}
	if (strlen(spec) >= sizeof t.rule) {
		snprintf(err, errlen, "%s", _("rule too long"));
		return LO_REFUSED;
	}
	strcpy(t.rule, spec);
	if (variant_validate(&t, err, errlen) != LO_OK || variant_set_rule(&t, spec, err, errlen) != LO_OK)
		return LO_REFUSED;
	*v = t;
	return LO_OK;
}

int variant_compare(const variant *a, const variant *b)
{
	if (a->rows != b->rows)
		return a->rows < b->rows ? -1 : 1;
	if (a->cols != b->cols)
		return a->cols < b->cols ? -1 : 1;
	if (a->k != b->k)
		return a->k < b->k ? -1 : 1;
	int c = strcmp(a->rule, b->rule);
	if (c)
		return c < 0 ? -1 : 1;
	if (a->torus != b->torus)
		return a->torus ? 1 : -1;
	if (a->forward_only != b->forward_only)
		return a->forward_only ? 1 : -1;
	return 0;
}

bool variant_equal(const variant *a, const variant *b)
{
	return variant_compare(a, b) == 0;
}
