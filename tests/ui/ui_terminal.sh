#!/bin/sh
# Terminal manners: resize, restoring the terminal on every way out,
# suspend, ASCII and colour fallbacks, big boards, bytes sent per move.
. "$SRCDIR/tests/lib/tap.sh"
. "$SRCDIR/tests/lib/ui_lib.sh"

one=$(ui_board_file one.txt 010 111 010)
# The 3x3 board in ASCII, the cursor on its top left cell.
ascii_cells() { ui_board_is 010 111 010 && ui_screen | grep -q '\[\.\]' && ! ui_screen | grep -q '●'; }

ui_start -- --load "$one"
ui_wait "Moves 0" >/dev/null
ui_tmux resize-window -x 30 -y 6
check "a small terminal says so, with the size this board needs" ui_wait "terminal too small — need 20x7"
ui_tmux resize-window -x 100 -y 6
check "with room for words: the size now and the size needed, and the way out" \
	ui_wait "The terminal is 100x6 and this board needs 20x7: enlarge it, or press q."
ui_tmux resize-window -x 80 -y 24
check "enlarging it brings the board back" ui_board_is 010 111 010
check "and the status line" ui_wait "Moves 0 · Par 1"
ui_keys q
check "q quits" ui_wait "EXIT=0"
check "quit restores the terminal (stty, alternate screen)" ui_restored

# Signals: clean exit through the main loop.
for sig in TERM INT HUP; do
	ui_start -- --load "$one"
	ui_wait "Moves 0" >/dev/null
	pid=$(ui_game_pid)
	kill -"$sig" "$pid"
	check "SIG$sig ends the game" ui_wait "EXIT="
	check "SIG$sig restores the terminal" ui_restored
done

# Ctrl-C from an interactive shell (which itself ignores it).
ui_shell
ui_keys "stty -g >'$ui_tmp/a'; '$LIGHTSOUT' --load '$one'; rc=\$?; stty -g >'$ui_tmp/b'; echo rc=\$rc" Enter
ui_wait "Moves 0" >/dev/null
ui_keys C-c
check "Ctrl-C ends the game with status 130" ui_wait "rc=130"
check "Ctrl-C restores the terminal" sh -c "cmp -s '$ui_tmp/a' '$ui_tmp/b' &&
	test \"\$($TMUX_CMD display-message -p '#{alternate_on}')\" = 0"

# A crash: the terminal is restored before the default action.
ui_start -- --load "$one"
ui_wait "Moves 0" >/dev/null
kill -SEGV "$(ui_game_pid)"
check "SIGSEGV still kills the game (139)" ui_wait "EXIT=139"
check "SIGSEGV restores the terminal first" ui_restored
ui_start -- --load "$one"
ui_wait "Moves 0" >/dev/null
kill -QUIT "$(ui_game_pid)"
check "SIGQUIT (Ctrl-\\) still kills the game (131)" ui_wait "EXIT=131"
check "SIGQUIT restores the terminal first" ui_restored

# The terminal goes away: the game must exit, not spin.
ui_start -- --load "$one"
ui_wait "Moves 0" >/dev/null
pid=$(ui_game_pid)
ui_tmux kill-pane
gone=false
for _ in $(seq 100); do
	kill -0 "$pid" 2>/dev/null || { gone=true; break; }
	sleep 0.05
done
check "closing the terminal ends the game" $gone

# Ctrl-Z and fg from an interactive shell.
ui_shell
ui_keys "'$LIGHTSOUT' --load '$one'" Enter
ui_wait "Moves 0" >/dev/null
ui_keys j
ui_cursor_is 2 1 >/dev/null
pid=$(ui_game_pid)
ui_keys C-z
# Each step waits for the state it needs: the game stopped before fg is
# typed, running again before q, and gone before the shell reads on (under
# load a key typed too early went to the wrong reader).
check "Ctrl-Z stops the game" ui_proc_is "$pid" T
check "Ctrl-Z returns to the shell" ui_wait 'prompt$ '
check "the alternate screen is left while suspended" \
	test "$(ui_tmux display-message -p '#{alternate_on}')" = 0
ui_keys fg Enter
check "fg continues the game" ui_proc_is "$pid" running
check "fg repaints the game" ui_board_is 010 111 010
check "with the status line" ui_wait "Moves 0 · Par 1"
check "on the alternate screen" sh -c "[ \"\$($TMUX_CMD display-message -p '#{alternate_on}')\" = 1 ]"
ui_keys q
check "q ends it" ui_proc_is "$pid" gone
ui_keys "echo rc=\$?" Enter
check "and it still quits cleanly" ui_wait "rc=0"

# Ctrl-Z with no shell to continue the game (the pane's own command, as
# under sshd's ForceCommand): it says so and plays on.
ui_start -- --load "$one"
ui_wait "Moves 0" >/dev/null
pid=$(ui_game_pid)
ui_keys C-z
check "Ctrl-Z without job control says there is nothing to suspend to" ui_wait "no shell to suspend to"
check "the game is not stopped" ui_proc_is "$pid" running
ui_keys j
check "and plays on" ui_cursor_is 2 1
ui_keys q
check "q still quits" ui_wait "EXIT=0"

# ASCII when the locale is not UTF-8, or when asked.
ui_start LANG=C LC_ALL=C -- --load "$one"
check "LANG=C draws an ASCII frame" ui_wait "+-----"
check "LANG=C draws ASCII cells" ascii_cells
check "LANG=C status in ASCII" ui_wait "Moves 0 | Par 1 | classic 3x3 "
ui_keys q
ui_start -- --ascii --load "$one"
check "--ascii forces ASCII on UTF-8" ascii_cells
ui_keys q

# Colour, and none with NO_COLOR or --no-color.
ui_start TERM=xterm-256color -- --load "$one"
ui_wait "Moves 0" >/dev/null
check "colour by default" sh -c "$TMUX_CMD capture-pane -p -e | grep -q '\[3[0-7]m\|\[3[0-7];\|38;5;'"
ui_keys q
for how in "NO_COLOR=1 --" "-- --no-color"; do
	# shellcheck disable=SC2086
	ui_start TERM=xterm-256color ${how%% *} ${how#* } --load "$one"
	ui_wait "Moves 0" >/dev/null
	check "no colour with ${how}" sh -c "! $TMUX_CMD capture-pane -p -e | grep -q '\[3[0-7]m\|;3[0-7]m\|[34]8;5;'"
	ui_keys q
done

# Bigger than the screen: it scrolls with the cursor.
ui_start -- --size 40x40 --seed 3
check "a 40x40 board starts" ui_wait "40x40"
check "more below is marked" ui_wait "↓"
ui_keys G '$'
check "G scrolls to the bottom: more above is marked" ui_wait "↑"
check "one character a cell, and the cursor's place on the status line" ui_wait "row 40 col 40"
ui_keys q

# Moving the cursor sends only the cells that changed.
ui_start -- --load "$(ui_board_file five.txt 11000 10100 01110 00100 00000)"
ui_wait "Moves 0" >/dev/null
log="$ui_tmp/bytes"
: >"$log"
ui_tmux pipe-pane -o "cat >>'$log'"
size() { wc -c <"$log" | tr -d ' '; }
# Wait for the output of one keystroke to arrive and settle.
settle() {
	last=-1
	for _ in $(seq 100); do
		now=$(size)
		[ "$now" = "$last" ] && [ "$now" != "$1" ] && return 0
		last=$now
		sleep 0.05
	done
	return 0
}
# most KEYS...: the most bytes one of the keys sent.
most() {
	worst=0
	for key in "$@"; do
		before=$(size)
		ui_keys "$key"
		settle "$before"
		used=$(( $(size) - before ))
		[ "$used" -gt "$worst" ] && worst=$used
	done
	echo "$worst"
}
with=$(most l l j h k)
echo "# most bytes for one cursor move, preview on: $with"
ui_keys p
settle "$(size)"
worst=$(most l h j k)
echo "# most bytes for one cursor move, preview off: $worst"
# The cursor's bar across its tile costs about 45 of these bytes (201
# before it), the theme's 256 colours (tmux's own TERM) about 65 more
# (38;5;N where 8 colours say 3N; 270 in 8 colours): 360 leaves room for
# a status line rewritten meanwhile.
check "with the preview on, a cursor move sends under 360 bytes" test "$with" -gt 0 -a "$with" -lt 360
ui_keys p
settle "$(size)"
pressed=$(most Space)
echo "# bytes for a press, preview on: $pressed"
check "a cursor move sends under 200 bytes" test "$worst" -gt 0 -a "$worst" -lt 200
ui_keys q

# Terminals the game cannot draw on: one line, exit 2, terminal untouched.
ui_start TERM=dumb -- --load "$one"
check "TERM=dumb: exit 2" ui_wait "EXIT=2"
check "TERM=dumb: says the terminal cannot move its cursor" ui_wait "cannot move its cursor"
check "TERM=dumb: the terminal is as it was" ui_restored
ui_start TERM=no-such-terminal -- --load "$one"
check "an unknown TERM: exit 2 with a line" ui_wait "cannot use the terminal (TERM=no-such-terminal)"

# The key bar keeps "? help" and "q quit" at every width down to 20
# columns: the goal goes first, then the lesser keys.
rm -rf "$XDG_STATE_HOME"	# no saved game to mention on the message line
ui_start -- --size 3x3 --seed 1
ui_wait "Moves 0" >/dev/null
for w in 80 60 40 30 24; do
	ui_tmux resize-window -x $w -y 14
	check "at ${w}x14 the key bar shows '? help' and 'q quit'" ui_wait "? help·q quit"
done
ui_tmux resize-window -x 80 -y 24
ui_keys q
ui_wait "EXIT=" >/dev/null

# The help wraps its lines to the window: nothing cut at 80x24, and at
# 60x14 every line reachable by scrolling.
ui_start -- --size 3x3 --seed 1
ui_wait "Moves 0" >/dev/null
ui_keys '?'
check "80x24: the help's longest line whole" ui_wait "next step; play the whole solution (any key stops)"
ui_keys Escape
ui_tmux resize-window -x 60 -y 14
ui_keys '?'
ui_wait "Lights Out" >/dev/null
for i in $(seq 1 40); do ui_keys Down; done
# (The pane's game leads its session: no Ctrl-Z here, so the last row is
# Ctrl-L's alone.)
check "60x14: scrolled to the end, the last line" ui_wait "Ctrl-L           — redraw the screen"
check "... a long label above it wrapped under itself, not cut" ui_wait "                      after a race, a rematch)"
ui_tmux resize-window -x 80 -y 24
ui_keys Escape q
ui_wait "EXIT=" >/dev/null

done_testing
