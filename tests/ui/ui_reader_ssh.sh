#!/bin/sh
# The screen-reader mode through the public account and a real sshd, as
# root (tests/lib/arcade_lib.sh): the name prompt's cursor after what is
# typed, the lobby's s turning the mode on, the cursor and the words on
# the board after each key, and the mode kept for the player's next login.
. "$SRCDIR/tests/lib/tap.sh"
. "$SRCDIR/tests/lib/ui_lib.sh"
. "$SRCDIR/tests/lib/sshd_lib.sh"
. "$SRCDIR/tests/lib/reader_lib.sh"

sshd_root_test "it makes the public account and runs sshd for it" sshd ssh ssh-keygen useradd userdel usermod runuser su setsid
. "$SRCDIR/tests/lib/arcade_lib.sh"
arcade_key carol dave || exit 1
arcade_start
if [ -z "$acct" ] || [ -z "$port" ]; then
	echo "1..0 # SKIP the public account or its sshd did not start"
	exit 0
fi

login carol
check "the name prompt" ui_wait "Name ["
ui_keys -l "carol"
check "the name prompt: the cursor after what is typed" rd_after "]: carol"
ui_keys Enter
check "the lobby, with s offered" ui_wait "s  screen-reader mode on"
check "the cursor hidden before the mode" test "$(ui_tmux display-message -p '#{cursor_flag}')" = 0
ui_keys s
check "s: the mode said on" rd_said "Screen-reader mode on"
check "s: the cursor shown at the lobby's prompt" rd_after "q leaves."
ui_keys f
check "f: the board said in words" rd_said "Board: row 1, column 1: o"
check "f: the cursor in the first cell" rd_on_cell 1 1
ui_keys l
check "a move: the cell in words" rd_said "row 1, column 2: o"
check "a move: the cursor in that cell" rd_on_cell 1 2
ui_keys Space
check "a press: in words" rd_said "pressed row 1, column 2: 4 cells changed,"
check "a press: the cursor stays" rd_on_cell 1 2
ui_keys u
check "undo: in words" rd_said "undone row 1, column 2: 4 cells changed,"
ui_keys w
check "w: the row as text" ui_wait_on rd_msg "row 1: o"

# A watcher arriving, said to carol; dave, in the mode too, chooses her
# game in the live games' list: his cursor on the chosen line, its words.
D="tmux -L lo$$-dave -f /dev/null"
arcade_exit_hook() { $D kill-server >/dev/null 2>&1; }
$D new-session -d -x 80 -y 24 "sh '$s/ssh' dave -tt; echo EXIT=\$?; exec sleep 600"
$D set-option -g window-size manual >/dev/null 2>&1
as_dave() { (TMUX_CMD=$D; "$@"); }
as_dave ui_wait "Name [" >/dev/null
$D send-keys -l dave
$D send-keys Enter s
check "dave: the mode on in his lobby" as_dave rd_said "Screen-reader mode on"
$D send-keys w
check "dave: the live games' list, the cursor on the chosen game" as_dave rd_focus "carol"
check "dave: the list and its chosen line said" as_dave rd_said "Live games (W): carol"
$D send-keys Enter
check "carol: a watcher arriving is said" rd_said "1 watching"
check "... her cursor still in her cell" rd_on_cell 1 2
check "dave: watching, in words with no clock" as_dave ui_wait "Watching carol, Moves "
check "dave: his cursor on her cursor's cell" as_dave rd_on_cell 1 2
ui_keys j
check "carol moves: her words" rd_said "row 2, column 2: o"
check "dave: his cursor follows hers" as_dave rd_on_cell 2 2
check "dave: her move said in words" as_dave rd_said "carol, move "
check "... where her cursor is, its cell and the lights on" as_dave sh -c "$D capture-pane -p | sed -n 23p | grep -q 'row 2, column 2: o[nf]*; [0-9]* lights\? on'"
ui_keys Space
check "dave: her press said, the lights on again" as_dave rd_said "carol, move 1: row 2, column 2:"
# The races: dave's cursor on the player he may challenge, its words said.
$D send-keys q
as_dave ui_wait "Live games on this host" >/dev/null
$D send-keys q
as_dave ui_wait "q  leave the arcade" >/dev/null
$D send-keys r
check "dave: the races, the cursor on carol's line" as_dave rd_focus "carol"
check "dave: the races and the chosen line said" as_dave rd_said "Races (a public account): "
# A race's news: dave challenges carol; she hears it on her board, takes
# it with v, as told, and hears the go.
$D send-keys Enter
as_dave ui_wait "Waiting for carol" >/dev/null
check "carol: the challenge said on her board" rd_said "dave challenges you to a race: v to take it."
check "... her cursor still in her cell" rd_on_cell 2 2
ui_keys v
check "carol: v takes it at once, the countdown" ui_wait "Racing dave: the board in"
check "carol: the race's start said first, then the new board" rd_said "Race against dave: go!"
check "... with the board in words after it" rd_said "New board, "
check "... her cursor in its cell on the race's board" rd_on_cell 2 2
$D kill-server
check "dave gone before a move: carol told it is no result" rd_said "dave left the race before a move: no result"
ui_keys Space
check "a press on the race's board" rd_said "pressed row 2, column 2"

ui_keys q
check "q: back at the lobby, the cursor at its prompt" rd_after "q leaves."
ui_keys q
check "leaving asks (a game in progress): the cursor after the question" rd_after "(y/n)"
ui_keys y
check "and the session ends" ui_wait "EXIT=0"

login carol
check "the next login: her game offered back, the cursor after the question" rd_after "(y/n)"
ui_keys y
check "resumed: the board said, in the mode" rd_said "Board: row 2, column 2: o"
check "... the cursor in the cell it was left on" rd_on_cell 2 2
ui_keys q
check "the lobby in the mode, the cursor at its prompt" rd_after "q leaves."
check "... with s offered to turn it off" ui_wait "s  screen-reader mode off"

done_testing
