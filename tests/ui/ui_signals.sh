#!/bin/sh
# Signals that used to end the game badly: a fault in a background thread,
# a save over the file size limit (SIGXFSZ), and a takeover asked for by a
# game that has gone since.
. "$SRCDIR/tests/lib/tap.sh"
. "$SRCDIR/tests/lib/ui_lib.sh"

one=$(ui_board_file one.txt 010 111 010)

# A fault in a background thread runs the crash handler like one in the
# main thread: the terminal comes back usable.  LIGHTSOUT_TEST_FAULT=thread
# (a test hook in src/game/thread.c) makes the threads started while the
# game holds the terminal fault at once; n starts the board maker's.
ui_shell
ui_keys "stty -a >'$ui_tmp/a'; LIGHTSOUT_TEST_FAULT=thread '$LIGHTSOUT' --ascii --load '$one'; echo rc=\$?." Enter
ui_wait "Moves 0" >/dev/null
ui_keys n
check "a fault in the board maker's thread still kills the game (139)" ui_wait "rc=139."
ui_keys "stty -a >'$ui_tmp/b'; cmp -s '$ui_tmp/a' '$ui_tmp/b' && echo same-stty" Enter
check "the shell reads commands again, the terminal as it was (stty -a)" ui_wait "same-stty"
check "off the alternate screen" test "$(ui_tmux display-message -p '#{alternate_on}')" = 0

# Over the file size limit (ulimit -f) a save fails like any failed write:
# said so, exit 1, the terminal restored and the last save as it was,
# where SIGXFSZ used to kill the game (153) with no word.  First a 120x120
# game saved with one move, without a limit.
save="$XDG_STATE_HOME/lightsout/game.save"
ui_shell
ui_keys "'$LIGHTSOUT' --ascii --size 120x120 --seed 1; echo rc=\$?." Enter
ui_wait "Moves 0" >/dev/null
ui_keys Space
ui_wait "Moves 1 " >/dev/null
ui_keys q
ui_wait "Quit this game?" >/dev/null
ui_keys y
ui_wait "rc=0." >/dev/null
cp "$save" "$ui_tmp/one-move.save"
# Then resumed with 1 KB of file (ulimit -f 2) in the game's shell.
ui_keys clear Enter
ui_wait 'prompt$' >/dev/null
ui_keys "stty -a >'$ui_tmp/a'; (ulimit -f 2; exec '$LIGHTSOUT' --ascii); echo rc=\$?." Enter
ui_wait "Resume the 120x120 game (1 move," >/dev/null
ui_keys y Space
ui_wait "Moves 2 " >/dev/null
ui_keys q
ui_wait "Quit this game?" >/dev/null
ui_keys y
check "a save over the file size limit: exit status 1, not a signal" ui_wait "rc=1."
# The pane's lines joined where they wrapped.
joined() { ui_tmux capture-pane -p -J; }
check "and a line that says why" ui_wait_on joined "cannot save the game: game.save: File too large for the file size limit (ulimit -f)"
ui_keys "stty -a >'$ui_tmp/b'; cmp -s '$ui_tmp/a' '$ui_tmp/b' && echo same-stty" Enter
check "the shell reads commands again, the terminal as it was" ui_wait "same-stty"
check "off the alternate screen" test "$(ui_tmux display-message -p '#{alternate_on}')" = 0
check "the last save is as it was (one move)" cmp -s "$ui_tmp/one-move.save" "$save"
check "and no half-written file is left beside it" \
	test -z "$(find "$XDG_STATE_HOME/lightsout" -name '.game.save.*')"

# The command-line tools too: a message and a status, no signal.
sh -c "ulimit -f 2; exec '$LIGHTSOUT' generate -s 300" >"$ui_tmp/big" 2>"$ui_tmp/err"
rc=$?
check "generate over the file size limit exits 2, not by SIGXFSZ (got $rc)" test "$rc" = 2
check "with a write error" grep -q "lightsout generate: write error" "$ui_tmp/err"

# In a shell of its own the game can be suspended: its help offers Ctrl-Z
# (ui_play.sh checks it is not offered where it is refused).
rm -rf "$XDG_STATE_HOME"
ui_shell
ui_keys "'$LIGHTSOUT' --ascii" Enter
ui_wait "Moves 0" >/dev/null
ui_keys '?'
check "with a shell to go back to, the help offers Ctrl-Z" ui_wait "Ctrl-L, Ctrl-Z"
ui_keys Escape q

# A takeover asked of a suspended game ends with the game that asked.  Game
# A, suspended (Ctrl-Z) in a shell of its own; game B in another tmux
# server (another login) asks to take A's game over, waits for it in vain
# and leaves.  A, continued (fg), goes on with its game: nobody is left to
# hand it to.
ui_second_game
b_pid() {
	ppid=$($B_CMD display-message -p '#{pane_pid}')
	pgrep -P "$ppid" -x lightsout
}
# a_suspended: game A with two moves, stopped by Ctrl-Z; $a_pid.
a_suspended() {
	rm -rf "$XDG_STATE_HOME"
	ui_shell
	ui_keys "'$LIGHTSOUT' --ascii" Enter
	ui_wait "Moves 0" >/dev/null
	ui_keys Space l Space
	ui_wait "Moves 2 " >/dev/null
	a_pid=$(ui_game_pid)
	ui_keys C-z
	ui_proc_is "$a_pid" T && ui_wait 'prompt$ ' >/dev/null
}
# a_status WHAT STATUS: A ends (in the foreground again), with STATUS.
a_status() {
	ui_proc_is "$a_pid" gone
	ui_keys "echo rc=\$?." Enter
	check "$1" ui_wait "rc=$2."
}
# a_goes_on WHAT: A, continued, plays on with its two moves.
a_goes_on() {
	ui_keys fg Enter
	check "$1: A, continued, says the request has ended" ui_wait "asked for this game and gave up"
	check "$1: and still has its game (2 moves)" ui_wait "Moves 2 "
	ui_keys Space
	check "$1: and plays on" ui_wait "Moves 3 "
	ui_keys q
	ui_wait "Quit this game?" >/dev/null
	ui_keys y
	a_status "$1: A quits when asked, with status 0" 0
	check "$1: its game saved with all three moves" grep -qx "moves 3" "$XDG_STATE_HOME/lightsout/game.save"
}

a_suspended
b_start
b_wait "open in another session" >/dev/null
b_keys y
check "B asks for the suspended game and gives up" b_wait "did not hand over"
b_keys q
b_wait "EXIT=" >/dev/null
a_goes_on "B gave up and left"

# B killed while it waits: its request ends with it.
a_suspended
b_start
b_wait "open in another session" >/dev/null
b_keys y
b_wait "Asking the other game" >/dev/null
kill -KILL "$(b_pid)"
b_wait "EXIT=137" >/dev/null
a_goes_on "B killed while asking"

# A continued while B still waits: the request stands, and A hands over.
a_suspended
b_start
b_wait "open in another session" >/dev/null
b_keys y
b_wait "Asking the other game" >/dev/null
ui_keys fg Enter
a_status "A continued while B waits: A hands its game over and quits" 0
check "and says where it went" ui_wait "moved to another session"
check "B has A's game" b_wait "Moves 2 "
b_keys q
b_wait "Quit this game?" >/dev/null
b_keys y
b_wait "EXIT=0" >/dev/null
b_kill

done_testing
