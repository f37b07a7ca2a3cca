#!/bin/sh
# The screen-reader mode as a real screen reader hears it (issue 45):
# the game runs under Debian's yasr in tmux, yasr's speech server is a
# stand-in that writes down what it is sent, and each key's sentence must
# be heard whole and first -- not the characters curses happened to
# change ("2" for "row 2, column 1: on").  A board played to a win, the
# start, q, and the lobby.
if ! command -v yasr >/dev/null 2>&1; then
	echo "1..0 # SKIP yasr is not installed"
	exit 0
fi
. "$SRCDIR/tests/lib/tap.sh"
. "$SRCDIR/tests/lib/ui_lib.sh"

. "$SRCDIR/tests/lib/yasr_lib.sh"

# ui_start runs "$LIGHTSOUT ARGS": here yasr runs the game with them.
real="$LIGHTSOUT"
LIGHTSOUT="$ui_tmp/under_yasr.sh"
cat >"$LIGHTSOUT" <<WRAP
#!/bin/sh
{ echo '#!/bin/sh'; printf 'exec'; for a in '$real' "\$@"; do printf " '%s'" "\$a"; done; echo; } >"$ui_tmp/game.sh"
chmod +x "$ui_tmp/game.sh"
: >"$heard"
exec yasr -C "$conf" "$ui_tmp/game.sh"
WRAP
chmod +x "$LIGHTSOUT"

b=$(ui_board_file two.txt 110 101 011)
ui_start -- play --screen-reader --load "$b"
start="Lights Out board, 3x3: 6 lights on. row 1, column 1: on."
check "start: the first sentence heard whole" ui_wait_on 'since_key' "$start"
check "start: nothing of the board before it" quiet_start "$start"
key l
check "l: heard whole, first" heard_first "row 1, column 2: on."
key Space
check "Space: the press heard whole" heard_first "pressed row 1, column 2: 4 cells changed, 6 lights on."
key Left
check "Left after a press: the state word too" heard_first "row 1, column 1: off."
key u
check "u: heard whole" heard_first "undone row 1, column 2: 4 cells changed, 6 lights on."
key U
check "U after u: heard whole (was 're')" heard_first "redone row 1, column 2: 4 cells changed, 6 lights on."
key w
check "w right after: the row whole (was 'ow 2: ...')" heard_first "row 1: off off on"
key Right
check "Right: heard whole" heard_first "row 1, column 2: off."
key Right
check "Right to the last column: heard whole (was '5: off.')" heard_first "row 1, column 3: on."
key u
check "u again" heard_first "undone row 1, column 2: 4 cells changed, 6 lights on."
key Left
check "Left" heard_first "row 1, column 2: on."
key Left
check "Left to the first column" heard_first "row 1, column 1: on."
key Space
check "a press" heard_first "pressed row 1, column 1: 3 cells changed, 3 lights on."
key j
check "j" heard_first "row 2, column 1: off."
key j
check "j to the last row" heard_first "row 3, column 1: off."
key l
check "l" heard_first "row 3, column 2: on."
key l
check "l to the corner" heard_first "row 3, column 3: on."
key Space
check "the win: its sentence whole, to the keys after it" \
	heard_first_re 'Solved in 2 moves: par 2, perfect! \([0-9:.]+\)\. n new board, r restart, q quit\.'
key q
check "q: the game left, said" heard_first "Leaving Lights Out."
check "... and the game ended" ui_wait "EXIT=0"

# The lobby: named first at the start, and q on its board says where it goes.
ui_start -- play --lobby --screen-reader
check "lobby: named at the start" ui_wait_on since_key "The lobby."
check "lobby: named first, before its list" quiet_start "The lobby."
key f
check "f: the board said first" heard_first_re 'Board: row 1, column 1: o(n|ff)\.'
key q
check "q on the board: where it went, first" heard_first "Leaving the board: the lobby."
key q
check "q in the lobby: the game left, said" heard_first "Leaving Lights Out."

# A sentence wider than the line is wrapped onto the next, not cut with
# an ellipsis: the whole sentence is on the screen (drawn, so without
# yasr, which keeps its program's terminal at the size it started with).
LIGHTSOUT="$real"
ui_start XDG_STATE_HOME="$ui_tmp/state40" -- play --screen-reader --load "$b"
ui_tmux resize-window -x 40 -y 24
ui_wait "column 1: on." >/dev/null
ui_keys Space
both() { ui_screen | tail -n 2 | tr -s ' \n' '  '; }
check "40 columns: the sentence whole on its two lines" \
	ui_wait_on both "pressed row 1, column 1: 3 cells changed, 3 lights on."
no_ellipsis() { ! ui_screen | grep -q -e '…' -e '\.\.\.'; }
check "... with no ellipsis" no_ellipsis
done_testing
