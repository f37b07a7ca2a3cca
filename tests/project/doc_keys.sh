#!/bin/sh
# docs/keys.md and the man page list the keys of every screen exactly as the
# game's own key tables do (`lightsout keys`, `lightsout keys --man`): the
# block between the "keys begin" and "keys end" markers of each.
# scripts/keys-doc.sh rewrites both blocks from the tables.
. "$SRCDIR/tests/lib/tap.sh"
T=$(mktemp -d) && trap 'rm -rf "$T"' EXIT
"$LIGHTSOUT" keys >"$T/md"
check "lightsout keys prints the tables" [ "$(grep -c '^| ' "$T/md")" -ge 40 ]
"$LIGHTSOUT" keys --man >"$T/man"
check "lightsout keys --man prints them for roff" [ "$(grep -c '^\.TP$' "$T/man")" -ge 30 ]
sed -n '/^<!-- keys begin -->$/,/^<!-- keys end -->$/p' "$SRCDIR/docs/keys.md" | sed '1d;$d' >"$T/keysmd"
check "docs/keys.md's keys are the game's (else run scripts/keys-doc.sh)" cmp -s "$T/md" "$T/keysmd"
sed -n '/^\.\\" keys begin$/,/^\.\\" keys end$/p' "$SRCDIR/man/lightsout.6.in" | sed '1d;$d' >"$T/manpage"
check "the man page's keys are the game's (else run scripts/keys-doc.sh)" cmp -s "$T/man" "$T/manpage"
# Every label the help screen shows is in both.
for label in "move the cursor" "this help and how to play" "redraw the screen; suspend (fg resumes)" "scroll a page" "yes"; do
	check "docs/keys.md lists: $label" grep -qF -- "| $label |" "$SRCDIR/docs/keys.md"
done
# The README's short "How to play" names keys in backquotes: each is a key
# of the game's Playing table.
awk '/^\| Playing/ { p = 1; next } p && /^$/ { exit } p && /^\| / { split($0, c, "|"); print c[2] }' "$T/md" |
	tr ',;' '  ' | tr -s ' ' '\n' | sort -u >"$T/playing"
awk '/^## How to play/ { p = 1; next } p && /^## / { exit } p' "$SRCDIR/README.md" |
	grep -o '`[A-Za-z?]\{1,9\}`' | tr -d '`' | grep -vx lightsout | sort -u >"$T/named"
check "the README's How to play names keys (it can fail)" [ "$(wc -l <"$T/named")" -ge 10 ]
unknown=$(comm -23 "$T/named" "$T/playing" | tr '\n' ' ')
check "the README's How to play names only the game's keys (found: ${unknown:-none else})" [ -z "$unknown" ]
check "keys with an unknown option is a usage error" sh -c "! '$LIGHTSOUT' keys --bogus 2>/dev/null"
done_testing
