#!/bin/sh
# `lightsout play` options: help, usage errors, and no terminal.
. "$SRCDIR/tests/lib/tap.sh"
tmp=$(mktemp -d "${TMPDIR:-/tmp}/lightsout-opt.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT
export HOME="$tmp" XDG_STATE_HOME="$tmp/state"

"$LIGHTSOUT" play --help >"$tmp/out" 2>"$tmp/err"
check "play --help exits 0" test $? -eq 0
check "play --help writes to stdout" grep -q -- "--difficulty" "$tmp/out"
check "play --help writes nothing to stderr" test ! -s "$tmp/err"
for o in --size --rule --torus --states --seed --par --difficulty --load --ascii --no-color --no-mouse \
	--daily --practice; do
	check "play --help lists $o" grep -q -- "$o" "$tmp/out"
done

# Usage errors: status 2, a message on stderr, nothing on stdout.
usage() {
	"$LIGHTSOUT" "$@" >"$tmp/out" 2>"$tmp/err" </dev/null
	rc=$?
	[ "$rc" -eq 2 ] && [ -s "$tmp/err" ] && [ ! -s "$tmp/out" ]
}
check "bad size" usage play --size 0x3
check "bad rule" usage play --rule hexagon
check "bad states" usage play --states 99
check "bad par" usage play --par zero
check "bad difficulty" usage play --difficulty extreme
check "bad practice mode" usage play --practice marathon
check "unknown option" usage play --frobnicate
check "missing value" usage play --size
check "par and difficulty together" usage play --par 3 --difficulty easy
check "daily with a seed" usage play --daily --seed 4
check "stray argument" usage play extra
check "options without 'play' reach the game" usage --rule hexagon
check "bad options named in the message" grep -q "hexagon" "$tmp/err"

# Not a terminal: refuse clearly.
"$LIGHTSOUT" play --seed 1 </dev/null >"$tmp/out" 2>"$tmp/err"
check "no terminal: status 2" test $? -eq 2
check "no terminal: says why" grep -q "terminal" "$tmp/err"
"$LIGHTSOUT" --seed 1 </dev/null 2>"$tmp/err" | cat >"$tmp/out"
check "piped stdout: refused, nothing written" test ! -s "$tmp/out"

done_testing
