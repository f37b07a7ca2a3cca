#!/bin/sh
# What a client's terminal may cost: the memory stays bounded whatever size
# the window claims (at the start or by a resize), a window within the
# bound is used whole, and a game left without keys is saved and ends.
. "$SRCDIR/tests/lib/tap.sh"
. "$SRCDIR/tests/lib/ui_lib.sh"

one=$(ui_board_file one.txt 010 111 010)

# hwm PID: the process's peak resident memory in kB.
hwm() { sed -n 's/^VmHWM:[[:space:]]*\([0-9]*\) kB/\1/p' "/proc/$1/status" 2>/dev/null; }

# wait_within PID TEXT KB: poll until TEXT shows while the game's peak
# memory stays under KB; past it the game is killed at once (unbounded,
# it would go on to take gigabytes) and the check fails.
wait_within() {
	tries=200
	while [ "$tries" -gt 0 ]; do
		m=$(hwm "$1")
		if [ -z "$m" ]; then
			echo "# no game with pid '$1'" >&2
			return 1
		fi
		if [ "$m" -ge "$3" ]; then
			kill -9 "$1" 2>/dev/null
			echo "# VmHWM ${m} kB, over the bound of $3 kB" >&2
			return 1
		fi
		ui_screen | grep -F -q -- "$2" && return 0
		sleep 0.05
		tries=$((tries - 1))
	done
	echo "# timed out waiting for: $2 (VmHWM ${m:-?} kB)" >&2
	return 1
}

# start_in COLS ROWS SHELL-LINE ARGS...: lightsout ARGS in a window of that
# size, after SHELL-LINE (stty, say) in the pane's shell.
start_in() {
	ui_next_server
	cols=$1 rows=$2 pre=$3
	shift 3
	cmd="'$LIGHTSOUT'"
	for a in "$@"; do
		cmd="$cmd '$a'"
	done
	printf '%s\n%s\necho "EXIT=$?"\nexec sleep 600\n' "$pre" "$cmd" >"$ui_tmp/run-in.sh"
	$TMUX_CMD new-session -d -x "$cols" -y "$rows" "sh '$ui_tmp/run-in.sh'"
	$TMUX_CMD set-option -g window-size manual >/dev/null 2>&1
}

# game_pid: poll for the pane's game (its shell starts it).
game_pid() {
	tries=200
	while [ "$tries" -gt 0 ]; do
		ui_game_pid && return 0
		sleep 0.05
		tries=$((tries - 1))
	done
	return 1
}

# width_is ROW COLS: poll until the screen's line ROW (the status line, its
# clock at the right edge) is COLS characters long.
width_is() {
	tries=200
	while [ "$tries" -gt 0 ]; do
		w=$(ui_screen | sed -n "$1p" | tr -d '\n' | wc -m)
		[ "$w" -eq "$2" ] && return 0
		sleep 0.05
		tries=$((tries - 1))
	done
	echo "# line $1 is $w characters, not $2" >&2
	return 1
}

# The peak at a usual 80x24: what a game costs before any cells of note.
ui_start -- --load "$one"
ui_wait "Moves 0" >/dev/null
base=$(hwm "$(game_pid)")
check "the game's peak memory is read from /proc" test -n "$base"
# The bound's cells cost 200 x 500 x 84 bytes = 8.4 MB in curses: 40 MB
# over the 80x24 game leaves room for the allocator, and is 50 times less
# than a 5000x5000 claim cost unbounded (2.1 GB).
limit=$((${base:-0} + 40960))
echo "# VmHWM at 80x24: $base kB; the bound: $limit kB"
ui_keys q
ui_wait "EXIT=0" >/dev/null

# (1) A window of 5000x5000 from the start.
start_in 5000 5000 : --load "$one"
pid=$(game_pid)
check "a 5000x5000 window at the start: the game says it draws 200x500 of it, memory bounded" \
	wait_within "$pid" "Window 5000x5000 (rows x cols): the game draws 200x500 of it (--max-screen)." "$limit"
check "the status line is row 200 and ends at column 500" width_is 200 499
echo "# VmHWM at a 5000x5000 window: $(hwm "$pid") kB"
ui_keys q
check "q quits" ui_wait "EXIT=0"

# (2) A tty that claims 5000x5000 (stty) in an ordinary pane.
start_in 80 24 "stty rows 5000 cols 5000" --load "$one"
pid=$(game_pid)
check "a tty claiming 5000x5000 at the start: memory bounded" wait_within "$pid" "Moves 0" "$limit"
ui_keys q
check "q quits" ui_wait "EXIT=0"

# (3) A resize to 5000x5000 mid-game, and back to 300x100: used whole.
ui_start -- --load "$one"
ui_wait "Moves 0" >/dev/null
pid=$(game_pid)
ui_keys Space
ui_wait "Moves 1" >/dev/null
pressed=$(ui_board)
ui_tmux resize-window -x 5000 -y 5000
check "a resize to 5000x5000 mid-game: said, memory bounded" \
	wait_within "$pid" "Window 5000x5000 (rows x cols): the game draws 200x500 of it" "$limit"
echo "# VmHWM after a resize to 5000x5000: $(hwm "$pid") kB"
check "the game goes on there" ui_wait "Moves 1 ·"
ui_tmux resize-window -x 300 -y 100
check "a 300x100 window is drawn to its last column" width_is 100 299
check "and nothing is said about a bound" ui_gone "Window 5000x5000"
check "the game goes on" ui_board_is $pressed
ui_keys q y
check "q quits" ui_wait "EXIT=0"

# (4) An admin's own bound, smaller than the window.
start_in 100 30 : --load "$one" --max-screen 24x80
pid=$(game_pid)
check "--max-screen 24x80 in a 30x100 window: said" \
	wait_within "$pid" "Window 30x100 (rows x cols): the game draws 24x80 of it (--max-screen)." "$limit"
check "the status line is row 24 and ends at column 80" width_is 24 79
check "nothing below row 24" test -z "$(ui_screen | sed -n '25,$p' | tr -d ' \n')"
ui_keys q
check "q quits" ui_wait "EXIT=0"

# (5) Ctrl-Z and fg: curses sizes itself again on the way back, and a
# resize while stopped sent its SIGWINCH to the shell, not to the game.
ui_shell
ui_keys "'$LIGHTSOUT' --load '$one'" Enter
ui_wait "Moves 0" >/dev/null
pid=$(game_pid)
ui_tmux resize-window -x 100 -y 30
width_is 30 99 >/dev/null
ui_keys C-z
ui_proc_is "$pid" T >/dev/null
ui_keys fg Enter
check "Ctrl-Z, fg: the window's size as before" width_is 30 99
ui_keys C-z
ui_proc_is "$pid" T >/dev/null
ui_tmux resize-window -x 5000 -y 5000
ui_keys fg Enter
check "a resize to 5000x5000 while stopped: said after fg, memory bounded" \
	wait_within "$pid" "Window 5000x5000 (rows x cols): the game draws 200x500 of it" "$limit"
check "and the game fills the bound" width_is 200 499
ui_keys q
ui_proc_is "$pid" gone >/dev/null

# Bad bounds and idle times are usage errors, said before any terminal.
bad() {
	"$LIGHTSOUT" play "$@" </dev/null >/dev/null 2>"$ui_tmp/err"
	[ $? -eq 2 ] && grep -q "bad --" "$ui_tmp/err"
}
for v in 5x5 23x80 24x79 10001x500 200 200x 200x500x axb; do
	check "--max-screen $v is refused" bad --max-screen "$v"
done
for v in -1 1w s 10081m 169h 30x ''; do
	check "--idle '$v' is refused" bad --idle "$v"
done

# (6) No move for the idle time: saved as on quitting, a line says why.
ui_start -- --load "$one" --idle 2s
ui_wait "Moves 0" >/dev/null
ui_keys Space
ui_wait "Moves 1" >/dev/null
pressed=$(ui_board)
check "idle: the game ends by itself with a line that says why" \
	ui_wait "No move for 2 seconds: your game is saved; start lightsout again to go on."
check "idle: the exit status is 0" ui_wait "EXIT=0"
check "idle: the terminal is restored" ui_restored
ui_start --
check "idle: the next start offers the game back" ui_wait "Resume the 3x3 game (1 move,"
ui_keys y
check "idle: as it was left" ui_board_is $pressed
ui_keys q y
ui_wait "EXIT=0" >/dev/null
# Cursor keys are no moves: one every 0.3 s for three times the idle
# time, and the game ends while they still come.
ui_start -- --load "$one" --idle 2s
ui_wait "Moves 0" >/dev/null
sent=0
while [ $sent -lt 20 ] && ! ui_screen | grep -q "EXIT="; do
	ui_keys l h
	sent=$((sent + 1))
	sleep 0.3
done
check "cursor keys do not hold the idle time off (ended after $sent of 20)" test $sent -lt 20
check "and it says so (no move: nothing to save)" ui_wait "No move for 2 seconds: the session ended."
# Presses do: one every 0.5 s for twice the idle time (the same cell, so
# the board is never cleared), then the idle time once they stop.
ui_start -- --load "$one" --idle 2s
ui_wait "Moves 0" >/dev/null
i=1
while [ $i -le 8 ]; do
	ui_keys Space
	ui_wait "Moves $i " >/dev/null
	i=$((i + 1))
	sleep 0.5
done
check "presses hold the idle time off" sh -c "! $TMUX_CMD capture-pane -p | grep -q -e 'No move' -e EXIT="
check "and it comes once they stop" ui_wait "No move for 2 seconds: your game is saved"

done_testing
