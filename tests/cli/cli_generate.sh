#!/bin/sh
# generate --par: the whole job is bounded in time, and a par not found in
# time is refused with the closest found and exit 2.
. "$SRCDIR/tests/lib/tap.sh"
T=$(mktemp -d) && trap 'rm -rf "$T"' EXIT

start=$(date +%s)
"$LIGHTSOUT" generate -s 39 --par 800 --time-limit 2 > "$T/out" 2> "$T/err"
rc=$?
took=$(($(date +%s) - start))
if [ $rc -eq 2 ] && [ ! -s "$T/out" ] && grep -q 'needing exactly 800 presses within the 2 s limit' "$T/err" &&
	grep -q 'the closest had' "$T/err" && [ "$took" -le 4 ]; then
	ok "39x39 --par 800 --time-limit 2: refused after ${took} s, exit 2: $(cat "$T/err")"
else
	not_ok "39x39 --par 800 --time-limit 2: exit $rc after ${took} s: $(head -c 300 "$T/err")"
fi
check "--help states the default limit" sh -c "\"\$0\" generate --help | grep -q 'time-limit SECS.*default 30'" "$LIGHTSOUT"
"$LIGHTSOUT" generate -s 7 --par 10 --seed 1 --time-limit 5 > "$T/b"
check "a par that exists is still found" [ "$("$LIGHTSOUT" solve -f moves "$T/b" | head -n 1)" = 10 ]
"$LIGHTSOUT" generate --time-limit 0 > "$T/out" 2> "$T/err"
check "--time-limit 0 is a usage error" grep -q 'bad time limit' "$T/err"

# generate | solve round-trips every variant: the board file says what it
# is (a "rule" line), and solve reads it so; the options agree or are one
# error.  (Before, generate --grid hex | solve solved a plus board.)
for spec in "--grid hex -s 6" "--board merlin" "--board cube" "-r x --torus -k 3 -s 5" "-r knight -k 4 -s 6" \
	"-r random:5 -s 4" "-r cross -s 7" "-r mask:010/101/010 -s 5" "-s 5 --forward-only -k 3"; do
	# shellcheck disable=SC2086
	"$LIGHTSOUT" generate $spec --seed 3 > "$T/v" 2>"$T/err"
	"$LIGHTSOUT" solve --format moves "$T/v" > "$T/bare" 2>"$T/err"
	rc=$?
	# shellcheck disable=SC2086
	"$LIGHTSOUT" solve --format moves $(echo "$spec" | sed 's/--seed [0-9]*//') "$T/v" > "$T/told" 2>>"$T/err"
	check "generate $spec | solve: exit $rc, the same as solve with the options" \
		sh -c "[ $rc -eq 0 ] && cmp -s '$T/bare' '$T/told'"
done
"$LIGHTSOUT" generate --grid hex -s 6 --seed 1 > "$T/hexfile"
check "a file of generate's names its variant" sh -c "head -n 1 '$T/hexfile' | grep -qx 'rule hex'"
"$LIGHTSOUT" generate -s 5 --seed 1 > "$T/plain"
check "a classic board has no rule line (the seeds' format)" sh -c "head -n 1 '$T/plain' | grep -qx '5 5'"
"$LIGHTSOUT" solve -r plus "$T/hexfile" > "$T/out" 2> "$T/err"
rc=$?
check "the options say another rule: exit $rc" [ $rc -eq 2 ]
check "... one error naming both: $(cat "$T/err")" grep -q "line 1 says rule hex, the options plus: give one or the other" "$T/err"
printf 'rule hexagon\n101\n' | "$LIGHTSOUT" solve > "$T/out" 2> "$T/err"
check "an unknown rule on the line: its place" grep -q "<stdin>:1:6: not a rule lightsout knows" "$T/err"
printf 'rule plus k=99\n101\n' | "$LIGHTSOUT" solve > "$T/out" 2> "$T/err"
check "a bad k: its place" grep -q "<stdin>:1:11: k=K with K from 2 to 36" "$T/err"
printf 'rule x k=3\n3 3\n120\n201\n012\n' | "$LIGHTSOUT" solve --format moves > "$T/out" 2> "$T/err"
check "cells read below the line's k" sh -c "[ -s '$T/out' ] && [ ! -s '$T/err' ]"

done_testing
