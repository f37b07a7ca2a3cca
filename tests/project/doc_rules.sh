#!/bin/sh
# The rules are listed once, in the registry (engine/rule.c): the commands'
# --help builds its --rule line from it, and every rule the game knows
# (the registry's names, as an unknown rule's message lists them) is
# described in the man page, the README and docs/commands.md.  A rule
# added to the registry and to nothing else fails here.
. "$SRCDIR/tests/lib/tap.sh"
names=$("$LIGHTSOUT" analyze --rule no-such-rule 2>&1 | sed -n "s/.*unknown rule 'no-such-rule' (\(.*\))\$/\1/p" |
	sed 's/, / /g; s/ or / /; s|ROWS/\.\.\.||g')
check "the registry's names are read from the program (${names:-none})" test "$(echo $names | wc -w)" -ge 8
for cmd in solve analyze generate play; do
	help=$("$LIGHTSOUT" $cmd --help)
	missing=
	for name in $names; do
		case $name in hex | merlin | cube) continue ;; esac	# --grid and --board name those
		printf '%s\n' "$help" | grep -q -- "$name" || missing="$missing $name"
	done
	check "$cmd --help lists every rule${missing:+ (missing:$missing)}" test -z "$missing"
done
for doc in man/lightsout.6.in README.md docs/commands.md; do
	missing=
	for name in $names; do
		grep -q -w -- "${name%:}" "$SRCDIR/$doc" || missing="$missing $name"
	done
	check "$doc names every rule${missing:+ (missing:$missing)}" test -z "$missing"
done
done_testing
