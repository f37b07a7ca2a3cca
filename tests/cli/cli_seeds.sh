#!/bin/sh
# The seeds' own examples, through the real binary.
. "$SRCDIR/tests/lib/tap.sh"
D=$SRCDIR/tests/data
T=$(mktemp -d) && trap 'rm -rf "$T"' EXIT
verify() { awk -v k="$1" -v rule="$2" -f "$SRCDIR/tests/lib/verify.awk" "$3" "$4"; }

# Seed 000: the 8x8 board from the TV show, solved and checked.
"$LIGHTSOUT" solve "$D/seed000.txt" > "$T/s0"; rc=$?
check "seed 000: exit 0" [ $rc -eq 0 ]
check "seed 000: 8 lines of 8 presses" [ "$(grep -c '^[01]\{8\}$' "$T/s0")" -eq 8 ]
check "seed 000: the solution clears the board" [ "$(verify 2 plus "$D/seed000.txt" "$T/s0")" = clear ]

# Seed 001's format: "n m" then digit rows; all-lit 5x5 needs 15 presses.
printf '5 5\n11111\n11111\n11111\n11111\n11111\n' > "$T/lit5"
check "seed 001 format: all-lit 5x5 minimal is 15 presses" [ "$("$LIGHTSOUT" solve -f moves "$T/lit5" | head -n 1)" = 15 ]
"$LIGHTSOUT" solve "$T/lit5" > "$T/s1"
check "seed 001 format: solution clears it" [ "$(verify 2 plus "$T/lit5" "$T/s1")" = clear ]

# Seed 002: the cross variant, answered as a count and row col lines.
"$LIGHTSOUT" solve --rule cross --format moves "$D/seed002.txt" > "$T/s2"
printf '2\n1 1\n4 4\n' > "$T/want2"
check "seed 002: '2', '1 1', '4 4'" cmp -s "$T/s2" "$T/want2"
"$LIGHTSOUT" solve --rule cross "$D/seed002.txt" > "$T/s2g"
check "seed 002: grid solution clears the cross board" [ "$(verify 2 cross "$D/seed002.txt" "$T/s2g")" = clear ]

# Seed 003: 2x3 rotating chairs modulo 4.
"$LIGHTSOUT" solve -k 4 "$D/seed003.txt" > "$T/s3"
check "seed 003: chairs solution clears the board mod 4" [ "$(verify 4 plus "$D/seed003.txt" "$T/s3")" = clear ]
check "seed 003: 5 quarter turns (backward turns allowed)" [ "$("$LIGHTSOUT" solve -k 4 -f moves "$D/seed003.txt" | head -n 1)" = 5 ]
"$LIGHTSOUT" solve -k 4 --forward-only -f moves "$D/seed003.txt" > "$T/s3f"
check "seed 003: forward-only turns counted in full" [ "$(head -n 1 "$T/s3f")" -ge 5 ]
check "seed 003: moves lines carry signed counts" grep -q '^[0-9]* [0-9]* [+-][0-9]*$' "$T/s3f"
"$LIGHTSOUT" solve -k 4 -f json "$D/seed003.txt" > "$T/s3j"
check "seed 003: json reports 8 solutions, nullity 2" grep -q '"nullity":2,"solutions":"8"' "$T/s3j"

# Generated boards are solvable and reproducible.
"$LIGHTSOUT" generate -s 6x7 --seed 9 > "$T/g1"
"$LIGHTSOUT" generate -s 6x7 --seed 9 > "$T/g2"
check "generate: same seed, same board" cmp -s "$T/g1" "$T/g2"
"$LIGHTSOUT" solve "$T/g1" > "$T/sg1"; rc=$?
check "generate: the board is solvable and the solution clears it" [ $rc -eq 0 -a "$(verify 2 plus "$T/g1" "$T/sg1")" = clear ]
"$LIGHTSOUT" generate -s 5 --par 9 --seed 3 > "$T/g3"
check "generate --par 9: optimal solution has 9 presses" [ "$("$LIGHTSOUT" solve -f moves "$T/g3" | head -n 1)" = 9 ]
"$LIGHTSOUT" generate -s 4 -k 4 --seed 1 > "$T/g4"
"$LIGHTSOUT" solve -k 4 "$T/g4" > "$T/s4"
check "generate -k 4 names its k first" sh -c "head -n 1 '$T/g4' | grep -qx 'rule plus k=4'"
sed '/^rule /d' "$T/g4" > "$T/g4rows"
check "generate -k 4: solvable and cleared" [ "$(verify 4 plus "$T/g4rows" "$T/s4")" = clear ]
done_testing
