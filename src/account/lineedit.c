#include "account/lineedit.h"

#include <langinfo.h>
#include <poll.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>
#include <termios.h>
#include <time.h>
#include <unistd.h>

#include "base/clock.h"

enum { ED_NONE, ED_LEFT, ED_RIGHT, ED_HOME, ED_END, ED_DEL };

typedef struct line {
	char b[LINEEDIT_MAX];
	int n, c;		/* bytes held, the cursor's byte */
} line;

/* The byte length of the character at b[i]: a whole UTF-8 sequence, or one
 * byte of anything else. */
static int unit(const line *l, int i)
{
	unsigned char c = (unsigned char)l->b[i];
	int more = c >= 0xc2 && c <= 0xdf ? 1 : c >= 0xe0 && c <= 0xef ? 2 : c >= 0xf0 && c <= 0xf4 ? 3 : 0;
	if (i + more >= l->n)
		return 1;
	for (int k = 1; k <= more; k++)
		if (((unsigned char)l->b[i + k] & 0xc0) != 0x80)
			return 1;
	return more + 1;
}

static int prev(const line *l, int i)
{
	int p = 0;
	for (int j = 0; j < i; j += unit(l, j))
		p = j;
	return p;
}

static void put(int out, const char *s, size_t n)
{
	while (n > 0) {
		ssize_t w = write(out, s, n);
		if (w <= 0)
			return;
		s += w;
		n -= (size_t)w;
	}
}

/* The line again: a character the terminal shows in one column as
 * itself, anything else (controls, NUL, wide or broken sequences) as '?',
 * so the count of columns is the count of characters. */
static void redraw(int out, const char *prompt, const line *l, bool utf8)
{
	char s[LINEEDIT_MAX + 512];
	int k = snprintf(s, sizeof s, "\r%s", prompt), after = 0;
	for (int i = 0, u; i < l->n; i += u) {
		u = unit(l, i);
		unsigned char c = (unsigned char)l->b[i];
		if (u == 1 && c >= 0x20 && c < 0x7f)
			s[k++] = (char)c;
		else if (u == 2 && utf8 && !(c == 0xc2 && (unsigned char)l->b[i + 1] < 0xa0)) {
			memcpy(s + k, l->b + i, 2);	/* not a C1 control */
			k += 2;
		} else
			s[k++] = '?';
		after += i >= l->c;
	}
	k += snprintf(s + k, sizeof s - (size_t)k, "\033[K");
	if (after)
		k += snprintf(s + k, sizeof s - (size_t)k, "\033[%dD", after);
	put(out, s, (size_t)k);
}

/* The byte after an escape, if one comes at once (a key's sequence
 * arrives whole; a lone Esc does not wait for more). */
static int next_byte(int in, int ms)
{
	struct pollfd pfd = { .fd = in, .events = POLLIN };
	unsigned char c;
	if (poll(&pfd, 1, ms) <= 0 || read(in, &c, 1) != 1)
		return -1;
	return c;
}

/* The key of an escape sequence (CSI or SS3), or ED_NONE for one we do
 * not edit with: it is dropped whole, never typed into the line. */
static int escape_key(int in)
{
	int c = next_byte(in, 50);
	if (c == 'O') {
		c = next_byte(in, 50);
		return c == 'C' ? ED_RIGHT : c == 'D' ? ED_LEFT : c == 'H' ? ED_HOME : c == 'F' ? ED_END : ED_NONE;
	}
	if (c != '[')
		return ED_NONE;
	int param = 0;
	for (int k = 0; k < 32; k++) {
		c = next_byte(in, 50);
		if (c < 0)
			return ED_NONE;
		if (c >= '0' && c <= '9')
			param = param * 10 + (c - '0');
		if (c >= 0x40 && c <= 0x7e)
			break;
	}
	switch (c) {
	case 'C':
		return ED_RIGHT;
	case 'D':
		return ED_LEFT;
	case 'H':
		return ED_HOME;
	case 'F':
		return ED_END;
	case '~':
		return param == 1 || param == 7 ? ED_HOME : param == 4 || param == 8 ? ED_END
			: param == 3 ? ED_DEL : ED_NONE;
	default:
		return ED_NONE;
	}
}

static void cut(line *l, int from, int to)
{
	memmove(l->b + from, l->b + to, (size_t)(l->n - to));
	l->n -= to - from;
	l->c = from;
}

static long now_ms(void)
{
	return (long)(clock_seconds() * 1000);
}

int lineedit_read(int in, int out, const char *prompt, char buf[LINEEDIT_MAX], long idle_ms, long left_ms)
{
	/* The deadline is kept whatever is typed: a key now and then must not
	 * hold a prompt (and its place) for ever. */
	long deadline = left_ms > 0 ? now_ms() + left_ms : 0;
	struct termios saved, raw;
	bool term = tcgetattr(in, &saved) == 0;
	if (term) {
		raw = saved;
		raw.c_lflag &= ~(tcflag_t)(ICANON | ECHO | ISIG | IEXTEN);
		raw.c_iflag &= ~(tcflag_t)(IXON | ICRNL | INLCR | IGNCR | ISTRIP);
		raw.c_cc[VMIN] = 1;
		raw.c_cc[VTIME] = 0;
		tcsetattr(in, TCSADRAIN, &raw);
	}
	bool utf8 = !strcmp(nl_langinfo(CODESET), "UTF-8");
	line l = { .n = 0 };
	int result = -1;
	redraw(out, prompt, &l, utf8);
	for (;;) {
		unsigned char ch;
		struct pollfd pfd = { .fd = in, .events = POLLIN };
		long wait = idle_ms > 0 ? idle_ms : -1, left = deadline ? deadline - now_ms() : -1;
		bool late = deadline && (left <= 0 || wait < 0 || left < wait);
		if (late)
			wait = left > 0 ? left : 0;
		if (wait >= 0) {
			int r = poll(&pfd, 1, wait > 1000000000L ? 1000000000 : (int)wait);
			if (r == 0) {
				result = late ? LINEEDIT_LATE : LINEEDIT_IDLE;
				break;
			}
			if (r < 0)
				break;	/* a signal: the caller's to act on */
		}
		if (read(in, &ch, 1) != 1)
			break;
		int key = ED_NONE;
		if (ch == '\r' || ch == '\n') {
			result = l.n;
			break;
		}
		if (ch == 3 || (ch == 4 && l.n == 0))
			break;
		switch (ch) {
		case 033:
			key = escape_key(in);
			break;
		case 1:
			key = ED_HOME;
			break;
		case 5:
			key = ED_END;
			break;
		case 2:
			key = ED_LEFT;
			break;
		case 6:
			key = ED_RIGHT;
			break;
		case 4:
			key = ED_DEL;
			break;
		case 0x7f:
		case 8:
			if (l.c > 0)
				cut(&l, prev(&l, l.c), l.c);
			break;
		case 0x0b:
			l.n = l.c;
			break;
		case 0x15:
			cut(&l, 0, l.c);
			break;
		case 0x17: {
			int i = l.c;
			while (i > 0 && l.b[i - 1] == ' ')
				i--;
			while (i > 0 && l.b[i - 1] != ' ')
				i--;
			cut(&l, i, l.c);
			break;
		}
		default:
			if (l.n < LINEEDIT_MAX) {
				memmove(l.b + l.c + 1, l.b + l.c, (size_t)(l.n - l.c));
				l.b[l.c++] = (char)ch;
				l.n++;
			} else
				put(out, "\a", 1);
		}
		if (key == ED_LEFT && l.c > 0)
			l.c = prev(&l, l.c);
		else if (key == ED_RIGHT && l.c < l.n)
			l.c += unit(&l, l.c);
		else if (key == ED_HOME)
			l.c = 0;
		else if (key == ED_END)
			l.c = l.n;
		else if (key == ED_DEL && l.c < l.n)
			cut(&l, l.c, l.c + unit(&l, l.c));
		redraw(out, prompt, &l, utf8);
	}
	put(out, "\r\n", 2);
	if (term)
		tcsetattr(in, TCSADRAIN, &saved);
	memcpy(buf, l.b, (size_t)l.n);
	return result;
}
