#!/bin/sh
# generate --par: the whole job is bounded in time, and a par not found in
# time is refused with the closest found and exit 2.
. "$SRCDIR/tests/tap.sh"
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

done_testing
