#!/bin/sh
# A guest told the truth about its board (issue 43), through the arcade's
# real sshd, clients on 127.x addresses (ssh -b): a board left unfinished
# is kept for the next guest from that address, for --guest-keep, and
# said so on leaving; another address finds nothing; where the host keeps
# none the guest is told plainly and takes the share code along.
. "$SRCDIR/tests/lib/tap.sh"
. "$SRCDIR/tests/lib/ui_lib.sh"
. "$SRCDIR/tests/lib/sshd_lib.sh"

sshd_root_test "it makes the public account and runs sshd for it" sshd ssh ssh-keygen useradd userdel usermod
. "$SRCDIR/tests/lib/arcade_lib.sh"
arcade_start --guests 4
. "$SRCDIR/tests/lib/arcade_clients.sh"
arcade_started

kept() { find "$host/guests-kept" -mindepth 1 -maxdepth 1 2>/dev/null | wc -l | tr -d ' '; }
# until_is COMMAND VALUE: poll until COMMAND prints VALUE (10 s).
until_is() {
	for _ in $(seq 200); do [ "$($1)" = "$2" ] && return 0; sleep 0.05; done
	echo "# $1: $($1), not $2" >&2
	return 1
}
# arrive ADDRESS: a guest logs in from ADDRESS, to the lobby.
arrive() {
	login guest "" "$1"
	ui_wait "f  free play" >/dev/null
}
# play: the guest plays a free board, one move; the board before it in
# start, after it in moved.
play() {
	ui_keys f
	ui_wait "Moves 0" >/dev/null || return 1
	start=$(ui_board)
	ui_keys Space
	ui_wait "Moves 1" >/dev/null || return 1
	moved=$(ui_board)
}
# leave: from the board to the lobby, then q: the question stays up.
leave() {
	ui_keys q
	ui_wait "q  leave the arcade" >/dev/null || return 1
	ui_keys q
}
# The screen, its lines joined (the terminal wraps long ones).
joined() { ui_screen | tr '\n' ' ' | tr -s ' '; }
says() { joined | grep -q -F -- "$1"; }
until_says() {
	for _ in $(seq 200); do says "$1" && return 0; sleep 0.05; done
	echo "# the screen never said '$1':" >&2
	ui_screen | sed 's/^/#   /' >&2
	return 1
}

# 1. A board left is kept for a guest from that address, and said so.
arrive 127.8.0.1
check "a guest is told at once what is kept" ui_wait "a guest: a board you leave is kept for 1 hour."
play
ui_keys q
check "in its welcome" until_says "a board you leave waits 1 hour for this address"
ui_keys q
check "leaving, the question says the truth: kept for 1 hour for this address" \
	until_says "Leave? Your board is kept for 1 hour for a guest from this address."
ui_keys y
check "and the last line says it is kept" \
	until_says "Your board is kept for 1 hour for a guest from this address: log in as a guest from it again to go on."
check "with the board's share code to take along" until_says "Your board's share code"
ui_wait "EXIT=0" >/dev/null
check "one board is kept, in guests-kept/" test "$(kept)" = 1
check "the guest's slot is empty again" until_is 'eval ls -A $host/guests' ""

# 2. Another address finds nothing: it was told "for a guest from this address".
login guest "" 127.8.0.2
check "a guest from another address is not offered it" ui_wait "f  free play"
check "nor asked to resume" sh -c "! $TMUX_CMD capture-pane -p | grep -q Resume"
check "and the board stays kept" test "$(kept)" = 1
ui_keys q
ui_wait "EXIT=0" >/dev/null

# 3. The same address finds its board again.
login guest "" 127.8.0.1
check "a guest from the same address is offered its board" ui_wait "Resume the 5x5 game (1 move"
ui_keys y
check "and plays on from its move" ui_wait "Moves 1"
check "on its board" ui_board_is $moved
check "it is kept no more once taken" test "$(kept)" = 0
ui_keys Space
ui_wait "Moves 2" >/dev/null
leave
until_says "Leave? Your board is kept" >/dev/null
ui_keys y
ui_wait "EXIT=0" >/dev/null
check "left again, it is kept again" test "$(kept)" = 1

# 4. A dropped link keeps the board too: the reconnect finds it.
arcade_options --guests 4
arrive 127.8.0.5
play
kill "$(cat "$s/client.pid")"
check "a guest whose link drops has its board kept" until_is kept 2
arrive 127.8.0.5
check "and finds it on reconnecting" ui_wait "Resume the 5x5 game (1 move"
ui_keys n
ui_wait "f  free play" >/dev/null
ui_keys q
ui_wait "EXIT=0" >/dev/null
check "a board dropped is not kept" until_is kept 1

# 5. After its time, nothing is kept (--guest-keep 2s; a kept board's
# time is the moment it was left).
arcade_options --guests 4 --guest-keep 2s
arrive 127.8.0.3
play
leave
check "the question says the host's time" until_says "Leave? Your board is kept for 2 seconds"
ui_keys y
ui_wait "EXIT=0" >/dev/null
sleep 3	# the keep's time, which only a clock can pass
login guest "" 127.8.0.3
check "once its time is past, the same address finds nothing" ui_wait "f  free play"
check "and boards past their time are gone" until_is kept 0
ui_keys q
ui_wait "EXIT=0" >/dev/null

# 6. A host that keeps no guest's board says so, and gives the code.
arcade_options --guests 4 --guest-keep 0
arrive 127.8.0.4
check "where none is kept, a guest is told at once" ui_wait "a guest: your games are not kept."
play
leave
check "leaving, the question says plainly it is not kept" \
	until_says "Leave? A guest's board is not kept here: you take its share code along."
ui_keys y
check "the last line says so" until_says "Your board is not kept: this host keeps no guest's board."
code=$(ui_screen | grep -A1 -F "(c in the lobby):" | sed -n 's/^ *\(LO[0-9A-Z]*\) *$/\1/p')
check "after the share code" test -n "$code"
ui_wait "EXIT=0" >/dev/null
check "nothing is kept" test "$(kept)" = 0
login guest "" 127.8.0.4
check "the same address finds nothing" ui_wait "f  free play"
ui_keys c
ui_wait "code" >/dev/null
ui_keys "$code" Enter
ui_wait "Moves 0" >/dev/null
check "but its share code plays the same board again, from its start" ui_board_is $start
ui_keys q
ui_wait "q  leave the arcade" >/dev/null
ui_keys q
check "a board of no move is left without a question" ui_wait "EXIT=0"
check "nor kept" test "$(kept)" = 0
done_testing
