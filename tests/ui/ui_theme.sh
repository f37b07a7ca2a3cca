#!/bin/sh
# The colour themes: xterm's 256 colours where the terminal has them, each
# theme its own cells (not only the frame and the status bar), and the 8
# colours of any colour terminal otherwise.
. "$SRCDIR/tests/lib/tap.sh"
. "$SRCDIR/tests/lib/ui_lib.sh"

conf="$XDG_CONFIG_HOME/lightsout/config"
mkdir -p "${conf%/*}"
# k = 2 and k = 3 boards: lit and unlit cells, the values' palette.
two=$(ui_board_file two.txt 110 010 000)
three=$(ui_board_file three.txt 120 210 000)

# The 256-colour indexes (38;5;N, 48;5;N) on the board's rows, the
# frame's own colour (the first on its top line) left out: the cells'.
cell_colours() {
	s=$($TMUX_CMD capture-pane -p -e)
	frame=$(printf '%s\n' "$s" | grep -F '┌' | head -n 1 | grep -o '[34]8;5;[0-9]*' | head -n 1)
	printf '%s\n' "$s" | grep -F '│' | grep -o '[34]8;5;[0-9]*' | grep -v -x -e "${frame:-none}" | sort -u |
		tr '\n' ' '
}

# start THEME TERM BOARD: the game on BOARD with THEME, drawn.
start() {
	printf 'theme = %s\n' "$1" >"$conf"
	states=2
	[ "$3" = "$three" ] && states=3
	ui_start TERM="$2" -- --states "$states" --load "$3"
	ui_wait "Moves 0" >/dev/null
}

for board in "$two" "$three"; do
	: >"$ui_tmp/looks"
	for theme in classic amber ocean forest; do
		start "$theme" tmux-256color "$board"
		got=$(cell_colours)
		check "$theme, 256 colours (${board##*/}): its cells in 256 colours" test -n "$got"
		echo "$got" >>"$ui_tmp/looks"
		ui_keys q
		ui_wait "EXIT=0" >/dev/null
	done
	# Each theme's cells differ from every other's.
	looks=$(sort -u "$ui_tmp/looks" | wc -l)
	check "four themes, four looks of the cells (${board##*/})" test "$looks" -eq 4
	[ "$looks" -eq 4 ] || sed 's/^/# /' "$ui_tmp/looks" >&2
done

# The status bar's paper is the theme's too, in 256 colours.
start ocean xterm-256color "$two"
check "xterm-256color: the status bar in 256 colours" sh -c "$TMUX_CMD capture-pane -p -e | grep -q '48;5;[0-9]*m Moves 0'"
ui_keys q
ui_wait "EXIT=0" >/dev/null

# Eight colours: only the basic codes, and the game still plays.
for theme in classic amber; do
	start "$theme" screen "$two"
	check "$theme on an 8-colour terminal: coloured" sh -c "$TMUX_CMD capture-pane -p -e | grep -q '\[3[0-7]m\|\[3[0-7];\|;3[0-7]m'"
	check "... with no 256-colour codes" sh -c "! $TMUX_CMD capture-pane -p -e | grep -q '[34]8;5;'"
	ui_keys Space
	check "... and plays" ui_wait "Moves 1"
	ui_keys q y
	ui_wait "EXIT=0" >/dev/null
done

# The settings' Colours line previews: each theme shows on the board at
# once, and Escape brings back the one there was.
colours_are() {	# colours_are is|not COLOURS: poll the cells' colours
	for _ in $(seq 200); do
		now=$(cell_colours)
		if [ "$1" = is ]; then [ "$now" = "$2" ] && return 0; else [ "$now" != "$2" ] && return 0; fi
		sleep 0.05
	done
	echo "# the cells' colours: $now" >&2
	return 1
}
start classic tmux-256color "$two"
was=$(cell_colours)
ui_keys m
ui_wait "Colours" >/dev/null
ui_keys Up Right
ui_wait "Colours      ← amber →" >/dev/null
check "moving on the Colours line recolours the board at once" colours_are not "$was"
ui_keys Escape
ui_gone "Colours" >/dev/null
check "Escape brings back the colours there were" colours_are is "$was"
ui_keys q
ui_wait "EXIT=0" >/dev/null

done_testing
