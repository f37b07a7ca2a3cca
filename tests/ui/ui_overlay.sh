#!/bin/sh
# The game knows the mathematics: the solution overlay (s) against
# `lightsout solve`, step keys (Tab, t, T, i), certificates for boards that
# cannot be cleared, and a search that never freezes the keys.
. "$SRCDIR/tests/lib/tap.sh"
. "$SRCDIR/tests/lib/ui_lib.sh"

# solve's grid for the board on the screen now (k = 2, --ascii).
solve_screen() {
	ui_board >"$ui_tmp/screen.txt"
	"$LIGHTSOUT" solve "$ui_tmp/screen.txt"
}
# The marks equal solve's minimal solution for the position shown
# (nullity 0 here, so the minimal solution is unique).
marks_match_solve() {
	tries=100
	while [ "$tries" -gt 0 ]; do
		want=$(solve_screen)
		[ -n "$want" ] && [ "$(ui_marks)" = "$want" ] && return 0
		sleep 0.05
		tries=$((tries - 1))
	done
	echo "# marks:" >&2
	ui_marks | sed 's/^/#   /' >&2
	echo "# solve says:" >&2
	solve_screen | sed 's/^/#   /' >&2
	return 1
}

# A 6x6 classic board: nullity 0, one solution, 25 presses.
b6=$(ui_board_file b6.txt 100011 110100 001011 101100 010111 100110)

ui_start -- --ascii --load "$b6"
ui_wait "Moves 0" >/dev/null
check "no marks before s" ui_marks_are 000000 000000 000000 000000 000000 000000
ui_keys s
check "s: the status says minimal and unique" ui_wait "needs 25 presses, the one shortest way"
check "s: no 'nullity' in the status: plain words" sh -c "! ( $TMUX_CMD capture-pane -p | grep -q nullity )"
check "s: the marks are solve's solution" ui_marks_are 001110 110110 111011 101101 110110 111011
check "s: equal to lightsout solve of the same file" sh -c "test \"\$(\"$LIGHTSOUT\" solve '$b6')\" = '001110
110110
111011
101101
110110
111011'"

# Tab goes to the first marked cell, (1,3): pressing it clears that mark.
ui_keys Tab Space
check "Tab, Space: the marked cell pressed, its mark gone" \
	ui_marks_are 000110 110110 111011 101101 110110 111011
check "and the plan stays minimal" ui_wait "needs 24 presses, the one shortest way"
# Pressing an unmarked cell: the marks follow the new position.
ui_keys g 0 Space
check "after an unmarked press the marks still solve the board" marks_match_solve
check "one more press needed" ui_wait "needs 25 presses, the one shortest way"
ui_keys u
check "undo: the marks come back" ui_marks_are 000110 110110 111011 101101 110110 111011
check "undo: the count too" ui_wait "needs 24 presses, the one shortest way"
ui_keys U u
check "redo and undo again: still true" ui_marks_are 000110 110110 111011 101101 110110 111011

# Shift-Tab from the top left wraps to the last marked cell, (6,6).
ui_keys g 0 BTab Space
check "Shift-Tab goes back to the last marked cell" ui_marks_are 000110 110110 111011 101101 110110 111010
ui_keys u
ui_wait "needs 24 presses, the one shortest way" >/dev/null

# Tab and Space to the end: a win.
i=0
while [ $i -lt 40 ] && ! ui_screen | grep -q "Solved!"; do
	ui_keys Tab Space
	ui_wait "needs $((24 - i - 1)) press" 40 >/dev/null || break
	i=$((i + 1))
done
check "Tab, Space, ... solves the board" ui_wait "Solved!"
check "in par, and assisted (the overlay played it)" ui_wait "25 moves, par 25"
ui_keys q
ui_wait "EXIT=0" >/dev/null

# T plays the whole solution, one visible press at a time.
ui_start -- --ascii --load "$b6"
ui_wait "Moves 0" >/dev/null
ui_keys T
check "T turns the overlay on and plays" ui_wait "Playing at speed 3 of 6: any key stops"
check "T plays to the win" ui_wait "Solved!" 600
check "T plays the minimal solution (an assisted win)" ui_wait "25 moves, par 25"
ui_keys u
check "a step move can be undone" ui_wait "Moves 24 "
check "its mark comes back" ui_wait "needs 1 press,"
ui_keys q y
ui_wait "EXIT=" >/dev/null

# T stops on any key; t takes one step; i shows one cell.
ui_start -- --ascii --load "$b6"
ui_wait "Moves 0" >/dev/null
ui_keys T
ui_wait "Moves 2 " >/dev/null
ui_keys j
check "any key stops T" ui_wait "Stopped."
moves=$(ui_screen | sed -n 's/.*Moves \([0-9]*\) .*/\1/p')
ui_keys t
check "t presses the next marked cell (and T pressed no more)" ui_wait "needs $((25 - moves - 1)) press"
check "t counts as a move" ui_wait "Moves $((moves + 1)) "
ui_keys s
check "s hides the overlay" ui_marks_are 000000 000000 000000 000000 000000 000000
ui_keys i
check "i shows a hint" ui_wait "Hint: press row"
one_mark() { test "$(ui_screen | grep -E '^ *[|]' | grep -o '([.#])' | wc -l)" -eq 1; }
check "the hint marks one cell" one_mark
# The cursor goes to the hinted cell, and the status says what is marked.
hinted=$(ui_screen | sed -n 's/.*Hint: press row \([0-9]*\), column \([0-9]*\).*/\1 \2/p')
check "the status line says the hint is marked" ui_wait "marked: hint"
# cell R C: the hinted cell's symbol on the board.
cell() { ui_board | sed -n "${1}p" | cut -c "$2"; }
before=$(cell $hinted)
moves=$(ui_screen | sed -n 's/.*Moves \([0-9]*\) .*/\1/p')
ui_keys Space
ui_wait "Moves $((moves + 1)) " >/dev/null
check "i puts the cursor on the hinted cell ($hinted): Space presses it" test "$(cell $hinted)" != "$before"
ui_keys q y
ui_wait "EXIT=" >/dev/null

# A board that cannot be cleared: the certificate, drawn and explained.
stuck=$(ui_board_file stuck.txt 10000 00000 00000 00000 00000)
ui_start -- --ascii --load "$stuck"
check "an unsolvable board is played" ui_wait "This board cannot be cleared: s shows why."
check "par: none" ui_wait "Par none"
ui_keys s
check "s explains why there is no solution" ui_wait "No solution: these marked cells can never all be cleared together"
check "the status says so" ui_wait "No solution: proof marked"
# The certificate y: every press flips an even number of its cells (5x5
# plus: its quiet patterns are its certificates), and the lit cells under
# it are odd in number.
cert_ok() {
	ui_marks | tr -d '\n' >"$ui_tmp/y"
	ui_board | tr -d '\n' >"$ui_tmp/b"
	awk -v y="$(cat "$ui_tmp/y")" -v b="$(cat "$ui_tmp/b")" 'BEGIN {
		if (length(y) != 25 || length(b) != 25) exit 1
		lit = 0
		for (i = 1; i <= 25; i++) lit += substr(y, i, 1) * substr(b, i, 1)
		if (lit % 2 != 1) exit 1
		for (r = 0; r < 5; r++) for (c = 0; c < 5; c++) {
			s = 0
			for (d = 0; d < 5; d++) {
				rr = r + (d == 1) - (d == 2); cc = c + (d == 3) - (d == 4)
				if (rr >= 0 && rr < 5 && cc >= 0 && cc < 5) s += substr(y, rr * 5 + cc + 1, 1)
			}
			if (s % 2) exit 1
		}
	}'
}
check "the marks are a certificate: y.A = 0, y.b odd" cert_ok
ui_keys l Space
ui_wait "Moves 1 " >/dev/null
check "after a press the same proof still holds" cert_ok
ui_keys t
check "t says there is nothing to play" ui_wait "No solution from here"
ui_keys q y
ui_wait "EXIT=" >/dev/null

# A huge kernel: 95x95 has nullity 62, a search that cannot finish.  Keys
# must still be answered at once while it runs, and Esc stops it.
ui_start -- --ascii --size 95x95 --seed 1
ui_wait "Moves 0" 400 >/dev/null
ui_keys s
check "95x95: the search runs in the background" ui_wait "Esc stops"
check "95x95: in words, a bound while it searches" ui_wait "needs "
start=$(date +%s)
ok=true
for p in 1 2 3 4 5; do
	ui_keys l Space
	ui_wait "Moves $p " 100 >/dev/null || ok=false
done
end=$(date +%s)
check "95x95: five presses answered while it searches" $ok
check "95x95: in well under a second each" test $((end - start)) -le 3
check "95x95: still searching" ui_wait "Esc stops"
ui_keys Escape
check "Esc stops the search, keeps the best found" ui_wait "best found, stopped"
ui_keys q y
check "95x95: quits cleanly" ui_wait "EXIT=0"

# A kernel of 2^47 (48x3 cross): the search runs at low priority and stops
# by itself with the best found and a bound; the keys answer meanwhile.
ui_start -- --size 48x3 --rule cross --seed 5 --ascii
ui_wait "Moves 0" >/dev/null
ui_keys s
ui_wait "Esc stops" >/dev/null
pid=$(ui_game_pid)
niced=false
for st in /proc/"$pid"/task/*/stat; do
	# field 19 is the nice value (after the command name in parentheses)
	[ "$(sed 's/^.*) //' "$st" 2>/dev/null | cut -d' ' -f17)" = 10 ] && niced=true
done
check "the search runs at nice 10" $niced
ui_keys Space
check "the keys answer while it searches" ui_wait "Moves 1 " 40
check "it stops by itself after its budget" ui_wait "best found in 10 s" 600
ui_keys q y
ui_wait "EXIT=" >/dev/null

# The overlay belongs to one board: a stray Tab does not switch it on, and
# a restart or a new board starts without it.
ui_start -- --ascii --size 5x5 --seed 2
ui_wait "Moves 0" >/dev/null
ui_keys Tab
check "Tab without the overlay says how to show it" ui_wait "s shows them first"
check "and shows no marks" ui_marks_are 00000 00000 00000 00000 00000
ui_keys s
ui_wait "(minimal" >/dev/null
ui_keys Space R
ui_wait "Restart this board?" >/dev/null
ui_keys y
check "a restart starts without the marks" ui_marks_are 00000 00000 00000 00000 00000
ui_keys s
ui_wait "(minimal" >/dev/null
ui_keys n
check "a new board starts without the marks" ui_marks_are 00000 00000 00000 00000 00000
ui_keys q
ui_wait "EXIT=" >/dev/null

# T's speed: + and - change it, T again plays the rest at once (a 100x100
# solution in seconds).
ui_start -- --size 100x100 --seed 3
ui_wait "Moves 0" 400 >/dev/null
ui_keys T
ui_wait "Playing at speed 3 of 6" 600 >/dev/null
ui_keys +
check "+ plays faster" ui_wait "Playing at speed 4 of 6"
ui_keys - -
check "- plays slower" ui_wait "Playing at speed 2 of 6"
ui_keys T
check "T again plays the rest at once" ui_wait "Solved!" 600
ui_keys q
ui_wait "EXIT=" >/dev/null

done_testing
