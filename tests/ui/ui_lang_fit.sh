#!/bin/sh
# Every screen fits at 60x20 and 80x24 in every language: each screen of
# a game and of the arcade's lobby is drawn wide (160x50) and then small,
# in English and in each translation of po/LINGUAS, and every word drawn
# small is a whole word of the wide screen (a word cut by the edge, or by
# a column too narrow, is not one; a deliberate cut ends in "…" and is
# the start of a word).  In a translation, no line of two words or more
# reads as the English screen's line does: what a player reads is
# translated on every screen visited.  And each key bar keeps as many
# items as the English one at that size (none dropped for room).
# The screens: a game's (the board, also played from the lobby, a question, the share code's entry
# and page, the settings and their variants page, help, the editor,
# analysis, the solution, making a hard board), the statistics and the
# host's daily leaderboard with finished games, the lobby's, and on a
# public account (lightsout serve) the races (one open, taken, counted
# down, raced) and the watching (the list of live games, a game).
# FIT_LANGS="en de" runs some languages only; FIT_KEEP=DIR keeps each
# screen drawn there (LANG.NAME.wide, LANG.NAME.COLSxLINES).
. "$SRCDIR/tests/lib/tap.sh"
. "$SRCDIR/tests/lib/ui_lib.sh"

langs=${FIT_LANGS:-en $(sed 's/#.*//' "$SRCDIR/po/LINGUAS")}
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
# space or one (a box's margin), and is no whole word of the wide
# screen but the start of one
# ("matt" of "matter").  A cut that ends in "…" is deliberate.  Chinese
# has no spaces: a "word" is a phrase between punctuation, a line may
# break inside it (its next line carries it on, as the wide screen
# reads), and a line that ends in a wide character is at the edge one
# column early when the next one would not have fit.
cut_words() {
	words "$2" > "$ui_tmp/wide.words"
	tr -d ' ' < "$2" > "$ui_tmp/wide.joined"
	_i=0
	while IFS= read -r line; do
		_i=$((_i + 1))
		_w=$(printf '%s' "$line" | wc -L)
		_wide=$(printf '%s' "$line" | grep -o '.$' | tr -d '\n' | wc -L)
		# (A line that scrolls sideways by design, $scrolls, may.)
		if { [ "$_w" -ge "$3" ] || { [ "$_wide" = 2 ] && [ "$_w" -ge $(($3 - 1)) ]; }; } &&
			! { [ -n "${scrolls:-}" ] && printf '%s\n' "$line" | grep -q -E "$scrolls"; }; then
			_next=$(sed -n "$((_i + 1))p" "$1" | sed 's/^[ │]*//')
			_foot=$(grep -n . "$1" | tail -1 | cut -d: -f1)
			if [ "$_wide" = 2 ]; then
				# It is whole where the wide screen reads on from its end
				# into its next line, where a line of the wide screen ends
				# as it does, or where its last word is followed by a space
				# there (a table's column, kept whole, scrolls sideways).
				_end=$(printf '%s\n' "$line" | grep -o '..$')
				_word=$(printf '%s\n' "$line" | grep -o -E '[[:alpha:]]+$')
				_re=$(printf '%s' "$_end" | sed 's/[][\.*^$]/\\&/g')
				[ "$((_i + 1))" = "$_foot" ] ||
					grep -q -F -- "$_end$(printf '%s\n' "$_next" | grep -o '^..')" "$ui_tmp/wide.joined" ||
					grep -q -- "$_re\$" "$ui_tmp/wide.joined" ||
					{ [ -n "$_word" ] && grep -q -F -- "$_word " "$2"; } ||
					printf '!%s\n' "$_end"
			else
				printf '%s\n' "$line" | grep -o -E '[[:alpha:]][[:alpha:]'"'"'’-]*$'
			fi
		fi
		printf '%s\n' "$line" | grep -o -E '[[:alpha:]][[:alpha:]'"'"'’-]* ?│' | sed 's/ *│$//'
	done < "$1" | sort -u | while read -r w; do
		case $w in '!'*) echo "${w#!}"; continue ;; esac
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
		[ -n "${FIT_KEEP:-}" ] && cp "$ui_tmp/small" "$FIT_KEEP/$_l.$_name.$_size" && cp "$ui_tmp/$_l.$_name" "$FIT_KEEP/$_l.$_name.wide"
		_cut=$(cut_words "$ui_tmp/small" "$ui_tmp/$_l.$_name" "${_size%x*}" | head -5 | tr '\n' ' ')
		check "$_l: $_name fits $_size, no word cut${_cut:+ (cut: $_cut)}" test -z "$_cut"
		# No line wider than the window (a wide character is never
		# half drawn at its edge).
		check "$_l: $_name within $_size's width" test "$(wc -L < "$ui_tmp/small")" -le "${_size%x*}"
		# A question keeps its keys at every size: it is cut, not its
		# (y/n) (English once lost it at 60 columns).
		cp "$ui_tmp/small" "$ui_tmp/$_l.$_name.$_size.small"
		if grep -q -F '(y/n)' "$ui_tmp/$_l.$_name"; then
			check "$_l: $_name keeps its (y/n) at $_size" grep -q -F '(y/n)' "$ui_tmp/small"
		fi
		# The key bar (the line above the status) keeps as many items
		# as the English one at this size: none dropped for room.
		tail -n 2 "$ui_tmp/small" | head -n 1 | grep -o '[^ ]·[^ ]' | wc -l > "$ui_tmp/$_l.$_name.$_size.bar"
		_en=$(cat "$ui_tmp/en.$_name.$_size.bar" 2>/dev/null || echo 0)
		_in=$(cat "$ui_tmp/$_l.$_name.$_size.bar")
		if [ "$_l" != en ] && [ "$_en" -gt 0 ]; then
			check "$_l: $_name's key bar at $_size keeps English's $((_en + 1)) items ($((_in + 1)))" \
				test "$_in" -ge "$_en"
		fi
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
# The host's leaderboard, shared as on a host.
chmod 711 "$ui_tmp"
mkdir "$ui_tmp/scores"
chmod 1777 "$ui_tmp/scores"
# The arcade's players: a key each, as sshd would say it, when the
# machine can make one.
arcade=no
if command -v ssh-keygen >/dev/null 2>&1; then
	arcade=yes
	for k in alice bob carol; do
		ssh-keygen -q -t ed25519 -N '' -C "$k" -f "$ui_tmp/$k" || arcade=no
		printf 'publickey %s\n' "$(cut -d' ' -f1,2 "$ui_tmp/$k.pub")" >"$ui_tmp/$k.auth"
	done
fi
# player NAME ADDRESS ENV: NAME, from ADDRESS, plays in the arcade of
# $host (lightsout serve) in a tmux server of their own, at the lobby;
# TMUX_CMD is theirs.
player() {
	TMUX_CMD="tmux -L lo$$-$1 -f /dev/null"
	ui_kill_server
	cat >"$ui_tmp/run-$1.sh" <<RUN
SSH_USER_AUTH='$ui_tmp/$1.auth' SSH_CONNECTION='$2 40000 192.0.2.1 22' $3 '$LIGHTSOUT' serve --dir '$host'
exec sleep 600
RUN
	ui_tmux new-session -d -x 160 -y 50 "sh '$ui_tmp/run-$1.sh'"
	ui_tmux set-option -g window-size manual >/dev/null 2>&1
	ui_wait "[" > /dev/null
	ui_keys C-u
	ui_keys -l "$1"
	ui_keys Enter
	ui_wait "$1" > /dev/null
	settle > /dev/null
}

for l in $langs; do
	env_l="LANGUAGE=$l"
	[ "$l" = en ] && env_l="LANGUAGE="
	# A game: the board and each screen it opens.
	ui_start $env_l -- play --size 5x5 --seed 7
	ui_tmux resize-window -x 160 -y 50
	visit "$l" board
	visit "$l" codeentry P
	ui_keys Escape
	visit "$l" variants m v
	ui_keys Escape Escape
	# A question (y/n): a new board asked for mid-game.
	ui_keys Space
	visit "$l" question n
	ui_keys n
	visit "$l" help '?'
	visit "$l" howto Enter
	ui_keys Escape
	visit "$l" settings m
	ui_keys Escape
	visit "$l" editor e
	ui_keys Escape
	visit "$l" analysis a
	ui_keys Escape
	scrolls='^ [0-9]{4}-[0-9]{2}-[0-9]{2}  '
	visit "$l" stats S
	ui_keys q
	scrolls=
	visit "$l" sharecode c
	ui_keys q
	visit "$l" overlay s
	visit "$l" quit q
	ui_keys n
	# A board that takes long to make: the making screen (a hard 61x61).
	ui_start $env_l -- play --size 61x61 --seed 1
	ui_tmux resize-window -x 160 -y 50
	ui_wait 61x61 400 > /dev/null
	ui_keys m Down Down Down Down Down Right Right Right
	visit "$l" making Enter
	ui_keys Escape
	# (The settings kept would make every board after a hard 61x61.)
	ui_kill_server
	rm -rf "$XDG_CONFIG_HOME"
	# Finished games: a --seed board won, one the solver played, a daily
	# board won and ranked on the host's leaderboard; the statistics and
	# the day's table with rows.
	ui_start $env_l -- play --size 3x3 --seed 4
	ui_tmux resize-window -x 160 -y 50
	ui_wait 3x3 > /dev/null
	ui_solve_shown
	ui_keys n y s T
	sleep 1
	ui_keys n y
	ui_start $env_l -- play --daily --size 3x3 --scores "$ui_tmp/scores"
	ui_tmux resize-window -x 160 -y 50
	ui_wait 3x3 > /dev/null
	ui_solve_shown
	visit "$l" dailyboard L
	ui_keys q
	# Each daily board's result is a line of the table that scrolls
	# sideways: 37 columns of date and board, then words that fill 30 in
	# English ("won in 6 moves (par 6), 0:00.1"): it cannot fit 60
	# columns in any language.  Its headings and columns do: checked.
	scrolls='^ [0-9]{4}-[0-9]{2}-[0-9]{2}  '
	visit "$l" records S
	ui_keys q
	scrolls=
	# The arcade's lobby and its screens (with no game to resume: the
	# 5x5 one above had a move).
	ui_kill_server
	rm -rf "$XDG_STATE_HOME"
	ui_start $env_l LOGNAME=$LO_NAME -- play --lobby --scores "$ui_tmp/scores"
	ui_tmux resize-window -x 160 -y 50
	visit "$l" lobby
	visit "$l" leaderboard l
	ui_keys q
	visit "$l" you i
	ui_keys q
	# The board from the lobby: its key bar's q goes to the lobby.
	visit "$l" lobbyboard f
	ui_keys q
	# Locally races and watching are a line each, in the lobby.
	visit "$l" races r
	visit "$l" watching w
	ui_kill_server
	[ "$arcade" = yes ] || continue
	# The arcade on a public account: alice opens a race, bob sees it on
	# his race screen and takes it (the countdown, then the race's status
	# line), carol watches: the list with their live games, and a game.
	host="$ui_tmp/host-$l"
	player alice 198.51.100.7 "$env_l"
	A=$TMUX_CMD
	player bob 203.0.113.9 "$env_l"
	B=$TMUX_CMD
	player carol 192.0.2.77 "$env_l"
	C=$TMUX_CMD
	TMUX_CMD=$A
	visit "$l" raceopened r o
	TMUX_CMD=$B
	visit "$l" racetake r
	visit "$l" countdown Enter
	ui_wait "0 " > /dev/null
	sleep 3
	visit "$l" racing
	TMUX_CMD=$C
	visit "$l" watchlive w
	visit "$l" watchview Enter
	for TMUX_CMD in "$A" "$B" "$C"; do
		ui_kill_server
	done
done
done_testing
