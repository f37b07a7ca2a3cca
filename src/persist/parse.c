#include "persist/parse.h"

#include <pthread.h>
#include <string.h>

bool parse_int(const char *s, size_t n, long long lo, long long hi, bool canonical, long long *out)
{
	const char *end = s + n;
	bool minus = false;
	if (s < end && (*s == '-' || (*s == '+' && !canonical)))
		minus = *s++ == '-';
	if (s == end || (canonical && *s == '0' && (end - s > 1 || minus)))
		return false;	/* no digits; "007", "-0" are not as written */
	/* Accumulated below zero: LLONG_MIN has no positive twin. */
	long long v = 0;
	for (; s < end; s++) {
		if (*s < '0' || *s > '9' || v < (-9223372036854775807LL - 1 + (*s - '0')) / 10)
			return false;
		v = v * 10 - (*s - '0');
	}
	if (!minus) {
		if (v == -9223372036854775807LL - 1)
			return false;
		v = -v;
	}
	if (v < lo || v > hi)
		return false;
	*out = v;
	return true;
}

bool parse_int_str(const char *s, long long lo, long long hi, bool canonical, long long *out)
{
	return parse_int(s, strlen(s), lo, hi, canonical, out);
}

static const struct {
	const char *word;
	bool yes, canonical;
} words[] = {
	{ "yes", true, true }, { "no", false, true },
	{ "on", true, false }, { "true", true, false },
	{ "off", false, false }, { "false", false, false },
};

bool parse_yes_no(const char *s, size_t n, bool canonical, bool *out)
{
	for (size_t i = 0; i < sizeof words / sizeof *words; i++)
		if ((words[i].canonical || !canonical) && strlen(words[i].word) == n && !memcmp(s, words[i].word, n)) {
			*out = words[i].yes;
			return true;
		}
	return false;
}

/* The C locale's numbers, made once for every thread. */
static locale_t c_numbers;
static pthread_once_t c_numbers_once = PTHREAD_ONCE_INIT;
static void c_numbers_make(void)
{
	c_numbers = newlocale(LC_NUMERIC_MASK, "C", (locale_t)0);
}

locale_t parse_numbers_begin(void)
{
	pthread_once(&c_numbers_once, c_numbers_make);
	return c_numbers ? uselocale(c_numbers) : (locale_t)0;
}

void parse_numbers_end(locale_t old)
{
	if (old)
		uselocale(old);
}
