#!/bin/sh
# scripts/code-counts.sh [--check] [HACKING.md]: the table of src/'s
# folders at the head of HACKING.md's code map (each folder's .c files,
# .h files and their lines to the hundred, so that an edit seldom moves
# them), counted from the src/ beside that HACKING.md and written between
# the table's two marks.  Run it after adding or
# removing a file.  --check writes nothing: status 1 and the difference
# when the table is stale (tests/project/code_counts.sh).
set -u
check=0
if [ "${1:-}" = --check ]; then
	check=1
	shift
fi
doc=${1:-$(dirname "$0")/../HACKING.md}
src=$(dirname "$doc")/src
begin='<!-- code-counts: begin -->'
end='<!-- code-counts: end -->'
[ -d "$src" ] || { echo "code-counts.sh: no src/ beside $doc" >&2; exit 2; }
[ "$(grep -c -x -e "$begin" -e "$end" "$doc")" = 2 ] ||
	{ echo "code-counts.sh: $doc needs one line '$begin' and one '$end'" >&2; exit 2; }

# row NAME FILES...: a row of the table, for the files given (.c and .h).
row() {
	name=$1
	shift
	c=0 h=0 lines=0
	for f in "$@"; do
		[ -e "$f" ] || continue
		case $f in
		*.c) c=$((c + 1)) ;;
		*.h) h=$((h + 1)) ;;
		esac
		lines=$((lines + $(wc -l < "$f")))
	done
	echo "| $name | $c | $h | $(((lines + 50) / 100 * 100)) |"
}

table() {
	echo '| folder | `.c` files | `.h` files | lines (to the hundred) |'
	echo '|---|--:|--:|--:|'
	# The layers from the bottom up, then any other folder.
	dirs=
	for d in base engine persist game formats cli ui account; do
		[ -d "$src/$d" ] && dirs="$dirs $d"
	done
	for d in "$src"/*/; do
		d=$(basename "$d")
		case " $dirs " in *" $d "*) ;; *) dirs="$dirs $d" ;; esac
	done
	for d in $dirs; do
		row "$d/" "$src/$d"/*.c "$src/$d"/*.h
	done
	row "src/ itself" "$src"/*.c "$src"/*.h
	row "src/ in all" "$src"/*.c "$src"/*.h "$src"/*/*.c "$src"/*/*.h
}

tmp=$(mktemp) || exit 2
trap 'rm -f "$tmp" "$tmp.t"' EXIT
table > "$tmp.t"
awk -v b="$begin" -v e="$end" -v t="$tmp.t" '
	$0 == b { print; while ((getline l < t) > 0) print l; skip = 1; next }
	$0 == e { skip = 0 }
	!skip' "$doc" > "$tmp"
if [ "$check" = 1 ]; then
	diff -u "$doc" "$tmp" >&2 && exit 0
	echo "code-counts.sh: $doc's counts are stale: run scripts/code-counts.sh" >&2
	exit 1
fi
cmp -s "$doc" "$tmp" || cat "$tmp" > "$doc"
