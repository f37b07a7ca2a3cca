#!/bin/sh
# The editor (e): type a board in, then play and solve it; and the
# analysis panel (a): rank, nullity, solutions, quiet patterns.
. "$SRCDIR/tests/lib/tap.sh"
. "$SRCDIR/tests/lib/ui_lib.sh"

seed="$SRCDIR/tests/data/seed000.txt"

# Seed 000's 8x8 board, typed cell by cell into an 8x8 game.
ui_start -- --ascii --size 8x8 --seed 1
ui_wait "Moves 0" >/dev/null
ui_keys e
check "e opens the editor" ui_wait "Editing | plus 8x8 | 2 states"
check "the editor says its keys" ui_wait "Space, 0-9 set"
ui_keys c
check "c clears the board" ui_wait "| 0 lit"
check "cleared: every cell 0" ui_board_is 00000000 00000000 00000000 00000000 00000000 00000000 00000000 00000000
sed 1d "$seed" | while read -r row; do
	keys=
	for c in $(echo "$row" | sed 's/./& /g'); do
		keys="$keys $c l"
	done
	# shellcheck disable=SC2086
	ui_keys $keys Home j
done
check "typed in: the board is seed 000's" ui_board_is $(sed 1d "$seed")
check "the lit count follows" ui_wait "| 24 lit"
ui_keys Escape
check "Esc leaves the editor to play the board" ui_wait "Moves 0 | Par 20 | classic 8x8"
ui_keys s
check "the overlay solves the edited board" ui_marks_are $("$LIGHTSOUT" solve "$seed")
check "in 20 presses, the only way" ui_wait "needs 20 presses, the one shortest way"
ui_keys T
check "and plays it to the win (assisted)" ui_wait "20 moves, par 20" 600
ui_keys q
ui_wait "EXIT=0" >/dev/null

# Space and Backspace step through the values; a board that cannot be
# cleared can be made, and the overlay proves it.
ui_start -- --ascii --size 5x5 --seed 1
ui_wait "Moves 0" >/dev/null
ui_keys e c Space
check "Space sets a cell" ui_board_is 10000 00000 00000 00000 00000
ui_keys l Space BSpace
check "Backspace steps back" ui_board_is 10000 00000 00000 00000 00000
ui_keys e
check "e leaves; this board cannot be cleared" ui_wait "This board cannot be cleared: s shows why."
ui_keys s
check "the overlay shows the certificate" ui_wait "No solution: proof marked"

# The settings menu from the editor: a new size, the cells kept.
ui_keys e m
check "m in the editor: the settings" ui_wait "Enter: apply"
ui_keys Down Left Enter
check "5x4: the cells that fit are kept" ui_board_is 1000 0000 0000 0000 0000
check "the editor stays open" ui_wait "Editing | plus 5x4"
ui_keys m Down Down Down Right Enter
check "k = 3 from the editor" ui_wait "Editing | plus 5x4 | 3 states"
ui_keys 2
check "digits set a value" ui_board_is 1200 0000 0000 0000 0000
ui_keys 7
check "a digit of k or more is refused" ui_wait "That value is k or more"
ui_keys e
check "the edited board starts without the overlay (a new board)" ui_gone "shortest way"
ui_keys s
check "5x4, k = 3: s solves the editor's board" ui_wait "shortest way"
ui_keys q y
ui_wait "EXIT=" >/dev/null

# The analysis panel.
ui_start -- --ascii --size 5x5 --seed 1
ui_wait "Moves 0" >/dev/null
ui_keys a
check "a: rank and nullity" ui_wait "rank 23 | nullity 2 | 4 solutions each | 1 board in 4 solvable"
check "a: the first quiet pattern" ui_wait "Quiet pattern 1/2 (order 2)"
# The basis lightsout analyze --quiet-patterns prints.
check "a: drawn on the board" ui_marks_are 01110 10101 11011 10101 01110
ui_keys Right
check "-> the next one" ui_wait "Quiet pattern 2/2 (order 2)"
check "-> drawn too" ui_marks_are 10101 10101 00000 10101 10101
ui_keys Right
check "-> wraps to the first" ui_wait "Quiet pattern 1/2 (order 2)"
ui_keys Escape
check "Esc goes back to the game" ui_wait "Moves 0 | Par"
check "no marks left" ui_marks_are 00000 00000 00000 00000 00000
ui_keys q
ui_wait "EXIT=0" >/dev/null
ui_start -- --ascii --size 6x6 --seed 1
ui_wait "Moves 0" >/dev/null
ui_keys a
check "6x6: every board solvable" ui_wait "rank 36 | nullity 0 | every board solvable, one way"
check "6x6: no quiet patterns" ui_wait "No quiet patterns"
ui_keys a q
ui_wait "EXIT=0" >/dev/null

done_testing
