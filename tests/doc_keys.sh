#!/bin/sh
# The help screen, the README and the man page list the same keys: every
# action in the help table (src/ui/keys.c) appears in the other two, and
# the README's key table has exactly as many rows.
. "$SRCDIR/tests/tap.sh"
T=$(mktemp -d) && trap 'rm -rf "$T"' EXIT
sed -n 's/^[[:space:]]*{ "[^"]*", "[^"]*", "\([^"]*\)" },*$/\1/p' "$SRCDIR/src/ui/keys.c" > "$T/actions"
check "help table found in src/ui/keys.c" [ "$(wc -l < "$T/actions")" -ge 15 ]
# man escapes '-' as '\-'; compare with them undone.
sed 's/\\-/-/g' "$SRCDIR/man/lightsout.6.in" > "$T/man"
while IFS= read -r a; do
	check "README lists: $a" grep -qF -- "| $a |" "$SRCDIR/README.md"
	check "man page lists: $a" grep -qxF -- "$a" "$T/man"
done < "$T/actions"
rows=$(sed -n '/^| Key | Action |$/,/^$/p' "$SRCDIR/README.md" | grep -c '^| [^K-]')
check "README key table: $rows rows, help table: $(wc -l < "$T/actions")" [ "$rows" -eq "$(wc -l < "$T/actions")" ]
done_testing
