#!/bin/sh
# Farming ranked races through the arcade's real sshd (issue 43): one
# person's two keys from two /24s (ssh -b 127.0.1.5 and 127.0.2.5), one
# opening races and the other taking each and leaving at once.  Seven
# zero-move forfeits earn nothing: no result is filed, no win or loss is
# on either page, the day's table stays empty (serve's --race-history 0
# here, so that the rule shown is the forfeit's alone: the shipped 3
# would refuse these new keys anyway, as tests/ui/ui_race_help.sh
# shows).  Forfeits after a move rank, but one pair of keys ranks 3 a day.
. "$SRCDIR/tests/lib/tap.sh"
. "$SRCDIR/tests/lib/ui_lib.sh"
. "$SRCDIR/tests/lib/sshd_lib.sh"

sshd_root_test "it makes the public account and runs sshd for it" sshd ssh ssh-keygen useradd userdel usermod
. "$SRCDIR/tests/lib/arcade_lib.sh"
arcade_key farm1 farm2 || exit 1
F1="tmux -L lo$$-farm1 -f /dev/null"
F2="tmux -L lo$$-farm2 -f /dev/null"
arcade_exit_hook() {
	$F1 kill-server >/dev/null 2>&1
	$F2 kill-server >/dev/null 2>&1
}
arcade_start --race-history 0
if [ -z "$acct" ] || [ -z "$port" ]; then
	[ -z "$acct" ] && { echo "1..0 # SKIP useradd failed"; exit 0; }
	sed 's/^/# sshd: /' "$s/sshd.log"
	not_ok "the arcade's own sshd starts"
	done_testing
	exit 1
fi
today=$(date -u +%Y-%m-%d)

sees() { # sees TMUX TEXT: poll its screen (15 s)
	for _ in $(seq 300); do $1 capture-pane -p | grep -q -F -- "$2" && return 0; sleep 0.05; done
	$1 capture-pane -p | sed 's/^/# /'
	return 1
}
# player TMUX KEY ADDRESS: KEY logs in through sshd from ADDRESS, named KEY.
player() {
	$1 new-session -d -x 80 -y 24 "SSH_BIND=$3 sh '$s/ssh' $2 -tt; echo EXIT=\$?; exec sleep 600"
	$1 set-option -g window-size manual >/dev/null 2>&1
	sees "$1" "Name [" >/dev/null || return 1
	$1 send-keys C-u
	$1 send-keys -l "$2"
	$1 send-keys Enter
	sees "$1" "r  race another player"
}
# farm MOVES: farm1 opens a race from the lobby, farm2 takes it, makes
# MOVES presses and leaves for the lobby (a forfeit); farm1 is told the
# result (its line in $s/told) and goes back to the lobby.
farm() {
	$F1 send-keys r
	sees "$F1" "o  open a race" >/dev/null && $F1 send-keys o
	sees "$F1" "Your race is open" >/dev/null || return 1
	$F2 send-keys r
	sees "$F2" "take farm1's race" >/dev/null || return 1
	$F2 send-keys Enter
	sees "$F2" "Race against farm1: go!" >/dev/null && sees "$F1" "Race against farm2: go!" >/dev/null || return 1
	if [ "$1" -gt 0 ]; then
		$F2 send-keys Space
		sees "$F2" "Moves 1 " >/dev/null || return 1
	fi
	$F2 send-keys q
	sees "$F2" "Leave the race for the lobby?" >/dev/null && $F2 send-keys y
	sees "$F1" "farm2 left the race" >/dev/null || return 1
	$F1 capture-pane -p | grep -F "farm2 left the race" >"$s/told"
	$F1 send-keys q
	sees "$F1" "r  race another player" >/dev/null && sees "$F2" "r  race another player" >/dev/null
}
filed() { ls "$host/races/results" 2>/dev/null | grep -c "^$today\\."; }
ranked() { (cd "$host/races/results" 2>/dev/null && ls | grep "^$today\\." | xargs -r grep -l "^ranked $1\$" | wc -l); }

check "farm1 logs in from 127.0.1.5" player "$F1" farm1 127.0.1.5
check "farm2 from 127.0.2.5, another /24" player "$F2" farm2 127.0.2.5

# 1. Seven forfeits before a move, as fast as the races go.
start=$(date +%s)
for i in 1 2 3 4 5 6 7; do
	check "zero-move forfeit $i" farm 0
	check "... farm1 is told it is no result" grep -q "farm2 left the race before a move: no result, nothing counts." "$s/told"
done
ok "seven races in $(($(date +%s) - start)) s"
check "nothing filed: no result, ranked or not" test "$(filed)" = 0
$F1 send-keys i
check "no win on farm1's page" sees "$F1" "Races this week: 0 won, 0 lost"
$F1 send-keys q
$F2 send-keys i
check "no loss on farm2's" sees "$F2" "Races this week: 0 won, 0 lost"
$F2 send-keys q
$F1 send-keys l
check "the day's leaderboard has no race table" sees "$F1" "Daily leaderboard of this host"
check "... no race won today" sh -c "! $F1 capture-pane -p | grep -q 'Races won on $today'"
$F1 send-keys q
sees "$F1" "r  race another player" >/dev/null

# 2. Forfeits after a move: a result each, but one pair ranks 3 a day.
for i in 1 2 3; do
	check "a forfeit after a move ($i)" farm 1
	check "... a win by forfeit, ranked" grep -q "farm2 left the race: you win by forfeit\." "$s/told"
done
check "a fourth" farm 1
check "... not ranked: the pair's share is used up" grep -q "you win by forfeit; not ranked: the pair's 3 ranked" "$s/told"
check "three results ranked" test "$(ranked yes)" = 3
check "the fourth filed, not ranked (pair)" test "$(ranked 'no pair')" = 1
$F1 send-keys i
check "farm1's page: four won" sees "$F1" "Races this week: 4 won, 0 lost"
$F1 send-keys q

done_testing
