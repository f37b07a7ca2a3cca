#!/bin/sh
# HACKING.md's code map is the code's: every source file of src/ is named
# by its literal name (board.c) in its folder's part of the map, and the
# map names no file that is gone.  A file added without a word in the map
# fails here; so does a map with one entry removed (proved below on
# doctored copies).  The counts above the map are scripts/code-counts.sh's
# (tests/project/code_counts.sh).
. "$SRCDIR/tests/lib/tap.sh"
DIRS="base engine persist game formats cli ui account"
T=$(mktemp -d) || exit 1
trap 'rm -rf "$T"' EXIT

# faults MAPFILE: one line per fault of HACKING.md MAPFILE's code map,
# "DIR/ missing: a.c" (a .c file of src/DIR its folder's part does not
# name) or "DIR/ gone: b.c" (a .c file its part names that no folder of
# src/ holds).  A folder's part is its lines of the drawing (indented):
# from its line ("+-- ui/", or "game/" for the layers drawn below the
# front ends) to the next folder's.  One awk: the tests run it seven times.
faults() {
	(cd "$SRCDIR/src" && ls ./*.c ./*/*.c) | awk -v dirs="$DIRS" '
		# name is in s by its literal file name: "cells" or "board"
		# alone is any sentence word.
		function named(s, name,    i, j, at) {
			for (i = 1; (j = index(substr(s, i), name)) > 0; i += j) {
				at = i + j - 1
				if (substr(s, at - 1, 1) !~ /[a-z_0-9]/ && substr(s, at + length(name), 1) !~ /[a-z_0-9]/)
					return 1
			}
			return 0
		}
		BEGIN { n = split(dirs, order, " "); for (i = 1; i <= n; i++) folder[order[i] "/"] = 1 }
		FNR == NR { f = substr($0, 3); held[f] = 1; if (f ~ /\//) { d = f; sub(/\/.*/, "", d); files[d] = files[d] " " substr(f, length(d) + 2) }
			else top[f] = 1; next }
		/^## Code map/ { map = 1; next }
		map && /^## / { map = 0 }
		!map { next }
		/^    / { line = $0; sub(/^[ |+v-]*/, "", line); w = line; sub(/ .*/, "", w)
			if ((w in folder) && line ~ /^[a-z]+\/ /) { cur = (w in text) ? "" : w; text[w] = text[w] } }
		/^    / && cur != "" { text[cur] = text[cur] "\n" $0 }
		END {
			for (i = 1; i <= n; i++) {
				d = order[i]
				if (!(d in files)) continue
				s = text[d "/"]; m = ""; g = ""
				k = split(files[d], fl, " ")
				for (x = 1; x <= k; x++) if (!named(s, fl[x])) m = m " " fl[x]
				if (m != "") print d "/ missing:" m
				# The .c files the part names (its own, or another
				# in another folder it points to): each exists.
				t = s
				delete seen
				while (match(t, /[a-z_][a-z_0-9]*\.c/)) {
					c = substr(t, RSTART, RLENGTH); t = substr(t, RSTART + RLENGTH)
					if (substr(t, 1, 1) ~ /[a-z_0-9]/ || (c in seen)) continue
					seen[c] = 1
					ok = (c in top)
					for (y = 1; y <= n && !ok; y++) ok = ((order[y] "/" c) in held)
					if (!ok) g = g " " c
				}
				if (g != "") print d "/ gone:" g
			}
		}' - "$1"
}

# unname MAPFILE DIR NAME: MAPFILE with the first literal NAME in DIR's
# part taken out (the entry removed, the rest of the line kept).
unname() {
	awk -v d="$2/" -v name="$3" -v dirs="$DIRS" '
		BEGIN { n = split(dirs, a, " "); for (i = 1; i <= n; i++) folder[a[i] "/"] = 1 }
		/^## Code map/ { map = 1 }
		map && /^    / { line = $0; sub(/^[ |+v-]*/, "", line); w = line; sub(/ .*/, "", w)
			if ((w in folder) && line ~ /^[a-z]+\/ /) p = (w == d) }
		map && p && !done {
			for (i = 1; (j = index(substr($0, i), name)) > 0; i += j) {
				s = i + j - 1
				before = s > 1 ? substr($0, s - 1, 1) : " "
				after = substr($0, s + length(name), 1)
				if (before !~ /[a-z_0-9]/ && after !~ /[a-z_0-9]/) {
					$0 = substr($0, 1, s - 1) substr($0, s + length(name)); done = 1; break
				}
			}
		}
		{ print }' "$1"
}

map="$SRCDIR/HACKING.md"
check "HACKING.md has a code map" grep -q "^## Code map" "$map"
found=$(faults "$map")
for dir in $DIRS; do
	[ -d "$SRCDIR/src/$dir" ] || continue
	missing=$(printf '%s\n' "$found" | sed -n "s|^$dir/ missing:||p")
	check "the map's $dir/ names each of its $dir files${missing:+ (missing:$missing)}" test -z "$missing"
	gone=$(printf '%s\n' "$found" | sed -n "s|^$dir/ gone:||p")
	check "the map's $dir/ names no file that is gone${gone:+ (gone:$gone)}" test -z "$gone"
done

# The check can fail: the map with one entry taken out of one folder's
# part fails for that folder and that file alone (board.c is
# named in other folders' parts too; cells.c once passed unnamed).
for entry in ui/cells.c engine/board.c game/race.c ui/board.c persist/racestore.c; do
	unname "$map" "${entry%%/*}" "${entry#*/}" > "$T/HACKING.md"
	got=$(faults "$T/HACKING.md" | tr '\n' ' ')
	check "the map without $entry fails for it alone (${got:-it passes})" test "$got" = "${entry%%/*}/ missing: ${entry#*/} "
done
# ... and a map naming a file no folder holds fails.
sed 's/cells\.c each cell/cellz.c each cell/' "$map" > "$T/HACKING.md"
got=$(faults "$T/HACKING.md" | tr '\n' ' ')
check "a map naming a file that is gone fails (${got:-it passes})" test "$got" = "ui/ missing: cells.c ui/ gone: cellz.c "
done_testing
