#!/bin/sh
# The lobby (play --lobby, what lightsout serve starts): one key each for
# the daily board, the ladder, free play, watching, the leaderboard, the
# help and a share code; a saved game offered over it first; a board the
# options chose skips it.
. "$SRCDIR/tests/lib/tap.sh"
. "$SRCDIR/tests/lib/ui_lib.sh"

code=$("$LIGHTSOUT" generate -s 4 --seed 3 --code)
want=$("$LIGHTSOUT" generate -s 4 --seed 3 | tail -n +2)

mkdir -p "$ui_tmp/scores"
ui_start -- play --lobby --scores "$ui_tmp/scores"
check "--lobby starts at the lobby: the daily board" ui_wait "d  today's daily board"
check "the ladder at its rung" ui_wait "p  practice ladder, at rung 1"
check "free play" ui_wait "f  free play: a random 5x5 board"
check "live games (none here: a local game)" ui_wait "w  live games (on a public account only)"
check "the leaderboard, the help, a share code, quit" ui_wait "c  play a share code"
check "no board under it" sh -c "! $TMUX_CMD capture-pane -p | grep -q 'Moves'"
ui_keys l
check "l: the daily leaderboard" ui_wait "Daily leaderboard of this host"
ui_keys q
ui_keys h
check "h: the help" ui_wait "this help"
ui_keys q
ui_wait "q  leave the arcade" >/dev/null
ui_keys c
ui_wait "Play a share code" >/dev/null
ui_keys -l "$code"
ui_keys Enter
check "c: a share code pasted plays its board" ui_board_is $want
check "and the lobby is gone" ui_gone "today's daily board"
ui_keys q
ui_wait "EXIT=0" >/dev/null

# Readable in a small window.
ui_start -- play --lobby
ui_wait "q  leave the arcade" >/dev/null
ui_tmux resize-window -x 60 -y 20
check "at 60x20 every key is still there" ui_wait "q  leave the arcade"
# daily_wrapped: the daily line's end on a line of its own, under its text.
daily_wrapped() {
	for _ in $(seq 200); do
		ui_screen | grep -qx '     everyone)' && return 0
		sleep 0.05
	done
	return 1
}
check "at 60x20 the daily line wraps at a word, its bracket closed" daily_wrapped
ui_keys f
check "f: free play, the board at once" ui_wait "Moves 0 "
check "the key bar says q goes to the lobby" ui_wait "q lobby"
ui_keys Space
ui_wait "Moves 1 " >/dev/null
# A board is a room of the arcade: q and Esc go back to the lobby, the
# game kept; only the lobby's q leaves.
ui_keys q
check "q on a board: back to the lobby, not out" ui_wait "f  back to your board (1 move so far)"
# The lobby is the top: Esc there does nothing (tests/ui/ui_ssh_after.sh).
ui_keys f
check "f in the lobby: back to the board, its move kept" ui_wait "Moves 1 "
ui_keys Escape
check "Esc on a board: the lobby again" ui_wait "q  leave the arcade"
ui_keys q
check "the lobby's q asks about the game in progress" ui_wait "Leave? Your board is saved"
ui_keys y
ui_wait "EXIT=0" >/dev/null

# A saved game is offered first, over the lobby.
ui_start -- play --lobby
check "the game kept is offered first" ui_wait "Resume the 5x5"
ui_keys y
check "y: the game, not the lobby" ui_wait "Moves 1 "
ui_gone "today's daily board" >/dev/null
ui_keys q
ui_wait "q  leave the arcade" >/dev/null
ui_keys q y
ui_wait "EXIT=0" >/dev/null
ui_start -- play --lobby
ui_wait "Resume the 5x5" >/dev/null
ui_keys n
check "n: dropped, and the lobby stays" ui_wait "p  practice ladder"
ui_keys p
check "p: a board of the ladder's rung, made and played" ui_wait "Rung 1" 600
check "the lobby gone" ui_gone "today's daily board"
ui_keys q
ui_wait "q  leave the arcade" >/dev/null
ui_keys q
ui_wait "EXIT=0" >/dev/null

ui_start -- play --lobby
ui_wait "d  today's daily board" >/dev/null
check "who you are: today's daily board not played yet" ui_wait "Today's daily board: not played yet."
ui_keys d
check "d: today's daily board" ui_wait "daily 20"
ui_wait "Moves 0 " >/dev/null
ui_solve_shown
ui_wait "Solved" >/dev/null
ui_keys q
ui_wait "q  leave the arcade" >/dev/null
ui_keys q
ui_wait "EXIT=0" >/dev/null
ui_start -- play --lobby
check "won: the lobby says the streak and today's result" \
	ui_wait "Daily streak: 1 day; today's daily board: won in"
ui_keys q
ui_wait "EXIT=0" >/dev/null

# The admin's board (serve -- --daily) is played at once.
ui_start -- play --lobby --daily --size 3x3
check "--daily skips the lobby" ui_wait "Moves 0 "
check "no lobby" sh -c "! $TMUX_CMD capture-pane -p | grep -q 'free play'"

done_testing
