#!/bin/sh
# The family on the command line: --rule random, --board merlin|cube,
# --grid hex and --graph FILE on solve, analyze and generate; graph files'
# errors with line and column; a fixed-seed random board is the same board
# on every run and every machine.
. "$SRCDIR/tests/lib/tap.sh"
T=$(mktemp -d) && trap 'rm -rf "$T"' EXIT
LO=$LIGHTSOUT
is() { if [ "$1" = "$2" ]; then ok "$3"; else not_ok "$3: got '$1', want '$2'"; fi; }

# expect STATUS PATTERN ARGS...: exit status and a stderr line matching PATTERN.
expect() {
	want=$1 pat=$2
	shift 2
	"$LO" "$@" > "$T/out" 2> "$T/err" < /dev/null
	rc=$?
	if [ $rc -eq "$want" ] && grep -q -- "$pat" "$T/err"; then
		ok "$* -> exit $want, '$pat'"
	else
		not_ok "$* -> exit $rc (want $want), stderr: $(head -c 300 "$T/err")"
	fi
}

# Merlin: 3x3 by itself, invertible; every board has one solution.
is "$("$LO" analyze --board merlin)" "3x3 9 0 1" "analyze --board merlin: rank 9, one solution"
printf '100\n000\n000\n' > "$T/corner"
is "$("$LO" solve --board merlin "$T/corner" | tr '\n' /)" "111/110/100/" "merlin: the lone corner's unique solution (checked by hand)"
# The cube: 6 faces of 9 stickers.
is "$("$LO" analyze --board cube)" "6x9 48 6 64" "analyze --board cube: nullity 6"
is "$("$LO" analyze --board cube -k 3)" "6x9 50 4 81" "the cube with k = 3"
# Hex boards, torus where the rows meet.
is "$("$LO" analyze --grid hex -s 2-5 | tr '\n' /)" "2x2 3 1 2/3x3 9 0 1/4x4 16 0 1/5x5 24 1 2/" "hex nullities 2x2 to 5x5"
is "$("$LO" analyze --grid hex --torus -s 4x6 | cut -d' ' -f1)" "4x6" "hex on a 4x6 torus"
expect 2 'even number of rows' analyze --grid hex --torus -s 3
# solve takes the size from the board: the file's rows are checked, not
# the default size's (5 rows would be refused).
is "$(printf '2 2\n11\n11\n' | "$LO" solve --grid hex --torus --format moves 2>&1 | head -n 1)" "1" \
	"solve --grid hex --torus takes a 2x2 board's own size"
is "$(printf '3 2\n11\n11\n01\n' | "$LO" solve --grid hex --torus 2>&1)" \
	"lightsout solve: hex on a torus needs an even number of rows (offset rows must meet), not 3" \
	"and refuses a 3-row board by its own rows"
expect 2 'merlin is 3x3' analyze --board merlin -s 4
expect 2 'no torus form' analyze --board cube --torus
expect 2 'give one of --rule' analyze --board cube --rule x
expect 2 'bad board' analyze --board tetris
expect 2 'bad grid' analyze --grid triangle

# random: from --seed, the same board on every run and every machine.
g1=$("$LO" generate --rule random --seed 2026 -s 5)
g2=$("$LO" generate --rule random:2026 --seed 2026 -s 5)
is "$g1" "$g2" "random --seed 2026 is random:2026"
is "$(printf '%s\n' "$g1" | tr '\n' /)" "rule random:2026/5 5/00101/10001/01001/00010/10110/" "5x5 random:2026 from seed 2026: the recorded board"
printf '%s\n' "$g1" | "$LO" solve --rule random:2026 > /dev/null
is "$?" 0 "and it is solvable"

# Graphs: a directed triangle with self-presses (k = 2: one quiet pattern).
cat > "$T/tri.graph" <<'G'
# a directed triangle
graph 3
1 at 0 0: 1 2
2 at 0 4: 2 3
3 at 2 2: 3 1   # and back to the start
G
is "$("$LO" analyze --graph "$T/tri.graph")" "1x3 2 1 2" "analyze --graph: rank 2, nullity 1"
is "$(printf '110\n' | "$LO" solve --graph "$T/tri.graph" -f moves | tr '\n' /)" "1/1/" "solve --graph prints vertices"
is "$(printf '111\n' | "$LO" solve --graph "$T/tri.graph" -k 3 -f moves | tr '\n' /)" "3/1 +1/2 +1/3 +1/" \
	"solve --graph -k 3"
printf '100\n' | "$LO" solve --graph "$T/tri.graph" > /dev/null 2> "$T/err"
is "$?" 1 "an odd board on the triangle cannot be cleared"
grep -q "quiet" "$T/err" && not_ok "directed: no quiet-pattern wording" || ok "directed graph: the certificate is a weighting, not a quiet pattern"
gen=$("$LO" generate --graph "$T/tri.graph" --seed 5)
is "$(printf '%s\n' "$gen" | head -1)" "1 3" "generate --graph: a 1x3 board"

# Errors name the line and column.
graph_error() {
	printf "$1" > "$T/bad.graph"
	expect 2 "$T/bad.graph:$2" analyze --graph "$T/bad.graph"
}
graph_error 'grph 3\n' "1:1: expected 'graph N' first"
graph_error 'graph 0\n' '1:7: the number of vertices out of range'
graph_error 'graph 2\n1: 1 2\n1: 2\n' '3:1: vertex 1 already given on line 2'
graph_error 'graph 2\n1: 1 3\n' '2:6: a vertex number out of range'
graph_error 'graph 2\n1 1 2\n' "2:3: expected ':'"
graph_error 'graph 2\n1 at 0 0: 1\n2: 2\n' "3:2: no 'at ROW COL'"
graph_error 'graph 2\n1 at 0 0: 1\n2 at 0 0: 2\n' "3:1: vertices 1 and 2 are both at 0 0"
graph_error 'graph 2\n1: 1 x\n' "2:6: expected a vertex number"
graph_error 'graph 2\n1: 1\n' " vertex 2 has no line"
expect 2 'no --size' analyze --graph "$T/tri.graph" -s 3
expect 2 'nope.graph' analyze --graph "$T/nope.graph"
# A board file's own patterns: Merlin's Magic Square written out cell by
# cell solves exactly as --board merlin, for all 512 boards.
cat > "$T/merlin.patterns" <<'PAT'
patterns
000/011/011 000/111/000 000/110/110
010/010/010 010/111/010 010/010/010
011/011/000 000/111/000 110/110/000
PAT
same=0
i=0
while [ $i -lt 512 ]; do
	rows=$(awk -v n=$i 'BEGIN { for (r = 0; r < 3; r++) { s = ""; for (c = 0; c < 3; c++) s = s (int(n / 2^(3*r+c)) % 2); print s } }')
	printf '%s\n' "$rows" > "$T/m.board"
	{ printf '%s\n' "$rows"; cat "$T/merlin.patterns"; } > "$T/m.own"
	[ "$("$LO" solve --board merlin "$T/m.board")" = "$("$LO" solve "$T/m.own")" ] && same=$((same + 1))
	i=$((i + 1))
done
is "$same" 512 "a board file with Merlin's patterns solves as --board merlin (all 512 boards)"
{ printf '100\n000\n000\n'; cat "$T/merlin.patterns"; } > "$T/own"
is "$("$LO" solve -f moves "$T/own" | tr '\n' /)" "6/1 1/1 2/1 3/2 1/2 2/3 1/" "patterns: moves as rows and columns"
sed 's|^010/010/010 010/111/010|01/10 010/111/010|' "$T/own" > "$T/bad"
expect 2 "bad:6:1: cell (2, 1): mask must be an odd number" solve "$T/bad"
head -n 6 "$T/own" > "$T/short"
expect 2 "short:4:1: the patterns give 2 of the board's 3 rows" solve "$T/short"
sed 's|^011/011/000 000/111/000 110/110/000$|011/011/000 000/111/000|' "$T/own" > "$T/few"
expect 2 "few:7:24: row 3 has 2 patterns, expected 3" solve "$T/few"
expect 2 "the board file's patterns are its rule" solve --rule x "$T/own"
expect 2 "--size 4x4 but the board is 3x3" solve -s 4x4 "$T/own"
printf '1 1\n' >> "$T/own"
expect 2 "own:8:1: the patterns are 3 lines, one per row of the board" solve "$T/own"
expect 2 "a share code sets its own rule" play --graph "$T/tri.graph" --code LO0
expect 2 "a share code sets its own rule" play --grid hex --code LO0
done_testing
