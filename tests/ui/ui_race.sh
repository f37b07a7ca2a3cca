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
SSH_USER_AUTH='$ui_tmp/$2.auth' SSH_CONNECTION='$3 40000 192.0.2.1 22' '$LIGHTSOUT' serve --race-history 0 --dir '$host'
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
sees_re() { # sees_re TMUX REGEX: poll its screen for an extended regex
	for _ in $(seq 300); do $1 capture-pane -p | grep -Eq -- "$2" && return 0; sleep 0.05; done
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
check "and where he is, one pair of brackets" sees "$A" "challenge bob (in the lobby)"
check "from the lobby the race's board is said by its size, not 'like yours'" \
	sh -c "$A capture-pane -p | grep -q 'open a race anyone can take (a random [0-9]*x[0-9]* board)'"
$A send-keys o
check "o: her race is open" sees "$A" "Your race is open"
$B send-keys f
sees "$B" "Moves 0 " >/dev/null
check "bob, on his board, hears of no challenge (it is open to all)" sh -c "! $B capture-pane -p | grep -q challenges"
$B send-keys v
check "v on the board: the race screen, alice's race open to him" sees "$B" "take alice's race"
check "one line a person: alice's race, not alice to challenge too" sh -c "! $B capture-pane -p | grep -q 'challenge alice'"
$B resize-window -x 60 -y 20
check "the races at 60 columns: the header wrapped at a word" sees "$B" "  to clear it wins."
check "and the footer whole" sees "$B" "Enter: take or challenge; o: open; q: back"
$B resize-window -x 80 -y 24
sees "$B" "Up/Down choose, Enter take or challenge" >/dev/null
check "from another network: nothing said of ranking" sh -c "! $B capture-pane -p | grep -q 'not ranked'"
$B send-keys Enter
check "taken: a countdown for bob" sees "$B" "Racing alice: the board in"
check "and for alice" sees "$A" "Racing bob: the board in"
check "counted down to the board: 2" sees "$B" "the board in 2..."
check "then 1" sees "$B" "the board in 1..."
check "the race starts for bob" sees "$B" "Race against alice: go!"
check "and for alice" sees "$A" "Race against bob: go!"
check "the same board for both" test "$(board_of "$A")" = "$(board_of "$B")"
check "bob's status line shows alice's moves" sees "$B" "vs alice: 0 moves"

# A watcher sees both games racing each other.
$C send-keys w
check "the watcher's list: alice racing bob" sees "$C" "racing bob"
check "and bob racing alice" sees "$C" "racing alice"
# At 60 columns the board's column goes, not the time's digits.
$C resize-window -x 60 -y 20
check "the list at 60 columns: each game's time whole" sees_re "$C" ' moves +[0-9]+:[0-9][0-9]  racing bob$'
$C resize-window -x 80 -y 24
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
check "in the race the key bar offers undo, not the help its keys refuse" \
	sh -c "$B capture-pane -p | grep -q 'u undo' && ! $B capture-pane -p | grep -q -e 's solution' -e 'i hint'"
check "alice sees bob's move" sees "$A" "vs bob: 1 move"
# At 60 columns, s refused in a race (no solution until it is decided:
# tests/ui/ui_race_help.sh), alice's moves stay on bob's status line.
$B resize-window -x 60 -y 20
$B send-keys s
check "s at 60 columns in a race: refused" sees "$B" "s: no help in a race"
check "... the rival's progress stays on the status line" sees "$B" "vs alice: 0 moves"
$B resize-window -x 80 -y 24
check "the shell's watcher, keys pressed there ignored, sees it too" sees "$D" "racing bob: 1 move"
$D send-keys q
check "q ends it" sees "$D" "EXIT=0"
$D kill-server
$C send-keys Enter
check "watching a racer shows the other's moves" sees "$C" "racing bob: 1 move"

# alice studies the board, then clears it: she wins, bob is told, one win
# is ranked, and one time is said everywhere: the banner's, the race
# line's and the table's, counted from the common start (it was the
# banner's "(0:00)", from her first press, beside "in 0:11").
# A time past 0:00 (how far past is the machine's load: the steps above
# took over two minutes on a busy one, where "0:01" had long gone by).
past_zero='([1-9][0-9]*:[0-9][0-9]|0:(0[1-9]|[1-5][0-9]))'
check "alice's clock runs from the start, before her first press" sees_re "$A" "Moves 0 .* $past_zero\$"
TMUX_CMD="$A"
ui_solve_shown
check "alice wins" sees "$A" "You won the race against bob"
check "bob is told who won and against what par" sees "$B" "alice won the race:"
time_of() { # time_of TMUX TEXT: the first M:SS.T on TEXT's line
	$1 capture-pane -p | grep -F -- "$2" | grep -Eo '[0-9]+:[0-9][0-9]\.[0-9]' | head -1
}
banner=$(time_of "$A" "Solved!")
check "the banner times the race to the tenth, the study too ($banner)" \
	sh -c "echo '$banner' | grep -Eq '^$past_zero\.[0-9]\$'"
check "alice's race line says the banner's time" test "$(time_of "$A" "You won the race against bob")" = "$banner"
check "and bob's" test "$(time_of "$B" "alice won the race:")" = "$banner"
results() { # the day's results that rank
	(cd "$host/races/results" 2>/dev/null && ls | grep "^$today\\." | xargs -r grep -l '^ranked yes$' | wc -l)
}
check "exactly one win ranked" test "$(results)" = 1
$A send-keys L
check "the leaderboard ranks the day's races apart" sees "$A" "Races won on $today"
check "alice with one win" sh -c "$A capture-pane -p | grep -E '^ +1  alice +1 '"
check "the table's fastest clear: the banner's time" test "$(time_of "$A" "  alice ")" = "$banner"
# At 60x20 the races' table closes up its columns: alice's row whole.
$A send-keys q
$A resize-window -x 60 -y 20
$A send-keys L
check "at 60 columns the races' table is whole, its fastest clear too" sees_re "$A" "^ +1  alice +1 +1 +0 +$banner\$"
$C send-keys q

# 2. Both are offered a rematch: bob asks for one (r on the race's board)
# while alice reads the leaderboard; she hears it there, with the bell,
# and takes it with r on her board.
check "both are offered a rematch" sees_re "$B" "r(: a)? rematch"
$A pipe-pane -o "cat >>'$ui_tmp/alice.out'"
$B send-keys r
check "r after the race: bob's rematch waits for alice" sees "$B" "Waiting for alice to take your challenge"
check "alice hears of it on the leaderboard's page" sees "$A" "bob asks for a rematch: r takes it."
rang() { # the bell (BEL) in alice's terminal's output, polled
	for _ in $(seq 100); do grep -q "$(printf '\007')" "$ui_tmp/alice.out" && return 0; sleep 0.05; done
	return 1
}
check "with the terminal's bell" rang
$A pipe-pane
$A send-keys q
$A resize-window -x 80 -y 24
# carol, at the live games' list since she watched, goes to her board and
# its race screen (v).
$C send-keys q
sees "$C" "Moves " >/dev/null
$C send-keys v
check "carol at the race screen" sees "$C" "o  open a race"
check "carol is not offered a challenge meant for alice" sh -c "! $C capture-pane -p | grep -q \"take bob's race\""
# (The lobby's r lists it; v would take it at once.)
$A send-keys q
sees "$A" "r  race another player" >/dev/null
$A send-keys r
check "alice sees bob's challenge to her" sees "$A" "take bob's race, a challenge to you"
$A send-keys q f
sees "$A" "Moves " >/dev/null
$A send-keys r
check "her r takes his rematch: the countdown" sees "$A" "Racing bob: the board in"
check "the rematch starts for alice" sees "$A" "Race against bob: go!"
check "and for bob" sees "$B" "Race against alice: go!"
check "on one board for both" test "$(board_of "$A")" = "$(board_of "$B")"
# A move first: leaving before any would be no result at all.
$B send-keys Space
sees "$B" "Moves 1 " >/dev/null
$B send-keys q
check "bob's q is told it forfeits the race" sees "$B" "Leave the race for the lobby? alice wins by forfeit."
$B send-keys y
check "bob is back at the lobby" sees "$B" "r  race another player"
check "and told he left the race" sees "$B" "You left the race: alice wins by forfeit."
check "alice wins by forfeit" sees "$A" "bob left the race: you win by forfeit."
check "ranked as a second result" test "$(results)" = 2
$B send-keys q
sees "$B" "Leave?" >/dev/null	# his race's board, one move made
$B send-keys y
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
# A few fixed words after a race, no free text: carol says "good game"
# from the race screen, alice hears it on her board.
$C send-keys v
check "after the race, carol's race screen offers fixed words" sees "$C" "After the race with alice: 1 good game, 2 again?, 3 well played"
$C send-keys 1
check "1: said" sees "$C" "Said to alice: good game."
check "alice hears it" sees "$A" "carol says: good game"
$C send-keys q

# 4. alice's page (i in the lobby): who she is, her key as ssh-keygen
# prints its fingerprint, her streak and week, and her races: three won
# (two ranked, one not), none lost.
$A send-keys q
sees "$A" "r  race another player" >/dev/null
$A send-keys i
check "i in the lobby: the player's page" sees "$A" "Who you are"
check "her name" sees "$A" "Name:  alice"
fp=$(ssh-keygen -lf "$ui_tmp/alice.pub" | cut -d' ' -f2)
check "her key's fingerprint ($fp)" sees "$A" "Key:   $fp"
check "her daily streak" sees "$A" "Daily streak: 0 days"
check "this week's daily boards, today's first" sees "$A" "  $today  not played"
check "her races this week" sees "$A" "Races this week: 3 won, 0 lost"
$A send-keys q
check "any key back to the lobby" sees "$A" "i  who you are"

# 5. A guest comes in: alice's list names them once, in one pair of
# brackets, with where they are (it was "(guest) (playing ...)").
G="tmux -L lo$$-guest -f /dev/null"
trap '$B kill-server >/dev/null 2>&1; $C kill-server >/dev/null 2>&1; $G kill-server >/dev/null 2>&1; ui_cleanup' EXIT
printf 'keyboard-interactive\n' >"$ui_tmp/guest.auth"
cat >"$ui_tmp/run-guest.sh" <<RUN
SSH_USER_AUTH='$ui_tmp/guest.auth' SSH_CONNECTION='192.0.2.77 40000 192.0.2.1 22' '$LIGHTSOUT' serve --guests 1 --dir '$host'
echo "EXIT=\$?"
exec sleep 600
RUN
$G new-session -d -x 80 -y 24 "sh '$ui_tmp/run-guest.sh'"
$G set-option -g window-size manual >/dev/null 2>&1
sees "$G" "r  race another player" >/dev/null
$A send-keys r
check "a guest to challenge: one pair of brackets, and where" sees_re "$A" "challenge [^ ]+ \(a guest, in the lobby\)\$"
$A send-keys q
# The guest's lobby at 60x20: the welcome wraps to three lines, and every
# key is still there, the last one too.
$G resize-window -x 60 -y 20
check "a guest's lobby at 60x20 keeps every key" sees_re "$G" "^  q  leave the arcade"

done_testing
