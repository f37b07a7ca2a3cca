#!/bin/sh
# HACKING.md's code map is the code's: every source file of src/ is named
# in its folder's part of the map, and the map names no file that is gone.
# A file added without a word in the map fails here.
. "$SRCDIR/tests/lib/tap.sh"
map=$(awk '/^## Code map/ { p = 1; next } p && /^## / { exit } p' "$SRCDIR/HACKING.md")
check "HACKING.md has a code map" test -n "$map"
cd "$SRCDIR/src" || exit 1
for dir in engine persist game formats cli ui account; do
	# The folder's part of the drawing (its indented lines): from its line
	# ("+-- ui/", or "game/" for the layers drawn below the front ends) to
	# the next folder's.
	part=$(printf '%s\n' "$map" | awk -v d="$dir/" '
		{ line = $0; sub(/^[ |+v-]*/, "", line) }
		/^    / && index(line, d " ") == 1 { p = 1; print; next }
		p && /^    / && line ~ /^(engine|persist|game|formats|cli|ui|account)\/ / { exit }
		p { print }')
	missing=
	for f in "$dir"/*.c; do
		b=$(basename "$f" .c)
		# By its file name: "cells" or "board" alone is any sentence's word.
		printf '%s\n' "$part" | grep -q -E -- "(^|[^a-z_0-9])$b\.c([^a-z_0-9]|\$)" || missing="$missing $b.c"
	done
	check "the map's $dir/ names each of its ${dir} files${missing:+ (missing:$missing)}" test -z "$missing"
	# The .c files the part names (its own, or another folder's it
	# points to): each exists.
	gone=
	for name in $(printf '%s\n' "$part" | grep -o '[a-z_][a-z_0-9]*\.c' | sort -u); do
		[ -n "$(ls ./*/"$name" 2>/dev/null)" ] || gone="$gone $name"
	done
	check "the map's $dir/ names no file that is gone${gone:+ (gone:$gone)}" test -z "$gone"
	# The count the map's head gives ("persist/ 29"), the folder's own.
	said=$(printf '%s\n' "$map" | sed -n '/^Today:/,/^$/p;/Today:/,/^$/p' | tr '\n' ' ' | grep -o "$dir/ [0-9]*" | head -1 | cut -d' ' -f2)
	have=$(ls "$dir"/*.c | wc -l)
	check "the map says $dir/ holds $have .c files (it says ${said:-nothing})" test "${said:-x}" = "$have"
done
done_testing
