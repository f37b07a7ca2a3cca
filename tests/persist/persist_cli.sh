#!/bin/sh
# lightsout stats and generate --code, end to end.
. "$SRCDIR/tests/lib/tap.sh"
HELPER=$(dirname "$LIGHTSOUT")/tests/persist/test_persist_helper
T=$(mktemp -d) && trap 'rm -rf "$T"' EXIT
export XDG_DATA_HOME="$T/data" XDG_STATE_HOME="$T/state"

"$LIGHTSOUT" stats > "$T/out" 2> "$T/err"
check "stats with no file: exit 0" [ $? -eq 0 ]
check "says nothing is recorded yet" grep -q "No games recorded yet ($T/data/lightsout/stats)" "$T/out"
check "and creates nothing" [ ! -e "$T/data" ]
"$LIGHTSOUT" stats --help > "$T/out"
check "stats --help: exit 0" [ $? -eq 0 ]
check "stats --help describes --file" grep -q -- "--file FILE" "$T/out"
"$LIGHTSOUT" stats --bogus > "$T/out" 2> "$T/err"
check "stats --bogus: exit 2" [ $? -eq 2 ]
check "stats --bogus: a message" grep -q "unknown or incomplete option '--bogus'" "$T/err"
"$LIGHTSOUT" stats --file "$T/nonexistent/stats" > "$T/out" 2> "$T/err"
check "stats --file naming no file: exit 2" [ $? -eq 2 ]
check "names the file and says why" grep -q "lightsout stats: $T/nonexistent/stats: No such file or directory" "$T/err"
check "and claims no empty record" [ ! -s "$T/out" ]
"$LIGHTSOUT" stats extra 2> "$T/err"
check "stats extra argument: exit 2" [ $? -eq 2 ]
check "lightsout --help lists stats" sh -c "\"$LIGHTSOUT\" --help | grep -q 'lightsout stats'"

mkdir -p "$T/data/lightsout"
"$HELPER" record "$T/data/lightsout/stats" 3
"$LIGHTSOUT" stats > "$T/out"
check "stats prints a header" grep -q "^board  *played  *won  *won%" "$T/out"
check "and a row per kind of board, with its assisted wins" grep -q "^4x4 plus k=2  *3  *3  *100%  *+2.0  *+2  *0:12.5  *3  *3  *0$" "$T/out"

printf 'lightsout-stats 1\nboard nonsense\n' > "$T/data/lightsout/stats"
"$LIGHTSOUT" stats > "$T/out" 2> "$T/err"
check "damaged stats: exit 2" [ $? -eq 2 ]
check "one line naming the line and where the file went" \
	grep -q "^lightsout stats: stats damaged, kept as stats.corrupt-[0-9-]*: line 2: a board line has 15 fields$" "$T/err"
check "kept, not deleted" sh -c "cat \"$T\"/data/lightsout/stats.corrupt-* | grep -q nonsense"

code=$("$LIGHTSOUT" generate -s 5 --seed 7 --code)
check "generate --code: exit 0" [ $? -eq 0 ]
check "one word of letters and digits, starting LO1: $code" sh -c "echo '$code' | grep -Eq '^LO1[0-9A-Z]+$'"
check "the same seed gives the same code" [ "$("$LIGHTSOUT" generate -s 5 --seed 7 --code)" = "$code" ]
check "a different board another" [ "$("$LIGHTSOUT" generate -s 5 --seed 8 --code)" != "$code" ]
code2=$("$LIGHTSOUT" generate -s 3x4 -r mask:101/010/101 --torus -k 3 --forward-only --seed 1 --code)
check "custom mask, torus, k = 3: $code2" sh -c "echo '$code2' | grep -Eq '^LO1[0-9A-Z]+$'"
check "generate --help documents --code" sh -c "\"$LIGHTSOUT\" generate --help | grep -q -- '--code'"
check "without --code the board is printed as before" sh -c "\"$LIGHTSOUT\" generate -s 5 --seed 7 | head -n 1 | grep -qx '5 5'"

# solve reads a share code: as an argument, from a file, from standard
# input; the same answer as the board itself.
"$LIGHTSOUT" generate -s 5 --seed 7 >"$T/board"
want=$("$LIGHTSOUT" solve --format moves "$T/board")
check "solve --code CODE answers as for the board" [ "$("$LIGHTSOUT" solve --code "$code" --format moves)" = "$want" ]
printf '%s\n' "$code" >"$T/code"
check "solve --code @FILE too" [ "$("$LIGHTSOUT" solve --code "@$T/code" --format moves)" = "$want" ]
check "solve --code - reads it from standard input" \
	[ "$(printf '  %s\n' "$code" | "$LIGHTSOUT" solve --code - --format moves)" = "$want" ]
"$LIGHTSOUT" generate -s 3x4 -r mask:101/010/101 --torus -k 3 --forward-only --seed 1 >"$T/board2"
check "a code carries its rule, torus, k and forward-only" \
	[ "$("$LIGHTSOUT" solve --code "$code2" -f json)" = "$("$LIGHTSOUT" solve -f json "$T/board2")" ]
bad=$(printf '%s' "$code" | sed 's/.$/Z/;t' | tr -d '\n')
[ "$bad" = "$code" ] && bad="${code%?}Y"
"$LIGHTSOUT" solve --code "$bad" >"$T/out" 2>"$T/err"
check "a mistyped code: exit 2" [ $? -eq 2 ]
check "said in one line, with what is wrong" grep -q "^lightsout solve: .*share code" "$T/err"
"$LIGHTSOUT" solve --code "$code" -s 5 >"$T/out" 2>"$T/err"
check "a code with --size: exit 2, the code is the board" grep -q "a share code is the board" "$T/err"
done_testing
