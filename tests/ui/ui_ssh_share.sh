#!/bin/sh
# Fair shares that spare real players (issue 43), through the arcade's
# real sshd, clients spread over 127.0.0.0/8 (ssh -b 127.A.B.C): a
# network (/24) or block (/16) gives way only above its fair share and a
# floor, never a player who moved lately, told the true count; one
# stranger's many /24s of one /16 hold no more than the block's share;
# new keys at the name prompt are bounded per block, a prompt is shorter
# once the pool is over half full, and its last places are for a block
# that holds none; a key that never cleared a board is forgotten after a
# week, not a year.
. "$SRCDIR/tests/lib/tap.sh"
. "$SRCDIR/tests/lib/ui_lib.sh"
. "$SRCDIR/tests/lib/sshd_lib.sh"

sshd_root_test "it makes the public account and runs sshd for it" sshd ssh ssh-keygen useradd userdel usermod \
	runuser sqlite3
. "$SRCDIR/tests/lib/arcade_lib.sh"
arcade_key k1 k2 k3 k4 k5 k6 k7 w1 t1 || exit 1
arcade_exit_hook() {
	for f in "$s"/hold.* "$s"/pid.*; do [ -f "$f" ] && kill "$(cat "$f")" 2>/dev/null; done
}
arcade_start
. "$SRCDIR/tests/lib/arcade_clients.sh"
arcade_started

# the clock's second turned: the files' times the host compares differ.
next_second() {
	t=$(date +%s)
	while [ "$(date +%s)" -le "$t" ]; do sleep 0.05; done
}

# 1. The issue's pool of 50 guests (the shipped limits): a real guest
# plays (a move made), a second guest of its /24 idles, then 48 guests
# from 48 fresh /24s of 48 blocks fill the pool.  One more from a 49th
# ends nobody: the real guest's network holds 2, under the floor of 3,
# and the player who moved is spared; the newcomer is refused.
login guest "" 127.60.0.1
ui_wait "Welcome, guest-" >/dev/null
ui_keys f
ui_wait "Moves 0" >/dev/null
ui_keys Space
check "a real guest plays: a move made" ui_wait "Moves 1 "
next_second
client mate guest 127.60.0.2
wait_out mate "Welcome, guest-" >/dev/null
next_second
many=
for i in $(seq 48); do
	client "x$i" guest "127.$((60 + i)).0.1"
	many="$many x$i"
	# Eight logins at a time: sshd's MaxStartups.
	[ $((i % 8)) -eq 0 ] && until_shown "Welcome, guest-" "$i" $many >/dev/null
done
check "48 guests from 48 fresh networks fill the 50 guest places" until_shown "Welcome, guest-" 48 $many
client late guest 127.120.0.1
check "a guest from yet another network is refused" until_shown "EXIT=" 1 late
check "told that all 50 places are taken" wait_out late "All 50 guest places are taken"
still_plays() { ! ui_screen | grep -q -e "session ended" -e "EXIT="; }
check "the real guest still plays" still_plays
ui_keys Space
check "and moves again" ui_wait "Moves 2 "
check "its network's other guest (2 of 50 with it) is not ended either" \
	test "$(showing "needed one" mate $many)" = 0
ui_kill_server
check "all end and free their places when their links drop" drop mate $many late

# 2. One stranger's many /24s of one /16: no more than the block's share.
arcade_options --guests 10 --guests-per-block 4
blk=
for i in 1 2 3 4; do
	client "b$i" guest "127.130.$i.1"
	blk="$blk b$i"
done
check "four guests from four /24s of one /16 play" until_shown "Welcome, guest-" 4 $blk
out=$(SSH_BIND=127.130.5.1 sh "$s/ssh" guest -tt </dev/null 2>&1)
check "a fifth /24 of that /16 is refused, saying why" \
	says "$out" "4 guests from your address block are playing already"
client o1 guest 127.131.1.1
check "a guest from another block still plays" wait_out o1 "Welcome, guest-"
check "all end when their links drop" drop $blk o1

# 3. Six /24s of one block fill a pool of six: a guest from another
# block takes the place of one of them, which is told the block's count.
arcade_options --guests 6
blk=
for i in 1 2 3 4 5 6; do
	client "c$i" guest "127.140.$i.1"
	blk="$blk c$i"
done
check "six /24s of one block hold the six guest places" until_shown "Welcome, guest-" 6 $blk
client o2 guest 127.141.1.1
check "a guest from another block gets in" wait_out o2 "Welcome, guest-"
check "one of the crowded block's guests ends, told the true count" \
	until_shown "6 of them from" 1 $blk
check "of its block" until_shown "your address block, and a guest from another block needed one" 1 $blk
check "and only one" test "$(showing "needed one" $blk)" = 1
check "all end when their links drop" drop $blk o2

# 4. New keys at the name prompt: two per block, a shorter prompt once
# over half of the six places are taken, the last two places for a
# block that holds none.
arcade_options --prompts 6 --prompts-per-block 2 --prompts-fresh 2 --prompt-time-busy 4s
client k1 k1 127.150.1.1
client k2 k2 127.150.2.1
until_shown "Name [" 2 k1 k2 >/dev/null
check "two new keys of one block at the prompt" test "$(showing "Name [" k1 k2)" = 2
out=$(SSH_BIND=127.150.3.1 sh "$s/ssh" k7 -tt </dev/null 2>&1)
check "a third of that block is refused, saying why" \
	says "$out" "2 new keys from your address block are choosing a name already"
check "while the pool is half full, the prompt keeps its time" \
	test "$(showing "Many new keys" k1 k2)" = 0
client k3 k3 127.151.1.1
wait_out k3 "Name [" >/dev/null
client k4 k4 127.152.1.1
check "a fourth is asked for a name" wait_out k4 "Name ["
check "and told the prompt is shorter now" \
	wait_out k4 "Many new keys are choosing a name now: this prompt is open for 4 seconds."
out=$(SSH_BIND=127.151.2.1 sh "$s/ssh" k7 -tt </dev/null 2>&1)
check "four of six taken: a key from a block that holds one is refused" \
	says "$out" "4 new keys are choosing a name already"
client k5 k5 127.153.1.1
check "one from a block that holds none takes a place kept for it" wait_out k5 "Name ["
check "the short prompt closes after its time" \
	wait_out k4 "Time is up: the name prompt is open for 4 seconds."
check "the first keys' prompts are open still" test "$(showing "Time is up" k1 k2)" = 0
check "all end when their links drop" drop k1 k2 k3 k4 k5

# 5. --players: a key that never cleared a board is forgotten after
# --forget-unplayed-after (7 days), one that did after --forget-after.
arcade_options -- --daily --size 3x3
client w1 w1 127.160.0.1
wait_out w1 "Name [" >/dev/null && printf 'winner\r' >"$s/in.w1"
wait_out w1 "Moves 0" >/dev/null && printf 'sT' >"$s/in.w1"
check "a new player clears the daily board" wait_out w1 "Solved"
client t1 t1 127.161.0.1
wait_out t1 "Name [" >/dev/null && printf 'throwaway\r' >"$s/in.t1"
check "another only chooses a name" wait_out t1 "Moves 0"
check "(both leave)" drop w1 t1
# sql STATEMENT: run on the host's database, as its account (its WAL is
# the account's), waiting for a writer as the game does.
sql() { runuser -u "$acct" -- sqlite3 -cmd '.timeout 10000' "$host/host.db" "$1"; }
# pid_of NAME: the player directory of the player called NAME.
pid_of() { p=$(sql "SELECT pid FROM players WHERE name = '$1'") && [ -n "$p" ] && echo "$host/players/$p"; }
winner=$(pid_of winner)
thrown=$(pid_of throwaway)
check "both are players" test -n "$winner" -a -n "$thrown"
check "(their last logins 8 days ago, the last prune 2 hours ago)" \
	sql "UPDATE players SET seen = strftime('%s', 'now') - 8 * 86400 WHERE name IN ('winner', 'throwaway');
	     UPDATE meta SET value = strftime('%s', 'now') - 7200 WHERE key = 'pruned';"
client g9 guest 127.162.0.1
wait_out g9 "Welcome, guest-" >/dev/null
gone() { for _ in $(seq 200); do [ ! -e "$1" ] && return 0; sleep 0.05; done; return 1; }
check "eight days on, the next login forgets the key that never cleared a board" gone "$thrown"
check "its name is free" test -z "$(pid_of throwaway)"
check "the player who cleared one stays" test -d "$winner" -a "$(pid_of winner)" = "$winner"
check "(the guest leaves)" drop g9

done_testing
