/* The columns words take on a terminal, and where a line of them breaks
 * (base/text.h): below every layer, for whoever lays out a table of
 * translated words. */
#define _XOPEN_SOURCE 700	/* wcwidth */
#include "base/text.h"

#include <stdbool.h>
#include <string.h>
#include <wchar.h>

/* Walks S's characters while they fit in COLS columns (COLS < 0: all of
 * them); the bytes walked, and the columns they take in *USED. */
static size_t walk(const char *s, int cols, int *used)
{
	mbstate_t st;
	memset(&st, 0, sizeof st);
	size_t at = 0, len = strlen(s);
	int w = 0;
	while (at < len) {
		wchar_t wc;
		size_t n = mbrtowc(&wc, s + at, len - at, &st);
		int cw = 1;
		if (n == (size_t)-1 || n == (size_t)-2 || n == 0) {
			n = 1;	/* a byte outside the locale's set: one column */
			memset(&st, 0, sizeof st);
		} else if ((cw = wcwidth(wc)) < 0) {
			cw = 1;
		}
		if (cols >= 0 && w + cw > cols)
			break;
		w += cw;
		at += n;
	}
	*used = w;
	return at;
}

int text_cols(const char *s)
{
	int w = 0;
	if (s)
		walk(s, -1, &w);
	return w;
}

size_t text_fit(const char *s, int cols)
{
	int w;
	return s ? walk(s, cols < 0 ? 0 : cols, &w) : 0;
}

/* Chinese has no spaces between words: a line may break between two
 * characters when either is wide, but never before closing punctuation
 * nor after opening (the rule of Chinese typesetting, 避头尾). */
static bool closing(wchar_t c)
{
	return c && wcschr(L"\uff0c\u3002\u3001\uff1a\uff1b\uff01\uff1f\uff09\u300d\u300f\u201d\u2019\u300b\u3009\u3011\u2026,.:;!?)]", c);
}

static bool opening(wchar_t c)
{
	return c && wcschr(L"\uff08\u300c\u300e\u201c\u2018\u300a\u3008\u3010([", c);
}

size_t text_break(const char *s, size_t fit)
{
	mbstate_t st;
	memset(&st, 0, sizeof st);
	size_t at = 0, len = strlen(s), best = 0;
	wchar_t prev = 0;
	int prev_w = 0;
	while (at <= fit && at < len) {
		wchar_t wc;
		size_t n = mbrtowc(&wc, s + at, len - at, &st);
		if (n == (size_t)-1 || n == (size_t)-2 || n == 0) {
			n = 1;
			wc = 0xfffd;
			memset(&st, 0, sizeof st);
		}
		int w = wcwidth(wc);
		if (at > 0 && (wc == L' ' || ((w == 2 || prev_w == 2) && prev != L' ' && !closing(wc) && !opening(prev))))
			best = at;
		prev = wc;
		prev_w = w;
		at += n;
	}
	return best;
}
