#!/bin/sh
# One true message, and an exit status that agrees with it.
. "$SRCDIR/tests/lib/tap.sh"
T=$(mktemp -d) && trap 'rm -rf "$T"' EXIT

# A range that leaves the limits part way: refused before any line.
"$LIGHTSOUT" analyze -s 1022-1026 -k 36 --torus > "$T/out" 2> "$T/err"
rc=$?
if [ $rc -eq 2 ] && [ ! -s "$T/out" ] && grep -q '1025x1025 is too large' "$T/err"; then
	ok "analyze -s 1022-1026 -k 36 --torus: refused before printing, exit 2"
else
	not_ok "analyze -s 1022-1026 -k 36 --torus: exit $rc, $(wc -l < "$T/out") lines out, $(head -c 200 "$T/err")"
fi

# 4096x4096: 2072 quiet patterns of 16.7 million cells each are not kept.
"$LIGHTSOUT" analyze -s 4096 -q > "$T/out" 2> "$T/err"
rc=$?
if [ $rc -eq 2 ] && grep -q 'too large to list' "$T/err" && grep -q '^4096x4096 16775144 2072 ' "$T/out"; then
	ok "analyze -q that cannot list the patterns: the row, a message, exit 2"
else
	not_ok "analyze -s 4096 -q: exit $rc, $(head -c 200 "$T/err")"
fi

"$LIGHTSOUT" generate -s 4096 --seed 2 > "$T/b" || exit 99
"$LIGHTSOUT" solve --format moves "$T/b" > "$T/out" 2> "$T/err"
rc=$?
if [ $rc -eq 0 ] && [ "$(wc -l < "$T/err")" -eq 1 ] && grep -q 'too large to search' "$T/err" &&
	! grep -q 'searching for' "$T/err"; then
	ok "solve with patterns too large to search says only that"
else
	not_ok "solve 4096x4096: exit $rc, stderr: $(head -c 300 "$T/err")"
fi

done_testing
