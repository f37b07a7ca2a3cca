#!/bin/sh
# Every screen fits at 60x20 and 80x24 in every language: each screen of
# a game and of the arcade's lobby is drawn wide (160x50) and then small,
# in English and in each translation of po/LINGUAS, and every word drawn
# small is a whole word of the wide screen (a word cut by the edge, or by
# a column too narrow, is not one; a deliberate cut ends in "…" and is
# the start of a word).  In a translation, no line of two words or more
# reads as the English screen's line does: what a player reads is
# translated on every screen visited.
. "$SRCDIR/tests/lib/tap.sh"
. "$SRCDIR/tests/lib/ui_lib.sh"

langs="en $(sed 's/#.*//' "$SRCDIR/po/LINGUAS")"
# settle: the screen once it has stopped changing (the game redraws on
# SIGWINCH), and not what it was before the last key when that is given.
settle() {
	_last=
	_same=0
	_tries=100
	while [ $_tries -gt 0 ]; do
		_now=$(ui_screen)
		if [ "$_now" = "$_last" ] && [ "$_now" != "${1:-}" ]; then
			_same=$((_same + 1))
			[ $_same -ge 3 ] && { printf '%s\n' "$_now"; return 0; }
		else
			_same=0
		fi
		_last=$_now
		sleep 0.05
		_tries=$((_tries - 1))
	done
	printf '%s\n' "$_now"
}
# words FILE: the words of a screen, one a line ("…" kept on a cut one).
words() { grep -o -E '[[:alpha:]][[:alpha:]'"'"'’-]*…?' "$1" | sort -u; }
# cut_words SMALL WIDE COLS: the words the small screen cuts: one that
# ends a line at the window's edge, or runs into a frame (│) with no
# space, and is no whole word of the wide screen but the start of one
# ("matt" of "matter").  A cut that ends in "…" is deliberate.
cut_words() {
	words "$2" > "$ui_tmp/wide.words"
	while IFS= read -r line; do
		if [ "$(printf '%s' "$line" | wc -L)" -ge "$3" ]; then
			printf '%s\n' "$line" | grep -o -E '[[:alpha:]][[:alpha:]'"'"'’-]*$'
		fi
		printf '%s\n' "$line" | grep -o -E '[[:alpha:]][[:alpha:]'"'"'’-]*│' | sed 's/│$//'
	done < "$1" | sort -u | while read -r w; do
		grep -q -F -x -- "$w" "$ui_tmp/wide.words" && continue
		grep -q -- "^$w" "$ui_tmp/wide.words" && echo "$w"
	done
}

# visit LANG NAME KEYS...: from the screen now, KEYS (tmux send-keys
# words) to a screen called NAME; it is kept wide as $ui_tmp/LANG.NAME
# and checked small at 60x20 and 80x24.
visit() {
	_l=$1 _name=$2
	shift 2
	_before=$(ui_screen)
	[ $# -gt 0 ] && ui_keys "$@"
	ui_tmux resize-window -x 160 -y 50
	settle "$_before" > "$ui_tmp/$_l.$_name"
	for _size in 60x20 80x24; do
		ui_tmux resize-window -x "${_size%x*}" -y "${_size#*x}"
		settle > "$ui_tmp/small"
		_cut=$(cut_words "$ui_tmp/small" "$ui_tmp/$_l.$_name" "${_size%x*}" | head -5 | tr '\n' ' ')
		check "$_l: $_name fits $_size, no word cut${_cut:+ (cut: $_cut)}" test -z "$_cut"
	done
	if [ "$_l" != en ] && [ -f "$ui_tmp/en.$_name" ]; then
		# Lines of two words and more that read the same as in English.
		sed 's/Lights Out//g' "$ui_tmp/en.$_name" > "$ui_tmp/en.lines"
		_same=$(sed 's/Lights Out//g' "$ui_tmp/$_l.$_name" | grep -x -F -f "$ui_tmp/en.lines" | grep -E '(^|[^[:alnum:]])[[:alpha:]]{2,}[^[:alnum:]]+[[:alpha:]]{2,}([^[:alnum:]]|$)' |
			grep -v -F -e lightsout -e "$LO_NAME" | head -3 | sed 's/  */ /g' | tr '\n' '/')
		check "$_l: $_name is translated${_same:+ (English: $_same)}" test -z "$_same"
	fi
	ui_tmux resize-window -x 160 -y 50
	settle > /dev/null
}

LO_NAME=zzplayer
for l in $langs; do
	env_l="LANGUAGE=$l"
	[ "$l" = en ] && env_l="LANGUAGE="
	# A game: the board and each screen it opens.
	ui_start $env_l -- play --size 5x5 --seed 7
	ui_tmux resize-window -x 160 -y 50
	visit "$l" board
	visit "$l" help '?'
	visit "$l" howto Enter
	ui_keys Escape
	visit "$l" settings m
	ui_keys Escape
	visit "$l" editor e
	ui_keys Escape
	visit "$l" analysis a
	ui_keys Escape
	visit "$l" stats S
	ui_keys q
	visit "$l" sharecode c
	ui_keys q
	visit "$l" overlay s
	visit "$l" quit q
	ui_keys n
	# The arcade's lobby and its screens.
	ui_start $env_l LOGNAME=$LO_NAME -- play --lobby
	ui_tmux resize-window -x 160 -y 50
	visit "$l" lobby
	visit "$l" leaderboard l
	ui_keys q
	visit "$l" you i
	ui_keys q
	visit "$l" races r
	ui_keys Escape
	visit "$l" watching w
	ui_keys Escape
	ui_kill_server
done
done_testing
