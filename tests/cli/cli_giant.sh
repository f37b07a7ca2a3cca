#!/bin/sh
# Giant boards at a bit a cell (solve's route for the classic rule at
# k = 2): answers pressed out by an independent awk, certificates checked
# quiet and odd, the nullity against nullity.awk's gcd, boards past the
# byte route's 10000 sides, the peak memory under ulimit -v, and a board
# refused with the memory it needs.
. "$SRCDIR/tests/lib/tap.sh"
T=$(mktemp -d) && trap 'rm -rf "$T"' EXIT

# R rows of C cells: random (seed S), or all lit without S.
board() {
	awk -v R="$1" -v C="$2" -v S="${3:-}" 'BEGIN {
		if (S != "") srand(S)
		for (i = 0; i < R; i++) {
			s = ""
			for (j = 0; j < C; j++) s = s (S == "" || rand() < 0.5 ? "1" : "0")
			print s
		}
	}'
}

# answer NAME FILE: solve --any; a solution must clear the board, a
# certificate (exit 1) be quiet and lie on an odd number of lit cells.
answer() {
	"$LIGHTSOUT" solve --any "$2" > "$T/x" 2> "$T/err"
	rc=$?
	if [ $rc -eq 0 ]; then
		check "$1: solved, the presses clear it" [ "$(awk -v k=2 -v rule=plus -f "$SRCDIR/tests/lib/verify.awk" "$2" "$T/x")" = clear ]
	elif [ $rc -eq 1 ]; then
		tail -n +4 "$T/err" > "$T/cert"
		sed 's/1/0/g' "$2" > "$T/zero"
		odd=$(awk 'NR == FNR { b[FNR] = $0; next } { for (j = 1; j <= length($0); j++) if (substr($0, j, 1) == "1" && substr(b[FNR], j, 1) == "1") n++ } END { print n % 2 }' "$2" "$T/cert")
		check "$1: unsolvable, the certificate is quiet and odd on the board" \
			[ "$(awk -v k=2 -v rule=plus -f "$SRCDIR/tests/lib/verify.awk" "$T/zero" "$T/cert")" = clear -a "$odd" = 1 ]
	else
		not_ok "$1: exit $rc: $(head -c 300 "$T/err")"
	fi
}

# Past the byte route's sides: a wide board is chased transposed, a
# narrow one as it is; random boards, solvable or not.
board 3 40000 > "$T/wide" && answer "3x40000 all lit (transposed)" "$T/wide"
board 40000 3 > "$T/tall" && answer "40000x3 all lit" "$T/tall"
board 2 30001 7 > "$T/wide2" && answer "2x30001 random" "$T/wide2"
board 12000 5 3 > "$T/tall2" && answer "12000x5 random" "$T/tall2"
board 70 70 11 > "$T/sq" && answer "70x70 random (within the byte route's sides)" "$T/sq"
board 1 20000 > "$T/row" && answer "1x20000 all lit (one row: transposed)" "$T/row"

# generate past 10000 a side: a row at a time, from presses, so solvable;
# the same seed, the same board; other rules refused there.
"$LIGHTSOUT" generate -s 3x12000 --seed 4 > "$T/gen"
check "generate 3x12000: a size line and 3 rows of 12000" \
	[ "$(head -n 1 "$T/gen")" = "3 12000" -a "$(awk 'NR > 1 && length($0) == 12000' "$T/gen" | wc -l)" -eq 3 ]
tail -n +2 "$T/gen" > "$T/genb"
answer "the generated 3x12000" "$T/genb"
"$LIGHTSOUT" generate -s 3x12000 --seed 4 | cmp -s - "$T/gen"
check "... the same seed makes the same board" [ $? -eq 0 ]
"$LIGHTSOUT" generate -s 20000 -k 3 > /dev/null 2> "$T/err"
check "generate 20000x20000 -k 3: refused, saying what it makes there" \
	[ $? -eq 2 ] && grep -q "past 10000 a side, generate makes boards of the classic rule at k = 2" "$T/err"

# Without --any past 10000 a side: solved, and said not searched.
"$LIGHTSOUT" generate -s 5x20001 --seed 3 | "$LIGHTSOUT" solve -f json > "$T/out" 2> "$T/err"
check "5x20001 (nullity 1) without --any: solved, 'the minimal search is not made' said, not optimal" \
	[ $? -eq 0 ] && grep -q '"nullity":1,' "$T/out" && grep -q '"optimal":false' "$T/out" &&
	grep -q "past 10000 a side the minimal search is not made: 1 quiet pattern, the solution may not be minimal" "$T/err"

# The nullity of n x n all lit, at a bit a cell, against the gcd of
# nullity.awk (Sutner), for singular and invertible n.
awk -v N=200 -f "$SRCDIR/tests/lib/nullity.awk" > "$T/gcd"
bad=0
for m in 21 30 33 41 62 63 64 65 127 128 199 200; do
	board $m $m > "$T/b$m"
	got=$("$LIGHTSOUT" solve --any -f json "$T/b$m" | sed 's/.*"nullity":\([0-9]*\).*/\1/')
	want=$(awk -v n=$m '$1 == n { print $2 }' "$T/gcd")
	[ "$got" = "$want" ] || { bad=$((bad + 1)); echo "# $m x $m: nullity $got, the gcd says $want"; }
done
check "the nullity of 12 squares from 21x21 to 200x200 is the gcd's" [ $bad -eq 0 ]

if sanitized; then
	skip "8000x8000 under ulimit -v: a sanitizer build cannot run under ulimit -v"
	skip "a board refused with the memory it needs: a sanitizer build cannot run under ulimit -v"
else
	# The least memory limit under which the program runs at all.
	memory_floor
	# 8000x8000 all lit (64 MB of text): at a byte a cell it took 130 MB;
	# at a bit a cell it runs in 48 MB of address space more than the
	# program needs at all.
	board 8000 8000 > "$T/b8000"
	(ulimit -v $((floor + 48000)) && exec "$LIGHTSOUT" solve --any "$T/b8000") > "$T/x8000" 2> "$T/err"
	rc=$?
	check "8000x8000 all lit solved within 48 MB of address space (exit $rc: $(head -c 200 "$T/err"))" \
		[ $rc -eq 0 -a "$(wc -l < "$T/x8000")" -eq 8000 -a "$(head -n 1 "$T/x8000" | tr -d '\n' | wc -c)" -eq 8000 ]
	# Under every limit a board past 10000 a side is solved, or refused
	# with what it needs: the estimate never lets one in that then runs
	# out (a 200x20001 board, turned to be chased).
	board 200 20001 > "$T/b200"
	bad= kb=$((floor + 4000))
	while [ $kb -le $((floor + 24000)) ]; do
		(ulimit -v $kb && exec "$LIGHTSOUT" solve --any "$T/b200") > /dev/null 2> "$T/err"
		rc=$?
		[ $rc -eq 0 ] || { [ $rc -eq 2 ] && grep -q "too large for the memory" "$T/err"; } ||
			bad="$bad; $kb KB: exit $rc: $(head -c 200 "$T/err")"
		kb=$((kb + 500))
	done
	check "200x20001 under limits up to 24 MB over the floor: solved or refused with its needs${bad}" [ -z "$bad" ]

	# Past the byte route's reach (10000 a side), a board the memory cannot
	# hold is refused while reading, saying what it needs: at its size
	# line, or at the row that passes the memory.
	{ echo 20000 20000; board 3 20000; } > "$T/b20000"
	(ulimit -v $((floor + 100000)) && exec "$LIGHTSOUT" solve --any "$T/b20000") > /dev/null 2> "$T/err"
	rc=$?
	check "20000x20000 in 100 MB is refused at its size line with the memory it needs: $(head -c 300 "$T/err")" \
		[ $rc -eq 2 ] && grep -q "b20000:1:1: board too large for the memory: 20000x20000 needs 1[0-9][0-9] MB to solve at a bit a cell, and [0-9.]* MB is available (ulimit -v)" "$T/err"
	board 1 20000 > "$T/row20000"
	(ulimit -v $((floor + 30000)) && yes "$(cat "$T/row20000")" | exec "$LIGHTSOUT" solve --any) > /dev/null 2> "$T/err"
	rc=$?
	check "endless rows of 20000 cells in 30 MB are refused at the row that passes: $(head -c 300 "$T/err")" \
		[ $rc -eq 2 ] && grep -q "<stdin>:[0-9]*:1: board too large for the memory: [0-9]* rows of 20000 cells (so far) need [0-9.]* MB to solve at a bit a cell, and [0-9.]* MB is available (ulimit -v)" "$T/err"
fi

done_testing
