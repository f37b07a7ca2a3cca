#!/bin/sh
# Kill -9 a process at random moments while it saves, again and again: the
# saved game must always be exactly the old version or the new one.
. "$SRCDIR/tests/lib/tap.sh"
HELPER=$(dirname "$LIGHTSOUT")/tests/persist/test_persist_helper
T=$(mktemp -d) && trap 'rm -rf "$T"' EXIT
f=$T/game.save

rounds=40 torn=0 seen_a=0 seen_b=0 midwrite=0
i=0
while [ $i -lt $rounds ]; do
	i=$((i + 1))
	"$HELPER" save "$f" 0 2> "$T/err" &
	pid=$!
	# 10 to 200 ms, different every round.
	delay=$(awk -v s="$i$$" 'BEGIN { srand(s); printf "%.3f", 0.01 + rand() * 0.19 }')
	sleep "$delay"
	kill -9 $pid
	wait $pid 2> /dev/null
	[ -n "$(ls -A "$T" | grep '^\.game\.save\.')" ] && midwrite=$((midwrite + 1))
	case $("$HELPER" check "$f") in
	A) seen_a=$((seen_a + 1)) ;;
	B) seen_b=$((seen_b + 1)) ;;
	none) ;;
	*) torn=$((torn + 1)) ;;
	esac
	if [ -s "$T/err" ]; then
		not_ok "round $i: the saver failed: $(head -c 200 "$T/err")"
	fi
done
check "$rounds kills: the file was never torn ($torn)" [ $torn -eq 0 ]
{ [ $seen_a -gt 0 ] && [ $seen_b -gt 0 ]; }
check "both versions were seen on disk (A $seen_a, B $seen_b)" [ $? -eq 0 ]
echo "# $midwrite kills left a temporary file: killed in the middle of a write"
check "some kills landed in the middle of a write" [ $midwrite -gt 0 ]
check "and the loader accepts what is there" sh -c "\"$HELPER\" check \"$f\" > /dev/null"
done_testing
