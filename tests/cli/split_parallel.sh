#!/bin/sh
# docs/scaling.md's GNU parallel recipe for the split search, run as
# written: its own command lines, taken from there, with the ssh hosts
# replaced by the local machine (parallel's ':', two jobs at once).  The parts'
# grouped outputs in one file, and --merge of that file proves the
# optimum: the weight of the whole board's solve, and it clears the board.
. "$SRCDIR/tests/lib/tap.sh"
if ! command -v parallel > /dev/null 2>&1; then
	echo "1..0 # SKIP GNU parallel is not installed (Debian: parallel)"
	exit 0
fi
T=$(mktemp -d) && trap 'rm -rf "$T"' EXIT
verify() { awk -v k=2 -v rule=plus -f "$SRCDIR/tests/lib/verify.awk" "$1" "$2"; }

# The code block after "GNU parallel over ssh", continued lines joined.
awk '/^\*\*GNU parallel over ssh\.\*\*/ { found = 1 }
	found && /^```sh$/ { inside = 1; next }
	inside && /^```$/ { exit }
	inside && line != "" { sub(/^[ \t]+/, "") }
	inside { if (sub(/\\$/, "")) { line = line $0; next } print line $0; line = "" }' \
	"$SRCDIR/docs/scaling.md" > "$T/recipe"
run=$(grep '^parallel ' "$T/recipe")
merge=$(grep '^lightsout solve --merge ' "$T/recipe")
check "docs/scaling.md: a parallel line and a merge line" test -n "$run" -a -n "$merge"
# The hosts, and only they, replaced by the local machine.
local_run=$(printf '%s\n' "$run" | sed 's|-S [^ ]*|-S 2/:|')
check "docs/scaling.md: the parallel line names its hosts with -S" test "$local_run" != "$run"

# A 30x30 classic board: nullity 20, 2^20 combinations, in the recipe's 64
# parts.  The lines run in $T, where board.txt is, with lightsout on PATH.
mkdir -p "$T/bin" "$T/home"
ln -s "$LIGHTSOUT" "$T/bin/lightsout"
"$LIGHTSOUT" generate -s 30 --seed 11 > "$T/board.txt"
want=$("$LIGHTSOUT" solve -f moves "$T/board.txt" | head -n 1)
(cd "$T" && HOME="$T/home" PATH="$T/bin:$PATH" sh -c "$local_run") 2> "$T/parallel.err"
rc=$?
parts=$(grep -c '^part [0-9]*/64$' "$T/parts.txt")
if [ $rc -eq 0 ] && [ "$parts" -eq 64 ]; then
	ok "$local_run: 64 parts in parts.txt"
else
	not_ok "$local_run: exit $rc, $parts parts: $(tail -n 3 "$T/parallel.err")"
fi
(cd "$T" && PATH="$T/bin:$PATH" sh -c "$merge") > "$T/merged" 2> "$T/merge.err"
rc=$?
got=$(tr -cd 1 < "$T/merged" | wc -c)
if [ $rc -eq 0 ] && [ "$got" -eq "$want" ] && [ "$(verify "$T/board.txt" "$T/merged")" = clear ] &&
	grep -q "^lightsout solve: 64 parts cover all 1048576 combinations: $want presses, optimal$" "$T/merge.err"; then
	ok "$merge: $(cat "$T/merge.err") (one run: $want)"
else
	not_ok "$merge: exit $rc, $got presses (one run: $want): $(cat "$T/merge.err")"
fi
done_testing
