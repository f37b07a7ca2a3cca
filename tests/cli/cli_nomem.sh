#!/bin/sh
# Out of memory is its own answer: under every memory limit a solvable board
# is either solved (exit 0) or "out of memory" (exit 2), never "no solution"
# with a proof made of uninitialised memory (exit 1), never an abort inside
# M4RI (exit 134).  The limits swept are the ones just below the least that
# suffices, where building the system fits but solving or eliminating does not.
. "$SRCDIR/tests/lib/tap.sh"
T=$(mktemp -d) && trap 'rm -rf "$T"' EXIT

# runs_under KB CMD...: CMD exits 0 under ulimit -v KB.
runs_under() {
	kb=$1
	shift
	(ulimit -v "$kb" && exec "$@") > /dev/null 2>&1
}

# least KB CMD...: the least limit (to 250 KB) under which CMD exits 0.
least() {
	lo=1000 hi=600000
	while [ $((hi - lo)) -gt 250 ]; do
		mid=$(((lo + hi) / 2))
		if runs_under "$mid" "$@"; then hi=$mid; else lo=$mid; fi
	done
	echo "$hi"
}

if ! (ulimit -v 4000000) 2> /dev/null; then
	echo "1..0 # SKIP ulimit -v is not available"
	exit 0
fi
if sanitized; then
	echo "1..0 # SKIP a sanitizer build cannot run under ulimit -v"
	exit 0
fi
floor=$(least "$LIGHTSOUT" --version)

# sweep NAME FILE ARGS...: solve FILE under limits from just below the least
# that suffices up to it.
sweep() {
	name=$1 file=$2
	shift 2
	top=$(least "$LIGHTSOUT" solve "$@" "$file")
	kb=$((top - 5000))
	[ "$kb" -lt "$floor" ] && kb=$floor
	bad=
	while [ "$kb" -le "$top" ]; do
		(ulimit -v "$kb" && exec "$LIGHTSOUT" solve "$@" "$file") > "$T/out" 2> "$T/err"
		rc=$?
		case $rc in
		0) ;;
		2) if ! grep -q 'out of memory' "$T/err" || grep -q 'Proof' "$T/err"; then
			bad="$bad; ${kb} KB: exit 2 but: $(head -c 200 "$T/err")"
		   fi ;;
		*) bad="$bad; ${kb} KB: exit $rc: $(head -c 200 "$T/err")" ;;
		esac
		kb=$((kb + 250))
	done
	if [ -z "$bad" ]; then
		ok "$name: solved or 'out of memory' (exit 2) under every limit up to $top KB"
	else
		not_ok "$name$bad"
	fi
}

"$LIGHTSOUT" generate -s 3000 --seed 1 > "$T/b3000" || exit 99
sweep "classic 3000x3000 (light chasing)" "$T/b3000" --any

"$LIGHTSOUT" generate -s 60 -r x --torus --seed 1 > "$T/x60" || exit 99
sweep "x --torus 60x60 (dense, M4RI when built in)" "$T/x60" -r x --torus --any

"$LIGHTSOUT" generate -s 30 -k 3 --seed 1 > "$T/k3" || exit 99
sweep "30x30 k = 3 (over Z/k)" "$T/k3" -k 3 --any

done_testing
