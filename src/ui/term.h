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

/* Start curses on the controlling terminal.  Returns 0, or -1 with err. */
int term_open(bool mouse, char *err, size_t errlen);
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
