#include "ui/analysis.h"

#include <curses.h>

#include "ui/info.h"
#include "ui/term.h"

static void analysis_show(session *s, int p)
{
	const lo_system *sys = s->g.sys;
	bool patterns = system_nullity(sys) > 0 && system_has_kernel(sys);
	s->v.pattern = patterns ? system_kernel(sys, p) : NULL;
	info_pattern(sys, p, &s->gl, s->v.info, sizeof s->v.info);
	draw_marks(&s->v);
	draw_status(&s->v, term_now());
}

int analysis_run(session *s)
{
	const lo_system *sys = s->g.sys;
	int d = system_nullity(sys), p = 0;
	char line[160];
	game_clock_pause(&s->g, term_now());
	s->v.what = VIEW_INFO;
	info_system(sys, &s->gl, line, sizeof line);
	draw_message(&s->v, line);
	analysis_show(s, p);
	int ch;
	for (;;) {
		ch = session_key(s);
		if (ch == KEY_STOP || ch == KEY_LOST || ch == 27 || ch == 'a' || ch == 'q')
			break;
		if (d == 0)
			continue;
		if (ch == KEY_RIGHT || ch == 'l' || ch == ' ' || ch == '\t' || ch == KEY_DOWN || ch == 'j')
			p = (p + 1) % d;
		else if (ch == KEY_LEFT || ch == 'h' || ch == KEY_BTAB || ch == KEY_UP || ch == 'k')
			p = (p + d - 1) % d;
		else
			continue;
		analysis_show(s, p);
	}
	s->v.what = VIEW_PLAY;
	s->v.pattern = NULL;
	s->v.msg[0] = '\0';
	game_clock_resume(&s->g, term_now());
	session_redraw(s);
	return ch == KEY_STOP || ch == KEY_LOST ? ch : 0;
}
