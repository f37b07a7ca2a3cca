#!/bin/sh
# Honest records on a real terminal: help from the solver belongs to the
# board, not to the attempt (save and resume, restart), looking in the
# editor is no help, and a settings round trip changes nothing.
. "$SRCDIR/tests/lib/tap.sh"
. "$SRCDIR/tests/lib/ui_lib.sh"

# A 3x3 plus board that one press in the middle clears.
b=$(ui_board_file middle.txt 010 111 010)
# The cursor to the middle and press it: the win.
press_middle() { ui_keys g 0 j l Space; }

# (1) s shows the solution, the game is saved and resumed: its win is still
# assisted (the save carries it).
ui_start -- --load "$b"
ui_wait "Moves 0" >/dev/null
ui_keys s
check "s shows the solution" ui_wait "needs 1 press"
ui_keys s l Space
ui_wait "Moves 1" >/dev/null
ui_keys q y
check "quit saves the game" ui_wait "EXIT=0"
ui_start --
check "a plain start offers the saved game" ui_wait "Resume the 3x3 game"
ui_keys y
ui_wait "Resumed" >/dev/null
ui_keys u
ui_wait "Moves 0" >/dev/null
press_middle
check "the resumed game's win is still assisted" ui_wait "assisted: no record"
check "... and not perfect" sh -c "! ( $TMUX_CMD capture-pane -p | grep -q perfect )"
ui_keys q
ui_wait "EXIT=0" >/dev/null

# (2) The solution seen, then R: the board is the same, so is the help.
ui_start -- --load "$b"
ui_wait "Moves 0" >/dev/null
ui_keys s s l Space
ui_wait "Moves 1" >/dev/null
ui_keys R
check "R asks first" ui_wait "Restart this board? (y/n)"
ui_keys y
ui_wait "Moves 0" >/dev/null
press_middle
check "a win after a restart is still assisted" ui_wait "assisted: no record"
ui_keys q
ui_wait "EXIT=0" >/dev/null

# (3) The editor opened and left without a change: no help, a perfect win.
ui_start -- --load "$b"
ui_wait "Moves 0" >/dev/null
ui_keys e
ui_wait "Editing ·" >/dev/null
ui_keys e
ui_gone "Editing ·" >/dev/null
press_middle
check "looking in the editor is no help: perfect" ui_wait "1 move: par 1, perfect!"
ui_keys q
ui_wait "EXIT=0" >/dev/null

# (4) The settings opened, Difficulty cycled all the way round, Enter: the
# same game goes on (its redo too) and nothing is counted.
rm -rf "$XDG_DATA_HOME" "$XDG_STATE_HOME"
ui_start -- --size 4x4 --seed 3
ui_wait "Moves 0" >/dev/null
ui_keys Space
ui_wait "Moves 1" >/dev/null
before=$(ui_board)
ui_keys u
ui_wait "Moves 0" >/dev/null
ui_keys m
ui_wait "Settings" >/dev/null
ui_keys Down Down Down Down Down
ui_keys Right Right Right Right
check "Difficulty back where it was" ui_wait "Difficulty   ← any →"
ui_keys Enter
ui_gone "Settings" >/dev/null
ui_keys U
check "Enter with nothing changed: the game goes on (U redoes its press)" ui_wait "Moves 1"
check "the same board" test "$(ui_board)" = "$before"
ui_keys q y
ui_wait "EXIT=0" >/dev/null
check "nothing recorded" sh -c "'$LIGHTSOUT' stats | grep -q 'No games recorded yet'"

# (5) Settings that change the board while a game is in progress ask
# first; n keeps the game.
ui_start -- --size 4x4 --seed 3
ui_wait "Moves 0" >/dev/null
ui_keys Space
ui_wait "Moves 1" >/dev/null
ui_keys m
ui_wait "Settings" >/dev/null
ui_keys Right Enter
check "new settings ask before giving the board up" ui_wait "Give up this board for a new one? It counts as a loss."
ui_keys n
ui_gone "Give up this board" >/dev/null
check "n: the game goes on" ui_wait "Moves 1"
ui_keys q y
ui_wait "EXIT=0" >/dev/null

# (6) The daily board counts once a day: a replay is practice, and not
# ranked.
rm -rf "$XDG_DATA_HOME" "$XDG_STATE_HOME"
for round in 1 2; do
	ui_start -- --daily --size 3x3
	ui_wait "Moves 0" >/dev/null
	ui_solve_shown
	ui_wait "Solved!" >/dev/null
	ui_keys q
	ui_wait "EXIT=0" >/dev/null
done
check "two daily wins on one day: one daily result" \
	sh -c "'$LIGHTSOUT' stats | grep -c '^ *$(date -u +%Y-%m-%d) ' | grep -qx 1"
check "the replay is in the practice row" sh -c "'$LIGHTSOUT' stats | grep -q '^Practice ladder and daily replays'"

# (7) Random boards of a --seed are known from it: a row of their own.
rm -rf "$XDG_DATA_HOME" "$XDG_STATE_HOME" "$XDG_CONFIG_HOME"
ui_start -- --size 3x3 --seed 4
ui_wait "Moves 0" >/dev/null
ui_solve_shown
ui_wait "Solved!" >/dev/null
ui_keys q
ui_wait "EXIT=0" >/dev/null
check "a --seed board's win is in its own row" \
	sh -c "'$LIGHTSOUT' stats | sed -n '/^Boards of a --seed/,\$p' | grep -q '^3x3 plus k=2 '"
check "... not in the normal rows" sh -c "! '$LIGHTSOUT' stats | awk 'NR > 2 && /^\$/ { exit } NR > 2' | grep -q '^3x3 plus k=2 '"

done_testing
