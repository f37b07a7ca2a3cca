#include <string.h>

#include "engine/variant.h"
#include "tap.h"

static void round_trip(const char *text)
{
	variant v;
	char err[256], back[300];
	lo_result rc = variant_parse(&v, text, err, sizeof err);
	if (rc == LO_OK)
		variant_format(&v, back, sizeof back);
	tap_ok(rc == LO_OK && strcmp(back, text) == 0, "'%s' parses and formats back (%s)", text, rc != LO_OK ? err : back);
}

static void refused(const char *text, const char *why)
{
	variant v;
	char err[256] = "";
	lo_result rc = variant_parse(&v, text, err, sizeof err);
	tap_ok(rc != LO_OK && strstr(err, why), "'%s' refused: %s", text, err);
}

int main(void)
{
	variant d;
	char err[256];
	variant_default(&d);
	tap_ok(d.rows == 5 && d.cols == 5 && d.k == 2 && !strcmp(d.rule, "plus") && !d.torus && !d.forward_only,
	       "default: 5x5 plus k=2");
	tap_ok(variant_validate(&d, err, sizeof err) == LO_OK, "the default is valid");

	round_trip("5x5 plus k=2");
	round_trip("7x3 cross k=4 torus");
	round_trip("4x4 mask:010/111/010 k=3 torus forward-only");
	round_trip("10000x10000 knight k=36 forward-only");
	refused("0x5 plus k=2", "sides go from 1");
	refused("10001x1 plus k=2", "sides go from 1");
	refused("5x5 plus k=37", "k = 37");
	refused("5x5 hexagon k=2", "unknown rule");
	refused("5x5 plus k=2 wrapped", "unknown flag");
	refused("5x5 plus k=2 forward-only torus", "unknown flag");
	refused("5 plus", "not RxC");

	/* The rule is read once, into its canonical name, with the torus it needs. */
	variant v = d;
	tap_ok(variant_set_rule(&v, "x", err, sizeof err) == LO_OK && !strcmp(v.rule, "x"), "set rule x");
	tap_ok(variant_set_rule(&v, "mask:01/10", err, sizeof err) != LO_OK, "an even-sided mask is refused: %s", err);
	tap_ok(!strcmp(v.rule, "x"), "a refused rule leaves the variant as it was");
	rule r;
	variant_rule(&v, &r);
	tap_is(r.n, 5, "x expands to its 5 offsets");

	/* Equality and order cover every field. */
	variant a = d, b = d;
	tap_ok(variant_equal(&a, &b), "equal to a copy");
	b.torus = true;
	tap_ok(!variant_equal(&a, &b) && variant_compare(&a, &b) < 0, "torus differs and sorts after");
	b = d;
	b.forward_only = true;
	tap_ok(!variant_equal(&a, &b), "forward-only differs");
	b = d;
	b.k = 3;
	tap_ok(variant_compare(&a, &b) < 0 && variant_compare(&b, &a) > 0, "k orders");
	b = d;
	b.cols = 6;
	tap_ok(variant_compare(&a, &b) < 0, "size orders first");
	b = d;
	strcpy(b.rule, "box");
	tap_ok(variant_compare(&b, &a) < 0, "then the rule's name");
	return tap_done();
}
