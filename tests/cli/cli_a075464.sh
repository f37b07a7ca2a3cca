#!/bin/sh
# The all-lit n x n classic board: minimal presses equal OEIS A075464.
# n = 39 (2^32 kernel combinations, about a second) is in the benchmark instead.
. "$SRCDIR/tests/lib/tap.sh"
T=$(mktemp -d) && trap 'rm -rf "$T"' EXIT
A075464="1 4 5 4 15 28 33 40 25 44 55 72 105 56 117 104 147 188 141 224 245 276 231 270 353 356 405 416 345 376 553 428 469 520 563 600 761 772 561 696"
size=0
for want in $A075464; do
	size=$((size + 1))
	[ $size -eq 39 ] && continue
	awk -v n=$size 'BEGIN { for (i = 0; i < n; i++) { s = ""; for (j = 0; j < n; j++) s = s "1"; print s } }' > "$T/b"
	got=$("$LIGHTSOUT" solve -f json "$T/b" | sed 's/.*"weight":\([0-9]*\),"optimal":\([a-z]*\).*/\1 \2/')
	check "all-lit ${size}x$size: $want presses, proven minimal (got $got)" [ "$got" = "$want true" ]
done
done_testing
