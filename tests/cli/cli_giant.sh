#!/bin/sh
# Giant boards at a bit a cell (solve's route for the classic rule at
# k = 2): answers pressed out by an independent awk, certificates checked
# quiet and odd, the nullity against nullity.awk's gcd, boards past the
# byte route's 10000 sides, the peak memory under ulimit -v, and a board
# refused with the memory it needs.
. "$SRCDIR/tests/lib/tap.sh"
. "$SRCDIR/tests/lib/boards.sh"
T=$(mktemp -d) && trap 'rm -rf "$T"' EXIT

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

# lit_clear C R FILE: "clear" when presses FILE (R rows of C cells, C at
# most 4) clear an all-lit board: each row with the rows above and below
# (none past the edges) lights each of its cells an odd number of times.
# A table of every three rows that do, made once, then a lookup a row: two
# million rows in a second, where verify.awk takes a minute.
lit_clear() {
	awk -v C="$1" -v R="$2" '
	function bit(v, j) { return j < 0 || j >= C ? 0 : int(v / 2 ^ j) % 2 }
	BEGIN {
		n = 2 ^ C
		for (v = 0; v < n; v++) {
			s = ""
			for (j = 0; j < C; j++) s = s bit(v, j)
			str[v] = s
		}
		for (a = 0; a < n; a++) for (b = 0; b < n; b++) for (c = 0; c < n; c++) {
			ok = 1
			for (j = 0; j < C; j++)
				if ((bit(a, j) + bit(c, j) + bit(b, j) + bit(b, j - 1) + bit(b, j + 1)) % 2 == 0) ok = 0
			if (ok) good[str[a] "," str[b] "," str[c]] = 1
		}
		prev = str[0]
	}
	NR > 1 { if (!((prev "," cur "," $0) in good)) bad++; prev = cur }
	{ cur = $0 }
	END { print (bad || NR != R || !((prev "," cur "," str[0]) in good) ? "not clear" : "clear") }' "$3"
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
{ [ $? -eq 2 ] && grep -q "past 10000 a side, generate makes boards of the classic rule at k = 2" "$T/err"; }
check "generate 20000x20000 -k 3: refused, saying what it makes there" [ $? -eq 0 ]

# Without --any past 10000 a side: solved, and said not searched.
"$LIGHTSOUT" generate -s 5x20001 --seed 3 | "$LIGHTSOUT" solve -f json > "$T/out" 2> "$T/err"
{ [ $? -eq 0 ] && grep -q '"nullity":1,' "$T/out" && grep -q '"optimal":false' "$T/out" && grep -q "past 10000 a side the minimal search is not made: 1 quiet pattern, the solution may not be minimal" "$T/err"; }
check "5x20001 (nullity 1) without --any: solved, 'the minimal search is not made' said, not optimal" [ $? -eq 0 ]

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
		# (Out of memory for the reader's first buffer, before any row is
		# read, comes before any estimate: said so, at line 1.  The floor
		# is --version's, which maps fewer of the locale's files.)
		[ $rc -eq 0 ] || { [ $rc -eq 2 ] && grep -q "too large for the memory" "$T/err"; } ||
			{ [ $rc -eq 2 ] && grep -q "out of memory reading line 1$" "$T/err"; } ||
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
	{ [ $rc -eq 2 ] && grep -q "b20000:1:1: board too large for the memory: 20000x20000 needs 1[0-9][0-9] MB to solve at a bit a cell, and [0-9.]* MB is available (ulimit -v)" "$T/err"; }
	check "20000x20000 in 100 MB is refused at its size line with the memory it needs: $(head -c 300 "$T/err")" [ $? -eq 0 ]
	board 1 20000 > "$T/row20000"
	(ulimit -v $((floor + 30000)) && yes "$(cat "$T/row20000")" | exec "$LIGHTSOUT" solve --any) > /dev/null 2> "$T/err"
	rc=$?
	{ [ $rc -eq 2 ] && grep -q "<stdin>:[0-9]*:1: board too large for the memory: [0-9]* rows of 20000 cells (so far) need [0-9.]* MB to solve at a bit a cell, and [0-9.]* MB is available (ulimit -v)" "$T/err"; }
	check "endless rows of 20000 cells in 30 MB are refused at the row that passes: $(head -c 300 "$T/err")" [ $? -eq 0 ]

	# Rows narrower than a word are dense, packed back to back: 2000000x3
	# all lit (8 MB of text) is solved in 16 MB of address space over the
	# floor, where a word a row (16 MB a board, the board and its answer)
	# was refused below 40 MB; the answer pressed out row by row.
	yes 111 | head -n 2000000 > "$T/n3"
	(ulimit -v $((floor + 16000)) && exec "$LIGHTSOUT" solve --any "$T/n3") > "$T/x" 2> "$T/err"
	rc=$? got=$(lit_clear 3 2000000 "$T/x")
	check "2000000x3 all lit solved within 16 MB of address space over the floor, $got (exit $rc: $(head -c 200 "$T/err"))" \
		[ $rc -eq 0 -a "$got" = clear ]
	# Under every limit a narrow board is solved or refused with what it
	# needs at its dense size (a word a row needed 16 MB for 500000x5).
	yes 11111 | head -n 500000 > "$T/n5"
	bad= kb=$((floor + 2000))
	while [ $kb -le $((floor + 14000)) ]; do
		(ulimit -v $kb && exec "$LIGHTSOUT" solve --any "$T/n5") > "$T/x" 2> "$T/err"
		rc=$?
		{ [ $rc -eq 0 ] && [ "$(lit_clear 5 500000 "$T/x")" = clear ]; } ||
			{ [ $rc -eq 2 ] && grep -q "too large for the memory: [0-9]* rows of 5 cells (so far) need [0-8]\.[0-9] MB" "$T/err"; } ||
			{ [ $rc -eq 2 ] && grep -q "out of memory reading" "$T/err"; } ||
			bad="$bad; $kb KB: exit $rc: $(head -c 200 "$T/err")"
		kb=$((kb + 1000))
	done
	check "500000x5 under limits up to 14 MB over the floor: solved and pressed out, or refused with its dense needs${bad}" [ -z "$bad" ]
	# A narrow board the memory cannot hold is refused at its dense cost: a
	# billion rows of 8 cells need 2 GB (a word a row: 16 GB).
	{ echo 1000000000 8; echo 11111111; } > "$T/n8"
	(ulimit -v $((floor + 100000)) && exec "$LIGHTSOUT" solve --any "$T/n8") > /dev/null 2> "$T/err"
	rc=$?
	grep -q "n8:1:1: board too large for the memory: 1000000000x8 needs 2\.0 GB to solve at a bit a cell" "$T/err"
	check "1000000000x8 in 100 MB is refused at its size line, needing 2 GB: $(head -c 300 "$T/err")" [ $? -eq 0 -a $rc -eq 2 ]
fi

# ---- k > 2 at ceil(log2 k) bits a cell (2 bits for k = 3, 4; 3 up to
# 8): the classic rule past the byte route's 10000 sides (refused there
# before), each answer pressed out by verify.awk.

# zboard R C K [S]: random cells below K (seed S), or all lit without S.
zboard() {
	awk -v R="$1" -v C="$2" -v K="$3" -v S="${4:-}" 'BEGIN {
		if (S != "") srand(S)
		for (i = 0; i < R; i++) {
			s = ""
			for (j = 0; j < C; j++) s = s (S == "" ? "1" : substr("0123456789abcdefghijklmnopqrstuvwxyz", int(rand() * K) + 1, 1))
			print s
		}
	}'
}

# zanswer NAME K FILE [OPTION...]: solve --any -k K; a solution must clear
# the board, a certificate (exit 1) be quiet with a weighted sum of the
# board not 0 (mod K).
zanswer() {
	name=$1 k=$2 f=$3
	shift 3
	"$LIGHTSOUT" solve --any -k "$k" "$@" "$f" > "$T/x" 2> "$T/err"
	rc=$?
	if [ $rc -eq 0 ]; then
		check "$name: solved, the presses clear it" \
			[ "$(awk -v k="$k" -v rule=plus -f "$SRCDIR/tests/lib/verify.awk" "$f" "$T/x")" = clear ]
	elif [ $rc -eq 1 ]; then
		tail -n +4 "$T/err" > "$T/cert"
		sed 's/./0/g' "$f" > "$T/zero"
		dot=$(awk -v k="$k" 'function val(ch) { return index("0123456789abcdefghijklmnopqrstuvwxyz", ch) - 1 }
			NR == FNR { b[FNR] = $0; next }
			{ for (j = 1; j <= length($0); j++) n += val(substr($0, j, 1)) * val(substr(b[FNR], j, 1)) }
			END { print n % k }' "$f" "$T/cert")
		check "$name: unsolvable, the certificate is quiet and weighs the board $dot (mod $k), not 0" \
			[ "$(awk -v k="$k" -v rule=plus -f "$SRCDIR/tests/lib/verify.awk" "$T/zero" "$T/cert")" = clear -a \
			"$dot" != 0 -a -n "$dot" ]
	else
		not_ok "$name: exit $rc: $(head -c 300 "$T/err")"
	fi
}

zboard 12000 3 3 > "$T/z1" && zanswer "k=3 12000x3 all lit" 3 "$T/z1"
zboard 3 12000 4 5 > "$T/z2" && zanswer "k=4 3x12000 random (transposed)" 4 "$T/z2"
zboard 10001 4 7 6 > "$T/z3" && zanswer "k=7 10001x4 random" 7 "$T/z3"
zboard 2 10500 36 7 > "$T/z4" && zanswer "k=36 2x10500 random (6 bits a cell, transposed)" 36 "$T/z4"
zboard 10001 2 3 8 > "$T/z5" && zanswer "k=3 10001x2 random (nullity 2)" 3 "$T/z5"
zboard 10001 2 3 9 > "$T/z6" && zanswer "k=3 10001x2 another" 3 "$T/z6"
zboard 10003 2 6 > "$T/z7" && zanswer "k=6 10003x2 all lit" 6 "$T/z7"
# Both sides past 2048, where M (C x C) was refused: solved through its
# polynomials (engine/zplus.c; pressed out at these sizes in test_zchase,
# verify.awk takes minutes here), with the count of the solutions.
zboard 2049 2049 3 > "$T/z9"
"$LIGHTSOUT" solve --any -k 3 -f json "$T/z9" > "$T/zj" 2> "$T/err"
check "k=3 2049x2049 all lit: solved, nullity 46, 3^46 solutions" \
	grep -q '"solvable":true,.*"nullity":46,"solutions":"8862938119652501095929"}$' "$T/zj"
# Z/6 = Z/2 x Z/3: the count of k = 6 is the product of k = 2's (the
# GF(2) chase's polynomials, chase.c) and k = 3's, past 2048 a side.
for s in 2049 2054 2056 2059; do
	c2=$("$LIGHTSOUT" analyze -s $s -k 2 | cut -d' ' -f4)
	c3=$("$LIGHTSOUT" analyze -s $s -k 3 | cut -d' ' -f4)
	c6=$("$LIGHTSOUT" analyze -s $s -k 6 | cut -d' ' -f4)
	# Decimal strings multiplied digit by digit (the counts pass 2^900).
	prod=$(awk -v a="$c2" -v b="$c3" 'BEGIN {
		la = length(a); lb = length(b)
		for (i = 0; i < la + lb; i++) d[i] = 0
		for (i = 0; i < la; i++) for (j = 0; j < lb; j++)
			d[i + j] += substr(a, la - i, 1) * substr(b, lb - j, 1)
		for (i = 0; i < la + lb - 1; i++) { d[i + 1] += int(d[i] / 10); d[i] %= 10 }
		for (n = la + lb - 1; n > 0 && d[n] == 0; n--) ;
		for (s = ""; n >= 0; n--) s = s d[n]
		print s }')
	check "k=6 ${s}x$s: $c6 solutions, k=2's times k=3's" [ -n "$c6" -a "$prod" = "$c6" ]
done

# The moves format and JSON say the same presses as the grid.
"$LIGHTSOUT" solve --any -k 4 "$T/z2" > "$T/zg"
"$LIGHTSOUT" solve --any -k 4 -f moves "$T/z2" | awk -v R=3 -v C=12000 -v k=4 '
	NR == 1 { w = $1; next }
	{ x[$1 - 1, $2 - 1] = ($3 + k) % k; n += $3 < 0 ? -$3 : $3 }
	END {
		for (i = 0; i < R; i++) { s = ""; for (j = 0; j < C; j++) s = s ((i, j) in x ? x[i, j] : 0); print s }
		if (n != w) print "weight " w " but the presses add up to " n
	}' > "$T/zm"
check "k=4 3x12000: the moves format's presses and weight are the grid's" cmp -s "$T/zg" "$T/zm"
"$LIGHTSOUT" solve --any -k 3 -f json "$T/z1" > "$T/zj"
check "k=3 12000x3 as JSON: k 3, nullity 0, solutions 1, optimal" \
	grep -q '^{"size":"12000x3","rows":12000,"cols":3,"rule":"plus","torus":false,"k":3,"solvable":true,"presses":\[\[.*\]\],"weight":[0-9]*,"optimal":true,"lower_bound":[0-9]*,"rank":36000,"nullity":0,"solutions":"1"}$' "$T/zj"
zboard 10001 2 3 > "$T/z8"
"$LIGHTSOUT" solve -k 3 -f json "$T/z8" > "$T/zj" 2> "$T/err"
{ grep -q '"optimal":false,"lower_bound":[0-9]*,"rank":20000,"nullity":2,"solutions":"9"}' "$T/zj" && grep -q "past 10000 a side the minimal search is not made: 2 quiet patterns" "$T/err"; }
check "k=3 10001x2 all lit without --any: the minimal search is not made, said so; nullity 2, 9 solutions" [ $? -eq 0 ]

# Other rules, torus and split searches of k > 2 keep the byte route and
# its limit.
"$LIGHTSOUT" solve --any -k 3 --torus "$T/z1" > /dev/null 2> "$T/err"
{ [ $? -eq 2 ] && grep -q "is too large" "$T/err"; }
check "k=3 12000x3 --torus: refused with the byte route's limit" [ $? -eq 0 ]

{ echo 70000 70000; zboard 3 20000 3; } > "$T/z70000"
"$LIGHTSOUT" solve --any -k 3 "$T/z70000" > /dev/null 2> "$T/err"
{ [ $? -eq 2 ] && grep -q "z70000:1:1: board too large: 70000x70000 at k = 3: past 10000 a side a board of k > 2 is solved when its other side is at most 65536" "$T/err"; }
check "k=3 70000x70000: refused at the size line, past 10000 a side a side of 65536 at most" [ $? -eq 0 ]
{ echo 1000000000 2000; zboard 3 2000 3; } > "$T/zhuge"
"$LIGHTSOUT" solve --any -k 4 "$T/zhuge" > /dev/null 2> "$T/err"
{ [ $? -eq 2 ] && grep -q "zhuge:1:1: board too large for the memory: 1000000000x2000 needs [0-9.]* [GT]B to solve at 2 bits a cell, and [0-9.]* [MGT]B is available" "$T/err"; }
check "k=4 1000000000x2000: refused at the size line with the memory it needs" [ $? -eq 0 ]

if sanitized; then
	skip "k=3 20001x200 under ulimit -v: a sanitizer build cannot run under ulimit -v"
else
	memory_floor
	# Under every limit a k = 3 board past 10000 a side is solved, or
	# refused with what it needs (the estimate never lets in one that runs
	# out; at a byte a cell it took 8 MB for the board and its solution).
	zboard 20001 200 3 > "$T/zb200"
	bad= kb=$((floor + 2000))
	while [ $kb -le $((floor + 16000)) ]; do
		(ulimit -v $kb && exec "$LIGHTSOUT" solve --any -k 3 "$T/zb200") > /dev/null 2> "$T/err"
		rc=$?
		# (Out of memory for the reader's first buffers, before any row
		# is read, comes before any estimate: said so, at line 1.)
		[ $rc -eq 0 ] || { [ $rc -eq 2 ] && grep -q "too large for the memory.*at 2 bits a cell" "$T/err"; } ||
			{ [ $rc -eq 2 ] && grep -Eq "out of memory reading (line 1|a board of 1 rows)" "$T/err"; } ||
			bad="$bad; $kb KB: exit $rc: $(head -c 200 "$T/err")"
		kb=$((kb + 1000))
	done
	check "k=3 20001x200 under limits up to 16 MB over the floor: solved or refused with its needs${bad}" [ -z "$bad" ]
	(ulimit -v $((floor + 16000)) && exec "$LIGHTSOUT" solve --any -k 3 "$T/zb200") > "$T/x" 2> "$T/err"
	check "... and solved within 16 MB over the floor" [ $? -eq 0 ]
fi

done_testing
