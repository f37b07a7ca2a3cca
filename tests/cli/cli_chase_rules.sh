#!/bin/sh
# Rules past the band's reach, chased diagonally (x, box, knight, masks):
# the real binary's answers pressed out by an independent awk
# (verify.awk, the mask's own cells), certificates checked quiet and odd,
# the count against the band's elimination just inside its reach, and a
# board past the chase's bounds refused in its words.
. "$SRCDIR/tests/lib/tap.sh"
. "$SRCDIR/tests/lib/boards.sh"
T=$(mktemp -d) && trap 'rm -rf "$T"' EXIT

# answer NAME RULE FILE: solve --any; a solution must clear the board, a
# certificate (exit 1) be quiet and lie on an odd number of lit cells.
answer() {
	"$LIGHTSOUT" solve --any -r "$2" "$3" > "$T/x" 2> "$T/err"
	rc=$?
	if [ $rc -eq 0 ]; then
		check "$1: solved, the presses clear it" \
			[ "$(awk -v k=2 -v rule="$2" -f "$SRCDIR/tests/lib/verify.awk" "$3" "$T/x")" = clear ]
	elif [ $rc -eq 1 ]; then
		grep '^[01]*$' "$T/err" | grep . > "$T/cert"
		sed 's/1/0/g' "$3" > "$T/zero"
		odd=$(awk 'NR == FNR { b[FNR] = $0; next } { for (j = 1; j <= length($0); j++) if (substr($0, j, 1) == "1" && substr(b[FNR], j, 1) == "1") n++ } END { print n % 2 }' "$3" "$T/cert")
		check "$1: unsolvable, the certificate is quiet and odd on the board" \
			[ "$(awk -v k=2 -v rule="$2" -f "$SRCDIR/tests/lib/verify.awk" "$T/zero" "$T/cert")" = clear -a "$odd" = 1 ]
	else
		not_ok "$1: exit $rc: $(head -c 300 "$T/err")"
	fi
}

# The band takes x up to about 490x490: these are chased.
board 520 520 > "$T/x520" && answer "x 520x520 all lit" x "$T/x520"
board 500 512 5 > "$T/x500" && answer "x 500x512 random" x "$T/x500"
board 512 500 6 > "$T/box" && answer "box 512x500 random (nullity 1011)" box "$T/box"
board 420 420 7 > "$T/m5" && answer "full 5x5 mask 420x420 random" mask:11111/11111/11111/11111/11111 "$T/m5"
board 400 397 8 > "$T/kn" && answer "knight 400x397 random (swept)" knight "$T/kn"

# The count: box (chased past the band) against its algebra: box is the
# product of a row's and a column's tridiagonal matrix of ones, T_R x T_C,
# so its rank is rank(T_R) rank(T_C), and T_n has nullity 1 when n = 2
# mod 3, else 0: 500x500 has nullity 250000 - 499^2 = 999, 2000x1999
# 2000 * 1999 - 1999^2 = 1999.
"$LIGHTSOUT" analyze -s 500x500 -r box > "$T/an" 2>&1
check "box 500x500: rank 249001, nullity 999, as T_500 x T_500 says: $(cut -c 1-40 "$T/an")" \
	[ "$(cut -d ' ' -f 1-3 "$T/an")" = "500x500 249001 999" ]
"$LIGHTSOUT" analyze -s 2000x1999 -r box > "$T/an" 2>&1
check "box 2000x1999: nullity 1999, as T_2000 x T_1999 says: $(cut -c 1-40 "$T/an")" \
	[ "$(cut -d ' ' -f 1-3 "$T/an")" = "2000x1999 3996001 1999" ]

# Past the chase's bounds: knight 3000x3000 leaves 8998 unknowns, swept
# over 9 million cells: refused, and saying so.
board 3000 3000 > "$T/k3000"
"$LIGHTSOUT" solve --any -r knight "$T/k3000" > /dev/null 2> "$T/err"
rc=$?
{ [ $rc -eq 2 ] && grep -q "light chasing leaves 8998 unknowns with this rule" "$T/err"; }
check "knight 3000x3000: refused in the chase's words: $(head -c 300 "$T/err")" [ $? -eq 0 ]
done_testing
