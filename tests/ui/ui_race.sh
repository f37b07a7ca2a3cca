#!/bin/sh
# Races on a public account, played by the real binary in three terminals
# (lightsout serve, each with a key of its own as sshd would say it): alice
# opens a race, bob takes it, both get the same board at the same moment
# and see each other's moves; a watcher sees both games racing; alice
# clears it first and exactly one win is ranked; then bob challenges alice
# by name, she is told on her board and takes it, and bob leaving the race
# for the lobby (q) is a forfeit, its own column in the table (not an
# unassisted win); then carol,
# from alice's address, races her: both are told it is not ranked.
# (tests/ui/ui_ssh_public.sh races through the real sshd.)
. "$SRCDIR/tests/lib/tap.sh"
. "$SRCDIR/tests/lib/ui_lib.sh"

command -v ssh-keygen >/dev/null 2>&1 || { echo "1..0 # SKIP ssh-keygen is not installed"; exit 0; }
host="$ui_tmp/host"
for k in alice bob carol; do
	ssh-keygen -q -t ed25519 -N '' -C "$k" -f "$ui_tmp/$k" || exit 1
	printf 'publickey %s\n' "$(cut -d' ' -f1,2 "$ui_tmp/$k.pub")" >"$ui_tmp/$k.auth"
done
today=$(date -u +%Y-%m-%d)

# Bob and carol in tmux servers of their own.
B="tmux -L lo$$-bob -f /dev/null"
C="tmux -L lo$$-carol -f /dev/null"
trap '$B kill-server >/dev/null 2>&1; $C kill-server >/dev/null 2>&1; ui_cleanup' EXIT
pane() { # pane TMUX NAME ADDRESS: lightsout serve for NAME's key, from ADDRESS
	cat >"$ui_tmp/run-$2.sh" <<RUN
SSH_USER_AUTH='$ui_tmp/$2.auth' SSH_CONNECTION='$3 40000 192.0.2.1 22' '$LIGHTSOUT' serve --dir '$host'
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
board_of() { $1 capture-pane -p | grep -E '^ *[|│]' | sed -e 's/[][|│ ()!{}‹›▪─╱╲]//g' -e 's/·/0/g' \
	-e 's/●/1/g' | grep -v '^$'; }
named() { # named TMUX NAME: past the name prompt, at the lobby
	sees "$1" "Name [" >/dev/null || return 1
	$1 send-keys C-u
	$1 send-keys -l "$2"
	$1 send-keys Enter
	sees "$1" "r  race another player"
}

ui_next_server
A="$TMUX_CMD"
# alice and carol come from one address, bob from another network.
pane "$A" alice 198.51.100.7
check "the lobby offers races" named "$A" alice
pane "$B" bob 203.0.113.9
named "$B" bob >/dev/null
pane "$C" carol 198.51.100.7
named "$C" carol >/dev/null

# 1. alice opens a race, bob takes it.
$A send-keys r
check "r: the race screen" sees "$A" "o  open a race anyone can take"
check "bob is there to challenge" sees "$A" "challenge bob"
$A send-keys o
check "o: her race is open" sees "$A" "Your race is open"
$B send-keys f
sees "$B" "Moves 0 " >/dev/null
check "bob, on his board, hears of no challenge (it is open to all)" sh -c "! $B capture-pane -p | grep -q challenges"
$B send-keys v
check "v on the board: the race screen, alice's race open to him" sees "$B" "take alice's race"
check "from another network: nothing said of ranking" sh -c "! $B capture-pane -p | grep -q 'not ranked'"
$B send-keys Enter
check "taken: a countdown for bob" sees "$B" "Racing alice: the board in"
check "and for alice" sees "$A" "Racing bob: the board in"
check "the race starts for bob" sees "$B" "Race against alice: go!"
check "and for alice" sees "$A" "Race against bob: go!"
check "the same board for both" test "$(board_of "$A")" = "$(board_of "$B")"
check "bob's status line shows alice's moves" sees "$B" "vs alice: 0 moves"

# A watcher sees both games racing each other.
$C send-keys w
check "the watcher's list: alice racing bob" sees "$C" "racing bob"
check "and bob racing alice" sees "$C" "racing alice"
live=$("$LIGHTSOUT" watch --list --dir "$host")
check "watch --list from a shell: both racing, each naming the other" \
	sh -c "printf '%s\n' \"\$1\" | grep -q '^alice	player	.*	racing bob\$' &&
		printf '%s\n' \"\$1\" | grep -q '^bob	player	.*	racing alice\$'" - "$live"

# Watching from a shell: the watch screen in the game's one loop.
D="tmux -L lo$$-dave -f /dev/null"
trap '$B kill-server >/dev/null 2>&1; $C kill-server >/dev/null 2>&1; $D kill-server >/dev/null 2>&1; ui_cleanup' EXIT
$D new-session -d -x 80 -y 24 "'$LIGHTSOUT' watch --dir '$host' alice; echo EXIT=\$?; exec sleep 600"
$D set-option -g window-size manual >/dev/null 2>&1
check "lightsout watch NAME: her game, read-only, from a shell" sees "$D" "Watching alice"
check "... and whom she races" sees "$D" "racing bob"
# watch/ is listable by any local user: no name there (three games, a
# watcher's directory) may hold a player's key fingerprint, as players/
# names them (the fingerprint's first 32 hex digits).
keyless() {
	pids=$(ls "$host/players") && [ "$(echo "$pids" | wc -w)" -eq 3 ] || return 1
	names=$(find "$host/watch" -mindepth 1 -printf '%P\n')
	[ "$(echo "$names" | grep -c '^w[0-9a-f]*$')" -eq 3 ] && echo "$names" | grep -q '^eyes\.w' || return 1
	for p in $pids; do	# (n is tap.sh's count)
		for len in 6 8 12 32; do
			echo "$names" | grep -q "$(echo "$p" | cut -c1-$len)" && return 1
		done
	done
	return 0
}
check "watch/ holds three games and a watcher, and no player's key in any name" keyless
$D send-keys x Space

# bob presses once; alice sees it.
$B send-keys Space
sees "$B" "Moves 1 " >/dev/null
check "alice sees bob's move" sees "$A" "vs bob: 1 move"
check "the shell's watcher, keys pressed there ignored, sees it too" sees "$D" "racing bob: 1 move"
$D send-keys q
check "q ends it" sees "$D" "EXIT=0"
$D kill-server
$C send-keys Enter
check "watching a racer shows the other's moves" sees "$C" "racing bob: 1 move"

# alice clears the board: she wins, bob is told, one win is ranked.
TMUX_CMD="$A"
ui_solve_shown
check "alice wins" sees "$A" "You won the race against bob"
check "bob is told who won and against what par" sees "$B" "alice won the race:"
results() { # the day's results that rank
	(cd "$host/races/results" 2>/dev/null && ls | grep "^$today\\." | xargs -r grep -l '^ranked yes$' | wc -l)
}
check "exactly one win ranked" test "$(results)" = 1
$A send-keys L
check "the leaderboard ranks the day's races apart" sees "$A" "Races won on $today"
check "alice with one win" sh -c "$A capture-pane -p | grep -E '^ +1  alice +1 '"
$A send-keys q
$C send-keys q

# 2. bob challenges alice by name; she is told on her board and takes it.
$B send-keys v
check "the players to challenge: alice first (by name)" sees "$B" "challenge alice"
$B send-keys Enter
check "bob's challenge waits for alice" sees "$B" "Waiting for alice to take your challenge"
check "alice is told on her board" sees "$A" "bob challenges you to a race: v to take it."
# carol, at the live games' list since she watched, goes to her board and
# its race screen (v).
$C send-keys q
sees "$C" "Moves " >/dev/null
$C send-keys v
check "carol at the race screen" sees "$C" "o  open a race"
check "carol is not offered a challenge meant for alice" sh -c "! $C capture-pane -p | grep -q \"take bob's race\""
$A send-keys v
check "alice sees bob's challenge to her" sees "$A" "take bob's race, a challenge to you"
$A send-keys Enter
sees "$A" "Race against bob: go!" >/dev/null
sees "$B" "Race against alice: go!" >/dev/null
$B send-keys q
check "bob's q is told it forfeits the race" sees "$B" "Leave the race for the lobby? alice wins by forfeit."
$B send-keys y
check "bob is back at the lobby" sees "$B" "r  race another player"
check "and told he left the race" sees "$B" "You left the race: alice wins by forfeit."
check "alice wins by forfeit" sees "$A" "bob left the race: you win by forfeit."
check "ranked as a second result" test "$(results)" = 2
$B send-keys q
check "only the lobby's q ends bob's game" sees "$B" "EXIT=0"
$A send-keys L
sees "$A" "Races won on $today" >/dev/null
check "the table: alice's board cleared, unassisted, and her win by forfeit apart" \
	sh -c "$A capture-pane -p | grep -E '^ +1  alice +1 +1 +1 '"
$A send-keys q

# 3. carol, from alice's address, opens a race and alice takes it: both
# are told it is not ranked, and why.
$C send-keys o
check "carol's race is open" sees "$C" "Your race is open"
$A send-keys v
check "alice sees carol's race" sees "$A" "take carol's race"
check "and that it will not be ranked" sees "$A" "), not ranked: one network"
$A send-keys Enter
sees "$A" "Race against carol: go!" >/dev/null
sees "$C" "Race against alice: go!" >/dev/null
TMUX_CMD="$A"
ui_solve_shown
check "alice is told her win is not ranked" sees "$A" "not ranked: both players came from one address"
check "and so is carol" sees "$C" "not ranked: both players came from one address"
check "still two results ranked" test "$(results)" = 2

done_testing
