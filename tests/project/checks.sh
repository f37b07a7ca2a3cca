#!/bin/sh
# A check that cannot fail is a defect: `check "..." [ $rc -eq 2 ] &&
# grep -q ...` gives check the test alone, and the grep's answer is lost
# (eight such checks in cli_giant.sh tested nothing of the message they
# named).  Here: no shell test has a check whose command line goes on
# with && or || after it (its condition goes in one command: a { ...; }
# group before it, or sh -c), and none whose command is `true` or `:`
# (ui_saving.sh once checked `true`: a step that waits goes outside
# check, with its output to /dev/null).
. "$SRCDIR/tests/lib/tap.sh"
# scan FILE...: FILE:LINE of each such check: one that goes on past its
# command, or one whose command cannot fail.
scan() {
	for f in "$@"; do
	awk -v file="$f" '
	# The line without its quoted strings and $( ) (a description may
	# hold both), so only the shell operators outside them are left.
	function bare(s,    out, i, c, q, depth) {
		out = ""; q = ""; depth = 0
		for (i = 1; i <= length(s); i++) {
			c = substr(s, i, 1)
			if (c == "\\") { i++; continue }
			if (q == "" && substr(s, i, 2) == "$(") { depth++; i++; continue }
			if (q == "" && depth && c == ")") { depth--; continue }
			if (q == "" && (c == "\"" || c == "'\''")) { q = c; continue }
			if (q != "" && c == q) { q = ""; continue }
			if (q == "" && !depth) out = out c
		}
		return out
	}
	cont { line = line " " $0 }
	!cont && /^[ \t]*check[ \t]+"/ { line = $0; start = NR }
	line != "" {
		if ($0 ~ /(\\|&&|\|\|)[ \t]*$/) { cont = 1; sub(/\\[ \t]*$/, "", line); next }
		cont = 0
		b = bare(line)
		if (b ~ /&&|\|\|/ || b ~ /^[ \t]*check[ \t]+(true|:)[ \t]*(;|$)/) print file ":" start
		line = ""
	}' "$f"
	done
}
T=$(mktemp -d) || exit 1
trap 'rm -rf "$T"' EXIT
# The scan can fail: such a check, over two lines and with a $( ) in its
# description, is found; one whose && is inside its quotes is not.
printf '%s\n' 'check "ok" sh -c "[ 1 -eq 1 ] && true"' \
	'check "said: $(head -c 9 "$T/err")" \' '	[ $? -eq 2 ] &&' '	grep -q x "$T/err"' > "$T/t.sh"
check "the scan finds a check that goes on with && (and only it)" test "$(scan "$T/t.sh")" = "$T/t.sh:2"
# A check of `true` or `:` is found, over two lines too; `true` in its
# description, or a command that starts with true's letters, is not.
printf '%s\n' 'check "waits: true" ui_wait "Moves 0"' 'check "the question is asked" true' 'check "x" truex' \
	'check "y" \' '	:' 'check "z" true_or_not "$f"' > "$T/u.sh"
check "the scan finds a check of true or : (and only them)" test "$(scan "$T/u.sh" | tr '\n' ' ')" = "$T/u.sh:2 $T/u.sh:4 "
cd "$SRCDIR" || exit 1
found=$(scan tests/*/*.sh | tr "\n" " ")
check "no check goes on with && or || past its command, nor checks true (${found:-none})" test -z "$found"
done_testing
