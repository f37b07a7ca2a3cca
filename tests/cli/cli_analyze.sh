#!/bin/sh
# lightsout analyze: nullities against OEIS A159257, counts, quiet patterns, distribution.
. "$SRCDIR/tests/lib/tap.sh"
T=$(mktemp -d) && trap 'rm -rf "$T"' EXIT

# OEIS A159257 (nullity of the n x n Lights Out matrix), n = 1..40.
A159257="0 0 0 4 2 0 0 0 8 0 6 0 0 4 0 8 2 0 16 0 0 0 14 4 0 0 0 0 10 20 0 20 16 4 6 0 0 0 32 0"
"$LIGHTSOUT" analyze -s 1-40 > "$T/a"
check "analyze -s 1-40: 40 lines 'RxC rank nullity solutions'" [ "$(grep -c '^[0-9]*x[0-9]* [0-9]* [0-9]* [0-9]*$' "$T/a")" -eq 40 ]
check "analyze -s 1-40: nullities equal OEIS A159257" [ "$(awk '{printf "%s%s", sep, $3; sep=" "}' "$T/a")" = "$A159257" ]
check "39x39: rank 1489, nullity 32, 2^32 solutions (seed 004's table says 1)" grep -qx '39x39 1489 32 4294967296' "$T/a"
check "5x5: 4 solutions" grep -qx '5x5 23 2 4' "$T/a"

"$LIGHTSOUT" analyze -s 4 --quiet-patterns > "$T/q"
check "4x4 quiet patterns: 4 of them" [ "$(grep -c '^quiet pattern' "$T/q")" -eq 4 ]
# Each pattern, pressed on an empty board, leaves it empty.
printf '0000\n0000\n0000\n0000\n' > "$T/zero"
allquiet=yes
for i in 1 2 3 4; do
	awk -v i="$i" '/^quiet pattern/ {n++; next} n == i && /^[01]+$/' "$T/q" > "$T/p$i"
	[ "$(awk -v k=2 -v rule=plus -f "$SRCDIR/tests/lib/verify.awk" "$T/zero" "$T/p$i")" = clear ] || allquiet=no
done
check "4x4 quiet patterns change nothing" [ $allquiet = yes ]

"$LIGHTSOUT" analyze -s 3 -k 4 > "$T/k4"
check "3x3 chairs (k = 4): rank 9, invertible" grep -qx '3x3 9 0 1' "$T/k4"
"$LIGHTSOUT" analyze -s 2x3 -k 4 --quiet-patterns > "$T/k4q"
check "2x3 chairs: kernel of 8 elements, orders shown" grep -q 'order' "$T/k4q"
check "2x3 chairs: 8 solutions" grep -q '^2x3 4 2 8$' "$T/k4q"
"$LIGHTSOUT" analyze -s 6 -k 6 > "$T/k6"
check "6x6 k=6 runs (composite modulus)" grep -q '^6x6 ' "$T/k6"

"$LIGHTSOUT" analyze -s 3 --distribution > "$T/d"
check "3x3 distribution covers all 512 boards" [ "$(awk '/^presses/ {on=1; next} on {s+=$2} END {print s}' "$T/d")" -eq 512 ]
"$LIGHTSOUT" analyze -s 5 --distribution > "$T/d5"
check "5x5 distribution: the hardest boards need 15 presses" [ "$(tail -n 1 "$T/d5" | cut -d' ' -f1)" -eq 15 ]
check "5x5 distribution: 2^23 solvable boards" [ "$(awk '/^presses/ {on=1; next} on {s+=$2} END {print s}' "$T/d5")" -eq 8388608 ]
"$LIGHTSOUT" analyze -s 3 -r cross --torus > "$T/c"
check "cross with --torus analyses" grep -q '^3x3 ' "$T/c"
# n = 1..200 (light chasing past 20x20) against the gcd formula, computed
# independently in awk.
"$LIGHTSOUT" analyze -s 1-200 | awk '{ split($1, s, "x"); print s[1], $3 }' > "$T/a200"
awk -v N=200 -f "$SRCDIR/tests/lib/nullity.awk" > "$T/gcd200"
check "analyze -s 1-200: nullity = deg gcd(f_n(x), f_n(x+1)) for every n" cmp -s "$T/a200" "$T/gcd200"
check "analyze -s 1-200: 200 lines" [ "$(wc -l < "$T/a200")" -eq 200 ]
"$LIGHTSOUT" analyze -s 1000 > "$T/big"
check "analyze -s 1000: the classic rule at 1000x1000" grep -q '^1000x1000 ' "$T/big"
# Past the dense limit: k = 4 on a matrix singular mod 2 (the band and its
# dense remainder), and a torus mask the chase cannot take (the folded band).
"$LIGHTSOUT" analyze -s 60 -k 4 -r knight > "$T/kn4"
check "knight 60x60 k=4 (singular mod 2): nullity 8, 8192 solutions" grep -qx '60x60 3592 8 8192' "$T/kn4"
"$LIGHTSOUT" analyze -s 200 -r x --torus > "$T/xt"
check "x --torus 200x200: nullity 64" grep -qx '200x200 39936 64 18446744073709551616' "$T/xt"
done_testing
