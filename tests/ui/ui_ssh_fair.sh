#!/bin/sh
# Fair shares through the arcade's real sshd (issue 35), clients spread
# over 127.0.0.0/8 (ssh -b 127.A.B.C; sshd listens on 127.0.0.1): one
# network filling a pool (new keys at the name prompt, guests, the
# key-holders' sessions) no longer keeps a newcomer from another network
# out: the longest-idle holder of the crowded network gives way and is
# told why, while a newcomer of that network is refused; and the name
# prompt closes after its time (--prompt-time) whatever is typed.
. "$SRCDIR/tests/lib/tap.sh"
. "$SRCDIR/tests/lib/ui_lib.sh"
. "$SRCDIR/tests/lib/sshd_lib.sh"

sshd_root_test "it makes the public account and runs sshd for it" sshd ssh ssh-keygen useradd userdel usermod
. "$SRCDIR/tests/lib/arcade_lib.sh"
arcade_key f1 f2 f3 f4 f5 f6 f7 n1 h1 h2 h3 h4 n2 late d1 d2 d3 || exit 1
arcade_exit_hook() {
	for f in "$s"/hold.* "$s"/pid.*; do [ -f "$f" ] && kill "$(cat "$f")" 2>/dev/null; done
	[ -z "${typist:-}" ] || kill "$typist" 2>/dev/null
}
arcade_start --prompts 6
. "$SRCDIR/tests/lib/arcade_clients.sh"
arcade_started

# 1. Six new keys of one /24 fill the six places at the name prompt.
for i in 1 2 3 4 5 6; do client "f$i" "f$i" "127.1.0.$i"; done
for i in 1 2 3 4 5 6; do wait_out "f$i" "Name [" >/dev/null; done
check "six new keys from one network hold the six places at the name prompt" \
	test "$(showing "Name [" f1 f2 f3 f4 f5 f6)" = 6
out=$(SSH_BIND=127.1.0.7 sh "$s/ssh" f7 -tt </dev/null 2>&1)
check "a seventh from that network is refused: the host's bound" \
	says "$out" "6 new keys are choosing a name already"
client n1 n1 127.2.0.1
check "a new key from another network still gets the name prompt" wait_out n1 "Name ["
check "one of the first network's prompts is closed, saying why" \
	until_shown "a new player from another network needed one" 1 f1 f2 f3 f4 f5 f6
check "and only one" test "$(showing "another network needed one" f1 f2 f3 f4 f5 f6)" = 1
check "which ends" until_shown "EXIT=" 1 f1 f2 f3 f4 f5 f6
grep -F -q -a "Name [" "$s/out.n1" && printf 'newcomer\r' >"$s/in.n1"
check "while the newcomer names itself and plays" wait_out n1 "Playing as newcomer"
check "all end and free their places when their links drop" drop f1 f2 f3 f4 f5 f6 n1

# 2. Four guests of one /24 hold the four guest places.
arcade_options --guests 4 --guests-per-address 2
for i in 1 2 3 4; do client "g$i" guest "127.3.0.$i"; done
check "four guests of one network hold the four guest places" \
	until_shown "a guest:" 4 g1 g2 g3 g4
out=$(SSH_BIND=127.3.0.9 sh "$s/ssh" guest -tt </dev/null 2>&1)
check "a fifth from that network is refused" says "$out" "All 4 guest places are taken"
client g5 guest 127.4.0.1
check "a guest from another network still gets in" wait_out g5 "a guest:"
check "one of the first network's guests ends, saying why" \
	until_shown "a guest from another network needed one" 1 g1 g2 g3 g4
check "and only one" test "$(showing "another network needed one" g1 g2 g3 g4)" = 1
check "all end and free their places when their links drop" drop g1 g2 g3 g4 g5

# 3. Four key-holders of one /24 play in the four sessions' places.
arcade_options --sessions 4
for i in 1 2 3 4; do
	client "h$i" "h$i" "127.5.0.$i"
	wait_out "h$i" "Name [" >/dev/null && printf 'holder %d\r' "$i" >"$s/in.h$i"
done
check "four players of one network hold the four sessions" until_shown "Playing as holder" 4 h1 h2 h3 h4
client n2 n2 127.6.0.1
wait_out n2 "Name [" >/dev/null && printf 'stranger\r' >"$s/in.n2"
check "a player from another network still gets a session" wait_out n2 "Playing as stranger"
check "one of the first network's sessions ends, its game saved, saying why" \
	until_shown "a player from another network needed one" 1 h1 h2 h3 h4
check "and only one" test "$(showing "another network needed one" h1 h2 h3 h4)" = 1
check "all end and free their places when their links drop" drop h1 h2 h3 h4 n2

# 4. The name prompt closes after its time, though keys keep coming.
arcade_options --prompt-time 3s
client late late 127.7.0.1
wait_out late "Name [" >/dev/null
( for _ in $(seq 60); do printf 'a' >"$s/in.late" || break; sleep 0.25; done ) &
typist=$!
check "a key every quarter second does not hold the prompt past its time" \
	wait_out late "Time is up: the name prompt is open for 3 seconds."
check "the key leaves without a name" wait_out late "No name chosen"
kill "$typist" 2>/dev/null
typist=
no_prompt_file() {
	for _ in $(seq 200); do
		[ -z "$(ls -A "$host/prompts" 2>/dev/null)" ] && return 0
		sleep 0.05
	done
	return 1
}
check "and nothing is kept of it" no_prompt_file

# 5. A network's bounds, whatever its addresses: two guests of a /24 at
# once, one new player of a /24 a day.
arcade_options --guests-per-network 2 --new-players-per-network 1
client q1 guest 127.8.0.1
client q2 guest 127.8.0.2
check "two guests of one network play" until_shown "a guest:" 2 q1 q2
out=$(SSH_BIND=127.8.0.3 sh "$s/ssh" guest -tt </dev/null 2>&1)
check "a third from another address of it is refused, saying why" \
	says "$out" "2 guests from your network are playing already"
client q3 guest 127.9.0.1
check "one from the next network plays" wait_out q3 "a guest:"
check "all end when their links drop" drop q1 q2 q3
client d1 d1 127.10.0.1
wait_out d1 "Name [" >/dev/null && printf 'day one\r' >"$s/in.d1"
check "a new player from a network" wait_out d1 "Playing as day one"
check "(who leaves)" drop d1
out=$(SSH_BIND=127.10.0.2 sh "$s/ssh" d2 -tt </dev/null 2>&1)
check "a second from another address of that network the same day is refused" \
	says "$out" "1 new players have come from your network today"
client d3 d3 127.11.0.1
check "one from the next network is asked for a name" wait_out d3 "Name ["
check "(and leaves)" drop d3

done_testing
