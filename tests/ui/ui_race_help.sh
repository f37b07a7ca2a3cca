#!/bin/sh
# Races won by the player (issue 43), by the real binary in two terminals
# (lightsout serve, each with a key of its own as sshd would say it, from
# two networks, serve's default options): in a race the solution, hints,
# steps and chasing (s, i, t, T, C, Tab) are refused, each saying why on
# the message line, in the screen-reader mode's words too; help that
# reaches a racer anyway (a screen that forgot the guard, as
# LIGHTSOUT_TEST_FAULT=race-help makes bob's) voids the race for both,
# told so, and neither page counts it; a forfeit before a move is no
# result; and keys that have cleared fewer boards alone than
# --race-history (3) race unranked, told why.  (tests/ui/ui_race_farm.sh
# farms ranked results through the real sshd.)
. "$SRCDIR/tests/lib/tap.sh"
. "$SRCDIR/tests/lib/ui_lib.sh"
. "$SRCDIR/tests/lib/reader_lib.sh"

command -v ssh-keygen >/dev/null 2>&1 || { echo "1..0 # SKIP ssh-keygen is not installed"; exit 0; }
host="$ui_tmp/host"
for k in alice bob; do
	ssh-keygen -q -t ed25519 -N '' -C "$k" -f "$ui_tmp/$k" || exit 1
	printf 'publickey %s\n' "$(cut -d' ' -f1,2 "$ui_tmp/$k.pub")" >"$ui_tmp/$k.auth"
done
today=$(date -u +%Y-%m-%d)

B="tmux -L lo$$-bob -f /dev/null"
trap '$B kill-server >/dev/null 2>&1; ui_cleanup' EXIT
pane() { # pane TMUX NAME ADDRESS [ENV]: lightsout serve for NAME's key, from ADDRESS
	cat >"$ui_tmp/run-$2.sh" <<RUN
${4:-} SSH_USER_AUTH='$ui_tmp/$2.auth' SSH_CONNECTION='$3 40000 192.0.2.1 22' '$LIGHTSOUT' serve --dir '$host'
echo "EXIT=\$?"
exec sleep 600
RUN
	$1 new-session -d -x 80 -y 24 "sh '$ui_tmp/run-$2.sh'"
	$1 set-option -g window-size manual >/dev/null 2>&1
}
sees() { # sees TMUX TEXT: poll its screen
	for _ in $(seq 300); do $1 capture-pane -p | grep -q -F -- "$2" && return 0; sleep 0.05; done
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
filed() { ls "$host/races/results" 2>/dev/null | grep -c "^$today\\."; }
page() { # page TMUX TEXT: the player's page (i in the lobby) says TEXT
	$1 send-keys i
	sees "$1" "$2" || return 1
	$1 send-keys q
	sees "$1" "r  race another player" >/dev/null
}
# race OPENER TAKER NAME: OPENER opens a race from the lobby, TAKER (at
# the lobby) takes NAME's race, both get the board.
race() {
	$1 send-keys r
	sees "$1" "o  open a race" >/dev/null && $1 send-keys o
	sees "$1" "Your race is open" >/dev/null || return 1
	$2 send-keys r
	sees "$2" "take $3's race" >/dev/null || return 1
	$2 send-keys Enter
	sees "$1" "Race against " >/dev/null && sees "$2" "Race against $3: go!" >/dev/null
}

ui_next_server
A="$TMUX_CMD"
pane "$A" alice 198.51.100.7
check "alice at the lobby" named "$A" alice
pane "$B" bob 203.0.113.9 "LIGHTSOUT_TEST_FAULT=race-help"
named "$B" bob >/dev/null
$A send-keys s
check "alice turns the screen-reader mode on" rd_said "Screen-reader mode on"

# 1. In a race every help key is refused, saying why, and the board and
# the race stay as they were.
check "alice opens a race, bob takes it" race "$A" "$B" alice
check "the race is on for alice" rd_said "Race against bob: go!"
board=$($A capture-pane -p | grep -E '^ *[|│]')
for k in T s i t C Tab; do
	ui_keys "$k"
	check "$k in a race: refused, and why, in the reader's words" rd_said "$k: no help in a race; s, i, t, T and C come back once it is decided."
done
check "the board is as it was" test "$($A capture-pane -p | grep -E '^ *[|│]')" = "$board"
check "no move made for her" sees "$A" "Moves 0,"
check "the race goes on: bob is told nothing" sh -c "! $B capture-pane -p | grep -q -e 'void' -e 'won the race'"

# 2. Help reaching a racer anyway (bob's T, its guard forgotten): the race
# is void for both, and nothing is counted.
# T's first step replaces the message on his screen within 0.15 s, too
# soon for a poll of the screen on a busy machine: it is read in what his
# terminal was sent, its escape sequences taken out.
$B pipe-pane -o "cat >>'$ui_tmp/bob.out'"
$B send-keys T
sent_to_bob() {
	for _ in $(seq 300); do
		sed 's/\x1b\[[0-9;?]*[A-Za-z]//g' "$ui_tmp/bob.out" 2>/dev/null | grep -q -F -- "$1" && return 0
		sleep 0.05
	done
	return 1
}
check "bob, helped, is told the race is void" sent_to_bob "You had help: the race against alice is void, nothing counts."
check "alice is told too, in words" rd_said "bob had help: the race is void, nothing counts."
check "nothing filed for the day" test "$(filed)" = 0
sees "$B" "Solved!" >/dev/null	# his T plays on to the end, the race over
$B pipe-pane
check "alice is not told she lost or won" sh -c "! $A capture-pane -p | grep -q 'won the race'"
$A send-keys q
sees "$A" "r  race another player" >/dev/null
$B send-keys q
sees "$B" "r  race another player" >/dev/null
check "no loss on alice's page" page "$A" "Races this week: 0 won, 0 lost"
check "no win on bob's" page "$B" "Races this week: 0 won, 0 lost"

# 3. A forfeit before any move: no result, said to both.
check "bob opens a race, alice takes it" race "$B" "$A" bob
$B send-keys q
sees "$B" "Leave the race for the lobby? alice wins by forfeit." >/dev/null
$B send-keys y
check "bob, leaving before a move, is told it is no result" sees "$B" "You left the race before a move: no result, nothing counts."
check "and alice" rd_said "bob left the race before a move: no result, nothing counts."
check "still nothing filed" test "$(filed)" = 0
$A send-keys q
sees "$A" "r  race another player" >/dev/null
check "and nothing on the pages" page "$A" "Races this week: 0 won, 0 lost"

# 4. A race cleared between two keys new here (no board cleared alone,
# --race-history 3 by default): a result, not ranked, both told why.
$A send-keys s
rd_said "Screen-reader mode off" >/dev/null
check "alice opens a race again, bob takes it" race "$A" "$B" alice
ui_solve_shown
check "alice wins, not ranked: keys new here" sees "$A" "You won the race against bob; not ranked: a player has cleared under 3 boards."
check "bob is told why too" sees "$B" "alice won the race; not ranked: a player has cleared under 3 boards."
check "one result filed, not ranked: new" test "$(grep -l '^ranked no new$' "$host/races/results/$today".* | wc -l)" = 1
$A send-keys q
sees "$A" "r  race another player" >/dev/null
check "a result all the same: alice's page counts the win" page "$A" "Races this week: 1 won, 0 lost"
$B send-keys q
sees "$B" "r  race another player" >/dev/null
check "and bob's the loss" page "$B" "Races this week: 0 won, 1 lost"

done_testing
