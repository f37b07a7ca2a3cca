#!/bin/sh
# Every word a player or an admin reads is translatable, and translated:
# a message of two words or more in src/ that is neither marked (_(),
# N_(), P_(), C_() of i18n.h) nor said not to be read (a comment
# "notext: why" just before its statement, or "notext-file: why" in a
# file that writes only formats) fails here, file and line; every file
# that marks messages is in po/POTFILES.in; and each translation of
# po/LINGUAS is complete (msgfmt --statistics: nothing untranslated or
# fuzzy against the sources as they are) and checks (msgfmt -c: its
# format directives are the English one's).
. "$SRCDIR/tests/lib/tap.sh"
command -v xgettext > /dev/null || { skip "xgettext is not installed (gettext)"; done_testing; exit; }
T=$(mktemp -d) || exit 1
trap 'rm -rf "$T"' EXIT
cd "$SRCDIR" || exit 1
# The marks as po/Makevars gives them to make update-po, read from there.
XOPTS=$(awk '/^XGETTEXT_OPTIONS *=/ { p = 1; sub(/^[^=]*= */, "") } p { c = sub(/\\$/, ""); printf "%s ", $0; if (!c) exit }' po/Makevars)
check "po/Makevars gives xgettext its marks ($XOPTS)" sh -c 'echo "$0" | grep -q -e "--keyword=P_:1,2"' "$XOPTS"
files=$(find src -name '*.c' | LC_ALL=C sort)
skipped=$(grep -l 'notext-file:' $files)
read_files=$(for f in $files; do case " $(echo $skipped) " in *" $f "*) ;; *) echo "$f" ;; esac; done)

# The marked messages, and every literal with the comments before it.
xgettext -k $XOPTS --no-wrap -o "$T/marked.pot" $files 2> "$T/err"
check "xgettext reads the marked messages" test -s "$T/marked.pot"
xgettext --from-code=UTF-8 -a --add-comments=notext --no-wrap -o "$T/all.po" $read_files 2>> "$T/err"
# msgcomm would merge the two; awk is plainer: an entry of all.po whose
# msgid marked.pot lacks (as a msgid or a P_ plural), with no notext
# comment, and two words.
awk -v marked="$T/marked.pot" '
	BEGIN { while ((getline l < marked) > 0) if (l ~ /^(msgid|msgid_plural|msgctxt) "/) { sub(/^[a-z_]+ /, "", l); have[l] = 1 } }
	/^#\. notext/ { notext = 1 }
	/^#: / { where = $0; sub(/^#: /, "", where) }
	/^msgid "/ {
		id = $0; sub(/^msgid /, "", id)
		if (!notext && !(id in have) && id ~ /[A-Za-z][a-z]+ [a-z][a-z]+/)
			print where ": " id
		notext = 0
	}
	/^$/ { notext = 0 }' "$T/all.po" > "$T/unmarked"
check "every message of two words in src/ is marked or notext ($(wc -l < "$T/unmarked") not: $(head -3 "$T/unmarked" | tr '\n' ' '))" \
	test ! -s "$T/unmarked"

missing=
for f in $(grep -l -E '\b(_|N_|P_|C_)\("' $files); do
	grep -q -x -F "$f" po/POTFILES.in || missing="$missing $f"
done
check "po/POTFILES.in lists every file that marks messages${missing:+ (missing:$missing)}" test -z "$missing"

# The catalog from the sources as they are, as make update-po makes it.
xgettext $XOPTS --no-wrap -o "$T/lightsout.pot" $(grep -v '^#' po/POTFILES.in) 2>> "$T/err"
for l in $(sed 's/#.*//' po/LINGUAS); do
	msgmerge -q --no-wrap -o "$T/$l.po" "po/$l.po" "$T/lightsout.pot" 2>> "$T/err"
	stats=$(LC_ALL=C msgfmt --statistics -o /dev/null "$T/$l.po" 2>&1)
	check "po/$l.po translates every message ($stats)" sh -c 'echo "$0" | grep -q "translated messages\.\$" && ! echo "$0" | grep -q -e untranslated -e fuzzy' "$stats"
	check "po/$l.po checks (msgfmt -c)" msgfmt -c -o /dev/null "po/$l.po"
	obsolete=$(grep -c '^#~ msgid' "$T/$l.po")
	check "po/$l.po keeps no message the sources dropped ($obsolete)" test "$obsolete" -eq 0
done
done_testing
