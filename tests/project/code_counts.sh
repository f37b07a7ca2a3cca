#!/bin/sh
# HACKING.md's table of src/'s folders (their .c and .h files, their
# lines) is scripts/code-counts.sh's, and today's: a file added, removed
# or grown without running the script fails here.  Proved below on a
# copy: a stale count fails --check, and the script writes it right.
. "$SRCDIR/tests/lib/tap.sh"
counts="$SRCDIR/scripts/code-counts.sh"
T=$(mktemp -d) || exit 1
trap 'rm -rf "$T"' EXIT
err=$(sh "$counts" --check "$SRCDIR/HACKING.md" 2>&1)
rc=$?
check "HACKING.md's counts are today's (scripts/code-counts.sh --check: status $rc${err:+, $(printf '%s' "$err" | grep '^[-+]|' | tr '\n' ' ')})" test "$rc" = 0

# A copy beside a src/ of its own: one .c file more than the table says.
mkdir "$T/src" "$T/src/engine"
seq 260 | sed 's/.*/int a&;/' > "$T/src/engine/one.c"
printf '<!-- code-counts: begin -->\n<!-- code-counts: end -->\n' > "$T/HACKING.md"
sh "$counts" "$T/HACKING.md"
check "the script writes the counts (engine/: 1 .c file, 260 lines as 300)" grep -q -x '| engine/ | 1 | 0 | 300 |' "$T/HACKING.md"
check "... and --check passes on them" sh "$counts" --check "$T/HACKING.md" 2>/dev/null
printf 'int c;\n' > "$T/src/engine/two.c"
sh "$counts" --check "$T/HACKING.md" 2>/dev/null
rc=$?
check "a file added: --check fails (status $rc)" test "$rc" = 1
check "... and writes nothing" grep -q -x '| engine/ | 1 | 0 | 300 |' "$T/HACKING.md"
printf '<!-- code-counts: begin -->\n' > "$T/HACKING.md"
sh "$counts" --check "$T/HACKING.md" 2>/dev/null
rc=$?
check "a HACKING.md without the table's marks: an error (status $rc)" test "$rc" = 2
done_testing
