#!/bin/sh
# Bad input: exit 2 with a message naming the place; unsolvable: exit 1 with a certificate.
. "$SRCDIR/tests/lib/tap.sh"
T=$(mktemp -d) && trap 'rm -rf "$T"' EXIT

# expect STATUS PATTERN INPUT ARGS...: exit status and a stderr line matching PATTERN.
expect() {
	want=$1 pat=$2 input=$3
	shift 3
	printf "$input" | "$LIGHTSOUT" "$@" > "$T/out" 2> "$T/err"
	rc=$?
	if [ $rc -eq "$want" ] && grep -q -- "$pat" "$T/err"; then
		ok "$* -> exit $want, '$pat'"
	else
		not_ok "$* -> exit $rc (want $want), stderr: $(head -c 300 "$T/err")"
	fi
}

expect 2 '<stdin>:2:3: row has 2 cells' '101\n01\n' solve
expect 2 '<stdin>:2:2: unexpected .?.' '101\n0?1\n' solve
expect 2 '<stdin>:2:2: value 2 is not below' '101\n021\n' solve
expect 2 ":1:1: 'z' means 35" 'z\n' solve -k 4
expect 2 'empty input' '' solve
expect 2 'empty input' '\n\n  \n' solve
expect 2 '<stdin>:1:1: size line says 3 x 3' '3 3\n101\n010\n' solve
# k > 2 past 10000 a side: a side of 65536 at most, and the memory at 2 bits a cell (k = 3, 4).
expect 2 "<stdin>:1:1: board too large: 99999x99999 at k = 3: past 10000 a side a board of k > 2 is solved when its other side is at most 65536" \
	'99999 99999\n1\n' solve -k 3
expect 2 "<stdin>:1:1: board too large for the memory: 1000000000x2000 needs [0-9.]* [GT]B to solve at 2 bits a cell" \
	'1000000000 2000\n1\n' solve -k 4
# At k = 2 a board is as large as the memory holds: past it, or past 2^30 a side.
expect 2 "<stdin>:1:1: board too large for the memory: 1000000000x2000000 needs [0-9]* GB to solve at a bit a cell" \
	'1000000000 2000000\n1\n' solve
expect 2 "<stdin>:1:1: board larger than 1073741824 rows or columns" '1073741825 1\n1\n' solve
expect 2 "<stdin>:1:1: size line '99999999999 1' is out of range" '99999999999 1\n1\n' solve
expect 2 "<stdin>:1:1: size line '12345678901234567890 3' is out of range" '12345678901234567890 3\n101\n' solve
expect 2 'unexpected NUL' '10\0001\n' solve
expect 2 'blank line inside' '101\n\n101\n' solve
expect 2 '--size 4x4 but the board is 2x3' '101\n010\n' solve -s 4x4
expect 2 'bad size' '' analyze -s 0
expect 2 'bad size' '' analyze -s 3x
expect 2 'bad size .2000000000.: use RxC or N (1 to 1073741824)' '' solve -s 2000000000
expect 2 'bad size .100000.: use RxC or N (1 to 10000)' '' play -s 100000
expect 2 'bad number of states' '' analyze -k 37
expect 2 'bad number of states' '' analyze -k 1
expect 2 'unknown rule' '' analyze -r hexagon
expect 2 'odd number of rows' '' analyze -r mask:01/10
expect 2 'bad format' '1\n' solve -f yaml
expect 2 'bad time limit' '1\n' solve -t -1
expect 2 'unknown or incomplete option' '' analyze --bogus
expect 2 'unknown or incomplete option' '' solve -f
expect 2 'unknown command' '' frobnicate
expect 2 "unknown command 'slove': did you mean 'solve'?" '' slove
expect 2 "unknown command 'anal': did you mean 'analyze'?" '' anal
expect 2 "did you mean '--size'?" '' analyze --sise 3
expect 2 'at most 2^26' '' analyze -s 6 --distribution
# (x on a flat board has a chase now, at any size; on a torus none.)
expect 2 'with k = 2 local rules are solved while cells x band width (250000 x 1002 here' '' analyze -s 500 -r x --torus
expect 2 'with k = 2 local rules are solved while cells x band width (160000 x 802 here' '' analyze -s 400 -r box --torus
expect 2 'with k > 2 local rules are solved up to 40000 cells' '' analyze -s 201 -k 3 -r knight
expect 2 'bad size .10001.: use RxC or N (1 to 10000)' '' analyze -s 10001
expect 2 'their own press sets are solved up to 10000 (k = 2) or 2500' '' analyze -s 51 -k 4 -r random
expect 2 'no 5x5 board needs exactly 16 presses' '' generate -s 5 --par 16
expect 2 'par 0 is already solved' '' generate --par 0
expect 2 'No such file' '' solve /nonexistent/board
expect 2 'bad seed' '' generate --seed -4

# Unsolvable: the 4x4 classic board with one light.  Exit 1, certificate on stderr.
printf '1000\n0000\n0000\n0000\n' | "$LIGHTSOUT" solve > "$T/out" 2> "$T/err"
rc=$?
check "unsolvable board: exit 1" [ $rc -eq 1 ]
check "unsolvable board: nothing on stdout in grid format" [ ! -s "$T/out" ]
check "unsolvable board: certificate explained" grep -q 'quiet' "$T/err"
check "unsolvable board: certificate grid of 4 rows" [ "$(grep -c '^[01]\{4\}$' "$T/err")" -eq 4 ]
# The certificate is a quiet pattern lighting the corner: pressing it changes nothing.
grep '^[01]\{4\}$' "$T/err" > "$T/cert"
check "certificate covers the lit cell" [ "$(head -c 1 "$T/cert")" = 1 ]
printf "0000\n0000\n0000\n0000\n" > "$T/zero"
check "certificate presses are quiet (change nothing)" [ "$(awk -v k=2 -v rule=plus -f "$SRCDIR/tests/lib/verify.awk" "$T/zero" "$T/cert" | tail -n 1)" = clear ]
printf '1000\n0000\n0000\n0000\n' | "$LIGHTSOUT" solve -f json > "$T/json" 2> /dev/null
check "unsolvable json: solvable false with a certificate" grep -q '"solvable":false,"certificate":\[' "$T/json"
printf '3 1 0\n1 3 2\n' | "$LIGHTSOUT" solve -k 4 --rule knight > /dev/null 2> "$T/err"
check "k = 4 unsolvable or solved, never a crash" [ $? -le 1 ]

# Help and version go to stdout with exit 0.
"$LIGHTSOUT" --help > "$T/out"; check "--help exit 0" [ $? -eq 0 -a -s "$T/out" ]
"$LIGHTSOUT" --version > "$T/out"; check "--version exit 0" grep -q '^lightsout [0-9]' "$T/out"
for c in solve analyze generate; do
	"$LIGHTSOUT" $c --help > "$T/out"; check "$c --help exit 0" [ $? -eq 0 -a -s "$T/out" ]
done
"$LIGHTSOUT" -V >"$T/out" 2>"$T/err"
rc=$?
check "-V is --version: exit $rc" [ $rc -eq 0 ]
check "-V prints the version" grep -q '^lightsout [0-9]' "$T/out"
"$LIGHTSOUT" keys --help >"$T/out" 2>"$T/err"
rc=$?
check "keys --help: exit $rc" [ $rc -eq 0 ]
check "keys --help prints its usage" grep -q '^Usage: lightsout keys' "$T/out"

# serve --check is the command-line tools' (main sends it there, not to
# the account's front door): its options and its words, without root.
expect 2 'go with --check' '' serve --sshd-config /dev/null
expect 2 "'--dir' is not an option of the check" '' serve --check play --dir /tmp
expect 2 "unexpected 'extra'" '' serve --check play extra
expect 2 "'--shadow' needs a value" '' serve --check play --shadow
# After --, the words are the game's: that serve is the front door's.
expect 1 'is a game for a terminal' '' serve --dir /tmp -- --sshd-config x
"$LIGHTSOUT" serve --check --help >"$T/out" 2>&1
rc=$?
check "serve --check --help: exit $rc" [ $rc -eq 0 ]
check "serve --check --help prints the check's usage" grep -q '^Usage: lightsout serve --check' "$T/out"
# --grid and --board take their rules from the registry.
expect 2 "bad grid 'cube': use square or hex" '' generate --grid cube
expect 2 "bad board 'hex': use merlin or cube" '' generate --board hex
"$LIGHTSOUT" generate --board cube --seed 1 >"$T/out" 2>&1
check "generate --board cube is 6x9" grep -qx '6 9' "$T/out"

done_testing
