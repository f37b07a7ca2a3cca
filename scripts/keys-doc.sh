#!/bin/sh
# Rewrite the key lists in README.md and man/lightsout.6.in from the game's
# key tables.  Run from the source tree after building: scripts/keys-doc.sh
set -eu
bin=${1:-./lightsout}
md=$(mktemp) man=$(mktemp)
trap 'rm -f "$md" "$man"' EXIT
"$bin" keys >"$md"
"$bin" keys --man >"$man"
awk -v f="$md" '/^<!-- keys end -->$/ { while ((getline l < f) > 0) print l; skip = 0 }
	!skip { print } /^<!-- keys begin -->$/ { skip = 1 }' README.md >README.md.new
awk -v f="$man" '/^\.\\" keys end$/ { while ((getline l < f) > 0) print l; skip = 0 }
	!skip { print } /^\.\\" keys begin$/ { skip = 1 }' man/lightsout.6.in >man/lightsout.6.in.new
mv README.md.new README.md
mv man/lightsout.6.in.new man/lightsout.6.in
