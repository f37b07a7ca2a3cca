#!/bin/sh
# After a race, and around it, through the arcade's real sshd (issue 43,
# point 6), each player a key of their own from a network of their own
# (ssh -b 127.A.B.C), TERM as the client sends it (PuTTY's default is
# xterm): Esc in the lobby does nothing (the top has no "back"); the live
# games counted and listed are those being played, with their time now
# (the list looks again every second) and "1 move"; PuTTY's Home and End (ESC [1~, ESC [4~) move the cursor,
# under xterm's description and vt220's (which calls them Find and
# Select); after a race its board says what comes next (r rematch, 1 2 3
# say, q lobby) and 1 2 3 work there, the loser's clock stops at the
# result, and both status lines keep the rival's exact count; v on a
# challenge takes it.
. "$SRCDIR/tests/lib/tap.sh"
. "$SRCDIR/tests/lib/ui_lib.sh"
. "$SRCDIR/tests/lib/sshd_lib.sh"

sshd_root_test "it makes the public account and runs sshd for it" sshd ssh ssh-keygen useradd userdel usermod
. "$SRCDIR/tests/lib/arcade_lib.sh"
arcade_key alice bob carol || exit 1
arcade_exit_hook() {
	for p in alice bob carol; do tmux -L "lo$$-$p" -f /dev/null kill-server >/dev/null 2>&1; done
}
arcade_start
. "$SRCDIR/tests/lib/arcade_clients.sh"
arcade_started

# pane WHO ADDRESS TERM: WHO logs in from ADDRESS in a 160x30 tmux pane of
# their own (wide: a result's line and what comes next fit it whole),
# their ssh client sending TERM.
pane() {
	cat >"$ui_tmp/pane-$1.sh" <<RUN
env TERM=$3 SSH_BIND=$2 sh '$s/ssh' $1 -tt
echo "EXIT=\$?"
exec sleep 600
RUN
	tmux -L "lo$$-$1" -f /dev/null new-session -d -x 160 -y 30 "sh '$ui_tmp/pane-$1.sh'"
	tmux -L "lo$$-$1" -f /dev/null set-option -g window-size manual >/dev/null 2>&1
}
A="tmux -L lo$$-alice -f /dev/null"
B="tmux -L lo$$-bob -f /dev/null"
C="tmux -L lo$$-carol -f /dev/null"
sees() { # sees TMUX TEXT: poll its screen (10 s)
	for _ in $(seq 200); do $1 capture-pane -p | grep -q -F -- "$2" && return 0; sleep 0.05; done
	$1 capture-pane -p | sed 's/^/# /'
	return 1
}
sees_re() { # sees_re TMUX REGEX: poll its screen for an extended regex (10 s)
	for _ in $(seq 200); do $1 capture-pane -p | grep -Eq -- "$2" && return 0; sleep 0.05; done
	$1 capture-pane -p | sed 's/^/# /'
	return 1
}
named() { # named TMUX NAME: past the name prompt, at the lobby
	sees "$1" "Name [" >/dev/null || return 1
	$1 send-keys C-u
	$1 send-keys -l "$2"
	$1 send-keys Enter
	sees "$1" "r  race another player"
}
status() { $1 capture-pane -p | tail -1; }
clock() { status "$1" | awk '{ print $NF }'; }
# stays SECONDS COMMAND...: COMMAND succeeds each time it is polled for
# SECONDS (a thing that must not change, watched that long).
stays() {
	end=$(($(date +%s) + $1))
	shift
	while [ "$(date +%s)" -lt "$end" ]; do
		"$@" || return 1
		sleep 0.1
	done
}
at() { TMUX_CMD=$1 ui_cursor; }	# the cursor's "ROW COL"
at_is() { # at_is TMUX ROW COL: poll until the cursor is there
	for _ in $(seq 200); do [ "$(at "$1")" = "$2 $3" ] && return 0; sleep 0.05; done
	echo "# the cursor is at '$(at "$1")', not '$2 $3'" >&2
	return 1
}

# bob first, then alice: her lobby counts bob, who is in his.
pane bob 127.0.2.9 xterm
named "$B" bob >/dev/null
pane alice 127.0.1.7 xterm
check "alice at the lobby" named "$A" alice

# 1. Esc in the lobby does nothing: the lobby is the top, it has no "back"
# (it went to the board, where i is a hint and the page below never came).
$A send-keys Escape
$A send-keys i
check "Esc in the lobby: still the lobby (i there opens the player's page)" sees "$A" "Who you are"
$A send-keys q
check "the lobby's footer: f is the way to the board" sees "$A" "f: your board"

# 2. The live games are those being played: bob in the lobby is none.
check "a player in the lobby is not counted as playing" sees "$A" "w  live games (nobody else is playing)"
$B send-keys f
sees "$B" "Moves 0 " >/dev/null
$B send-keys Space
sees "$B" "Moves 1 " >/dev/null
$A send-keys i
sees "$A" "Who you are" >/dev/null
$A send-keys q
check "bob at his board is: one playing now" sees "$A" "w  live games to watch (1 playing now)"
$A send-keys w
# looks LINE-REGEX: r (look again) until the list shows it (10 s).
looks() {
	for _ in $(seq 100); do
		$A send-keys r
		$A capture-pane -p | grep -Eq -- "$1" && return 0
		sleep 0.1
	done
	$A capture-pane -p | sed 's/^/# /'
	return 1
}
check "the list: bob's '1 move', in the singular" looks "^  bob .* 1 move +[0-9]+:[0-9][0-9]"
secs() { # bob's time in the list, in seconds
	$A capture-pane -p | grep -E '^  bob ' | grep -Eo '[0-9]+:[0-9][0-9]' | tail -1 | awk -F: '{ print $1 * 60 + $2 }'
}
# bob presses nothing more, so his file is not written again: the list's
# time is his clock's now, not the file's (r looks again).
t1=$(secs)
later() {
	for _ in $(seq 100); do
		$A send-keys r
		[ "$(secs)" -ge $((t1 + 2)) ] && return 0
		sleep 0.1
	done
	$A capture-pane -p | sed 's/^/# /'
	return 1
}
check "and his time now, run on since his last move (from ${t1}s)" later
# The list looks again by itself, every second: his clock runs there.
t2=$(secs)
ticks() {
	for _ in $(seq 100); do
		[ "$(secs)" -ge $((t2 + 2)) ] && return 0
		sleep 0.1
	done
	$A capture-pane -p | sed 's/^/# /'
	return 1
}
check "the list runs his clock by itself, with no r (from ${t2}s)" ticks
$A send-keys q
sees "$A" "r  race another player" >/dev/null

# 3. PuTTY's Home and End under TERM=xterm, whose description has
# ESC O H: ESC [1~ was Esc (the lobby) and three keys.
$A send-keys f
sees "$A" "Moves 0 " >/dev/null
$A send-keys l l l
at_is "$A" 1 4 >/dev/null
$A send-keys -l "$(printf '\033[1~')"
check "ESC [1~ under TERM=xterm: Home, the first column" at_is "$A" 1 1
$A send-keys -l "$(printf '\033[4~')"
check "ESC [4~: End, the last column" at_is "$A" 1 5
check "and the board stays (no Esc to the lobby)" sh -c "! $A capture-pane -p | grep -q 'r  race another player'"
# Under vt220's description, where they are Find and Select.
pane carol 127.0.3.5 vt220
named "$C" carol >/dev/null
$C send-keys f
sees "$C" "Moves 0 " >/dev/null
$C send-keys l l
at_is "$C" 1 3 >/dev/null
$C send-keys -l "$(printf '\033[4~')"
check "TERM=vt220: ESC [4~ (its Select) is End" at_is "$C" 1 5
$C send-keys -l "$(printf '\033[1~')"
check "and ESC [1~ (its Find) Home" at_is "$C" 1 1
$C send-keys q
sees "$C" "r  race another player" >/dev/null

# 4. A race: alice opens one, bob takes it from his board (v), presses
# three times, and alice clears the board first.
$A send-keys v
sees "$A" "o  open a race" >/dev/null
$A send-keys o
sees "$A" "Your race is open" >/dev/null
$B send-keys v
sees "$B" "take alice's race" >/dev/null
$B send-keys Enter
sees "$B" "Race against alice: go!" >/dev/null
sees "$A" "Race against bob: go!" >/dev/null
$B send-keys Space Right Space Right Space
sees "$B" "Moves 3 " >/dev/null
sees "$A" "vs bob: 3 moves" >/dev/null
TMUX_CMD="$A"
ui_solve_shown
sees "$A" "You won the race against bob" >/dev/null
won=$(status "$A" | sed -n 's/^ Moves \([0-9]*\) .*/\1/p')
check "bob is told alice won" sees "$B" "alice won the race"
t0=$(clock "$B")
# The status line's tally is the result's, and stays (it went on saying
# the moves last read, then the player's own name).
tally() { status "$1" | grep -q -F -- "$2"; }
check "bob's status line: alice's exact count at the finish ($won), kept" stays 2 tally "$B" "vs alice: $won moves"
check "alice's: bob's three" tally "$A" "vs bob: 3 moves"
check "the result says what comes next, the board's keys" sees "$B" "r rematch  1 2 3 say  q lobby"
clock_is() { [ "$(clock "$B")" = "$t0" ]; }
check "the loser's clock stopped at the result ($t0)" stays 2 clock_is
$B send-keys Space
sees "$B" "Moves 4 " >/dev/null
check "a press after it: the clock stays stopped" test "$(clock "$B")" = "$t0"
check "and the key bar says what comes next" sees "$B" "r rematch·1 2 3 say·q lobby"
$B send-keys 1
check "1 on the board says good game" sees "$B" "Said to alice: good game."
check "alice hears it on hers" sees "$A" "bob says: good game"
$A send-keys C-l
check "alice's win line: the rematch and the words, not a restart" sees "$A" "Solved!  r rematch  1 2 3 say  q lobby"

# 5. v on a challenge takes it: alice leaves the race's board (n), bob
# challenges her by name, and her v starts the countdown.
$A send-keys n
sees_re "$A" "Moves 0 .* alice" >/dev/null
$B send-keys q
sees "$B" "r  race another player" >/dev/null
$B send-keys r
sees "$B" "challenge alice" >/dev/null
$B send-keys Enter
sees "$B" "Waiting for alice to take your challenge" >/dev/null
check "alice is told: v to take it" sees "$A" "bob challenges you to a race: v to take it."
$A send-keys v
check "her v takes it: the countdown" sees "$A" "Racing bob: the board in"
check "for bob too" sees "$B" "Racing alice: the board in"

done_testing
