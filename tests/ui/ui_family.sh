#!/bin/sh
# The family in the game: a hex board (staggered rows), the cube (its net),
# Merlin's Magic Square (cells with their own patterns) and a graph file
# (vertices at their places), each drawn and played to a win; the preview
# brackets exactly the cells a press changes; a graph game is saved with
# its press sets and resumed without the file.
. "$SRCDIR/tests/lib/tap.sh"
. "$SRCDIR/tests/lib/ui_lib.sh"

# The preview as 0/1 rows: 1 where the cell is bracketed ‹x› (what a
# press at the cursor changes) or is the cursor's [x] (a press changes it
# too: every built-in pattern has its cell), 0 elsewhere; the frames of
# big tiles dropped.
ui_preview() {
	ui_screen | grep -E '^ *[|│]' | sed -e 's/[|│ ▪─╱╲┏━┓┃┗┛┌┐└┘]//g' -e 's/‹[·●]›/P/g' -e 's/\[[·●]\]/P/g' \
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
check "hex: status names the variant" ui_wait "hexagons 5x5"
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
check "cube: the status names it" ui_wait "cube six 3x3 faces"
check "cube: U's corner presses across two face edges (L and B)" \
	preview_is 110 100 000 100000000001 000000000000 000000000000 000 000 000
ui_keys j j j j j j
check "cube: down from F into D on the net; D's corner touches F and L" \
	preview_is 000 000 000 000000000000 000000000000 001100000000 110 100 000
ui_keys k k l
check "cube: the cursor on F's centre" ui_cursor_is 5 5
# In the compact layout, a blank column between the faces of the middle band.
ui_tmux resize-window -x 40 -y 16
faces() {
	for _ in $(seq 200); do
		ui_screen | grep -q -E '│[^ │]{3} [^ │]{3} [^ │]{3} [^ │]{3}│' && return 0
		sleep 0.05
	done
	return 1
}
check "cube: the faces stand apart (L F R B, a blank column between)" faces
ui_tmux resize-window -x 80 -y 24
ui_keys Space
check "cube: one press wins" ui_wait "Solved!"

# Merlin: corners, edges and the centre each with their own pattern.
b=$(ui_board_file merlin.txt 100 000 000)
ui_start -- play --board merlin --load "$b"
check "merlin: drawn" ui_board_is 100 000 000
# Its big tiles fit with the title line kept: the line is not given up
# for one size more (with no words to move onto the frame, it said nothing).
top_line() { ui_screen | head -n 1; }
check "merlin: at 80x24 the title line is kept" ui_wait_on top_line "Lights Out"
check "merlin: a corner previews its 2x2 quadrant" preview_is 110 110 000
ui_keys l
check "merlin: an edge previews its side of three" preview_is 111 000 000
ui_keys j
check "merlin: the centre previews itself and the four edges" preview_is 010 111 010
# The lone corner's unique solution: 111/110/100.
ui_keys k h Space l Space l Space j h h Space l Space j h Space
check "merlin: the unique solution wins" ui_wait "Solved!"

# --rule random: each tile carries its cell's own pattern, the cell in the
# middle beside its symbol.  random:42's corner presses itself and its right
# neighbour (test_family's golden patterns): one row of two squares after
# the cursor's symbol, nothing above it (off the board) or below it.
ui_start -- play -r random:42 -s 3 --seed 1
check "random: the corner's preview is itself and its right neighbour" preview_is 110 000 000
check "random: its tile draws that pattern beside the symbol" sh -c \
	"$TMUX_CMD capture-pane -p | grep -E '^ *│ *┃? +\[[·●]\] +▪▪[ ┃]' >/dev/null"
check "random: and nothing of it on the row below" sh -c \
	"$TMUX_CMD capture-pane -p | grep -A1 -E '\[[·●]\]' | tail -1 | cut -c1-30 | grep -v '▪' >/dev/null"

# A board file's own patterns: Merlin written out cell by cell, played as
# a grid (saved and resumed with its patterns), to the same unique win.
b=$(ui_board_file own.txt 100 000 000 patterns "000/011/011 000/111/000 000/110/110" \
	"010/010/010 010/111/010 010/010/010" "011/011/000 000/111/000 110/110/000")
ui_start XDG_STATE_HOME="$ui_tmp/own-state" -- play --load "$b"
check "own patterns: drawn as a grid" ui_board_is 100 000 000
check "own patterns: the corner previews its quadrant" preview_is 110 110 000
ui_keys l j
check "own patterns: the centre previews itself and the edges" preview_is 010 111 010
ui_keys k h Space
check "own patterns: a press changes the corner's quadrant" ui_board_is 010 110 000
ui_keys q y
check "own patterns: quit saves" ui_wait "EXIT=0"
ui_start XDG_STATE_HOME="$ui_tmp/own-state" --
check "own patterns: offered back" ui_wait "Resume the 3x3 graph game (1 move,"
ui_keys y
check "own patterns: resumed with its patterns" preview_is 110 110 000
ui_keys l Space l Space j h h Space l Space j h Space
check "own patterns: Merlin's unique solution wins" ui_wait "Solved!"

# A graph: six lamps in a ring, each pressing itself and the two beside
# it, drawn at their places (rows 0 to 4; row 2 has none):
#        1
#     6     2
#
#     5     3
#        4
g="$ui_tmp/ring.graph"
cat >"$g" <<'GRAPH'
graph 6
1 at 0 2: 1 2 6
2 at 1 4: 2 1 3
3 at 3 4: 3 2 4
4 at 4 2: 4 3 5
5 at 3 0: 5 4 6
6 at 1 0: 6 5 1
GRAPH
b=$(ui_board_file ring.txt 110001)
ui_start XDG_STATE_HOME="$ui_tmp/ring-state" XDG_DATA_HOME="$ui_tmp/ring-data" -- play --graph "$g" --load "$b"
check "graph: the vertices drawn at their places" ui_board_is 1 11 00 0
check "graph: the status names it by its file" ui_wait "ring.graph 1x6"
check "graph: its edges are drawn between the vertices" ui_wait "╱────"
check "graph: vertex 1 previews itself and its two neighbours" preview_is 1 11 00 0
ui_keys Right
check "graph: right goes to the nearest vertex that way (2)" preview_is 1 01 01 0
ui_keys Down
check "graph: down from 2 to 3" preview_is 0 01 01 1
ui_keys Down
check "graph: down from 3 to 4" preview_is 0 00 11 1
ui_keys Space
check "graph: a press changes 3, 4, 5" ui_board_is 1 11 11 1
ui_keys o Right Enter
check "graph: settings refuse another size, and say why" ui_wait "the graph has 6 vertices, not 2x6"
ui_keys Escape
check "graph: Esc leaves the board as it was" ui_board_is 1 11 11 1
ui_keys q y
check "graph: quitting saves" ui_wait "EXIT=0"
rm -f "$g"
ui_start XDG_STATE_HOME="$ui_tmp/ring-state" XDG_DATA_HOME="$ui_tmp/ring-data" --
check "graph: a plain start offers it back without the file" ui_wait "Resume the 1x6 graph game (1 move,"
ui_keys y
check "graph: resumed as it was left" ui_board_is 1 11 11 1
check "graph: without its file, the status names it by its digest" ui_wait "graph:"
ui_keys u
check "graph: its undo history came with it" ui_board_is 1 11 00 0
ui_keys Up Up Up Space
check "graph: one press at vertex 1 wins" ui_wait "Solved!"
ui_keys q
check "graph: quit after the win" ui_wait "EXIT=0"
stats=$(XDG_STATE_HOME="$ui_tmp/ring-state" XDG_DATA_HOME="$ui_tmp/ring-data" "$LIGHTSOUT" stats)
check "graph: the win is in the statistics, keyed by the graph" sh -c "printf '%s\n' \"\$1\" | grep -q '1x6 graph:'" - "$stats"
printf 'graph 2\n1: 1 2\n2: 2\n' >"$ui_tmp/unplaced.graph"
ui_start -- play --graph "$ui_tmp/unplaced.graph"
check "graph: one without places is refused with the reason" ui_wait "vertices have places"
# A board file that names its variant (generate writes it) plays as it.
"$LIGHTSOUT" generate --grid hex -s 6 --seed 1 > "$ui_tmp/hex.txt"
ui_start -- --load "$ui_tmp/hex.txt"
check "play --load of a file saying 'rule hex': a hex board" ui_wait "hexagons 6x6"
ui_keys q
ui_wait "EXIT=" >/dev/null
ui_start -- --load "$ui_tmp/hex.txt" --rule x
check "... and --rule x with it is one clear error" ui_wait "line 1 says rule hex, the opti"
check "... exit 2" ui_wait "EXIT=2"

done_testing
