#!/bin/sh
# The screen-reader mode (issue 38) read as a reader reads it: after every
# key of a whole game and of each screen, the terminal's cursor (tmux's
# cursor_x, cursor_y) is inside the cell or on the line that has focus,
# and the message line says the key's effect in words, once.
. "$SRCDIR/tests/lib/tap.sh"
. "$SRCDIR/tests/lib/ui_lib.sh"
. "$SRCDIR/tests/lib/reader_lib.sh"

# A board that two presses clear: (1,1) and (3,3).
b=$(ui_board_file two.txt 110 101 011)

# Without the mode the cursor stays hidden: the checks below can fail.
ui_start -- play --load "$b"
check "without the mode the terminal's cursor is hidden" ui_wait "Moves 0"
check "... (cursor_flag 0)" test "$(ui_tmux display-message -p '#{cursor_flag}')" = 0
check "... and cells are drawn as symbols, not digits" ui_wait "·"

ui_start -- play --screen-reader --load "$b"
check "start: the board in words" rd_said "Lights Out board, 3x3: 6 lights on. row 1, column 1: on."
check "start: the cursor shown, on the first cell's digit" rd_on_cell 1 1 1
check "the board's cells are digits" ui_wait_on ui_screen " 1  0  1"
check "the status line is words first, no clock" ui_wait "Moves 0, Par 2, classic 3x3"
check "... and no clock after them" rd_none '[0-9]:[0-9][0-9]' "$(ui_screen | sed -n 24p)"
check "no frame or box: no dashes, bars or corners" rd_none '--|[|+]' "$(ui_screen)"

ui_keys l
check "move: the cell in words" rd_said "row 1, column 2: on."
check "move: the cursor in that cell" rd_on_cell 1 2 1
ui_keys Space
check "press: the cells changed and the lights left" rd_said "pressed row 1, column 2: 4 cells changed, 6 lights on."
check "press: said once" rd_once "pressed row 1, column 2"
check "press: the cursor stays in its cell, now off" rd_on_cell 1 2 0
ui_keys u
check "undo: in words" rd_said "undone row 1, column 2: 4 cells changed, 6 lights on."
check "undo: the cursor in the cell" rd_on_cell 1 2 1
ui_keys s
# Said at once, or after "Solving..." once the plan comes.
check "overlay: the presses left and the cursor's cell" rd_said "2 presses left; this cell is not in the solution."
check "overlay: the cursor in the cell" rd_on_cell 1 2 1
ui_keys s
check "overlay off: said" rd_said "Overlay off."
ui_keys s
check "overlay on again" rd_said "Overlay on: 2 presses left"
ui_keys i
check "hint: the cell to press" rd_said "Hint: press row 3, column 3."
check "hint: the cursor goes there" rd_on_cell 3 3 1
ui_keys w
check "w reads the row aloud as text" rd_said "row 3: off on on"
check "w: the cursor stays" rd_on_cell 3 3 1
ui_keys Space
check "press with the overlay: the presses left" rd_said "pressed row 3, column 3: 3 cells changed, 3 lights on; 1 press left."
ui_keys Tab
check "Tab: the marked cell, said as one to press" rd_said "row 1, column 1: on, to press."
check "Tab: the cursor there" rd_on_cell 1 1 1
ui_keys Space
check "win: said in words" rd_said "Solved in 2 moves"
check "win: said once" rd_once "Solved in 2 moves"
check "win: the cursor in the cell pressed" rd_on_cell 1 1 0
ui_keys j
check "after the win a move still says the cell" rd_said "row 2, column 1: off."
check "... with the cursor there" rd_on_cell 2 1 0

# The settings: the cursor on the chosen line, the line said.
ui_keys m
check "settings: the screen and its first line said" rd_said "Settings menu: Rows: 3."
check "settings: the cursor on the chosen line" rd_focus "Rows: 3"
ui_keys j
check "settings: the next line said" rd_said "Columns: 3."
check "settings: the cursor follows" rd_focus "Columns: 3"
ui_keys l
check "settings: a change said" rd_said "Columns: 4."
ui_keys Escape
check "back on the board: said" rd_said "Board: row 2, column 1: off."
check "back on the board: the cursor in the cell" rd_on_cell 2 1 0

# The help and a page: the cursor on the first line of text.
ui_keys '?'
check "help: the cursor on its first line of keys" rd_focus "Arrows, h j k l"
ui_keys q
check "help closed: the board said" rd_said "Board: row 2, column 1: off."
ui_keys c
check "a page (the share code): the cursor on its first line" rd_focus "The starting position of this board"
ui_keys q
check "page closed: the cursor in the cell again" rd_on_cell 2 1 0

# The analysis: its words with commas, the cursor kept in its cell.
ui_keys a
check "analysis: said in words" rd_said "rank 9, nullity 0,"
check "analysis: the cursor in the cell" rd_on_cell 2 1 0
ui_keys Escape
check "analysis closed: the board said" rd_said "Board: row 2, column 1: off."

# The share code's field: the cursor where the next character goes.
ui_keys P
check "the code's field: the cursor at its start (after \"> \", its blank trimmed)" rd_after ">"
ui_keys L O 1
check "the code's field: the cursor after what is typed" rd_after "> LO1"
check "... with no drawn cursor after it" rd_none '> LO1_' "$(ui_screen)"
ui_keys Escape
check "field closed: the cursor in the cell again" rd_on_cell 2 1 0

# A question: the cursor after it, where the answer is typed.
ui_keys n
check "a new board: said whole" rd_said "New board, 3x3:"
ui_keys Space
check "a press on it (the cursor kept)" rd_said "pressed row 2, column 1"
ui_keys q
check "a question: said on the message line" rd_said "(y/n)"
check "a question: the cursor just after it" rd_after "(y/n)"
ui_keys n
check "answered: back on the board" rd_said "Board: row 2, column 1"
check "... in the cell" rd_on_cell 2 1
ui_keys R
check "R asks first: the cursor after the question" rd_after "Restart this board? (y/n)"
ui_keys y
check "restarted: said with the lights" rd_said "Board restarted, move 0:"
check "... the cursor in the cell" rd_on_cell 2 1

# The editor: the cell under the cursor said as it moves and is set.
ui_keys e
check "editor: said, the cell under the cursor" rd_said "Editor: row 2, column 1:"
check "editor: the cursor in the cell" rd_on_cell 2 1
ui_keys c
check "editor: a clear said" rd_said "Board cleared: row 2, column 1: off."
ui_keys Space
check "editor: a cell set said" rd_said "row 2, column 1: on."
check "editor: the cursor in it" rd_on_cell 2 1 1
ui_keys l
check "editor: a move said" rd_said "row 2, column 2: off."
ui_keys Escape
check "played: the new position said whole" rd_said "New board, 3x3: 1 light on. row 2, column 2: off."
check "... the cursor in the cell" rd_on_cell 2 2 0
ui_keys Space
check "a press: a game in progress to leave" rd_said "pressed row 2, column 2"
ui_keys q
ui_wait "(y/n)" >/dev/null
ui_keys y
ui_wait "EXIT=0" >/dev/null

# The question at the start (the game left above): the cursor after it.
ui_start -- play --screen-reader
check "a question at the start: the cursor after it" rd_after "(y/n)"

# The lobby (no saved game: nothing made behind it that would clear the
# message line): the cursor at its prompt's end; s turns the mode off and
# on, and the choice is kept for the next start.
ui_start XDG_STATE_HOME="$ui_tmp/state2" -- play --lobby --screen-reader
check "lobby: the cursor at the end of its prompt" rd_after "q leaves."
check "lobby: s is offered" ui_wait "s  screen-reader mode off"
ui_keys s
check "lobby s: said" rd_said "Screen-reader mode off."
check "lobby s: the cursor hidden again" ui_wait_on 'ui_tmux display-message -p #{cursor_flag}' 0
ui_keys s
check "lobby s again: said" rd_said "Screen-reader mode on"
check "lobby s again: the cursor at the prompt" rd_after "q leaves."
ui_keys f
check "lobby f: the board said" rd_said "Board: row 1, column 1:"
check "... the cursor in its cell" rd_on_cell 1 1
check "the mode is kept in the settings file" grep -q '^reader = yes$' "$XDG_CONFIG_HOME/lightsout/config"
# The settings' Reader line turns it off: the cursor hidden, the look back.
ui_keys m Up Up
check "settings: the Reader line said" rd_said "Reader: on."
check "... the cursor on it" rd_focus "Reader: on"
ui_keys Right
check "settings: changed" rd_said "Reader: off."
ui_keys Enter
check "applied: the mode off, said" rd_said "Screen-reader mode off."
check "... the cursor hidden" ui_wait_on 'ui_tmux display-message -p #{cursor_flag}' 0
check "... the cells symbols again" ui_wait "·"
check "... and kept" grep -q '^reader = no$' "$XDG_CONFIG_HOME/lightsout/config"
ui_keys m Up Up Right Enter
check "the settings turn it on: said" rd_said "Screen-reader mode on"
check "... the board it was turned on over is no news" rd_said "Board: row 1, column 1:"
check "... the cursor in the cell" rd_on_cell 1 1

# A board that takes long to make: said once, with no count of seconds
# that would be spoken every second, the cursor after it.
ui_start -- play --screen-reader --size 61x61 --seed 1
ui_wait "Moves 0" 400 >/dev/null
ui_keys m Down Down Down Down Down Right Right Right Enter
check "making a board: said" rd_said "Making a new board... Esc or q stops."
check "making a board: the cursor after the words" rd_after "Esc or q stops."
check "... no seconds counted" rd_none '[0-9] s\)' "$(rd_msg)"
ui_keys Escape
check "stopped: said" rd_said "Stopped: the board you had stays."


# Turned off, the mode gives back the look the options chose: --ascii
# stays ASCII (it once came back as the UTF-8 look).
ui_start -- play --ascii --screen-reader --size 3x3 --seed 1
ui_wait "Moves 0" >/dev/null
ui_keys m Up Up Right Enter
check "off in the settings: said" rd_said "Screen-reader mode off"
check "... the frame the options chose, ASCII" ui_wait "+-----"
no_utf8_frame() { ! ui_screen | grep -q '┌'; }
check "... and no UTF-8 frame" no_utf8_frame


# A board with quiet patterns: each one shown is said as its cells, "row
# column" pairs, as many as the line holds and how many more.
ui_start -- play --screen-reader --size 5x5 --seed 7
ui_wait "Moves 0" >/dev/null
ui_keys a
check "analysis of 5x5: the system said" rd_said "rank 23, nullity 2,"
ui_keys Space
check "the next quiet pattern: its cells said" rd_said "Quiet pattern 2 of 2: 12 cells: 1 1, 1 3, 1 5, 2 1,"
check "... the line whole: how many more cells, not cut" rd_said "more."
ui_keys Space
check "and the first again: 16 cells" rd_said "Quiet pattern 1 of 2: 16 cells: 1 2, 1 3, 1 4,"
check "the cursor kept in its cell" rd_on_cell 1 1 0

done_testing
