#!/bin/sh
# Board files: limits checked while reading, in memory proportional to the
# cells; a failed allocation is "out of memory", not a malformed file; the
# integer format never reads one file two ways.
. "$SRCDIR/tests/lib/tap.sh"
T=$(mktemp -d) && trap 'rm -rf "$T"' EXIT

# expect STATUS PATTERN CMD...: exit status and a stderr line matching PATTERN.
expect() {
	want=$1 pat=$2
	shift 2
	"$@" > "$T/out" 2> "$T/err"
	rc=$?
	if [ $rc -eq "$want" ] && grep -q -- "$pat" "$T/err"; then
		ok "exit $want, '$pat'"
	else
		not_ok "want exit $want and '$pat', got exit $rc: $(head -c 300 "$T/err")"
	fi
}

if sanitized; then
	for what in "out of memory reading a board" "... not a complaint about the file" \
		"300 MB of rows refused by size" "... and by the memory" "500 MB of newlines: empty" "300 MB on one line, in 10 MB"; do
		skip "$what: a sanitizer build cannot run under ulimit -v"
	done
else
	# The least memory limit under which the program runs at all.
	memory_floor

	# A valid 4000x4000 board with 2 MB to spare, as much as the board
	# alone at a bit a cell: out of memory, said so.
	"$LIGHTSOUT" generate -s 4000 --seed 1 > "$T/b4000" || exit 99
	expect 2 'out of memory' sh -c "ulimit -v $((floor + 2000)) && exec \"\$0\" solve \"\$1\"" "$LIGHTSOUT" "$T/b4000"
	check "... and not a complaint about the file" sh -c "! grep -q 'row has' '$T/err'"

	# 300 MB of one-cell rows (150 million) under a 20 MB limit: refused by
	# the memory while reading, at 2 bits a cell (k = 3) and at a bit (rows
	# narrower than a word are dense: 19 MB a board at a bit, where a word
	# a row took 1.2 GB and was refused under 250 MB).
	expect 2 'board too large for the memory: [0-9]* rows of 1 cells (so far) need [0-9.]* MB to solve at 2 bits a cell' sh -c \
		"yes + | head -c 300000000 | (ulimit -v $((floor + 20000)) && exec \"\$0\" solve -k 3)" "$LIGHTSOUT"
	expect 2 'board too large for the memory: [0-9]* rows of 1 cells (so far) need [0-9.]* MB to solve at a bit a cell' sh -c \
		"yes + | head -c 300000000 | (ulimit -v $((floor + 20000)) && exec \"\$0\" solve)" "$LIGHTSOUT"
	# 500 MB of newlines in 50 MB: empty, without an index of the lines.
	expect 2 'empty input' sh -c \
		"yes '' | head -c 500000000 | (ulimit -v $((floor + 50000)) && exec \"\$0\" solve)" "$LIGHTSOUT"
	# 300 MB of '1' on one line: stopped at the line's bound, in 10 MB more
	# than the program needs at all (it took 883 MB before).
	expect 2 '<stdin>:1:1: a line longer than any row of a board can be' sh -c \
		"head -c 300000000 /dev/zero | tr '\\0' 1 | (ulimit -v $((floor + 10000)) && exec \"\$0\" solve)" "$LIGHTSOUT"
fi

expect 2 'is a directory' "$LIGHTSOUT" solve "$T"
printf '0 77777\n' > "$T/big"
expect 2 'value 77777 is not below' "$LIGHTSOUT" solve "$T/big"
printf '0 2147483648\n' > "$T/big"
expect 2 'value 2147483648 is not below' "$LIGHTSOUT" solve "$T/big"

# Two numbers over rows of two numbers: refused when both readings are boards,
# with the way out; each reading alone is taken.
printf '1 2\n0 1\n' > "$T/amb"
expect 2 ":1:1: '1 2' reads as the size line of a 1x2 board and as the first row of a 2x2 board" \
	"$LIGHTSOUT" solve -k 3 "$T/amb"
check "... and says how to write it: '12'" grep -q "'1 2' as '12'" "$T/err"
printf '12\n01\n' > "$T/sym"
"$LIGHTSOUT" solve -k 3 -f json "$T/sym" > "$T/out" 2> "$T/err"
check "... and '12' over '01' is the 2x2 board" grep -q '"size":"2x2"' "$T/out"
printf '1 1\n0 1\n' > "$T/b11"
"$LIGHTSOUT" solve -f json "$T/b11" > "$T/out" 2> "$T/err"
check "'1 1' over '0 1' is the 2x2 board" grep -q '"size":"2x2"' "$T/out"
printf '1 2\n0 1\n' > "$T/b12"
"$LIGHTSOUT" solve -f json "$T/b12" > "$T/out" 2> "$T/err"
check "'1 2' over '0 1' with k = 2 is a size line and a 1x2 board" grep -q '"size":"1x2"' "$T/out"

done_testing
