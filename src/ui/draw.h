/* Drawing the game on stdscr, as Tatham's game_redraw: the view says what
 * should be seen (cursor, marks, preview, message), the drawstate what was
 * drawn last (each visible cell's key, the status line).  draw_frame()
 * runs after every key and tick and draws what differs, so a press costs
 * the cells it changes on screen, whatever the board's size.  Whole-screen
 * redraws only when the layout changes (start, resize, new board,
 * scrolling). */
#ifndef LO_DRAW_H
#define LO_DRAW_H

#include <stdbool.h>

#include "game/game.h"
#include "game/overlay.h"
#include "game/session.h"
#include "ui/glyphs.h"

/* The status line's first words need this many columns; the lines a
 * board needs depend on it (draw_layout). */
#define DRAW_MIN_COLS 20
/* Tiles grow up to (2s + 1) x s characters a cell. */
#define DRAW_TILE_MAX 10

/* What is on screen now: the key of each visible cell as last drawn
 * (DRAW_UNKNOWN: draw it), and the status line. */
typedef struct drawstate {
	uint64_t *keys;			/* nr x nc, from (vr, vc) */
	int nkeys;
	int vr, vc;			/* the view the keys are of */
	int *near;			/* the cursor's press set this frame, sorted */
	int nnear, near_cap;
	int *lit;			/* the flash's press set this frame, sorted */
	int nlit, lit_cap;
	int *flip;			/* the animated press's set, sorted */
	int nflip, flip_cap;
	int *own;			/* a tile's own pattern, while it is drawn */
	int own_cap;
	double now;			/* the frame's time, for animations */
	char status[512];		/* as last drawn; "" redraws */
	long written;			/* cells drawn: the tests count them */
} drawstate;
#define DRAW_UNKNOWN UINT64_MAX

/* Where the board and its parts go on the screen: draw_layout() sets it
 * from the window, the board's shape and the cursor. */
typedef struct view_layout {
	bool too_small;
	int top, left;			/* screen position of the first visible cell */
	int vr, vc;			/* first visible board row and column */
	int nr, nc;			/* visible rows and columns */
	int cw, ch;			/* a cell's width and height on screen */
	int ph, pw;			/* the visible picture's height and width */
	int scale;			/* tiles of size s (>= 2), or 0 */
	bool rulers;			/* one character a cell, with rulers */
	int gutter;			/* columns of the row ruler */
	bool title;			/* the title line is shown */
} view_layout;

/* Tiles stand two columns apart: as far as the one row between them
 * looks, and a tile of 2s - 1 columns is odd, so its symbol sits in the
 * middle column (a 2s-column tile had it half a column left). */
#define DRAW_TILE_GAP 2

/* A press's cells flip for a moment; a win sends a wave of light out from
 * the last press. */
typedef struct view_anim {
	bool on;			/* off: --no-animation, NO_COLOR, a slow link */
	int cell;			/* where it starts, or -1: none */
	bool win;
	double from;
} view_anim;

typedef struct view {
	const game *g;
	const glyphs *gl;
	bool color;
	int theme;			/* the colour theme (draw_colors_init) */
	int cr, cc;			/* the cursor, in board cells */
	view_layout lay;		/* where everything goes (layout.c) */
	bool no_suspend;		/* Ctrl-Z is refused: the help does not offer it */
	bool preview;			/* bracket what a press at the cursor changes */
	/* The session's snapshot this frame (taken before each draw): mode,
	 * rung, assistance, a win's ranking and whether it is perfect are
	 * drawn from it.  Zeroed where no session plays (a watched game). */
	session_view sv;
	char title[64];			/* title line, right, for a view of no session's
					 * game: "watching alice" */
	char msg[320];			/* message line; empty shows the key hints */
	/* The screen-reader mode's message wrapped onto the status line,
	 * which waits under it until a shorter one comes. */
	bool msg_wrapped;
	/* ... or, where the bottom line is a screen's own, onto the blank
	 * line above the message line. */
	bool msg_raised;
	char who[64];			/* a public account's player: "alice, 2 watching" */
	bool help_held;			/* racing: the help keys are off, so the
					 * key bar offers none (session_help_held) */
	const char *rematch;		/* after a race, on its board: the rival
					 * (session_race_rematch_for), else "" */
	char graph_name[40];		/* --graph FILE's base name, for the graph of */
	uint64_t graph_digest;		/* this digest: the status names it so */
	/* Marks on the cells: the plan's (when ov->shown) or one hint cell;
	 * a pattern (a quiet pattern in the info panel) replaces both. */
	const lo_overlay *ov;
	bool lobby;			/* a public account's: q on a board goes there */
	int hint;			/* cell index, or -1 */
	const uint8_t *pattern;
	bool chase;			/* the pattern is the chase step's marks (C),
					 * drawn apart from the plan's */
	int flash;			/* a press about to be made here (t, T): its
					 * cells lit, or -1 */
	/* Animations, drawn by the frames while they last; a key is never
	 * kept waiting for one (cells.c). */
	view_anim anim;
	/* How the board is drawn: set by the screens' enter and leave only. */
	enum { VIEW_PLAY, VIEW_EDIT, VIEW_INFO } what;
	const struct key_row *keys;	/* the bottom bar's rows, or NULL */
	char info[160];			/* status line in the info panel */
	drawstate ds;
} view;

/* Colour pairs of a theme (0 classic, amber, ocean, forest) when enabled
 * and the terminal has colour, in 256 colours where it has them, else 8;
 * returns whether. */
#define DRAW_THEMES 4
bool draw_colors_init(bool enable, int theme);
const char *draw_theme_name(int theme);
int draw_theme_find(const char *name);	/* -1: no such theme */

/* Fit the board to the screen (LINES x COLS), keeping the cursor visible. */
void draw_layout(view *v);
/* Scroll so the cursor is visible; true when the view moved. */
bool draw_follow(view *v);

/* Everything, after erasing the screen (the drawstate forgets all). */
void draw_all(view *v, double now);
/* What differs from the drawstate: the cells whose look changed and the
 * status line if its words did (a scroll redraws all). */
void draw_frame(view *v, double now);
void draw_free(view *v);
/* Start an animation at cell (nothing when animations are off); true
 * while one is still to be drawn at time now. */
void draw_animate(view *v, int cell, bool win, double now);
bool draw_animating(const view *v, double now);
void draw_message(view *v, const char *msg);	/* NULL or "": key hints */
/* Prose from (y, x) wrapped at a word to the window's width, the lines
 * after the first indented by indent, down to row last: the rows used. */
int draw_wrapped(int y, int x, int indent, int last, const char *s);
void draw_win(view *v, double now);
/* A box of h x w characters at (y, x), framed like the board. */
void draw_box(const glyphs *gl, int y, int x, int h, int w);
/* The help: rows' keys and labels, wrapped to the window, from line `top`
 * on; draw_help_lines says how many lines that is at this width. */
int draw_help_lines(const view *v, const struct key_row *rows);
void draw_help(view *v, const struct key_row *rows, int top);
/* The cursor one step (dr, dc) on the picture: the cube moves on its net
 * (staying put at a hole), other boards in rows and columns, clamped. */
void draw_step(const view *v, int dr, int dc, int *row, int *col);
/* Where the cursor's cell shows its symbol on the screen: the terminal's
 * cursor goes there for a screen reader.  False when out of view. */
bool draw_cursor_at(const view *v, int *y, int *x);
/* The same for the view the last frame drew; false when none showed. */
bool draw_cursor_last(int *y, int *x);
/* The board cell drawn at screen (y, x), if any: for the mouse. */
bool draw_cell_at(const view *v, int y, int x, int *row, int *col);
/* A page of text on the whole screen (statistics, share code): a title,
 * lines[top..] from column `left` on, and a footer on the last line. */
void draw_page(view *v, const char *title, char *const *lines, int n, int top, int left, const char *footer);

#endif
