# Helpers for the end-to-end tests of the game: the real binary in a private
# tmux server with a fixed pane size.  Source it after tests/lib/tap.sh.
#
#   ui_start [ENV=VALUE...] -- ARGS...   run "lightsout ARGS" in a fresh pane
#   ui_shell                             a pane running sh, for typing commands
#   ui_wait TEXT [TRIES]                 poll the screen until TEXT shows
#   ui_gone TEXT [TRIES]                 poll until TEXT is no longer shown
#   ui_keys KEY...                       tmux send-keys
#   ui_screen                            the screen now
#   ui_board                             the board rows as digits (0/1/...)
#   ui_marks                             the overlay's marks as 0/1 rows (k = 2)

if ! command -v tmux >/dev/null 2>&1; then
	# tap-driver.sh counts any non-zero exit as an error: skip the TAP way.
	echo "1..0 # SKIP tmux is not installed"
	exit 0
fi

: "${LIGHTSOUT:?LIGHTSOUT must name the lightsout binary}"
ui_tmp=$(mktemp -d "${TMPDIR:-/tmp}/lightsout-ui.XXXXXX") || exit 1
# The servers' sockets live in the temporary directory and go with it.
export TMUX_TMPDIR="$ui_tmp"
# One private server per game started: a server being killed cannot
# swallow the next session.
ui_n=0
TMUX_CMD="tmux -L lo$$-0 -f /dev/null"
# End the current server and make sure its game is gone too: a game that
# hangs on the way out (seen once under LeakSanitizer) must not outlive
# the test and eat a core.
ui_kill_server() {
	game=$(ui_game_pid 2>/dev/null || true)
	$TMUX_CMD kill-server >/dev/null 2>&1
	[ -n "$game" ] || return 0
	tries=0
	while kill -0 "$game" 2>/dev/null && [ $tries -lt 40 ]; do
		sleep 0.05
		tries=$((tries + 1))
	done
	kill -9 "$game" 2>/dev/null
	return 0
}
ui_next_server() {
	ui_kill_server
	ui_n=$((ui_n + 1))
	TMUX_CMD="tmux -L lo$$-$ui_n -f /dev/null"
}
ui_cleanup() { ui_kill_server; rm -rf "$ui_tmp"; }
trap ui_cleanup EXIT
trap 'exit 1' INT TERM HUP

# Under the sanitizer build, LeakSanitizer's stop-the-world once hung a game
# on its way out of a tmux pane (spinning, never exiting).  Memory errors are
# still caught here; leaks are checked by the unit and command-line tests.
export ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0"

# A private home: the game's saved state must not touch the real one.
export HOME="$ui_tmp/home" XDG_STATE_HOME="$ui_tmp/state" XDG_CONFIG_HOME="$ui_tmp/config"
export XDG_DATA_HOME="$ui_tmp/data"
mkdir -p "$HOME"
unset TMUX NO_COLOR
export LANG=C.UTF-8 LC_ALL=C.UTF-8

ui_pane=
# ui_start [VAR=VALUE...] -- ARGS...
ui_start() {
	env_args=
	while [ $# -gt 0 ] && [ "$1" != "--" ]; do
		env_args="$env_args $1"
		shift
	done
	[ "$1" = "--" ] && shift
	ui_next_server
	# The pane's command is a shell line: quote each argument.
	cmd="env$env_args '$LIGHTSOUT'"
	for a in "$@"; do
		cmd="$cmd '$a'"
	done
	# Terminal settings before and after, to show the game restored them.
	rm -f "$ui_tmp/stty.before" "$ui_tmp/stty.after"
	cat >"$ui_tmp/run.sh" <<RUN
stty -g >"$ui_tmp/stty.before"
$cmd
rc=\$?
stty -g >"$ui_tmp/stty.after"
echo "EXIT=\$rc"
exec sleep 600
RUN
	$TMUX_CMD new-session -d -x 80 -y 24 "sh '$ui_tmp/run.sh'"
	# The window keeps its size: no client is attached to resize it.
	$TMUX_CMD set-option -g window-size manual >/dev/null 2>&1
}

# A pane with a plain shell and a known prompt.
ui_shell() {
	ui_next_server
	$TMUX_CMD new-session -d -x 80 -y 24 "env PS1='prompt\$ ' sh"
	$TMUX_CMD set-option -g window-size manual >/dev/null 2>&1
	ui_wait 'prompt$'
}

# Has the last game left the terminal as it found it?  Call after EXIT=.
ui_restored() {
	cmp -s "$ui_tmp/stty.before" "$ui_tmp/stty.after" &&
		[ "$($TMUX_CMD display-message -p '#{alternate_on}')" = 0 ]
}

# The game's process id: the child of the pane's shell.
ui_game_pid() {
	ppid=$($TMUX_CMD display-message -p '#{pane_pid}')
	for st in /proc/[0-9]*/stat; do
		# pid (comm) state ppid ...
		set -- $(sed 's/^\([0-9]*\) (\(.*\)) /\1 \2 /' "$st" 2>/dev/null)
		if [ "${4:-}" = "$ppid" ] && [ "$2" = lightsout ]; then
			echo "$1"
			return 0
		fi
	done
	return 1
}

# ui_proc_is PID STATE: poll until the process's state (R, S, T, ...) is
# STATE, or it is gone when STATE is "gone".
ui_proc_is() {
	tries=200
	while [ "$tries" -gt 0 ]; do
		st=$(sed 's/^.*) \(.\).*/\1/' "/proc/$1/stat" 2>/dev/null || echo gone)
		case "$2" in
		gone) [ "$st" = gone ] && return 0 ;;
		running) [ "$st" != gone ] && [ "$st" != T ] && return 0 ;;
		*) [ "$st" = "$2" ] && return 0 ;;
		esac
		sleep 0.05
		tries=$((tries - 1))
	done
	echo "# process $1 is '$st', not $2" >&2
	return 1
}

# The game's settings file.  ui_kept LINE: poll until it holds LINE (the
# key that keeps it may still be on its way when the screen already shows
# a board); ui_unkept REGEX: until no line of it matches.
ui_conf="$XDG_CONFIG_HOME/lightsout/config"
ui_kept() {
	for _ in $(seq 200); do
		grep -qx -- "$1" "$ui_conf" 2>/dev/null && return 0
		sleep 0.05
	done
	return 1
}
ui_unkept() {
	for _ in $(seq 200); do
		grep -q -- "$1" "$ui_conf" 2>/dev/null || return 0
		sleep 0.05
	done
	return 1
}
ui_screen() { $TMUX_CMD capture-pane -p 2>/dev/null; }
ui_keys() { $TMUX_CMD send-keys "$@"; }
ui_tmux() { $TMUX_CMD "$@"; }

# ui_wait_on SCREEN TEXT [TRIES]: poll the output of the command SCREEN
# until TEXT shows, up to TRIES x 0.05 s (default 10 s).  Never guess.
ui_wait_on() {
	tries=${3:-200}
	while [ "$tries" -gt 0 ]; do
		if $1 | grep -F -q -- "$2"; then
			return 0
		fi
		sleep 0.05
		tries=$((tries - 1))
	done
	echo "# timed out waiting for: $2" >&2
	$1 | sed 's/^/# /' >&2
	return 1
}
ui_wait() { ui_wait_on ui_screen "$@"; }

ui_gone() {
	tries=${2:-200}
	while [ "$tries" -gt 0 ]; do
		if ! ui_screen | grep -F -q -- "$1"; then
			return 0
		fi
		sleep 0.05
		tries=$((tries - 1))
	done
	echo "# timed out waiting for this to go: $1" >&2
	return 1
}

# Board rows inside the frame, as digits: 0 for off, 1 for on, digits
# as drawn for k > 2 (a random tile's pattern squares and the frames of the
# cursor's tile and the preview's dropped).  Works for the UTF-8 and the
# ASCII glyphs.
ui_board() {
	ui_screen | grep -E '^ *[|│]' | sed -e 's/[][|│ ()!{}‹›<>▸◂▪─╱╲┏━┓┃┗┛┌┐└┘+=]//g' -e 's/·/0/g' -e 's/●/1/g' -e 's/\./0/g' \
		-e 's/#/1/g' | grep -v '^$'
}

# The cursor's cell as "ROW COL" (1-based): the cell drawn in [ ].
ui_cursor() {
	ui_screen | grep -E '^ *[|│]' | sed -e 's/[|│ ()!{}‹›<>▸◂─╱╲┏━┓┃┗┛┌┐└┘+=]//g' -e 's/[·●←↑→↓]/x/g' | grep -v '^$' |
		awk '{ i = index($0, "["); if (i) { print NR, i; exit } }'
}

# ui_cursor_is ROW COL: poll until the cursor is there.
ui_cursor_is() {
	tries=200
	while [ "$tries" -gt 0 ]; do
		[ "$(ui_cursor)" = "$1 $2" ] && return 0
		sleep 0.05
		tries=$((tries - 1))
	done
	echo "# the cursor is at '$(ui_cursor)', not '$1 $2'" >&2
	return 1
}

# The marks on a k = 2 board drawn with --ascii: 1 where a cell is marked
# "(x)" (a press), ">x<" (a chase step's press) or "!x!" (a certificate),
# 0 where it is " x " or "[x]".
ui_marks() {
	ui_screen | grep -E '^ *[|]' | sed -e 's/^ *|//' -e 's/| *$//' |
		sed -e 's/([.#])/1/g' -e 's/>[.#]</1/g' -e 's/![.#]!/1/g' -e 's/{[.#]}/0/g' -e 's/[[ ][.#][] ]/0/g' -e 's/[ |+=]//g' |
		grep -v '^$'
}

# ui_marks_are ROWS...: poll until the marks read exactly these rows.
ui_marks_are() {
	want=$(printf '%s\n' "$@")
	tries=200
	while [ "$tries" -gt 0 ]; do
		if [ "$(ui_marks)" = "$want" ]; then
			return 0
		fi
		sleep 0.05
		tries=$((tries - 1))
	done
	echo "# marks are:" >&2
	ui_marks | sed 's/^/#   /' >&2
	echo "# wanted:" >&2
	echo "$want" | sed 's/^/#   /' >&2
	return 1
}

# ui_board_is ROWS...: poll until the board reads exactly these rows.
ui_board_is() {
	want=$(printf '%s\n' "$@")
	tries=200
	while [ "$tries" -gt 0 ]; do
		if [ "$(ui_board)" = "$want" ]; then
			return 0
		fi
		sleep 0.05
		tries=$((tries - 1))
	done
	echo "# board is:" >&2
	ui_board | sed 's/^/#   /' >&2
	echo "# wanted:" >&2
	echo "$want" | sed 's/^/#   /' >&2
	return 1
}

# ui_board_file NAME ROWS...: write a board file, print its path.
ui_board_file() {
	f="$ui_tmp/$1"
	shift
	printf '%s\n' "$@" >"$f"
	echo "$f"
}

# Play the board on screen (k = 2 grids) to its end: `lightsout solve`
# says which cells, the cursor goes to each from the top left.
ui_solve_shown() {
	ui_board >"$ui_tmp/board" || return 1
	"$LIGHTSOUT" solve --format moves "$ui_tmp/board" >"$ui_tmp/moves" || return 1
	tail -n +2 "$ui_tmp/moves" | while read -r r c _; do
		ui_keys g 0
		i=1
		while [ $i -lt "$r" ]; do ui_keys j; i=$((i + 1)); done
		i=1
		while [ $i -lt "$c" ]; do ui_keys l; i=$((i + 1)); done
		ui_keys Space
	done
}

# ui_second_game: a second game in a tmux server of its own (another login):
# b_start runs lightsout --ascii there; b_screen, b_keys, b_wait as the ui_
# ones; b_kill ends it (and the exit trap does).
ui_second_game() {
	B_CMD="tmux -L lo$$-b -f /dev/null"
	trap 'b_kill; ui_cleanup' EXIT
}
b_kill() { $B_CMD kill-server >/dev/null 2>&1; return 0; }
# Each start on a server of its own name, as ui_next_server does: a server
# still exiting after kill-server took a new session under the old name
# down with it (seen once under load: "no server running").
b_n=0
b_start() {
	b_kill
	b_n=$((b_n + 1))
	B_CMD="tmux -L lo$$-b$b_n -f /dev/null"
	cat >"$ui_tmp/run-b.sh" <<RUN
'$LIGHTSOUT' --ascii
echo "EXIT=\$?"
exec sleep 600
RUN
	$B_CMD new-session -d -x 80 -y 24 "sh '$ui_tmp/run-b.sh'"
	$B_CMD set-option -g window-size manual >/dev/null 2>&1
}
b_screen() { $B_CMD capture-pane -p 2>/dev/null; }
b_keys() { $B_CMD send-keys "$@"; }
b_wait() { ui_wait_on b_screen "$@"; }
