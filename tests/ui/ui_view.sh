#!/bin/sh
# What the player sees: a board that fills the terminal (tiles that grow,
# one character a cell for big boards), the preview of what a press
# changes, the legend for k > 2, the too-small screen at any size, and a
# help that scrolls on a short terminal.
. "$SRCDIR/tests/lib/tap.sh"
. "$SRCDIR/tests/lib/ui_lib.sh"

# The frame's width on screen: the longest run of frame line characters.
frame_width() {
	ui_screen | grep -E '^ *[└+]' | tail -n 1 | sed 's/^ *//; s/ *$//; s/─/-/g; s/[└┘]/+/g' | awk '{ print length($0) }'
}
# 1 where the preview (or the cursor) is drawn, else 0 (--ascii, k = 2).
ui_preview() {
	ui_screen | grep -E '^ *[|]' | sed -e 's/^ *|//' -e 's/| *$//' |
		sed -e 's/{[.#]}/1/g' -e 's/\[[.#]\]/1/g' -e 's/[.#]/0/g' -e 's/ //g' | grep -v '^$'
}
# The cells that differ between two boards of 0/1 rows, as 0/1 rows.
xor_rows() {
	printf '%s\n' "$1" >"$ui_tmp/xa"
	printf '%s\n' "$2" >"$ui_tmp/xb"
	paste -d ' ' "$ui_tmp/xa" "$ui_tmp/xb" | awk '{ s = ""; for (i = 1; i <= length($1); i++)
		s = s (substr($1, i, 1) == substr($2, i, 1) ? "0" : "1"); print s }'
}

five=$(ui_board_file five.txt 11000 10100 01110 00100 00000)

# Tiles: a 5x5 board fills most of an 80x24 terminal, and more than twice
# as wide at 160x48.
ui_start -- --load "$five"
ui_wait "Moves 0" >/dev/null
small=$(frame_width)
ui_tmux resize-window -x 160 -y 48
ui_wait "Moves 0" >/dev/null
ui_board_is 11000 10100 01110 00100 00000 >/dev/null
sleep_until_wider() {
	for _ in $(seq 100); do
		[ "$(frame_width)" -ge $((2 * small)) ] && return 0
		sleep 0.05
	done
	return 1
}
check "80x24: the 5x5 board is $small columns wide (most of the screen)" test "$small" -ge 30
check "160x48: at least twice as wide ($(frame_width) vs $small)" sleep_until_wider
rows=$(ui_screen | grep -c -E '^ *[│]')
check "160x48: and tall ($rows lines)" test "$rows" -ge 30
check "the board reads the same" ui_board_is 11000 10100 01110 00100 00000
ui_keys q

# The preview of a knight press marks exactly the cells a press changes.
ui_start -- --ascii --size 5x5 --rule knight --seed 4
ui_wait "Moves 0" >/dev/null
ui_keys j j l l
ui_cursor_is 3 3 >/dev/null
preview=$(ui_preview)
before=$(ui_board)
ui_keys Space
ui_wait "Moves 1 " >/dev/null
after=$(ui_board)
changed=$(xor_rows "$before" "$after")
check "knight: the preview is the cells the press changed" test "$preview" = "$changed"
check "knight: nine of them from the centre" test "$(printf '%s' "$changed" | tr -cd 1 | wc -c)" -eq 9
ui_keys p
check "p turns the preview off" ui_wait "Preview off"
check "no brackets left but the cursor's" sh -c "[ \"\$(printf '%s' '$(ui_preview)' | tr -cd 1 | wc -c)\" -le 9 ]"
ui_keys q y
ui_wait "EXIT=" >/dev/null

# k > 2: a legend says what each symbol is and that the goal is all 0.
k4=$(ui_board_file k4.txt 130 300 000)
ui_start -- --load "$k4" -k 4
check "k = 4: the legend names the symbols" ui_wait "↑=0 →=1 ↓=2 ←=3"
check "and the goal" ui_wait "goal: all ↑"
ui_keys q

# Big boards: one character a cell, rulers, the cursor's place in words.
ui_start -- --size 60x60 --seed 2
check "60x60 at 80x24: column numbers above" ui_wait "10    ·   20"
check "the cursor's place on the status line" ui_wait "row 1 col 1"
ui_keys G '$'
check "it scrolls to the bottom right" ui_wait "row 60 col 60"
ui_keys q

# Too small: the message fits at any size and names what the board needs.
ui_start -- --load "$five"
ui_wait "Moves 0" >/dev/null
ui_tmux resize-window -x 20 -y 6
check "20x6: too small, and the size it needs" ui_wait "20x9"
ui_tmux resize-window -x 8 -y 3
check "8x3: still a message that fits" ui_wait "20x9"
ui_tmux resize-window -x 1 -y 2
check "1x2: a single character" ui_wait "!"
ui_tmux resize-window -x 1 -y 1
ui_tmux resize-window -x 25 -y 9
check "after 1x1 the game comes back" ui_wait "Moves 0"
ui_tmux resize-window -x 30 -y 9
check "30x9: a 5x5 board plays" ui_board_is 11000 10100 01110 00100 00000
ui_keys q

# The help scrolls: every key is reachable at 60x14.
ui_start -- --load "$five"
ui_wait "Moves 0" >/dev/null
ui_tmux resize-window -x 60 -y 14
ui_keys '?'
check "60x14: the help starts" ui_wait "move the cursor"
check "and says it scrolls" ui_wait "Up/Down scroll"
ui_keys NPage NPage NPage NPage NPage
check "PgDn reaches the last key" ui_wait "redraw the screen"
ui_keys q
ui_keys q
ui_wait "EXIT=" >/dev/null
# At 30x9 the settings scroll: every line reachable, the footer shown,
# and a long rule shortened inside the box.
ui_start -- --size 5x5 --seed 1 --rule mask:00100/01110/11111/01110/00100
ui_wait "Moves 0" >/dev/null
ui_tmux resize-window -x 30 -y 9
ui_keys m
check "30x9: the settings say more lines are there" ui_wait "Settings (more: arrows)"
check "30x9: the footer is whole" ui_wait "Enter: apply  Esc: cancel"
check "30x9: a long rule is shortened inside its box" ui_wait "mask:001… → │"
ui_keys Down Down Down Down Down Down Down
check "30x9: the last line is reached" ui_wait "Preview      ←"
ui_keys Escape
ui_tmux resize-window -x 80 -y 24
# How to play, in a 60-column window: wrapped at spaces, nothing cut; for
# a rule that is not chased, no chasing lesson.
ui_keys '?' Enter
check "How to play opens" ui_wait "How to play"
howto=$(ui_screen)
ui_tmux resize-window -x 40 -y 30
joined() { ui_screen | tr '\n' ' ' | tr -s ' '; }
check "wrapped to 40 columns: a paragraph flows on, nothing cut" \
	ui_wait_on joined "a solution is a set of cells, each pressed fewer than two times."
check "no line reaches the edge (each wraps inside the window)" \
	sh -c "! $TMUX_CMD capture-pane -p | grep -q '^.\{40\}'"
check "a mask rule is not taught to chase" sh -c "! printf '%s' \"\$0\" | grep -q 'Light chasing'" "$howto"
ui_keys q
ui_keys q
ui_keys q
ui_wait "EXIT=" >/dev/null
# The shapes are in the settings: hexagons, reached by the Rule line.
ui_start -- --size 5x5 --seed 1
ui_wait "Moves 0" >/dev/null
ui_keys m Down Down Right Right Right Right Right
check "settings: hexagons among the rules" ui_wait "hexagons (hex)"
ui_keys Right Right
check "settings: the cube takes its own size" ui_wait "Rows         ← 6 →"
ui_keys Right
check "settings: and leaving it gives the size back" ui_wait "Rows         ← 5 →"
check "settings: random patterns, with a seed" ui_wait "random, seed"
ui_keys v
check "v: the Variants page, a line a rule" ui_wait "hexagons          the hexagonal cell and its six neighbours"
# Narrower, a rule's meaning wraps under itself, not under the rule's name
# (or the page's edge): "ok N" when N wrapped lines all hang so.
variants_hang() {
	ui_screen | awk '
		/^ *Any rule/ { exit }
		/^   [^ ]/ && match($0, /[^ ]   +[^ ]/) { col = RSTART + RLENGTH - 1; next }
		col && /^ +[^ ]/ { match($0, /[^ ]/); if (RSTART != col) { print "bad: " $0; bad = 1; exit }; n++ }
		END { if (!bad) print "ok " n }'
}
ui_tmux resize-window -x 60 -y 40
ui_wait "file: lightsout --graph FILE." >/dev/null
hang=$(variants_hang)
check "at 60 columns the meanings wrap under themselves ($hang)" sh -c "case '$hang' in 'ok 0' | bad*) exit 1 ;; ok*) exit 0 ;; *) exit 1 ;; esac"
check "... and the note below flows as one paragraph" ui_wait "and most a torus (the edges wrap)."
ui_tmux resize-window -x 80 -y 24
ui_keys q
ui_keys Escape
ui_keys q
ui_wait "EXIT=" >/dev/null
# The settings offer masks (past the shapes and random patterns), the modes
# and the preview; sizes move by ten.
ui_start -- --size 5x5 --seed 1
ui_wait "Moves 0" >/dev/null
ui_keys m Down Down Right Right Right Right Right Right Right Right Right Right
check "settings: masks among the rules" ui_wait "mask:111/101/111"
ui_keys Enter
check "a ring board" ui_wait "mask:111/101/111 5x5"
ui_keys m NPage
check "PgDn: ten rows more" ui_wait "15 "
ui_keys Enter
check "a 15x5 board" ui_wait "15x5"
ui_keys m Down Down Down Down Down Down Right
check "settings: the daily board as a mode" ui_wait "daily board"
ui_keys Enter
check "the daily board" ui_wait "daily $(date -u +%Y-%m-%d)"
check "... of its own kind, the same for everyone, not the settings' 15x5" ui_wait "classic 5x5"
ui_keys q
ui_wait "EXIT=" >/dev/null

# How to play, from the help: the goal, a press, light chasing with the
# board's own lookup table; C marks the chase steps on the board.
ui_start -- --ascii --load "$five"
ui_wait "Moves 0" >/dev/null
ui_keys '?' Enter
check "Enter in the help: how to play" ui_wait "Light chasing"
ui_keys Down Down Down
check "with the 5x5 lookup table" ui_wait "x . . . x   x x . . ."
# Its footer names every key that scrolls: Space pages down, as it says.
check "How to play's footer: arrows and Space scroll" ui_wait "Arrows and Space scroll; any other key returns to the help."
page=$(ui_screen)
scrolled() {
	for _ in $(seq 200); do
		[ "$(ui_screen)" != "$page" ] && return 0
		sleep 0.05
	done
	return 1
}
ui_keys Space
check "Space scrolls a page down" scrolled
check "... and stays in How to play" ui_wait "Arrows and Space scroll"
ui_keys q q
ui_wait "Moves 0" >/dev/null
ui_keys C
check "C: the first chase step, on the board" ui_wait "Chasing row 1"
check "C marks under the lights of row 1" ui_marks_are 00000 11000 00000 00000 00000
chase_look() { test "$(ui_screen | grep -E '^ *[|]' | grep -o '>[.#]<' | wc -l)" -eq 2 && ! ui_screen | grep -q '([.#])'; }
check "a chase step's marks point at their cells (>.<), unlike the plan's (.)" chase_look
check "the status line says which marks are shown" ui_wait "marked: chase step"
ui_keys q y
ui_wait "EXIT=" >/dev/null

# A board that takes long to make is made in the background: Esc stops it
# at once and the board played stays; a hang-up ends the game at once.
rm -rf "$XDG_CONFIG_HOME"	# the settings kept by the menu above: the defaults
ui_start -- --size 61x61 --seed 1
ui_wait "Moves 0" 400 >/dev/null
ui_keys m Down Down Down Down Down Right Right Right Enter
check "a hard 61x61 board is being made" ui_wait "Making a new board"
ui_keys Escape
check "Esc stops making it at once" ui_wait "Stopped: the board you had stays." 40
ui_keys m Down Down Down Down Down Right Right Right Enter
ui_wait "Making a new board" >/dev/null
pid=$(ui_game_pid)
kill -HUP "$pid"
check "SIGHUP while making a board ends the game at once" ui_proc_is "$pid" gone

# A share code too long for a command line is read from a file: @FILE.
"$LIGHTSOUT" generate -s 900 --seed 2 --code >"$ui_tmp/big.code"
check "a 900x900 code is longer than one argument may be" test "$(wc -c <"$ui_tmp/big.code")" -gt 131072
ui_start -- --code "@$ui_tmp/big.code"
check "--code @FILE plays it" ui_wait "900x900" 600
ui_keys q
ui_wait "EXIT=" >/dev/null
ui_start -- --code "@$ui_tmp/no-such-file"
check "--code @FILE that is missing: one line, exit 2" ui_wait "EXIT=2"
check "naming the file" ui_wait "cannot open"

# Honest records: a win the solver played is assisted: no best time, no
# moves over par, no streak; a loaded board is kept apart.  (The settings
# changed above are kept: a clean slate.)
rm -rf "$XDG_DATA_HOME" "$XDG_CONFIG_HOME"
ui_start -- --size 3x3 --seed 1
ui_wait "Moves 0" >/dev/null
ui_keys T
check "T's win says it is assisted" ui_wait "assisted: no record" 400
ui_keys q
ui_wait "EXIT=0" >/dev/null
check "stats: played 1, won 1, no best time, no streak, 1 assisted" \
	sh -c "'$LIGHTSOUT' stats | grep -q '^3x3 plus k=2  *1  *1  *100%  *-  *-  *-  *0  *0  *1\$'"
ui_start -- --load "$five"
ui_wait "Moves 0" >/dev/null
ui_keys g 0 Space j j l l Space
ui_wait "Solved!" >/dev/null
ui_keys q
ui_wait "EXIT=0" >/dev/null
check "a loaded board's win is in a row apart" sh -c "'$LIGHTSOUT' stats | grep -q '^Boards of your own'"

done_testing
