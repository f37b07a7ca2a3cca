# Helpers for the tests of what a terminal screen reader hears (issue
# 45): Debian's yasr, its speech server a stand-in that writes down each
# utterance.  Source it after ui_lib.sh; skip first when yasr is missing.
#
#   yasr_run PROGRAM ARGS...   (a pane's command) PROGRAM under yasr
#   key KEY                    KEY sent, after its mark in the transcript
#   since_key                  the utterances since the last key, trimmed
#   heard_first WORDS          poll until the first of them is WORDS
#   heard_first_re REGEX       ... matches REGEX whole
#   heard_re REGEX             poll until one of them matches REGEX whole
#   quiet_start WORDS          nothing but set-up letters before WORDS

# The speech server: yasr's "emacspeak server" protocol through a pipe,
# one "q {words}" line per utterance; the test writes "q {== KEY}" before
# each key it sends, so what a key made heard is what follows its mark.
heard="$ui_tmp/heard.log"
: >"$heard"
cat >"$ui_tmp/synth.sh" <<SYNTH
#!/bin/sh
exec cat >>"$heard"
SYNTH
chmod +x "$ui_tmp/synth.sh"
conf="$ui_tmp/yasr.conf"
if [ -r /etc/yasr/yasr.conf ]; then
	sed -e 's/^synthesizer=.*/synthesizer=emacspeak server/' \
		-e "s#^synthesizer port=.*#synthesizer port=|$ui_tmp/synth.sh#" \
		-e 's#^shell=.*#shell=/bin/sh#' -e 's/^key echo=.*/key echo=off/' /etc/yasr/yasr.conf >"$conf"
else
	printf '[options]\nsynthesizer=emacspeak server\nsynthesizer port=|%s\nkey echo=off\nshell=/bin/sh\n' \
		"$ui_tmp/synth.sh" >"$conf"
fi
# yasr_script FILE PROGRAM ARGS...: FILE runs PROGRAM ARGS under yasr.
yasr_script() {
	_f=$1
	shift
	{ echo '#!/bin/sh'; printf 'exec'; for _a in "$@"; do printf " '%s'" "$_a"; done; echo; } >"$_f.prog"
	chmod +x "$_f.prog"
	printf '#!/bin/sh\n: >"%s"\nexec yasr -C "%s" "%s"\n' "$heard" "$conf" "$_f.prog" >"$_f"
	chmod +x "$_f"
}

# The utterances since the last key's mark, trimmed, blank ones dropped.
since_key() {
	sed -n 's/^q {\(.*\)}$/\1/p' "$heard" | awk '/^== / { n = 0; delete u; next }
		{ sub(/^ +/, ""); sub(/ +$/, ""); if ($0 != "") u[n++] = $0 }
		END { for (i = 0; i < n; i++) print u[i] }'
}
# key KEY: the key sent to the game, after its mark in the transcript.
key() { echo "q {== $1}" >>"$heard"; ui_keys "$1"; }
first_heard() { since_key | head -n 1; }
# heard_first WORDS: poll until the first thing heard since the key is
# WORDS, exactly: whole, not in pieces, and before the cells' digits.
heard_first() {
	tries=200
	while [ "$tries" -gt 0 ]; do
		[ "$(first_heard)" = "$1" ] && return 0
		sleep 0.05
		tries=$((tries - 1))
	done
	echo "# heard first: '$(first_heard)', not '$1'; since the key:" >&2
	since_key | sed 's/^/#   /' >&2
	return 1
}
# heard_first_re REGEX: the same, the first utterance matching REGEX whole.
heard_first_re() {
	tries=200
	while [ "$tries" -gt 0 ]; do
		first_heard | grep -q -x -E -e "$1" && return 0
		sleep 0.05
		tries=$((tries - 1))
	done
	echo "# heard first: '$(first_heard)', not /$1/" >&2
	return 1
}
# heard_re REGEX: poll until an utterance since the key matches REGEX whole.
heard_re() {
	tries=200
	while [ "$tries" -gt 0 ]; do
		since_key | grep -q -x -E -e "$1" && return 0
		sleep 0.05
		tries=$((tries - 1))
	done
	echo "# not heard whole: /$1/; since the key:" >&2
	since_key | sed 's/^/#   /' >&2
	return 1
}
# Before the first sentence only what yasr makes of the terminal's set-up
# string (its parser reads the charset designations ESC ( B, ESC ) 0 of
# the terminal description's enacs as the letters B and 0): no title, no
# digits of the board, no bracket.
quiet_start() {
	since_key | awk -v s="$1" '$0 == s { found = 1; exit } $0 != "B" && $0 != "0" { print "# heard before it: " $0; bad = 1 }
		END { exit !(found && !bad) }' >&2
}

