# Helpers for the screen-reader mode's tests (issue 38): what a reader
# hears and where its cursor is, on an 80x24 pane of tests/lib/ui_lib.sh.
# Source it after ui_lib.sh.
#
#   rd_msg, rd_said WORDS     the message line; poll until it says WORDS
#   rd_once WORDS             WORDS are on the screen once
#   rd_cursor, rd_shown       tmux's cursor "X Y"; is it shown?
#   rd_cell, rd_on_cell R C [V]  the board cell the cursor is on; poll
#   rd_from, rd_focus TEXT    the text from the cursor on; poll for TEXT
#   rd_before, rd_after TEXT  the text before the cursor; poll until it
#                             ends with TEXT (a prompt's, a field's end)
#   rd_none REGEX TEXT        TEXT has no match of REGEX

# The message line (the 23rd of 24): the words a key said.
rd_msg() { ui_screen | sed -n 23p; }
# rd_said WORDS: poll until the message line says WORDS.
rd_said() { ui_wait_on rd_msg "$1"; }
# rd_once WORDS: WORDS are on the screen once (said, not repeated).
rd_once() { [ "$(ui_screen | grep -c -F -- "$1")" = 1 ]; }
rd_cursor() { ui_tmux display-message -p '#{cursor_x} #{cursor_y}'; }
# rd_none REGEX TEXT: TEXT has no match of REGEX.
rd_none() { ! printf '%s\n' "$2" | grep -q -E -e "$1"; }
rd_shown() { [ "$(ui_tmux display-message -p '#{cursor_flag}')" = 1 ]; }

# The board cell the terminal's cursor is on, as "ROW COL VALUE" (1-based):
# the board's lines are those of digits and marks alone; the cursor must
# be on a cell's digit, not beside it.
rd_cell() {
	set -- $(rd_cursor)
	ui_screen | awk -v x="$1" -v y="$2" '
		/^[][(){}<>!+* 0-9-]*[0-9][][(){}<>!+* 0-9-]*$/ { row++
			if (NR - 1 == y) { first = match($0, /[0-9]/) - 1; c = substr($0, x + 1, 1)
				if (c ~ /[0-9]/ && (x - first) % 3 == 0) print row, (x - first) / 3 + 1, c
				exit } }'
}
# rd_on_cell ROW COL [VALUE]: poll until the cursor is shown on that cell.
rd_on_cell() {
	tries=200
	while [ "$tries" -gt 0 ]; do
		got=$(rd_cell)
		rd_shown && { [ "$got" = "$1 $2 ${3:-}" ] || { [ -z "${3:-}" ] && [ "${got% *}" = "$1 $2" ]; }; } && return 0
		sleep 0.05
		tries=$((tries - 1))
	done
	echo "# the cursor ($(rd_cursor)) is on cell '$(rd_cell)', not '$1 $2 $3'" >&2
	return 1
}
# The text from the cursor to the end of its line, and the text before it.
rd_from() { set -- $(rd_cursor); ui_screen | sed -n "$(($2 + 1))p" | cut -c"$(($1 + 1))"-; }
rd_before() { set -- $(rd_cursor); [ "$1" -gt 0 ] && ui_screen | sed -n "$(($2 + 1))p" | cut -c1-"$1"; }
# rd_focus TEXT: poll until the focused line reads TEXT from the cursor on.
rd_focus() { ui_wait_on rd_from "$1"; }
# rd_after TEXT: poll until the cursor sits just after TEXT (a prompt's end).
rd_after() {
	tries=200
	while [ "$tries" -gt 0 ]; do
		case "$(rd_before)" in *"$1") rd_shown && return 0 ;; esac
		sleep 0.05
		tries=$((tries - 1))
	done
	echo "# before the cursor ($(rd_cursor)): '$(rd_before)', not '...$1'" >&2
	return 1
}
