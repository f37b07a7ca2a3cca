#include "ui/making.h"

#include <curses.h>
#include <stdio.h>
#include <string.h>

#include "game/maker.h"
#include "ui/board.h"
#include "ui/term.h"

void making_start(app *a, const game_config *cfg, play_mode mode, bool give_up)
{
	char err[256];
	a->after_made[0] = '\0';
	a->mk = maker_start(&a->pl, cfg, mode, err, sizeof err);
	if (!a->mk) {
		board_say(a, err);
		return;
	}
	a->make_gives_up = give_up;
	a->make_since = term_now();
	app_push(a, &making_screen);
}

void making_done(app *a)
{
	char err[256];
	game next;
	play made;
	maker *m = a->mk;
	a->mk = NULL;
	app_close(a, &making_screen);
	if (maker_finish(m, &next, &made, err, sizeof err) < 0) {
		board_say(a, err);	/* the old board stays, as it was */
		return;
	}
	if (a->make_gives_up)
		board_give_up(a);	/* in the old board's own mode */
	if (play_replace(&a->pl, &next, err, sizeof err) < 0) {
		board_say(a, err);
		return;
	}
	a->pl.r = made.r;
	a->pl.mode = made.mode;
	a->pl.rung = made.rung;
	snprintf(a->pl.origin, sizeof a->pl.origin, "%s", made.origin);
	snprintf(a->pl.daily, sizeof a->pl.daily, "%s", made.daily);
	a->v.vr = a->v.vc = 0;
	app_fresh(a);
	if (a->after_made[0])
		board_say(a, a->after_made);
	a->after_made[0] = '\0';
}

static reaction making_stop(app *a, int key)
{
	(void)key;
	maker_cancel(a->mk);
	a->mk = NULL;
	draw_message(&a->v, "Stopped: the board you had stays.");
	return REACT_LEAVE;
}

static reaction making_wait(app *a, int key)
{
	(void)key;
	board_say(a, "Making a new board... Esc or q stops.");
	return REACT_NONE;
}

static void making_draw(app *a)
{
	char msg[96];
	snprintf(msg, sizeof msg, "Making a new board (%d s)... Esc or q stops.", (int)(term_now() - a->make_since));
	if (strcmp(msg, a->v.msg) != 0)
		board_say(a, msg);
}

static const key_row making_rows[] = {
	{ { KEY_ESC, 'q' }, making_stop, "Esc, q", "Esc, q", "stop making it: the board you had stays", NULL, 0 },
	{ { 0 }, NULL, "any other key", "any other key", "waits", NULL, 0 },
	{ { 0 }, NULL, NULL, NULL, NULL, NULL, 0 },
};

const screen making_screen = {
	.name = "making", .title = "Making a new board", .rows = making_rows, .other = making_wait,
	.draw = making_draw, .over_board = true,
};

