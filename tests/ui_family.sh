#!/bin/sh
# The family in the game: a hex board (staggered rows), the cube (its net)
# and Merlin's Magic Square (cells with their own patterns), each drawn and
# played to a win; the preview brackets exactly the cells a press changes.
. "$SRCDIR/tests/tap.sh"
. "$SRCDIR/tests/ui_lib.sh"

# The preview as 0/1 rows: 1 where the cell is bracketed ‹x› (what a
# press at the cursor changes) or is the cursor's [x] (a press changes it
# too: every built-in pattern has its cell), 0 elsewhere.
ui_preview() {
	ui_screen | grep -E '^ *[|│]' | sed -e 's/[|│ ]//g' -e 's/‹[·●]›/P/g' -e 's/\[[·●]\]/P/g' \
		-e 's/[·●]/0/g' -e 's/P/1/g' | grep -v '^$'
}
preview_is() {
	want=$(printf '%s\n' "$@")
	tries=200
	while [ "$tries" -gt 0 ]; do
		[ "$(ui_preview)" = "$want" ] && return 0
		sleep 0.05
		tries=$((tries - 1))
	done
	echo "# preview is:" >&2
	ui_preview | sed 's/^/#   /' >&2
	return 1
}

# Hex, 5x5: the board is what one press at row 3, column 3 makes: the
# cell, its row neighbours, and columns 2-3 above and below (an even row).
b=$(ui_board_file hex.txt 00000 01100 01110 01100 00000)
ui_start -- play --grid hex -s 5 --load "$b"
check "hex: drawn" ui_board_is 00000 01100 01110 01100 00000
check "hex: status names the variant" ui_wait "hex 5x5"
check "hex: odd rows drawn half a cell right" sh -c "$TMUX_CMD capture-pane -p | grep -E '^ *│ *\\[' >/dev/null"
check "hex: the corner's preview is its three cells" preview_is 11000 10000 00000 00000 00000
ui_keys j j l l
check "hex: the preview at row 3, column 3 is the seven cells a press changes" \
	preview_is 00000 01100 01110 01100 00000
ui_keys j
check "hex: on an odd row the neighbours above and below are columns c and c+1" \
	preview_is 00000 00000 00110 01110 00110
ui_keys k Space
check "hex: one press wins" ui_wait "Solved!"

# The cube: six faces of 3x3 drawn as a net, U above, L F R B, D below.
b=$(ui_board_file cube.txt 000000000 000000000 010111010 000000000 000000000 000000000)
ui_start -- play --board cube --load "$b"
check "cube: the net drawn, F's centre plus lit" ui_board_is 000 000 000 000010000000 000111000000 000010000000 000 000 000
check "cube: the status names it" ui_wait "cube 6x9"
check "cube: U's corner presses across two face edges (L and B)" \
	preview_is 110 100 000 100000000001 000000000000 000000000000 000 000 000
ui_keys j j j j j j
check "cube: down from F into D on the net; D's corner touches F and L" \
	preview_is 000 000 000 000000000000 000000000000 001100000000 110 100 000
ui_keys k k l
check "cube: the cursor on F's centre" ui_cursor_is 5 5
ui_keys Space
check "cube: one press wins" ui_wait "Solved!"

# Merlin: corners, edges and the centre each with their own pattern.
b=$(ui_board_file merlin.txt 100 000 000)
ui_start -- play --board merlin --load "$b"
check "merlin: drawn" ui_board_is 100 000 000
check "merlin: a corner previews its 2x2 quadrant" preview_is 110 110 000
ui_keys l
check "merlin: an edge previews its side of three" preview_is 111 000 000
ui_keys j
check "merlin: the centre previews itself and the four edges" preview_is 010 111 010
# The lone corner's unique solution: 111/110/100.
ui_keys k h Space l Space l Space j h h Space l Space j h Space
check "merlin: the unique solution wins" ui_wait "Solved!"
done_testing
