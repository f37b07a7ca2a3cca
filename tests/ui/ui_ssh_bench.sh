#!/bin/sh
# make bench-ssh's summary says what happened, not what flatters (issue
# 43): run with room for 2 players' sessions (--sessions 2) and 4 players,
# it says 2 of 4 won and why the other 2 did not, counted per reason with
# the host's own words (refused: "All 2 places ..."), never "all won"; the
# leaderboard is held to the sessions that won.  A short run: 2 keys a
# session, 1 s of idle window.
. "$SRCDIR/tests/lib/tap.sh"
. "$SRCDIR/tests/lib/sshd_lib.sh"

sshd_root_test "the bench makes an account and runs sshd for it" sshd ssh ssh-keygen useradd userdel usermod script
driver=$(dirname "$LIGHTSOUT")/bench/ssh_driver
out=$(mktemp) || exit 1
err=$(mktemp) || exit 1
trap 'rm -f "$out" "$err"' EXIT
N=4 KEYS=2 IDLE=1 SERVE_OPTIONS="--sessions 2" sh "$SRCDIR/bench/ssh_bench.sh" "$LIGHTSOUT" "$driver" >"$out" 2>"$err"
rc=$?
has() { grep -q -e "$1" "$out"; }
check "the bench runs to its end (status $rc)" test "$rc" = 0
check "2 players get the game, 2 do not" has '^sessions that got the game  2 of 4$'
check "the summary says 2 of 4 won, and that the other 2 were refused, with the host's words" \
	has '^sessions that won  *2 of 4; 2 refused: "All 2 .*places.*"$'
check "and nothing else" test "$(grep -c '^sessions that won .*; .*; ' "$out")" = 0
check "never that all won" sh -c '! grep -q "^all won" "$1"' sh "$out"
check "nor that all logged in" sh -c '! grep -q "^all logged in" "$1"' sh "$out"
check "the time it took is the time until the 2 won and the rest were out" has '^2 of 4 won, the rest out  *[0-9.]* s'
check "the leaderboard holds a win for each that won, and no mismatch" \
	has '^leaderboard wins  *2 for the 2 sessions that won, under 2 distinct names'
if [ "$failed" -ne 0 ]; then
	sed 's/^/# /' "$out"
	tail -n 20 "$err" | sed 's/^/# stderr: /'
fi
done_testing
