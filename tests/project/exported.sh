#!/bin/sh
# A function with external linkage is another file's to call: one that
# no other file names (not src/, not a test, a fuzz target or a bench)
# is its own file's and must be static.  Read from the code, as
# callgraph.sh reads it: a function defined at the start of a line
# without static, and the words of every other file, comments and
# strings stripped.
. "$SRCDIR/tests/lib/tap.sh"
cd "$SRCDIR" || exit 1
tmp=$(mktemp -d "${TMPDIR:-/tmp}/lightsout-exported.XXXXXX") || exit 1
trap '[ -n "${KEEP:-}" ] || rm -rf "$tmp"' EXIT
# The words of a file, comments and strings stripped; a header's
# declarations (a line that starts as a definition would) say a function,
# they do not use it.
words() {
	case $1 in *.h) decl='/^[a-z_][a-z_0-9 ]*[ *][a-z_][a-z_0-9]*(/d' ;; *) decl= ;; esac
	sed -e 's://.*$::' -e 's:"[^"]*"::g' -e "$decl" "$1" | awk '
		{ while (1) { if (inc) { e = index($0, "*/"); if (!e) { $0 = ""; break } $0 = substr($0, e + 2); inc = 0 }
		  s = index($0, "/*"); if (!s) break; printf "%s ", substr($0, 1, s - 1); $0 = substr($0, s + 2); inc = 1 }
		  print }' | grep -o '[A-Za-z_][A-Za-z0-9_]*' | sort -u
}
for f in src/*/*.c src/*.c; do
	grep -v '^static' "$f" | sed -n 's/^[a-z_][a-z_0-9 ]*[ *]\([a-z_][a-z_0-9]*\)(.*/\1/p' |
		while read -r fn; do echo "$f $fn"; done
done | grep -v -e ' main$' -e ' __attribute__$' >"$tmp/defs"
check "functions with external linkage are found ($(wc -l <"$tmp/defs"))" test "$(wc -l <"$tmp/defs")" -gt 300
# Every file that may call: src/'s .c files and headers (an inline
# function, a macro), the tests, the fuzz targets and the benches.
for f in $(ls src/*/*.c src/*/*.h src/*.c src/*.h tests/*/*.c tests/*/*.h fuzz/*.c bench/*.c 2>/dev/null); do
	words "$f" | sed "s|^|$f |"
done >"$tmp/words"
private=$(awk 'NR == FNR { def[$2] = $1; next }
	($2 in def) && $1 != def[$2] { used[$2] = 1 }
	END { for (s in def) if (!used[s]) print def[s] ":" s }' "$tmp/defs" "$tmp/words" | sort | tr '\n' ' ')
check "no function is exported but used in its own file alone (found: ${private:-none})" test -z "$private"
done_testing
