#!/bin/sh
# The README and the man page list the keys of every screen exactly as the
# game's own key tables do (`lightsout keys`, `lightsout keys --man`): the
# block between the "keys begin" and "keys end" markers of each.
# scripts/keys-doc.sh rewrites both blocks from the tables.
. "$SRCDIR/tests/tap.sh"
T=$(mktemp -d) && trap 'rm -rf "$T"' EXIT
"$LIGHTSOUT" keys >"$T/md"
check "lightsout keys prints the tables" [ "$(grep -c '^| ' "$T/md")" -ge 40 ]
"$LIGHTSOUT" keys --man >"$T/man"
check "lightsout keys --man prints them for roff" [ "$(grep -c '^\.TP$' "$T/man")" -ge 30 ]
sed -n '/^<!-- keys begin -->$/,/^<!-- keys end -->$/p' "$SRCDIR/README.md" | sed '1d;$d' >"$T/readme"
check "README's keys are the game's (else run scripts/keys-doc.sh)" cmp -s "$T/md" "$T/readme"
sed -n '/^\.\\" keys begin$/,/^\.\\" keys end$/p' "$SRCDIR/man/lightsout.6.in" | sed '1d;$d' >"$T/manpage"
check "the man page's keys are the game's (else run scripts/keys-doc.sh)" cmp -s "$T/man" "$T/manpage"
# Every label the help screen shows is in both.
for label in "move the cursor" "this help and how to play" "redraw the screen; suspend (fg resumes)" "scroll a page" "yes"; do
	check "README lists: $label" grep -qF -- "| $label |" "$SRCDIR/README.md"
done
check "keys with an unknown option is a usage error" sh -c "! '$LIGHTSOUT' keys --bogus 2>/dev/null"
done_testing
