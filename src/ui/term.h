/* The terminal: curses on and off, and the signals that must leave it
 * usable.  Handlers only set flags (or, for crashes, restore the terminal
 * with async-signal-safe calls and re-raise); the game loop does the rest. */
#ifndef LO_TERM_H
#define LO_TERM_H

#include <curses.h>
#include <signal.h>
#include <stdbool.h>

extern volatile sig_atomic_t term_quit_signal;	/* SIGINT, SIGTERM, SIGHUP */
extern volatile sig_atomic_t term_stop_request;	/* SIGTSTP */
extern volatile sig_atomic_t term_continued;	/* SIGCONT: repaint */
/* SIGUSR1 from another lightsout of this player: hand the game over (save
 * and quit) if its request still stands (slot_asked(): a signal kept
 * pending while we were stopped may outlive it).  The sender's pid, or 0. */
extern volatile sig_atomic_t term_takeover;

/* The most of a window curses is given by default (--max-screen): far above
 * any real screen, and 8 MB of curses' cells where a client claiming
 * 5000x5000 would cost 2 GB. */
#define TERM_MAX_ROWS 200
#define TERM_MAX_COLS 500

/* Start curses on the controlling terminal, on at most the top left
 * max_rows x max_cols of the window, now and after any resize.  Returns 0,
 * or -1 with err. */
int term_open(bool mouse, int max_rows, int max_cols, char *err, size_t errlen);
/* Is the window larger than curses is given?  Its real size either way. */
bool term_clipped(int *rows, int *cols);
/* The next key, or ERR after wait_ms; a resize since the last call first
 * resizes curses (within the bound) and comes back as KEY_RESIZE. */
int term_getch(int wait_ms);
/* What was drawn, sent to the terminal now: a key's frame before the
 * work between keys (ui/run.c). */
void term_flush(void);
/* Restore the terminal; safe to call more than once. */
void term_close(void);

/* The key code of an SGR mouse report's start, on terminals whose
 * description knows only the old encoding; term_sgr_mouse() reads the rest
 * into ev: true for a press of the left or right button. */
#define KEY_SGR_MOUSE (KEY_MAX + 1)
bool term_sgr_mouse(MEVENT *ev);
/* Ctrl-Z: leave curses, stop, and come back when continued. */
void term_suspend(void);
/* Is there a shell that could continue us?  Not when the game is in its
 * session leader's process group (ForceCommand under sshd, a tmux pane's
 * command, exec from a login shell): no one there does job control, and
 * the kernel drops a stop sent to such an orphaned group anyway. */
bool term_can_suspend(void);

/* Monotonic seconds, for the clock. */
double term_now(void);

#endif
