#!/bin/sh
# Practice modes: the daily board and the par ladder.
. "$SRCDIR/tests/lib/tap.sh"
. "$SRCDIR/tests/lib/ui_lib.sh"

today=$(date -u +%Y-%m-%d)
ui_start -- --daily
check "--daily names today's date (UTC)" ui_wait "daily $today"
first=$(ui_board)
ui_keys q
ui_start -- --daily
ui_wait "daily $today" >/dev/null
check "--daily gives the same board again" test "$(ui_board)" = "$first"
check "the daily board is not empty" sh -c "echo '$first' | grep -q 1"
# Its share code is held back until it is cleared: a code would be solved
# in a shell and ranked as unassisted.
ui_keys c
check "c on a daily board not yet cleared: the code is held back" \
	ui_wait "The share code of the daily board is shown once you have cleared it."
ui_keys T
ui_wait "Solved!" 600 >/dev/null
ui_keys c
check "once cleared, c shows it" ui_wait "Share code"
ui_keys q q
ui_wait "EXIT=" >/dev/null

# On 2x2 with the plus rule a press lights all but the opposite corner,
# so a one-press board is solved by pressing opposite its dark cell.
solve_one() {
	case "$(ui_board | tr -d '\n')" in
	0111) ui_keys j l Space ;;
	1011) ui_keys j Space ;;
	1101) ui_keys l Space ;;
	1110) ui_keys Space ;;
	*) return 1 ;;
	esac
}
ui_start -- --practice --size 2x2
check "the ladder starts at rung 1" ui_wait "Rung 1"
check "rung 1 is a one-press board" ui_wait "Par 1"
check "solve the one-press board" solve_one
check "a win" ui_wait "Solved!"
check "a win climbs a rung" ui_wait "Rung 2"
check "the keys say where n leads: the next rung and its par" ui_wait "n next rung (par 2)"
check "a cleared board drops the preview's brackets" sh -c "! $TMUX_CMD capture-pane -p | grep -q '‹'"
ui_keys n
check "the next board has par 2" ui_wait "Par 2 ·"
ui_keys q
check "quit" ui_wait "EXIT=0"
check "the rung is saved" grep -q "^2 2x2" "$XDG_STATE_HOME/lightsout/ladder"

ui_start -- --practice --size 2x2
check "the rung is kept between runs" ui_wait "Rung 2"
before=$(ui_board)
ui_keys Space R
ui_wait "Restart this board?" >/dev/null
ui_keys y
check "R restarts the same board" ui_wait "Moves 0"
check "... on the same rung" ui_wait "Rung 2"
check "... the board as it was" test "$(ui_board)" = "$before"
ui_keys n
check "n on a board tried (even restarted): the question names the drop" \
	ui_wait "Give up this board for a new one? Practice goes down to rung 1."
ui_keys y
check "a rung down, said with the board of the new rung" ui_wait "Down to rung 1: a board of par 1."
check "of par 1" ui_wait "Par 1 ·"
check "on rung 1" ui_wait "Rung 1"
ui_keys q
ui_wait "EXIT=0" >/dev/null
check "the drop is saved" grep -q "^1 2x2" "$XDG_STATE_HOME/lightsout/ladder"

done_testing
