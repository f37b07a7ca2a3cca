#!/bin/sh
# No circle between files: for each .c file in src/, the files whose
# functions it calls (a word naming a function another file defines with
# external linkage), and tsort over those edges finds any loop.  Screens
# reach one another only through the app core and the screen tables.
. "$SRCDIR/tests/lib/tap.sh"
cd "$SRCDIR/src" || exit 1
tmp=$(mktemp -d "${TMPDIR:-/tmp}/lightsout-calls.XXXXXX") || exit 1
trap '[ -n "${KEEP:-}" ] || rm -rf "$tmp"' EXIT
# FILE FUNCTION for every function defined at the start of a line, not static.
for f in */*.c main.c; do
	grep -v '^static' "$f" | sed -n 's/^[a-z_][a-z_0-9 ]*[ *]\([a-z_][a-z_0-9]*\)(.*/\1/p' |
		while read -r fn; do echo "$f $fn"; done
done | grep -v -e ' main$' -e ' __attribute__$' >"$tmp/defs"
# Comments and strings are not calls: strip them before looking; a call is
# a name followed by "(" (a function named in a table or passed as a
# pointer is not: that is how screens reach one another).
for f in */*.c main.c; do
	sed -e 's://.*$::' -e 's:"[^"]*"::g' "$f" | awk '
		{ while (1) { if (inc) { e = index($0, "*/"); if (!e) { $0 = ""; break } $0 = substr($0, e + 2); inc = 0 }
		  s = index($0, "/*"); if (!s) break; printf "%s ", substr($0, 1, s - 1); $0 = substr($0, s + 2); inc = 1 }
		  print }' | grep -o '[A-Za-z_][A-Za-z0-9_]*[ ]*(' | tr -d ' (' | sort -u >"$tmp/words"
	awk -v me="$f" 'NR == FNR { used[$1] = 1; next } $1 != me && used[$2] { print me, $1 }' \
		"$tmp/words" "$tmp/defs" | sort -u
done >"$tmp/edges"
check "the call graph has edges (it can fail)" test "$(wc -l <"$tmp/edges")" -gt 50
loops=$(tsort "$tmp/edges" 2>&1 >/dev/null | grep -v 'input contains a loop' | sed 's/^tsort: //' | tr '\n' ' ')
check "no circle between files of src/ (found: ${loops:-none})" test -z "$loops"
# The screens, read from the code: every file that defines a screen table
# (`const screen NAME = {`) but the app core, which holds the loop.  Each
# calls only the app core, the session, drawing and what is not a screen.
screens=$(grep -l '^const screen [a-z_]* = {' ui/*.c | grep -v '^ui/app\.c$' | tr '\n' ' ')
check "the screens are found in the code (${screens})" test "$(echo $screens | wc -w)" -ge 8
for s in $screens; do
	bad=$(awk -v me="$s" -v list="$screens" 'BEGIN { n = split(list, l, " "); for (i = 1; i <= n; i++) scr[l[i]] = 1 }
		$1 == me && scr[$2] { print $2 }' "$tmp/edges" | tr '\n' ' ')
	check "$s calls no other screen's file (found: ${bad:-none})" test -z "$bad"
done
# The app core's state by concern: its own fields (one tab in, a nested
# struct counted once, "bool a, b;" twice) at most 20.
fields=$(awk '/^struct app \{/ { p = 1; next } p && /^\};/ { exit }
	p && /^\t[^\t\/ *]/ && /;[ \t]*(\/\*.*)?$/ { sub(/\/\*.*/, ""); gsub(/\([^()]*\)/, ""); n += split($0, w, ",") }
	END { print n + 0 }' ui/app.h)
check "struct app has at most 20 fields ($fields)" test "$fields" -ge 10 -a "$fields" -le 20
done_testing
