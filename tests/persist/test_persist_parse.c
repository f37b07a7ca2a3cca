/* The one integer and yes/no parser: bounds, canonical text against what
 * a person may write, and nothing past the span. */
#include <limits.h>
#include <string.h>

#include "persist/parse.h"
#include "tap.h"

static bool num(const char *s, long long lo, long long hi, bool canonical, long long *v)
{
	*v = 12345;
	return parse_int_str(s, lo, hi, canonical, v);
}

int main(void)
{
	long long v;
	tap_ok(num("0", 0, 10, true, &v) && v == 0, "0");
	tap_ok(num("10", 0, 10, true, &v) && v == 10, "the upper bound is in");
	tap_ok(!num("11", 0, 10, true, &v) && v == 12345, "past it: refused, out untouched");
	tap_ok(num("-1", -1, 10, true, &v) && v == -1, "-1 when the bound allows it");
	tap_ok(!num("-2", -1, 10, true, &v), "below the lower bound");
	tap_ok(!num("", 0, 10, false, &v) && !num("-", -5, 10, false, &v) && !num("+", 0, 10, false, &v),
	       "no digits: refused");
	tap_ok(!num("007", 0, 10, true, &v) && !num("-0", -5, 10, true, &v) && !num("+5", 0, 10, true, &v),
	       "canonical: no padding zero, no -0, no +");
	tap_ok(num("007", 0, 10, false, &v) && v == 7 && num("+5", 0, 10, false, &v) && v == 5 &&
	       num("-0", -5, 10, false, &v) && v == 0, "lenient: 007, +5, -0 as strtol read them");
	tap_ok(!num(" 5", 0, 10, false, &v) && !num("5 ", 0, 10, false, &v) && !num("5x", 0, 10, false, &v),
	       "spaces or letters: refused");
	tap_ok(num("9223372036854775807", LLONG_MIN, LLONG_MAX, true, &v) && v == LLONG_MAX, "LLONG_MAX");
	tap_ok(num("-9223372036854775808", LLONG_MIN, LLONG_MAX, true, &v) && v == LLONG_MIN, "LLONG_MIN");
	tap_ok(!num("9223372036854775808", LLONG_MIN, LLONG_MAX, true, &v) &&
	       !num("-9223372036854775809", LLONG_MIN, LLONG_MAX, true, &v) &&
	       !num("99999999999999999999999", LLONG_MIN, LLONG_MAX, false, &v), "overflow: refused, not wrapped");
	tap_ok(parse_int("123 456", 3, 0, 1000, true, &v) && v == 123, "a span: the field alone");

	bool b = false;
	tap_ok(parse_yes_no("yes", 3, true, &b) && b && parse_yes_no("no", 2, true, &b) && !b, "yes, no");
	tap_ok(!parse_yes_no("on", 2, true, &b) && !parse_yes_no("true", 4, true, &b) &&
	       !parse_yes_no("off", 3, true, &b), "canonical: yes and no alone");
	b = false;
	tap_ok(parse_yes_no("on", 2, false, &b) && b && parse_yes_no("true", 4, false, &b) && b &&
	       parse_yes_no("off", 3, false, &b) && !b && parse_yes_no("false", 5, false, &b) && !b,
	       "lenient: on, true, off, false");
	tap_ok(!parse_yes_no("Yes", 3, false, &b) && !parse_yes_no("y", 1, false, &b) &&
	       !parse_yes_no("yess", 4, false, &b) && !parse_yes_no("", 0, false, &b), "nothing else");
	tap_ok(parse_yes_no("yesterday", 3, true, &b) && b, "a span: its three letters");
	return tap_done();
}
