#!/bin/sh
# The game on a real terminal: start, move, press, undo, redo, win, help.
. "$SRCDIR/tests/lib/tap.sh"
. "$SRCDIR/tests/lib/ui_lib.sh"

# Pressing (0,0) and (2,2) of an empty 5x5 plus board makes this.
b=$(ui_board_file two.txt 11000 10100 01110 00100 00000)

ui_start -- play --load "$b"
check "starts and draws the loaded board" ui_board_is 11000 10100 01110 00100 00000
check "status line shows moves, par, the rule in a word, size" ui_wait "Moves 0 · Par 2 · classic 5x5 "
check "cursor starts top left" ui_cursor_is 1 1

# G then $: bottom row, last column; press it.
ui_keys G '$'
check "G and \$ move to the bottom right" ui_cursor_is 5 5
ui_keys Space
check "press changes the cell and its neighbours" ui_board_is 11000 10100 01110 00101 00011
check "moves counted" ui_wait "Moves 1 ·"

ui_keys u
check "u undoes the press" ui_board_is 11000 10100 01110 00100 00000
check "undo takes the move back" ui_wait "Moves 0 ·"
ui_keys C-r
check "Ctrl-R redoes it" ui_board_is 11000 10100 01110 00101 00011
ui_keys u
ui_keys U
check "U redoes it too" ui_board_is 11000 10100 01110 00101 00011
ui_keys u

# hjkl and arrows move: from (4,4) to (2,2), then press.
ui_keys k Up h Left
check "hjkl and arrows move" ui_cursor_is 3 3
ui_keys Enter
check "Enter presses" ui_board_is 11000 10000 00000 00000 00000
ui_keys k h h g 0
check "g and 0 go to the top left" ui_cursor_is 1 1
ui_keys Space
check "clearing the board shows the celebration" ui_wait "Solved!"
check "celebration shows moves against par" ui_wait "2 moves: par 2, perfect!"
check "celebration offers new, restart, quit" ui_wait "n new board  r restart  q quit"

ui_keys r
check "r restarts the board after a win" ui_board_is 11000 10100 01110 00100 00000
check "restart resets the moves" ui_wait "Moves 0 ·"

ui_keys '?'
check "? shows the help" ui_wait "this help"
ok=true
for k in "← ↑ → ↓, h j k l" "Home 0, End \$" "PgUp g, PgDn G" "Space, Enter" \
	"Backspace, x" "mouse click" "u; U, Ctrl-R" "Tab, Shift-Tab" "m, o" "Ctrl-L" "Esc" \
	"solution overlay" "next step" "play the whole solution" "hint" "editor" "analysis"; do
	ui_screen | grep -F -q -- "$k" || { echo "# help lacks: $k"; ok=false; }
done
check "help lists every key" $ok
check "but not Ctrl-Z, refused here (the game leads its session: no shell to go back to)" \
	sh -c "! $TMUX_CMD capture-pane -p | grep -q 'Ctrl-Z'"
ui_keys Space
check "any key leaves the help" ui_board_is 11000 10100 01110 00100 00000

# R asks once a game is in progress; n answers no.
ui_keys Space
check "press before restart" ui_wait "Moves 1 ·"
ui_keys R
check "R asks before restarting" ui_wait "Restart this board? (y/n)"
ui_keys n
check "n keeps the game" ui_gone "Restart this board?"
check "the move is still there" ui_wait "Moves 1 ·"
ui_keys R y
check "y restarts" ui_wait "Moves 0 ·"

ui_keys Space q
check "q asks while a game is in progress" ui_wait "Quit this game? It is saved: lightsout resumes it. (y/n)"
ui_keys y
check "y quits with status 0" ui_wait "EXIT=0"

# A one-press board: a win from the start.
one=$(ui_board_file one.txt 010 111 010)
ui_start -- --load "$one"
check "lightsout --load plays too" ui_board_is 010 111 010
ui_keys j l Space
check "one press at the centre wins" ui_wait "Solved!"
ui_keys q
check "q after a win quits without asking" ui_wait "EXIT=0"

# A mouse click (X10 encoding: button, column, row, each + 32, 1-based)
# on the centre cell, drawn at row 11, column 39 of the 80x24 pane.
ui_start -- --load "$one"
ui_wait "Moves 0" >/dev/null
ui_keys -l "$(printf '\033[M %s%s' H ,)"
check "a click presses the cell under it" ui_wait "Solved!"
mouse_off() { test "$(ui_tmux display-message -p '#{mouse_standard_flag}#{mouse_button_flag}#{mouse_any_flag}')" = 000; }
mouse_on() { ! mouse_off; }
ui_keys R
ui_wait "Moves 0" >/dev/null
check "the game asks the terminal for mouse reports" mouse_on
ui_keys q
ui_wait "EXIT=0" >/dev/null
check "mouse reports off after quit" mouse_off
# Past column 223 the old encoding cannot say where: on a terminal whose
# description knows only it (tmux's "screen"), the game asks for SGR
# reports (1006) and reads them.  A 1x9 board in a 320-column pane, its
# last two cells lit: a click on the last cell wins.
wide=$(ui_board_file wide.txt 000000011)
ui_start -- --load "$wide"
ui_tmux resize-window -x 320 -y 20
ui_wait "Moves 0" >/dev/null
sgr_on() { test "$(ui_tmux display-message -p '#{mouse_sgr_flag}')" = 1; }
check "SGR mouse reports asked for" sgr_on
line=$(ui_screen | grep -n '●' | head -n 1)
row=${line%%:*}
text=${line#*:}
prefix=${text%●*}
col=$(($(printf '%s' "$prefix" | wc -m) + 1))
check "the last cell is drawn past column 223 ($col)" test "$col" -gt 223
ui_keys -l "$(printf '\033[<0;%d;%dM' "$col" "$row")"
check "an SGR click there presses it" ui_wait "Solved!"
ui_keys q
ui_wait "EXIT=0" >/dev/null
check "SGR reports off after quit" sh -c "! $TMUX_CMD display-message -p '#{mouse_sgr_flag}' | grep -qx 1"
ui_start -- --no-mouse --load "$one"
ui_wait "Moves 0" >/dev/null
check "--no-mouse: no mouse reports asked for" mouse_off
ui_keys q

# k = 3: digits, and x presses backward.
k3=$(ui_board_file k3.txt 120 200 000)
ui_start -- --load "$k3" -k 3
check "k = 3 shows digits" ui_board_is 120 200 000
ui_keys x
check "x presses backward" ui_board_is 010 100 000
ui_keys BSpace
check "Backspace presses backward" ui_board_is 200 000 000
ui_keys q

# k = 4: arrows.
k4=$(ui_board_file k4.txt 130 300 000)
ui_start -- --load "$k4" -k 4
check "k = 4 shows arrows" ui_board_is "→←↑" "←↑↑" "↑↑↑"
ui_keys q

# The settings menu makes a board of the size chosen.
ui_start -- --seed 7
ui_wait "Moves 0" >/dev/null
ui_keys m
check "m opens the settings" ui_wait "Settings"
ui_keys Right Down Left Left Enter
check "settings apply: 6x3 board" ui_wait "classic 6x3"
ui_keys o Down Down Right Enter
check "o opens them too: rule changes" ui_wait "cross 6x3"
ui_keys m Down Down Down Down Right Escape
check "Esc cancels the menu" ui_gone "Settings"
check "nothing changed on cancel" ui_wait "cross 6x3"
ui_keys q

# Board files that cannot be played.
bad=$(ui_board_file bad.txt 01 1x)
ui_start -- --load "$bad"
check "a bad board file: status 2" ui_wait "EXIT=2"
check "a bad board file: says where" ui_wait "bad.txt:2"
stuck=$(ui_board_file stuck.txt 10000 00000 00000 00000 00000)
ui_start -- --load "$stuck" --size 5x5
check "an unsolvable board: played, and says so" ui_wait "This board cannot be cleared: s shows why."
ui_keys q
check "an unsolvable board: q quits" ui_wait "EXIT=0"

# On a torus the cursor goes round the edges, as the presses do.
ui_start -- --size 3x4 --torus --seed 1
ui_wait "Moves 0" >/dev/null
ui_keys g 0 Left
check "torus: Left from the first column goes to the last" ui_cursor_is 1 4
ui_keys Up
check "torus: Up from the top row goes to the bottom" ui_cursor_is 3 4
ui_keys q
ui_wait "EXIT=" >/dev/null

done_testing
