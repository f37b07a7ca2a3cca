#!/bin/sh
# Rewrite the key lists in docs/keys.md and man/lightsout.6.in from the game's
# key tables.  Run from the source tree after building: scripts/keys-doc.sh
set -eu
bin=${1:-./lightsout}
md=$(mktemp) man=$(mktemp)
trap 'rm -f "$md" "$man"' EXIT
# In English whatever the caller's language: the docs are English.
LC_ALL=C.UTF-8 LANGUAGE= "$bin" keys >"$md"
LC_ALL=C.UTF-8 LANGUAGE= "$bin" keys --man >"$man"
awk -v f="$md" '/^<!-- keys end -->$/ { while ((getline l < f) > 0) print l; skip = 0 }
	!skip { print } /^<!-- keys begin -->$/ { skip = 1 }' docs/keys.md >docs/keys.md.new
awk -v f="$man" '/^\.\\" keys end$/ { while ((getline l < f) > 0) print l; skip = 0 }
	!skip { print } /^\.\\" keys begin$/ { skip = 1 }' man/lightsout.6.in >man/lightsout.6.in.new
mv docs/keys.md.new docs/keys.md
mv man/lightsout.6.in.new man/lightsout.6.in
