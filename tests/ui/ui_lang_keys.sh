#!/bin/sh
# Keys as the player's keyboard names them, and questions answered in the
# player's language: in German the help names Leertaste, Pos1 and Bild auf,
# a question says (j/n) and j answers yes (y still does, n no); in French
# Espace, Début and PgPréc, (o/n) and o.  A yes here gives up the board
# asked about: the moves go back to 0 on a new board.  On a terminal
# without UTF-8 (LANG=C) with German chosen in the settings, every word
# is ASCII, transliterated (Zuege, Francais), never a "?" for a letter.
. "$SRCDIR/tests/lib/tap.sh"
. "$SRCDIR/tests/lib/ui_lib.sh"

# ask LANG: a board with a press made, and the question of giving it up.
ask() {
	ui_start LANGUAGE=$1 -- play --size 5x5 --seed 7
	ui_wait 5x5 > /dev/null
	ui_keys Space
	ui_wait "$2 1" > /dev/null
	ui_keys n
}
for case in "de|Züge|j|Leertaste|Pos1|Bild auf|Rücktaste|Strg-R" "fr|Coups|o|Espace|Début|PgPréc|Retour|Ctrl-R"; do
	IFS='|'
	set -- $case
	unset IFS
	l=$1 moves=$2 yes=$3
	shift 3
	ask "$l" "$moves"
	check "$l: the question names its letters (y/n as ($yes/n))" ui_wait "($yes/n)"
	ui_keys "$yes"
	check "$l: $yes answers yes: a new board, no moves" ui_wait "$moves 0 "
	ask "$l" "$moves"
	ui_wait "($yes/n)" > /dev/null
	ui_keys y
	check "$l: y still answers yes" ui_wait "$moves 0 "
	ask "$l" "$moves"
	ui_wait "($yes/n)" > /dev/null
	ui_keys n
	check "$l: n answers no: the board and its move kept" ui_gone "($yes/n)"
	check "$l: ... its move kept" ui_wait "$moves 1 "
	ui_keys '?'
	for key in "$@"; do
		check "$l: the help names the key $key" ui_wait "$key"
	done
	check "$l: ... and no English key name" sh -c '! $0 capture-pane -p | grep -E -q "(^|[ ,])(Space|Enter|Home|PgUp|Backspace|Ctrl)([ ,]|$)"' "$TMUX_CMD"
done

mkdir -p "$XDG_CONFIG_HOME/lightsout"
printf 'language = de\n' > "$XDG_CONFIG_HOME/lightsout/config"
ui_start LC_ALL=C LANG=C -- play --size 5x5 --seed 7
check "LANG=C, German chosen: the board in German ASCII (Zuege 0)" ui_wait "Zuege 0"
check "... no '?' for a letter" sh -c '! $0 capture-pane -p | grep -q "[A-Za-z]?[A-Za-z]"' "$TMUX_CMD"
ui_keys m
ui_wait "Deutsch" > /dev/null
ui_keys Up Up Up Right
check "... the settings name French Francais" ui_wait "Francais"
check "... and the whole settings screen has no '?' beside a letter" sh -c '! $0 capture-pane -p | grep -q "[A-Za-z]?\\|?[A-Za-z]"' "$TMUX_CMD"
done_testing
