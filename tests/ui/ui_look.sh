#!/bin/sh
# The look of the board's marks and words at every size: the cursor's tile
# framed whole and the preview's tiles cornered as the tiles grow.
. "$SRCDIR/tests/lib/tap.sh"
. "$SRCDIR/tests/lib/ui_lib.sh"

# The cursor's frame as "WIDTH HEIGHT": its heavy corners' span, checked
# to be a box (sides on every row between, the cursor's [ ] inside).
cursor_frame() {
	ui_screen | sed -e 's/┏/A/g; s/┓/B/g; s/┗/C/g; s/┛/D/g; s/┃/I/g; s/━/=/g' -e 's/[^ -~]/./g' | awk '
		top == 0 && (a = index($0, "A")) { top = NR; b = index($0, "B"); left = a; right = b; next }
		top && !bottom && index($0, "C") == left && index($0, "D") == right { bottom = NR; next }
		top && !bottom {
			if (substr($0, left, 1) != "I" || substr($0, right, 1) != "I") bad = 1
			c = index($0, "["); if (c > left && c < right) inside = 1
		}
		END { if (top && bottom && !bad && inside) print right - left + 1, bottom - top + 1; else print "none" }'
}
# The width of the reverse-video run around the cursor's "[" (its row
# with its escapes: SGR 0 resets, 7 sets, 27 clears reverse).
cursor_bar() {
	ui_tmux capture-pane -p -e | grep -F '[' | grep -E '^[^│]*│' | LC_ALL=C awk '{
		n = split($0, seg, "\033\\[")
		col = 0; rev = 0; run = 0; out = ""
		for (i = 1; i <= n; i++) {
			t = seg[i]
			if (i > 1 && match(t, /^[0-9;]*m/)) {
				np = split(substr(t, 1, RLENGTH - 1), ps, ";")
				if (np == 0) rev = 0
				for (j = 1; j <= np; j++) {
					if (ps[j] == "" || ps[j] == "0" || ps[j] == "27") rev = 0
					if (ps[j] == "7") rev = 1
				}
				t = substr(t, RLENGTH + 1)
			}
			for (c = 1; c <= length(t); c++) {
				ch = substr(t, c, 1)
				if (ch >= "\200" && ch < "\300") continue	# a UTF-8 continuation byte
				run = rev ? run + 1 : 0
				if (ch == "[" && rev) found = 1
				if (found && !rev && out == "") out = prev
				prev = run
			}
			if (found && out == "" && i == n) out = run
		}
		if (found) { print out; exit }
	}'
}
# cursor_frame_is WIDTH HEIGHT: poll until the frame is that.
cursor_frame_is() {
	for _ in $(seq 200); do
		[ "$(cursor_frame)" = "$1 $2" ] && return 0
		sleep 0.05
	done
	echo "# the cursor's frame is '$(cursor_frame)', not '$1 $2'" >&2
	ui_screen | sed 's/^/# /' >&2
	return 1
}
# How many of this character are inside the board's frame.
count_of() { ui_screen | grep -E '^ *│' | grep -o -- "$1" | wc -l | tr -d ' '; }
count_is() {
	for _ in $(seq 200); do
		[ "$(count_of "$1")" = "$2" ] && return 0
		sleep 0.05
	done
	echo "# $(count_of "$1") of '$1', not $2" >&2
	return 1
}

five=$(ui_board_file five.txt 11000 10100 01110 00100 00000)

# Tiles (2s - 1) x (s - 1): from 9x4 up the frame is the tile's own edge.
ui_start -- --load "$five"
ui_wait "Moves 0" >/dev/null
ui_keys l
check "80x24: 7x3 tiles keep to a bar (a move's bytes over SSH)" count_is "┏" 0
ui_keys l
ui_cursor_is 1 3 >/dev/null
check "80x24: the cursor's bar is reversed across its tile's width (7)" test "$(cursor_bar)" = 7
ui_tmux resize-window -x 100 -y 30
check "100x30: the cursor's tile (9x4) is framed whole" cursor_frame_is 9 4
check "100x30: the three other cells a press changes are cornered" count_is "┌" 3
ui_keys h
ui_tmux resize-window -x 120 -y 40
check "120x40: the frame grows with the tile (13x6)" cursor_frame_is 13 6
check "120x40: and the preview's corners stay, top and bottom" count_is "┘" 3
ui_tmux resize-window -x 200 -y 60
check "200x60: the frame grows with the tile (19x9)" cursor_frame_is 19 9
ui_keys j
check "a move takes the frame along" ui_cursor_is 2 2
check "200x60: four preview cells now" count_is "┌" 4
check "the board reads the same under the frames" ui_board_is 11000 10100 01110 00100 00000
# Small tiles (4x1): no room for a frame; the cursor still shows.
ui_tmux resize-window -x 60 -y 16
check "60x16: the cursor is where it was" ui_cursor_is 2 2
check "60x16: no frame in a one-line tile" count_is "┏" 0
ui_tmux resize-window -x 40 -y 12
check "40x12: the cursor is where it was" ui_cursor_is 2 2
check "40x12: the board reads the same" ui_board_is 11000 10100 01110 00100 00000
ui_keys q
ui_wait "EXIT=" >/dev/null

# ASCII: the frame in '=' and '|', not the cells' own '#' and '.'.
ui_start -- --ascii --load "$five"
ui_wait "Moves 0" >/dev/null
ui_tmux resize-window -x 100 -y 30
check "ASCII: the cursor's tile framed in '='" ui_wait "+=======+"
check "ASCII: the board reads the same" ui_board_is 11000 10100 01110 00100 00000
check "ASCII: the cursor is read" ui_cursor_is 1 1
ui_keys q
ui_wait "EXIT=" >/dev/null

# A win with the solution shown: what it took, not "needs 0 presses".
one=$(ui_board_file one.txt 010 111 010)
ui_start -- --load "$one"
ui_wait "Moves 0" >/dev/null
ui_keys s
check "s shows the plan" ui_wait "needs 1 press"
ui_keys j l Space
check "after the win the status says what it took" ui_wait "Cleared in 1 press (par 1)"
check "and nothing of a plan left" ui_gone "shortest way"
ui_keys q
ui_wait "EXIT=" >/dev/null

# The number of states has one name on every screen: "4 states" on the
# status line, and k = 4, drawn with arrows, says its goal in arrows.
k4=$(ui_board_file k4.txt 130 300 000)
ui_start -- --load "$k4" -k 4
check "k = 4: the status says 4 states" ui_wait "3x3 · 4 states"
check "k = 4: not colours, not arrows" ui_gone "colours"
check "k = 4: the goal in arrows" ui_wait "Goal: every arrow up"
ui_keys m
check "the settings name them States too" ui_wait "States "
ui_keys Escape
ui_keys q
ui_wait "EXIT=" >/dev/null
ui_start -- --size 3x3 -k 3 --seed 1
check "k = 3: 3 states" ui_wait "3x3 · 3 states"
check "k = 3: the goal is state 0" ui_wait "Goal: every cell at state 0"
ui_keys q
ui_wait "EXIT=" >/dev/null

# The cursor is saved with the game and put back on resume; a save from
# before it was kept still resumes, the cursor at the top left.
save="$XDG_STATE_HOME/lightsout/game.save"
rm -f "$save"
ui_start -- --size 5x5 --seed 1
ui_wait "Moves 0" >/dev/null
ui_keys Space j j l l l
ui_cursor_is 3 4 >/dev/null
ui_keys q y
ui_wait "EXIT=0" >/dev/null
check "the save keeps the cursor" grep -q '^cursor 3 4$' "$save"
ui_start --
check "a plain start offers the saved game" ui_wait "Resume the 5x5 game"
check "the cursor is where it was, under the question" ui_cursor_is 3 4
ui_keys y
check "and stays there once resumed" ui_cursor_is 3 4
ui_keys q y
ui_wait "EXIT=0" >/dev/null
sed -i '/^cursor /d' "$save"
ui_start --
check "a save without the cursor line is offered" ui_wait "Resume the 5x5 game"
ui_keys y
check "and resumes, the cursor at the top left" ui_cursor_is 1 1
check "with its move" ui_wait "Moves 1 "
ui_keys q y
ui_wait "EXIT=0" >/dev/null

# A line too long for the window is cut after a whole word, with an
# ellipsis ("..." in ASCII), not in the middle of one.
ui_start -- --load "$five"
ui_wait "Moves 0" >/dev/null
ui_tmux resize-window -x 40 -y 12
ui_keys '?'
check "40x12: the help's goal cut at a word, with an ellipsis" ui_wait "Clear the board:…"
check "40x12: no word cut short" ui_gone "Clear the board: ev"
ui_keys q q
ui_wait "EXIT=" >/dev/null
ui_start -- --ascii --load "$five"
ui_wait "Moves 0" >/dev/null
ui_tmux resize-window -x 40 -y 12
ui_keys '?'
check "40x12, ASCII: the ellipsis is '...'" ui_wait "Clear the board:..."
ui_keys q q
ui_wait "EXIT=" >/dev/null

# A symbol in the middle of its tile: inside the frame, the first tile's
# symbol as far from the left side as the last one's from the right (the
# tiles run from side to side, so the margins differ when the symbol is off
# its tile's middle column).
margins() {
	ui_screen | grep -E '^ *│.*[·●]' | head -n 1 | sed -e 's/│/|/g; s/[·●]/o/g; s/[^ -~]/ /g' -e 's/[][]/ /g' |
		awk '{ l = index($0, "|"); r = l + index(substr($0, l + 1), "|"); a = index($0, "o"); z = a;
			for (i = a; i < r; i++) if (substr($0, i, 1) == "o") z = i; print (a - l - 1) " " (r - z - 1) }'
}
margins_even() {
	for _ in $(seq 200); do
		m=$(margins)
		[ -n "$m" ] && [ "${m% *}" = "${m#* }" ] && return 0
		sleep 0.05
	done
	echo "# left and right margins: $m" >&2
	return 1
}
ui_start -- --load "$five"
ui_wait "Moves 0" >/dev/null
ui_tmux resize-window -x 60 -y 20
check "60x20: a tile's symbol in its middle column" margins_even
ui_tmux resize-window -x 80 -y 24
check "80x24: a tile's symbol in its middle column" margins_even
ui_keys q
ui_wait "EXIT=" >/dev/null

done_testing
